/**
 * `docugraph diff` (D-447): which of a revision's files keep the work tree's verdict on their
 * links, where nothing those links looked at differs between the two trees.
 */
import type { LinkEntry } from '../model/assemble-workspace.js';
import type { FileAnalysis } from '../model/analyze-file.js';
import { isMarkdownName } from '../read/discover-files.js';
import { entryAt, type TreeDirectories } from '../read/tree-view.js';
import { keysOfEntry } from '../check/target-keys.js';
import { NO_STRINGS } from '../shared/empty.js';
import type { MarkdownInfo } from '../shared/types.js';
import type { Reusable } from './load-workspace.js';

/**
 * The work tree's verdict on a revision file's links, where it holds there too, else `null`: a
 * file read from the same blob, none of whose looked-at paths (and keys: a directory's listing,
 * its README) differs between the work tree and the revision — an entry added or removed, a
 * Markdown file whose anchors differ (or, for a file that links to a line, `#L12`, whose line
 * count does) — and none above the workspace (the revision reads nothing there). A Markdown
 * file of other bytes with the same anchors and lines changes no verdict on a link into it:
 * that is all a link check reads of it (check-fragment.ts). A verdict with a finding holds only
 * when both have the same Markdown files: its "did you mean" names the closest of them all.
 */
export function linksKept(lent: Reusable, entries: ReadonlySet<string>, sameFiles: boolean, analyses: ReadonlyMap<string, FileAnalysis>, kept: ReadonlyMap<string, FileAnalysis>, dirs: TreeDirectories, base: string): (file: string) => LinkEntry | null {
  const changed = new Set<string>();
  /** Markdown files whose anchors are the same on both sides, and their line count not. */
  const lines = new Set<string>();
  const mark = (path: string): void => {
    changed.add(path);
    for (const key of keysOfEntry(path)) changed.add(key);
  };
  for (const path of entries) if (!lent.entries.has(path)) mark(path);
  for (const path of lent.entries) if (!entries.has(path)) mark(path);
  // A Markdown file in both whose bytes differ (or whose work-tree bytes are unknown): its anchors may.
  for (const path of entries) {
    if (!lent.entries.has(path) || kept.has(path) || !isMarkdownName(path)) continue;
    const entry = entryAt(dirs, base === '' ? path : `${base}/${path}`);
    const read = lent.read(path);
    if (entry !== undefined && read?.blob === entry.oid) continue;
    const shape = read === undefined ? 'different' : sameAnchors(read.analysis.markdown(), analyses.get(path)?.markdown());
    if (shape === 'different') changed.add(path);
    else if (shape === 'lines') lines.add(path);
  }
  return (file) => {
    if (!kept.has(file)) return null;
    const read = lent.read(file);
    const links = read?.links;
    if (links === null || links === undefined || (links.diagnostics.length > 0 && !sameFiles)) return null;
    let toLines = false;
    for (const target of links.targets) {
      if (target.startsWith('../') || changed.has(target)) return null;
      if (lines.has(target)) toLines = true;
    }
    if (toLines && linksToLines(read!.analysis)) return null;
    return { diagnostics: links.diagnostics, targets: NO_STRINGS };
  };
}

/** What a link check reads of a Markdown file, compared: `same`, `lines` (only the line count differs), or `different`. */
function sameAnchors(a: MarkdownInfo | null | undefined, b: MarkdownInfo | null | undefined): 'same' | 'lines' | 'different' {
  if (a === undefined || b === undefined) return 'different';
  if (a === null || b === null) return a === b ? 'same' : 'different';
  if (!sameStrings(a.anchors, b.anchors) || !sameStrings(a.htmlAnchors, b.htmlAnchors)) return 'different';
  return a.lineCount === b.lineCount ? 'same' : 'lines';
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A fragment that may name a line once decoded (`#L12`, `#l12`, `#%4C12`). */
const LINE_FRAGMENT = /#(?:l|%[46]c)(?:\d|%3\d)/i;

/** Whether a file has a link whose fragment may name a line (`#L12`), whatever it points at. */
function linksToLines(analysis: FileAnalysis): boolean {
  return analysis.markdown()?.links.some((link) => LINE_FRAGMENT.test(link.url)) ?? true;
}

