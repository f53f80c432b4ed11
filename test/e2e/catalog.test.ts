/**
 * The full MCP surface (CATALOG) over STDIO and Streamable HTTP with the SDK client, on both protocol eras:
 * every tool, resource, prompt and completion, with unknown ids and bad arguments.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeImpact, buildBundle, getAcceptanceCriteria, listTasks, loadWorkspace, search, selectGraph } from '../../src/core/index.js';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { TOOL_NAMES } from '../helpers/paths.js';
import { connect, connectUrl, DEMO, spawnHttp, textOf, type HttpServerProcess } from '../helpers/server-process.js';

const workspace = loadWorkspace(DEMO);
const errorOf = (result: { content?: unknown; isError?: boolean | undefined }) => {
  expect(result.isError).toBe(true);
  return JSON.parse(textOf(result)) as { code: string; message: string } & Record<string, unknown>;
};

/**
 * The server over HTTP, for both eras: one process holds a session of each (each session
 * negotiates its own era, and every tool is read-only). Started by the first, killed after the file.
 */
let http: Promise<HttpServerProcess> | null = null;
afterAll(async () => {
  if (http === null) return;
  const { child, exited } = await http;
  child.kill('SIGTERM');
  await exited;
});

describe.each([
  ['stdio', 'legacy'],
  ['stdio', 'modern'],
  ['http', 'legacy'],
  ['http', 'modern'],
] as const)('catalog over %s (%s era)', (transport, era) => {
  let client: Client;
  beforeAll(async () => {
    if (transport === 'stdio') ({ client } = await connect({ transport, era, shared: true }));
    else client = await connectUrl((await (http ??= spawnHttp(['--workspace', DEMO], {}, true))).url, { era });
  });
  afterAll(async () => client.close());

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  it('lists all seven tools, each read-only with a title, and the always-JSON tools with an outputSchema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      // get_task_context answers Markdown; get_dependency_graph answers Mermaid or DOT text too, without JSON beside it.
      if (tool.name === 'get_task_context' || tool.name === 'get_dependency_graph') expect(tool.outputSchema).toBeUndefined();
      else expect(tool.outputSchema).toMatchObject({ type: 'object' });
    }
  });

  it('search: hits best first, the same as the core, paged; an empty query is INVALID_ARGUMENT', async () => {
    const answer = await call('search', { query: 'archive a project' });
    const hits = (answer.structuredContent as { hits: { id: string; kind: string; place: string }[] }).hits;
    expect(hits.map((h) => h.id)).toEqual(search(workspace, { query: 'archive a project' }).map((h) => h.id));
    expect(hits.length).toBeGreaterThan(1);
    expect(JSON.parse(textOf(answer))).toEqual(answer.structuredContent);
    const first = await call('search', { query: 'archive a project', limit: 1 });
    expect((first.structuredContent as { hits: unknown[]; nextCursor?: string }).hits).toHaveLength(1);
    expect((first.structuredContent as { nextCursor?: string }).nextCursor).toBeTruthy();
    expect(errorOf(await call('search', { query: '' })).code).toBe('INVALID_ARGUMENT');
  });

  it('list_tasks: filters, sorted, text and structuredContent agree with the core', async () => {
    const all = await call('list_tasks', {});
    expect(all.structuredContent).toEqual({ tasks: withVersions(workspace, listTasks(workspace).tasks) });
    expect(JSON.parse(textOf(all))).toEqual(all.structuredContent);
    const todo = await call('list_tasks', { type: 'task', status: 'todo', query: 'PROJECT' });
    expect((todo.structuredContent as { tasks: { id: string }[] }).tasks.map((t) => t.id)).toEqual(['BE-02', 'BE-03', 'BE-04', 'FE-01']);
    expect(errorOf(await call('list_tasks', { type: 3 })).code).toBe('INVALID_ARGUMENT');
  });

  it('list_tasks in pages of 4: the pages add up to the list; a made-up cursor is INVALID_ARGUMENT', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('list_tasks', { limit: 4, ...(cursor === undefined ? {} : { cursor }) });
      const answer = page.structuredContent as { tasks: { id: string }[]; truncated?: boolean; nextCursor?: string };
      ids.push(...answer.tasks.map((t) => t.id));
      cursor = answer.nextCursor;
      expect(page.content).toHaveLength(cursor === undefined ? 1 : 2);
    } while (cursor !== undefined);
    expect(ids).toEqual(workspace.ids);
    expect(errorOf(await call('list_tasks', { cursor: 'made-up' })).message).toContain('Call list_tasks again without cursor');
  });

  it('get_acceptance_criteria: the BE-02 checklist with lines; unknown id; bad argument', async () => {
    const result = await call('get_acceptance_criteria', { taskId: 'BE-02' });
    expect(result.structuredContent).toEqual(getAcceptanceCriteria(workspace, 'BE-02'));
    expect(result.structuredContent).toMatchObject({ source: 'heading', criteria: expect.arrayContaining([expect.objectContaining({ done: false, line: 112 })]) });
    expect(errorOf(await call('get_acceptance_criteria', { taskId: 'BE-2' }))).toMatchObject({ code: 'TASK_NOT_FOUND', suggestions: expect.arrayContaining(['BE-02']) });
    expect(errorOf(await call('get_acceptance_criteria', {})).code).toBe('INVALID_ARGUMENT');
  });

  it('analyze_impact: downstream of DEC-001, with depth limit; unknown id; bad depth', async () => {
    const result = await call('analyze_impact', { nodeId: 'DEC-001' });
    expect(result.structuredContent).toEqual(analyzeImpact(workspace, 'DEC-001'));
    const shallow = await call('analyze_impact', { nodeId: 'DEC-001', maxDepth: 1 });
    expect(shallow.structuredContent).toMatchObject({ truncated: true, impacted: [{ id: 'BE-01', depth: 1, via: ['DEC-001'] }, { id: 'DEC-003', depth: 1, via: ['DEC-001'] }] });
    expect(errorOf(await call('analyze_impact', { nodeId: 'DEC-9' })).code).toBe('TASK_NOT_FOUND');
    expect(errorOf(await call('analyze_impact', { nodeId: 'DEC-001', maxDepth: -2 })).code).toBe('INVALID_ARGUMENT');
  });

  it('get_dependency_graph: json, mermaid and dot; root, direction, depth; unknown root; bad enums', async () => {
    const json = await call('get_dependency_graph', {});
    expect(json.structuredContent).toEqual(selectGraph(workspace));
    expect(JSON.parse(textOf(json))).toEqual(json.structuredContent);
    const around = await call('get_dependency_graph', { rootId: 'BE-02', direction: 'downstream', maxDepth: 1, format: 'mermaid' });
    expect(textOf(around)).toMatch(/^flowchart TD\n/);
    // The diagram alone: no structuredContent that a client would hand the model instead.
    expect(around.content).toHaveLength(1);
    expect(around.structuredContent).toBeUndefined();
    const dot = await call('get_dependency_graph', { format: 'dot' });
    expect(textOf(dot)).toMatch(/^digraph docugraph \{\n/);
    expect(dot.content).toHaveLength(1);
    expect(dot.structuredContent).toBeUndefined();
    expect(errorOf(await call('get_dependency_graph', { rootId: 'NOPE' })).code).toBe('TASK_NOT_FOUND');
    expect(errorOf(await call('get_dependency_graph', { direction: 'sideways' })).message).toContain('"upstream", "downstream", "both"');
    expect(errorOf(await call('get_dependency_graph', { format: 'svg' })).code).toBe('INVALID_ARGUMENT');
  });

  it('resources: every document listed with title and text/markdown; read; validation; unknown id', async () => {
    const { resources } = await client.listResources();
    const docs = resources.filter((r) => r.uri.startsWith('docugraph://docs/'));
    expect(docs.map((r) => r.name)).toEqual(workspace.ids);
    for (const r of docs) {
      expect(r.mimeType).toBe('text/markdown');
      expect(r.title).toBe(workspace.nodes.get(r.name)!.title);
    }
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['docugraph://docs/{id}', 'docugraph://graph/{rootId}', 'docugraph://impact/{nodeId}']);
    const read = await client.readResource({ uri: 'docugraph://docs/REQ-01' });
    expect(read.contents).toEqual([{ uri: 'docugraph://docs/REQ-01', mimeType: 'text/markdown', text: workspace.nodes.get('REQ-01')!.text }]);
    const validation = await client.readResource({ uri: 'docugraph://validation' });
    expect(JSON.parse((validation.contents[0] as { text: string }).text)).toMatchObject({ valid: true, nodeCount: 15 });
    expect(validation.contents[0]!.mimeType).toBe('application/json');
    const impact = await client.readResource({ uri: 'docugraph://impact/REQ-01' });
    expect(JSON.parse((impact.contents[0] as { text: string }).text)).toEqual(analyzeImpact(workspace, 'REQ-01'));
    const graph = await client.readResource({ uri: 'docugraph://graph/BE-02' });
    expect((graph.contents[0] as { text: string }).text).toMatch(/^```mermaid\nflowchart TD\n/);
    await expect(client.readResource({ uri: 'docugraph://docs/NOPE' })).rejects.toMatchObject({ code: -32602, data: { uri: 'docugraph://docs/NOPE' } });
    await expect(client.readResource({ uri: 'docugraph://impact/NOPE' })).rejects.toMatchObject({ code: -32602 });
  });

  it('prompts: implement a task (bundle and criteria embedded) and audit; unknown task', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['prompt_audit_traceability', 'prompt_implement_task']);
    expect(prompts.find((p) => p.name === 'prompt_implement_task')!.arguments).toEqual([expect.objectContaining({ name: 'taskId', required: true })]);
    const implement = await client.getPrompt({ name: 'prompt_implement_task', arguments: { taskId: 'BE-02' } });
    expect(implement.messages).toHaveLength(1);
    expect(implement.messages[0]!.role).toBe('user');
    const text = (implement.messages[0]!.content as { text: string }).text;
    expect(text).toContain(buildBundle(workspace, { taskId: 'BE-02' }));
    for (const c of getAcceptanceCriteria(workspace, 'BE-02').criteria) expect(text).toContain(`- [ ] ${c.text} (line ${c.line})`);
    expect(text).toMatch(/^Implement task `BE-02`/);
    const audit = await client.getPrompt({ name: 'prompt_audit_traceability' });
    expect((audit.messages[0]!.content as { text: string }).text).toContain('"valid": true');
    await expect(client.getPrompt({ name: 'prompt_implement_task', arguments: { taskId: 'BE-2' } })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('TASK_NOT_FOUND') });
  });

  it('completion of taskId, id, nodeId and rootId: prefix match, sorted', async () => {
    const prompt = await client.complete({ ref: { type: 'ref/prompt', name: 'prompt_implement_task' }, argument: { name: 'taskId', value: 'BE-0' } });
    expect(prompt.completion.values).toEqual(['BE-01', 'BE-02', 'BE-03', 'BE-04']);
    for (const [uri, name] of [['docugraph://docs/{id}', 'id'], ['docugraph://impact/{nodeId}', 'nodeId'], ['docugraph://graph/{rootId}', 'rootId']] as const) {
      const result = await client.complete({ ref: { type: 'ref/resource', uri }, argument: { name, value: 'DEC' } });
      expect(result.completion.values).toEqual(['DEC-001', 'DEC-002', 'DEC-003', 'DEC-004']);
    }
    const empty = await client.complete({ ref: { type: 'ref/prompt', name: 'prompt_implement_task' }, argument: { name: 'taskId', value: '' } });
    expect(empty.completion.values).toEqual(workspace.ids);
  });
});
