/**
 * TRACE §2 `unblocks`: for every node, how many distinct nodes downstream of it over
 * `depends_on` (transitively, itself never counted) are open work (`ready` or `blocked`).
 *
 * Counting distinct descendants of every node exactly is transitive closure, quadratic in
 * general: a walk per node over a long chain is n²/2 steps. This pass is one sweep over the
 * components of the graph (cycles condensed), dependents before what they depend on, in
 * O((V + E) · K) with K = {@link SKETCH_SIZE}:
 * - a node with one dependent counts it and what it counts (exact, any length of chain);
 * - a node whose dependents have no other dependency, all the way down (a tree), adds up
 *   their counts (exact);
 * - otherwise each node keeps the K + 1 smallest hashes of its open descendants (a bottom-k
 *   sketch), merged from its dependents': while they are at most K the sketch is the set
 *   itself, and the count is exact; beyond, the count is estimated from the sketch
 *   (K · 2³² / its largest hash, about 9 % typical error), kept between the largest count of
 *   one dependent and their sum.
 * So `unblocks` is exact whenever it is at most K, and for chains and trees of any size.
 */
import type { Cycle, NodeState } from '../shared/types.js';
import { StateMap } from './state-map.js';

/** Counts up to this are exact: a sketch keeps one hash more, so that a full one means "more than this". */
export const SKETCH_SIZE = 128;
const CAPACITY = SKETCH_SIZE + 1;

export interface UnblocksInputs {
  readonly ids: readonly string[];
  readonly downstream: ReadonlyMap<string, readonly string[]>;
  readonly cycleOf: ReadonlyMap<string, Cycle>;
  readonly states: ReadonlyMap<string, NodeState>;
}

/** A bijective 32-bit mix of a node's index (distinct indices give distinct hashes, in a scattered order). */
function hashOf(index: number): number {
  let x = index ^ 0x9e3779b9;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** The smallest hashes of a set, ascending, in `values[0..size)`; `null` is the empty set. */
interface Sketch {
  readonly values: Uint32Array;
  size: number;
}

/**
 * Sketch buffers no longer read, for the next ones: a sweep holds only the sketches whose
 * dependencies are not all visited yet, so it allocates about that many, not one per node.
 */
class Pool {
  private readonly free: Uint32Array[] = [];

  take(): Sketch {
    return { values: this.free.pop() ?? new Uint32Array(CAPACITY), size: 0 };
  }

  release(sketch: Sketch): void {
    this.free.push(sketch.values);
  }
}

/** Adds `hash` to `sketch` in place (keeping the CAPACITY smallest), or makes a sketch of it. */
function insert(pool: Pool, sketch: Sketch | null, hash: number): Sketch {
  if (sketch === null) {
    const made = pool.take();
    made.values[0] = hash;
    made.size = 1;
    return made;
  }
  const { values } = sketch;
  const size = sketch.size;
  if (size === CAPACITY && hash >= values[size - 1]!) return sketch;
  let low = 0;
  let high = size;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! < hash) low = mid + 1;
    else high = mid;
  }
  if (low < size && values[low] === hash) return sketch;
  values.copyWithin(low + 1, low, size === CAPACITY ? size - 1 : size);
  values[low] = hash;
  if (size < CAPACITY) sketch.size = size + 1;
  return sketch;
}

/** The CAPACITY smallest distinct values of two sketches, as a new sketch. */
function merge(pool: Pool, a: Sketch | null, b: Sketch): Sketch {
  const made = pool.take();
  if (a === null) {
    made.values.set(b.values.subarray(0, b.size));
    made.size = b.size;
    return made;
  }
  const out = made.values;
  const x = a.values;
  const y = b.values;
  let i = 0;
  let j = 0;
  let n = 0;
  while (n < CAPACITY && (i < a.size || j < b.size)) {
    const next = j >= b.size || (i < a.size && x[i]! <= y[j]!) ? x[i]! : y[j]!;
    if (i < a.size && x[i] === next) i += 1;
    if (j < b.size && y[j] === next) j += 1;
    out[n] = next;
    n += 1;
  }
  made.size = n;
  return made;
}

/** The graph with its cycles condensed: components, their open nodes and their edges, each once. */
interface Condensed {
  readonly n: number;
  /** Each node's component: its own index, or for a node of a cycle the index of the cycle's smallest id. */
  readonly comp: Int32Array;
  /** 1 for open work (ready or blocked). */
  readonly open: Uint8Array;
  /** Open nodes per component (at its index). */
  readonly compOpen: Int32Array;
  readonly totalOpen: number;
  /** The nodes of each cyclic component, by the component's index. */
  readonly members: ReadonlyMap<number, readonly number[]>;
  /** For each component, the components that depend on it: `children[childStart[c] .. childStart[c + 1])`. */
  readonly childStart: Int32Array;
  readonly children: Int32Array;
  /** For each component, the components it depends on, the same way. */
  readonly parentStart: Int32Array;
  readonly parentList: Int32Array;
}

function condense(graph: UnblocksInputs): Condensed {
  const { ids, downstream, cycleOf, states } = graph;
  const n = ids.length;
  // The state stage's own arrays when they are over these ids: no map of places to make, no state to look up.
  const placed = states instanceof StateMap && states.places.ids === ids ? states : null;
  const edges = placed?.places.edges ?? null;
  let indexOf = placed?.places.placeOf;
  if (indexOf === undefined) {
    const made = new Map<string, number>();
    for (let i = 0; i < n; i += 1) made.set(ids[i]!, i);
    indexOf = made;
  }
  const comp = new Int32Array(n);
  const open = new Uint8Array(n);
  const compOpen = new Int32Array(n);
  const members = new Map<number, number[]>();
  let totalOpen = 0;
  for (let i = 0; i < n; i += 1) {
    const id = ids[i]!;
    const cycle = cycleOf.size === 0 ? undefined : cycleOf.get(id);
    const c = cycle === undefined ? i : indexOf.get(cycle.ids[0]!)!;
    comp[i] = c;
    if (c !== i) {
      const list = members.get(c);
      if (list === undefined) members.set(c, [c, i]);
      else list.push(i);
    }
    const state = placed === null ? states.get(id)!.state : placed.stateAt(i);
    if (state === 'ready' || state === 'blocked') {
      open[i] = 1;
      totalOpen += 1;
      compOpen[c]! += 1;
    }
  }
  const childStart = new Int32Array(n + 1);
  const children: number[] = [];
  const mark = new Int32Array(n).fill(-1);
  const parentCount = new Int32Array(n + 1);
  const one = [0];
  for (let c = 0; c < n; c += 1) {
    childStart[c] = children.length;
    if (comp[c] !== c) continue;
    one[0] = c;
    for (const member of members.get(c) ?? one) {
      if (edges !== null) {
        for (let k = edges.downStart[member]!; k < edges.downStart[member + 1]!; k += 1) addChild(c, comp[edges.downList[k]!]!, mark, children, parentCount);
      } else {
        for (const dependent of downstream.get(ids[member]!)!) addChild(c, comp[indexOf.get(dependent)!]!, mark, children, parentCount);
      }
    }
  }
  childStart[n] = children.length;
  // The same edges turned around (counting sort by child).
  const parentStart = new Int32Array(n + 1);
  for (let c = 0; c < n; c += 1) parentStart[c + 1] = parentStart[c]! + parentCount[c]!;
  const fill = parentStart.slice(0, n);
  const parentList = new Int32Array(children.length);
  for (let c = 0; c < n; c += 1) for (let k = childStart[c]!; k < childStart[c + 1]!; k += 1) parentList[fill[children[k]!]!++] = c;
  return { n, comp, open, compOpen, totalOpen, members, childStart, children: Int32Array.from(children), parentStart, parentList };
}

/** Records component `d` as depending on `c`, once (`mark` remembers the last `c` that took it). */
function addChild(c: number, d: number, mark: Int32Array, children: number[], parentCount: Int32Array): void {
  if (d === c || mark[d] === c) return;
  mark[d] = c;
  children.push(d);
  parentCount[d]! += 1;
}

/**
 * For each component, how many open nodes lie downstream of it outside it: one sweep,
 * dependents first (Kahn's algorithm on the condensed edges, from the components nothing
 * depends on).
 */
function sweep(g: Condensed): Float64Array {
  const { n, comp, open, compOpen, totalOpen, members, childStart, children, parentStart, parentList } = g;
  const count = new Float64Array(n);
  const solo = new Uint8Array(n);
  const sketches: (Sketch | null)[] = new Array<Sketch | null>(n).fill(null);
  const readersLeft = new Int32Array(n);
  const waiting = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let c = 0; c < n; c += 1) {
    if (comp[c] !== c) continue;
    readersLeft[c] = parentStart[c + 1]! - parentStart[c]!;
    waiting[c] = childStart[c + 1]! - childStart[c]!;
    if (waiting[c] === 0) queue[tail++] = c;
  }
  const pool = new Pool();
  for (let head = 0; head < tail; head += 1) {
    const c = queue[head]!;
    const from = childStart[c]!;
    const to = childStart[c + 1]!;
    let sketch: Sketch | null = null;
    let sum = 0;
    let most = 0;
    let allSolo = true;
    for (let k = from; k < to; k += 1) {
      const d = children[k]!;
      const part = count[d]! + compOpen[d]!;
      sum += part;
      if (part > most) most = part;
      const single = parentStart[d + 1]! - parentStart[d]! === 1;
      allSolo &&= solo[d] === 1 && single;
      // A sketch read for the last time is taken over (a chain copies nothing) or given back to the pool.
      const theirs = sketches[d] ?? null;
      const last = (readersLeft[d]! -= 1) === 0;
      if (last) sketches[d] = null;
      if (theirs !== null) {
        if (sketch === null && last) sketch = theirs;
        else {
          const merged = merge(pool, sketch, theirs);
          if (sketch !== null) pool.release(sketch);
          if (last) pool.release(theirs);
          sketch = merged;
        }
      }
      const cycle = members.get(d);
      if (cycle === undefined) {
        if (open[d] === 1) sketch = insert(pool, sketch, hashOf(d));
      } else {
        for (const m of cycle) if (open[m] === 1) sketch = insert(pool, sketch, hashOf(m));
      }
    }
    solo[c] = allSolo ? 1 : 0;
    if (to - from <= 1 || allSolo) count[c] = sum;
    else if (sketch === null || sketch.size < CAPACITY) count[c] = sketch?.size ?? 0;
    else count[c] = Math.round(Math.min(sum, totalOpen, Math.max(most, ((CAPACITY - 1) * 2 ** 32) / (sketch.values[CAPACITY - 1]! + 1))));
    if (readersLeft[c] === 0) {
      if (sketch !== null) pool.release(sketch);
    } else sketches[c] = sketch;
    for (let k = parentStart[c]!; k < parentStart[c + 1]!; k += 1) {
      const p = parentList[k]!;
      if ((waiting[p]! -= 1) === 0) queue[tail++] = p;
    }
  }
  return count;
}

/** `unblocks` of every node, by id. */
export function countUnblocks(graph: UnblocksInputs): ReadonlyMap<string, number> {
  const condensed = condense(graph);
  const count = sweep(condensed);
  const { comp, open, compOpen, members } = condensed;
  const unblocks = new Map<string, number>();
  for (let i = 0; i < condensed.n; i += 1) {
    const c = comp[i]!;
    // In a cycle, a node also reaches the other nodes of its cycle (never itself).
    const inCycle = members.has(c) ? compOpen[c]! - open[i]! : 0;
    unblocks.set(graph.ids[i]!, count[c]! + inCycle);
  }
  return unblocks;
}
