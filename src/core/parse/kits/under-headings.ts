/**
 * What the section headings above each entry of a kit file's outline give it (KITS §7: a heading's ids hold for every task under
 * it, down to the next heading of its level or higher): one pass over the outline, the list of an entry shared by the entries
 * under the same headings.
 */
import type { Outline, OutlineEntry } from './outline.js';

/** For each entry's index, the lists `of` gives the headings open above it (and the entry itself, when a heading), in level order. */
export function underHeadings<T>(entries: Outline['entries'], of: (heading: OutlineEntry, index: number) => readonly T[]): (index: number) => readonly T[] {
  const under: (readonly T[])[] = [];
  // The headings open at each level (1–6), with what they give.
  const open: (readonly T[] | null)[] = new Array<readonly T[] | null>(7).fill(null);
  let current: readonly T[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      open[entry.level] = of(entry, i);
      for (let level = entry.level + 1; level <= 6; level += 1) open[level] = null;
      current = open.flatMap((list) => list ?? []);
    }
    under[i] = current;
  }
  return (index) => under[index] ?? [];
}

/** How many headings of level 1 the outline has (a file's one title says nothing of the sections under it). */
export const titleCount = (entries: Outline['entries']): number => entries.filter((entry) => entry.kind === 'heading' && entry.level === 1).length;
