/**
 * `docugraph view` in the browser: the graph, a search, filters (type, state, the closure of
 * the selected node), the node panel, what to do next, and a list view of the same data.
 * Runs the same in the three modes (source.ts). Above BIG nodes it opens on a search rather
 * than drawing everything.
 */
import { appSource } from './app-bridge.js';
import { createCanvasView } from './canvas-view.js';
import { EDGE_STYLES, STATE_COLORS } from './draw.js';
import { byId, el, itemButton } from './dom.js';
import { closure, indexModel, search, type Graph, type ViewModel, type Way } from './model.js';
import { hidePanel, showPanel } from './panel.js';
import { embedded, liveSource, staticSource, type Source } from './source.js';
import { renderList } from './list-view.js';

/** Above this many nodes the page opens on a search, and draws at most this many at once. */
const BIG = 20_000;
const MATCHES_SHOWN = 50;

const mode = document.querySelector<HTMLMetaElement>('meta[name="docugraph-mode"]')?.content;
const data = embedded();
const source: Source = data !== null ? staticSource(data) : mode === 'app' ? appSource() : liveSource();

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

const canvasView = createCanvasView(byId<HTMLCanvasElement>('canvas'), (i, open) => select(i, open));

function select(i: number | null, open: boolean): void {
  selectedId = i === null || graph === null ? null : graph.model.ids[i]!;
  if (i !== null && open && graph !== null) showPanel(graph, i, source, { showClosure });
  update();
}

function showClosure(i: number, way: 'upstream' | 'downstream'): void {
  if (graph === null) return;
  focusRootId = graph.model.ids[i]!;
  ui.way.value = way;
  update();
  canvasView.fit();
}

/** Recomputes what is shown from the controls, and redraws. */
function update(): void {
  if (graph === null) return;
  const { model } = graph;
  const type = ui.type.value;
  const state = ui.state.value;
  const folder = ui.folder.value === '' ? null : Number(ui.folder.value);
  const way = ui.way.value as Way | '';
  const selected = selectedId === null ? null : (graph.byId.get(selectedId) ?? null);
  if (way !== '' && focusRootId === null && selected !== null) focusRootId = selectedId;
  const root = way === '' || focusRootId === null ? null : (graph.byId.get(focusRootId) ?? null);
  const focus = root === null ? null : closure(graph, root, way as Way);
  const { matches, total } = search(graph, ui.search.value, MATCHES_SHOWN);
  const narrowed = type !== '' || state !== '' || folder !== null || focus !== null;
  let visible: Uint8Array | null = null;
  let shown = graph.n;
  if (narrowed || graph.n > BIG) {
    visible = new Uint8Array(graph.n);
    shown = 0;
    for (let i = 0; i < graph.n; i += 1) {
      const ok = (type === '' || model.types[model.type[i]!] === type) && (state === '' || model.states[model.state[i]!] === state) && (folder === null || model.group?.[i] === folder) && (focus === null || focus.has(i));
      if (ok && (narrowed || graph.n <= BIG)) [visible[i], shown] = [1, shown + 1];
    }
    if (!narrowed) for (const i of matches) if (visible[i] === 0) [visible[i], shown] = [1, shown + 1];
  }
  const tooMany = visible !== null && shown > BIG;
  if (tooMany) visible!.fill(0);
  const notice = byId<HTMLElement>('notice');
  notice.hidden = !(graph.n > BIG && (tooMany || shown === 0 || !narrowed));
  notice.textContent = `${graph.n.toLocaleString('en')} documents: too many to draw at once. Search for an id or title, or pick a type, a state or the closure of a document (at most ${BIG.toLocaleString('en')} drawn).`;
  canvasView.render({ graph, visible, matches: new Set(matches), selected, focus: null });
  renderSide(graph, matches, total);
  byId('summary').textContent = `${count(graph.n, 'document')}, ${count(model.edges.length / 3, 'link')} · ${count(model.errorCount, 'error')}, ${count(model.warningCount, 'warning')}${visible === null ? '' : ` · ${tooMany ? 0 : shown} shown`}`;
  if (listMode) renderList(graph, visible, matches, ui.search.value.trim() !== '', (i) => select(i, true));
  if (selected === null && !byId<HTMLElement>('panel').hidden && selectedId === null) hidePanel();
}

/** `1 error`, `2 errors`, `1,024 documents`. */
function count(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

function renderSide(g: Graph, matches: number[], total: number): void {
  const { model } = g;
  const found = byId<HTMLElement>('found');
  found.hidden = ui.search.value.trim() === '';
  byId('found-count').textContent = `(${total})`;
  const pick = (i: number) => () => {
    select(i, true);
    canvasView.centre(i);
  };
  byId('found-list').replaceChildren(...matches.map((i) => itemButton(`${model.ids[i]} — ${model.titles[i]}`, pick(i))));
  byId('next-list').replaceChildren(...model.next.slice(0, 30).map(([i, unblocks]) => itemButton(`${model.ids[i]} — ${model.titles[i]} (unblocks ${unblocks})`, pick(i))));
}

function show(model: ViewModel): void {
  const first = graph === null;
  graph = indexModel(model);
  if (first) fillControls(model);
  const selected = selectedId === null ? undefined : graph.byId.get(selectedId);
  const panelId = byId<HTMLElement>('panel').dataset['id'];
  if (panelId !== undefined) {
    const i = graph.byId.get(panelId);
    if (i === undefined) hidePanel();
    else showPanel(graph, i, source, { showClosure });
  }
  if (selected === undefined) selectedId = null;
  update();
  document.body.dataset['ready'] = String(Number(document.body.dataset['ready'] ?? '0') + 1);
}

function fillControls(model: ViewModel): void {
  ui.type.append(...model.types.map((t) => Object.assign(el('option', t === '' ? '(none)' : t), { value: t })));
  ui.state.append(...model.states.map((s) => Object.assign(el('option', s), { value: s })));
  // A spec kit's folders (KITS §5): one block each on the grid, and a filter.
  if (model.groups !== undefined && model.groups.length > 1) {
    ui.folder.append(...model.groups.slice(1).map((g, k) => Object.assign(el('option', g), { value: String(k + 1) })));
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

ui.search.addEventListener('input', update);
ui.search.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || graph === null) return;
  const [first] = search(graph, ui.search.value, 1).matches;
  if (first !== undefined) {
    select(first, true);
    canvasView.centre(first);
  }
});
for (const control of [ui.type, ui.state, ui.folder]) {
  control.addEventListener('change', () => {
    update();
    canvasView.fit();
  });
}
ui.way.addEventListener('change', () => {
  focusRootId = ui.way.value === '' ? null : selectedId;
  update();
  canvasView.fit();
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
source.start(show);
