/**
 * The node panel: title, id, path, type, status and state, what blocks it, its findings and
 * acceptance criteria, up- and downstream counts (direct and transitive), and buttons that
 * copy its context bundle and show its closure.
 */
import { byId, el } from './dom.js';
import { closure, type Graph } from './model.js';
import type { Source } from './source.js';

export interface PanelActions {
  readonly showClosure: (i: number, way: 'upstream' | 'downstream') => void;
}

export function showPanel(graph: Graph, i: number, source: Source, actions: PanelActions): void {
  const { model } = graph;
  const panel = byId<HTMLElement>('panel');
  panel.hidden = false;
  panel.dataset['id'] = model.ids[i]!;
  byId('panel-title').textContent = model.titles[i]!;
  const state = model.states[model.state[i]!]!;
  const up = closure(graph, i, 'upstream').size - 1;
  const down = closure(graph, i, 'downstream').size - 1;
  const facts: [string, string][] = [
    ['Id', model.ids[i]!],
    ['Path', model.paths[i]!],
    ...(model.group === undefined || model.groups === undefined || model.group[i] === 0 ? [] : [['Folder', model.groups[model.group[i]!]!] as [string, string]]),
    ['Type', model.types[model.type[i]!] || '—'],
    ['Status', model.status[i] || '—'],
    ['State', state],
    ['Upstream', `${graph.out[i]!.length} direct, ${up} in all`],
    ['Downstream', `${graph.in[i]!.length} direct, ${down} in all`],
  ];
  const dl = byId('panel-facts');
  dl.replaceChildren(...facts.flatMap(([k, v]) => [el('dt', k), el('dd', v, k === 'State' ? `state ${v}` : undefined)]));
  fill('panel-blocked', (model.blockedBy[i] ?? []).map(([id, why]) => el('li', `${id} (${why})`)));
  fill('panel-findings', (model.findings[i] ?? []).map(([code, severity, line, message]) => el('li', `${code}${line > 0 ? ` (line ${line})` : ''}: ${message}`, severity)));
  const criteria = byId('panel-criteria');
  criteria.hidden = false;
  criteria.querySelector('ul')!.replaceChildren(el('li', 'Loading…'));
  void source.details(model, i).then((details) => {
    if (panel.dataset['id'] !== model.ids[i]) return;
    const items = details.criteria === null ? [el('li', 'Not in this view: ask get_acceptance_criteria, or run docugraph view.')] : details.criteria.length === 0 ? [el('li', 'None.')] : details.criteria.map(([text, done]) => el('li', `${done === true ? '☑ ' : done === false ? '☐ ' : ''}${text}`));
    criteria.querySelector('ul')!.replaceChildren(...items);
  });
  const copy = byId<HTMLButtonElement>('copy');
  copy.textContent = source.mode === 'static' ? 'Copy the context command' : 'Copy context bundle';
  copy.onclick = () => {
    void source.bundle(model.ids[i]!).then(async (text) => {
      try {
        await navigator.clipboard.writeText(text);
        byId('copied').textContent = source.mode === 'static' ? 'Copied the command that prints the bundle.' : `Copied the context bundle (${text.length} characters).`;
      } catch {
        byId('copied').textContent = 'The browser did not allow copying.';
      }
    });
  };
  byId<HTMLButtonElement>('show-up').onclick = () => actions.showClosure(i, 'upstream');
  byId<HTMLButtonElement>('show-down').onclick = () => actions.showClosure(i, 'downstream');
  byId('copied').textContent = '';
}

function fill(id: string, items: HTMLElement[]): void {
  const section = byId<HTMLElement>(id);
  section.hidden = items.length === 0;
  section.querySelector('ul')!.replaceChildren(...items);
}

export function hidePanel(): void {
  const panel = byId<HTMLElement>('panel');
  panel.hidden = true;
  delete panel.dataset['id'];
}
