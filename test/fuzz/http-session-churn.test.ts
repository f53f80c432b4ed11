/**
 * Fault suite (issue 21): session churn. Seeded steps of SDK clients of both eras that
 * connect, call, and leave in every way a client leaves — `close()` without DELETE (what the
 * SDK client does), DELETE first, in the middle of a call, or never (a raw session left
 * open) — several at a time against a session table of 8. No client that is working may
 * ever be refused (503) or fail; afterwards a new client is served at once. `FUZZ_RUNS`
 * sets the number of steps (40 in `npm test`).
 */
import { expect, it } from 'vitest';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { rawSession, spawnLimited } from '../helpers/http-clients.js';
import { fuzzRuns, fuzzTimeout, FUZZ_SEED, Rng } from '../helpers/prng.js';
import { DEMO, sdkClient } from '../helpers/server-process.js';

const MAX_SESSIONS = 8;
const CALLS = [
  { name: 'validate_traceability', arguments: { summary: true } },
  { name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 1 } },
  { name: 'list_tasks', arguments: { limit: 3 } },
] as const;

type Leave = 'close' | 'delete' | 'mid-call' | 'raw-left-open';

/** One client's life: connect, a few calls, and a way to leave. */
async function life(url: URL, rng: Rng): Promise<void> {
  const leave = rng.pick<Leave>(['close', 'close', 'delete', 'mid-call', 'raw-left-open']);
  if (leave === 'raw-left-open') return void (await rawSession(url));
  const era = rng.chance(0.7) ? 'legacy' : 'modern';
  const client: Client = sdkClient({ era });
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  for (let i = rng.int(0, 3); i > 0; i -= 1) await client.callTool(rng.pick(CALLS));
  if (leave === 'mid-call') {
    const pending = client.callTool(CALLS[0]).catch(() => undefined);
    await client.close();
    await pending;
    return;
  }
  if (leave === 'delete' && era === 'legacy') await transport.terminateSession();
  await client.close();
}

it('clients of both eras come and go in every way, several at a time: none is ever refused or fails', async () => {
  const server = await spawnLimited(DEMO, { limits: { maxSessions: MAX_SESSIONS } });
  const base = new Rng(FUZZ_SEED);
  const failures: string[] = [];
  const steps = fuzzRuns(40);
  for (let step = 0; step < steps; ) {
    const rng = base.fork(step);
    // A few lives at once, never more than half the table: the others' sessions are the
    // ones left behind, and those are what a full table ends first.
    const together = rng.int(1, MAX_SESSIONS / 2);
    const lives = Array.from({ length: Math.min(together, steps - step) }, (_, i) =>
      life(server.url, rng.fork(i)).catch((error: Error) => void failures.push(`seed ${FUZZ_SEED} step ${step + i}: ${error.message}`)),
    );
    step += lives.length;
    await Promise.all(lives);
  }
  expect(failures).toEqual([]);
  const last = sdkClient();
  await last.connect(new StreamableHTTPClientTransport(server.url));
  expect((await last.listTools()).tools).toHaveLength(7);
  await last.close();
  expect(server.child.exitCode).toBe(null);
}, fuzzTimeout(60_000));
