/**
 * Lines on the canvas (issue 58): links between groups with their counts, and the polylines
 * and arrow heads of routed edges.
 */
import { COUNT_PX, type Link, type Rect } from './layout.js';
import type { Camera } from './draw.js';

/** Text is drawn only when it is at least this many screen pixels high. */
export const LEGIBLE = 5;

/** Links between groups: a line with an arrow at the group depended on, and its count. */
export function drawLinks(ctx: CanvasRenderingContext2D, links: readonly Link[], camera: Camera, onScreen: (r: Rect) => boolean): void {
  if (links.length === 0) return;
  const px = 1 / camera.scale;
  ctx.setLineDash([]);
  ctx.strokeStyle = '#546e7a';
  ctx.lineWidth = Math.max(1.5, 1.5 * px);
  ctx.beginPath();
  for (const link of links) {
    polyline(ctx, link.points);
    arrowAtStart(ctx, link.points, 12);
  }
  ctx.stroke();
  if (camera.scale * COUNT_PX < LEGIBLE) return;
  ctx.font = `${COUNT_PX}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  for (const link of links) {
    const label = link.label;
    if (label === null || !onScreen(label)) continue;
    ctx.fillStyle = '#eceff1';
    ctx.fillRect(label.x, label.y, label.w, label.h);
    ctx.fillStyle = '#263238';
    ctx.fillText(label.text, label.x + 5, label.y + label.h / 2);
  }
}

export function polyline(ctx: CanvasRenderingContext2D, points: readonly number[]): void {
  if (points.length < 4) return;
  ctx.moveTo(points[0]!, points[1]!);
  for (let k = 2; k + 1 < points.length; k += 2) ctx.lineTo(points[k]!, points[k + 1]!);
}

/** An arrow head at the route's start: routes run from the dependency, and the arrow points at it. */
export function arrowAtStart(ctx: CanvasRenderingContext2D, points: readonly number[], size: number): void {
  if (points.length < 4) return;
  const [x, y, nx, ny] = [points[0]!, points[1]!, points[2]!, points[3]!];
  const angle = Math.atan2(y - ny, x - nx);
  ctx.moveTo(x, y);
  ctx.lineTo(x - size * Math.cos(angle - 0.4), y - size * Math.sin(angle - 0.4));
  ctx.moveTo(x, y);
  ctx.lineTo(x - size * Math.cos(angle + 0.4), y - size * Math.sin(angle + 0.4));
}
