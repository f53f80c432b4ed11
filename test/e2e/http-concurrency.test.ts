/**
 * Streamable HTTP (issue 13) under load: 50 SDK clients of both eras share one server and
 * call in a loop while files change on disk. Every answer must be one the disk had (one
 * consistent snapshot), none may fail, and the server's memory must not grow with time.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { buildBundle, buildReport, loadWorkspace } from '../../src/core/index.js';
import { LONG_FUZZ } from '../helpers/prng.js';
import { connectUrl, MEASURED_HEAP, spawnHttp, textOf } from '../helpers/server-process.js';
import { doc, testdir } from '../helpers/testdir.js';

const CLIENTS = 50;
/** Changes on disk while the clients call: 60 in npm test, 240 in `npm run fuzz`. */
const STEPS = LONG_FUZZ ? 240 : 60;

const initial: Record<string, string> = {
  't.md': doc({ id: 'T', title: 'T', type: 'task', depends_on: ['A', 'B'] }),
  'a.md': doc({ id: 'A', title: 'A', depends_on: ['C'] }, 'a 0\n'),
  'b.md': doc({ id: 'B', title: 'B' }, 'b 0\n'),
  'c.md': doc({ id: 'C', title: 'C' }, 'c 0\n'),
};

/** Change `step` (1…STEPS), each one atomic on disk: a rename or an unlink. */
function change(root: string, step: number): void {
  const put = (name: string, text: string) => {
    writeFileSync(join(root, `${name}.tmp`), text);
    renameSync(join(root, `${name}.tmp`), join(root, name));
  };
  switch (step % 4) {
    case 0:
      return put('a.md', doc({ id: 'A', title: 'A', depends_on: ['C'] }, `a ${step}\n`));
    case 1:
      return put('b.md', doc({ id: 'B', title: 'B', ...(step % 8 === 1 ? { depends_on: ['C'] } : {}) }, `b ${step}\n`));
    case 2:
      return put('c.md', doc({ id: 'C', title: `C ${step}` }, `c ${step}\n`));
    default:
      if (step % 8 === 3) return put(`e${step}.md`, doc({ id: `E-${step}`, title: 'E', depends_on: ['T'] }));
      return unlinkSync(join(root, `e${step - 4}.md`));
  }
}

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

it(`${CLIENTS} clients of both eras call in a loop while files change: one snapshot per answer, no errors, flat memory`, async () => {
  // Every state the disk goes through, and the answers each one gives.
  const scratch = testdir(initial);
  const root = testdir(initial);
  const bundles = new Set<string>();
  const reports = new Set<string>();
  const record = () => {
    const workspace = loadWorkspace(scratch);
    bundles.add(buildBundle(workspace, { taskId: 'T' }));
    reports.add(JSON.stringify(buildReport(workspace)).replaceAll(scratch, root));
  };
  record();
  for (let step = 1; step <= STEPS; step += 1) {
    change(scratch, step);
    record();
  }
  const finalBundle = buildBundle(loadWorkspace(scratch), { taskId: 'T' });

  // A capped heap makes "flat" measurable: V8 otherwise grows the heap lazily towards its
  // default limit whether or not anything leaks; under the cap a leak ends in an OOM crash.
  const server = await spawnHttp(['--workspace', root], { NODE_OPTIONS: MEASURED_HEAP });
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i += 1) clients.push(await connectUrl(server.url, { era: i % 2 === 0 ? 'legacy' : 'modern' }));

  let running = true;
  let answers = 0;
  const wrong: string[] = [];
  const errors: string[] = [];
  const loop = async (client: Client) => {
    while (running) {
      try {
        const [bundle, report] = await Promise.all([
          client.callTool({ name: 'get_task_context', arguments: { taskId: 'T' } }),
          client.callTool({ name: 'validate_traceability', arguments: {} }),
        ]);
        answers += 2;
        if (!bundles.has(textOf(bundle))) wrong.push(textOf(bundle));
        if (!reports.has(JSON.stringify(report.structuredContent))) wrong.push(JSON.stringify(report.structuredContent));
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
  };
  const loops = clients.map(loop);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
  // Warm up, then measure memory over two equal halves of the changes.
  for (let i = 0; i < 40; i += 1) await pause();
  const rss: number[] = [rssKb(server.child.pid!)];
  for (let step = 1; step <= STEPS; step += 1) {
    change(root, step);
    await pause();
    if (step === STEPS / 2 || step === STEPS) rss.push(rssKb(server.child.pid!));
  }
  running = false;
  await Promise.all(loops);

  expect(errors).toEqual([]);
  expect(wrong.slice(0, 2)).toEqual([]);
  expect(answers).toBeGreaterThan(CLIENTS * 4);
  // Read your writes: after the last change, every client sees the final state.
  for (const client of clients) expect(textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'T' } }))).toBe(finalBundle);
  // Flat: the second half of the run adds less than a tenth of what the server holds.
  const [warm, half, end] = rss as [number, number, number];
  expect(end - half, `RSS kB: warm ${warm}, half ${half}, end ${end}`).toBeLessThan(half / 10);
  await Promise.all(clients.map((client) => client.close()));
  expect(server.child.exitCode).toBe(null);
}, 120_000);
