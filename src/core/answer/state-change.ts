/**
 * KITS §6, the answer to a write: the node's state after it, and the ids it made ready — open
 * work downstream of it (over `depends_on`) that was blocked before and is ready now, in the
 * order `ready` lists them, at most `MAX_UNBLOCKED`.
 */
import type { WorkState } from '../shared/relations.js';
import type { Workspace } from '../shared/types.js';
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
  return { id, state: after.states.get(id)?.state ?? 'untracked', status: node?.status ?? null, unblocked, unblockedCount: count };
}
