/**
 * Looking a node up by id for a query; an unknown id is `TASK_NOT_FOUND` with suggestions.
 */
import { TaskNotFoundError } from './errors.js';
import { closestMatches } from './suggest.js';
import type { DocNode, Workspace } from './types.js';

/** The node with exactly this id (case-sensitive), or `TaskNotFoundError` with up to 5 suggestions. */
export function requireNode(workspace: Workspace, id: string): DocNode {
  const node = workspace.nodes.get(id);
  if (node === undefined) throw new TaskNotFoundError(id, closestMatches(id, workspace.ids, 5));
  return node;
}
