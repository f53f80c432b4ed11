/**
 * A task's lines written flat (D-555): its details as list items less indented than CommonMark
 * nests, yet right of its own marker — ` - [x] 8.1 Create replay command functionality` over
 * `  - Implement ReplayCommand …` and `  - _Requirements: 4.1_` (omoch1-2357/Axiomind: the box one
 * space in, its lines two, so each is an item beside it, and its citations were no task's).
 */
import { isBlankLine, trimBlank, type Outline } from './outline.js';

/**
 * Extends the span of each picked list item over the items right after it at its own list's
 * level (the same parent) whose marker stands right of its own, a blank line between at most, up
 * to a picked entry, a heading, a numbered line, or an item at or left of its marker; and returns
 * those items (`true` by outline index), which are the task's lines, no group's metadata. Linear:
 * one pass; each entry looked at once.
 */
export function flatLines(outline: Outline, picked: readonly boolean[], spans: Map<number, readonly [number, number]>): boolean[] {
  const { entries } = outline;
  const flat: boolean[] = [];
  /** The picked item whose flat lines may follow (`-1`: none), its marker's column, and the last line of its span so far. */
  let task = -1;
  let column = 0;
  let end = 0;
  entries.forEach((entry, i) => {
    if (picked[i] === true || entry.kind !== 'item') {
      // An item picked inside a flat line (` - Sub-tasks:` over `   - [ ] 2.1 …`) is its own: the task's lines end before it (a review).
      if (task !== -1 && entry.line <= end) spans.set(task, [spans.get(task)![0], trimBlank(outline, entries[task]!.line, entry.line - 1)]);
      task = picked[i] === true && entry.kind === 'item' ? i : -1;
      if (task !== -1) {
        column = markerColumn(outline, entry.line);
        end = spans.get(i)![1];
      }
      return;
    }
    if (task === -1 || entry.parent !== entries[task]!.parent) return;
    // Only a list's own line, right of the task's marker, after blank lines at most (not a quote's `> - …`, nor a list after a comment: a review).
    if (entry.line > end + 2 || !blankBetween(outline, end + 1, entry.line) || !LIST_MARKER.test(lineText(outline, entry.line)) || markerColumn(outline, entry.line) <= column) {
      task = -1;
      return;
    }
    flat[i] = true;
    end = trimBlank(outline, entry.line, entry.last);
    spans.set(task, [spans.get(task)![0], end]);
  });
  return flat;
}

/** A list item's first line: a bullet or a number and its mark, after spaces. */
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/** File line `line`'s text. */
function lineText(outline: Outline, line: number): string {
  const { body, starts, bodyLine } = outline;
  return body.slice(starts[line - bodyLine]!, starts[line - bodyLine + 1]! - 1);
}

/** Whether file lines `[from, to)` hold only spaces and tabs (at most one is asked). */
function blankBetween(outline: Outline, from: number, to: number): boolean {
  for (let line = from; line < to; line += 1) if (!isBlankLine(outline, line)) return false;
  return true;
}

/** The column of the first non-blank character of file line `line` (a tab to the next multiple of 4). */
function markerColumn(outline: Outline, line: number): number {
  const { body, starts, bodyLine } = outline;
  const from = starts[line - bodyLine]!;
  let column = 0;
  for (let at = from; at < body.length; at += 1) {
    const c = body.charCodeAt(at);
    if (c === 0x20) column += 1;
    else if (c === 0x09) column += 4 - (column % 4);
    else break;
  }
  return column;
}
