/**
 * CONTEXT §1: the sections of a document. Its *opening* is everything before its first heading
 * of level 2 or more (the frontmatter, the title, the introduction); after it, each heading
 * starts a section that runs to the line before the next heading of any level (so sections
 * never overlap: a `##` section's own text is its introduction, and each `###` under it is a
 * section of its own, with the `##` in its trail). Headings come from the CommonMark outline,
 * so a `#` line in fenced code is no heading. Trailing blank lines belong to no section.
 */
import { headingTitle, outlineOf } from './kits/outline.js';

export interface Section {
  /** 0 for the opening, else the heading's level. */
  readonly level: number;
  /** The heading as GitHub shows it, on one line (`''` for the opening). */
  readonly heading: string;
  /** The headings it sits under and its own, `## Components › ### SessionStore` (`''` for the opening). */
  readonly trail: string;
  /** 1-based first and last line of the file (the first is the heading's). */
  readonly line: number;
  readonly end: number;
  /** Where its lines are in the file's text: `text.slice(from, to)` (no final line break). */
  readonly from: number;
  readonly to: number;
}

/** The sections of a file whose whole text is `text` and whose body (after any frontmatter) starts at `bodyLine`. */
export function sectionsOf(text: string, body: string, bodyLine: number): Section[] {
  const lines = lineEnds(text);
  const headings = outlineOf(body, bodyLine).entries.filter((entry) => entry.kind === 'heading');
  const first = headings.findIndex((entry) => entry.level >= 2);
  const out: Section[] = [];
  const openingEnd = first === -1 ? lines.length : headings[first]!.line - 1;
  const place = (line: number, last: number): { line: number; end: number; from: number; to: number } => {
    const end = trimmed(text, lines, line, last);
    return { line, end, from: line >= 2 ? lines[line - 2]! + 1 : 0, to: lines[end - 1] ?? text.length };
  };
  if (openingEnd >= 1) out.push({ level: 0, heading: '', trail: '', ...place(1, openingEnd) });
  if (first === -1) return out;
  const open: { level: number; shown: string }[] = [];
  for (let i = first; i < headings.length; i += 1) {
    const entry = headings[i]!;
    const next = i + 1 < headings.length ? headings[i + 1]!.line - 1 : lines.length;
    while (open.length > 0 && open[open.length - 1]!.level >= entry.level) open.pop();
    const heading = headingTitle(entry.text);
    open.push({ level: entry.level, shown: `${'#'.repeat(entry.level)} ${heading}` });
    out.push({ level: entry.level, heading, trail: open.map((h) => h.shown).join(' › '), ...place(entry.line, next) });
  }
  return out;
}

/** Where each line of `text` ends (the index of its `\n`, or the text's length); a final line break starts no line. */
function lineEnds(text: string): number[] {
  const ends: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) ends.push(at);
  if (text.length > 0 && !text.endsWith('\n')) ends.push(text.length);
  return ends;
}

/** `last`, moved up past blank lines (never above `first`). */
function trimmed(text: string, ends: readonly number[], first: number, last: number): number {
  let end = Math.min(last, ends.length);
  while (end > first && text.slice(end >= 2 ? ends[end - 2]! + 1 : 0, ends[end - 1]).trim() === '') end -= 1;
  return end;
}
