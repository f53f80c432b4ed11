/** The filters' choices (types, states, groups) and the legend, from the first payload. */
import { EDGE_STYLES, STATE_COLORS } from './draw.js';
import { byId, el } from './dom.js';
import type { Graph } from './model.js';

export function fillControls(g: Graph, ui: { readonly type: HTMLSelectElement; readonly state: HTMLSelectElement; readonly folder: HTMLSelectElement }): void {
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
