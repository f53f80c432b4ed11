/**
 * The display title is one line of text for every surface (bundle headings, lists, graph
 * labels, terminals): control characters a document may hold (ESC, BEL, NUL, DEL, C1) are
 * written visibly, as `\u001b`, instead of reaching a terminal or forging structure.
 */
export function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
