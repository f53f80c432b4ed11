/**
 * Looking a node up by id for a query; an unknown id is `TASK_NOT_FOUND` with suggestions.
 */
import { TaskNotFoundError } from '../shared/errors.js';
import { createSuggester, type Suggester } from '../shared/suggest.js';
import type { DocNode, Workspace } from '../shared/types.js';

/** One suggester per snapshot, built on the first unknown id (its index serves every later one). */
const suggesters = new WeakMap<Workspace, Suggester>();

/** The node with exactly this id (case-sensitive), or `TaskNotFoundError` with up to 5 suggestions. */
export function requireNode(workspace: Workspace, id: string): DocNode {
  const node = workspace.nodes.get(id);
  if (node !== undefined) return node;
  let suggester = suggesters.get(workspace);
  if (suggester === undefined) suggesters.set(workspace, (suggester = createSuggester(workspace.ids)));
  throw new TaskNotFoundError(id, suggester.some(id, 5), workspace.ids.length);
}
