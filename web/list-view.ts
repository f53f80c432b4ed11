/**
 * The list view: the same documents as a table (id, title, type, state, findings), the shown
 * ones or the search's matches, at most LIMIT rows; each id is a button that opens the panel.
 */
import { byId, el } from './dom.js';
import type { Graph } from './model.js';

const LIMIT = 1_000;

export function renderList(graph: Graph, visible: Uint8Array | null, matches: readonly number[], searching: boolean, open: (i: number) => void): void {
  const { model } = graph;
  const rows: number[] = [];
  if (searching) rows.push(...matches.filter((i) => visible === null || visible[i] === 1));
  else for (let i = 0; i < graph.n && rows.length < LIMIT; i += 1) if (visible === null || visible[i] === 1) rows.push(i);
  byId('list-caption').textContent = searching ? `${rows.length} matches shown (the first ${matches.length} of the search)` : `${rows.length} documents${rows.length === LIMIT ? ` (the first ${LIMIT}; search or filter to see others)` : ''}`;
  byId('list-body').replaceChildren(
    ...rows.map((i) => {
      const tr = el('tr');
      const idCell = el('td');
      const button = el('button', model.ids[i]!);
      button.type = 'button';
      button.addEventListener('click', () => open(i));
      idCell.append(button);
      const findings = model.findings[i] ?? [];
      tr.append(idCell, el('td', model.titles[i]!), el('td', model.types[model.type[i]!] || '—'), el('td', model.states[model.state[i]!]!, 'state'), el('td', findings.length === 0 ? '' : findings.map((f) => f[0]).join(', ')));
      return tr;
    }),
  );
}
