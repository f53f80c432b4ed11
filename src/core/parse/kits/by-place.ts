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
  /** A numbered list (not of boxes): the tasks written another way, unless it is a section's notes beside a section of tasks. */
  let list = false;
  let listOfTasks = false;
  let boxOfTasks = false;
  /** Whether heading `i` names tasks (`## Tasks`, `### Pendente`), by index: read once each. */
  const named: (boolean | undefined)[] = [];
  const names = (i: number): boolean => i !== -1 && (named[i] ??= TASKS_TITLE.test(headingTitle(entries[i]!.text)));
  for (const [i, entry] of entries.entries()) {
    if (entry.kind === 'heading') {
      const title = headingTitle(entry.text);
      if (NAMED_TASK_HEADING.test(title) || (holding[i] !== true && NUMBERED_HEADING.test(title))) return false;
      continue;
    }
    if (entry.kind !== 'item') continue;
    const box = readBox(entry.text);
    if (box !== null && legendBox(entries, i)) continue;
    if (box === null && entry.parent === -1 && entry.ordered) (list = true), (listOfTasks ||= names(entry.heading));
    if (box !== null && !PLACEHOLDER.test(box.rest.trim())) (real = true), (boxOfTasks ||= names(entry.heading));
  }
  // A numbered list under no heading that names tasks beside boxes under one (`## Estratégia em camadas` / `1. **OFX genérico** — …`,
  // then `## Tasks` / `- [ ] **MNT-112** …`: Felpasw/moneta, 37 tasks had gone unread) is the file's notes.
  return real && (!list || (boxOfTasks && !listOfTasks));
}
/**
 * A heading that names tasks, or a state of them (`## Tasks (todas [DEFERRED])`, `### Pendente`, `## 任务`): the boxes under it
 * are tasks. The words are the whole title, but for one word before them and a note after a bracket, colon or dash: not
 * `## Definition of Done`, `## Task completion checklist`, `## 任务验收标准` (checklists: a review).
 */
const TASKS_TITLE = /^(?:\S+[ \t]+)?(?:(?:tasks?|tarefas?|tareas?|tâches?|aufgaben?)(?:[ \t]+list)?|задачи|(?:任务|任務|タスク|작업)(?:列表|一覧|リスト|清单|목록)?)(?:(?:[ \t]*[(（:：]|[ \t]+[—–-]).*)?$|^(?:to[ -]?do|pending|completed?|done|in progress|backlog|conclu[ií]d[oa]s?|pendentes?|pendientes?|completad[oa]s?|em andamento|en (?:curso|progreso)|feito|hecho|已完成|未完成|进行中|待办|完了|未完了|進行中)[ \t]*$/i;
/** A heading that names a task by its id (`T1.`, `T-001`, `Task 3`): over boxes, they are its steps. */
const NAMED_TASK_HEADING = /^(?:✅[ \t]*)?(?:T-?|Task[ \t]*)\d/i;
/** A heading that opens with a number (`1.`, `2.1`, `✅ 4.`). */
const NUMBERED_HEADING = /^(?:✅[ \t]*)?\d/;
/** A table row that opens with a task's id as the template writes it (`| T001 | Create project structure | done |`): the tasks are the table's rows (a review); not a test case's `| T1 |`. */
export const TASK_ROW = /^[ \t]*\|[ \t]*(?:\*\*)?(?:T-?\d{3,}|TASK-\d+)(?:\*\*)?[ \t]*\|/m;
/**
 * A heading that is a legend's title and nothing more (`## Status Legend`, `## Leyenda de estados`, `### 凡例:`), not one that
 * names a legend among other words (`## Chart legend`, `## Tasks (legend: [x] done)`: a review).
 */
const LEGEND_TITLE = /^(?:(?:status|state|task|tasks)[ \t]+)?(?:legend|leyenda|legenda|légende|legende|凡例|图例|圖例|범례)(?:[ \t]+(?:de|dos|des)[ \t]+(?:estados?|status|états?))?[ \t]*[:：]?$/i;
/** The most entries a legend has. */
const LEGEND_ENTRIES = 12;

/**
 * Whether the box at outline index `i` is an entry of a legend of the boxes' states (`## Status Legend` over `- [ ] Pendiente`,
 * `- [x] Completado`, `- [-] En progreso`: No-Country-simulation/S07-26-Team-26, 18 boxes read as tasks in six features, D-543): no
 * task. Only the one list right under a heading that is a legend's title, its items one line after another (a blank line after the
 * heading at most), a few of them: the tasks written after it under the same heading, past a blank line or a rule, are tasks (a
 * review). Bounded: at most `LEGEND_ENTRIES` entries looked at.
 */
export function legendBox(entries: Outline['entries'], i: number): boolean {
  const heading = entries[i]!.heading;
  if (heading === -1 || i - heading > LEGEND_ENTRIES) return false;
  let last = entries[heading]!.line + 1;
  for (let k = heading + 1; k <= i; k += 1) {
    const entry = entries[k]!;
    if (entry.kind !== 'item' || entry.parent !== -1 || entry.line > last + 1) return false;
    last = entry.last;
  }
  return LEGEND_TITLE.test(headingTitle(entries[heading]!.text));
}
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
    if (box === null || legendBox(entries, i)) continue;
    picked.set(i, { id: `${scope}/T#${(n += 1)}`, type: 'task', title: oneLine(box.rest), parent: enclosing(entries, picked, i) });
    boxes.set(i, box.box);
  }
}
