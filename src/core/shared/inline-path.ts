/**
 * A file path inside one line of Markdown output (a bundle's `path:` line, its omitted list, a
 * prompt): a file name may hold a line break, which would end the line and let the name forge
 * the lines after it (a document section, an instruction).
 */

/** Line breaks and control characters. */
const LINE_FORGING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LINE_FORGING_ALL = new RegExp(LINE_FORGING.source, 'g');

/**
 * `path` as written (the spec's bytes), or, when it holds a line break or a control
 * character, as a JSON string with those escaped as `\uHHHH`, so it stays one line.
 */
export function inlinePath(path: string): string {
  if (!LINE_FORGING.test(path)) return path;
  return JSON.stringify(path).replace(LINE_FORGING_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
