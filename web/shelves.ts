/**
 * The overview when groups have too many links between them to lay out in layers (issue 58): a
 * generated workspace of 1,000 documents in 262 folders has 1,595 pairs of linked folders, which
 * ELK's layered algorithm took 3.5–8.5 s to place on a picture 30,000 px wide. The boxes are
 * then placed on shelves — rows, left to right, in group order, wrapped to the window's shape —
 * with a gutter below each row and a lane down the left side that nothing stands in. A group's
 * links are routed on demand through those gutters and that lane, so they never cross a box, and
 * drawn only for the groups being looked at. Pure.
 */
import { COUNT_PX, labelWidth, type GroupBox, type Link, type Picture, type Rect } from './layout.js';

/** Past this many linked pairs of groups, the overview is shelves. */
export const MANY_LINKS = 150;
/** The space between boxes, and the gutters' height. */
const GAP = 40;

export interface Shelves {
  /** Each row's top and bottom (its gutter runs from bottom to bottom + GAP). */
  readonly rows: readonly { readonly top: number; readonly bottom: number }[];
  /** Each group's row. */
  readonly rowOf: ReadonlyMap<number, number>;
  /** The lane's x, left of every box. */
  readonly lane: number;
  /** Every linked pair: `from` depends on `to`, `count` edges. */
  readonly pairs: readonly { readonly from: number; readonly to: number; readonly count: number }[];
}

/** Boxes of the given sizes (`sizes`: group → width and height, in group order) on shelves about `aspect` times as wide as tall. */
export function shelve(sizes: ReadonlyMap<number, { readonly w: number; readonly h: number }>, pairs: Shelves['pairs'], aspect: number): { groups: GroupBox[]; shelves: Shelves; width: number; height: number } {
  const order = [...sizes.keys()].sort((a, b) => a - b);
  let area = 0;
  let widest = 0;
  for (const g of order) {
    const { w, h } = sizes.get(g)!;
    area += (w + GAP) * (h + GAP);
    widest = Math.max(widest, w);
  }
  const target = Math.max(widest, Math.sqrt(area * Math.max(0.5, aspect)));
  const groups: GroupBox[] = [];
  const rows: { top: number; bottom: number }[] = [];
  const rowOf = new Map<number, number>();
  const left = GAP;
  let x = left;
  let top = 0;
  let bottom = 0;
  let width = 0;
  for (const g of order) {
    const { w, h } = sizes.get(g)!;
    if (x > left && x + w > left + target) {
      rows.push({ top, bottom });
      top = bottom + GAP;
      bottom = top;
      x = left;
    }
    groups.push({ group: g, open: false, x, y: top, w, h });
    rowOf.set(g, rows.length);
    bottom = Math.max(bottom, top + h);
    width = Math.max(width, x + w);
    x += w + GAP;
  }
  rows.push({ top, bottom });
  return { groups, shelves: { rows, rowOf, lane: GAP / 2, pairs }, width, height: bottom + GAP };
}

/**
 * The links of `group` (both ways), routed from the group depended on to the one that depends
 * on it: out of the bottom of the first into the gutter below its row; then, unless the other
 * is in that row or the next, along the gutter to the lane, down or up the lane to the gutter
 * above the other's row; along it, and into the other box (from below when it is in the first's
 * row). Each link's count stands in the gutter by the end that is not `group`.
 */
export function linksOf(picture: Pick<Picture, 'groups'>, shelves: Shelves, group: number): Link[] {
  const box = new Map(picture.groups.map((b) => [b.group, b]));
  const out: Link[] = [];
  for (const pair of shelves.pairs) {
    if (pair.from !== group && pair.to !== group) continue;
    const a = box.get(pair.to);
    const b = box.get(pair.from);
    if (a === undefined || b === undefined) continue;
    const ra = shelves.rowOf.get(pair.to)!;
    const rb = shelves.rowOf.get(pair.from)!;
    const below = (r: number) => shelves.rows[r]!.bottom + GAP / 2;
    const above = (r: number) => shelves.rows[r]!.top - GAP / 2;
    // Each pair leaves and enters at its own place along the boxes' edges, so that lines of different pairs do not lie on one another.
    const ax = a.x + a.w * slot(pair.from);
    const bx = b.x + b.w * slot(pair.to);
    let points: number[];
    if (ra === rb) points = [ax, a.y + a.h, ax, below(ra), bx, below(ra), bx, b.y + b.h];
    else if (rb === ra + 1) points = [ax, a.y + a.h, ax, below(ra), bx, below(ra), bx, b.y];
    else points = [ax, a.y + a.h, ax, below(ra), shelves.lane, below(ra), shelves.lane, above(rb), bx, above(rb), bx, b.y];
    const text = String(pair.count);
    const h = COUNT_PX + 6;
    const other = pair.to === group ? b : a;
    const otherX = pair.to === group ? bx : ax;
    // Under a box, a count takes the upper half of the gutter; above one, the lower half: two never meet.
    const under = other === a || rb === ra;
    const row = shelves.rows[other === a ? ra : rb]!;
    const label: Rect & { text: string } = { x: Math.min(otherX + 4, other.x + other.w - labelWidth(text)), y: under ? row.bottom + 1 : row.top - h - 1, w: labelWidth(text), h, text };
    out.push({ from: pair.from, to: pair.to, count: pair.count, points, label });
  }
  return out;
}

/** Where along a box's edge (0.1–0.9) the link of another group leaves or enters it. */
function slot(other: number): number {
  return 0.1 + ((other * 0.618034) % 1) * 0.8;
}


/** The links of `groups` on shelves, each pair once (in the order of `groups`, then of the pairs). */
export function linksOfGroups(picture: Pick<Picture, 'groups'>, shelves: Shelves, groups: Iterable<number>): Link[] {
  const seen = new Set<string>();
  const out: Link[] = [];
  for (const g of groups) {
    for (const link of linksOf(picture, shelves, g)) {
      const key = `${link.to}>${link.from}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(link);
    }
  }
  return out;
}
