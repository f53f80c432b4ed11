/**
 * Tasks written as headings (KITS §7), as Kiro and Spec Kit teams write them: `### Task 1.1:
 * Types` (dadbodgeoff/1v1bro), `### T001: 構造` and `### TASK-001: 構造 [P]` (mixseek/mixseek-core).
 * Such a task's lines are its heading's section, and its steps are the boxes there: it is done
 * when its heading says so (`✅`, `[x]`) or every box is checked, in progress when some are,
 * else open.
 */
import { headingTitle, type Outline } from './outline.js';
import { BOXED_HEADING, HEADING_DONE, readBox, titleKey, type Box } from './kit-read.js';
import type { Picked } from './pick-items.js';
import { PART_CODE, REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';

/** What a reader makes of a heading's title (the heading: outline entry `index`): the task's id (with its scope) and title, or `null` (no task). */
export type HeadingTaskOf = (title: string, index: number) => { readonly id: string; readonly title: string } | null;

/**
 * The tasks `taskOf` finds among the headings of `outline`, into `picked` and `boxes` (a task
 * with no box of its own gets its steps' state); whether there were any. One pass (the headings
 * open at once are at most six).
 */
export function headingTasks(outline: Outline, taskOf: HeadingTaskOf, picked: Map<number, Picked>, boxes: Map<number, Box>): boolean {
  const open: { readonly index: number; readonly level: number; done: number; dropped: number; all: number }[] = [];
  const settle = (level: number): void => {
    for (let task = open.at(-1); task !== undefined && task.level >= level; task = open.at(-1)) {
      open.pop();
      // Steps that will not be done (`[SKIP]`) hold no work open: every other step done is the task done; all of them, dropped.
      const left = task.all - task.done - task.dropped;
      if (!boxes.has(task.index)) boxes.set(task.index, left === 0 && task.all > 0 ? (task.done > 0 ? 'x' : 'dropped') : task.done === 0 ? ' ' : '-');
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
      open.push({ index: i, level: entry.level, done: 0, dropped: 0, all: 0 });
      return;
    }
    const box = entry.kind === 'item' && open.length > 0 ? readBox(entry.text) : null;
    if (box === null) return;
    for (const task of open) {
      task.all += 1;
      if (box.box === 'x') task.done += 1;
      else if (box.box === 'dropped') task.dropped += 1;
    }
  });
  settle(0);
  return any;
}

/**
 * A line of a task's own that says it is done: its status label, then `✅` (`**Status**: ✅
 * **COMPLETED** (2025-11-20)`). Not any label: a phase's `**Checkpoint**: ✅ …` after its last
 * task is the phase's.
 */
const STATUS_DONE = /^(?:\*\*)?(?:Status|Estado|Statut|Stato|ステータス|状態|状态)(?:\*\*)?[ \t]*[:：](?:\*\*)?[ \t]*✅/i;
/** A line that opens or closes a fenced code block. */
const FENCE = /^ {0,3}(?:```|~~~)/;

/** The line of the first heading after outline entry `index` (the end of a heading task's own lines), or `Infinity`. */
export function nextHeadingLine(outline: Outline, index: number): number {
  for (let i = index + 1; i < outline.entries.length; i += 1) if (outline.entries[i]!.kind === 'heading') return outline.entries[i]!.line;
  return Infinity;
}

/** Whether a heading task's own lines (`text` from file line `first`, before line `stop`), outside code blocks, give its status as done. */
export function saysDone(text: string, first: number, stop: number): boolean {
  let fenced = false;
  let line = first;
  for (let at = 0; at <= text.length && line < stop; line += 1) {
    const end = text.indexOf('\n', at);
    const each = text.slice(at, end === -1 ? text.length : end);
    if (FENCE.test(each)) fenced = !fenced;
    else if (!fenced && STATUS_DONE.test(each)) return true;
    if (end === -1) break;
    at = end + 1;
  }
  return false;
}

/**
 * A heading numbered in two parts or more, its marks after the number, then its title (`### 1.1.1 [P] 创建项目目录结构`:
 * YILIXING/my-meeting-recording, 101 tasks; `### ✅ 2.3 Title`; after a colon, `、` or a dash: `### 1.1.1: Title`). Groups: the
 * number, the marks, the title.
 */
const NUMBERED_TASK_HEADING = /^(?:✅[ \t]*)?(\d{1,3}(?:\.\d{1,3})+)\.?((?:[ \t]+\[[^\]\n]*\])*)(?:[ \t]*[:：、\-–—][ \t]*|[ \t]+)(\S.*)$/;

/**
 * In a tasks file that holds no box at all (D-511): its headings numbered in two parts or more
 * (`### 1.1.1 [P] Title`) that hold no other such heading, by outline index, with their number
 * and title — tasks `T1.1.1`; the headings that hold them (`## 1.1 Scaffolding`) group them. A
 * file that numbers only its sections (`## 1. Overview`) gives none. `null` when the file
 * holds a box or no such heading. One pass, and one more over the headings found.
 */
export function numberedTaskHeadings({ entries }: Outline): Map<number, { readonly number: string; readonly title: string }> | null {
  const numbered = new Map<number, { readonly number: string; readonly title: string }>();
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'item' && readBox(entry.text) !== null) return null;
    const match = entry.kind === 'heading' ? NUMBERED_TASK_HEADING.exec(headingTitle(entry.text)) : null;
    if (match !== null) numbered.set(i, { number: match[1]!, title: match[3]!.trim() });
  }
  if (numbered.size === 0) return null;
  const { headings } = headingsHolding(entries, (i) => numbered.has(i), () => false);
  for (const i of [...numbered.keys()]) if (headings[i] === true) numbered.delete(i);
  return numbered;
}

/**
 * For a file whose tasks are numbered headings (`numberedTaskHeadings`): the task numbers a number
 * written in a dependency names — the task so numbered, or each task of the group so numbered
 * (`1.1`: `1.1.1`, `1.1.2`, a review) — none for another number (`Python 3.11`). Linear: a task
 * number is listed under each of its prefixes.
 */
export function numberedTasksOf(headings: ReadonlyMap<number, { readonly number: string }>): (number: string) => readonly string[] {
  const under = new Map<string, string[]>();
  for (const { number } of headings.values()) {
    for (let at = number.length; at > 0; at = number.lastIndexOf('.', at - 1)) {
      const prefix = number.slice(0, at);
      const list = under.get(prefix);
      if (list === undefined) under.set(prefix, [number]);
      else if (list.at(-1) !== number) list.push(number);
    }
  }
  return (number) => under.get(number) ?? [];
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
 * `### - [x] T001 [US1] CMake …`: 5rbit/mxrc), or one before it under a progress heading (`## Progress Update` over `- [X] T001 —
 * Project structure created`: D-572). A box list before its tasks' detail headings (`- [x] T001 …`, then
 * `### T001: Create Entry Point`), or a later box that cites (`- [x] T002 … (FR-001)`), stays as it was: ID_DUPLICATE. With
 * `takeState` (OpenSpec), a box is a recap only with its heading's title, and a heading task with no mark and no open
 * step takes the dropped box's state.
 */
export function dropRecaps(outline: Outline, picked: Map<number, Picked>, boxes: Map<number, Box>, takeState = false, sameTitle = takeState): void {
  const { entries } = outline;
  let lines: string[] | undefined;
  const headed = new Map<string, number>();
  for (const [i, item] of picked) if (entries[i]!.kind === 'heading' && !headed.has(item.id)) headed.set(item.id, i);
  for (const [i, item] of picked) {
    const entry = entries[i]!;
    const heading = headed.get(item.id);
    if (entry.kind === 'heading' || heading === undefined) continue;
    // One line: its first paragraph one line, no item nested in it (a list's last item ends at the blank line after it).
    const recap = !entry.text.includes('\n') && entries[i + 1]?.parent !== i && !CITES.test(entry.text);
    // Before its heading, only a progress log's line (`## Progress Update (2025-10-13)` over `- [X] T001 — Project structure created`,
    // the tasks `### T001: Create project structure [P]` further down: astrosteveo/pulse, D-572); a plain list is the tasks (above).
    const logged = heading > i;
    if (logged && !(recap && entry.heading >= 0 && PROGRESS_HEADING.test(headingTitle(entries[entry.heading]!.text)))) continue;
    if (entry.heading !== heading && !recap) continue;
    // OpenSpec: a box of another title is another task numbered the same (`- [x] Task 1: Write the migration guide`): ID_DUPLICATE (a review).
    if (sameTitle && plainTitle(item.title) !== plainTitle(picked.get(heading)!.title)) continue;
    // The list ticks a heading task with no mark of its own (`## 总体进度追踪` over `- [x] Task 1: …`: Cool-B/douniu; `- [X] T1.1 …` under
    // `## Verificación de trazabilidad visual`: jorge-robledo11/web-app), not over open steps.
    // Not a heading that writes its own box or status (`### - [ ] T001 …`, `**Status**: 🔄 In progress`), nor from a box of
    // other words than its title (`- [x] T001 Write migration guide` under `### T001 Set up project`): reviews.
    const own = entries[heading]!;
    // (A progress log's line says what became of the task in its own words: `T001 — Project structure created`.)
    if (!takeState || boxes.get(heading) !== ' ' || BOXED_HEADING.test(headingTitle(own.text)) || (!logged && !similar(item.title, picked.get(heading)!.title)) || openUnder(entries, heading)) {
      picked.delete(i);
      boxes.delete(i);
      continue;
    }
    lines ??= outline.body.split('\n');
    const stop = entries[sectionEnd(entries, heading)]?.line ?? Infinity;
    let status = false;
    for (let line = own.line + 1; line < stop && line - outline.bodyLine < lines.length && !status; line += 1) {
      const text = lines[line - outline.bodyLine] ?? '';
      status = STATUS_LABEL.test(text) && !SAYS_DONE.test(text);
    }
    if (!status) boxes.set(heading, boxes.get(i)!);
    picked.delete(i);
    boxes.delete(i);
  }
}
/** A heading over a progress log, not over tasks (`## Progress Update`, `## Status`, `## 进度`, `## 進捗`). */
const PROGRESS_HEADING = /\b(?:progress|status|changelog|completed)\b|进度|進度|进展|進捗|진행[ \t]*상황/i;

/** A title as compared with another: without marks of done, its case and spaces aside. */
export const plainTitle = (title: string): string => titleKey(title.replace(HEADING_DONE, ''));

/** A task's status label (`**Status**: …`, in the team's language); one whose value opens with done (`✅ Completed`, `Done`, `已完成`; not `Not completed`, `未完成`, `完成待ち`) does not hold the list's tick back. */
const STATUS_LABEL = /^(?:\*\*)?(?:Status|Estado|Statut|Stato|ステータス|状態|状态)(?:\*\*)?[ \t]*[:：]/i;
const SAYS_DONE = /[:：](?:\*\*)?[ \t]*(?:\*\*)?[ \t]*(?:✅|(?:done|completed?|finished)\b|已完成|完成(?!待)|完了(?!待)|済)/i;

/** The index of the first entry after heading `index` that is a heading of its level or higher (its section's end), or `entries.length`. */
function sectionEnd(entries: Outline['entries'], index: number): number {
  const level = entries[index]!.level;
  let i = index + 1;
  while (i < entries.length && !(entries[i]!.kind === 'heading' && entries[i]!.level <= level)) i += 1;
  return i;
}

/**
 * Whether two titles say the same work: the same, or more than two thirds of the shorter's words are the other's (`titleWords`).
 */
export function similar(a: string, b: string): boolean {
  if (plainTitle(a) === plainTitle(b)) return true;
  const [x, y] = [titleWords(a), titleWords(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return small.size > 0 && shared * 3 > small.size * 2;
}

/**
 * A title's words as `similar` compares them: words of three letters or more, and in Chinese, Japanese or Korean each pair of
 * characters (`ユーザー認証を実装` of `ユーザー認証を実装する`: a review). A word is of one script (`Unity同期` is `unity` and `同期`),
 * and in a title that writes Chinese, Japanese or Korean a word of two letters counts too (`DB設計` is not `UI設計`: a review).
 */
export function titleWords(title: string): Set<string> {
  const out = new Set<string>();
  const words = title.toLowerCase().match(WORD) ?? [];
  const cjk = words.some((word) => CJK.test(word));
  for (const word of words) {
    if (!CJK.test(word)) {
      if (word.length >= (cjk ? 2 : 3)) out.add(word);
      continue;
    }
    const chars = [...word];
    if (chars.length === 1) out.add(word);
    for (let k = 0; k + 1 < chars.length; k += 1) out.add(chars[k]! + chars[k + 1]!);
  }
  return out;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A word of one script: a run of Chinese, Japanese or Korean (with `ー`), or of other letters and digits (`Unity同期` is two: a review of D-525). */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー])[\p{L}\p{N}])+/gu;

/** Whether the section of heading `index` holds a box still open (not checked, nor dropped). */
function openUnder(entries: Outline['entries'], index: number): boolean {
  const end = sectionEnd(entries, index);
  for (let i = index + 1; i < end; i += 1) {
    const entry = entries[i]!;
    const box = entry.kind === 'item' ? readBox(entry.text) : null;
    if (box !== null && (box.box === ' ' || box.box === '-')) return true;
  }
  return false;
}

/** A requirement's id in a box's text (not a story mark `[US1]`, nor `UTF-8`). */
const CITES = new RegExp(`\\b(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d`);
