/**
 * What `countUnblocks` (count-unblocks.ts) reads, as one digest: the number of nodes, their
 * `depends_on` edges by place (which also decide the cycles) and which nodes are open work.
 * Two graphs with one key have the same `unblocks`, place for place: counts kept with their key
 * (the on-disk index, issue 38) are used again only for a graph that has that key.
 */
import { createHash } from 'node:crypto';
import type { UnblocksInputs } from './count-unblocks.js';
import { StateMap } from './state-map.js';

/** The key of `graph`'s `unblocks`; `null` unless its states are the state stage's own arrays over its ids (with their edges). */
export function unblocksKey(graph: UnblocksInputs): string | null {
  const states = graph.states;
  if (!(states instanceof StateMap) || states.places.ids !== graph.ids || states.places.edges === null) return null;
  const { upStart, upList } = states.places.edges;
  const n = graph.ids.length;
  const open = new Uint8Array(n);
  for (let place = 0; place < n; place += 1) {
    const state = states.stateAt(place);
    open[place] = state === 'ready' || state === 'blocked' ? 1 : 0;
  }
  const hash = createHash('sha256').update(`unblocks ${n} ${upList.length}\n`);
  return hash.update(upStart).update(upList).update(open).digest('hex');
}
