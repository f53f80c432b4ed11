/**
 * The outline of a kit file's body (KITS §2): its headings and list items in document order,
 * each with its lines, as CommonMark parses them — so nothing in fenced or indented code, or
 * in an HTML comment or block, is an item. The kit readers pick their items from it, and
 * `spanOf` gives each picked item its own lines, so that no text is in two items.
 */
import { inlineText, parseBlocks, singleLine } from '../markdown.js';
import { scanOutline } from './outline-scan.js';
import type { OutlineEntry } from './outline-entry.js';
import { addendumOf } from './kiro-addenda.js';

export type { OutlineEntry } from './outline-entry.js';

export interface Outline {
  readonly entries: readonly OutlineEntry[];
  readonly body: string;
  readonly bodyLine: number;
  /** Where each line of the body starts in it, and one more: `body.length + 1` (line `n` of the file is `n - bodyLine`). */
  readonly starts: Int32Array;
}

/**
 * The outline of `body`, whose first line is line `bodyLine` of the file: scanned when every
 * line has a form the scan reads (outline-scan.ts), else from markdown-it's block parse
 * (`fast: false` always: what the scan is tested against).
 */
export function outlineOf(body: string, bodyLine: number, fast = true): Outline {
  const starts = lineStarts(body);
  const scanned = fast ? scanOutline(body, bodyLine, starts, (first, end, heading, into) => numberedLines(body, starts, [first, end], bodyLine, heading, into)) : null;
  if (scanned !== null) return { entries: scanned, body, bodyLine, starts };
  const tokens = parseBlocks(body);
  const entries: OutlineEntry[] = [];
  const open: number[] = [];
  const lists: boolean[] = [];
  let heading = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    switch (token.type) {
      case 'heading_open': {
        const line = (token.map?.[0] ?? 0) + bodyLine;
        heading = entries.length;
        entries.push({ kind: 'heading', level: Number(token.tag.slice(1)), line, last: line, text: tokens[i + 1]?.content ?? '', ordered: false, number: null, parent: open.at(-1) ?? -1, heading: -1 });
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push(token.type === 'ordered_list_open');
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const map = token.map ?? [0, 1];
        const next = tokens[i + 1];
        const text = next?.type === 'paragraph_open' && tokens[i + 2]?.type === 'inline' ? tokens[i + 2]!.content : '';
        const ordered = lists.at(-1) === true;
        entries.push({
          kind: 'item',
          level: lists.length,
          line: map[0] + bodyLine,
          last: Math.max(map[0], map[1] - 1) + bodyLine,
          text,
          ordered,
          number: ordered ? token.info : null,
          parent: open.at(-1) ?? -1,
          heading,
        });
        open.push(entries.length - 1);
        break;
      }
      case 'list_item_close':
        open.pop();
        break;
      case 'paragraph_open':
        if (open.length === 0 && token.map !== null) numberedLines(body, starts, token.map, bodyLine, heading, entries);
        break;
      default:
        break;
    }
  }
  return { entries, body, bodyLine, starts };
}

/**
 * A paragraph line that opens with a dotted number (`1.1.`, `2.3 `), or a whole number and its dot
 * (`4. When …`: a list that starts at 4 cannot interrupt a paragraph, so CommonMark reads the
 * criteria after a team's bold group label as the label's text, npressoworks/quizeum): the number
 * and the text after it. A whole number counts only in a paragraph that opens with such a label
 * (`BOLD_LABEL`): elsewhere it is a hard-wrapped sentence's (`the retry limit is` / `3. It can be
 * changed …`: a review). A dotted number in bold opens one too (`**4.4** Modal components shall be
 * styled …`, a criterion's paragraph over its bullets: redsonvietnam/yao-rebuild2).
 */
const NUMBERED_LINE = /^ {0,3}(?:(\d+(?:\.\d+)+(?=\.?[ \t])|\d+[a-z]?(?=\.[ \t]))\.?|\*\*(\d+(?:\.\d+)+)\.?[:：]?\*\*[:：]?)[ \t]+(\S.*)$/;
/**
 * A paragraph's first line that lets its lines numbered `4.` or `1a.` count: a bold label alone
 * (`**タグ/ジャンルマージリクエスト画面における非同期表示最適化**`), or a line numbered with a letter,
 * which no list opens with (`1a. When …`, then `1b.`, `2.`: inakanou/ArchiTrack).
 */
const BOLD_LABEL = /^ {0,3}(?:\*\*[^*\n]+\*\*[ \t]*[:：]?[ \t]*|\d+[a-z]\.[ \t].*)$/;

/** Whether a paragraph's first line lets its lines numbered `4.` count: a bold label, a line numbered with a letter, or a line that adds criteria to a requirement (kiro-addenda.ts). */
function labels(first: string): boolean {
  return BOLD_LABEL.test(first) || addendumOf(first) !== null;
}

/** A paragraph that opens as an EARS clause does, its keyword in capitals, bold or not (`**WHEN** a customer clicks …`). */
const EARS_OPENER = /^ {0,3}(?:\*\*)?(?:WHEN|IF|WHILE|WHERE|THE)(?:\*\*)?[ \t]/;
/** The clause's `SHALL` (bold or not). */
const SHALL = /\bSHALL\b/;

/**
 * The numbered lines of the paragraph on body lines `[first, end)`, each up to the next one, into
 * `entries`; or the paragraph whole, numbered `''`, when it is an EARS clause (`**WHEN** …` /
 * `**THEN** the system **SHALL** …`: Kiro criteria written as paragraphs, caraseli02/MoldovaDirect).
 */
function numberedLines(body: string, starts: Int32Array, [first, end]: [number, number], bodyLine: number, heading: number, entries: OutlineEntry[]): void {
  const before = entries.length;
  let open: { index: number; entry: OutlineEntry } | null = null;
  let labelled: boolean | undefined;
  for (let k = first; k < end; k += 1) {
    const from = starts[k]!;
    // Only a line that starts with a digit (after at most three spaces) is looked at.
    const c = body.charCodeAt(from);
    if (!(c >= 0x30 && c <= 0x39) && c !== 0x20 && c !== 0x2a) continue;
    const match = NUMBERED_LINE.exec(body.slice(from, starts[k + 1]! - 1));
    if (match === null) continue;
    const number = match[1] ?? match[2]!;
    if (!number.includes('.') && !(labelled ??= labels(body.slice(starts[first]!, starts[first + 1]! - 1)))) continue;
    if (open !== null) entries[open.index] = { ...open.entry, last: k - 1 + bodyLine };
    const entry: OutlineEntry = match[2] === undefined ? { kind: 'line', level: 0, line: k + bodyLine, last: end - 1 + bodyLine, text: match[3]!, ordered: false, number, parent: -1, heading } : { kind: 'line', level: 0, line: k + bodyLine, last: end - 1 + bodyLine, text: match[3]!, ordered: false, number, parent: -1, heading, holds: true };
    open = { index: entries.length, entry };
    entries.push(entry);
  }
  // A paragraph with no numbered line that is an EARS clause: whole (a paragraph whose numbered lines follow a clause's opening,
  // `WHILE the device is offline:` / `1.1. THE app SHALL …`, keeps them: a review).
  if (entries.length === before && mayOpenEars(body, starts[first]!) && EARS_OPENER.test(body.slice(starts[first]!, starts[first + 1]! - 1))) {
    const text = body.slice(starts[first]!, starts[end]! - 1);
    if (SHALL.test(text)) entries.push({ kind: 'line', level: 0, line: first + bodyLine, last: end - 1 + bodyLine, text, ordered: false, number: '', parent: -1, heading });
  }
}

/** Whether the line at `from` can open as `EARS_OPENER` (`*`, `W`, `I` or `T` after at most three spaces): most paragraphs are not sliced. */
function mayOpenEars(body: string, from: number): boolean {
  let at = from;
  while (at < from + 3 && body.charCodeAt(at) === 0x20) at += 1;
  const c = body.charCodeAt(at);
  return c === 0x2a /* * */ || c === 0x57 /* W */ || c === 0x49 /* I */ || c === 0x54 /* T */;
}

/** Where each line of `text` starts, and `text.length + 1` after the last. */
function lineStarts(text: string): Int32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  const starts = new Int32Array(count + 1);
  let k = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  starts[count] = text.length + 1;
  return starts;
}

/** Lines `first`–`end` of the file (inside the body), as one slice of it (no copy), and where it starts in the body. */
export function spanText(outline: Outline, first: number, end: number): { text: string; offset: number } {
  const { starts, bodyLine, body } = outline;
  const from = starts[first - bodyLine]!;
  const to = starts[end - bodyLine + 1]! - 1;
  return { text: body.slice(from, Math.max(from, to)), offset: from };
}

/** The 1-based file line of offset `at` of the body. */
export function lineAt(outline: Outline, at: number): number {
  const { starts } = outline;
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return outline.bodyLine + low;
}

/**
 * The lines of each picked entry (`picked[i]`: entry `i` is an item of the kit): a heading runs
 * to the line before the next heading of its level or higher, or the next item; a list item to
 * the line before the next item or the next heading, and never past its own list item; trailing
 * blank lines dropped. Linear: one pass from the end.
 */
export function spansOf(outline: Outline, picked: readonly boolean[]): Map<number, readonly [number, number]> {
  const { entries, bodyLine } = outline;
  const lastLine = bodyLine + outline.starts.length - 2;
  const spans = new Map<number, readonly [number, number]>();
  let nextItem = lastLine + 1;
  let nextHeading = lastLine + 1;
  // The next heading at each level or higher (index: level 1–6).
  const nextAtOrAbove = new Array<number>(7).fill(lastLine + 1);
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i]!;
    if (picked[i] === true) {
      const limit = Math.min(nextItem, nextHeading);
      const end = entry.kind === 'heading' ? Math.min(nextItem, nextAtOrAbove[entry.level]!) - 1 : Math.min(limit, (entry.holds === true ? listUnder(outline, entry.last, limit) : entry.last) + 1) - 1;
      spans.set(i, [entry.line, trimBlank(outline, entry.line, end)]);
      nextItem = entry.line;
    }
    if (entry.kind === 'heading') {
      nextHeading = entry.line;
      for (let level = entry.level; level <= 6; level += 1) nextAtOrAbove[level] = entry.line;
    }
  }
  return spans;
}

/** A list's line (`- …`, `1. …`) or a line indented under one. */
const LIST_LINE = /^(?:[ \t]+\S|[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$))/;

/**
 * The last line of the list right under a paragraph that ends at line `last` (blank lines between its items allowed), before
 * line `limit`: what a bold-numbered criterion holds (`**4.4** Modal components …` over its bullets), not a table, a fence, a
 * rule or a paragraph after them (a review).
 */
function listUnder(outline: Outline, last: number, limit: number): number {
  const { body, starts, bodyLine } = outline;
  let end = last;
  for (let line = last + 1; line < limit; line += 1) {
    const text = body.slice(starts[line - bodyLine]!, starts[line - bodyLine + 1]! - 1);
    if (text.trim() === '') continue;
    if (!LIST_LINE.test(text)) break;
    end = line;
  }
  return end;
}

/** `end`, moved up past blank lines (never above `first`). */
export function trimBlank(outline: Outline, first: number, end: number): number {
  while (end > first && isBlankLine(outline, end)) end -= 1;
  return end;
}

/** Whether file line `line` holds only spaces and tabs. */
export function isBlankLine(outline: Outline, line: number): boolean {
  const { starts, bodyLine, body } = outline;
  const to = starts[line - bodyLine + 1]! - 1;
  for (let i = starts[line - bodyLine]!; i < to; i += 1) {
    const c = body.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** A heading's plain text on one line, as GitHub shows it. */
export function headingTitle(content: string): string {
  return singleLine(inlineText(content));
}

/**
 * A list item's paragraph on one line: each line break and the blanks around it become one
 * space, and an HTML comment (`<!-- id: remove-dup-search -->`, which GitHub does not show)
 * is dropped (`withoutComments`).
 */
export function oneLine(text: string): string {
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return line.includes('<!--') ? withoutComments(line) : line;
}

/**
 * `line` without its HTML comments, as GitHub shows it: each comment a space, and the spaces and
 * tabs around it one. A `<!--` inside a code span (after an odd number of backticks) or escaped
 * (`\<!--`) is text. Linear: the backticks are counted once, and each comment's end is looked
 * for once.
 */
function withoutComments(line: string): string {
  let out = '';
  let from = 0;
  let ticks = 0;
  let counted = 0;
  for (let open = line.indexOf('<!--'); open !== -1; open = line.indexOf('<!--', Math.max(open + 4, from))) {
    for (; counted < open; counted += 1) if (line.charCodeAt(counted) === 0x60) ticks += 1;
    if (ticks % 2 === 1 || line.charCodeAt(open - 1) === 0x5c) continue;
    // `<!-->` and `<!--->` are comments too (CommonMark).
    const close = line.indexOf('-->', open + 2);
    // No comment closes after this one opens: none after it can either.
    if (close === -1) break;
    out += `${line.slice(from, open)} `;
    from = close + 3;
    // What the comment holds is not counted.
    counted = from;
  }
  return (out + line.slice(from)).replace(/[ \t]+/g, ' ').trim();
}
