/**
 * META-01 §6: the validation report of a workspace.
 */
import { severityOf } from './codes.js';
import { formatJson } from './format-json.js';
import type { Diagnostic, ValidationReport, Workspace } from './types.js';

/** The report, keys in the spec's order; `valid` is true exactly when there are no errors. */
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
  };
}

/** The report as JSON text: 2-space indentation and a final newline. */
export function formatReport(report: ValidationReport): string {
  return formatJson(report);
}
