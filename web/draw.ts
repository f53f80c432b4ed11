/**
 * The picture on a canvas (issue 58): group boxes — closed ones with their name, counts and a
 * bar of their work states; open ones framed around their items — the links between groups with
 * their counts, and the items with their edges as ELK routed them. Items are coloured by work
 * state and marked for errors, warnings, cycles and suspect links. Only what is on screen is
 * drawn; text and arrows only when zoomed in far enough to read them. Every label stays inside
 * its box, and boxes never overlap, so labels never do.
 */
import { COUNT_PX, ITEM_H, ITEM_W, NAME_PX, type Picture, type Rect } from './layout.js';
import { linksOfGroups } from './shelves.js';
import { arrowAtStart, drawLinks, LEGIBLE, polyline } from './draw-links.js';
import type { Graph } from './model.js';
import { countLine, fit } from './text.js';

export const STATE_COLORS: Readonly<Record<string, string>> = {
  ready: '#2e7d32',
  blocked: '#c62828',
  done: '#1565c0',
  dropped: '#757575',
  untracked: '#8d6e63',
};
const STATE_FILL: Readonly<Record<string, string>> = {
  ready: '#e8f5e9',
  blocked: '#ffebee',
  done: '#e3f2fd',
  dropped: '#f5f5f5',
  untracked: '#efebe9',
};
/** Line styles by relation (index in RELATIONS): colour and dash, as in the Mermaid and DOT output (typed edges dashed). */
export const EDGE_STYLES: readonly { readonly color: string; readonly dash: readonly number[] }[] = [
  { color: '#78909c', dash: [] },
  { color: '#6a1b9a', dash: [8, 5] },
  { color: '#00838f', dash: [8, 5] },
  { color: '#ef6c00', dash: [3, 4] },
  { color: '#9e9e9e', dash: [2, 6] },
  { color: '#ad1457', dash: [12, 4] },
];
const SUSPECT = '#d500f9';
/** At most this many edges drawn at once (else only the selected node's). */
export const EDGE_BUDGET = 4_000;
/** Borders of marked nodes. */
const BORDERS: Readonly<Record<string, { color: string; width: number; dash: number[] }>> = {
  cycle: { color: '#b71c1c', width: 5, dash: [] },
  error: { color: '#d32f2f', width: 4, dash: [6, 3] },
  suspect: { color: SUSPECT, width: 3, dash: [3, 3] },
  warning: { color: '#f9a825', width: 3, dash: [] },
};

export interface Camera {
  scale: number;
  /** Screen position of world (0, 0). */
  tx: number;
  ty: number;
}

export interface Scene {
  readonly graph: Graph;
  readonly picture: Picture;
  /** Per group: how many of its shown nodes are in each work state (index in `states`), and how many have errors. */
  readonly counts: ReadonlyMap<number, { readonly states: readonly number[]; readonly errors: number; readonly total: number }>;
  /** Search matches, highlighted. */
  readonly matches: ReadonlySet<number>;
  readonly selected: number | null;
  /** The group the keyboard is on, when it is on a closed group. */
  readonly selectedGroup: number | null;
}

export function draw(ctx: CanvasRenderingContext2D, width: number, height: number, camera: Camera, scene: Scene): void {
  const { graph, picture } = scene;
  const { model } = graph;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(camera.scale, 0, 0, camera.scale, camera.tx, camera.ty);
  const view: Rect = { x: -camera.tx / camera.scale, y: -camera.ty / camera.scale, w: width / camera.scale, h: height / camera.scale };
  const onScreen = (r: Rect) => r.x + r.w >= view.x && r.x <= view.x + view.w && r.y + r.h >= view.y && r.y <= view.y + view.h;
  const detailed = camera.scale >= 0.45;
  const px = 1 / camera.scale;
  drawGroups(ctx, scene, camera, onScreen);
  // On shelves (too many links to draw them all), the links of the groups being looked at.
  const links = picture.shelves === undefined ? picture.links : linksOfGroups(picture, picture.shelves, lookedAt(scene));
  drawLinks(ctx, links, camera, onScreen);
  const hiddenEdges = drawRoutes(ctx, scene, camera, view, detailed);
  ctx.setLineDash([]);
  // Items in batches: one path per fill colour and per kind of border.
  const fills = new Map<string, Path2D>();
  const borders = new Map<string, Path2D>();
  const rings: [Path2D, Path2D] = [new Path2D(), new Path2D()];
  const labels: [number, Rect][] = [];
  const add = (map: Map<string, Path2D>, key: string, r: Rect) => {
    let path = map.get(key);
    if (path === undefined) map.set(key, (path = new Path2D()));
    path.rect(r.x, r.y, r.w, r.h);
  };
  for (const [i, r] of picture.items) {
    if (!onScreen(r)) continue;
    const state = model.states[model.state[i]!]!;
    add(fills, detailed ? STATE_FILL[state]! : STATE_COLORS[state]!, r);
    const flags = model.flags[i]!;
    if (flags & 11 || (flags !== 0 && detailed)) add(borders, flags & 2 ? 'cycle' : flags & 1 ? 'error' : flags & 8 ? 'suspect' : 'warning', r);
    else if (detailed) add(borders, `state:${STATE_COLORS[state]}`, r);
    if (i === scene.selected) rings[0].rect(r.x - 8, r.y - 8, r.w + 16, r.h + 16);
    else if (scene.matches.has(i)) rings[1].rect(r.x - 8, r.y - 8, r.w + 16, r.h + 16);
    if (detailed) labels.push([i, r]);
  }
  for (const [color, path] of fills) {
    ctx.fillStyle = color;
    ctx.fill(path);
  }
  for (const [key, path] of borders) {
    const mark = BORDERS[key];
    ctx.strokeStyle = mark?.color ?? key.slice(6);
    ctx.lineWidth = detailed ? (mark?.width ?? 2) : Math.min(2, (mark?.width ?? 0) * camera.scale * 4) * px;
    ctx.setLineDash(detailed ? (mark?.dash ?? []) : []);
    ctx.stroke(path);
  }
  ctx.setLineDash([]);
  ctx.lineWidth = Math.max(3, 3 * px);
  ctx.strokeStyle = '#ff6f00';
  ctx.stroke(rings[1]);
  ctx.strokeStyle = '#000';
  ctx.stroke(rings[0]);
  for (const [i, r] of labels) drawLabel(ctx, graph, i, r);
  const note =
    hiddenEdges > 0
      ? `${hiddenEdges.toLocaleString('en')} links on screen, hidden at this zoom: zoom in, or select a document to see its links.`
      : picture.shelves !== undefined && links.length === 0
        ? `${picture.shelves.pairs.length.toLocaleString('en')} pairs of groups are linked: open a group, or move to one with the arrow keys, to see its links.`
        : '';
  if (note !== '') {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = `${Math.round(13 * (width / Math.max(1, ctx.canvas.clientWidth)))}px system-ui, sans-serif`;
    ctx.fillStyle = '#37474f';
    ctx.textBaseline = 'bottom';
    ctx.fillText(note, 10, height - 8);
  }
}

/** Group boxes: a closed one with its name, its counts and a bar of its states; an open one as a frame with its name on top. */
function drawGroups(ctx: CanvasRenderingContext2D, scene: Scene, camera: Camera, onScreen: (r: Rect) => boolean): void {
  const { graph, picture } = scene;
  const { model } = graph;
  const px = 1 / camera.scale;
  const readable = camera.scale * COUNT_PX >= LEGIBLE;
  // The groups holding a search match: a ring around a closed one.
  const matched = new Set<number>();
  for (const i of scene.matches) matched.add(graph.groups.of[i]!);
  for (const box of picture.groups) {
    if (!onScreen(box)) continue;
    const counts = scene.counts.get(box.group);
    const name = graph.groups.names[box.group]!;
    ctx.fillStyle = box.open ? '#fafafa' : '#fff';
    ctx.fillRect(box.x, box.y, box.w, box.h);
    ctx.setLineDash([]);
    ctx.lineWidth = Math.max(1.5, 1.5 * px);
    ctx.strokeStyle = counts !== undefined && counts.errors > 0 ? BORDERS['error']!.color : '#90a4ae';
    ctx.strokeRect(box.x, box.y, box.w, box.h);
    if (box.group === scene.selectedGroup || (!box.open && scene.selected !== null && graph.groups.of[scene.selected] === box.group)) {
      ctx.lineWidth = Math.max(3, 3 * px);
      ctx.strokeStyle = '#000';
      ctx.strokeRect(box.x - 6, box.y - 6, box.w + 12, box.h + 12);
    } else if (!box.open && matched.has(box.group)) {
      ctx.lineWidth = Math.max(3, 3 * px);
      ctx.strokeStyle = '#ff6f00';
      ctx.strokeRect(box.x - 6, box.y - 6, box.w + 12, box.h + 12);
    }
    // The bar of work states along the bottom of a closed box (or the top band of an open one).
    if (counts !== undefined && counts.total > 0) {
      const barY = box.open ? box.y + 28 : box.y + box.h - 16;
      const barW = box.w - 16;
      let x = box.x + 8;
      counts.states.forEach((count, s) => {
        if (count === 0) return;
        const w = (barW * count) / counts.total;
        ctx.fillStyle = STATE_COLORS[model.states[s]!]!;
        ctx.fillRect(x, barY, w, box.open ? 4 : 8);
        x += w;
      });
    }
    if (!readable) continue;
    ctx.fillStyle = '#263238';
    ctx.textBaseline = 'middle';
    ctx.font = `bold ${NAME_PX}px system-ui, sans-serif`;
    // An open group's frame is wide: its whole path. A closed box: the last part, its folder below.
    const slash = name.lastIndexOf('/');
    ctx.fillText(fit(ctx, box.open || slash < 0 ? name : name.slice(slash + 1), box.w - 16), box.x + 8, box.y + 16);
    if (box.open || counts === undefined) continue;
    ctx.font = `${COUNT_PX}px system-ui, sans-serif`;
    ctx.fillText(fit(ctx, countLine(counts.total, counts.states, model.states), box.w - 16), box.x + 8, box.y + 38);
    ctx.fillStyle = counts.errors > 0 ? BORDERS['error']!.color : '#607d8b';
    ctx.fillText(fit(ctx, `${counts.errors > 0 ? `${counts.errors} with errors · ` : ''}${slash < 0 ? '' : `in ${name.slice(0, slash)}`}`, box.w - 16), box.x + 8, box.y + 58);
  }
}

/** The groups whose links are drawn on shelves: the one the keyboard is on, the selected item's, the open ones. */
function lookedAt(scene: Scene): number[] {
  const groups = new Set<number>();
  if (scene.selectedGroup !== null) groups.add(scene.selectedGroup);
  if (scene.selected !== null) groups.add(scene.graph.groups.of[scene.selected]!);
  for (const box of scene.picture.groups) if (box.open) groups.add(box.group);
  return [...groups];
}

/** Edges between items, as routed; past EDGE_BUDGET on screen, only the selected node's. Returns how many were hidden. */
function drawRoutes(ctx: CanvasRenderingContext2D, scene: Scene, camera: Camera, view: Rect, detailed: boolean): number {
  const { picture } = scene;
  ctx.lineWidth = 1.2 / Math.min(1, camera.scale);
  let onScreen = picture.routes.filter((route) => crossesView(route.points, view));
  const total = onScreen.length;
  const hidden = total > EDGE_BUDGET;
  if (hidden) onScreen = onScreen.filter((route) => route.from === scene.selected || route.to === scene.selected);
  for (let kind = 0; kind < 16; kind += 1) {
    const style = EDGE_STYLES[kind % 8];
    if (style === undefined) continue;
    ctx.beginPath();
    let any = false;
    for (const route of onScreen) {
      // A route's kind is its relation's index, + 8 when the link is suspect.
      if (route.kind !== kind) continue;
      polyline(ctx, route.points);
      if (detailed && kind % 8 !== 4) arrowAtStart(ctx, route.points, 9);
      any = true;
    }
    if (!any) continue;
    ctx.globalAlpha = 0.85;
    ctx.strokeStyle = kind >= 8 ? SUSPECT : style.color;
    ctx.setLineDash(!detailed ? [] : kind >= 8 ? [4, 3] : [...style.dash]);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  return hidden ? total : 0;
}

function crossesView(points: readonly number[], view: Rect): boolean {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]; // the route's bounding box
  for (let k = 0; k + 1 < points.length; k += 2) {
    minX = Math.min(minX, points[k]!);
    maxX = Math.max(maxX, points[k]!);
    minY = Math.min(minY, points[k + 1]!);
    maxY = Math.max(maxY, points[k + 1]!);
  }
  return maxX >= view.x && minX <= view.x + view.w && maxY >= view.y && minY <= view.y + view.h;
}

/** The id and as much of the title as fits, as text (a canvas never reads markup). */
function drawLabel(ctx: CanvasRenderingContext2D, graph: Graph, i: number, r: Rect): void {
  ctx.fillStyle = '#111';
  ctx.font = 'bold 12px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  // A kit item's id without its feature (`auth/R1.2` → `R1.2`): its group's frame names the feature; the panel, the whole id.
  const id = graph.model.ids[i]!;
  ctx.fillText(fit(ctx, id.slice(id.lastIndexOf('/') + 1), ITEM_W - 12), r.x + 6, r.y + ITEM_H / 2 - 9);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillText(fit(ctx, graph.model.titles[i]!, ITEM_W - 12), r.x + 6, r.y + ITEM_H / 2 + 9);
}

/** What is under a screen point: an item, or a group (`header`: on an open group's title band). */
export type Hit = { readonly kind: 'item'; readonly i: number } | { readonly kind: 'group'; readonly group: number; readonly open: boolean; readonly header: boolean };

export function hit(picture: Picture, camera: Camera, sx: number, sy: number): Hit | null {
  const wx = (sx - camera.tx) / camera.scale;
  const wy = (sy - camera.ty) / camera.scale;
  const inside = (r: Rect) => wx >= r.x && wx <= r.x + r.w && wy >= r.y && wy <= r.y + r.h;
  for (const [i, r] of picture.items) if (inside(r)) return { kind: 'item', i };
  for (const box of picture.groups) if (inside(box)) return { kind: 'group', group: box.group, open: box.open, header: !box.open || wy <= box.y + 36 };
  return null;
}
