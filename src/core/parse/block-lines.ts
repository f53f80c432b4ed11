/**
 * What one line of a Markdown body is, for the block scanner (markdown-blocks.ts): a fence that
 * opens or closes, a blank line, the start of plain text, an ATX heading. Each answers exactly
 * as markdown-it's block rules would for the forms the scanner takes; anything else the
 * scanner leaves to markdown-it. Pure, positions into the body text.
 */

export interface Fence {
  readonly marker: number;
  readonly length: number;
}

/** A fence opened at column 0 (``` or ~~~, an info string without backticks after backticks), else `null`. */
export function opensFence(text: string, at: number, end: number): Fence | null {
  const marker = text.charCodeAt(at);
  let pos = at;
  while (pos < end && text.charCodeAt(pos) === marker) pos += 1;
  const length = pos - at;
  if (length < 3) return null;
  if (marker === 0x60 && text.slice(pos, end).includes('`')) return null;
  return { marker, length };
}

/** Whether the line closes `fence`: 0–3 spaces, at least as many markers, then only spaces. */
export function closesFence(text: string, at: number, end: number, fence: Fence): boolean {
  let pos = at;
  while (pos < end && pos - at < 4 && text.charCodeAt(pos) === 0x20) pos += 1;
  if (pos - at > 3) return false;
  const from = pos;
  while (pos < end && text.charCodeAt(pos) === fence.marker) pos += 1;
  if (pos - from < fence.length) return false;
  while (pos < end && (text.charCodeAt(pos) === 0x20 || text.charCodeAt(pos) === 0x09)) pos += 1;
  return pos === end;
}

/**
 * Each line of `text` outside fenced code — a fence opened after at most three spaces, closed as
 * `closesFence` says — with its 0-based index; the fences' own lines are not given either. For a
 * line scan that must not read code as text (a tasks.md's mapping table, a requirements.md's
 * numbered lists).
 */
export function forEachLineOutsideFences(text: string, visit: (line: string, index: number) => void): void {
  let fence: Fence | null = null;
  for (let at = 0, index = 0; at <= text.length; index += 1) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? text.length : newline;
    if (fence !== null) {
      if (closesFence(text, at, end, fence)) fence = null;
    } else {
      let pos = at;
      while (pos < end && pos - at < 3 && text.charCodeAt(pos) === 0x20) pos += 1;
      const opened = fenceLike(text, pos) ? opensFence(text, pos, end) : null;
      if (opened !== null) fence = opened;
      else visit(text.slice(at, end), index);
    }
    at = end + 1;
  }
}

/** A line of 1–3 spaces and then a fence marker: it may open a fence the tracking cannot place. */
export function indentedFence(text: string, at: number, end: number): boolean {
  let pos = at;
  while (pos < end && text.charCodeAt(pos) === 0x20) pos += 1;
  return pos - at <= 3 && fenceLike(text, pos);
}

/** Spaces and tabs only (what markdown-it calls an empty line). */
export function isBlank(text: string, at: number, end: number): boolean {
  for (let pos = at; pos < end; pos += 1) {
    const c = text.charCodeAt(pos);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}


/** Three backticks or tildes at `at`: a fence, or (when its info string has a backtick) a line markdown-it reads closely. */
export function fenceLike(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return (c === 0x60 || c === 0x7e) && text.charCodeAt(at + 1) === c && text.charCodeAt(at + 2) === c;
}

/**
 * Whether a line can be plain paragraph text from `at`: it starts with none of the characters
 * that begin another block (or an ordered list item) and is not a footnote definition.
 */
export function plainStart(text: string, at: number, end: number): boolean {
  if (at >= end) return false;
  const c = text.charCodeAt(at);
  switch (c) {
    case 0x20: // space: indentation
    case 0x23: // # heading
    case 0x3e: // > block quote
    case 0x2d: // - list, thematic break, setext underline
    case 0x2a: // * list, thematic break
    case 0x2b: // + list
    case 0x5f: // _ thematic break
    case 0x3d: // = setext underline
    case 0x3c: // < HTML
      return false;
    case 0x60: // ``` fence
    case 0x7e: // ~~~ fence
      return !fenceLike(text, at);
    case 0x5b: // [^ footnote definition
      return text.charCodeAt(at + 1) !== 0x5e;
    default:
      break;
  }
  if (c >= 0x30 && c <= 0x39) {
    // `1.` or `1)` then a space or the end: an ordered list item.
    let pos = at;
    while (pos < end && pos - at < 10 && text.charCodeAt(pos) >= 0x30 && text.charCodeAt(pos) <= 0x39) pos += 1;
    const mark = text.charCodeAt(pos);
    if ((mark === 0x2e || mark === 0x29) && (pos + 1 >= end || text.charCodeAt(pos + 1) === 0x20)) return false;
  }
  return true;
}

/**
 * An ATX heading's level and content as markdown-it reads them (the `#` run, a space, the text
 * without a closing `#` run that follows a space, trimmed); `null` when the line is no heading.
 */
export function headingContent(text: string, at: number, end: number): { level: number; text: string } | null {
  let pos = at;
  while (pos < end && text.charCodeAt(pos) === 0x23) pos += 1;
  const level = pos - at;
  if (level > 6 || (pos < end && text.charCodeAt(pos) !== 0x20)) return null;
  let max = end;
  while (max > pos && text.charCodeAt(max - 1) === 0x20) max -= 1;
  let hashes = max;
  while (hashes > pos && text.charCodeAt(hashes - 1) === 0x23) hashes -= 1;
  if (hashes < max && hashes > pos && text.charCodeAt(hashes - 1) === 0x20) max = hashes;
  return { level, text: text.slice(pos, max).trim() };
}
