/**
 * A layered layout of the dependency graph for `docugraph view`: every node on a grid, in
 * dependency order (a document below everything it depends on), computed once per snapshot
 * in O(V log V + E). Layers are longest paths from the documents that depend on nothing, with
 * each cycle kept on one layer; within a layer, nodes sit near the mean place of what they
 * depend on (one barycentre sweep), ties by id; a layer wider than the grid wraps onto more
 * rows. The same graph always gets the same layout: an edit that moves no edge moves no node.
 * With groups (a spec kit's feature folders), each group is laid out on its own, as a block,
 * and the blocks stand side by side in the order of their group numbers.
 */
import { compareStrings } from '../shared/sort.js';

/** What the layout reads: sorted ids and, per id, the ids it depends on (that exist). */
export interface LayoutInputs {
  readonly ids: readonly string[];
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  /** For each id in a cycle, the cycle's ids (sorted): they share one layer. */
  readonly cycleOf: ReadonlyMap<string, { readonly ids: readonly string[] }>;
  /** Each node's group, by index in `ids` (absent: one group); a block of the grid each. */
  readonly groupOf?: readonly number[];
}

/** Grid places, by index in `ids`: column `x` (centred on 0) and row `y` (0 at the top). */
export interface GraphLayout {
  readonly x: readonly number[];
  readonly y: readonly number[];
  /** The dependency layer of each node (0: depends on nothing). */
  readonly layer: readonly number[];
  /** How many columns the widest row has. */
  readonly width: number;
  /** How many rows there are. */
  readonly height: number;
}

/** The widest row for `n` nodes: about twice as wide as a square grid, at least 12. */
export function rowWidth(n: number): number {
  return Math.max(12, Math.ceil(2 * Math.sqrt(n)));
}

/** Columns left empty between two groups' blocks. */
const GROUP_GAP = 1;

export function layoutGraph(inputs: LayoutInputs): GraphLayout {
  const groupOf = inputs.groupOf;
  if (groupOf === undefined || groupOf.every((g) => g === groupOf[0])) return layoutBlock(inputs);
  // Each group's nodes, in id order, laid out alone (edges into other groups do not place a node).
  const members = new Map<number, number[]>();
  groupOf.forEach((g, i) => (members.get(g) ?? members.set(g, []).get(g)!).push(i));
  const n = inputs.ids.length;
  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  const layer = new Array<number>(n).fill(0);
  let left = 0;
  let height = 0;
  for (const g of [...members.keys()].sort((a, b) => a - b)) {
    const own = members.get(g)!;
    const ids = own.map((i) => inputs.ids[i]!);
    const inside = new Set(ids);
    const upstream = new Map<string, readonly string[]>();
    for (const id of ids) upstream.set(id, (inputs.upstream.get(id) ?? []).filter((to) => inside.has(to)));
    const cycleOf = new Map<string, { readonly ids: readonly string[] }>();
    for (const id of ids) {
      const cycle = inputs.cycleOf.get(id);
      if (cycle !== undefined) cycleOf.set(id, { ids: cycle.ids.filter((c) => inside.has(c)) });
    }
    const block = layoutBlock({ ids, upstream, cycleOf });
    // The block's columns run from `left`: its rows are centred on 0, so each moves by half the block's width.
    own.forEach((i, k) => {
      x[i] = block.x[k]! + left + (block.width - 1) / 2;
      y[i] = block.y[k]!;
      layer[i] = block.layer[k]!;
    });
    left += block.width + GROUP_GAP;
    height = Math.max(height, block.height);
  }
  return { x, y, layer, width: Math.max(0, left - GROUP_GAP), height };
}

/** One block: the layered layout of `inputs`, rows centred on column 0. */
function layoutBlock(inputs: LayoutInputs): GraphLayout {
  const { ids } = inputs;
  const n = ids.length;
  const index = new Map<string, number>();
  ids.forEach((id, i) => index.set(id, i));
  // Each node's representative: itself, or the first id of its cycle.
  const rep = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const cycle = inputs.cycleOf.get(ids[i]!);
    rep[i] = cycle === undefined ? i : index.get(cycle.ids[0]!)!;
  }
  const up = upstreamIndexes(inputs, index, rep);
  const layer = longestPathLayers(n, up, rep);
  return placeLayers(n, up, layer, ids);
}

/** For each node, the indexes of the representatives it depends on, outside its own cycle. */
function upstreamIndexes(inputs: LayoutInputs, index: ReadonlyMap<string, number>, rep: Int32Array): number[][] {
  return inputs.ids.map((id, i) => {
    const out: number[] = [];
    for (const to of inputs.upstream.get(id) ?? []) {
      const j = index.get(to);
      if (j !== undefined && rep[j] !== rep[i]) out.push(rep[j]!);
    }
    return out;
  });
}

/** Kahn's order over the representatives: a layer is one more than the deepest dependency's. */
function longestPathLayers(n: number, up: readonly number[][], rep: Int32Array): Int32Array {
  const pending = new Int32Array(n);
  const down: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i += 1) {
    for (const j of up[i]!) {
      pending[rep[i]!] = pending[rep[i]!]! + 1;
      down[j]!.push(rep[i]!);
    }
  }
  const layer = new Int32Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i += 1) if (rep[i] === i && pending[i] === 0) queue.push(i);
  for (let head = 0; head < queue.length; head += 1) {
    const r = queue[head]!;
    for (const d of down[r]!) {
      if (layer[r]! + 1 > layer[d]!) layer[d] = layer[r]! + 1;
      pending[d] = pending[d]! - 1;
      if (pending[d] === 0) queue.push(d);
    }
  }
  for (let i = 0; i < n; i += 1) layer[i] = layer[rep[i]!]!;
  return layer;
}

/** Rows and columns: layer by layer, each node near the mean column of what it depends on. */
function placeLayers(n: number, up: readonly number[][], layer: Int32Array, ids: readonly string[]): GraphLayout {
  const width = rowWidth(n);
  const layers: number[][] = [];
  for (let i = 0; i < n; i += 1) (layers[layer[i]!] ??= []).push(i);
  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  /** Each node's place along its layer, 0–1, once placed. */
  const along = new Float64Array(n);
  let row = 0;
  let widest = 0;
  const key = new Float64Array(n);
  for (const members of layers) {
    if (members === undefined) continue;
    for (const i of members) {
      const deps = up[i]!;
      let sum = 0;
      for (const j of deps) sum += along[j]!;
      key[i] = deps.length === 0 ? -1 : sum / deps.length;
    }
    members.sort((a, b) => key[a]! - key[b]! || compareStrings(ids[a]!, ids[b]!));
    const rows = Math.ceil(members.length / width);
    const perRow = Math.ceil(members.length / rows);
    members.forEach((i, k) => {
      const inRow = k % perRow;
      const rowLength = Math.min(perRow, members.length - (k - inRow));
      x[i] = inRow - (rowLength - 1) / 2;
      y[i] = row + Math.floor(k / perRow);
      along[i] = members.length === 1 ? 0.5 : k / (members.length - 1);
      widest = Math.max(widest, rowLength);
    });
    row += rows;
  }
  const layerOf = Array.from(layer);
  return { x, y, layer: layerOf, width: widest, height: row };
}
