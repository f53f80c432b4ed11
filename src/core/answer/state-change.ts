/**
 * KITS §6, the answer to a write: the node's state after it, and the ids it made ready — open
 * work downstream of it (over `depends_on`) that was blocked before and is ready now, in the
 * order `ready` lists them, at most `MAX_UNBLOCKED` — and, when a blocked node was marked done,
 * what blocked it (issue 53: the surfaces warn).
 */
import type { WorkState } from '../shared/relations.js';
import type { Blocker, Workspace } from '../shared/types.js';
import { idsInState } from './unblocks.js';

export const MAX_UNBLOCKED = 100;

export interface StateChange {
  readonly id: string;
  readonly state: WorkState;
  readonly status: string | null;
  /** Ids ready now that were blocked before, downstream of `id`. */
  readonly unblocked: readonly string[];
  /** How many there are in all (`unblocked` holds at most `MAX_UNBLOCKED`). */
  readonly unblockedCount: number;
  /** Present when the node was blocked and is done now: what blocked it (its `blockedBy` before, sorted by id). */
  readonly wasBlockedBy?: readonly Blocker[];
}

export function stateChange(before: Workspace, after: Workspace, id: string): StateChange {
  const node = after.nodes.get(id);
  const downstream = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    for (const next of after.downstream.get(stack.pop()!) ?? []) {
      if (downstream.has(next)) continue;
      downstream.add(next);
      stack.push(next);
    }
  }
  const unblocked: string[] = [];
  let count = 0;
  for (const ready of idsInState(after, 'ready')) {
    if (!downstream.has(ready) || before.states.get(ready)?.state !== 'blocked') continue;
    count += 1;
    if (unblocked.length < MAX_UNBLOCKED) unblocked.push(ready);
  }
  const state = after.states.get(id)?.state ?? 'untracked';
  const was = before.states.get(id);
  const change = { id, state, status: node?.status ?? null, unblocked, unblockedCount: count };
  return was?.state === 'blocked' && state === 'done' ? { ...change, wasBlockedBy: was.blockedBy } : change;
}
