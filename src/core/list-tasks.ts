/**
 * CATALOG `list_tasks`: the workspace's documents, filtered, sorted by id.
 */
import { sortStrings } from './sort.js';
import type { Workspace } from './types.js';

/** Filters of `listTasks`; each one left out matches everything. */
export interface ListTasksOptions {
  /** Exact `type`. */
  readonly type?: string;
  /** Exact `status`. */
  readonly status?: string;
  /** Case-insensitive substring of the id or the display title. */
  readonly query?: string;
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
}

/** Every document matching all the given filters, sorted by id. */
export function listTasks(workspace: Workspace, options: ListTasksOptions = {}): { tasks: TaskSummary[] } {
  const query = options.query?.toLowerCase();
  const tasks: TaskSummary[] = [];
  for (const id of workspace.ids) {
    const node = workspace.nodes.get(id)!;
    if (options.type !== undefined && node.type !== options.type) continue;
    if (options.status !== undefined && node.status !== options.status) continue;
    if (query !== undefined && !id.toLowerCase().includes(query) && !node.title.toLowerCase().includes(query)) continue;
    tasks.push({ id, title: node.title, type: node.type, status: node.status, path: node.path, dependsOn: sortStrings(node.dependsOn) });
  }
  return { tasks };
}
