/**
 * The DocuGraph core, the package's public API and the one door the surfaces (src/mcp,
 * src/cli) use: load a docs-as-code workspace into one immutable snapshot, keep it live,
 * then query it. No MCP, no CLI, no console. The stages behind these functions are the
 * folders beside this file, in pipeline order (ARCHITECTURE.md): shared, read, parse, model,
 * check, answer, live.
 */
export { loadIndexed, loadWorkspace, resolveWorkspaceRoot, type LoadOptions } from './live/load-workspace.js';
export type { IndexCacheOptions } from './store/index-cache.js';
export { cacheFileOf, cacheFileSize, removeCacheFile, type CacheFile } from './read/cache-file.js';
export { linkNotices, MAX_LINK_NOTICES } from './live/link-notices.js';
export { openLiveWorkspace, type LiveMode, type LiveOptions, type LiveWorkspace, type UpdateListener } from './live/live-workspace.js';
export { loadSources, type SourceOptions } from './live/load-sources.js';
export { NO_SOURCES, sourcesOf, unchanged, type LoadedSource, type LoadedSources, type SourceMove } from './model/source-findings.js';
export { createAuditLoader, type AuditLoader, type AuditLoaderOptions } from './live/audit-loader.js';
export { readConfig, type ConfigResult } from './parse/config.js';
export { CONFIG_FILE, LOCK_FILE, type WorkspaceConfig } from './shared/config-types.js';
export { readLockFile, type LockFile, type LockRead, type LockState } from './parse/lock-file.js';
export { forEachLineOutsideFences } from './parse/block-lines.js';
export { countMarkdown, noMarkdownMessage, type MarkdownCount } from './read/count-markdown.js';
export { surveyRepository, type RepositorySurvey, type SiteFound } from './model/survey-repository.js';
export { linkedKitFolders, surveyKits, type KitFound } from './model/survey-kits.js';
export { proposeConfig, type ConfigProposal } from './answer/propose-config.js';
export { resolveId } from './answer/require-node.js';

export { buildReport, countByCode, formatReport } from './check/build-report.js';
export { buildBundle, DEFAULT_MAX_DEPTH } from './answer/build-bundle.js';
export { search, searchList, SEARCH_KINDS, SEARCH_STATES, type SearchHit, type SearchKind, type SearchOptions } from './answer/search.js';
export { DEFAULT_ANSWER_TOKENS, DEFAULT_MAX_TOKENS, estimateTokens } from './answer/token-budget.js';
export { longestCursor, paginate, type ItemList, type Page, type PageArguments, type PageOptions } from './answer/paginate.js';
export { listTasks, STATE_FILTERS, taskList, type ListTasksOptions, type StateFilter, type TaskSummary } from './answer/list-tasks.js';
export { getAcceptanceCriteria, type AcceptanceCriteria, type Criterion } from './answer/acceptance-criteria.js';
export { analyzeImpact, type Impact, type ImpactedNode } from './answer/analyze-impact.js';
export type { CodeLocation } from './answer/code-references.js';
export {
  createGraphPager,
  DIRECTIONS,
  selectGraph,
  type Direction,
  type GraphEdge,
  type GraphNode,
  type GraphOptions,
  type GraphPager,
  type GraphView,
} from './answer/select-graph.js';
export { diagramNodeBytes, nodeMarks, renderDot, renderMermaid, type NodeMarks } from './answer/render-graph.js';
export { completeIds, MAX_COMPLETIONS } from './answer/complete-ids.js';
export { buildViewModel, NEXT_LIMIT, VIEW_FLAGS, viewJson, type ViewFinding, type ViewModel, type ViewModelOptions } from './answer/view-model.js';
export { viewOfGraph } from './answer/view-of-graph.js';
export { planReview, type ReviewChange, type ReviewPlan } from './answer/plan-review.js';
export {
  DIFF_CAP,
  MAX_BECAUSE,
  diffWorkspaces,
  type Capped,
  type DiffChange,
  type DiffDocument,
  type DiffImpact,
  type DiffOptions,
  type DiffSide,
  type WorkspaceDiff,
} from './answer/diff-workspaces.js';
export type { TypedEdge } from './model/relation-edges.js';
export { createRevisionCache, loadRevision, type GitOptions, type LoadedRevision, type RevisionCache, type RevisionOptions, type RevisionWorkspace } from './live/load-revision.js';
export { TASK_STATES, writeTaskState, type TaskState, type TaskStateWrite, type WriteOptions } from './write/write-task-state.js';
export { recordReview, replaceFileText, type RecordedReview } from './write/record-review.js';
export { pinSources, type PinnedSources, type SourcePin } from './write/pin-sources.js';
export { MAX_UNBLOCKED, stateChange, type StateChange } from './answer/state-change.js';
export { nodeVersion } from './model/file-version.js';
export { frontmatterOf } from './model/frontmatter-of.js';
export { StaleStateError, WriteRefusedError, type RewriteHooks } from './write/safe-write.js';

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
} from './shared/codes.js';
export {
  DocugraphError,
  GraphCycleError,
  InvalidArgumentError,
  PathNotAllowedError,
  TaskNotFoundError,
  WorkspaceNotFoundError,
} from './shared/errors.js';
export { groupThousands } from './shared/cap.js';
export { closestMatch, closestMatches } from './shared/suggest.js';
export { normalStatus, RELATIONS, WORK_STATES, type ContextRelation, type Relation, type TraceRelation, type TypedRelation, type WorkState } from './shared/relations.js';
export { formatJson } from './shared/format-json.js';
export { inlinePath } from './shared/inline-path.js';
export { isIdShaped } from './shared/id-shape.js';
export { compareDiagnostics, compareStrings, sortStrings } from './shared/sort.js';
export type { Blocker, BundleOptions, Coverage, CoverageGap, CoverageRow, Cycle, Diagnostic, DocNode, MarkdownInfo, MarkdownLink, NodeState, RelationEdge, RelationEntries, ReviewCounts, Reviews, Trace, Traces, UntracedFeature, ValidationReport, Workspace } from './shared/types.js';
