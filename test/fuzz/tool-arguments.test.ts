/**
 * Fuzz (MCP-G0 §4, issue 8 §3): random arguments for every tool the built server lists,
 * against a workspace of 3 000 documents. Each call is answered within 5 s, with a result
 * or an `isError` result whose JSON text has a known code — `INVALID_ARGUMENT` exactly when
 * the arguments break the advertised input schema — and never `INTERNAL`. Unicode, control
 * characters, negative, fractional and huge numbers included. (100 000-character arguments:
 * long-arguments.test.ts.)
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../helpers/paths.js';
import { FUZZ_SEED, fuzzRuns, nastyString, randomJson, Rng, fuzzTimeout } from '../helpers/prng.js';
import { ANSWER_MS, errorCode, RawClient, toolErrorBody, type Message } from '../helpers/raw-client.js';
import { doc, writeFiles } from '../helpers/testdir.js';

interface PropertySchema {
  /** One type, or several (`["string", "number"]`: an id), each keyword applying to values of its own type. */
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
}
interface ToolSchema {
  readonly name: string;
  readonly inputSchema: { readonly properties?: Record<string, PropertySchema>; readonly required?: readonly string[]; readonly additionalProperties?: boolean };
}

/** Codes a tool may fail with for a client's request (MCP-G0 §4), `INTERNAL` excepted. */
const DOMAIN_CODES = ['TASK_NOT_FOUND', 'GRAPH_CYCLE', 'INVALID_ARGUMENT', 'PATH_NOT_ALLOWED', 'WORKSPACE_NOT_FOUND'];
const COUNT = 3_000;

/** Whether `args` break the advertised schema (the keywords the server uses). */
function breaksSchema(tool: ToolSchema, args: Record<string, unknown>): string | null {
  const properties = tool.inputSchema.properties ?? {};
  for (const name of tool.inputSchema.required ?? []) if (!(name in args) || args[name] === undefined) return `${name} missing`;
  // The schemas are closed (issue 28: an argument a tool does not take is refused).
  if (tool.inputSchema.additionalProperties === false) {
    const extra = Object.keys(args).find((name) => !Object.hasOwn(properties, name));
    if (extra !== undefined) return `${JSON.stringify(extra)} is not one of its arguments`;
  }
  for (const [name, schema] of Object.entries(properties)) {
    if (!Object.hasOwn(args, name)) continue;
    const value = args[name];
    const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
    const isType = (type: string) =>
      type === 'string' ? typeof value === 'string' : type === 'boolean' ? typeof value === 'boolean' : type === 'number' ? typeof value === 'number' : type === 'integer' ? Number.isInteger(value) : true;
    if (types.length > 0 && !types.some(isType)) return `${name} not ${types.join(' or ')}`;
    if (typeof value === 'string') {
      const length = value.length; // UTF-16 units, as the server's zod schemas count
      if (schema.minLength !== undefined && length < schema.minLength) return `${name} too short`;
      if (schema.maxLength !== undefined && length > schema.maxLength) return `${name} too long`;
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return `${name} breaks its pattern`;
    }
    if (typeof value === 'number') {
      if (schema.minimum !== undefined && value < schema.minimum) return `${name} below its minimum`;
      if (schema.maximum !== undefined && value > schema.maximum) return `${name} above its maximum`;
    }
    if (schema.enum !== undefined && !schema.enum.includes(value)) return `${name} not one of its values`;
  }
  return null;
}

/** Problems with one answer to `tools/call`. */
function judge(tool: ToolSchema, args: Record<string, unknown>, answer: Message): string[] {
  const rpc = errorCode(answer);
  if (rpc !== null) return [`JSON-RPC error ${rpc} instead of a tool result: ${JSON.stringify(answer).slice(0, 300)}`];
  const body = toolErrorBody(answer);
  const broken = breaksSchema(tool, args);
  if (body === null) return broken === null ? [] : [`succeeded although ${broken}`];
  const code = String(body['code']);
  if (!DOMAIN_CODES.includes(code)) return [`failed with ${code}: ${String(body['message'] ?? body['text'] ?? '').slice(0, 300)}`];
  if (broken !== null && code !== 'INVALID_ARGUMENT') return [`${broken}, but the code is ${code}`];
  // A cursor's validity is not a schema matter: one the server never issued is INVALID_ARGUMENT (CATALOG § Bounded answers).
  const madeUpCursor = typeof args['cursor'] === 'string' && String(body['message']).startsWith('cursor ');
  // Nor is analyze_impact's choice of exactly one of nodeId and since, or a revision git does not have (TRACE §4).
  const revision = tool.name === 'analyze_impact' && (typeof args['since'] === 'string' || args['nodeId'] === undefined);
  if (broken === null && code === 'INVALID_ARGUMENT' && !madeUpCursor && !revision) return [`INVALID_ARGUMENT for arguments that fit the advertised schema: ${String(body['message']).slice(0, 200)}`];
  return [];
}

let server: RawClient;
let tools: ToolSchema[];
let root: string;

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < COUNT; i += 1) {
    files[`d${i % 100}/t${i}.md`] = doc({ id: `T-${i}`, title: `Task ${i}`, type: 'task', status: i % 2 === 0 ? 'todo' : 'done', ...(i > 0 ? { depends_on: [`T-${Math.floor(i / 2)}`] } : {}) }, '## Acceptance criteria\n\n- [ ] works\n');
  }
  // One workspace for the whole file (testdir() removes its folders after each test).
  root = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-fuzz-args-')));
  writeFiles(root, files);
  server = new RawClient(['--workspace', root], { shared: true });
  await server.initialize();
  const listed = await server.request('tools/list');
  tools = (listed['result'] as { tools: ToolSchema[] }).tools;
}, 120_000);

afterAll(async () => {
  await server.kill();
  rmSync(root, { recursive: true, force: true });
});

async function call(name: string, args: unknown, timeoutMs = ANSWER_MS): Promise<Message> {
  return server.request('tools/call', { name, arguments: args }, timeoutMs);
}

describe('tools/list', () => {
  it('lists every tool', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
  });
});

describe('random arguments for every tool (seeded)', () => {
  it('each call is answered within 5 s with data or the right domain error', async () => {
    const base = new Rng(FUZZ_SEED);
    const failures: string[] = [];
    for (const tool of tools) {
      const names = Object.keys(tool.inputSchema.properties ?? {});
      for (let i = 0; i < fuzzRuns(20); i += 1) {
        const rng = base.fork(i * 97 + tool.name.length);
        const args: Record<string, unknown> = {};
        for (const name of names) {
          if (rng.chance(0.3)) continue;
          args[name] = rng.chance(0.5) ? randomJson(rng, 1) : rng.pick([`T-${rng.int(0, COUNT + 10)}`, 'T-1', 0, 1, 3, 'both', 'mermaid', 'dot', 'todo', 'task', nastyString(rng, 4)]);
        }
        if (rng.chance(0.2)) args[nastyString(rng, 2) || 'extra'] = randomJson(rng, 1);
        const label = `seed ${FUZZ_SEED} ${tool.name} case ${i} ${JSON.stringify(args).slice(0, 200)}`;
        try {
          for (const problem of judge(tool, args, await call(tool.name, args))) failures.push(`${label}: ${problem}`);
        } catch (error) {
          failures.push(`${label}: ${String(error).slice(0, 200)}`);
          if (!server.alive()) break;
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(server.badLines).toEqual([]);
    expect(server.alive()).toBe(true);
  }, fuzzTimeout(120_000));
});

/** Argument values at the edges, for the arguments each tool has. */
const EDGE_VALUES: Record<string, readonly unknown[]> = {
  string: ['é', '😀', '\u0000', '\u202e', 'T-1\n', ' T-1', 'T-1 ', '../../etc', '%2e%2e', '\ud800'],
  integer: [-1, 0.5, -0.5, 1e308, 2 ** 53, 2 ** 31, -0, 1e-300],
};

describe('arguments at the edges', () => {
  it('unicode, control characters, negative, fractional and huge numbers', async () => {
    const failures: string[] = [];
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        for (const value of [schema.type ?? ''].flat().flatMap((type) => EDGE_VALUES[type === 'number' ? 'integer' : type] ?? [])) {
          const args: Record<string, unknown> = { ...(tool.inputSchema.required ?? []).reduce((a, r) => ({ ...a, [r]: 'T-1' }), {}), [name]: value };
          try {
            for (const problem of judge(tool, args, await call(tool.name, args))) failures.push(`${tool.name} ${JSON.stringify(args)}: ${problem}`);
          } catch (error) {
            failures.push(`${tool.name} ${JSON.stringify(args)}: ${String(error).slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 60_000);
});
