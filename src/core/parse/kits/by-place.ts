/**
 * Boxes read as tasks by their place (`T#1`, `T#2`, …: KITS §7) in a tasks file that gives no
 * task otherwise — Kiro's here; Spec Kit's and OpenSpec's readers number theirs alike — and
 * when a file may be read so.
 */
import { headingTitle, oneLine, type Outline } from './outline.js';
import { readBox, type Box } from './kit-read.js';
import { enclosing, type Picked } from './pick-items.js';
import { headingsHolding } from './heading-tasks.js';

/**
 * Whether a file that gives no task otherwise may read its boxes as its tasks, by place: not where its tasks are written
 * another way DocuGraph does not read and the boxes are their checklist — a numbered list of tasks (`1. Set up the
 * project` beside `## Definition of Done` boxes), a table of tasks by id (`| T001 | Create project structure |`), headings
 * that name a task (`## T1. Set up` over its steps) or numbered
 * headings over no box (`#### 1. 问题调查与分析 ✅` over a `## 验收标准` checklist: 1070470144/xueranzhonglou-wx) — nor where
 * every box is a template's placeholder (`- [ ] [Task description]`). Such a file is named on stderr instead (`validate`).
 * Bullets, tables and numbered headings over the boxes (`## 1. 基础能力`) are the file's notes and groups (reviews).
 */
export function mayReadByPlace({ entries, body }: Outline): boolean {
  if (TASK_ROW.test(body)) return false;
  const holding = headingsHolding(entries, () => false, (i) => readBox(entries[i]!.text) !== null).boxes;
  let real = false;
  for (const [i, entry] of entries.entries()) {
    if (entry.kind === 'heading') {
      const title = headingTitle(entry.text);
      if (NAMED_TASK_HEADING.test(title) || (holding[i] !== true && NUMBERED_HEADING.test(title))) return false;
      continue;
    }
    if (entry.kind !== 'item') continue;
    const box = readBox(entry.text);
    if (box === null && entry.parent === -1 && entry.ordered) return false;
    if (box !== null && !PLACEHOLDER.test(box.rest.trim())) real = true;
  }
  return real;
}
/** A heading that names a task by its id (`T1.`, `T-001`, `Task 3`): over boxes, they are its steps. */
const NAMED_TASK_HEADING = /^(?:✅[ \t]*)?(?:T-?|Task[ \t]*)\d/i;
/** A heading that opens with a number (`1.`, `2.1`, `✅ 4.`). */
const NUMBERED_HEADING = /^(?:✅[ \t]*)?\d/;
/** A table row that opens with a task's id as the template writes it (`| T001 | Create project structure | done |`): the tasks are the table's rows (a review); not a test case's `| T1 |`. */
const TASK_ROW = /^[ \t]*\|[ \t]*(?:\*\*)?(?:T-?\d{3,}|TASK-\d+)(?:\*\*)?[ \t]*\|/m;
/** A box's text that is a template's placeholder (`[Task description]`). */
const PLACEHOLDER = /^\[[^\]]*\]$/;

/**
 * Every box of a file that gives no task otherwise (`- [x] 共通フォーカストラップとテストを追加する`: cocoabreak/feathermd,
 * 129 tasks), as Spec Kit and OpenSpec read such boxes: `T#1`, `T#2`, … by place, nested in the task it is in.
 */
export function boxesByPlace({ entries }: Outline, scope: string, picked: Map<number, Picked>, boxes: Map<number, Box>): void {
  let n = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const box = entry.kind === 'item' ? readBox(entry.text) : null;
    if (box === null) continue;
    picked.set(i, { id: `${scope}/T#${(n += 1)}`, type: 'task', title: oneLine(box.rest), parent: enclosing(entries, picked, i) });
    boxes.set(i, box.box);
  }
}
