/**
 * The DocuGraph core, the package's public API: load a docs-as-code workspace into one
 * immutable snapshot, then query it. No MCP, no CLI, no console.
 * The stages behind these functions live in their own modules (see the folder).
 */
export { loadWorkspace, resolveWorkspaceRoot, type LoadOptions } from './load-workspace.js';

export { buildReport, formatReport } from './build-report.js';
export { buildBundle, DEFAULT_MAX_DEPTH } from './build-bundle.js';
export { DEFAULT_MAX_TOKENS, estimateTokens } from './token-budget.js';
export { listTasks, type ListTasksOptions, type TaskSummary } from './list-tasks.js';
export { getAcceptanceCriteria, type AcceptanceCriteria, type Criterion } from './acceptance-criteria.js';
export { analyzeImpact, type Impact, type ImpactedNode } from './analyze-impact.js';
export { DIRECTIONS, selectGraph, type Direction, type GraphEdge, type GraphNode, type GraphOptions, type GraphView } from './select-graph.js';
export { renderDot, renderMermaid } from './render-graph.js';
export { completeIds, MAX_COMPLETIONS } from './complete-ids.js';

export {
  CODE_DESCRIPTIONS,
  ERROR_CODES,
  FAILURE_CODES,
  severityOf,
  WARNING_CODES,
  type DiagnosticCode,
  type ErrorCode,
  type FailureCode,
  type Severity,
  type WarningCode,
} from './codes.js';
export {
  DocugraphError,
  GraphCycleError,
  InvalidArgumentError,
  PathNotAllowedError,
  TaskNotFoundError,
  WorkspaceNotFoundError,
} from './errors.js';
export { formatJson } from './format-json.js';
export { compareStrings } from './sort.js';
export type { BundleOptions, Cycle, Diagnostic, DocNode, MarkdownInfo, MarkdownLink, ValidationReport, Workspace } from './types.js';
