/**
 * `docugraph view` in the browser: the graph as groups (issue 58) — the overview of a large
 * workspace, one box per group, and groups opened into their items laid out in layers — a
 * search, filters (type, state, folder, the closure of the selected node), the node panel, what
 * to do next, and a list view of the same data. Runs the same in the three modes (source.ts).
 * Above BIG nodes it opens on a search rather than drawing everything.
 */
import { appSource } from './app-bridge.js';
import { createCanvasView } from './canvas-view.js';
import { EDGE_STYLES, STATE_COLORS } from './draw.js';
import { byId, el, itemButton } from './dom.js';
import { createLayouter } from './elk.js';
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
  const layouter = createLayouter(mode === 'app' ? null : script);
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
  /** The open groups, by name (a new payload keeps them). */
  const open = new Set<string>();
  let cursorGroup: number | null = null;
  /** Inner layouts of groups, for this payload. */
  let cache = new Map<string, Inner>();
  let picture: { key: string; picture: Picture } | null = null;
  let asked = 0;
  /** Payloads drawn (body[data-ready] counts them for tests). */
  let payloads = 0;
  let drawnPayloads = 0;
  let shown: Shown | null = null;
  let matchesNow: number[] = [];

  const canvasView = createCanvasView(byId<HTMLCanvasElement>('canvas'), {
    select: (i, openPanel) => select(i, openPanel),
    toggle: (g) => toggleGroup(g),
    cursor: (g) => {
      cursorGroup = g;
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
    if (picture !== null && shown !== null && picture.key === shown.key) runAfter();
  }

  function toggleGroup(g: number): void {
    if (graph === null) return;
    const name = graph.groups.names[g]!;
    if (open.has(name)) open.delete(name);
    else open.add(name);
    cursorGroup = open.has(name) ? null : g;
    // An opened group is shown whole (or from its top); a closed one stays where it is.
    if (open.has(name)) after = () => canvasView.frameGroup(g);
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
    if (graph === null || shown === null || picture === null) return;
    const selected = selectedId === null ? null : (graph.byId.get(selectedId) ?? null);
    canvasView.render({ graph, picture: picture.picture, counts: shown.counts, matches: new Set(matchesNow), selected, selectedGroup: cursorGroup });
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
    if (picture !== null && picture.key === want.key) {
      draw();
      runAfter();
      markDrawn();
      return;
    }
    const ask = ++asked;
    void layoutPicture(layouter, want.spec, cache).then((laid) => {
      if (ask !== asked || graph !== g) return;
      picture = { key: want.key, picture: laid };
      draw();
      runAfter();
      markDrawn();
    });
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
    picture = null;
    payloads += 1;
    if (first) fillControls(graph);
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

  function fillControls(g: Graph): void {
    const { model } = g;
    ui.type.append(...model.types.map((t) => Object.assign(el('option', t === '' ? '(none)' : t), { value: t })));
    ui.state.append(...model.states.map((s) => Object.assign(el('option', s), { value: s })));
    // The groups (a spec kit's feature folders, a change, a folder): a filter.
    if (g.groups.names.length > 1) {
      ui.folder.append(...g.groups.names.map((name) => Object.assign(el('option', name), { value: name })));
      byId('folder-label').hidden = false;
    }
    const legend = byId('legend-list');
    for (const s of model.states) {
      const swatch = el('span', undefined, 'swatch');
      swatch.style.borderColor = STATE_COLORS[s]!;
      const li = el('li');
      li.append(swatch, s);
      legend.append(li);
    }
    model.relations.forEach((relation, k) => {
      const line = el('span', undefined, 'line');
      line.style.borderTopColor = EDGE_STYLES[k]!.color;
      line.style.borderTopStyle = k === 0 ? 'solid' : 'dashed';
      const li = el('li');
      li.append(line, relation);
      legend.append(li);
    });
    for (const [text, color] of [['error (red border)', '#d32f2f'], ['suspect link', '#d500f9'], ['warning', '#f9a825']] as const) {
      const swatch = el('span', undefined, 'swatch');
      swatch.style.borderColor = color;
      const li = el('li');
      li.append(swatch, text);
      legend.append(li);
    }
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
    toggle: (name: string) => {
      const g = graph?.groups.names.indexOf(name) ?? -1;
      if (g >= 0) toggleGroup(g);
    },
  };
  source.start(show);
}

/** `1 error`, `2 errors`, `1,024 documents`. */
function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}
