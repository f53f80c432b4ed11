/**
 * Where the page's data comes from, by mode: `static` (embedded in the page), `live` (the
 * `docugraph view` server: the payload, a stream of updates, each node's details) or `app`
 * (an MCP Apps host: get_dependency_graph's answer, see app-bridge.ts).
 */
import type { ViewModel } from './model.js';

export interface NodeDetails {
  /** Acceptance criteria (`[text, done]`), or `null` when this page cannot know them. */
  readonly criteria: readonly (readonly [string, boolean | null])[] | null;
}

export interface Source {
  readonly mode: 'live' | 'static' | 'app';
  /** Calls `show` with the first payload and with every later one. */
  start(show: (model: ViewModel) => void): void;
  details(model: ViewModel, index: number): Promise<NodeDetails>;
  /** The text the copy button puts on the clipboard: the context bundle, or how to get it. */
  bundle(id: string): Promise<string>;
}

export function embedded(): ViewModel | null {
  const text = document.getElementById('docugraph-data')?.textContent ?? '';
  return text.trim() === '' ? null : (JSON.parse(text) as ViewModel);
}

export function staticSource(model: ViewModel): Source {
  return {
    mode: 'static',
    start: (show) => show(model),
    details: async (m, i) => ({ criteria: m.criteria === undefined ? null : (m.criteria[i] ?? []) }),
    bundle: async (id) => `npx docugraph context ${id}`,
  };
}

export function liveSource(): Source {
  return {
    mode: 'live',
    start(show) {
      let latest = 0;
      const load = async () => {
        const asked = ++latest;
        const response = await fetch('api/graph', { cache: 'no-store' });
        const model = (await response.json()) as ViewModel;
        if (asked === latest) show(model);
      };
      void load();
      const events = new EventSource('api/events');
      events.addEventListener('update', () => void load());
    },
    async details(model, i) {
      const response = await fetch(`api/node?id=${encodeURIComponent(model.ids[i]!)}`, { cache: 'no-store' });
      if (!response.ok) return { criteria: null };
      return (await response.json()) as NodeDetails;
    },
    async bundle(id) {
      const response = await fetch(`api/bundle?id=${encodeURIComponent(id)}`, { cache: 'no-store' });
      return response.text();
    },
  };
}
