/**
 * A Kiro tasks.md's traceability table (jey3dayo/pr-insights-labeler, a sixtieth round: `| Task | 対応要件 |` over
 * `| 4.1-4.5 | 5.1-5.4, 7.1-7.4 |`, and `| Requirement | Summary | Covered by Tasks |` over `| 1.2 | 翻訳リソース読み込み | 1.1, 1.3 |`):
 * its numbers are a task's or a requirement's by the words of the table's header, and each task a row names implements each
 * criterion (or whole requirement) it names. Only a header whose cells are those words, and maybe a word of which (`Covered by
 * Tasks`, `対応要件`, `要件カテゴリ`, `Requirements covered`), over a delimiter row: not `# Tasks`, `Task status`, `タスク数`,
 * `Requirements coverage %` (counts, states and estimates: a review). A row's cells must hold numbers only (a requirement's may
 * open with its label: `要件2: PR全体の複雑度集計`). Rows inside a fence, an indented code block or an HTML comment are none.
 * Linear: each line is looked at once, at most `MAX_ITEM_REFS` ids a row.
 */
import { forEachTableRow } from './table-rows.js';
import { MAX_ITEM_REFS, numberList } from './kit-read.js';
import type { Mappings } from './speckit-mappings.js';

/** A header cell that names the tasks; one that names the requirements. */
const TASK_HEADER = /^(?:(?:covered by|implemented by|implementing|related|対応|関連|对应|對應)[ \t]*)?(?:tasks?(?:[ \t]*ids?)?|tareas?|tarefas?|タスク(?:ID)?|任务|任務)$/i;
const REQUIREMENT_HEADER = /^(?:(?:covered|related|対応|関連|对应|對應)[ \t]*)?(?:requirements?(?:[ \t]*(?:ids?|covered))?|reqs?|requisitos?|requerimientos?|要件(?:ID|カテゴリ)?|需求|要求)$/i;
/** A cell of numbers only (`4.1-4.5, 10.1`); a requirement's with its label and title (`要件2: PR全体の複雑度集計`: group 1). */
const NUMBERS_CELL = /^[\d.,、，;\s~～〜–—-]*\d[\d.,、，;\s~～〜–—-]*$/;
const LABELLED_CELL = /^(?:要件|需求|Requirements?|Req\.?)[ \t]*(\d+(?:\.\d+)?)[ \t]*[:：]/i;
/** A range of tasks (`2.1-3.2`: across parents, the file's tasks between them). */
const TASK_RANGE = /^(\d+(?:\.\d+)*)[ \t]*[-–—~～〜][ \t]*(\d+(?:\.\d+)*)$/;
/** At most this many characters of a row are quoted as what a reference was written in. */
const WRITTEN_CHARS = 120;

/**
 * The requirements each task of `body`'s traceability tables implements, by task id (`<scope>/T4.1`: `R5.1`, `R7`, …); `order`:
 * the file's task ids in file order (a range of tasks across parents names those between its ends).
 */
export function traceTables(body: string, bodyLine: number, scope: string, order: readonly string[]): Mappings {
  const out: Mappings = new Map();
  const place = new Map(order.map((id, k) => [id, k]));
  const columnsOf = (header: string[]): { tasks: number; requirements: number } | null => {
    const columns = { tasks: header.findIndex((cell) => TASK_HEADER.test(cell)), requirements: header.findIndex((cell) => REQUIREMENT_HEADER.test(cell)) };
    return columns.tasks === -1 || columns.requirements === -1 ? null : columns;
  };
  forEachTableRow(body, columnsOf, (cells, columns, index, text) => {
    const { tasks, requirements } = columns;
    if (cells.length <= Math.max(tasks, requirements) || !NUMBERS_CELL.test(cells[tasks]!)) return;
    const labelled = LABELLED_CELL.exec(cells[requirements]!);
    const numbers = labelled !== null ? [labelled[1]!] : NUMBERS_CELL.test(cells[requirements]!) ? numberList(cells[requirements]!, MAX_ITEM_REFS, 'requirement').numbers : [];
    if (numbers.length === 0) return;
    const ids = numbers.map((n) => `R${n}`);
    const written = text.trim().slice(0, WRITTEN_CHARS);
    for (const task of tasksOf(cells[tasks]!, scope, place, order)) {
      let each = out.get(task);
      if (each === undefined) out.set(task, (each = []));
      each.push({ ids, line: bodyLine + index, written });
    }
  });
  return out;
}

/** The task ids a cell names (`1.1-1.5, 10.1`; `2.1-3.2` across parents: the file's tasks between), at most `MAX_ITEM_REFS`. */
function tasksOf(cell: string, scope: string, place: ReadonlyMap<string, number>, order: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of cell.split(/[,、，;]/)) {
    const range = TASK_RANGE.exec(part.trim());
    const from = range === null ? undefined : place.get(`${scope}/T${range[1]!}`);
    const to = range === null ? undefined : place.get(`${scope}/T${range[2]!}`);
    if (from !== undefined && to !== undefined && from <= to) for (let k = from; k <= to && out.length < MAX_ITEM_REFS; k += 1) out.push(order[k]!);
    else for (const n of numberList(part, MAX_ITEM_REFS - out.length, 'task').numbers) out.push(`${scope}/T${n}`);
    if (out.length >= MAX_ITEM_REFS) break;
  }
  return out;
}
