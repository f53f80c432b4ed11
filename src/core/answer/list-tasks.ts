/**
 * CATALOG `list_tasks`: the workspace's documents, filtered, sorted by id.
 */
import { NO_STRINGS } from '../shared/empty.js';
import { compareStrings, sortStrings } from '../shared/sort.js';
import type { DocNode, Workspace } from '../shared/types.js';

/** Filters of `listTasks`; each one left out matches everything. */
export interface ListTasksOptions {
  /** Exact `type`. */
  readonly type?: string | undefined;
  /** Exact `status`. */
  readonly status?: string | undefined;
  /** Case-insensitive substring of the id or the display title. */
  readonly query?: string | undefined;
}

/** One document in a listing. */
export interface TaskSummary {
  readonly id: string;
  readonly title: string;
  readonly type: string | null;
  readonly status: string | null;
  readonly path: string;
  /** The document's `depends_on` ids (resolved or not), sorted. */
  readonly dependsOn: readonly string[];
  /** The documents it links to that changed since it was reviewed against them, sorted (TRACE §3); present when the workspace has a lock file. */
  readonly suspect?: readonly string[];
}

/** Every document matching all the given filters, sorted by id. */
export function listTasks(workspace: Workspace, options: ListTasksOptions = {}): { tasks: TaskSummary[] } {
  const query = options.query?.toLowerCase();
  // Ids and titles are one line each: a query over several lines matches nothing.
  if (query?.includes('\n') === true) return { tasks: [] };
  const matches = (node: DocNode): boolean =>
    (options.type === undefined || node.type === options.type) &&
    (options.status === undefined || node.status === options.status) &&
    (query === undefined || searchTextOf(node).includes(query));
  let found: DocNode[];
  if (options.type === undefined && options.status === undefined && query === undefined) {
    found = workspace.ids.map((id) => workspace.nodes.get(id)!);
  } else {
    // A filter usually keeps few: visit the nodes as stored, then sort what matched.
    found = [];
    for (const node of workspace.nodes.values()) if (matches(node)) found.push(node);
    found.sort((a, b) => compareStrings(a.id, b.id));
  }
  const tasks: TaskSummary[] = [];
  const reviews = workspace.reviews;
  for (const node of found) {
    const task: TaskSummary = { id: node.id, title: node.title, type: node.type, status: node.status, path: node.path, dependsOn: sortStrings(node.dependsOn) };
    tasks.push(reviews.enabled ? { ...task, suspect: reviews.suspect.get(node.id) ?? NO_STRINGS } : task);
  }
  return { tasks };
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
