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

/** Adds `hash` to `sketch` in place (keeping the CAPACITY smallest), or makes a sketch of it. */
function insert(sketch: Sketch | null, hash: number): Sketch {
  if (sketch === null) {
    const values = new Uint32Array(CAPACITY);
    values[0] = hash;
    return { values, size: 1 };
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
function merge(a: Sketch | null, b: Sketch | null): Sketch | null {
  if (a === null) return b === null ? null : { values: b.values.slice(), size: b.size };
  if (b === null) return { values: a.values.slice(), size: a.size };
  const out = new Uint32Array(CAPACITY);
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
  return { values: out, size: n };
}

/** `unblocks` of every node, by id. */
export function countUnblocks(graph: UnblocksInputs): ReadonlyMap<string, number> {
  const { ids, downstream, cycleOf, states } = graph;
  const n = ids.length;
  const indexOf = new Map<string, number>();
  for (let i = 0; i < n; i += 1) indexOf.set(ids[i]!, i);
  // Components: a node is its own, but the nodes of a cycle share the index of its smallest id.
  const comp = new Int32Array(n);
  const open = new Uint8Array(n);
  const compOpen = new Int32Array(n);
  let totalOpen = 0;
  for (let i = 0; i < n; i += 1) {
    const id = ids[i]!;
    const cycle = cycleOf.get(id);
    comp[i] = cycle === undefined ? i : indexOf.get(cycle.ids[0]!)!;
    const state = states.get(id)!.state;
    if (state === 'ready' || state === 'blocked') {
      open[i] = 1;
      totalOpen += 1;
    }
  }
  for (let i = 0; i < n; i += 1) compOpen[comp[i]!]! += open[i]!;
  // The condensed edges, each once: for each component, the components that depend on it.
  const childStart = new Int32Array(n + 1);
  const children: number[] = [];
  const members: number[][] = [];
  for (let i = 0; i < n; i += 1) if (comp[i] !== i) (members[comp[i]!] ??= [comp[i]!]).push(i);
  const mark = new Int32Array(n).fill(-1);
  const parents = new Int32Array(n);
  for (let c = 0; c < n; c += 1) {
    childStart[c] = children.length;
    if (comp[c] !== c) continue;
    for (const member of members[c] ?? [c]) {
      for (const dependent of downstream.get(ids[member]!)!) {
        const d = comp[indexOf.get(dependent)!]!;
        if (d === c || mark[d] === c) continue;
        mark[d] = c;
        children.push(d);
        parents[d]! += 1;
      }
    }
  }
  childStart[n] = children.length;

  const count = new Float64Array(n);
  const solo = new Uint8Array(n);
  const sketches: (Sketch | null)[] = new Array<Sketch | null>(n).fill(null);
  const parentsLeft = Int32Array.from(parents);
  const waiting = new Int32Array(n);
  const queue: number[] = [];
  for (let c = 0; c < n; c += 1) {
    if (comp[c] !== c) continue;
    waiting[c] = childStart[c + 1]! - childStart[c]!;
    if (waiting[c] === 0) queue.push(c);
  }
  const parentsOf = reverse(n, comp, childStart, children);
  for (let head = 0; head < queue.length; head += 1) {
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
      most = Math.max(most, part);
      allSolo &&= solo[d] === 1 && parents[d] === 1;
      // The first sketch is taken over when nothing else depends on it (a chain: no copy), else merged.
      const theirs = sketches[d]!;
      if ((parentsLeft[d]! -= 1) === 0) sketches[d] = null;
      sketch = k === from && parents[d] === 1 ? theirs : merge(sketch, theirs);
      if (members[d] === undefined) {
        if (open[d] === 1) sketch = insert(sketch, hashOf(d));
      } else {
        for (const m of members[d]!) if (open[m] === 1) sketch = insert(sketch, hashOf(m));
      }
    }
    solo[c] = allSolo ? 1 : 0;
    if (to - from <= 1 || allSolo) count[c] = sum;
    else if (sketch === null || sketch.size < CAPACITY) count[c] = sketch?.size ?? 0;
    else count[c] = Math.round(Math.min(sum, totalOpen, Math.max(most, ((CAPACITY - 1) * 2 ** 32) / (sketch.values[CAPACITY - 1]! + 1))));
    sketches[c] = parents[c] === 0 ? null : sketch;
    for (const p of parentsOf[c] ?? []) if ((waiting[p]! -= 1) === 0) queue.push(p);
  }
  const unblocks = new Map<string, number>();
  for (let i = 0; i < n; i += 1) {
    const c = comp[i]!;
    // In a cycle, a node also reaches the other nodes of its cycle (never itself).
    const inCycle = members[c] === undefined ? 0 : compOpen[c]! - open[i]!;
    unblocks.set(ids[i]!, count[c]! + inCycle);
  }
  return unblocks;
}

/** For each component, the components it depends on (the condensed edges turned around). */
function reverse(n: number, comp: Int32Array, childStart: Int32Array, children: readonly number[]): (number[] | undefined)[] {
  const parentsOf: (number[] | undefined)[] = new Array<number[] | undefined>(n);
  for (let c = 0; c < n; c += 1) {
    if (comp[c] !== c) continue;
    for (let k = childStart[c]!; k < childStart[c + 1]!; k += 1) (parentsOf[children[k]!] ??= []).push(c);
  }
  return parentsOf;
}
