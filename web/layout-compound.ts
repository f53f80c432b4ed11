/**
 * A small picture with every group open (issue 58): one compound ELK graph, groups holding their
 * items, laid out together so that an edge between items of two groups is routed as such (and a
 * dependency in another group still stands to the left). Above a few hundred items this costs
 * seconds, so larger pictures lay each group out alone (layout.ts).
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { GROUP_W, HEADER, ITEM_H, ITEM_W, options, PAD, itemEdges, routeOf, shownNodes, type GroupBox, type Picture, type PictureSpec, type Rect } from './layout.js';

/** At most this many shown nodes, a picture whose groups are all open is laid out as one compound graph. */
export const COMPOUND_UP_TO = 300;

/** Whether a picture of `total` shown nodes in `groups` is one compound graph: every group in `open` (then the window's shape does not move it). */
export function isCompound(total: number, groups: Iterable<number>, open: ReadonlySet<number>): boolean {
  if (total > COMPOUND_UP_TO) return false;
  for (const g of groups) if (!open.has(g)) return false;
  return true;
}

export function compoundGraph(spec: PictureSpec): ElkNode {
  const groups = [...spec.shown.keys()].sort((a, b) => a - b);
  const shown = shownNodes(spec);
  const edges = itemEdges(shown, spec.edges);
  const own = options(shown.size);
  return {
    id: 'all',
    layoutOptions: { ...own, 'elk.hierarchyHandling': 'INCLUDE_CHILDREN', 'elk.json.shapeCoords': 'ROOT', 'elk.json.edgeCoords': 'ROOT', 'elk.spacing.nodeNode': '24' },
    children: groups.map((g) => ({
      id: `g${g}`,
      // ELK does not pass options down: each group repeats them, with its margins and title band.
      layoutOptions: { ...own, 'elk.padding': `[top=${HEADER},left=${PAD},bottom=${PAD},right=${PAD}]`, 'elk.nodeSize.constraints': 'MINIMUM_SIZE', 'elk.nodeSize.minimum': `(${GROUP_W}, ${HEADER + PAD})` },
      children: [...spec.shown.get(g)!].sort((a, b) => a - b).map((i) => ({ id: String(i), width: ITEM_W, height: ITEM_H })),
    })),
    edges,
  };
}

/** The picture of a laid-out compound graph (coordinates from its root). */
export function readCompound(laid: ElkNode): Picture {
  const groups: GroupBox[] = [];
  const items = new Map<number, Rect>();
  for (const child of laid.children ?? []) {
    groups.push({ group: Number(child.id.slice(1)), open: true, x: child.x ?? 0, y: child.y ?? 0, w: child.width ?? GROUP_W, h: child.height ?? 0 });
    for (const item of child.children ?? []) items.set(Number(item.id), { x: item.x ?? 0, y: item.y ?? 0, w: ITEM_W, h: ITEM_H });
  }
  return { groups, items, routes: ((laid.edges ?? []) as ElkExtendedEdge[]).map(routeOf), links: [], width: laid.width ?? 0, height: laid.height ?? 0 };
}
