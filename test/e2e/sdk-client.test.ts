/**
 * End to end: the built binary spawned, driven by the official SDK client over STDIO and over
 * Streamable HTTP (`--http`), on both protocol eras (2025 `initialize` and 2026-07-28
 * `server/discover`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectUrl, DEMO, FIXTURES, spawnHttp, textOf, type HttpServerProcess } from '../helpers/server-process.js';

const golden = readFileSync(new URL('../golden/BE-02.code.bundle.md', import.meta.url), 'utf8');
const errorOf = (result: { content?: unknown; isError?: boolean | undefined }) => {
  expect(result.isError).toBe(true);
  return JSON.parse(textOf(result)) as { code: string; message: string } & Record<string, unknown>;
};

/**
 * The HTTP servers, by their arguments. One process holds the sessions of both eras and of
 * every test that asks for a server with the same arguments (a server over HTTP serves many
 * sessions, each negotiating its own era, and these sessions only read): 3 processes instead
 * of 10. Killed after the file.
 */
const httpServers = new Map<string, Promise<HttpServerProcess>>();
afterAll(async () => {
  for (const server of httpServers.values()) {
    const { child, exited } = await server;
    child.kill('SIGTERM');
    await exited;
  }
});

interface Open {
  readonly args?: string[];
  /** Directories the client declares as its roots. */
  readonly roots?: string[];
}

/**
 * Servers opened on demand and kept for the rest of their `describe` (closed after it): over
 * STDIO a process of their own, over HTTP a session on the file's server for those arguments.
 */
function sessions(transport: 'stdio' | 'http', era: 'legacy' | 'modern') {
  const opened = new Map<string, Promise<Client>>();
  afterAll(async () => {
    for (const client of opened.values()) await (await client).close();
  });
  const open = async ({ args = ['--workspace', DEMO], roots }: Open): Promise<Client> => {
    const asked = roots === undefined ? {} : { roots };
    if (transport === 'stdio') return (await connect({ transport, era, args, shared: true, ...asked })).client;
    const key = args.join('\n');
    let server = httpServers.get(key);
    if (server === undefined) httpServers.set(key, (server = spawnHttp(args, {}, true)));
    return connectUrl((await server).url, { era, ...asked });
  };
  /** The client for `name`, opened with `options` the first time it is asked for. */
  return (name: string, options: Open = {}): Promise<Client> => {
    let client = opened.get(name);
    if (client === undefined) opened.set(name, (client = open(options)));
    return client;
  };
}

describe.each([
  ['stdio', 'legacy'],
  ['stdio', 'modern'],
  ['http', 'legacy'],
  ['http', 'modern'],
] as const)('docugraph-mcp over %s (%s era)', (transport, era) => {
  // One server on the demo for the tests that need nothing else (every tool is read-only);
  // the others open theirs with their own options.
  const session = sessions(transport, era);
  let demo: Client;
  beforeAll(async () => {
    demo = await session('demo');
  });
  // The cyclic fixture, its client declaring a root (and the server told to use client roots
  // over HTTP): one server for two tests. The cycle test calls get_task_context on the
  // workspace, which no root concerns; the roots test audits a directory outside that
  // workspace, which only the declared root allows.
  const rooted = () =>
    session('cyclic, rooted', {
      args: ['--workspace', join(FIXTURES, 'cycle'), ...(transport === 'http' ? ['--client-roots'] : [])],
      roots: [FIXTURES],
    });

  it('accepts the handshake and lists the tools with schemas, titles and annotations', async () => {
    const client = demo;
    expect(client.getServerVersion()).toMatchObject({ name: 'docugraph-mcp' });
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_task_context', 'validate_traceability']));
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false, idempotentHint: true });
    }
    const context = tools.find((t) => t.name === 'get_task_context')!;
    expect(context.inputSchema).toMatchObject({
      type: 'object',
      required: ['taskId'],
      // A number is an id too (issue 53): `1559` is the id "1559".
      properties: { taskId: { type: ['string', 'number'] }, maxDepth: { type: 'integer', minimum: 0 } },
    });
    const validate = tools.find((t) => t.name === 'validate_traceability')!;
    expect(validate.inputSchema.properties).toHaveProperty('workspacePath');
    expect(validate.inputSchema.properties).toHaveProperty('summary');
    expect(validate.outputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['valid']), properties: { errors: { type: 'array' } } });
  });

  it('get_task_context returns the BE-02 gold bundle byte for byte', async () => {
    const client = demo;
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02' } });
    expect(result.isError ?? false).toBe(false);
    expect(result.content).toHaveLength(1);
    expect(textOf(result)).toBe(golden);
    const shallow = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 1 } });
    expect(textOf(shallow)).toMatch(/^# Context bundle: BE-02\nmaxDepth: 1\ntruncated: true\n/);
  });

  it('validate_traceability returns the report as text and structuredContent', async () => {
    const client = demo;
    const result = await client.callTool({ name: 'validate_traceability', arguments: {} });
    const text = textOf(result);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    expect(Object.keys(result.structuredContent!)).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'errors', 'warnings', 'valid', 'coverage']);
    expect(result.structuredContent).toMatchObject({ workspacePath: DEMO, nodeCount: 15, edgeCount: 19, errors: [], valid: true });
  });

  it('TASK_NOT_FOUND with suggestions', async () => {
    const client = demo;
    const error = errorOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'be-02' } }));
    expect(error).toMatchObject({ code: 'TASK_NOT_FOUND', taskId: 'be-02' });
    expect((error['suggestions'] as string[])[0]).toBe('BE-02');
    expect((error['suggestions'] as string[]).length).toBeLessThanOrEqual(5);
  });

  it('INVALID_ARGUMENT for a missing taskId, a negative or fractional maxDepth, and wrong types', async () => {
    const client = demo;
    for (const args of [{}, { taskId: 'BE-02', maxDepth: -1 }, { taskId: 'BE-02', maxDepth: 1.5 }, { taskId: true }, { taskId: 'BE-02', maxDepth: '2' }]) {
      const error = errorOf(await client.callTool({ name: 'get_task_context', arguments: args }));
      expect(error.code).toBe('INVALID_ARGUMENT');
    }
    expect(errorOf(await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: 7 } })).code).toBe('INVALID_ARGUMENT');
  });

  it('GRAPH_CYCLE fails closed on the cyclic fixture', async () => {
    const client = await rooted();
    const error = errorOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'CYC-TASK' } }));
    expect(error).toMatchObject({ code: 'GRAPH_CYCLE', cycle: ['CYC-A', 'CYC-B', 'CYC-C'] });
    expect(error.message).toContain('validate_traceability');
    const free = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'CYC-FREE' } });
    expect(textOf(free)).toContain('# Context bundle: CYC-FREE');
  });

  it('PATH_NOT_ALLOWED outside the workspace, WORKSPACE_NOT_FOUND for missing directories', async () => {
    const client = demo;
    const outside = errorOf(await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: FIXTURES } }));
    expect(outside.code).toBe('PATH_NOT_ALLOWED');
    const dotdot = errorOf(await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: '../../test/fixtures/cycle' } }));
    expect(dotdot.code).toBe('PATH_NOT_ALLOWED');
    const missing = errorOf(await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: 'docs/nope' } }));
    expect(missing.code).toBe('WORKSPACE_NOT_FOUND');
    const file = errorOf(await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: 'README.md' } }));
    expect(file.code).toBe('WORKSPACE_NOT_FOUND');
    const inside = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: 'docs/decisions' } });
    expect(inside.structuredContent).toMatchObject({ workspacePath: join(DEMO, 'docs/decisions'), nodeCount: 4 });
  });

  it('audits an --allow-path directory and finds the broken link and the cycle', async () => {
    const client = await session('allow-path', { args: ['--workspace', DEMO, '--allow-path', FIXTURES] });
    const cycle = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: join(FIXTURES, 'cycle') } });
    expect(cycle.structuredContent).toMatchObject({ valid: false, errors: [{ code: 'LINK_CYCLE', nodeId: 'CYC-A' }] });
    const links = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: join(FIXTURES, 'broken-md-link') } });
    expect(links.structuredContent).toMatchObject({ valid: false, errors: [{ code: 'MD_LINK_BROKEN' }], warnings: [{ code: 'MD_ANCHOR_BROKEN' }] });
  });

  it('audits a directory inside a root the client declared (over HTTP only with --client-roots)', async () => {
    const client = await rooted();
    const result = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: join(FIXTURES, 'duplicate-id') } });
    expect(result.structuredContent).toMatchObject({ valid: false, errors: [{ code: 'ID_DUPLICATE' }, { code: 'ID_DUPLICATE' }] });
    const elsewhere = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: '/tmp' } });
    expect(errorOf(elsewhere).code).toBe('PATH_NOT_ALLOWED');
  });

  it('an unknown tool is a JSON-RPC error, and the server keeps serving', async () => {
    const client = demo;
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no_such_tool/);
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-01', maxDepth: 0 } });
    expect(textOf(result)).toContain('# Context bundle: BE-01');
  });
});

describe.each(['legacy', 'modern'] as const)('client roots over HTTP (%s era)', (era) => {
  // A session of its own on the HTTP server of the demo, which has no --client-roots.
  const session = sessions('http', era);
  it('without --client-roots, a root the client declares widens nothing, even file:///', async () => {
    const client = await session('rooted', { roots: ['/'] });
    for (const workspacePath of [join(FIXTURES, 'duplicate-id'), '/tmp', '/']) {
      const refused = errorOf(await client.callTool({ name: 'validate_traceability', arguments: { workspacePath } }));
      expect(refused.code).toBe('PATH_NOT_ALLOWED');
      expect(refused.message).toContain('--client-roots');
    }
  });
});

describe('start-up', () => {
  it('takes the workspace from DOCUGRAPH_WORKSPACE; the flag wins when both are set', async () => {
    const fromEnv = await connect({ args: [], env: { DOCUGRAPH_WORKSPACE: DEMO } });
    expect((await fromEnv.client.callTool({ name: 'validate_traceability', arguments: {} })).structuredContent).toMatchObject({ workspacePath: DEMO });
    const both = await connect({ args: ['--workspace', join(FIXTURES, 'cycle')], env: { DOCUGRAPH_WORKSPACE: DEMO } });
    expect((await both.client.callTool({ name: 'validate_traceability', arguments: {} })).structuredContent).toMatchObject({
      workspacePath: join(FIXTURES, 'cycle'),
    });
  });

  it('starts on an invalid workspace and reports its errors', async () => {
    const { client, stderr } = await connect({ args: ['--workspace', join(FIXTURES, 'invalid-frontmatter')] });
    const report = (await client.callTool({ name: 'validate_traceability', arguments: {} })).structuredContent as { errors: unknown[] };
    // Its EXPECTED.md: three files claim DocuGraph's frontmatter and break it; list.md, which
    // claims nothing, is another tool's page (issue 23).
    expect(report.errors).toHaveLength(3);
    expect(stderr()).toMatch(/serving .*invalid-frontmatter — 1 documents, 3 errors/);
  });
});
