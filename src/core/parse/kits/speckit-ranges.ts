/**
 * A Spec Kit box that stands for several tasks: a range (`- [x] T009-T017 All Zod schemas created and exported`: CarlitoDon/sync-erp,
 * six such lines; `- [ ] T057-T065 **[Postponed]** [US3] …`: zonbitamago/attendance-hub; `- [x] T036-T041: Property tests covered
 * …`: relateby/pattern-rs) or a list (`- [ ] T003, T004 [P] [US2] Create Profile model and ProfileService`, `T028 and T029`, `T028 &
 * T029`, `T028、T029`: D-564's review). Each task it names that the file writes nowhere else is read, with the box's title, state
 * and lines, so that `T012` is readable by its id and cites what the line cites; its state is written by hand (one box for many
 * tasks: write-task-state.ts refuses). A box whose tasks all have boxes of their own is a recap (`- [ ] T028, T029: add_task +
 * list_tasks tools ONLY`: javeria-kamran/Taskops), no task. Plain numbers only; a range ascending, at most `MAX_RANGE` tasks in
 * either (`T030.2~T030.6: …（見上方）` points at tasks written above: D-495).
 */
import { oneLine, type Outline } from './outline.js';
import type { Box, KitItem, KitRef } from './kit-read.js';
import { enclosing, type Picked } from './pick-items.js';

/** A range of task ids after the box, glued or with spaces (`T009-T017`, `T001 – T003`, `**T036**-**T041**:`), then the title. */
const RANGE_BOX = /^(?:\*\*)?T(\d+)(?:\*\*)?[ \t]*[-–—~～〜][ \t]*(?:\*\*)?T(\d+)(?:\*\*)?(?![\w.-])[ \t:.]*([\s\S]*)$/;
/** A list of task ids after the box (`T003, T004`, `T028 and T029`, `T028 & T029`, `T028、T029`, `T010/T011`), then the title. */
const LIST_BOX = /^(?:\*\*)?T\d+(?:\*\*)?(?:[ \t]*(?:[,、&+/]|and(?=[ \t]))[ \t]*(?:\*\*)?T\d+(?:\*\*)?)+(?![\w.-])/;
/** The most tasks one box stands for; a wider range is a phase's summary, not its tasks. */
export const MAX_RANGE = 50;

/** The task ids a box's text (after the box) opens with, as a range or a list, and its title; `null` when it opens with one id. */
function severalIds(rest: string, scope: string): { ids: string[]; title: string } | null {
  const range = RANGE_BOX.exec(rest);
  if (range !== null) {
    const first = Number(range[1]);
    const last = Number(range[2]);
    if (!(last > first && last - first < MAX_RANGE)) return null;
    const ids: string[] = [];
    for (let n = first; n <= last; n += 1) ids.push(`${scope}/T${String(n).padStart(range[1]!.length, '0')}`);
    return { ids, title: range[3]! };
  }
  const list = LIST_BOX.exec(rest);
  if (list === null) return null;
  const ids = [...new Set(Array.from(list[0].matchAll(/T\d+/g), (id) => `${scope}/${id[0]}`))];
  return ids.length > MAX_RANGE ? null : { ids, title: rest.slice(list[0].length).replace(/^[ \t:.]+/, '') };
}

/**
 * Reads the boxes of several tasks of `entries`, in a file whose other tasks are picked (`picked`, `boxes`: by their ids; where
 * none is, the file's boxes are read by their places, a list box among them, as before): a box none of whose tasks the file writes
 * otherwise stands for them all; one whose first task it writes is a recap or a checklist (`- [x] T001-T005 reviewed` after
 * `### T001:` … `### T003:`), no task; one whose first task only it does not write is that task alone, as a box opening with its id
 * is (`- [ ] T001 – T003 Setup` beside `- [x] T002 …`: D-495). A task is known by its number (`T1` is `T001`: a recap written
 * without the zeros). Not a note on the tasks (`- [ ] T010, T011 can run in parallel`, `- [ ] T005, T006 depends on T004`); in a file
 * that gives no task otherwise, only where every box is such a box (`- [x] T001-T003 Project scaffolding`, `- [ ] T004-T006 …`). Returns,
 * by the id each such box is picked as, the ids of its other tasks.
 */
export function rangeBoxes(
  entries: Outline['entries'],
  scope: string,
  picked: Map<number, Picked>,
  boxes: Map<number, Box>,
  readBox: (text: string) => { box: Box; rest: string } | null,
  marks: RegExp,
  /** A file that gives no task otherwise: only where every box is such a box (`- [x] T001-T003 Project scaffolding`, …). */
  alone = false,
): Map<string, string[]> {
  const ranges: { at: number; box: Box; ids: string[]; title: string }[] = [];
  let others = false;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const box = entry.kind === 'item' ? readBox(entry.text) : null;
    const several = box === null ? null : severalIds(box.rest, scope);
    if (several !== null) ranges.push({ at: i, box: box!.box, ids: several.ids, title: oneLine(several.title.replace(marks, '')) });
    else others ||= box !== null;
  }
  const extra = new Map<string, string[]>();
  if (ranges.length === 0 || (alone && others)) return extra;
  // A range written with spaces (`T001 – T003 Setup`), a list with words (`T028 and T029`), was picked as its first task: read here.
  for (const { at } of ranges) picked.delete(at), boxes.delete(at);
  const taken = new Set([...picked.values()].map((item) => numberKey(item.id)));
  for (const { at, box, ids, title } of ranges) {
    if (NOTE.test(title) || taken.has(numberKey(ids[0]!))) continue;
    const own = ids.some((id) => taken.has(numberKey(id))) ? [ids[0]!] : ids;
    for (const id of own) taken.add(numberKey(id));
    picked.set(at, { id: own[0]!, type: 'task', title, parent: enclosing(entries, picked, at) });
    boxes.set(at, box);
    if (own.length > 1) extra.set(own[0]!, own.slice(1));
  }
  return extra;
}

/** A title that is a note on the tasks named before it (`can run in parallel`, `depends on T004`, `must finish before release`), not a task's (`Run database migrations`). */
const NOTE = /^(?:→|->|=>|(?:can|could|must|should|will|may|are|is|were|was|depends?|depending|requires?|required|blocked|blocks|unblocks|waits?|needs?|after|before|then|and|or|in[ \t]+parallel)\b)/i;

/** A task's id as compared with a range's: by its number where it is one (`…/T001` and `…/T1` are one task). */
const numberKey = (id: string): string => {
  const number = /\/T(\d+)$/.exec(id);
  return number === null ? id : `${id.slice(0, number.index)}/T#${Number(number[1])}`;
};

/**
 * `items` with each such box's other tasks after its first, as it is read (same lines, box, title and references) — but for what a
 * mapping elsewhere in the file names of each (`mappedOf`: `| FR-003 | T011 |` is T011's, not the box's first task's).
 */
export function withRanges(items: KitItem[], extra: ReadonlyMap<string, readonly string[]>, mappedOf: (id: string) => readonly KitRef[]): KitItem[] {
  if (extra.size === 0) return items;
  const key = (ref: KitRef): string => `${ref.relation} ${ref.id} ${ref.line}`;
  return items.flatMap((item) => {
    const others = extra.get(item.id);
    if (others === undefined) return [item];
    const first = new Set(mappedOf(item.id).map(key));
    const shared = first.size === 0 ? item.refs : item.refs.filter((ref) => !first.has(key(ref)));
    return [item, ...others.map((id) => ({ ...item, id, refs: [...shared, ...mappedOf(id)] }))];
  });
}
