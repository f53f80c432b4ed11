/**
 * META-01 §7: the deterministic context bundle of a task — a pure function of a loaded
 * workspace and its options.
 */
import { shownId } from '../shared/id-shape.js';
import { inlinePath } from '../shared/inline-path.js';
import { GraphCycleError, InvalidArgumentError } from '../shared/errors.js';
import { requireNode } from './require-node.js';
import { compareStrings } from '../shared/sort.js';
import { StringHeap } from '../shared/string-heap.js';
import { sourceMarks } from '../model/source-findings.js';
import { suspectMarks } from './suspect-marks.js';
import { codeReferences } from './code-references.js';
import { checkMaxTokens, estimateTokens, omitToFit } from './token-budget.js';
import { walk } from './walk-graph.js';
import { contextOrder, contextReason, missingContextEntries, taskWalk } from './context-graph.js';
import { documentCutter, type DocumentCutter } from './document-cut.js';
import { withWorkAround } from './work-around.js';
import { documentSection, itemShownWith } from './document-section.js';
import type { BundleOptions, Cycle, Workspace } from '../shared/types.js';
import { DEFAULT_CONTEXT } from '../shared/config-types.js';

const NONE: ReadonlySet<string> = new Set();

export const DEFAULT_MAX_DEPTH = 5;

/** The upstream closure of a task, each node with its shortest depth. */
export interface Closure {
  /** Depth of the nodes of the closure up to one level past maxDepth (the task is 0). */
  readonly depths: ReadonlyMap<string, number>;
  /** Ids with depth ≤ maxDepth, sorted by depth then id. */
  readonly included: readonly string[];
  /** `true` when some node of the closure lies deeper than maxDepth. */
  readonly truncated: boolean;
  /** The task and the sub-tasks of it the walk reached (KITS §7: a parent task's bundle holds its parts). */
  readonly parts: ReadonlySet<string>;
  /** The work around the task (CONTEXT §2: tasks it builds on, items of its feature it matches but does not cite), at depth 1, with their reason. */
  readonly matches?: ReadonlyMap<string, string>;
}

/**
 * Builds the bundle text for `options.taskId`. With `options.maxTokens`, documents that do not
 * fit are left out as CATALOG § Bounded answers says (and listed with their size and how to
 * fetch them, and `truncated: true` says so); when none is left out the bytes are exactly
 * META-01 §7's. The rest of the
 * bundle (report, lists) is bounded too: when it would take more than its allowance (see
 * `reportAllowance`), the depth is lowered until it fits, and the budget line says so.
 * Throws `TaskNotFoundError`, `GraphCycleError` or `InvalidArgumentError`.
 */
export function buildBundle(workspace: Workspace, options: BundleOptions): string {
  const maxDepth = checkMaxDepth(options.maxDepth);
  const maxTokens = checkMaxTokens(options.maxTokens);
  if (typeof options.taskId !== 'string') throw new InvalidArgumentError('`taskId` must be a string: the id of a document.', { argument: 'taskId' });
  // The id found (`1559` for `EIP-1559`): the bundle is the document's.
  const taskId = requireNode(workspace, options.taskId).id;
  // A kit task's large documents are given as sections (CONTEXT §1), with the items it should have cited (§2), unless `sections: "all"`.
  const kit = options.sections !== 'all' && (workspace.context ?? DEFAULT_CONTEXT).sections !== 'never' && workspace.nodes.get(taskId)?.item !== undefined;
  const close = (depth: number): Closure => (kit ? withWorkAround(workspace, taskId, upstreamClosure(workspace, taskId, depth)) : upstreamClosure(workspace, taskId, depth));
  const closure = withCommands(options.commands, () => close(maxDepth));
  const cut = documentCutter(workspace, taskId, closure, options);
  if (maxTokens === undefined) return renderBundle(workspace, taskId, closure, maxDepth, undefined, null, cut);
  const sizes = new Map<string, number>();
  const sizeOf = (id: string): number => {
    let size = sizes.get(id);
    if (size === undefined) sizes.set(id, (size = estimateTokens(documentSection(workspace, id, cut, NONE))));
    return size;
  };
  // Outside a kit (`sections: auto`), a document the budget would leave out is given as its best sections when they fit.
  const cutSizes = new Map<string, number | null>();
  const cutSizeOf = cut === null || cut.always ? undefined : (id: string): number | null => {
    if (!cutSizes.has(id)) cutSizes.set(id, !cut.cuts(id) ? null : estimateTokens(documentSection(workspace, id, cut, new Set([id]))));
    return cutSizes.get(id)!;
  };
  // The task's own document is always kept, whatever its size: only what a lower depth can
  // save counts — the other documents (within what the budget leaves them) and the rest.
  const own = sizeOf(taskId);
  const cap = Math.max(0, maxTokens - own) + reportAllowance(maxTokens);
  const fits = (text: string): boolean => estimateTokens(text) - own <= cap;
  const fetchHint = options.commands === 'cli' ? cliFetchHint : mcpFetchHint;
  const full = renderBundle(workspace, taskId, closure, maxDepth, { maxTokens, sizeOf, cutSizeOf, fetchHint }, null, cut);
  if (fits(full)) return full;
  // Too long even with documents left out: the report of a wide closure. A shallower bundle
  // keeps the same decisions for the levels it keeps (they come first in the walk), so its
  // size grows with the depth: find the deepest that fits, by bisection.
  let deepest = 0;
  for (const id of closure.included) deepest = Math.max(deepest, closure.depths.get(id)!);
  let fitting: string | null = null;
  let low = 1;
  let high = Math.min(maxDepth, deepest) - 1;
  while (low <= high) {
    const depth = (low + high) >>> 1;
    const text = renderBundle(workspace, taskId, close(depth), depth, { maxTokens, sizeOf, cutSizeOf, fetchHint }, maxDepth, cut);
    if (fits(text)) {
      fitting = text;
      low = depth + 1;
    } else {
      high = depth - 1;
    }
  }
  // Nothing deeper fits: the task alone (depth 0), even when it is over the budget itself.
  return fitting ?? renderBundle(workspace, taskId, close(0), 0, { maxTokens, sizeOf, cutSizeOf, fetchHint }, maxDepth, cut);
}

/**
 * How many tokens beyond `maxTokens` the rest of a budgeted bundle (header, inclusion report,
 * unresolved references, omitted list) may take: 20 % of the budget, at least 2,000. With the
 * default 20,000 the whole bundle stays under 24,000 tokens, inside the 25,000 a client such
 * as Claude Code accepts from one tool once JSON-escaped (≈ 2–3 % more for Markdown).
 */
export function reportAllowance(maxTokens: number): number {
  return Math.max(2000, Math.floor(maxTokens * 0.2));
}

interface Budget {
  readonly maxTokens: number;
  readonly sizeOf: (id: string) => number;
  /** A document's size as its sections (`null`: it has none to give), when the budget may give it so instead of leaving it out. */
  readonly cutSizeOf?: ((id: string) => number | null) | undefined;
  /** How the reader fetches an omitted document. */
  readonly fetchHint: (id: string) => string;
}

/** The bundle text of `closure` at `maxDepth`; `loweredFrom` is the depth asked for when it was lowered to fit. */
function renderBundle(workspace: Workspace, taskId: string, closure: Closure, maxDepth: number, budget: Budget | undefined, loweredFrom: number | null, cut: DocumentCutter | null): string {
  const included = new Set(closure.included);
  const asSections = new Set<string>();
  const omitted = budget === undefined ? new Map<string, number>() : omitToFit(closure.included, budget.sizeOf, budget.maxTokens, budget.cutSizeOf, asSections);

  // Truncated: documents deeper than maxDepth, or left out by the budget (issue 53: an agent
  // that reads `truncated: false` takes the bundle for everything the task needs).
  let out = `# Context bundle: ${shownId(taskId)}\nmaxDepth: ${maxDepth}\ntruncated: ${closure.truncated || omitted.size > 0}\n`;
  if (budget !== undefined && (omitted.size > 0 || loweredFrom !== null)) {
    out += `budget: ${budget.maxTokens} tokens, ${omitted.size} omitted`;
    if (loweredFrom !== null) out += `, maxDepth lowered from ${loweredFrom} to ${maxDepth} to fit; ask for the context of a depth-${maxDepth} document to go further`;
    out += '\n';
  }
  out += '\n## Inclusion report\n';
  const suspect = suspectMarks(workspace, closure.included);
  const from = sourceMarks(workspace);
  for (const id of closure.included) {
    const depth = closure.depths.get(id)!;
    const size = omitted.get(id);
    const sections = size === undefined && cut !== null && (cut.always || asSections.has(id)) ? cut.summary(id) : '';
    out += `- \`${shownId(id)}\` depth=${depth}: ${reasonFor(workspace, id, depth, closure.depths, included, closure.parts, closure.matches)}${from(id)}${suspect.get(id) ?? ''}${size === undefined ? '' : ` — omitted (≈${size} tokens)`}${sections}\n`;
  }
  const unresolved = unresolvedReferences(workspace, closure.included);
  if (unresolved.length > 0) {
    out += '\n## Unresolved references\n';
    for (const [missing, by] of unresolved) out += `- \`${shownId(missing)}\`: referenced by ${by.map((id) => `\`${id}\``).join(', ')}\n`;
  }
  out += codeReferences(workspace, closure.included);
  if (omitted.size > 0) {
    out += '\n## Omitted to fit the budget\n';
    for (const [id, size] of [...omitted].sort(([a], [b]) => compareStrings(a, b))) {
      const node = workspace.nodes.get(id)!;
      out += `- \`${shownId(id)}\` ≈${size} tokens: ${inlinePath(node.path)}${node.item === undefined ? '' : `:${node.item.line}-${node.item.end}`} — ${budget!.fetchHint(id)}\n`;
    }
  }
  out += '\n## Documents\n';
  const order = workspace.typedRelations ? contextOrder(workspace, included) : dependencyOrder(workspace, included);
  const kept = new Set(order.filter((id) => !omitted.has(id)));
  for (const id of kept) out += `\n${itemShownWith(workspace, id, kept, cut, asSections) ?? documentSection(workspace, id, cut, asSections)}`;
  return out;
}

/** How to fetch an omitted document, in MCP's words and in the command line's. */
const mcpFetchHint = (id: string) => `get_task_context with taskId \`${id}\` and maxDepth 0, or read docugraph://docs/${encodeURIComponent(id)}`;
const cliFetchHint = (id: string) => `docugraph context ${id} --max-depth 0`;

/** `body`, with a cycle's error naming the command line's `docugraph validate` when `commands` is `cli`. */
function withCommands<T>(commands: BundleOptions['commands'], body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (commands !== 'cli' || !(error instanceof GraphCycleError)) throw error;
    const { taskId, cycle, path } = error.details as { taskId: string; cycle: string[]; path: string[] };
    throw new GraphCycleError(taskId, cycle, path, '`docugraph validate`');
  }
}

/** Validates `maxDepth` (an integer ≥ 0; default 5). */
export function checkMaxDepth(maxDepth: number | undefined): number {
  if (maxDepth === undefined) return DEFAULT_MAX_DEPTH;
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 0) {
    throw new InvalidArgumentError(`\`maxDepth\` must be an integer ≥ 0, got ${String(maxDepth)}; omit it for the default ${DEFAULT_MAX_DEPTH}.`, { argument: 'maxDepth' });
  }
  return maxDepth;
}

/**
 * Breadth-first walk upstream from `taskId` (§7.1–7.4) over the context relations (TRACE §1).
 * Throws `TaskNotFoundError` for an unknown id and `GraphCycleError` when a `depends_on` cycle
 * touches the closure (fail-closed).
 */
export function upstreamClosure(workspace: Workspace, taskId: string, maxDepth: number): Closure {
  requireNode(workspace, taskId);
  const cycle = workspace.typedRelations ? cycleInContext(workspace, taskId) : workspace.cycleUpstream.get(taskId);
  if (cycle !== undefined) throw new GraphCycleError(taskId, cycle.ids, cycle.path);
  // One level past maxDepth tells whether anything was cut off. A task's sub-tasks are its parts (KITS §7).
  const parts = new Set<string>();
  const depths = workspace.typedRelations ? taskWalk(workspace, taskId, maxDepth, parts) : walk(workspace.upstream, taskId, maxDepth);
  // By depth, then id: grouped by depth first, so the sort compares strings only (a comparator
  // that looked up both depths made thousands of map lookups per id of a wide closure).
  const byDepth: string[][] = [];
  for (const [id, depth] of depths) if (depth <= maxDepth) (byDepth[depth] ??= []).push(id);
  const included: string[] = [];
  for (const group of byDepth) {
    if (group === undefined) continue;
    group.sort(compareStrings);
    for (const id of group) included.push(id);
  }
  return { depths, included, truncated: included.length < depths.size, parts };
}

/**
 * The `depends_on` cycle (the one with the smallest first id) that some node of `taskId`'s
 * whole context closure is in, reached through any context relation; `undefined` when none is.
 */
function cycleInContext(workspace: Workspace, taskId: string): Cycle | undefined {
  if (workspace.cycles.length === 0) return undefined;
  let found: Cycle | undefined;
  for (const id of taskWalk(workspace, taskId, Number.POSITIVE_INFINITY, new Set()).keys()) {
    const cycle = workspace.cycleOf.get(id);
    if (cycle !== undefined && (found === undefined || cycle.ids[0]! < found.ids[0]!)) found = cycle;
  }
  return found;
}

function reasonFor(
  workspace: Workspace,
  id: string,
  depth: number,
  depths: ReadonlyMap<string, number>,
  included: ReadonlySet<string>,
  parts: ReadonlySet<string>,
  matches?: ReadonlyMap<string, string>,
): string {
  if (depth === 0) return 'requested task';
  const match = matches?.get(id);
  if (match !== undefined) return match;
  if (workspace.typedRelations) {
    const reason = contextReason(workspace, id, (d) => included.has(d) && depths.get(d) === depth - 1);
    // A sub-task of the requested task (or of one of its sub-tasks): part of it.
    const whole = parts.has(id) ? (workspace.relationsOut.get(id) ?? []).filter((edge) => edge.relation === 'refines' && parts.has(edge.id) && depths.get(edge.id) === depth - 1) : [];
    const part = whole.length === 0 ? '' : `part of ${whole.map((edge) => `\`${edge.id}\``).join(', ')}`;
    return part === '' ? reason : reason === '' ? part : `${part}; ${reason}`;
  }
  const by = (workspace.downstream.get(id) ?? []).filter((d) => included.has(d) && depths.get(d) === depth - 1);
  return `required by ${by.map((d) => `\`${d}\``).join(', ')}`;
}

/** Entries of included nodes' context relations that name no node, sorted, with who lists them. */
function unresolvedReferences(workspace: Workspace, included: readonly string[]): [string, string[]][] {
  const missing = new Map<string, string[]>();
  for (const id of [...included].sort(compareStrings)) {
    for (const dep of workspace.typedRelations ? missingContextEntries(workspace, id) : workspace.nodes.get(id)!.dependsOn) {
      if (workspace.nodes.has(dep)) continue;
      const by = missing.get(dep);
      if (by === undefined) missing.set(dep, [id]);
      else by.push(id);
    }
  }
  return [...missing].sort(([a], [b]) => compareStrings(a, b));
}

/** Kahn's algorithm over the included nodes, always taking the smallest ready id (§7.7). */
export function dependencyOrder(workspace: Workspace, included: ReadonlySet<string>): string[] {
  const waiting = new Map<string, number>();
  const ready = new StringHeap();
  for (const id of included) {
    let count = 0;
    for (const dep of workspace.upstream.get(id) ?? []) if (included.has(dep)) count += 1;
    waiting.set(id, count);
    if (count === 0) ready.push(id);
  }
  const order: string[] = [];
  for (let id = ready.pop(); id !== undefined; id = ready.pop()) {
    order.push(id);
    for (const dependent of workspace.downstream.get(id) ?? []) {
      if (!included.has(dependent)) continue;
      const left = waiting.get(dependent)! - 1;
      waiting.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  return order;
}
