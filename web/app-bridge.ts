/**
 * The page as an MCP App (SEP-1865, `io.modelcontextprotocol/ui`): JSON-RPC over postMessage
 * with the host. It initialises (`ui/initialize`, then `ui/notifications/initialized`), waits
 * for get_dependency_graph's answer (`ui/notifications/tool-result`), fetches the rest of a
 * paged answer through the host (`tools/call` with the cursor, a bounded number of pages),
 * and draws it with the same view. The panel asks the host for a document's acceptance
 * criteria (`tools/call get_acceptance_criteria`), the copy button for its context bundle
 * (`get_task_context`).
 */
import { viewOfGraph } from '../src/core/answer/view-of-graph.js';
import type { GraphEdge, GraphNode } from '../src/core/answer/select-graph.js';
import type { Source } from './source.js';

const PROTOCOL = '2026-01-26';
const MAX_PAGES = 50;

interface Answer {
  readonly nodes?: GraphNode[];
  readonly edges?: GraphEdge[];
  readonly nextCursor?: string;
}

export function appSource(): Source {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const post = (message: object) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method: string, params: object): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      post({ id, method, params });
    });
  let toolArguments: Record<string, unknown> = {};
  let onResult: (result: unknown) => void = () => undefined;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const message = event.data as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message?: string } };
    if (typeof message !== 'object' || message === null) return;
    if (message.method === undefined && typeof message.id === 'number') {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(String(message.error.message)));
      else waiting?.resolve(message.result);
    } else if (message.method === 'ui/notifications/tool-input') {
      toolArguments = (message.params?.['arguments'] as Record<string, unknown> | undefined) ?? {};
    } else if (message.method === 'ui/notifications/tool-result') {
      onResult(message.params);
    } else if (message.method !== undefined && message.id !== undefined) {
      // ui/resource-teardown, ping: nothing to keep, so answer at once.
      post({ id: message.id, result: {} });
    }
  });
  const callTool = async (name: string, args: Record<string, unknown>) => (await request('tools/call', { name, arguments: args })) as { structuredContent?: unknown; content?: { type: string; text?: string }[] };
  return {
    mode: 'app',
    start(show) {
      onResult = (result) => {
        void collect(result as Parameters<typeof answerOf>[0], (cursor) => callTool('get_dependency_graph', { ...toolArguments, format: 'json', cursor })).then((answer) => show(viewOfGraph(answer)));
      };
      void request('ui/initialize', { protocolVersion: PROTOCOL, appInfo: { name: 'docugraph-view', version: '1' }, appCapabilities: {} }).then(() => {
        post({ method: 'ui/notifications/initialized', params: {} });
        post({ method: 'ui/notifications/size-changed', params: { height: 640 } });
      });
    },
    async details(model, i) {
      try {
        const result = await callTool('get_acceptance_criteria', { taskId: model.ids[i]! });
        const answer = answerOf(result) as { criteria?: { text: string; done: boolean | null }[] };
        return { criteria: answer.criteria === undefined ? null : answer.criteria.map((c) => [c.text, c.done] as const) };
      } catch {
        return { criteria: null };
      }
    },
    async bundle(id) {
      const result = await callTool('get_task_context', { taskId: id });
      return result.content?.map((c) => c.text ?? '').join('\n') ?? '';
    },
  };
}

/** The answer's JSON: its structured content, else its first text block parsed. */
function answerOf(result: { structuredContent?: unknown; content?: { type: string; text?: string }[] }): Answer {
  if (typeof result.structuredContent === 'object' && result.structuredContent !== null) return result.structuredContent as Answer;
  const text = result.content?.find((c) => c.type === 'text')?.text;
  try {
    return text === undefined ? {} : (JSON.parse(text) as Answer);
  } catch {
    return {};
  }
}

/** Every page of a paged answer, at most MAX_PAGES. */
async function collect(first: Parameters<typeof answerOf>[0], next: (cursor: string) => Promise<Parameters<typeof answerOf>[0]>): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  let answer = answerOf(first);
  for (let page = 0; ; page += 1) {
    nodes.push(...(answer.nodes ?? []));
    edges.push(...(answer.edges ?? []));
    if (answer.nextCursor === undefined || page + 1 >= MAX_PAGES) break;
    answer = answerOf(await next(answer.nextCursor));
  }
  return { nodes, edges };
}
