/**
 * META-01 §6: the validation report of a workspace.
 */
import { severityOf } from '../shared/codes.js';
import { formatJson } from '../shared/format-json.js';
import { compareStrings } from '../shared/sort.js';
import type { Diagnostic, ValidationReport, Workspace } from '../shared/types.js';

/**
 * The report, keys in the spec's order; `valid` is true exactly when there are no errors.
 * `relationCounts` (TRACE §1) follows `valid` when some document has a typed relation key, and
 * `reviews` (TRACE §3) when the workspace has a valid `docugraph.lock.json`, and `coverage`
 * (TRACE §5) when `docugraph.yml` has coverage rules, so a workspace with none of these gets
 * META-01's report byte for byte.
 */
export function buildReport(workspace: Workspace): ValidationReport {
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const d of workspace.diagnostics) {
    const copy = { code: d.code, message: d.message, nodeId: d.nodeId, path: d.path, line: d.line };
    (severityOf(d.code) === 'error' ? errors : warnings).push(copy);
  }
  return {
    workspacePath: workspace.root,
    nodeCount: workspace.nodes.size,
    edgeCount: workspace.edgeCount,
    errors,
    warnings,
    valid: errors.length === 0,
    ...(workspace.typedRelations ? { relationCounts: { ...workspace.relationCounts } } : {}),
    ...(workspace.reviews.enabled ? { reviews: { ...workspace.reviews.counts } } : {}),
    ...(workspace.coverage !== null ? { coverage: workspace.coverage.rows.map((row) => ({ ...row })) } : {}),
  };
}

/** How many findings of each code the report holds, codes in code-unit order (CATALOG § Bounded answers). */
export function countByCode(report: ValidationReport): Record<string, number> {
  const counts = new Map<string, number>();
  for (const list of [report.errors, report.warnings]) for (const d of list) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => compareStrings(a, b)));
}

/** The report as JSON text: 2-space indentation and a final newline. */
export function formatReport(report: ValidationReport): string {
  return formatJson(report);
}
