/**
 * The rows of a kit file's GFM tables, as the readers of tables take them (kiro-trace-table.ts: a traceability table's; speckit-table-
 * tasks.ts: tasks kept as rows): a header row, its delimiter row, then the body rows, each split into its cells. Lines inside a fence
 * or an HTML comment are none (a comment may open on one line and close on a later one). Linear: each line looked at once, each
 * `<!--` looks for its end once.
 */
import { forEachLineOutsideFences } from '../block-lines.js';

/** A table's line; its delimiter row (`|---|:---:|`). */
const ROW = /^ {0,3}\|/;
const DELIMITER = /^ {0,3}\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$/;

/**
 * Each body row of `body`'s tables whose header `columnsOf` reads (`null`: not a table to read): its cells, the columns, its 0-based
 * line in `body`, its text without comments and as written.
 */
export function forEachTableRow<C>(body: string, columnsOf: (header: string[]) => C | null, visit: (cells: string[], columns: C, index: number, text: string, raw: string) => void): void {
  let columns: C | null = null;
  let header: string[] | null = null;
  let comment = false;
  forEachLineOutsideFences(body, (raw, index) => {
    let text = raw;
    if (comment) {
      const close = text.indexOf('-->');
      if (close === -1) return;
      comment = false;
      text = text.slice(close + 3);
    }
    ({ text, open: comment } = outsideComments(text));
    if (!ROW.test(text)) {
      columns = header = null;
      return;
    }
    if (header !== null) {
      // The row after a header must be its delimiter row, or there is no table.
      columns = DELIMITER.test(text) ? columnsOf(header) : null;
      header = null;
      return;
    }
    if (columns === null) {
      header = cellsOf(text);
      return;
    }
    visit(cellsOf(text), columns, index, text, raw);
  });
}

/** A row's cells, trimmed, without the pipes that open and close it; an escaped pipe (`\|`) stays in its cell. */
export function cellsOf(text: string): string[] {
  return text.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** A line without its HTML comments (`<!-- … -->`), and whether one is left open at its end. */
function outsideComments(line: string): { text: string; open: boolean } {
  let out = '';
  let at = 0;
  for (;;) {
    const open = line.indexOf('<!--', at);
    if (open === -1) return { text: out + line.slice(at), open: false };
    out += line.slice(at, open);
    const close = line.indexOf('-->', open + 4);
    if (close === -1) return { text: out, open: true };
    at = close + 3;
  }
}
