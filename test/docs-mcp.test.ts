/**
 * Every example in docs/mcp.md is real: each request is sent by the SDK client to the built
 * server on the demo workspace, and the answer, error or notification the page shows must be
 * the one the server sends (compared on the JSON-RPC message as received, key order included;
 * `…` as in the other documentation tests). Sections with a setup script run on a copy of the
 * demo; raw lines go to the server's stdin as written. The page covers every tool (each with
 * every argument named), resource, template, prompt and completion.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesTranscript } from './helpers/doc-examples.js';
import { readMcpExamples, showValue, valueAt, type McpSection, type McpStep } from './helpers/mcp-examples.js';
import { BIN, DEMO, ROOT, TOOL_NAMES } from './helpers/paths.js';
import { connect, spawnRaw } from './helpers/server-process.js';
import { testdir } from './helpers/testdir.js';

const PAGE = 'docs/mcp.md';
const MARKDOWN = readFileSync(join(ROOT, PAGE), 'utf8');
const SECTIONS = readMcpExamples(MARKDOWN);
/** How long a notification or a raw answer may take to arrive. */
const WAIT_MS = 10_000;

type Message = Record<string, unknown>;

/** A result schema that accepts anything, so that any method can be sent and every answer seen. */
const ANY = { '~standard': { version: 1, vendor: 'docs-test', validate: (value: unknown) => ({ value }) } } as const;

/** The SDK client on a server, with every JSON-RPC message it receives, as received. */
interface Session {
  /** Sends a request; resolves with the response message (`result` or `error`). */
  readonly send: (method: string, params: Record<string, unknown> | undefined) => Promise<Message>;
  /** Resolves with the next notification not yet taken. */
  readonly nextNotification: () => Promise<Message>;
  /** Resolves with the first `count` lines of the server's stderr, once it has written them. */
  readonly stderrLines: (count: number) => Promise<string>;
  readonly root: string;
}

async function openSession(root: string, shared: boolean): Promise<{ session: Session; client: Client }> {
  const { client, stderr } = await connect({ args: ['--workspace', root], shared });
  const transport = client.transport!;
  const responses = new Map<unknown, Message>();
  const notifications: Message[] = [];
  let wake: (() => void) | null = null;
  const forward = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    const raw = message as unknown as Message;
    if ('id' in raw && ('result' in raw || 'error' in raw)) responses.set(raw['id'], raw);
    else if (!('id' in raw)) notifications.push(raw);
    wake?.();
    forward.call(transport, message, extra);
  };
  let sentId: unknown;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ('method' in message && 'id' in message) sentId = message.id;
    return send(message, options);
  };
  const session: Session = {
    root,
    stderrLines: (count) => firstLines(stderr, count),
    send: async (method, params) => {
      await client.request({ method, ...(params === undefined ? {} : { params }) }, ANY).catch(() => undefined);
      const response = responses.get(sentId);
      if (response === undefined) throw new Error(`no response to ${method}`);
      return response;
    },
    nextNotification: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notification within ${WAIT_MS} ms`)), WAIT_MS);
        const check = () => {
          const next = notifications.shift();
          if (next === undefined) return void (wake = check);
          wake = null;
          clearTimeout(timer);
          resolve(next);
        };
        check();
      }),
  };
  return { session, client };
}

/** The first `count` lines of a log, once they are complete (or all there is after a while). */
async function firstLines(log: () => string, count: number): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  while (log().split('\n').length <= count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return log().split('\n').slice(0, count).join('\n');
}

/** Fails with the page line and both texts when `actual` does not match `expected`. */
function expectShown(expected: string, actual: string, where: string): void {
  if (!matchesTranscript(expected, actual)) expect(actual.replace(/\n+$/, ''), where).toBe(expected);
}

async function runSession(section: McpSection, session: Session): Promise<void> {
  let last: Message | null = null;
  for (const step of section.steps) {
    const where = `${PAGE}:${'line' in step ? step.line : '?'}`;
    if (step.kind === 'request') {
      last = await session.send(step.method, step.params);
      checkToolResult(step, last, where);
    } else if (step.kind === 'answer') {
      expect(last?.['result'], `${where}: the request before this answer failed: ${JSON.stringify(last?.['error'])}`).toBeDefined();
      const value = valueAt(last!['result'], step.path);
      expect(value, `${where}: the answer has no \`${step.path}\``).toBeDefined();
      expectShown(step.expected, showValue(value), `${where}: the answer at \`${step.path || 'result'}\` is something else`);
    } else if (step.kind === 'error') {
      expect(last?.['error'], `${where}: the request before this error succeeded`).toBeDefined();
      expectShown(step.expected, showValue(last!['error']), `${where}: the error is something else`);
    } else if (step.kind === 'notification') {
      const { method, params } = await session.nextNotification();
      expectShown(step.expected, showValue(params === undefined ? { method } : { method, params }), `${where}: another notification came`);
    } else if (step.kind === 'stderr') {
      const count = step.expected.split('\n').length;
      expectShown(step.expected, await session.stderrLines(count), `${where}: the server logged something else`);
    } else if (step.kind === 'sh') {
      execFileSync('sh', ['-c', step.script], { cwd: session.root, stdio: 'ignore' });
    } else {
      throw new Error(`${where}: a ${step.kind} step belongs in a section of its own`);
    }
  }
}

/** What the page says of every JSON tool answer: its first text is exactly `structuredContent` as JSON. */
function checkToolResult(step: Extract<McpStep, { kind: 'request' }>, response: Message, where: string): void {
  const result = response['result'] as { content?: { text?: string }[]; structuredContent?: unknown } | undefined;
  if (step.method !== 'tools/call' || result?.structuredContent === undefined) return;
  expect(JSON.parse(result.content?.[0]?.text ?? ''), `${where}: text and structuredContent differ`).toEqual(result.structuredContent);
}

/** Writes raw lines to a new server on the demo and compares the lines it writes back. */
async function runRaw(section: McpSection): Promise<void> {
  const server = spawnRaw(['--workspace', DEMO]);
  let seen = 0;
  const lines = () => server.stdout().split('\n').slice(0, -1);
  const waitForLines = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} more lines, got: ${lines().slice(seen).join('\n')}`)), WAIT_MS);
      const check = () => {
        if (lines().length < seen + count) return;
        server.child.stdout.off('data', check);
        clearTimeout(timer);
        resolve();
      };
      server.child.stdout.on('data', check);
      check();
    });
  for (const step of section.steps) {
    if (step.kind === 'sent') server.send(...step.lines);
    else if (step.kind === 'received') {
      await waitForLines(step.lines.length);
      const got = lines().slice(seen, seen + step.lines.length);
      seen += step.lines.length;
      expectShown(step.lines.join('\n'), got.join('\n'), `${PAGE}:${step.line}: the server wrote something else`);
    } else if (step.kind === 'stderr') {
      const count = step.expected.split('\n').length;
      expectShown(step.expected, await firstLines(server.stderr, count), `${PAGE}:${step.line}: the server logged something else`);
    } else if (step.kind === 'command') {
      runCommand(step);
    } else {
      throw new Error(`${PAGE}: a ${step.kind} step in a section of raw lines`);
    }
  }
}

/** Runs `docugraph-mcp args…` in the demo with stdin closed; compares what a terminal shows. */
function runCommand(step: Extract<McpStep, { kind: 'command' }>): void {
  expect(step.argv[0], `${PAGE}:${step.line}: examples run \`docugraph-mcp\``).toBe('docugraph-mcp');
  const run = spawnSync(process.execPath, [BIN, ...step.argv.slice(1)], { cwd: DEMO, input: '', encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
  expectShown(step.expected, `${run.stdout}${run.stderr}`, `${PAGE}:${step.line}: \`${step.argv.join(' ')}\` printed something else`);
}

describe('docs/mcp.md', () => {
  let demo: { session: Session; client: Client };
  beforeAll(async () => {
    demo = await openSession(DEMO, true);
  });
  afterAll(async () => {
    await demo.client.close();
  });

  it('runs on the protocol revision the page names', () => {
    expect(MARKDOWN).toContain(`The client connects with the ${demo.client.getNegotiatedProtocolVersion()} revision of MCP`);
  });

  it('has examples for every tool (and names each argument), resource, template, prompt and completion', async () => {
    const requests = SECTIONS.flatMap((s) => s.steps).filter((s): s is Extract<McpStep, { kind: 'request' }> => s.kind === 'request');
    const called = (method: string, key: string) => new Set(requests.filter((r) => r.method === method).map((r) => String(r.params?.[key])));
    const tools = (await demo.client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(called('tools/call', 'name'), `a tools/call of ${tool.name}`).toContain(tool.name);
      const section = toolSection(tool.name);
      for (const argument of Object.keys(tool.inputSchema.properties ?? {})) {
        expect(section, `the section of ${tool.name} names \`${argument}\``).toContain(`\`${argument}\``);
      }
    }
    for (const format of ['json', 'mermaid', 'dot']) {
      const asked = requests.some((r) => r.params?.['name'] === 'get_dependency_graph' && ((r.params['arguments'] as Record<string, unknown>)['format'] ?? 'json') === format);
      expect(asked, `get_dependency_graph with format ${format}`).toBe(true);
    }
    const prompts = (await demo.client.listPrompts()).prompts.map((p) => p.name);
    for (const prompt of prompts) expect(called('prompts/get', 'name'), `a prompts/get of ${prompt}`).toContain(prompt);
    const templates = (await demo.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate.replace(/\{.*$/, ''));
    const read = [...called('resources/read', 'uri')];
    for (const prefix of [...templates, 'docugraph://validation']) expect(read.some((uri) => uri.startsWith(prefix)), `a read of ${prefix}`).toBe(true);
    const methods = new Set(requests.map((r) => r.method));
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list', 'completion/complete', 'resources/subscribe', 'resources/unsubscribe']) {
      expect(methods, `an example of ${method}`).toContain(method);
    }
  });

  for (const section of SECTIONS) {
    it(section.heading, async () => {
      if (section.mode === 'raw') return runRaw(section);
      for (const step of section.steps) if (step.kind === 'command') runCommand(step);
      const steps = section.steps.filter((s) => s.kind !== 'command');
      if (steps.length === 0) return;
      if (section.mode === 'demo') return runSession({ ...section, steps }, demo.session);
      const copy = testdir({});
      cpSync(DEMO, copy, { recursive: true });
      // The setup before the first request is the copy's state when its server starts (a
      // `docugraph.yml` setting is read at start); the steps after it, edits to a running server.
      const first = steps.findIndex((step) => step.kind !== 'sh');
      for (const step of steps.slice(0, first)) if (step.kind === 'sh') execFileSync('sh', ['-c', step.script], { cwd: copy, stdio: 'ignore' });
      const { session, client } = await openSession(copy, false);
      // The first call waits for the load. An edit made while the first load still reads the
      // folder is in the first snapshot, so it is no change to announce: on a busy machine the
      // page's edits could come that early, and their notification never.
      await client.callTool({ name: 'validate_traceability', arguments: { summary: true } });
      return runSession({ ...section, steps: steps.slice(first) }, session);
    });
  }
});

/** The page's text under the heading that names `tool` (`` ### `tool` ``), up to the next heading of that level or above. */
function toolSection(tool: string): string {
  const heading = new RegExp(`^(#+) \`${tool}\`.*$`, 'm').exec(MARKDOWN);
  if (heading === null) return '';
  const rest = MARKDOWN.slice(heading.index + heading[0].length);
  const end = rest.search(new RegExp(`^#{1,${heading[1]!.length}} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}
