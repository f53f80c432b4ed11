/**
 * The line of a cut document that names the sections it leaves out (CONTEXT §1), so that an
 * agent can ask for them.
 */
import type { Section } from '../parse/sections.js';
import { singleLine } from '../parse/markdown.js';
import { inlinePath } from '../shared/inline-path.js';

/** Most sections a cut document lists as left out (the rest counted). */
const MAX_LEFT = 30;

/**
 * The line naming the sections a cut document leaves out: each by its own heading (the kept
 * sections show the whole trail), its lines and its tokens — `Components (5, ≈4); Palette
 * (11-51, ≈1270)` — the legend said once: it was a sixth of a kit task's bundle when each
 * entry repeated its trail and the words.
 */
export function leftOut(left: readonly { readonly section: Section; readonly tokens: number }[]): string {
  const shown = left.slice(0, MAX_LEFT).map(({ section, tokens }) => {
    const lines = section.end === section.line ? `${section.line}` : `${section.line}-${section.end}`;
    const heading = section.level === 0 ? 'Opening' : singleLine(section.heading).trim() === '' ? '(a heading without text)' : inlinePath(singleLine(section.heading));
    return `${heading} (${lines}, ≈${tokens})`;
  });
  const rest = left.slice(MAX_LEFT);
  const more = rest.length === 0 ? '' : `; and ${rest.length} more (≈${rest.reduce((sum, { tokens }) => sum + tokens, 0)})`;
  return `Left out (heading (lines, ≈tokens)): ${shown.join('; ')}${more}`;
}
