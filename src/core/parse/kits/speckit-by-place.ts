/**
 * A Spec Kit tasks.md that gives its tasks no id (`- [ ] Initialize Next.js Application`): each box a task by its place, as
 * OpenSpec's are — or by the number it writes as Kiro's do (`- [x] 1.1 Title`, a cc-sdd file under specs/); or numbered items
 * that open with a task's id in bold, the box after it (`boldIdTasks`); or list items with a task's id and no box (`boxlessTasks`).
 */
import { oneLine, type Outline } from './outline.js';
import { boldTaskId, readBox, type Box } from './kit-read.js';
import { enclosing, type Picked } from './pick-items.js';
import { legendBox, TASK_ROW } from './by-place.js';
import { unboldTitle } from './kiro-task-forms.js';

/** Every box of `outline` as a task numbered by its place (`T#1`, `T#2`, …), nested in the task it is in. */
export function boxesByPlace({ entries }: Outline, scope: string, picked: Map<number, Picked>, boxes: Map<number, Box>, marks: RegExp): void {
  const taken = new Set<string>();
  let n = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const box = entry.kind === 'item' ? readBox(entry.text) : null;
    // A box that is a phase's heading (`- [x] ## Phase 1 — Database & Model`, over the phase's tasks: AlyOmer/Event-AI) is none.
    if (box === null || /^#{1,6}[ \t]/.test(box.rest) || legendBox(entries, i)) continue;
    // A box that writes a number as Kiro's do (`- [x] 1.1 (P) Title`, a cc-sdd file under specs/; in bold, `- [x] **1.1: Create …**`:
    // Event-AI): that task, by its number.
    const numbered = BOX_NUMBER.exec(box.rest) ?? BOX_WORD_TASK.exec(box.rest);
    const byNumber = numbered !== null && !taken.has(numbered[1]!);
    if (byNumber) taken.add(numbered[1]!);
    const id = byNumber ? `T${numbered[1]!}` : `T#${(n += 1)}`;
    picked.set(i, { id: `${scope}/${id}`, type: 'task', title: oneLine((byNumber ? (numbered[0].startsWith('**') ? unboldTitle(numbered[2]!) : numbered[2]!) : box.rest).replace(marks, '')), parent: enclosing(entries, picked, i) });
    boxes.set(i, box.box);
  }
}

/** Whether a list item is a box that writes a task's number (`- [x] 1.1 (P) Title`, `- [ ] **Task 2**: Title`). */
export function numberedBox(text: string): boolean {
  const box = readBox(text);
  return box !== null && (BOX_NUMBER.test(box.rest) || BOX_WORD_TASK.test(box.rest));
}

/**
 * A task number written as Kiro writes it after a box (`1.`, `1.1`; a whole number keeps its dot), then the text; or in bold words
 * (`**任务 1.4**: …`, `**Task 2** [P]: …`: biqiangwu/flowerSalesSystem; the bold closed after the title, `**Task 1: Auth Service &
 * API Layer**`: abd-alaziz-almufti/dental-clinic-frontend-with-nextjs).
 */
const BOX_NUMBER = /^(?:\*\*(?=\d+\.\d))?(\d+(?:\.\d+)+|\d+(?=\.))\.?(?:[:：](?=[ \t]))?[ \t]+([\s\S]*)$/;
const BOX_WORD_TASK = /^\*\*(?:Task|任务|任務|タスク|Tarea|Tarefa)[ \t]*(\d+(?:\.\d+)*)(?:\*\*[ \t]*(?:\[[^\]\n]*\][ \t]*)*[:：]?|[ \t]*[:：.\-–—](?!\d))[ \t]*([\s\S]*)$/;

/**
 * Numbered items that open with a task's id in bold, the box after it (`1.  **T018**: [x] Create a new React context …`, and
 * `1.  **T039**: Initialize Supabase Project …` with none: danscarf/toastmasters-ai-companion, a seventieth round): each that task, in
 * a file that gives no task otherwise and writes at least one so with a box (an item with none is open; `docugraph done` sets the box
 * after the id: box-splice.ts). Not bullets (a note's `- **T018**: reviewed`), nor items nested in another.
 */
export function boldIdTasks({ entries }: Outline, scope: string, picked: Map<number, Picked>, boxes: Map<number, Box>, marks: RegExp): void {
  const found: [number, string, Box, string][] = [];
  let boxed = false;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const bold = entry.kind === 'item' && entry.ordered && entry.parent === -1 ? BOLD_ID.exec(entry.text) : null;
    if (bold === null) continue;
    const box = readBox(bold[2]!);
    boxed ||= box !== null;
    found.push([i, bold[1]!, box?.box ?? ' ', box?.rest ?? bold[2]!]);
  }
  if (!boxed) return;
  for (const [i, id, box, rest] of found) {
    picked.set(i, { id: `${scope}/${id}`, type: 'task', title: oneLine(rest.replace(marks, '')), parent: null });
    boxes.set(i, box);
  }
}

/** A task's id in bold and a colon, then the rest (`**T018**: [x] Create …`). */
const BOLD_ID = new RegExp(String.raw`^${boldTaskId(true)}(\S[\s\S]*)$`);

/** A task's id written plain, as the template writes it (`T300`, `T012a`, `T4.1`), then its text. */
const PLAIN_TASK = /^(T\d+[a-z]?(?:\.\d+)*)(?![\w.-])[ \t:.]*([\s\S]*)$/;
/** A table cell that is a task's id, in any column (`| 1 | T001 | Setup |`: its tasks are the rows, a review). */
const TASK_CELL = /^[ \t]*\|.*\|[ \t]*(?:\*\*)?T-?\d{3,}(?:\*\*)?[ \t]*\|/m;
/** What opens a note on tasks, not a task's title: an arrow, a dependency word, another task's id, a range's dash (`- T001 → T002`, `- T001 before T002`, `- T001 – T005: Setup`). */
const NOTE_ON_TASKS = /^(?:→|->|=>|[-–—~～〜][ \t]*T\d|[,、&+/]|T\d|(?:before|after|blocks|blocked|unblocks|depends|requires|required|waits|then|and|or|with|needs|is|are|was|can|could|must|should|will|may|runs?|starts?|follows?)\b)/i;

/**
 * A tasks.md with no box at all that writes its tasks as list items opening with their id (`- T300 Migration + Models: …`,
 * `- T330 [P] \`LeadsListView.vue\`: …`: obsistemas/imobicalc, ten features): each item at the top of its list that opens with a
 * plain `T` id and a title is that task, its state unwritten (no box: `docugraph done` says so); two at least. Not a note on tasks
 * (`- T001 → T002 → T004` on a critical path, `- T001 before T002`), not an id's later items, not in a file whose tasks are a
 * table's rows (`| T001 | … |`: its dependency list is no task list: a review), nor an id in bold (`- **T018**: reviewed`).
 */
export function boxlessTasks(outline: Outline, scope: string, picked: Map<number, Picked>, marks: RegExp): void {
  const { entries } = outline;
  if (TASK_ROW.test(outline.body) || TASK_CELL.test(outline.body) || entries.some((entry) => entry.kind === 'item' && readBox(entry.text) !== null)) return;
  const found = new Map<number, Picked>();
  const ids = new Set<string>();
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const task = entry.kind === 'item' && entry.parent === -1 ? PLAIN_TASK.exec(entry.text) : null;
    // A dash between the id and the title is the title's separator (`- T001 — Input validation`: a review), not a range's.
    const title = task === null ? '' : task[2]!.replace(marks, '').trim().replace(/^[-–—][ \t]+(?!T\d)/, '');
    if (task === null || title === '' || NOTE_ON_TASKS.test(title) || readBox(title) !== null || ids.has(task[1]!)) continue;
    ids.add(task[1]!);
    found.set(i, { id: `${scope}/${task[1]!}`, type: 'task', title: oneLine(title), parent: null });
  }
  if (found.size >= 2) for (const [i, item] of found) picked.set(i, item);
}
