/**
 * The canvas and its camera: drawn on demand (one frame per change), panned by dragging or
 * the keyboard, zoomed by the wheel or +/-; a click or Enter selects an item or opens a group,
 * a click on an open group's title closes it. Arrow keys move to the nearest item or closed
 * group in that direction.
 */
import { draw, hit, type Camera, type Scene } from './draw.js';
import { MIN_OVERVIEW_SCALE, type Rect } from './layout.js';

/** The scale an opened group is shown at, at least: its items' ids and titles are drawn. */
const READABLE = 0.8;

export interface CanvasView {
  /** Draws `scene` at the next frame. */
  render(scene: Scene): void;
  /** Fits the picture on screen; the overview's text never below 10 px (then it starts at the top left). */
  fit(): void;
  /** Centres the camera on an item, zoomed in to read it. */
  centre(i: number): void;
  /** Shows a group's box: whole when it can be read so, else from its top left. */
  frameGroup(group: number): void;
  /** Whether the camera was ever placed (a new payload keeps it). */
  placed(): boolean;
  /** The camera now (tests, and the overview's text size at Fit). */
  camera(): Readonly<Camera>;
}

export interface CanvasActions {
  readonly select: (i: number | null, open: boolean) => void;
  /** Opens or closes a group. */
  readonly toggle: (group: number) => void;
  /** The keyboard is on a closed group. */
  readonly cursor: (group: number) => void;
}

export function createCanvasView(canvas: HTMLCanvasElement, actions: CanvasActions): CanvasView {
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
  const centreOn = (r: Rect) => {
    const { w, h } = size();
    camera.scale = Math.max(camera.scale, 0.8);
    camera.tx = w / 2 - (r.x + r.w / 2) * camera.scale;
    camera.ty = h / 2 - (r.y + r.h / 2) * camera.scale;
    last = { w, h };
    placed = true;
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
      const { picture } = scene;
      const { w, h } = size();
      const margin = 20;
      const width = Math.max(1, picture.width);
      const height = Math.max(1, picture.height);
      let scale = Math.min(1, (w - 2 * margin) / width, (h - 2 * margin) / height);
      // A closed group's text is read at Fit: not below 10 px, even if the picture then runs off the screen.
      if (picture.groups.some((box) => !box.open)) scale = Math.max(scale, MIN_OVERVIEW_SCALE);
      camera.scale = scale;
      camera.tx = width * scale <= w - 2 * margin ? w / 2 - (width / 2) * scale : margin;
      camera.ty = height * scale <= h - 2 * margin ? h / 2 - (height / 2) * scale : margin;
      last = { w, h };
      placed = true;
      request();
    },
    centre(i) {
      const r = scene?.picture.items.get(i);
      if (r !== undefined) centreOn(r);
    },
    frameGroup(group) {
      const box = scene?.picture.groups.find((b) => b.group === group);
      if (box === undefined) return;
      const { w, h } = size();
      // Whole if it can be read so; else from its top left, at a scale its items' labels are drawn at.
      camera.scale = Math.max(READABLE, Math.min(1, (w - 40) / box.w, (h - 40) / box.h));
      camera.tx = box.w * camera.scale <= w - 40 ? w / 2 - (box.x + box.w / 2) * camera.scale : 20 - box.x * camera.scale;
      camera.ty = box.h * camera.scale <= h - 40 ? h / 2 - (box.y + box.h / 2) * camera.scale : 20 - box.y * camera.scale;
      last = { w, h };
      placed = true;
      request();
    },
    placed: () => placed,
    camera: () => ({ ...camera }),
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
    const at = hit(scene.picture, camera, event.clientX - rect.left, event.clientY - rect.top);
    if (at?.kind === 'item') actions.select(at.i, true);
    else if (at?.kind === 'group' && at.header) actions.toggle(at.group);
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
      if (next === null) return;
      if (next.kind === 'item') {
        actions.select(next.id, false);
        view.centre(next.id);
      } else {
        actions.cursor(next.id);
        centreOn(next.box);
      }
    } else if (event.key === 'Enter' && scene.selectedGroup !== null) actions.toggle(scene.selectedGroup);
    else if (event.key === 'Enter' && scene.selected !== null) actions.select(scene.selected, true);
    else if (event.key === '+' || event.key === '=') zoomAt(1.25, w / 2, h / 2);
    else if (event.key === '-') zoomAt(0.8, w / 2, h / 2);
    else if (event.key === '0') view.fit();
  });
  // A resize (the panel opening or closing) keeps what was in the middle in the middle.
  new ResizeObserver(settle).observe(canvas);
  return view;
}

type Target = { readonly kind: 'item' | 'group'; readonly id: number; readonly box: Rect };

/** The nearest item or closed group from where the keyboard is, in a direction (or the first at the top left). */
function nearest(scene: Scene, dx: number, dy: number): Target | null {
  const targets: Target[] = [];
  for (const [i, box] of scene.picture.items) targets.push({ kind: 'item', id: i, box });
  for (const box of scene.picture.groups) if (!box.open) targets.push({ kind: 'group', id: box.group, box });
  const here = scene.selectedGroup !== null ? targets.find((t) => t.kind === 'group' && t.id === scene.selectedGroup) : scene.selected !== null ? targets.find((t) => t.kind === 'item' && t.id === scene.selected) : undefined;
  const centre = (t: Target) => [t.box.x + t.box.w / 2, t.box.y + t.box.h / 2] as const;
  if (here === undefined) {
    let best: Target | null = null;
    for (const t of targets) if (best === null || t.box.y + t.box.x < best.box.y + best.box.x) best = t;
    return best;
  }
  const [x0, y0] = centre(here);
  let best: Target | null = null;
  let bestScore = Infinity;
  for (const t of targets) {
    if (t === here) continue;
    const [x, y] = centre(t);
    const along = dx * (x - x0) + dy * (y - y0);
    if (along <= 0) continue;
    const score = along + 4 * Math.abs(dx === 0 ? x - x0 : y - y0);
    if (score < bestScore) [best, bestScore] = [t, score];
  }
  return best;
}
