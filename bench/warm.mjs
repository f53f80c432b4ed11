/**
 * Restarts (issue 38): a spawned `docugraph-mcp` from spawn to its first answer (`list_tasks`,
 * which waits for the load), cold (no on-disk index) and warm (the index its cold run wrote),
 * beside the floor of a warm start — Node spawned to list the folders and `stat` every file
 * (bench/stat-floor.mjs) — and the handshake alone (spawn → `initialize` answered), in the same
 * run, interleaved. Prints `{ floor, handshake, cold, warm, index }` (medians in ms; the
 * index's size in bytes) as JSON.
 *
 *   node bench/warm.mjs <dir> <runs>
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const SERVER = fileURLToPath(new URL('../dist/bin/docugraph-mcp.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./stat-floor.mjs', import.meta.url));
const [dir, runsArg = '3'] = process.argv.slice(2);
const runs = Number(runsArg);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The environment of a server with its index in `cache` (the benchmark's other rows run without one). */
function envWith(cache) {
  const env = { ...process.env, XDG_CACHE_HOME: cache };
  delete env.DOCUGRAPH_NO_CACHE;
  return env;
}

/** Spawn → initialize, spawn → first answer, of one server with its index in `cache`; resolves once it is closed. */
async function start(cache, waitForIndex) {
  const begin = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, '--workspace', dir], env: envWith(cache), stderr: 'ignore' });
  const client = new Client({ name: 'docugraph-bench-warm', version: '1.0.0' });
  await client.connect(transport, { timeout: 600_000 });
  const handshake = performance.now() - begin;
  await client.callTool({ name: 'list_tasks', arguments: { type: 'task' } }, undefined, { timeout: 600_000 });
  const first = performance.now() - begin;
  if (waitForIndex) {
    // The server writes its index a second after the load, in slices: wait for it to be whole.
    const folder = join(cache, 'docugraph');
    const until = Date.now() + 600_000;
    for (;;) {
      const names = (() => {
        try {
          return readdirSync(folder);
        } catch {
          return [];
        }
      })();
      if (names.some((n) => n.endsWith('.index')) && !names.some((n) => n.endsWith('.tmp'))) break;
      if (Date.now() > until) throw new Error('the index was never written');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await client.close();
  return { handshake, first };
}

const floor = [];
const handshake = [];
const cold = [];
const warm = [];
let index = 0;
for (let round = 0; round < runs; round += 1) {
  const t = performance.now();
  const result = spawnSync(process.execPath, [FLOOR, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`stat floor failed: ${result.stderr}`);
  floor.push(performance.now() - t);
  const cache = mkdtempSync(join(tmpdir(), 'docugraph-bench-cache-'));
  try {
    cold.push((await start(cache, true)).first);
    const folder = join(cache, 'docugraph');
    index = readdirSync(folder).filter((n) => n.endsWith('.index')).reduce((sum, n) => sum + statSync(join(folder, n)).size, 0);
    const again = await start(cache, false);
    warm.push(again.first);
    handshake.push(again.handshake);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
process.stdout.write(`${JSON.stringify({ floor: median(floor), handshake: median(handshake), cold: median(cold), warm: median(warm), index })}\n`);
