/**
 * Fault suite (issue 8 §3): 100 000-character arguments against the built server over 3 000
 * documents. Each is answered within 5 s (an id that long is `INVALID_ARGUMENT`: input
 * lengths are capped in the schemas), and a ping sent right after is not held up behind it.
 * A fresh server per case, so that one hang cannot hide the next case.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MS, errorCode, sharedRawServer, toolErrorBody } from '../helpers/raw-client.js';
import { doc, writeFiles } from '../helpers/testdir.js';

const LONG = 100_000;
const LONG_ID = `T-${'9'.repeat(LONG)}`;
let root: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-fuzz-long-')));
  const files: Record<string, string> = {};
  for (let i = 0; i < 3_000; i += 1) files[`d${i % 30}/t${i}.md`] = doc({ id: `T-${i}`, title: `Task ${i}` });
  writeFiles(root, files);
});

/**
 * One server for the file: each test sends its request and a ping behind it and waits for
 * both, so the next test finds the server idle, as a new one would be (nine servers each
 * loading the 3,000 documents cost ~3 s of CPU).
 */
const shared = sharedRawServer(() => ['--workspace', root]);

afterAll(async () => {
  await shared.kill();
  rmSync(root, { recursive: true, force: true });
});

/** Sends `method` and a ping right behind it; returns the answer and both times. */
async function timed(method: string, params: unknown): Promise<{ answer: Record<string, unknown> | null; ms: number; pingMs: number }> {
  const server = await shared.get();
  // The first request waits for the load of the 3,000 documents; the times are of the request.
  await server.request('ping', undefined, 30_000);
  const started = performance.now();
  const answer = server.request(method, params, ANSWER_MS + 1_000).catch(() => null);
  const ping = server.request('ping', undefined, ANSWER_MS + 1_000).then(
    () => performance.now() - started,
    () => Number.POSITIVE_INFINITY,
  );
  const result = await answer;
  const ms = result === null ? Number.POSITIVE_INFINITY : performance.now() - started;
  return { answer: result, ms, pingMs: await ping };
}

describe('100 000-character arguments (issue 8 §3)', () => {
  it.each([
    ['get_task_context', 'taskId'],
    ['get_acceptance_criteria', 'taskId'],
    ['analyze_impact', 'nodeId'],
    ['get_dependency_graph', 'rootId'],
  ])('%s %s: INVALID_ARGUMENT within 5 s; the next request is not held up', async (tool, argument) => {
    const { answer, ms, pingMs } = await timed('tools/call', { name: tool, arguments: { [argument]: LONG_ID } });
    expect(ms, 'answer time').toBeLessThan(ANSWER_MS);
    expect(pingMs, 'ping time').toBeLessThan(ANSWER_MS);
    expect(toolErrorBody(answer!)?.['code']).toBe('INVALID_ARGUMENT');
  }, 20_000);

  it.each([
    ['prompts/get', { name: 'prompt_implement_task', arguments: { taskId: LONG_ID } }],
    ['resources/read', { uri: `docugraph://docs/${LONG_ID}` }],
    ['completion/complete', { ref: { type: 'ref/prompt', name: 'prompt_implement_task' }, argument: { name: 'taskId', value: 'T'.repeat(LONG) } }],
    ['tools/call list_tasks', { name: 'list_tasks', arguments: { query: 'q'.repeat(LONG) } }],
    ['tools/call validate_traceability', { name: 'validate_traceability', arguments: { workspacePath: 'a/'.repeat(LONG / 2) } }],
  ])('%s: answered within 5 s, without an internal error', async (method, params) => {
    const { answer, ms, pingMs } = await timed(method.split(' ')[0]!, params);
    expect(ms, 'answer time').toBeLessThan(ANSWER_MS);
    expect(pingMs, 'ping time').toBeLessThan(ANSWER_MS);
    expect(errorCode(answer!)).not.toBe(-32603);
    expect(toolErrorBody(answer!)?.['code']).not.toBe('INTERNAL');
  }, 20_000);
});
