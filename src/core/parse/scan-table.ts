/**
 * GFM tables for the block scanner (markdown-blocks.ts): a chunk that is one table is read
 * without markdown-it, cell by cell, as markdown-it's `table` rule reads it.
 */
import { isBlank, plainStart } from './block-lines.js';

/** Receives a block's inline content, its 0-based line and its heading tag (`null` for a cell). */
export type Keep = (content: string, line: number, heading: string | null) => void;

/** markdown-it stops adding table rows after this many cells left out by short rows (`MAX_AUTOCOMPLETED_CELLS`). */
const MAX_AUTOCOMPLETED_CELLS = 0x10000;

/**
 * A chunk that is one GFM table and then blank lines, read as markdown-it's `table` rule reads
 * it: the header row's cells, then each body row's cells up to the header's count (missing
 * ones empty), each cell trimmed, on its row's line. Only rows starting at column 0 with `|`
 * or plain text (and, the caller sees to it, no backslash: no escaped pipes); anything else is
 * markdown-it's. Each cell goes to `keep`, as the scanner keeps a block.
 */
export function scanTable(text: string, start: number, end: number, firstLine: number, keep: Keep): boolean {
  const lineEndOf = (at: number): number => {
    const found = text.indexOf('\n', at);
    return found === -1 || found > end ? end : found;
  };
  const headerEnd = lineEndOf(start);
  if (headerEnd >= end) return false;
  const first = text.charCodeAt(start);
  if (first !== 0x7c && !plainStart(text, start, headerEnd)) return false;
  const delimiterEnd = lineEndOf(headerEnd + 1);
  const aligns = delimiterColumns(text.slice(headerEnd + 1, delimiterEnd));
  if (aligns === null) return false;
  const headerLine = text.slice(start, headerEnd).trim();
  if (!headerLine.includes('|')) return false;
  const header = cells(headerLine);
  if (header.length === 0 || header.length !== aligns) return false;
  for (const cell of header) keep(cell.trim(), firstLine, null);
  let autocompleted = 0;
  let line = firstLine + 2;
  let at = delimiterEnd + 1;
  for (; at < end; line += 1) {
    const lineEnd = lineEndOf(at);
    if (isBlank(text, at, lineEnd)) break;
    const c = text.charCodeAt(at);
    // A line that may start another block (which ends the table) is markdown-it's to decide.
    if (c !== 0x7c && !plainStart(text, at, lineEnd)) return false;
    const row = cells(text.slice(at, lineEnd).trim());
    autocompleted += header.length - row.length;
    if (autocompleted > MAX_AUTOCOMPLETED_CELLS) return false;
    for (let i = 0; i < header.length; i += 1) keep(i < row.length ? row[i]!.trim() : '', line, null);
    at = lineEnd + 1;
  }
  // Only blank lines may follow in the chunk.
  for (let pos = at; pos < end; pos += 1) {
    const c = text.charCodeAt(pos);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a) return false;
  }
  return true;
}

/** A row's cells: split at every `|`, without the empty first and last piece of a row written with outer pipes. */
function cells(row: string): string[] {
  const columns = row.split('|');
  if (columns.length > 0 && columns[0] === '') columns.shift();
  if (columns.length > 0 && columns[columns.length - 1] === '') columns.pop();
  return columns;
}

/** The number of columns a delimiter row (`|---|:--:|`) declares, or `null` when the line is not one. */
function delimiterColumns(line: string): number | null {
  if (line.length < 2) return null;
  const first = line.charCodeAt(0);
  const second = line.charCodeAt(1);
  if (first !== 0x7c && first !== 0x2d && first !== 0x3a) return null;
  if (second !== 0x7c && second !== 0x2d && second !== 0x3a && second !== 0x20) return null;
  if (first === 0x2d && second === 0x20) return null;
  if (!/^[-:| ]*$/.test(line)) return null;
  const columns = line.split('|');
  let count = 0;
  for (let i = 0; i < columns.length; i += 1) {
    const cell = columns[i]!.trim();
    if (cell === '') {
      if (i === 0 || i === columns.length - 1) continue;
      return null;
    }
    if (!/^:?-+:?$/.test(cell)) return null;
    count += 1;
  }
  return count;
}
