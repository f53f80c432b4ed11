/**
 * `tasks --format text` and `ready`: plain tables, every column but the last padded to its
 * widest cell. `tasks` shows ID, TYPE, STATUS, STATE, TITLE, and BLOCKED BY (before TITLE)
 * when some row is blocked; `ready` shows ID, UNBLOCKS, TITLE. Cells come from documents, so
 * they pass through `safe-text.ts`; widths are found in one loop (no argument spreading,
 * whatever the count).
 */
import type { Blocker, TaskSummary } from '../../core/index.js';
import { safeInline, safeLineStart } from './safe-text.js';

/** The most blockers a cell names before `+N more`. */
const MAX_BLOCKERS = 3;

/** Rows (the header first) as lines, every column but the last padded, with a final newline. */
function table(rows: readonly (readonly string[])[]): string {
  const columns = rows[0]!.length;
  const widths = new Array<number>(columns).fill(0);
  for (const row of rows) {
    for (let i = 0; i < columns - 1; i += 1) widths[i] = Math.max(widths[i]!, row[i]!.length);
  }
  const lines = rows.map((row) => row.map((cell, i) => (i === columns - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
  return `${lines.join('\n')}\n`;
}

/** `BE-02 (ready), REQ-9 (missing)`, at most three, then `+N more`. */
export function blockersCell(blockedBy: readonly Blocker[]): string {
  if (blockedBy.length === 0) return '-';
  const shown = blockedBy.slice(0, MAX_BLOCKERS).map((b) => `${safeInline(b.id)} (${b.state})`);
  return blockedBy.length > MAX_BLOCKERS ? `${shown.join(', ')} +${blockedBy.length - MAX_BLOCKERS} more` : shown.join(', ');
}

/** The table for `tasks`, one line per document after the header, with a final newline. */
export function renderTaskTable(tasks: readonly TaskSummary[]): string {
  const withBlockers = tasks.some((t) => t.state === 'blocked');
  const rows: string[][] = [withBlockers ? ['ID', 'TYPE', 'STATUS', 'STATE', 'BLOCKED BY', 'TITLE'] : ['ID', 'TYPE', 'STATUS', 'STATE', 'TITLE']];
  for (const t of tasks) {
    const row = [safeLineStart(t.id), safeInline(t.type ?? '-'), safeInline(t.status ?? '-'), t.state];
    if (withBlockers) row.push(blockersCell(t.blockedBy));
    row.push(safeInline(t.title));
    rows.push(row);
  }
  return table(rows);
}

/** The table for `ready`: ID, UNBLOCKS, TITLE, in the order given (most unblocking first). */
export function renderReadyTable(tasks: readonly TaskSummary[]): string {
  const rows: string[][] = [['ID', 'UNBLOCKS', 'TITLE']];
  for (const t of tasks) rows.push([safeLineStart(t.id), String(t.unblocks), safeInline(t.title)]);
  return table(rows);
}
