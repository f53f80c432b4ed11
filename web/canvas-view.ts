/**
 * The canvas and its camera: drawn on demand (one frame per change), panned by dragging or
 * the keyboard, zoomed by the wheel or +/-; a click or Enter selects a node. Arrow keys move
 * the selection to the nearest shown node in that direction.
 */
import { COL, draw, hit, ROW, worldX, worldY, type Camera, type Scene } from './draw.js';

export interface CanvasView {
  /** Draws `scene` at the next frame. */
  render(scene: Scene): void;
  /** Fits the shown nodes (or all) on screen. */
  fit(): void;
  /** Centres the camera on a node, zoomed in to read it. */
  centre(i: number): void;
  /** Whether the camera was ever placed (a new payload keeps it). */
  placed(): boolean;
}

export function createCanvasView(canvas: HTMLCanvasElement, onSelect: (i: number | null, open: boolean) => void): CanvasView {
  const ctx = canvas.getContext('2d')!;
  const camera: Camera = { scale: 1, tx: 0, ty: 0 };
  let scene: Scene | null = null;
  let frame = 0;
  let placed = false;
  const size = () => ({ w: canvas.clientWidth, h: canvas.clientHeight });
  /** The size the camera was last placed for. */
  let last = size();
  const paint = () => {
    frame = 0;
    if (scene === null) return;
    const ratio = window.devicePixelRatio || 1;
    const { w, h } = size();
    if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(h * ratio)) {
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
    }
    draw(ctx, canvas.width, canvas.height, { scale: camera.scale * ratio, tx: camera.tx * ratio, ty: camera.ty * ratio }, scene);
  };
  const request = () => {
    if (frame === 0) frame = requestAnimationFrame(paint);
  };
  /** Takes in a resize not taken in yet: what was in the middle stays in the middle. */
  const settle = () => {
    const now = size();
    if (now.w === last.w && now.h === last.h) return;
    camera.tx += (now.w - last.w) / 2;
    camera.ty += (now.h - last.h) / 2;
    last = now;
    request();
  };
  const zoomAt = (factor: number, sx: number, sy: number) => {
    const scale = Math.min(4, Math.max(0.002, camera.scale * factor));
    camera.tx = sx - ((sx - camera.tx) * scale) / camera.scale;
    camera.ty = sy - ((sy - camera.ty) * scale) / camera.scale;
    camera.scale = scale;
    request();
  };
  const view: CanvasView = {
    render(next) {
      scene = next;
      if (!placed) view.fit();
      request();
    },
    fit() {
      if (scene === null) return;
      const { graph, visible } = scene;
      let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
      for (let i = 0; i < graph.n; i += 1) {
        if (visible !== null && visible[i] !== 1) continue;
        minX = Math.min(minX, worldX(graph, i));
        maxX = Math.max(maxX, worldX(graph, i));
        minY = Math.min(minY, worldY(graph, i));
        maxY = Math.max(maxY, worldY(graph, i));
      }
      if (minX === Infinity) [minX, maxX, minY, maxY] = [0, 0, 0, 0];
      const { w, h } = size();
      camera.scale = Math.min(1, (w - 40) / (maxX - minX + COL), (h - 40) / (maxY - minY + ROW));
      camera.tx = w / 2 - ((minX + maxX) / 2) * camera.scale;
      camera.ty = h / 2 - ((minY + maxY) / 2) * camera.scale;
      last = { w, h };
      placed = true;
      request();
    },
    centre(i) {
      if (scene === null) return;
      const { w, h } = size();
      camera.scale = Math.max(camera.scale, 0.8);
      camera.tx = w / 2 - worldX(scene.graph, i) * camera.scale;
      camera.ty = h / 2 - worldY(scene.graph, i) * camera.scale;
      last = { w, h };
      placed = true;
      request();
    },
    placed: () => placed,
  };
  let drag: { x: number; y: number; moved: boolean } | null = null;
  canvas.addEventListener('pointerdown', (event) => {
    drag = { x: event.clientX, y: event.clientY, moved: false };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (drag === null) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    if (!drag.moved) return;
    camera.tx += dx;
    camera.ty += dy;
    drag.x = event.clientX;
    drag.y = event.clientY;
    request();
  });
  canvas.addEventListener('pointerup', (event) => {
    const wasDrag = drag?.moved === true;
    drag = null;
    if (wasDrag || scene === null) return;
    // A click in the frame the canvas was resized in (the panel just closed) comes before the observer's note of it.
    settle();
    const rect = canvas.getBoundingClientRect();
    const i = hit(scene.graph, camera, event.clientX - rect.left, event.clientY - rect.top);
    if (i !== null && (scene.visible === null || scene.visible[i] === 1)) onSelect(i, true);
  });
  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect();
    zoomAt(Math.exp(-event.deltaY / 400), event.clientX - rect.left, event.clientY - rect.top);
  }, { passive: false });
  canvas.addEventListener('keydown', (event) => {
    if (scene === null) return;
    const { w, h } = size();
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const next = nearest(scene, move[0], move[1]);
      if (next !== null) {
        onSelect(next, false);
        view.centre(next);
      }
    } else if (event.key === 'Enter' && scene.selected !== null) onSelect(scene.selected, true);
    else if (event.key === '+' || event.key === '=') zoomAt(1.25, w / 2, h / 2);
    else if (event.key === '-') zoomAt(0.8, w / 2, h / 2);
    else if (event.key === '0') view.fit();
  });
  // A resize (the panel opening or closing) keeps what was in the middle in the middle.
  new ResizeObserver(settle).observe(canvas);
  return view;
}

/** The nearest shown node from the selection in a direction (or the first shown node). */
function nearest(scene: Scene, dx: number, dy: number): number | null {
  const { graph, visible, selected } = scene;
  const shown = (i: number) => visible === null || visible[i] === 1;
  if (selected === null) {
    for (let i = 0; i < graph.n; i += 1) if (shown(i)) return i;
    return null;
  }
  const x0 = graph.model.x[selected]!;
  const y0 = graph.model.y[selected]!;
  let best: number | null = null;
  let bestScore = Infinity;
  for (let i = 0; i < graph.n; i += 1) {
    if (i === selected || !shown(i)) continue;
    const ddx = graph.model.x[i]! - x0;
    const ddy = graph.model.y[i]! - y0;
    const along = dx * ddx + dy * ddy;
    if (along <= 0) continue;
    const score = along + 4 * Math.abs(dx === 0 ? ddx : ddy);
    if (score < bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
