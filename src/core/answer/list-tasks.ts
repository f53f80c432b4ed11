/**
 * CATALOG `list_tasks`: the workspace's documents, filtered, sorted by id — with their work
 * state (TRACE §2); with `state: "ready"`, the most unblocking first ("what to do next").
 */
import { NO_STRINGS } from '../shared/empty.js';
import { rootOfId } from '../shared/id-shape.js';
import { InvalidArgumentError } from '../shared/errors.js';
import { WORK_STATES, type WorkState } from '../shared/relations.js';
import { compareStrings, sortStrings } from '../shared/sort.js';
import type { Blocker, DocNode, Workspace } from '../shared/types.js';
import type { ItemList } from './paginate.js';
import { idsInState, unblocksOf } from './unblocks.js';

/** The `state` filter: one state, or `open` (ready or blocked). */
export const STATE_FILTERS = [...WORK_STATES, 'open'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

/** Filters of `listTasks`; each one left out matches everything. */
export interface ListTasksOptions {
  /** Exact `type`. */
  readonly type?: string | undefined;
  /** Exact `status`. */
  readonly status?: string | undefined;
  /** Case-insensitive substring of the id or the display title. */
  readonly query?: string | undefined;
  /** Work state (TRACE §2), or `open` for ready and blocked; `ready` sorts by `unblocks`, most first. */
  readonly state?: StateFilter | undefined;
  /** Only the items of this kit root (`api`: ids `api:…`; issue 57); `""`: only what no kit root holds. */
  readonly root?: string | undefined;
}

/** One document in a listing. */
export interface TaskSummary {
  readonly id: string;
  readonly title: string;
  readonly type: string | null;
  readonly status: string | null;
  readonly path: string;
  /** An item's first line in its file (KITS §5); absent for a document, which is its whole file. */
  readonly line?: number | undefined;
  /** The document's `depends_on` ids (resolved or not), sorted. */
  readonly dependsOn: readonly string[];
  /** Its work state (TRACE §2). */
  readonly state: WorkState;
  /** What blocks it, sorted by id; empty unless blocked. */
  readonly blockedBy: readonly Blocker[];
  /** How many open documents (ready or blocked) lie downstream of it over `depends_on`. */
  readonly unblocks: number;
  /** The documents it links to that changed since it was reviewed against them, sorted (TRACE §3); present when the workspace has a lock file. */
  readonly suspect?: readonly string[];
}

/** Every document matching all the given filters, sorted by id (`state: "ready"`: by `unblocks`, most first, then id). */
export function listTasks(workspace: Workspace, options: ListTasksOptions = {}): { tasks: TaskSummary[]; hint?: string } {
  const { tasks, hint } = taskList(workspace, options);
  const all: TaskSummary[] = [];
  for (let i = 0; i < tasks.length; i += 1) all.push(tasks.item(i));
  return hint === undefined ? { tasks: all } : { tasks: all, hint };
}

/**
 * The list `listTasks` gives, its entries made when read: a page (list_tasks) reads the few
 * hundred it holds, not the 37,000 tasks of a large workspace.
 */
export function taskList(workspace: Workspace, options: ListTasksOptions = {}): { tasks: ItemList<TaskSummary>; hint?: string } {
  const state = options.state;
  if (state !== undefined && !(STATE_FILTERS as readonly string[]).includes(state)) {
    throw new InvalidArgumentError(`\`state\` must be one of ${STATE_FILTERS.map((s) => `"${s}"`).join(', ')}, got ${JSON.stringify(state)}.`, { argument: 'state' });
  }
  const query = options.query?.toLowerCase();
  // Ids and titles are one line each: a query over several lines matches nothing.
  if (query?.includes('\n') === true) return { tasks: NO_TASKS };
  const root = options.root === undefined ? undefined : options.root === '' ? '' : `${options.root}:`;
  const matches = (node: DocNode): boolean =>
    (root === undefined || (root === '' ? rootOfId(node.id) === '' : rootOfId(node.id).startsWith(root))) &&
    (options.type === undefined || node.type === options.type) &&
    (options.status === undefined || node.status === options.status) &&
    (query === undefined || searchTextOf(node).includes(query));
  let found: DocNode[];
  if (options.type === undefined && options.status === undefined && query === undefined && state === undefined && root === undefined) {
    found = workspace.ids.map((id) => workspace.nodes.get(id)!);
  } else if (state !== undefined) {
    // The ids of a state are kept per snapshot, in the answer's order (ready: most unblocking first).
    const ids = state === 'open' ? openIds(idsInState(workspace, 'ready'), idsInState(workspace, 'blocked')) : idsInState(workspace, state);
    found = [];
    for (const id of ids) {
      const node = workspace.nodes.get(id)!;
      if (matches(node)) found.push(node);
    }
  } else {
    // A filter usually keeps few: visit the nodes as stored, then sort the ids that matched
    // (with no comparator called per pair: 37,000 tasks of a large workspace in a third less time).
    const ids: string[] = [];
    for (const node of workspace.nodes.values()) if (matches(node)) ids.push(node.id);
    found = sortStrings(ids).map((id) => workspace.nodes.get(id)!);
  }
  const reviews = workspace.reviews;
  const made: (TaskSummary | undefined)[] = [];
  const tasks: ItemList<TaskSummary> = {
    length: found.length,
    item: (i) => {
      let task = made[i];
      if (task === undefined) {
        const node = found[i]!;
        const summary = summaryOf(workspace, node);
        made[i] = task = reviews.enabled ? { ...summary, suspect: reviews.suspect.get(node.id) ?? NO_STRINGS } : summary;
      }
      return task;
    },
  };
  const hint = found.length === 0 ? caseHint(workspace, options) : null;
  return hint === null ? { tasks } : { tasks, hint };
}

const NO_TASKS: ItemList<TaskSummary> = { length: 0, item: () => { throw new RangeError('no tasks'); } };

/**
 * When `type` or `status` matched nothing but would match in another case (`Task` for
 * `task`), a sentence that says so: the filters are exact, and an agent that guessed the case
 * would otherwise read "no such document". One pass over the nodes, only for an empty answer.
 */
function caseHint(workspace: Workspace, options: ListTasksOptions): string | null {
  for (const field of ['type', 'status'] as const) {
    const wanted = options[field];
    if (wanted === undefined) continue;
    const lower = wanted.toLowerCase();
    const counts = new Map<string, number>();
    for (const node of workspace.nodes.values()) {
      const value = node[field];
      if (value !== null && value !== wanted && value.toLowerCase() === lower) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    if (counts.size === 0) continue;
    const found = [...counts].sort(([a], [b]) => compareStrings(a, b)).slice(0, 3).map(([value, n]) => `${JSON.stringify(value)} (${n})`);
    return `No document has ${field} ${JSON.stringify(wanted)}; ${field} is matched exactly, case included, and ${found.join(', ')} would match.`;
  }
  return null;
}

/**
 * A node's entry, kept per node object while the snapshot's states are the same (its state
 * and `unblocks` depend on them): a listing asked again answers from these, and a live
 * workspace makes new ones only for the nodes an edit replaced, or all after a change of
 * states.
 */
const summaries = new WeakMap<DocNode, { readonly states: Workspace['states']; readonly summary: TaskSummary }>();

function summaryOf(workspace: Workspace, node: DocNode): TaskSummary {
  const kept = summaries.get(node);
  if (kept !== undefined && kept.states === workspace.states) return kept.summary;
  const { state, blockedBy } = workspace.states.get(node.id)!;
  const unblocks = unblocksOf(workspace).get(node.id)!;
  const place = node.item === undefined ? null : { line: node.item.line };
  const summary: TaskSummary = { id: node.id, title: node.title, type: node.type, status: node.status, path: node.path, ...place, dependsOn: sortStrings(node.dependsOn), state, blockedBy, unblocks };
  summaries.set(node, { states: workspace.states, summary });
  return summary;
}

/** The ready and the blocked ids, as one list sorted by id (the ready list itself is sorted by `unblocks`). */
function openIds(ready: readonly string[], blocked: readonly string[]): string[] {
  return [...ready, ...blocked].sort();
}

/**
 * A node's id and title in lower case, joined by a line break (neither holds one, so a query
 * never matches across them: see `listTasks`): kept per node
 * object, so a live workspace lowers only the nodes an edit replaced.
 */
const searchTexts = new WeakMap<DocNode, string>();

function searchTextOf(node: DocNode): string {
  let text = searchTexts.get(node);
  if (text === undefined) searchTexts.set(node, (text = `${node.id.toLowerCase()}\n${node.title.toLowerCase()}`));
  return text;
}
