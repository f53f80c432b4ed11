/**
 * The outline of a kit file read without markdown-it, for the files kits mostly hold: ATX
 * headings at column 0, paragraphs, and `-`/`*`/`+`/`1.`/`1)` list items nested by their
 * indentation. It follows markdown-it's own block algorithm (its `tokenize`, `list`, `heading`
 * and `paragraph` rules, which this file mirrors step by step) and gives up — `null`, then
 * markdown-it reads the file — on any line another block rule could take: a tab or carriage
 * return or U+0000, a `|` (table), a `]:` (link or footnote definition), a line whose content (after
 * spaces and list markers) starts with `>`, `<`, a fence, a `#` that is no heading at column 0,
 * or holds only `-`, `*`, `_`, `=` and spaces (a rule or a setext underline, an empty item),
 * indented code, and nesting too deep for markdown-it's limit. A differential test holds it to
 * markdown-it's outline on generated files, the fixtures and the bench's repository.
 */
import type { OutlineEntry } from './outline-entry.js';

/** Where each line starts and ends in the body, and its indentation in columns (patched for a list item's first line, as markdown-it does). */
interface Lines {
  readonly src: string;
  readonly begin: Int32Array;
  readonly end: Int32Array;
  readonly shift: Int32Array;
  readonly heading: Uint8Array;
  readonly count: number;
}

interface State {
  blkIndent: number;
  listIndent: number;
  line: number;
  paragraph: boolean;
  /** Open list items (indexes into `entries`), and each open list's kind. */
  readonly open: number[];
  readonly lists: boolean[];
  readonly entries: OutlineEntry[];
  heading: number;
  /** The list item whose first block is next (its text is that block's when it is a paragraph), `-1` when none. */
  fresh: number;
  readonly bodyLine: number;
  readonly starts: Int32Array;
  readonly numbered: NumberedLines;
}

/** Adds the numbered lines of a top-level paragraph on body lines `[first, end)` (outline.ts). */
export type NumberedLines = (first: number, end: number, heading: number, entries: OutlineEntry[]) => void;

/** Thrown (never out of this module) where the scan gives up. */
const GIVE_UP = new Error('the outline scan gives up');
/** markdown-it stops at 100 levels; each list adds two. */
const MAX_LISTS = 40;

/** The outline entries of `body` as markdown-it's block parse gives them, or `null` when the body has a form this scan leaves to markdown-it. */
export function scanOutline(body: string, bodyLine: number, starts: Int32Array, numbered: NumberedLines): OutlineEntry[] | null {
  if (body.includes('\t') || body.includes('\r') || body.includes('\0') || body.includes('|') || body.includes(']:')) return null;
  const lines = lineTable(body, starts);
  if (lines === null) return null;
  const state: State = { blkIndent: 0, listIndent: -1, line: 0, paragraph: false, open: [], lists: [], entries: [], heading: -1, fresh: -1, bodyLine, starts, numbered };
  try {
    tokenize(lines, state, 0, lines.count);
  } catch (error) {
    if (error === GIVE_UP) return null;
    throw error;
  }
  return state.entries;
}

/** The line table, or `null` when a line has a form another block rule could take. */
function lineTable(src: string, starts: Int32Array): Lines | null {
  // markdown-it's lines: none after a final line break.
  let count = src.length === 0 ? 0 : src.endsWith('\n') ? starts.length - 2 : starts.length - 1;
  // Nor a last line of spaces that no line break ends.
  if (count > 0 && !src.endsWith('\n') && src.slice(starts[count - 1]).trim() === '') count -= 1;
  const begin = new Int32Array(count);
  const end = new Int32Array(count);
  const shift = new Int32Array(count);
  const heading = new Uint8Array(count);
  for (let line = 0; line < count; line += 1) {
    const at = starts[line]!;
    const to = starts[line + 1]! - 1;
    begin[line] = at;
    end[line] = to;
    let pos = at;
    while (pos < to && src.charCodeAt(pos) === 0x20) pos += 1;
    shift[line] = pos - at;
    if (pos === to) continue;
    if (src.charCodeAt(pos) === 0x23 && pos === at) {
      if (!isHeading(src, pos, to)) return null;
      heading[line] = 1;
      continue;
    }
    if (!plainContent(src, pos, to)) return null;
  }
  return { src, begin, end, shift, heading, count };
}

/** An ATX heading: 1–6 `#` then a space or the end. */
function isHeading(src: string, at: number, to: number): boolean {
  let pos = at;
  while (pos < to && src.charCodeAt(pos) === 0x23) pos += 1;
  return pos - at <= 6 && (pos === to || src.charCodeAt(pos) === 0x20);
}

/** Whether what follows the list markers from `at` (never at a line's end) is content no other block rule takes. */
function plainContent(src: string, at: number, to: number): boolean {
  let pos = at;
  for (;;) {
    const after = markerEnd(src, pos, to);
    if (after === -1) break;
    pos = after;
    while (pos < to && src.charCodeAt(pos) === 0x20) pos += 1;
  }
  if (pos === to) return false;
  const c = src.charCodeAt(pos);
  if (c === 0x3e || c === 0x3c || c === 0x23) return false;
  if ((c === 0x60 || c === 0x7e) && src.charCodeAt(pos + 1) === c && src.charCodeAt(pos + 2) === c) return false;
  for (let k = pos; k < to; k += 1) {
    const d = src.charCodeAt(k);
    if (d !== 0x2d && d !== 0x2a && d !== 0x5f && d !== 0x3d && d !== 0x20) return true;
  }
  return false;
}

/** After a list marker at `at` (`-`, `*`, `+`, or 1–9 digits and `.` or `)`, then a space or the end), else `-1`. */
function markerEnd(src: string, at: number, to: number): number {
  const c = src.charCodeAt(at);
  let pos = at + 1;
  if (c === 0x2d || c === 0x2a || c === 0x2b) return pos === to || src.charCodeAt(pos) === 0x20 ? pos : -1;
  if (c < 0x30 || c > 0x39 || at + 1 >= to) return -1;
  for (;;) {
    if (pos >= to) return -1;
    const d = src.charCodeAt(pos++);
    if (d >= 0x30 && d <= 0x39) {
      if (pos - at >= 10) return -1;
      continue;
    }
    if (d === 0x29 || d === 0x2e) break;
    return -1;
  }
  return pos === to || src.charCodeAt(pos) === 0x20 ? pos : -1;
}

const isEmpty = (l: Lines, line: number): boolean => l.begin[line]! + l.shift[line]! >= l.end[line]!;

function skipEmptyLines(l: Lines, line: number): number {
  while (line < l.count && isEmpty(l, line)) line += 1;
  return line;
}

/** markdown-it's `ParserBlock.tokenize`, with the rules this scan reads. */
function tokenize(l: Lines, s: State, startLine: number, endLine: number): void {
  let line = startLine;
  while (line < endLine) {
    s.line = line = skipEmptyLines(l, line);
    if (line >= endLine) break;
    if (l.shift[line]! < s.blkIndent) break;
    // Indented code.
    if (l.shift[line]! - s.blkIndent >= 4) throw GIVE_UP;
    if (!list(l, s, line, endLine, false) && !heading(l, s, line)) paragraph(l, s, line, endLine);
    line = s.line;
    if (line < endLine && isEmpty(l, line)) s.line = line += 1;
  }
}

/** A block starts here: the item waiting for its first block learns it is not a paragraph. */
const started = (s: State): void => void (s.fresh = -1);

function heading(l: Lines, s: State, line: number): boolean {
  if (l.heading[line] === 0 || l.shift[line]! !== 0 || s.blkIndent > 0) return false;
  const src = l.src;
  const at = l.begin[line]!;
  const to = l.end[line]!;
  let pos = at;
  while (pos < to && src.charCodeAt(pos) === 0x23) pos += 1;
  const level = pos - at;
  let max = to;
  while (max > pos && src.charCodeAt(max - 1) === 0x20) max -= 1;
  let hashes = max;
  while (hashes > pos && src.charCodeAt(hashes - 1) === 0x23) hashes -= 1;
  if (hashes < max && hashes > pos && src.charCodeAt(hashes - 1) === 0x20) max = hashes;
  started(s);
  const fileLine = line + s.bodyLine;
  s.heading = s.entries.length;
  s.entries.push({ kind: 'heading', level, line: fileLine, last: fileLine, text: asciiTrim(src.slice(pos, max)), ordered: false, number: null, parent: s.open.at(-1) ?? -1, heading: -1 });
  s.line = line + 1;
  return true;
}

function paragraph(l: Lines, s: State, startLine: number, endLine: number): void {
  let next = startLine + 1;
  s.paragraph = true;
  for (; next < endLine && !isEmpty(l, next); next += 1) {
    if (l.shift[next]! - s.blkIndent > 3) continue;
    if (l.heading[next] === 1 || list(l, s, next, endLine, true)) break;
  }
  s.paragraph = false;
  s.line = next;
  if (s.fresh !== -1) {
    const index = s.fresh;
    s.fresh = -1;
    s.entries[index] = { ...s.entries[index]!, text: asciiTrim(getLines(l, startLine, next, s.blkIndent)) };
  }
  if (s.open.length === 0) s.numbered(startLine, next, s.heading, s.entries);
}

/** markdown-it's `getLines` without tabs: each line less up to `indent` columns (a list item's first line from its content). */
function getLines(l: Lines, begin: number, end: number, indent: number): string {
  let out = '';
  for (let line = begin; line < end; line += 1) {
    const strip = Math.min(indent, l.shift[line]!);
    out += l.src.slice(l.begin[line]! + strip, line + 1 < end ? l.end[line]! + 1 : l.end[line]!);
  }
  return out;
}

function asciiTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && trimmable(text.charCodeAt(start))) start += 1;
  while (end > start && trimmable(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

const trimmable = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** markdown-it's list marker at the line's content start: the position after it, whether ordered, else `-1`. */
function markerAt(l: Lines, line: number): number {
  const at = l.begin[line]! + l.shift[line]!;
  return markerEnd(l.src, at, l.end[line]!);
}

/** markdown-it's `list` rule (`silent`: only whether a list starts here, as a paragraph asks). */
function list(l: Lines, s: State, startLine: number, endLine: number, silent: boolean): boolean {
  let next = startLine;
  const col = l.shift[next]!;
  if (col - s.blkIndent >= 4) return false;
  if (s.listIndent >= 0 && col - s.listIndent >= 4 && col < s.blkIndent) return false;
  const terminating = silent && s.paragraph && col >= s.blkIndent;
  let posAfter = markerAt(l, next);
  if (posAfter === -1) return false;
  const src = l.src;
  let start = l.begin[next]! + col;
  const ordered = src.charCodeAt(start) >= 0x30;
  if (ordered && terminating && Number(src.slice(start, posAfter - 1)) !== 1) return false;
  // An empty item never reaches here (the line table gives up on it).
  if (silent) return true;
  const markerChar = src.charCodeAt(posAfter - 1);
  if (s.lists.length >= MAX_LISTS) throw GIVE_UP;
  started(s);
  s.lists.push(ordered);
  const wasParagraph = s.paragraph;
  s.paragraph = false;
  while (next < endLine) {
    const max = l.end[next]!;
    const initial = l.shift[next]! + posAfter - (l.begin[next]! + l.shift[next]!);
    let pos = posAfter;
    while (pos < max && src.charCodeAt(pos) === 0x20) pos += 1;
    const after = pos - posAfter;
    if (pos >= max || after > 4) throw GIVE_UP;
    const indent = initial + after;
    const index = s.entries.length;
    const entry: OutlineEntry = {
      kind: 'item',
      level: s.lists.length,
      line: next + s.bodyLine,
      last: 0,
      text: '',
      ordered,
      number: ordered ? src.slice(start, posAfter - 1) : null,
      parent: s.open.at(-1) ?? -1,
      heading: s.heading,
    };
    s.entries.push(entry);
    s.open.push(index);
    s.fresh = index;
    const oldListIndent = s.listIndent;
    s.listIndent = s.blkIndent;
    s.blkIndent = indent;
    const oldShift = l.shift[next]!;
    l.shift[next] = pos - l.begin[next]!;
    tokenize(l, s, next, endLine);
    s.blkIndent = s.listIndent;
    s.listIndent = oldListIndent;
    l.shift[next] = oldShift;
    s.open.pop();
    s.fresh = -1;
    const itemStart = next;
    next = s.line;
    s.entries[index] = { ...s.entries[index]!, last: Math.max(itemStart, next - 1) + s.bodyLine };
    if (next >= endLine) break;
    if (l.shift[next]! < s.blkIndent) break;
    if (l.shift[next]! - s.blkIndent >= 4) break;
    posAfter = markerAt(l, next);
    if (posAfter === -1) break;
    start = l.begin[next]! + l.shift[next]!;
    if ((src.charCodeAt(start) >= 0x30) !== ordered) break;
    if (markerChar !== src.charCodeAt(posAfter - 1)) break;
  }
  s.lists.pop();
  s.line = next;
  s.paragraph = wasParagraph;
  return true;
}
