/**
 * Work-state indexes of a snapshot (TRACE §2), made on first use and kept while the states
 * are the same object — a live workspace keeps them across edits that move no status and no
 * edge, so an edit to a body or a title recounts nothing: every node's `unblocks`
 * (model/count-unblocks.ts), and the ids in each state, sorted (the ready ones by
 * `unblocks`, most first, then id).
 */
import { countUnblocks } from '../model/count-unblocks.js';
import { unblocksKey } from '../model/unblocks-key.js';
import type { WorkState } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import { StateMap } from '../model/state-map.js';
import type { NodeState, Workspace } from '../shared/types.js';

interface StateIndex {
  unblocks?: ReadonlyMap<string, number>;
  byState?: ReadonlyMap<WorkState, readonly string[]>;
  /** Counts kept from an earlier start, used if their key is this graph's (then dropped). */
  seed?: UnblocksMemo | undefined;
}

/** Every node's `unblocks` by place in `ids`, with the key of the graph they were counted on (model/unblocks-key.ts). */
export interface UnblocksMemo {
  readonly key: string;
  readonly counts: Int32Array;
}

const indexes = new WeakMap<ReadonlyMap<string, NodeState>, StateIndex>();

function indexOf(workspace: Workspace): StateIndex {
  let index = indexes.get(workspace.states);
  if (index === undefined) indexes.set(workspace.states, (index = {}));
  return index;
}

/** Every node's `unblocks`, by id. */
export function unblocksOf(workspace: Workspace): ReadonlyMap<string, number> {
  const index = indexOf(workspace);
  return (index.unblocks ??= fromSeed(workspace, index) ?? countUnblocks(workspace));
}

/** The seed's counts by id, when it was counted on a graph with the workspace's key. */
function fromSeed(workspace: Workspace, index: StateIndex): ReadonlyMap<string, number> | null {
  const seed = index.seed;
  index.seed = undefined;
  if (seed === undefined || seed.counts.length !== workspace.ids.length || unblocksKey(workspace) !== seed.key) return null;
  // The state stage's places, when they are over these ids: the counts are read through them (no map of 100,000 ids made).
  const states = workspace.states;
  if (states instanceof StateMap && states.places.ids === workspace.ids) return new PlaceCounts(workspace.ids, states.places.placeOf, seed.counts);
  const unblocks = new Map<string, number>();
  for (let place = 0; place < workspace.ids.length; place += 1) unblocks.set(workspace.ids[place]!, seed.counts[place]!);
  return unblocks;
}

/**
 * Offers counts kept from an earlier start (the on-disk index, issue 38): the first `unblocksOf`
 * takes them instead of counting, if they were counted on a graph with this one's key.
 */
export function seedUnblocks(workspace: Workspace, memo: UnblocksMemo): void {
  const index = indexOf(workspace);
  if (index.unblocks === undefined) index.seed = memo;
}

/** The workspace's `unblocks` with their key, to keep for a later start (counted now if they were not yet); `null` when it has no key. */
export function unblocksMemo(workspace: Workspace): UnblocksMemo | null {
  const key = unblocksKey(workspace);
  if (key === null) return null;
  const unblocks = unblocksOf(workspace);
  return { key, counts: Int32Array.from(workspace.ids, (id) => unblocks.get(id)!) };
}

/** The ids in `state`, by id; the ready ones by `unblocks`, most first, then id ("what to do next"). */
export function idsInState(workspace: Workspace, state: WorkState): readonly string[] {
  const index = indexOf(workspace);
  if (index.byState === undefined) {
    const byState = new Map<WorkState, string[]>([['ready', []], ['blocked', []], ['done', []], ['dropped', []], ['untracked', []]]);
    // `ids` is sorted, so each list is too.
    for (const id of workspace.ids) byState.get(workspace.states.get(id)!.state)!.push(id);
    const unblocks = unblocksOf(workspace);
    // A stable sort keeps the id order among equals; a kit file's items stand at its own id,
    // in the file's order (KITS §4: the author's next task first).
    const ready = byState.get('ready')!;
    if (ready.some((id) => workspace.nodes.get(id)!.item !== undefined)) {
      const place = (id: string) => workspace.nodes.get(id)!.item;
      ready.sort((a, b) => {
        const x = place(a);
        const y = place(b);
        return unblocks.get(b)! - unblocks.get(a)! || compareStrings(x?.file ?? a, y?.file ?? b) || (x?.line ?? 0) - (y?.line ?? 0) || compareStrings(a, b);
      });
    } else {
      ready.sort((a, b) => unblocks.get(b)! - unblocks.get(a)!);
    }
    index.byState = byState;
  }
  return index.byState.get(state)!;
}

/** Counts by place in `ids`, read as a map by id. */
class PlaceCounts implements ReadonlyMap<string, number> {
  constructor(
    private readonly ids: readonly string[],
    private readonly placeOf: ReadonlyMap<string, number>,
    private readonly counts: Int32Array,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.placeOf.has(id);
  }

  get(id: string): number | undefined {
    const place = this.placeOf.get(id);
    return place === undefined ? undefined : this.counts[place];
  }

  forEach(callback: (value: number, key: string, map: ReadonlyMap<string, number>) => void, thisArg?: unknown): void {
    this.ids.forEach((id, place) => callback.call(thisArg, this.counts[place]!, id, this));
  }

  *entries(): MapIterator<[string, number]> {
    for (let place = 0; place < this.ids.length; place += 1) yield [this.ids[place]!, this.counts[place]!];
  }

  *keys(): MapIterator<string> {
    yield* this.ids;
  }

  *values(): MapIterator<number> {
    yield* this.counts;
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }
}
