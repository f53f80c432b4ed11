/**
 * Tasks written as headings (KITS §7), as Kiro and Spec Kit teams write them: `### Task 1.1:
 * Types` (dadbodgeoff/1v1bro), `### T001: 構造` and `### TASK-001: 構造 [P]` (mixseek/mixseek-core).
 * Such a task's lines are its heading's section, and its steps are the boxes there: it is done
 * when its heading says so (`✅`, `[x]`) or every box is checked, in progress when some are,
 * else open.
 */
import { headingTitle, type Outline } from './outline.js';
import { HEADING_DONE, readBox, type Box } from './kit-read.js';
import type { Picked } from './pick-items.js';
import { REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';

/** What a reader makes of a heading's title (the heading: outline entry `index`): the task's id (with its scope) and title, or `null` (no task). */
export type HeadingTaskOf = (title: string, index: number) => { readonly id: string; readonly title: string } | null;

/**
 * The tasks `taskOf` finds among the headings of `outline`, into `picked` and `boxes` (a task
 * with no box of its own gets its steps' state); whether there were any. One pass (the headings
 * open at once are at most six).
 */
export function headingTasks(outline: Outline, taskOf: HeadingTaskOf, picked: Map<number, Picked>, boxes: Map<number, Box>): boolean {
  const open: { readonly index: number; readonly level: number; done: number; all: number }[] = [];
  const settle = (level: number): void => {
    for (let task = open.at(-1); task !== undefined && task.level >= level; task = open.at(-1)) {
      open.pop();
      if (!boxes.has(task.index)) boxes.set(task.index, task.done === 0 ? ' ' : task.done === task.all ? 'x' : '-');
    }
  };
  let any = false;
  outline.entries.forEach((entry, i) => {
    if (entry.kind === 'heading') {
      settle(entry.level);
      const title = headingTitle(entry.text);
      const task = taskOf(title, i);
      if (task === null) return;
      any = true;
      picked.set(i, { id: task.id, type: 'task', title: task.title.replace(HEADING_DONE, '').replace(/[ \t]+/g, ' ').trim(), parent: null });
      if (HEADING_DONE.test(title)) boxes.set(i, 'x');
      open.push({ index: i, level: entry.level, done: 0, all: 0 });
      return;
    }
    const box = entry.kind === 'item' && open.length > 0 ? readBox(entry.text) : null;
    if (box === null) return;
    for (const task of open) {
      task.all += 1;
      if (box.box === 'x') task.done += 1;
    }
  });
  settle(0);
  return any;
}

/**
 * For each heading (by outline index), whether its section holds a box (`isBox` of an item's
 * index: `boxes`), and whether it holds a heading `isTask` (of its index) takes for a task's or a
 * numbered one (`headings`). The callers have read the titles and boxes already. One pass (at most
 * six headings are open at once).
 */
export function headingsHolding(entries: Outline['entries'], isTask: (index: number) => boolean, isBox: (index: number) => boolean): { readonly boxes: boolean[]; readonly headings: boolean[] } {
  const boxes: boolean[] = [];
  const headings: boolean[] = [];
  const open: number[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      while (open.length > 0 && entries[open.at(-1)!]!.level >= entry.level) open.pop();
      if (isTask(i)) for (const at of open) headings[at] = true;
      open.push(i);
      continue;
    }
    if (entry.kind === 'item' && isBox(i)) for (const at of open) boxes[at] = true;
  }
  return { boxes, headings };
}

/**
 * Drops from `picked` (and `boxes`) each box that names a task written as a heading: one right under that heading (`### T001:
 * Title` over `- [x] T001 Title (FR-001)`: the heading's section, which holds it, is the task: a review), or one after it in
 * one line that cites no requirement (a recap: `## MVP 체크리스트` listing `- [ ] T001: CMake libsystemd 추가` after
 * `### - [x] T001 [US1] CMake …`: 5rbit/mxrc). A box list before its tasks' detail headings (`- [x] T001 …`, then
 * `### T001: Create Entry Point`), or a later box that cites (`- [x] T002 … (FR-001)`), stays as it was: ID_DUPLICATE.
 */
export function dropRecaps({ entries }: Outline, picked: Map<number, Picked>, boxes: Map<number, Box>): void {
  const headed = new Map<string, number>();
  for (const [i, item] of picked) if (entries[i]!.kind === 'heading' && !headed.has(item.id)) headed.set(item.id, i);
  for (const [i, item] of picked) {
    const entry = entries[i]!;
    const heading = headed.get(item.id);
    if (entry.kind === 'heading' || heading === undefined || heading > i) continue;
    // One line: its first paragraph one line, no item nested in it (a list's last item ends at the blank line after it).
    const recap = !entry.text.includes('\n') && entries[i + 1]?.parent !== i && !CITES.test(entry.text);
    if (entry.heading !== heading && !recap) continue;
    picked.delete(i);
    boxes.delete(i);
  }
}
/** A requirement's id in a box's text (not a story mark `[US1]`, nor `UTF-8`). */
const CITES = new RegExp(`\\b(?:${REQUIREMENT_PREFIX})-\\d`);
