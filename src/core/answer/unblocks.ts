/**
 * `unblocks` (TRACE §2) for a snapshot, counted once (model/count-unblocks.ts) on first use and
 * kept while the states are the same object: a live workspace keeps them across edits that
 * move no status and no edge, so an edit to a body or a title counts nothing again.
 */
import { countUnblocks } from '../model/count-unblocks.js';
import type { NodeState, Workspace } from '../shared/types.js';

const counted = new WeakMap<ReadonlyMap<string, NodeState>, ReadonlyMap<string, number>>();

/** Every node's `unblocks`, by id. */
export function unblocksOf(workspace: Workspace): ReadonlyMap<string, number> {
  let unblocks = counted.get(workspace.states);
  if (unblocks === undefined) counted.set(workspace.states, (unblocks = countUnblocks(workspace)));
  return unblocks;
}
