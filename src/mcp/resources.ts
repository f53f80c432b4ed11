/**
 * Resources (CATALOG): every document as `docugraph://docs/{id}`, the validation report, the
 * ready work (TRACE §2), and per-document impact and graph views; `resources/list` pages through them. Unknown ids are the
 * protocol's resource-not-found error.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type McpServer,
  type Resource,
  type Variables,
} from '@modelcontextprotocol/server';
import { buildReport, completeIds, type DocNode, type Workspace } from '../core/index.js';
import { graphAnswer } from './graph-answer.js';
import { registerResourceList } from './resource-list.js';
import { impactPage } from './tools/analyze-impact.js';
import { tasksPage } from './tools/list-tasks.js';
import { reportPage } from './tools/validate-traceability.js';
import type { ServerState } from './server-state.js';

export const DOCS_TEMPLATE = 'docugraph://docs/{id}';
export const VALIDATION_URI = 'docugraph://validation';
export const READY_URI = 'docugraph://ready';
export const IMPACT_TEMPLATE = 'docugraph://impact/{nodeId}';
export const GRAPH_TEMPLATE = 'docugraph://graph/{rootId}';

const VALIDATION = {
  uri: VALIDATION_URI,
  name: 'validation',
  title: 'Validation report',
  description: 'The current validation report of the workspace (what validate_traceability returns).',
  mimeType: 'application/json',
} as const satisfies Resource;

const READY = {
  uri: READY_URI,
  name: 'ready',
  title: 'Ready work',
  description: 'What can be worked on now: list_tasks with state "ready", the documents that unblock the most first.',
  mimeType: 'application/json',
} as const satisfies Resource;

/** The URI of a document's resource: a kit item's id holds `/` (`auth/T1`), which goes as `%2F` (a document's id needs no escape). */
export function documentUri(id: string): string {
  return `docugraph://docs/${encodeURIComponent(id)}`;
}

export function registerResources(server: McpServer, state: ServerState): void {
  const complete = async (value: string) => completeIds(await state.workspace(), value);

  server.registerResource(
    'document',
    new ResourceTemplate(DOCS_TEMPLATE, { list: undefined, complete: { id: complete } }),
    { title: 'Document', description: 'A document of the workspace by id: its whole Markdown file, frontmatter included.', mimeType: 'text/markdown' },
    async (uri, variables) => {
      const node = nodeFor(await state.workspace(), uri, variables, 'id');
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: node.text }] };
    },
  );

  server.registerResource(
    'validation',
    VALIDATION_URI,
    { title: VALIDATION.title, description: VALIDATION.description, mimeType: VALIDATION.mimeType },
    async (uri) => {
      // The report's first page, as validate_traceability gives it: a long report says how to get the rest.
      const workspace = await state.workspace();
      const [json, hint] = reportPage(workspace, buildReport(workspace), {}, true).texts;
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: json! }, ...hintContent(uri, hint)] };
    },
  );

  server.registerResource(
    'ready',
    READY_URI,
    { title: READY.title, description: READY.description, mimeType: READY.mimeType },
    async (uri) => {
      // list_tasks' first page for state "ready": a long list says how to get the rest.
      const [json, hint] = tasksPage(await state.workspace(), { state: 'ready' }, {}, true).texts;
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: json! }, ...hintContent(uri, hint)] };
    },
  );

  server.registerResource(
    'impact',
    new ResourceTemplate(IMPACT_TEMPLATE, { list: undefined, complete: { nodeId: complete } }),
    { title: 'Impact of a document', description: 'Every document that depends on the given one, transitively (analyze_impact as JSON).', mimeType: 'application/json' },
    async (uri, variables) => {
      const workspace = await state.workspace();
      const node = nodeFor(workspace, uri, variables, 'nodeId');
      // analyze_impact's first page: a document many depend on says how to get the rest.
      const [json, hint] = impactPage(workspace, node.id, undefined, {}, true).texts;
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: json! }, ...hintContent(uri, hint)] };
    },
  );

  server.registerResource(
    'graph',
    new ResourceTemplate(GRAPH_TEMPLATE, { list: undefined, complete: { rootId: complete } }),
    { title: 'Graph around a document', description: 'A Mermaid flowchart of what the document depends on and what depends on it.', mimeType: 'text/markdown' },
    async (uri, variables) => {
      const workspace = await state.workspace();
      const node = nodeFor(workspace, uri, variables, 'rootId');
      // get_dependency_graph's first page: a hub's graph says how to get the rest.
      const [mermaid, hint] = graphAnswer(workspace, { rootId: node.id, direction: 'both' }, 'mermaid', {}).content.map((item) => (item as { text: string }).text);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: `\`\`\`mermaid\n${mermaid!}\`\`\`\n` }, ...hintContent(uri, hint)] };
    },
  );

  registerResourceList(server, state, listedResources);
}

/** Every listed resource, in `resources/list` order: the validation report, the ready work, then each document by id. */
export function listedResources(workspace: Workspace): Resource[] {
  const resources: Resource[] = [VALIDATION, READY];
  for (const id of workspace.ids) {
    const node = workspace.nodes.get(id)!;
    resources.push({ uri: documentUri(id), name: id, title: node.title, description: describe(node), mimeType: 'text/markdown' });
  }
  return resources;
}

/** The sentence after a first page that stops early, as a second content of the resource. */
function hintContent(uri: URL, hint: string | undefined): { uri: string; mimeType: string; text: string }[] {
  return hint === undefined ? [] : [{ uri: uri.href, mimeType: 'text/plain', text: hint }];
}

function nodeFor(workspace: Workspace, uri: URL, variables: Variables, name: string): DocNode {
  const value = variables[name];
  const id = decodeVariable(uri, Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
  const node = workspace.nodes.get(id);
  if (node === undefined) throw new ResourceNotFoundError(uri.href, `No document has the id \`${id}\`; resources/list shows every document.`);
  return node;
}

/** Percent-decodes a URI variable; a malformed escape is the client's invalid parameter (-32602). */
function decodeVariable(uri: URL, value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'The resource URI has a malformed percent-escape (each % must start a UTF-8 byte as %XX); encode the id with encodeURIComponent.',
      { uri: uri.href },
    );
  }
}

function describe(node: DocNode): string {
  return [node.type, node.status, node.path].filter((part) => part !== null).join(' · ');
}
