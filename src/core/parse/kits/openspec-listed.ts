/**
 * OpenSpec tasks numbered by an ordered list (read-openspec.ts): which boxes of a change's tasks.md keep the list's numbers.
 */
import type { OutlineEntry } from './outline-entry.js';
import type { Box } from './kit-read.js';

/**
 * Boxes written as the items of an ordered list, `1. [x] Add service removal types in …` (randybias/k0rdent-mcp-server: a list
 * numbered on through its `### Phase N:` headings), or that write a whole number after the box, `- [ ] 1. **Dependency Setup:**`
 * over `- [ ] 1.1. Add mockito …` (LonelyYeezhiChicken/youtube_music_app), outside a numbered section or a task heading (`groups`:
 * there they are its steps, by place): each takes its number, by entry index, with its text after a written number, where no
 * two such boxes of the file write one number and no box or heading writes one as a task's (`written`, to which they are added:
 * no place takes them). Lists numbered again under each heading, and boxes nested in a task, are read by their place as before.
 */
export function listedNumbers(entries: readonly OutlineEntry[], titles: readonly string[], read: readonly (Readonly<{ box: Box; rest: string }> | null | undefined)[], groups: (title: string) => boolean, numbered: (rest: string) => boolean, written: Set<string>, exact: ReadonlySet<string>): Map<number, { readonly number: string; readonly text: string }> {
  const found = new Map<number, { readonly number: string; readonly text: string }>();
  const times = new Map<string, number>();
  let wholes = false;
  let section: number | null = null;
  entries.forEach((entry, i) => {
    if (entry.kind === 'heading') {
      if (section !== null && entry.level <= section) section = null;
      // Under a numbered section or a task heading (`### Task 5: Release` over `1. [ ] Tag`: its steps), a list keeps its places.
      if (groups(titles[i]!)) section = entry.level;
      return;
    }
    const box = read[i];
    if (box == null || section !== null || entry.parent !== -1 || numbered(box.rest)) return;
    const whole = entry.ordered ? null : WHOLE_NUMBER.exec(box.rest);
    if (whole === null && !(entry.ordered && /^\d+$/.test(entry.number ?? ''))) return;
    const n = String(Number(whole?.[1] ?? entry.number));
    wholes ||= whole !== null;
    found.set(i, { number: n, text: whole === null ? box.rest : whole[2]! });
    times.set(n, (times.get(n) ?? 0) + 1);
  });
  // All or none: a list that repeats a number is numbered by place throughout (a task keeps the id its neighbours' form gives); a
  // whole number written after a box may be the group of tasks numbered under it (`1.` over `1.1.`), not a task's written again.
  if ([...times].some(([n, count]) => count > 1 || (wholes ? exact : written).has(n))) return new Map();
  for (const { number } of found.values()) written.add(number);
  return found;
}

/** A whole number and its dot after a box, then the text (`1. **Dependency Setup:**`). */
const WHOLE_NUMBER = /^(\d+)\.[ \t]+(\S[\s\S]*)$/;
