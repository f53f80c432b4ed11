/**
 * `docugraph view` in the browser: the graph as groups (issue 58) — the overview of a large
 * workspace, one box per group, and groups opened into their items laid out in layers — a
 * search, filters (type, state, folder, the closure of the selected node), the node panel, what
 * to do next, and a list view of the same data. Runs the same in the three modes (source.ts).
 * Above BIG nodes it opens on a search rather than drawing everything.
 */
import { appSource } from './app-bridge.js';
import { createCanvasView } from './canvas-view.js';
import { fillControls } from './controls.js';
import { byId, itemButton } from './dom.js';
import { createLayouter, workerOf } from './elk.js';
import { layoutPicture, type Inner, type Picture } from './layout.js';
import { closure, indexModel, search, type Graph, type ViewModel, type Way } from './model.js';
import { hidePanel, showPanel } from './panel.js';
import { OPEN_ALL, shownOf, type Shown } from './shown.js';
import { embedded, liveSource, staticSource, type Source } from './source.js';
import { renderList } from './list-view.js';

/** Above this many nodes the page opens on a search, and draws at most this many at once. */
const BIG = 20_000;
const MATCHES_SHOWN = 50;

/** `script`: the page's own script, from which ELK's worker starts (`null`: layouts on the page). */
export function start(script: string | null): void {
  const mode = document.querySelector<HTMLMetaElement>('meta[name="docugraph-mode"]')?.content;
  const data = embedded();
  const source: Source = data !== null ? staticSource(data) : mode === 'app' ? appSource() : liveSource();
  // An MCP Apps host allows no worker: ELK runs on the page there.
  const layouter = createLayouter(mode === 'app' || script === null ? null : workerOf(script));
  const ui = {
    search: byId<HTMLInputElement>('search'),
    type: byId<HTMLSelectElement>('type'),
    state: byId<HTMLSelectElement>('state'),
    folder: byId<HTMLSelectElement>('folder'),
    way: byId<HTMLSelectElement>('way'),
    toggle: byId<HTMLButtonElement>('toggle'),
  };
  let graph: Graph | null = null;
  let selectedId: string | null = null;
  let focusRootId: string | null = null;
  let listMode = false;
  /** The open groups, by name (a new payload keeps them), and the closed one the keyboard is on. */
  const open = new Set<string>();
  let cursorGroup: string | null = null;
  /** Inner layouts of groups, for this payload. */
  let cache = new Map<string, Inner>();
  /**
   * The picture drawn, with the graph and counts it was made of: after a new payload the old
   * picture stays on screen until the new one is laid out, and what is clicked on it is read
   * with its own graph (indexes move when a document comes or goes).
   */
  let picture: { key: string; picture: Picture; graph: Graph; counts: Shown['counts'] } | null = null;
  let asked = 0;
  /** Payloads drawn (body[data-ready] counts them for tests). */
  let payloads = 0;
  let drawnPayloads = 0;
  let shown: Shown | null = null;
  let matchesNow: number[] = [];

  /** A node or group of the picture drawn, in the current graph. */
  const nodeNow = (i: number): number | null => (picture === null || graph === null ? null : (graph.byId.get(picture.graph.model.ids[i]!) ?? null));
  const groupName = (g: number): string | null => picture?.graph.groups.names[g] ?? null;
  const canvasView = createCanvasView(byId<HTMLCanvasElement>('canvas'), {
    select: (i, openPanel) => {
      const now = i === null ? null : nodeNow(i);
      if (i === null || now !== null) select(now, openPanel);
    },
    toggle: (g) => {
      const name = groupName(g);
      if (name !== null) toggleGroup(name);
    },
    cursor: (g) => {
      cursorGroup = groupName(g);
      selectedId = null;
      draw();
    },
  });

  function select(i: number | null, openPanel: boolean): void {
    selectedId = i === null || graph === null ? null : graph.model.ids[i]!;
    cursorGroup = null;
    if (i !== null && openPanel && graph !== null) showPanel(graph, i, source, { showClosure });
    update();
  }

  /** Opens the group of node `i` if it is closed, selects it and centres it. */
  function reveal(i: number): void {
    if (graph === null) return;
    open.add(graph.groups.names[graph.groups.of[i]!]!);
    select(i, true);
    after = () => canvasView.centre(i);
    if (picture !== null && shown !== null && picture.graph === graph && picture.key === shown.key) runAfter();
  }

  function toggleGroup(name: string): void {
    if (graph === null) return;
    if (open.has(name)) open.delete(name);
    else open.add(name);
    cursorGroup = open.has(name) ? null : name;
    // An opened group is shown whole (or from its top); a closed one stays where it is.
    after = open.has(name) ? () => canvasView.frameGroup(picture?.graph.groups.names.indexOf(name) ?? -1) : null;
    update();
  }

  function showClosure(i: number, way: 'upstream' | 'downstream'): void {
    if (graph === null) return;
    focusRootId = graph.model.ids[i]!;
    ui.way.value = way;
    update(true);
  }

  /** What to do once the next picture is drawn (centre a node, fit). */
  let after: (() => void) | null = null;
  function runAfter(): void {
    const next = after;
    after = null;
    next?.();
  }

  function draw(): void {
    if (graph === null || picture === null) return;
    // Indexes of the picture's own graph (the current one but while a new payload is laid out).
    const own = picture.graph;
    const selected = selectedId === null ? null : (own.byId.get(selectedId) ?? null);
    const matches = own === graph ? new Set(matchesNow) : new Set<number>();
    const cursor = cursorGroup === null ? -1 : own.groups.names.indexOf(cursorGroup);
    canvasView.render({ graph: own, picture: picture.picture, counts: picture.counts, matches, selected, selectedGroup: cursor < 0 ? null : cursor });
  }

  /** Recomputes what is shown from the controls, lays it out if it changed, and redraws; `filtered`: the filters changed (groups open or close by the count shown, then Fit). */
  function update(filtered = false): void {
    if (graph === null) return;
    const g = graph;
    const { model } = g;
    const type = ui.type.value;
    const state = ui.state.value;
    const folder = ui.folder.value;
    const way = ui.way.value as Way | '';
    const selected = selectedId === null ? null : (g.byId.get(selectedId) ?? null);
    if (way !== '' && focusRootId === null && selected !== null) focusRootId = selectedId;
    const root = way === '' || focusRootId === null ? null : (g.byId.get(focusRootId) ?? null);
    const focus = root === null ? null : closure(g, root, way as Way);
    const { matches, total } = search(g, ui.search.value, MATCHES_SHOWN);
    matchesNow = matches;
    const narrowed = type !== '' || state !== '' || folder !== '' || focus !== null;
    let visible: Uint8Array | null = null;
    let count = g.n;
    if (narrowed || g.n > BIG) {
      visible = new Uint8Array(g.n);
      count = 0;
      for (let i = 0; i < g.n; i += 1) {
        const ok = (type === '' || model.types[model.type[i]!] === type) && (state === '' || model.states[model.state[i]!] === state) && (folder === '' || g.groups.names[g.groups.of[i]!] === folder) && (focus === null || focus.has(i));
        if (ok && (narrowed || g.n <= BIG)) [visible[i], count] = [1, count + 1];
      }
      if (!narrowed) for (const i of matches) if (visible[i] === 0) [visible[i], count] = [1, count + 1];
    }
    const tooMany = visible !== null && count > BIG;
    if (tooMany) visible!.fill(0);
    const notice = byId<HTMLElement>('notice');
    notice.hidden = !(g.n > BIG && (tooMany || count === 0 || !narrowed));
    notice.textContent = `${g.n.toLocaleString('en')} documents: too many to draw at once. Search for an id or title, or pick a type, a state or the closure of a document (at most ${BIG.toLocaleString('en')} drawn).`;
    if (filtered) {
      // A few nodes: every group open; many: the overview, each group a box.
      const few = (tooMany ? 0 : count) <= OPEN_ALL;
      open.clear();
      if (few) for (let k = 0; k < g.groups.names.length; k += 1) if (visible === null || g.groups.members[k]!.some((i) => visible![i] === 1)) open.add(g.groups.names[k]!);
      after = () => canvasView.fit();
    }
    // The window's shape, not the canvas's: the panel opening or closing lays nothing out again.
    shown = shownOf(g, visible, open, window.innerHeight > 0 ? window.innerWidth / window.innerHeight : 1.6);
    renderSide(g, matches, total);
    byId('summary').textContent = `${plural(g.n, 'document')}, ${plural(model.edges.length / 3, 'link')} · ${plural(model.errorCount, 'error')}, ${plural(model.warningCount, 'warning')}${visible === null ? '' : ` · ${tooMany ? 0 : count} shown`}`;
    if (listMode) renderList(g, visible, matches, ui.search.value.trim() !== '', (i) => select(i, true));
    if (selected === null && !byId<HTMLElement>('panel').hidden && selectedId === null) hidePanel();
    const want = shown;
    // Every update asks anew: a layout still running for an earlier one is dropped when it ends.
    const ask = ++asked;
    if (picture !== null && picture.graph === g && picture.key === want.key) {
      draw();
      runAfter();
      markDrawn();
      return;
    }
    layoutPicture(layouter, want.spec, cache).then(
      (laid) => {
        if (ask !== asked || graph !== g) return;
        picture = { key: want.key, picture: laid, graph: g, counts: want.counts };
        draw();
        runAfter();
        markDrawn();
      },
      (error: unknown) => {
        if (ask !== asked) return;
        // ELK failed (on the worker, then again on the page): say so; the list view still works.
        const notice = byId<HTMLElement>('notice');
        notice.hidden = false;
        notice.textContent = `The graph could not be laid out (${error instanceof Error ? error.message : String(error)}); the list view shows every document.`;
        markDrawn();
      },
    );
  }

  function markDrawn(): void {
    if (drawnPayloads === payloads) return;
    drawnPayloads = payloads;
    requestAnimationFrame(() => (document.body.dataset['ready'] = String(drawnPayloads)));
  }

  function renderSide(g: Graph, matches: number[], total: number): void {
    const { model } = g;
    const found = byId<HTMLElement>('found');
    found.hidden = ui.search.value.trim() === '';
    byId('found-count').textContent = `(${total})`;
    const pick = (i: number) => () => reveal(i);
    byId('found-list').replaceChildren(...matches.map((i) => itemButton(`${model.ids[i]} — ${model.titles[i]}`, pick(i))));
    byId('next-list').replaceChildren(...model.next.slice(0, 30).map(([i, unblocks]) => itemButton(`${model.ids[i]} — ${model.titles[i]} (unblocks ${unblocks})`, pick(i))));
  }

  function show(model: ViewModel): void {
    const first = graph === null;
    graph = indexModel(model);
    cache = new Map();
    payloads += 1;
    if (first) fillControls(graph, ui);
    const selected = selectedId === null ? undefined : graph.byId.get(selectedId);
    const panelId = byId<HTMLElement>('panel').dataset['id'];
    if (panelId !== undefined) {
      const i = graph.byId.get(panelId);
      if (i === undefined) hidePanel();
      else showPanel(graph, i, source, { showClosure });
    }
    if (selected === undefined) selectedId = null;
    cursorGroup = null;
    update(first);
  }

  ui.search.addEventListener('input', () => update());
  ui.search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || graph === null) return;
    const [first] = search(graph, ui.search.value, 1).matches;
    if (first !== undefined) reveal(first);
  });
  for (const control of [ui.type, ui.state, ui.folder]) control.addEventListener('change', () => update(true));
  ui.way.addEventListener('change', () => {
    focusRootId = ui.way.value === '' ? null : selectedId;
    update(true);
  });
  ui.toggle.addEventListener('click', () => {
    listMode = !listMode;
    ui.toggle.setAttribute('aria-pressed', String(listMode));
    ui.toggle.textContent = listMode ? 'Graph view' : 'List view';
    byId('graph').hidden = listMode;
    byId('list').hidden = !listMode;
    update();
  });
  byId('fit').addEventListener('click', () => canvasView.fit());
  byId('close').addEventListener('click', () => {
    hidePanel();
    byId('canvas').focus();
  });
  document.addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === '/' && !typing) {
      event.preventDefault();
      ui.search.focus();
    } else if (event.key === 'Escape') hidePanel();
  });
  // For tests and the screenshots script: the picture drawn, from its own data.
  (window as unknown as Record<string, unknown>)['__docugraphView'] = {
    picture: () => {
      if (picture === null) return null;
      const { items, shelves } = picture.picture;
      return { ...picture.picture, items: [...items], ...(shelves === undefined ? {} : { shelves: { ...shelves, rowOf: [...shelves.rowOf] } }) };
    },
    groupOf: () => (graph === null ? [] : [...graph.groups.of]),
    names: () => graph?.groups.names ?? [],
    camera: () => canvasView.camera(),
    layouts: () => layouter.where(),
    open: () => [...open].sort(),
    toggle: (name: string) => toggleGroup(name),
  };
  source.start(show);
}

/** `1 error`, `2 errors`, `1,024 documents`. */
function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}
