/**
 * The overview when groups have too many links between them to lay out in layers (issue 58): a
 * generated workspace of 1,000 documents in 262 folders has 1,595 pairs of linked folders, which
 * ELK's layered algorithm took 3.5–8.5 s to place on a picture 30,000 px wide. The boxes are
 * then placed on shelves — rows, left to right, in group order, wrapped to the window's shape —
 * with a gutter below each row and a lane down the left side that nothing stands in. A group's
 * links are routed on demand through those gutters and that lane, so they never cross a box, and
 * drawn only for the groups being looked at. Pure.
 */
import { COUNT_PX, labelWidth, type GroupBox, type Link, type Picture } from './layout.js';

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
  // A gutter above the first row too: the counts above its boxes stand inside the picture.
  let top = GAP;
  let bottom = GAP;
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
 * row). A link leaves a box from the left half of its bottom edge and enters one in the right
 * half, and runs a little above or below a gutter's middle by its direction, so two groups
 * linked both ways get two lines. Each count stands in the gutter by the end that is not
 * `group`, pushed along it clear of the others (`separated`).
 */
export function linksOf(picture: Pick<Picture, 'groups'>, shelves: Shelves, group: number): Link[] {
  return separated(routed(picture, shelves, shelves.pairs.filter((pair) => pair.from === group || pair.to === group), group));
}

/** The links of `groups` on shelves, each pair once (in the order of `groups`, then of the pairs), their counts clear of each other. */
export function linksOfGroups(picture: Pick<Picture, 'groups'>, shelves: Shelves, groups: Iterable<number>): Link[] {
  const seen = new Set<string>();
  const out: Link[] = [];
  for (const g of groups) {
    for (const link of routed(picture, shelves, shelves.pairs.filter((pair) => pair.from === g || pair.to === g), g)) {
      const key = `${link.to}>${link.from}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(link);
    }
  }
  return separated(out);
}

function routed(picture: Pick<Picture, 'groups'>, shelves: Shelves, pairs: Shelves['pairs'], group: number): Link[] {
  const box = new Map(picture.groups.map((b) => [b.group, b]));
  const out: Link[] = [];
  for (const pair of pairs) {
    const a = box.get(pair.to);
    const b = box.get(pair.from);
    if (a === undefined || b === undefined) continue;
    const ra = shelves.rowOf.get(pair.to)!;
    const rb = shelves.rowOf.get(pair.from)!;
    // Each direction its own line in a gutter: 4 px above or below its middle.
    const shift = pair.from < pair.to ? -4 : 4;
    const below = (r: number) => shelves.rows[r]!.bottom + GAP / 2 + shift;
    const above = (r: number) => shelves.rows[r]!.top - GAP / 2 + shift;
    const ax = a.x + a.w * (0.1 + 0.35 * spread(pair.from));
    const bx = b.x + b.w * (0.55 + 0.35 * spread(pair.to));
    let points: number[];
    if (ra === rb) points = [ax, a.y + a.h, ax, below(ra), bx, below(ra), bx, b.y + b.h];
    else if (rb === ra + 1) points = [ax, a.y + a.h, ax, below(ra), bx, below(ra), bx, b.y];
    else points = [ax, a.y + a.h, ax, below(ra), shelves.lane + shift, below(ra), shelves.lane + shift, above(rb), bx, above(rb), bx, b.y];
    const text = String(pair.count);
    const h = COUNT_PX + 6;
    const other = pair.to === group ? b : a;
    const otherX = pair.to === group ? bx : ax;
    // Under a box, a count takes the upper half of the gutter; above one, the lower half: two never meet.
    const under = other === a || rb === ra;
    const row = shelves.rows[other === a ? ra : rb]!;
    out.push({ from: pair.from, to: pair.to, count: pair.count, points, label: { x: otherX + 4, y: under ? row.bottom + 1 : row.top - h - 1, w: labelWidth(text), h, text } });
  }
  return out;
}

/** 0–1, spread by a golden-ratio step: where along its half of an edge the link of another group leaves or enters. */
function spread(other: number): number {
  return (other * 0.618034) % 1;
}

/** The links with their counts pushed right along their gutter band until none overlaps another (each band is empty of boxes end to end). */
function separated(links: Link[]): Link[] {
  const byBand = new Map<number, Link[]>();
  for (const link of links) if (link.label !== null) (byBand.get(link.label.y) ?? byBand.set(link.label.y, []).get(link.label.y)!).push(link);
  const moved = new Map<Link, number>();
  for (const band of byBand.values()) {
    band.sort((p, q) => p.label!.x - q.label!.x || p.to - q.to || p.from - q.from);
    let right = -Infinity;
    for (const link of band) {
      const x = Math.max(link.label!.x, right + 2);
      if (x !== link.label!.x) moved.set(link, x);
      right = x + link.label!.w;
    }
  }
  return links.map((link) => (moved.has(link) ? { ...link, label: { ...link.label!, x: moved.get(link)! } } : link));
}
