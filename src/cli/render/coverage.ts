/**
 * `docugraph coverage` (TRACE §5): each coverage rule's count, and the documents it finds
 * uncovered, as a table for people, JSON, or Markdown (a PR comment or a job summary). Types
 * come from `docugraph.yml` and paths from the disk: they pass through `safe-text.ts`.
 */
import { groupThousands, type Coverage, type Relation, type UntracedFeature } from '../../core/index.js';
import { markdownText } from './diff-text.js';
import { safeInline } from './safe-text.js';

/** `covered` of `total` as a whole percentage rounded down (100% only when every one is covered); `—` for none. */
function percent(covered: number, total: number): string {
  return total === 0 ? '—' : `${Math.floor((covered * 100) / total)}%`;
}

const VERBS: Readonly<Record<Relation, string>> = { depends_on: 'depends on', implements: 'implements', verifies: 'verifies', refines: 'refines', related: 'is related to', supersedes: 'supersedes' };

/** Why a feature is not traced, in words (KITS §7). */
function untracedWhy(row: UntracedFeature): string {
  if (row.reason === 'no-stories') return 'its tasks name stories ([USn]) that its spec.md does not number';
  const plural = row.type.endsWith('criterion') ? `${row.type.slice(0, -2)}a` : row.type.endsWith('story') ? `${row.type.slice(0, -1)}ies` : `${row.type}s`;
  const items = `${groupThousands(row.count)} ${row.count === 1 ? row.type : plural}`;
  if (row.reason === 'defects') return `${items} under its bugfix.md's defect heading: what the fix removes, not what a task implements`;
  return row.reason === 'no-tasks' ? `${items}, no tasks` : `${items}; its tasks cite none of them by id`;
}

/**
 * The items of each type in features not held to coverage, which a row's total leaves out: said beside its percentage
 * (`— (21 not traced)`: a row of none read as if the repository had none, shek-a/car-rental-management-app, a fifty-ninth round).
 */
function notTraced(coverage: Coverage): (type: string) => string {
  const counts = new Map<string, number>();
  // (A held feature's bugfix defect clauses are listed below, not counted here: what a fix removes, not a feature not held.)
  for (const row of coverage.untraced ?? []) if (row.reason !== 'defects') counts.set(row.type, (counts.get(row.type) ?? 0) + row.count);
  return (type) => {
    const count = counts.get(type) ?? 0;
    return count === 0 ? '' : ` (${groupThousands(count)} not traced)`;
  };
}

export function renderCoverageText(coverage: Coverage): string {
  const rows: string[][] = [['TYPE', 'RELATION', 'COVERED', 'TOTAL', '%']];
  const more = notTraced(coverage);
  for (const row of coverage.rows) rows.push([safeInline(row.type), row.relation, groupThousands(row.covered), groupThousands(row.total), `${percent(row.covered, row.total)}${more(row.type)}`]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  '));
  if (coverage.missing.length > 0) {
    lines.push('', 'Not covered:');
    for (const gap of coverage.missing) lines.push(`  ${safeInline(gap.id)}  nothing ${VERBS[gap.relation]} it  ${safeInline(gap.path)}${gap.line === undefined ? '' : `:${gap.line}`}`);
  }
  if (coverage.untraced !== undefined) {
    lines.push('', 'Not traced (no finding per item):');
    for (const row of coverage.untraced) lines.push(`  ${safeInline(row.feature)}  ${safeInline(untracedWhy(row))}`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderCoverageMarkdown(coverage: Coverage): string {
  const t = markdownText;
  const out = ['| type | relation | covered | total | % |', '|---|---|---:|---:|---:|'];
  const more = notTraced(coverage);
  for (const row of coverage.rows) out.push(`| ${t(row.type)} | ${row.relation} | ${row.covered} | ${row.total} | ${percent(row.covered, row.total)}${more(row.type)} |`);
  if (coverage.missing.length > 0) {
    out.push('', `**Not covered** (${coverage.missing.length}):`, '');
    for (const gap of coverage.missing) out.push(`- ${t(gap.id)} (${t(gap.type)}): nothing ${VERBS[gap.relation]} it — ${t(gap.path)}${gap.line === undefined ? '' : `:${gap.line}`}`);
  }
  if (coverage.untraced !== undefined) {
    out.push('', `**Not traced** (${coverage.untraced.length}, no finding per item):`, '');
    for (const row of coverage.untraced) out.push(`- ${t(row.feature)}: ${t(untracedWhy(row))}`);
  }
  return `${out.join('\n')}\n`;
}
