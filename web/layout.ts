/**
 * The picture `docugraph view` draws (issue 58), laid out by ELK's layered algorithm (elkjs):
 * one box per group (groups.ts) — closed, with its counts, or open, holding its items laid out
 * in layers — and the links between groups with how many edges each stands for. Above a few
 * hundred nodes, two levels of plain layered graphs rather than one compound graph (seconds at
 * that size): a group is laid out alone (and kept, so opening another moves nothing inside it),
 * then the overview places the groups at their sizes.
 *
 * In a group, a dependency stands left of what depends on it (requirement → criterion → task),
 * edges are routed orthogonally around the boxes, and every input is sorted first: the same
 * graph gets the same picture. Pure but for `elk`, which may run in a worker (elk.ts).
 */
import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { compoundGraph, isCompound, readCompound } from './layout-compound.js';
import { MANY_LINKS, shelve, type Shelves } from './shelves.js';
import { compareStrings } from '../src/core/shared/sort.js';

/** An item's box (world px). */
export const ITEM_W = 170;
export const ITEM_H = 44;
/** A closed group's box. */
export const GROUP_W = 240;
export const GROUP_H = 92;
/** An open group's margin around its items, and its title band. */
export const PAD = 16;
export const HEADER = 36;
/** The overview's text sizes (world px): a group's name, its counts and a link's count. */
export const NAME_PX = 14;
export const COUNT_PX = 13;
/** Fit never shrinks the overview's text below 10 px. */
export const MIN_OVERVIEW_SCALE = 10 / COUNT_PX;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A routed edge: `points` flat (x0, y0, x1, y1, …), from the dependency to what depends on it. */
export interface Route {
  readonly from: number;
  readonly to: number;
  readonly kind: number;
  readonly points: readonly number[];
}

export interface GroupBox extends Rect {
  readonly group: number;
  readonly open: boolean;
}

export interface Link {
  /** The group that depends (its nodes' edges start there), and the group depended on. */
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly points: readonly number[];
  readonly label: (Rect & { readonly text: string }) | null;
}

export interface Picture {
  readonly groups: readonly GroupBox[];
  /** Items of open groups: node index → box. */
  readonly items: ReadonlyMap<number, Rect>;
  /** Edges between items of one open group. */
  readonly routes: readonly Route[];
  /** Links between groups, as laid out (none on shelves: see `shelves`). */
  readonly links: readonly Link[];
  /** When the groups have too many links to lay out in layers: the shelves they stand on, through whose gutters a group's links are routed on demand. */
  readonly shelves?: Shelves;
  readonly width: number;
  readonly height: number;
}

/** A group laid out alone: its items' places and routes, from (0, 0). */
export interface Inner {
  readonly w: number;
  readonly h: number;
  readonly items: ReadonlyMap<number, { readonly x: number; readonly y: number }>;
  readonly routes: readonly Route[];
}

/** What the picture shows: the edges (flat triples, `from` depends on `to`), each node's group, the groups shown with their shown nodes, the open ones. */
export interface PictureSpec {
  readonly edges: readonly number[];
  readonly groupOf: Int32Array;
  readonly shown: ReadonlyMap<number, readonly number[]>;
  readonly open: ReadonlySet<number>;
  /** Width over height of the area the picture is drawn in. */
  readonly aspect: number;
}

const BASE: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
  'elk.spacing.nodeNode': '16',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.edgeNode': '12',
  'elk.spacing.edgeEdge': '8',
  'elk.layered.crossingMinimization.strategy': 'LAYER_SWEEP',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
};

/** Past this many boxes, one crossing-minimisation pass (thoroughness 1) keeps a layout within a second. */
const THOROUGH_UP_TO = 300;

export function options(count: number, extra: Record<string, string> = {}): Record<string, string> {
  return { ...BASE, 'elk.layered.thoroughness': count > THOROUGH_UP_TO ? '1' : '7', ...extra };
}

/** The edges between `inside` nodes, each (from, to, kind) once, as ELK edges to → from with the id `to>from:kind`, sorted by id. */
export function itemEdges(inside: ReadonlySet<number>, edges: readonly number[]): ElkExtendedEdge[] {
  const list: ElkExtendedEdge[] = [];
  const seen = new Set<string>();
  for (let e = 0; e * 3 < edges.length; e += 1) {
    const from = edges[e * 3]!;
    const to = edges[e * 3 + 1]!;
    if (from === to || !inside.has(from) || !inside.has(to)) continue;
    const id = `${to}>${from}:${edges[e * 3 + 2]!}`;
    if (seen.has(id)) continue;
    seen.add(id);
    list.push({ id, sources: [String(to)], targets: [String(from)] });
  }
  return list.sort((a, b) => compareStrings(a.id, b.id));
}

/** The ELK graph of one group's shown nodes (`members`) and the edges between them. */
function groupGraph(members: readonly number[], edges: readonly number[]): ElkNode {
  return {
    id: 'group',
    layoutOptions: options(members.length),
    children: [...members].sort((a, b) => a - b).map((i) => ({ id: String(i), width: ITEM_W, height: ITEM_H })),
    edges: itemEdges(new Set(members), edges),
  };
}

/** A laid-out group graph read back: item places and routes. */
function readGroup(laid: ElkNode): Inner {
  const items = new Map<number, { x: number; y: number }>();
  for (const child of laid.children ?? []) items.set(Number(child.id), { x: child.x ?? 0, y: child.y ?? 0 });
  return { w: laid.width ?? 0, h: laid.height ?? 0, items, routes: ((laid.edges ?? []) as ElkExtendedEdge[]).map(routeOf) };
}

/** The linked pairs of shown groups: `from`'s shown nodes depend on `to`'s by `count` edges; in order of their ids. */
function linkPairs(spec: PictureSpec): { from: number; to: number; count: number }[] {
  const shownNode = shownNodes(spec);
  const counts = new Map<string, number>();
  const { edges, groupOf } = spec;
  for (let e = 0; e * 3 < edges.length; e += 1) {
    const from = edges[e * 3]!;
    const to = edges[e * 3 + 1]!;
    if (!shownNode.has(from) || !shownNode.has(to)) continue;
    const a = groupOf[from]!;
    const b = groupOf[to]!;
    if (a === b) continue;
    const key = `${b}>${a}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([key, count]) => {
      const [to, from] = key.split('>').map(Number) as [number, number];
      return { from, to, count };
    });
}

/** Every node `spec` shows. */
export function shownNodes(spec: PictureSpec): Set<number> {
  const out = new Set<number>();
  for (const nodes of spec.shown.values()) for (const i of nodes) out.add(i);
  return out;
}

/** A group's size in the overview: closed, a box; open, its items' extent with margins and title band. */
function sizeOf(spec: PictureSpec, inner: ReadonlyMap<number, Inner>, g: number): { w: number; h: number } {
  const open = spec.open.has(g) ? inner.get(g) : undefined;
  return open === undefined ? { w: GROUP_W, h: GROUP_H } : { w: Math.max(GROUP_W, open.w + 2 * PAD), h: open.h + HEADER + PAD };
}

/** The overview's ELK graph: each shown group at its size, a link per linked pair (`pairs`), labelled with its count. */
function overviewGraph(spec: PictureSpec, inner: ReadonlyMap<number, Inner>, pairs = linkPairs(spec)): ElkNode {
  const groups = [...spec.shown.keys()].sort((a, b) => a - b);
  const links: ElkExtendedEdge[] = pairs.map(({ from, to, count }) => {
    const id = `${to}>${from}`;
    const text = String(count);
    return { id, sources: [`g${to}`], targets: [`g${from}`], labels: [{ id: `${id}#`, text, width: labelWidth(text), height: COUNT_PX + 6 }] };
  });
  return {
    id: 'overview',
    layoutOptions: options(groups.length, {
      'elk.separateConnectedComponents': 'true',
      'elk.spacing.componentComponent': '32',
      'elk.aspectRatio': String(Math.min(4, Math.max(0.5, spec.aspect))),
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.nodeNodeBetweenLayers': '64',
    }),
    children: groups.map((g) => {
      const { w, h } = sizeOf(spec, inner, g);
      return { id: `g${g}`, width: w, height: h };
    }),
    edges: links,
  };
}

/** The picture from the laid-out overview and the open groups' inner layouts. */
function readPicture(laid: ElkNode, spec: PictureSpec, inner: ReadonlyMap<number, Inner>): Picture {
  const boxes: GroupBox[] = (laid.children ?? []).map((child) => ({ group: Number(child.id.slice(1)), open: false, x: child.x ?? 0, y: child.y ?? 0, w: child.width ?? GROUP_W, h: child.height ?? GROUP_H }));
  const links: Link[] = [];
  for (const edge of (laid.edges ?? []) as ElkExtendedEdge[]) {
    const [to, from] = edge.id.split('>').map(Number) as [number, number];
    const label = edge.labels?.[0];
    const count = Number(label?.text ?? '0');
    links.push({ from, to, count, points: pointsOf(edge), label: label === undefined ? null : { x: label.x ?? 0, y: label.y ?? 0, w: label.width ?? 0, h: label.height ?? 0, text: label.text ?? '' } });
  }
  return { ...placeItems(boxes, spec, inner), links, width: laid.width ?? 0, height: laid.height ?? 0 };
}

/** Open groups' items and routes placed in their boxes (an open box is marked so). */
function placeItems(boxes: readonly GroupBox[], spec: PictureSpec, inner: ReadonlyMap<number, Inner>): Pick<Picture, 'groups' | 'items' | 'routes'> {
  const groups: GroupBox[] = [];
  const items = new Map<number, Rect>();
  const routes: Route[] = [];
  for (const box of boxes) {
    const open = spec.open.has(box.group) ? inner.get(box.group) : undefined;
    groups.push({ ...box, open: open !== undefined });
    if (open === undefined) continue;
    const left = box.x + PAD;
    const top = box.y + HEADER;
    for (const [i, place] of open.items) items.set(i, { x: left + place.x, y: top + place.y, w: ITEM_W, h: ITEM_H });
    for (const route of open.routes) routes.push({ ...route, points: route.points.map((v, k) => v + (k % 2 === 0 ? left : top)) });
  }
  return { groups, items, routes };
}

/** At most this many groups' layouts are kept for a payload: every filter tried would keep its own. */
export const KEPT_LAYOUTS = 256;

/**
 * Lays out what `spec` shows: a few nodes, every group open, as one compound graph
 * (layout-compound.ts); else each open group alone (kept in `cache` under its shown nodes, so a
 * group is laid out once per payload and filter, the `KEPT_LAYOUTS` last used), then the overview.
 */
export async function layoutPicture(elk: Pick<ELK, 'layout'>, spec: PictureSpec, cache: Map<string, Inner>): Promise<Picture> {
  let total = 0;
  for (const nodes of spec.shown.values()) total += nodes.length;
  if (isCompound(total, spec.shown.keys(), spec.open)) return readCompound(await elk.layout(compoundGraph(spec)));
  const inner = new Map<number, Inner>();
  for (const g of [...spec.open].sort((a, b) => a - b)) {
    const members = spec.shown.get(g);
    if (members === undefined) continue;
    const key = `${g}:${members.join(',')}`;
    let laid = cache.get(key);
    if (laid === undefined) laid = readGroup(await elk.layout(groupGraph(members, spec.edges)));
    // The most recently used last; past KEPT_LAYOUTS, the least recently used goes.
    cache.delete(key);
    cache.set(key, laid);
    if (cache.size > KEPT_LAYOUTS) cache.delete(cache.keys().next().value!);
    inner.set(g, laid);
  }
  const pairs = linkPairs(spec);
  if (pairs.length > MANY_LINKS) {
    // Too many links to lay out in layers: the groups on shelves, links routed on demand (shelves.ts).
    const sizes = new Map([...spec.shown.keys()].map((g) => [g, sizeOf(spec, inner, g)] as const));
    const { groups, shelves, width, height } = shelve(sizes, pairs, spec.aspect);
    return { ...placeItems(groups, spec, inner), links: [], shelves, width, height };
  }
  return readPicture(await elk.layout(overviewGraph(spec, inner, pairs)), spec, inner);
}

/** An edge between items, read back (its id is `to>from:kind`, groupGraph's and compoundGraph's). */
export function routeOf(edge: ElkExtendedEdge): Route {
  const [pair, kind] = edge.id.split(':') as [string, string];
  const [to, from] = pair.split('>').map(Number) as [number, number];
  return { from, to, kind: Number(kind), points: pointsOf(edge) };
}

function pointsOf(edge: ElkExtendedEdge): number[] {
  const out: number[] = [];
  for (const section of edge.sections ?? []) {
    out.push(section.startPoint.x, section.startPoint.y);
    for (const bend of section.bendPoints ?? []) out.push(bend.x, bend.y);
    out.push(section.endPoint.x, section.endPoint.y);
  }
  return out;
}

/** A link label's width for its digits at COUNT_PX (digits are about 0.6 em wide), with margins. */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * COUNT_PX * 0.62) + 10;
}
