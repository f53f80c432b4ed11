/**
 * Spec Kit tasks kept as a table's rows (D-568): `| ID | Task | Supports | Testable Outcome |` over `| T001 | Confirm or create the
 * iOS SwiftUI app target. | PRD-001 AC1, … | … |` (mkelley64/tarneeb-sdd-project, 1,681 rows in nine features), `| ID | Pri | Tarefa
 * | Status |` over `| T-01 | P0 | Ler spec, plano e constitution | [x] |` (Kadu207/inova-crm-ai), `| ID | Task | 파일 | 의존성 |` over
 * `| T001 | [ ] [B] 기존 Todo 타입에 … | … | - |` (eugaang/mytodo). In a tasks.md that writes its tasks no other way, each row whose
 * id column holds a task's id is that task: its title the task column's cell (else the cell after the id), its state the status
 * column's (a box or a word) or a box opening its title; no state written, none (its state unwritten, as a task without a box).
 * The table is read by its header: the id column is one headed `ID`, `#`, `Task ID` (or the row's first cell, where it writes
 * `T001` with three digits or more, as the template numbers); a dependency column (`Depends on`, `의존성`, `依赖`) names the tasks
 * the row waits for. Rows inside a fence or an HTML comment are none (table-rows.ts); every line is looked at once.
 */
import { forEachTableRow } from './table-rows.js';
import { ItemRefs, MAX_ITEM_REFS, type Box, type KitItem } from './kit-read.js';
import { oneLine, type Outline } from './outline.js';
import type { Span } from './pick-items.js';

/** A row that may be a task's: its first cell an id (`| T001 |`, `| T-01 |`); `tableTasks` reads the table by its header. */
export const TASK_ROWS = /^[ \t]*\|[ \t]*(?:\*\*)?(?:T-?\d+[a-z]?|TASK-\d+)(?:\*\*)?[ \t]*\|/m;

/**
 * The tasks of `outline`'s task tables as items of `scope`, each with the references `refsOf` finds in its row (as a list item's in
 * its lines: its `[USn]`, `FR-` ids, the headings it is under — `before`, the outline entry above it) and the tasks its dependency
 * cell names; `context`: a task's documents. Linear: one pass over the rows, and over the entries beside it.
 */
export function rowTasks(outline: Outline, scope: string, context: readonly string[], marks: RegExp, refsOf: (item: { readonly id: string }, span: Span, refs: ItemRefs, index: number, before: number) => void): KitItem[] {
  const items: KitItem[] = [];
  let before = -1;
  for (const row of tableTasks(outline.body, outline.bodyLine)) {
    while (before + 1 < outline.entries.length && outline.entries[before + 1]!.line < row.line) before += 1;
    const id = `${scope}/${row.id}`;
    const refs = new ItemRefs(Math.min(MAX_ITEM_REFS, row.text.length));
    refsOf({ id }, { line: row.line, end: row.line, text: row.text, lineAt: () => row.line }, refs, -1, before);
    for (const wait of row.waits) refs.add({ relation: 'depends_on', id: `${scope}/${wait}`, line: row.line, written: row.depends });
    const cut = refs.cut === 0 ? null : { kept: refs.refs.length, count: refs.cut, line: refs.cutLine };
    items.push({ id, type: 'task', title: oneLine(row.title.replace(marks, '')), line: row.line, end: row.line, text: row.text, box: row.box, refs: refs.refs, cut, context });
  }
  return items;
}

/** A task read from a table's row: its id (after the scope), title, state, line (the file's), the row's text, the tasks its dependency cell names. */
export interface TableTask {
  readonly id: string;
  readonly title: string;
  readonly box: Box | null;
  readonly line: number;
  readonly text: string;
  readonly waits: readonly string[];
  /** The dependency cell as written. */
  readonly depends: string;
}

/** A task's id in a cell (`T001`, `**T001**`, `T-01`, `T012a`, `TASK-004`). */
const ID_CELL = /^(?:\*\*)?(T-?\d+[a-z]?|TASK-\d+)(?:\*\*)?$/;
/** The template's id, three digits or more: a first column read without a header that names it (not a test case's `| T1 |`). */
const TEMPLATE_ID = /^(?:\*\*)?(?:T-?\d{3,}|TASK-\d+)(?:\*\*)?$/;
const ID_HEADER = /^(?:ids?|#|no\.?|nr\.?|n[º°]|task[ \t]*ids?|tarea[ \t]*id|tarefa[ \t]*id|タスク[ \t]*id|任务[ \t]*id|任務[ \t]*id|번호|编号|編號|番号)$/i;
const TITLE_HEADER = /^(?:tasks?|task[ \t]*(?:names?|titles?|descriptions?)|titles?|names?|summary|descriptions?|desc\.?|tarefas?|tareas?|t[âa]ches?|aufgaben?|タスク|タスク名|内容|任务|任務|任务名称|描述|說明|说明|작업|과제|설명|내용)$/i;
const STATUS_HEADER = /^(?:status|state|estado|statut|zustand|状态|狀態|ステータス|状態|상태|done|完了|완료|✓|✅)$/i;
const DEPENDS_HEADER = /^(?:depends(?:[ \t]+on)?|dependenc(?:y|ies)|deps|blocked[ \t]+by|after|requires|pré-requisitos?|dependências?|dependencias?|依赖|依存|依存関係|前置|의존성|선행)$/i;
/** A box in a cell, or opening a title (`[ ] [B] 기존 …`). */
const CELL_BOX = /^\[([ xX~\-])\][ \t]*/;
/** A status cell's first word or mark: done (`✅ Done`, `完了`), dropped (`N/A`, `Skipped`), under way (`⏳`, `In progress`); `\b` sees ASCII words only, so the end is a letter's or digit's absence. */
const DONE_WORDS = /^(?:✅|✔️?|✓|☑️?|[xX]|done|complete|completed|finished|closed|concluíd[oa]|conclu[ií]do|feito|hecho|terminad[oa]|fait|erledigt|完了|済|完成|已完成|완료)(?![\p{L}\p{N}])/iu;
const DROPPED_WORDS = /^(?:⏭️?|n\/a|skip(?:ped)?|cancell?ed|dropped|won'?t[ \t]+do|descartad[oa]|cancelad[oa]|取消|已取消|中止|취소)(?![\p{L}\p{N}])/iu;
const DOING_WORDS = /^(?:🔄|⏳|🚧|in[ \t-]*progress|wip|doing|started|em[ \t]+andamento|en[ \t]+curso|en[ \t]+cours|進行中|进行中|진행)/iu;
/** The task ids a dependency cell names (`T002`, `T-01, T-02`). */
const TASK_IDS = /\bT-?\d+[a-z]?\b|\bTASK-\d+\b/g;
/** At most this many tasks a dependency cell names. */
const MAX_WAITS = 50;

/** The tasks `body`'s task tables hold, in file order; `bodyLine`: the file line of the body's first line. */
export function tableTasks(body: string, bodyLine: number): TableTask[] {
  const out: TableTask[] = [];
  const seen = new Set<string>();
  forEachTableRow(body, columnsOf, (cells, columns, index, _text, raw) => {
    const cell = cells[columns.id] ?? '';
    const id = (columns.named ? ID_CELL : TEMPLATE_ID).test(cell) ? ID_CELL.exec(cell)![1]! : null;
    // A row whose id a row above wrote is a recap (a progress table after the tasks'), no second task.
    if (id === null || seen.has(id)) return;
    seen.add(id);
    let title = cells[columns.title] ?? '';
    let box: Box | null = null;
    const status = columns.status === -1 ? null : (cells[columns.status] ?? '');
    if (status !== null) box = stateOf(status);
    const opening = CELL_BOX.exec(title);
    if (opening !== null) {
      box ??= boxOf(opening[1]!);
      title = title.slice(opening[0].length);
    }
    const depends = columns.depends === -1 ? '' : (cells[columns.depends] ?? '');
    const waits = [...new Set(depends.match(TASK_IDS) ?? [])].filter((each) => each !== id).slice(0, MAX_WAITS);
    out.push({ id, title: title.trim(), box, line: bodyLine + index, text: raw, waits, depends });
  });
  return out;
}

/**
 * The columns a header names (with no id column named, the first: its cells must then write the template's ids); `null` where it
 * names no title column beside the id's — a table of dependencies (`| Task | Depends on |`), states (`| Task | Status |`) or
 * requirements (`| Task | Requirement |`) over tasks written elsewhere is no list of tasks (a review).
 */
function columnsOf(header: readonly string[]): { id: number; title: number; status: number; depends: number; named: boolean } | null {
  const find = (pattern: RegExp, other = -1): number => header.findIndex((cell, k) => k !== other && pattern.test(cell.replace(/\*\*/g, '').trim()));
  const named = find(ID_HEADER);
  const id = named === -1 ? 0 : named;
  const title = find(TITLE_HEADER, id);
  return title === -1 ? null : { id, title, status: find(STATUS_HEADER), depends: find(DEPENDS_HEADER), named: named !== -1 };
}

/** A status cell's state: a box, a word or mark of done or of work going on; any other text (`pending`, `⬜`, `-`) is open; empty, unwritten. */
function stateOf(cell: string): Box | null {
  const text = cell.replace(/\*\*/g, '').trim();
  if (text === '') return null;
  const box = CELL_BOX.exec(text);
  if (box !== null) return boxOf(box[1]!);
  return DONE_WORDS.test(text) ? 'x' : DROPPED_WORDS.test(text) ? 'dropped' : DOING_WORDS.test(text) ? '-' : ' ';
}

const boxOf = (mark: string): Box => (mark === 'x' || mark === 'X' ? 'x' : mark === ' ' ? ' ' : '-');
