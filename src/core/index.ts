/**
 * The DocuGraph core: load a docs-as-code workspace into a dependency graph, validate it,
 * and build deterministic context bundles. No MCP, no CLI, no console.
 */
export { analyzeFile, analyzeText, type FileAnalysis } from './analyze-file.js';
export { buildBundle, checkMaxDepth, DEFAULT_MAX_DEPTH, upstreamClosure, type Closure } from './build-bundle.js';
export { buildGraph, type Graph } from './build-graph.js';
export { buildNode, ID_PATTERN } from './build-node.js';
export { buildReport, formatReport } from './build-report.js';
export { checkLinks, type LinkContext } from './check-links.js';
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
export { discoverFiles, IGNORE_FILE, isMarkdownName, type Discovery } from './discover-files.js';
export {
  DocugraphError,
  GraphCycleError,
  InvalidArgumentError,
  PathNotAllowedError,
  TaskNotFoundError,
  WorkspaceNotFoundError,
} from './errors.js';
export { findCycles, stronglyConnectedComponents, type Cycles } from './find-cycles.js';
export { parseFrontmatter, type FrontmatterEntry, type FrontmatterResult } from './frontmatter.js';
export { loadWorkspace, resolveWorkspaceRoot } from './load-workspace.js';
export { extractMarkdown } from './markdown.js';
export { decodeText, normalizeNewlines } from './normalize-text.js';
export { resolveIds, type ResolvedIds } from './resolve-ids.js';
export { compareDiagnostics, compareStrings, sortStrings } from './sort.js';
export { closestMatches, editDistance } from './suggest.js';
export type {
  BundleOptions,
  Cycle,
  Diagnostic,
  DocNode,
  MarkdownInfo,
  MarkdownLink,
  ValidationReport,
  Workspace,
} from './types.js';
