/**
 * Work states by id (TRACE §2), kept as two arrays by place in the sorted ids instead of an
 * object per node: a state is a number, and a blocked node's `blockedBy` is worked out the
 * first time it is asked for (then kept). A workspace of 100,000 documents holds two small
 * arrays, not 100,000 objects, and a live workspace remakes them on each change of status.
 */
import type { WorkState } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { Blocker, Cycle, NodeState } from '../shared/types.js';
import type { PlaceEdges } from './build-graph.js';

/** A node's local state: what its own fields decide (`OPEN` is ready or blocked); settled ones are at most `UNTRACKED`. */
export const DONE = 0;
export const UNTRACKED = 1;
export const OPEN = 2;
export const DROPPED = 3;

const NONE: readonly Blocker[] = Object.freeze([]);
const SETTLED: Readonly<Record<Exclude<WorkState, 'blocked'>, NodeState>> = {
  ready: Object.freeze({ state: 'ready', blockedBy: NONE }),
  done: Object.freeze({ state: 'done', blockedBy: NONE }),
  dropped: Object.freeze({ state: 'dropped', blockedBy: NONE }),
  untracked: Object.freeze({ state: 'untracked', blockedBy: NONE }),
};

/**
 * What the map reads: the snapshot's ids and edges, and the two arrays by place. Never its nodes:
 * a live workspace keeps a map while edits change no status and no edge, and a map holding the
 * nodes it was made from held the version of every file edited since, and its text, for as long.
 */
export interface StatePlaces {
  readonly ids: readonly string[];
  readonly placeOf: ReadonlyMap<string, number>;
  /** The `depends_on` entries that name no node, by the place of an open node that has some, in its order. */
  readonly missing: ReadonlyMap<number, readonly string[]>;
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  readonly cycleOf: ReadonlyMap<string, Cycle>;
  /** Each node's local state (`DONE`, `UNTRACKED`, `OPEN`, `DROPPED`). */
  readonly local: Uint8Array;
  /** 1 for open work that is blocked. */
  readonly blocked: Uint8Array;
  /** The `depends_on` edges by place, when the graph stage made them. */
  readonly edges: PlaceEdges | null;
}

/**
 * Notes in `missing` the `depends_on` entries of the node at `place` that name no node, when it
 * has some: fewer edges (`edges`) than entries. What `StatePlaces.missing` holds, as the states
 * and the warm start's restored states both make it.
 */
export function noteMissing(missing: Map<number, readonly string[]>, place: number, dependsOn: readonly string[], edges: number, nodes: ReadonlyMap<string, unknown>): void {
  if (edges < dependsOn.length) missing.set(place, dependsOn.filter((entry) => !nodes.has(entry)));
}

export class StateMap implements ReadonlyMap<string, NodeState> {
  private readonly kept = new Map<number, NodeState>();

  constructor(readonly places: StatePlaces) {}

  get size(): number {
    return this.places.ids.length;
  }

  has(id: string): boolean {
    return this.places.placeOf.has(id);
  }

  get(id: string): NodeState | undefined {
    const at = this.places.placeOf.get(id);
    return at === undefined ? undefined : this.at(at);
  }

  /** The state of the node at `place` alone (nothing is made). */
  stateAt(place: number): WorkState {
    const local = this.places.local[place]!;
    return local === DONE ? 'done' : local === UNTRACKED ? 'untracked' : local === DROPPED ? 'dropped' : this.places.blocked[place] === 1 ? 'blocked' : 'ready';
  }

  /** The state of the node at `place` in `ids`. */
  at(place: number): NodeState {
    const state = this.stateAt(place);
    if (state !== 'blocked') return SETTLED[state];
    let kept = this.kept.get(place);
    if (kept === undefined) this.kept.set(place, (kept = Object.freeze({ state, blockedBy: Object.freeze(this.blockersAt(place)) })));
    return kept;
  }

  /** Why the node at `place` is blocked: unsettled dependencies with their states, missing entries, its cycle; by id, then state. */
  private blockersAt(place: number): Blocker[] {
    const { ids, placeOf, missing, upstream, cycleOf, local } = this.places;
    const id = ids[place]!;
    const deps = upstream.get(id)!;
    const blockers: Blocker[] = [];
    for (const dep of deps) {
      const at = placeOf.get(dep)!;
      if (at !== place && local[at]! > UNTRACKED) blockers.push({ id: dep, state: this.stateAt(at) as Blocker['state'] });
    }
    for (const entry of missing.get(place) ?? []) blockers.push({ id: entry, state: 'missing' });
    const cycle = cycleOf.size > 0 ? cycleOf.get(id) : undefined;
    if (cycle !== undefined) blockers.push({ id: cycle.ids[0]!, state: 'cycle' });
    if (blockers.length > 1) blockers.sort((a, b) => compareStrings(a.id, b.id) || compareStrings(a.state, b.state));
    return blockers;
  }

  forEach(callback: (value: NodeState, key: string, map: ReadonlyMap<string, NodeState>) => void, thisArg?: unknown): void {
    this.places.ids.forEach((id, place) => callback.call(thisArg, this.at(place), id, this));
  }

  *entries(): MapIterator<[string, NodeState]> {
    for (let place = 0; place < this.places.ids.length; place += 1) yield [this.places.ids[place]!, this.at(place)];
  }

  *keys(): MapIterator<string> {
    yield* this.places.ids;
  }

  *values(): MapIterator<NodeState> {
    for (let place = 0; place < this.places.ids.length; place += 1) yield this.at(place);
  }

  [Symbol.iterator](): MapIterator<[string, NodeState]> {
    return this.entries();
  }
}
