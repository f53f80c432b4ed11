/**
 * The graph on a canvas: nodes on the layout's grid, coloured by work state, marked when
 * they have errors, warnings, a cycle or a suspect link; edges styled by relation. Only what
 * is on screen is drawn, and details (text, arrows) only when zoomed in far enough to read,
 * so 10,000 nodes pan and zoom smoothly.
 */
import type { Graph } from './model.js';

export const COL = 200;
export const ROW = 90;
const W = 170;
const H = 44;

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
/** Borders of marked nodes: colour, width (screen pixels when zoomed out), dash when zoomed in. */
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
  /** Which nodes are shown (`null`: all). */
  readonly visible: Uint8Array | null;
  /** Search matches, highlighted. */
  readonly matches: ReadonlySet<number>;
  readonly selected: number | null;
  /** The closure being shown, drawn bold. */
  readonly focus: ReadonlySet<number> | null;
}

export function worldX(graph: Graph, i: number): number {
  return graph.model.x[i]! * COL;
}
export function worldY(graph: Graph, i: number): number {
  return graph.model.y[i]! * ROW;
}

export function draw(ctx: CanvasRenderingContext2D, width: number, height: number, camera: Camera, scene: Scene): void {
  const { graph } = scene;
  const { model } = graph;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(camera.scale, 0, 0, camera.scale, camera.tx, camera.ty);
  // The world rectangle on screen, with a node's margin.
  const left = -camera.tx / camera.scale - W;
  const right = (width - camera.tx) / camera.scale + W;
  const top = -camera.ty / camera.scale - H;
  const bottom = (height - camera.ty) / camera.scale + H;
  const shown = (i: number) => scene.visible === null || scene.visible[i] === 1;
  const onScreen = (x: number, y: number) => x >= left && x <= right && y >= top && y <= bottom;
  const detailed = camera.scale >= 0.45;
  drawFrames(ctx, graph, camera);
  const hiddenEdges = drawEdges(ctx, scene, camera, shown, left, right, top, bottom, detailed);
  ctx.setLineDash([]);
  // Nodes in batches: one path per fill colour and per kind of border, so 10,000 nodes cost a
  // few dozen canvas calls; text only when zoomed in to read it.
  const fills = new Map<string, Path2D>();
  const borders = new Map<string, Path2D>();
  const rings: [Path2D, Path2D] = [new Path2D(), new Path2D()];
  const labels: number[] = [];
  const add = (map: Map<string, Path2D>, key: string, x: number, y: number, grow = 0) => {
    let path = map.get(key);
    if (path === undefined) map.set(key, (path = new Path2D()));
    path.rect(x - W / 2 - grow, y - H / 2 - grow, W + 2 * grow, H + 2 * grow);
  };
  for (let i = 0; i < graph.n; i += 1) {
    if (!shown(i)) continue;
    const x = worldX(graph, i);
    const y = worldY(graph, i);
    if (!onScreen(x, y)) continue;
    const state = model.states[model.state[i]!]!;
    const dim = scene.focus !== null && !scene.focus.has(i) ? 'dim' : '';
    add(fills, `${detailed ? STATE_FILL[state] : STATE_COLORS[state]}|${dim}`, x, y);
    const flags = model.flags[i]!;
    // Zoomed out, only errors, cycles and suspect links stand out; warnings when zoomed in.
    if (flags & 11 || (flags !== 0 && detailed)) add(borders, flags & 2 ? 'cycle' : flags & 1 ? 'error' : flags & 8 ? 'suspect' : 'warning', x, y);
    else if (detailed) add(borders, `state:${STATE_COLORS[state]}`, x, y);
    if (i === scene.selected) rings[0].rect(x - W / 2 - 8, y - H / 2 - 8, W + 16, H + 16);
    else if (scene.matches.has(i)) rings[1].rect(x - W / 2 - 8, y - H / 2 - 8, W + 16, H + 16);
    if (detailed) labels.push(i);
  }
  for (const [key, path] of fills) {
    const [color, dim] = key.split('|');
    ctx.globalAlpha = dim === 'dim' ? 0.25 : 1;
    ctx.fillStyle = color!;
    ctx.fill(path);
  }
  ctx.globalAlpha = 1;
  const px = 1 / camera.scale;
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
  for (const i of labels) drawLabel(ctx, graph, i, worldX(graph, i), worldY(graph, i));
  if (hiddenEdges > 0) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = `${Math.round(13 * (width / Math.max(1, ctx.canvas.clientWidth)))}px system-ui, sans-serif`;
    ctx.fillStyle = '#37474f';
    ctx.textBaseline = 'bottom';
    ctx.fillText(`${hiddenEdges.toLocaleString('en')} links on screen, hidden at this zoom: zoom in, or select a document to see its links.`, 10, height - 8);
  }
  ctx.globalAlpha = 1;
}

/** Each spec-kit folder's block: a frame behind its nodes, the folder's name above it (as text: a canvas never reads markup). */
function drawFrames(ctx: CanvasRenderingContext2D, graph: Graph, camera: Camera): void {
  if (graph.frames.length === 0) return;
  ctx.setLineDash([]);
  ctx.lineWidth = 1.5 / Math.min(1, camera.scale);
  ctx.font = `${Math.round(14 / Math.min(1, camera.scale))}px system-ui, sans-serif`;
  ctx.textBaseline = 'bottom';
  for (const frame of graph.frames) {
    const x = frame.minX * COL - W / 2 - 16;
    const y = frame.minY * ROW - H / 2 - 16;
    const w = (frame.maxX - frame.minX) * COL + W + 32;
    const h = (frame.maxY - frame.minY) * ROW + H + 32;
    ctx.fillStyle = '#fafafa';
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = '#b0bec5';
    ctx.strokeRect(x, y, w, h);
    ctx.fillStyle = '#455a64';
    ctx.fillText(frame.name, x + 4, y - 4);
  }
}

function drawEdges(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  camera: Camera,
  shown: (i: number) => boolean,
  left: number,
  right: number,
  top: number,
  bottom: number,
  detailed: boolean,
): number {
  const { graph } = scene;
  const edges = graph.model.edges;
  ctx.lineWidth = 1.2 / Math.min(1, camera.scale);
  // The edges on screen; past EDGE_BUDGET only those of the selected node (a grey mass of
  // long lines says nothing, and costs a software rasteriser most of a second).
  let onScreen: number[] = [];
  for (let e = 0; e * 3 < edges.length; e += 1) {
    const from = edges[e * 3]!;
    const to = edges[e * 3 + 1]!;
    if (from === to || !shown(from) || !shown(to)) continue;
    const x1 = worldX(graph, from);
    const y1 = worldY(graph, from) - H / 2;
    const x2 = worldX(graph, to);
    const y2 = worldY(graph, to) + H / 2;
    if (Math.max(x1, x2) < left || Math.min(x1, x2) > right || Math.max(y1, y2) < top || Math.min(y1, y2) > bottom) continue;
    onScreen.push(e);
  }
  const total = onScreen.length;
  const hidden = total > EDGE_BUDGET;
  if (hidden) onScreen = onScreen.filter((e) => edges[e * 3] === scene.selected || edges[e * 3 + 1] === scene.selected);
  const byKind: number[][] = Array.from({ length: 16 }, () => []);
  for (const e of onScreen) byKind[edges[e * 3 + 2]!]!.push(e);
  // One path per style: a few strokes for thousands of edges.
  for (let kind = 0; kind < 16; kind += 1) {
    const style = EDGE_STYLES[kind % 8];
    if (style === undefined) continue;
    ctx.beginPath();
    let any = false;
    for (const e of byKind[kind]!) {
      const from = edges[e * 3]!;
      const to = edges[e * 3 + 1]!;
      const x1 = worldX(graph, from);
      const y1 = worldY(graph, from) - H / 2;
      const x2 = worldX(graph, to);
      const y2 = worldY(graph, to) + H / 2;
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      if (detailed && kind % 8 !== 4) arrowHead(ctx, x1, y1, x2, y2);
      any = true;
    }
    if (!any) continue;
    ctx.globalAlpha = scene.focus === null ? 0.8 : 0.35;
    ctx.strokeStyle = kind >= 8 ? SUSPECT : style.color;
    ctx.setLineDash(!detailed ? [] : kind >= 8 ? [4, 3] : [...style.dash]);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  return hidden ? total : 0;
}

/** An arrow head at the dependency's end (`from` depends on `to`: the arrow points at `to`). */
function arrowHead(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number): void {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - 10 * Math.cos(angle - 0.4), y2 - 10 * Math.sin(angle - 0.4));
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - 10 * Math.cos(angle + 0.4), y2 - 10 * Math.sin(angle + 0.4));
}

/** The id and as much of the title as fits, as text (a canvas never reads markup). */
function drawLabel(ctx: CanvasRenderingContext2D, graph: Graph, i: number, x: number, y: number): void {
  ctx.fillStyle = '#111';
  ctx.font = 'bold 12px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(fit(ctx, graph.model.ids[i]!, W - 12), x - W / 2 + 6, y - 9);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillText(fit(ctx, graph.model.titles[i]!, W - 12), x - W / 2 + 6, y + 9);
}

function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** The node under a screen point, if any. */
export function hit(graph: Graph, camera: Camera, sx: number, sy: number): number | null {
  const wx = (sx - camera.tx) / camera.scale;
  const wy = (sy - camera.ty) / camera.scale;
  const gy = Math.round(wy / ROW);
  for (const half of [0, 0.5, -0.5]) {
    const gx = Math.round(wx / COL + half) - half;
    const i = graph.byCell.get(`${Math.round(gx * 2)},${gy}`);
    if (i !== undefined && Math.abs(worldX(graph, i) - wx) <= W / 2 && Math.abs(worldY(graph, i) - wy) <= H / 2) return i;
  }
  return null;
}
