/**
 * `tasks --format text`: a plain table, ID, TYPE, STATUS, TITLE, the first three columns
 * padded to their widest cell. Cells come from documents, so they pass through
 * `safe-text.ts`; widths are found in one loop (no argument spreading, whatever the count).
 */
import type { TaskSummary } from '../../core/index.js';
import { safeInline, safeLineStart } from './safe-text.js';

const HEADER = ['ID', 'TYPE', 'STATUS', 'TITLE'] as const;

/** The table for `tasks`, one line per document after the header, with a final newline. */
export function renderTaskTable(tasks: readonly TaskSummary[]): string {
  const rows: (readonly [string, string, string, string])[] = [HEADER];
  for (const t of tasks) rows.push([safeLineStart(t.id), safeInline(t.type ?? '-'), safeInline(t.status ?? '-'), safeInline(t.title)]);
  const widths = [0, 0, 0];
  for (const row of rows) {
    for (let i = 0; i < 3; i += 1) widths[i] = Math.max(widths[i]!, row[i]!.length);
  }
  const lines = rows.map((r) => `${r[0].padEnd(widths[0]!)}  ${r[1].padEnd(widths[1]!)}  ${r[2].padEnd(widths[2]!)}  ${r[3]}`);
  return `${lines.join('\n')}\n`;
}
