/**
 * Checks a picture of `docugraph view` (web/layout.ts) from its own data (issue 58): boxes (and
 * the links' counts) that overlap, lines not attached to both their ends, and edges that pass
 * through a box other than their ends (and the groups that hold
 * them). A segment passes through a box when clipping it to the box shrunk by half a pixel
 * (Liang–Barsky) leaves a piece of it.
 */
import type { Picture, Rect } from '../../web/layout.js';

export interface PictureFaults {
  readonly overlaps: string[];
  readonly through: string[];
}

/** Whether the segment p–q enters the inside of `r` (shrunk by 0.5 px). */
export function segmentThrough(px: number, py: number, qx: number, qy: number, r: Rect): boolean {
  const x0 = r.x + 0.5;
  const y0 = r.y + 0.5;
  const x1 = r.x + r.w - 0.5;
  const y1 = r.y + r.h - 0.5;
  const dx = qx - px;
  const dy = qy - py;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [[-dx, px - x0], [dx, x1 - px], [-dy, py - y0], [dy, y1 - py]] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 >= t1) return false;
  }
  return t0 < t1;
}

function overlap(a: Rect, b: Rect): boolean {
  return a.x + 0.5 < b.x + b.w && b.x + 0.5 < a.x + a.w && a.y + 0.5 < b.y + b.h && b.y + 0.5 < a.y + a.h;
}

/** `groupOf`: each node's group (to skip the groups holding an edge's ends). */
export function checkPicture(picture: Picture, groupOf: ArrayLike<number>): PictureFaults {
  const overlaps: string[] = [];
  const through: string[] = [];
  const groups = picture.groups;
  const items = [...picture.items.entries()];
  for (let a = 0; a < groups.length; a += 1) for (let b = a + 1; b < groups.length; b += 1) if (overlap(groups[a]!, groups[b]!)) overlaps.push(`group ${groups[a]!.group} and group ${groups[b]!.group}`);
  // Items overlap only within a group (groups do not overlap, and each item lies inside its group).
  const byGroup = new Map<number, [number, Rect][]>();
  for (const entry of items) (byGroup.get(groupOf[entry[0]]!) ?? byGroup.set(groupOf[entry[0]]!, []).get(groupOf[entry[0]]!)!).push(entry);
  for (const [g, list] of byGroup) {
    const box = groups.find((b) => b.group === g)!;
    for (const [i, r] of list) if (r.x < box.x || r.y < box.y || r.x + r.w > box.x + box.w || r.y + r.h > box.y + box.h) overlaps.push(`item ${i} outside group ${g}`);
    for (let a = 0; a < list.length; a += 1) for (let b = a + 1; b < list.length; b += 1) if (overlap(list[a]![1], list[b]![1])) overlaps.push(`items ${list[a]![0]} and ${list[b]![0]}`);
  }
  // Every line is attached at both ends: it starts on the box depended on and ends on the one that depends on it.
  for (const route of picture.routes) {
    const [start, end] = [picture.items.get(route.to), picture.items.get(route.from)];
    if (start === undefined || end === undefined || !endsOn(route.points, start, end)) through.push(`edge ${route.from}→${route.to} not attached to its items`);
  }
  const boxOf = new Map(groups.map((b) => [b.group, b]));
  for (const link of picture.links) {
    const [start, end] = [boxOf.get(link.to), boxOf.get(link.from)];
    if (start === undefined || end === undefined || !endsOn(link.points, start, end)) through.push(`link ${link.from}→${link.to} not attached to its groups`);
  }
  // An edge between items (of one group, or of two in a compound picture) may cross the frames of its ends' groups, nothing else.
  for (const route of picture.routes) {
    const ends = new Set([groupOf[route.from]!, groupOf[route.to]!]);
    const others: [string, Rect][] = [...items.filter(([i]) => i !== route.from && i !== route.to).map(([i, r]) => [`item ${i}`, r] as [string, Rect]), ...groups.filter((b) => !ends.has(b.group)).map((b) => [`group ${b.group}`, b] as [string, Rect])];
    for (const [name, r] of others) if (crosses(route.points, r)) through.push(`edge ${route.from}→${route.to} through ${name}`);
  }
  // A link's count is text on the picture: it overlaps no box and no other count.
  const labels = picture.links.flatMap((link) => (link.label === null ? [] : [link.label]));
  for (let a = 0; a < labels.length; a += 1) {
    for (const b of groups) if (overlap(labels[a]!, b)) overlaps.push(`label ${labels[a]!.text} and group ${b.group}`);
    for (let b = a + 1; b < labels.length; b += 1) if (overlap(labels[a]!, labels[b]!)) overlaps.push(`labels ${labels[a]!.text} and ${labels[b]!.text}`);
  }
  for (const link of picture.links) {
    for (const b of groups) {
      if (b.group === link.from || b.group === link.to) continue;
      if (crosses(link.points, b)) through.push(`link ${link.from}→${link.to} through group ${b.group}`);
    }
  }
  return { overlaps, through };
}

function crosses(points: readonly number[], r: Rect): boolean {
  for (let k = 0; k + 3 < points.length; k += 2) if (segmentThrough(points[k]!, points[k + 1]!, points[k + 2]!, points[k + 3]!, r)) return true;
  return false;
}

/** Whether `points` start on the border of `start` and end on the border of `end` (within a pixel). */
function endsOn(points: readonly number[], start: Rect, end: Rect): boolean {
  const n = points.length;
  return n >= 4 && onBorder(points[0]!, points[1]!, start) && onBorder(points[n - 2]!, points[n - 1]!, end);
}

function onBorder(x: number, y: number, r: Rect): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  const withinX = x >= r.x - 1 && x <= r.x + r.w + 1;
  const withinY = y >= r.y - 1 && y <= r.y + r.h + 1;
  return ((near(x, r.x) || near(x, r.x + r.w)) && withinY) || ((near(y, r.y) || near(y, r.y + r.h)) && withinX);
}
