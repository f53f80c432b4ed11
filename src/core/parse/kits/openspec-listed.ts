/**
 * OpenSpec tasks numbered by an ordered list (read-openspec.ts): which boxes of a change's tasks.md keep the list's numbers.
 */
import type { OutlineEntry } from './outline-entry.js';
import type { Box } from './kit-read.js';

/**
 * Boxes written as the items of an ordered list, `1. [x] Add service removal types in …` (randybias/k0rdent-mcp-server: a list
 * numbered on through its `### Phase N:` headings), outside a numbered section or a task heading (`groups`: there they are its
 * steps, by place): each takes its list's number, by entry index, where no two such boxes of the file write one number and no box
 * or heading writes one as a task's (`written`, to which they are added: no place takes them). Lists numbered again under each
 * heading, and boxes nested in a task, are read by their place as before.
 */
export function listedNumbers(entries: readonly OutlineEntry[], titles: readonly string[], read: readonly (Readonly<{ box: Box; rest: string }> | null | undefined)[], groups: (title: string) => boolean, numbered: (rest: string) => boolean, written: Set<string>): Map<number, string> {
  const found = new Map<number, string>();
  const times = new Map<string, number>();
  let section: number | null = null;
  entries.forEach((entry, i) => {
    if (entry.kind === 'heading') {
      if (section !== null && entry.level <= section) section = null;
      // Under a numbered section or a task heading (`### Task 5: Release` over `1. [ ] Tag`: its steps), a list keeps its places.
      if (groups(titles[i]!)) section = entry.level;
      return;
    }
    const box = read[i];
    if (box == null || section !== null || !entry.ordered || entry.parent !== -1 || !/^\d+$/.test(entry.number ?? '') || numbered(box.rest)) return;
    const n = String(Number(entry.number));
    found.set(i, n);
    times.set(n, (times.get(n) ?? 0) + 1);
  });
  // All or none: a list that repeats a number is numbered by place throughout (a task keeps the id its neighbours' form gives).
  if ([...times].some(([n, count]) => count > 1 || written.has(n))) return new Map();
  for (const n of found.values()) written.add(n);
  return found;
}
