/**
 * Looking a node up by id for a query; an unknown id is `TASK_NOT_FOUND` with suggestions. An
 * id written with the prefix the repository writes before its numbers (`EIP-1559` for `1559`)
 * finds that document when exactly one is meant (written-id.ts), and so does a kit item's id written
 * without its feature (`T090`); the queries answer with the id found.
 */
import { TaskNotFoundError } from '../shared/errors.js';
import { createSuggester, type Suggester } from '../shared/suggest.js';
import { byKind } from '../shared/suggest-kind.js';
import type { DocNode, Workspace } from '../shared/types.js';
import { findBareId, findWrittenId } from './written-id.js';

/** One suggester per snapshot, built on the first unknown id (its index serves every later one). */
const suggesters = new WeakMap<Workspace, Suggester>();

/** How many ids a "did you mean" offers. */
const MAX_SUGGESTIONS = 5;

/**
 * The node with exactly this id (case-sensitive), else the one it names as the repository
 * writes its ids (`EIP-1559`), else `TaskNotFoundError` with up to 5 suggestions: the ids it
 * could mean first, then the closest.
 */
export function requireNode(workspace: Workspace, id: string): DocNode {
  const node = workspace.nodes.get(id);
  if (node !== undefined) return node;
  const prefixed = findWrittenId(workspace, id);
  if (prefixed.kind === 'found') return workspace.nodes.get(prefixed.id)!;
  // A kit item's id without its feature (`T090`): the one item of that id in some feature, or those it could be, offered — also
  // where a document's number is only offered for it (`T090` beside a document `90`, whose prefix `T` the repository never writes: a review).
  const bare = findBareId(workspace, id);
  if (bare.kind === 'found') return workspace.nodes.get(bare.id)!;
  const meant = [...(bare.kind === 'offer' ? bare.ids : []), ...(prefixed.kind === 'offer' ? prefixed.ids : [])];
  let suggester = suggesters.get(workspace);
  if (suggester === undefined) suggesters.set(workspace, (suggester = byKind(createSuggester(workspace.ids), workspace.ids)));
  const suggestions = [...new Set([...meant, ...suggester.some(id, MAX_SUGGESTIONS)])].slice(0, MAX_SUGGESTIONS);
  throw new TaskNotFoundError(id, suggestions, workspace.ids.length);
}

/** The id of the node `id` names (itself, or as the repository writes it: `EIP-1559` → `1559`); `TaskNotFoundError` when none. */
export function resolveId(workspace: Workspace, id: string): string {
  return requireNode(workspace, id).id;
}
