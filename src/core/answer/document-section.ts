/**
 * A document's entry in a bundle's `## Documents`: whole, as its sections, or — a kit item whose
 * lines its file's document already gives in the same bundle (the file whole, or a kept
 * section that holds them) — a line that says where its lines are, not them twice. The
 * inclusion report still lists it with its reason.
 */
import { shownId } from '../shared/id-shape.js';
import { visible } from '../model/visible.js';
import { inlinePath } from '../shared/inline-path.js';
import type { Workspace } from '../shared/types.js';
import type { DocumentCutter } from './document-cut.js';

/**
 * A document's section of `## Documents` (without the blank line before it): what its size is
 * measured on. Its two header lines stay two lines whatever the id, title or path hold (ids
 * and titles are checked and made one line by the model; shown here as data all the same): no
 * value can forge a section. A cutter's document is given as its sections when the cutter cuts
 * every large document, or when the budget chose so (`asSections`).
 */
export function documentSection(workspace: Workspace, id: string, cut: DocumentCutter | null, asSections: ReadonlySet<string>): string {
  const node = workspace.nodes.get(id)!;
  const sections = cut !== null && (cut.always || asSections.has(id)) ? cut.render(id) : null;
  if (sections !== undefined && sections !== null) return `### ${shownId(id)} — ${visible(node.title)}\npath: ${inlinePath(node.path)}\n${sections}`;
  // An item of a spec kit holds its own lines only, and says which (KITS §5).
  const lines = node.item === undefined ? '' : `:${node.item.line}-${node.item.end}`;
  return `### ${shownId(id)} — ${node.item === undefined ? visible(node.title) : shortTitle(node.title)}\npath: ${inlinePath(node.path)}${lines}\n\n${node.text.replace(/\n+$/, '')}\n`;
}

/** The entry of item `id` when its file's document in the bundle gives its lines, else `null`. */
export function itemShownWith(workspace: Workspace, id: string, kept: ReadonlySet<string>, cut: DocumentCutter | null, asSections: ReadonlySet<string>): string | null {
  const node = workspace.nodes.get(id)!;
  const item = node.item;
  if (item === undefined || !kept.has(item.file)) return null;
  const cutFile = cut !== null && (cut.always || asSections.has(item.file)) && cut.cuts(item.file);
  if (cutFile && !cut!.covers(item.file, item.line, item.end)) return null;
  return `### ${shownId(id)} — ${shortTitle(node.title)}\npath: ${inlinePath(node.path)}:${item.line}-${item.end}\n\nIts lines are in \`${shownId(item.file)}\` in this bundle.\n`;
}

/** Most characters of a kit item's title in its header: its lines follow (or are in the bundle), and a requirement's title is often its whole sentence. */
const TITLE_CHARS = 80;

/** A kit item's title for its header: whole up to `TITLE_CHARS` characters (as a reader sees them: an emoji, a flag, a letter with its accent are one), else cut after its last whole word with `…`. */
export function shortTitle(title: string): string {
  if (title.length <= TITLE_CHARS) return visible(title);
  const chars = [...(graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(title)].map((s) => s.segment);
  if (chars.length <= TITLE_CHARS) return visible(title);
  // At the end of a word: the last whole word kept (unless that leaves less than half).
  let cut = TITLE_CHARS - 1;
  if (chars[cut] !== ' ') {
    let space = cut - 1;
    while (space > 0 && chars[space] !== ' ') space -= 1;
    if (space > TITLE_CHARS / 2) cut = space;
  }
  // Cut before it is made visible: an escape (`\u0007`) is never cut in two.
  return `${visible(chars.slice(0, cut).join(''))}…`;
}

/** Made at the first long title: making one loads ICU's break data (some 10 ms), which a command that cuts no title never needs. */
let graphemes: Intl.Segmenter | undefined;
