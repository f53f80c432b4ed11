#!/usr/bin/env node
/**
 * Sources (issue 57): a warm start of a workspace that reads two other repositories of
 * `<documents>` documents each (`sources:`), beside a warm start of one workspace of twice as
 * many — a spawned `docugraph-mcp`, spawn → first answer (`list_tasks`), each with the on-disk
 * indexes its own cold run wrote, interleaved, medians. Prints
 * `{ documents, single, sources, ratio }` (ms) as JSON.
 *
 *   node bench/sources.mjs [documents=10000] [runs=3]
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { generateWorkspace } from './generate.mjs';

const SERVER = fileURLToPath(new URL('../dist/bin/docugraph-mcp.js', import.meta.url));
const [documentsArg = '10000', runsArg = '3'] = process.argv.slice(2);
const documents = Number(documentsArg);
const runs = Number(runsArg);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function envWith(cache) {
  const env = { ...process.env, XDG_CACHE_HOME: cache };
  delete env.DOCUGRAPH_NO_CACHE;
  return env;
}

/** Spawn → first answer of a server on `dir` with its indexes in `cache`; with `indexes`, waits until that many are written. */
async function start(dir, cache, indexes) {
  const begin = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, '--workspace', dir], env: envWith(cache), stderr: 'ignore' });
  const client = new Client({ name: 'docugraph-bench-sources', version: '1.0.0' });
  await client.connect(transport, { timeout: 600_000 });
  await client.callTool({ name: 'list_tasks', arguments: { type: 'task' } }, undefined, { timeout: 600_000 });
  const first = performance.now() - begin;
  if (indexes > 0) {
    const folder = join(cache, 'docugraph');
    const until = Date.now() + 600_000;
    for (;;) {
      let names = [];
      try {
        names = readdirSync(folder);
      } catch {
        // Not made yet.
      }
      if (names.filter((n) => n.endsWith('.index')).length >= indexes && !names.some((n) => n.endsWith('.tmp'))) break;
      if (Date.now() > until) throw new Error('the indexes were never written');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await client.close();
  return first;
}

const root = mkdtempSync(join(tmpdir(), 'docugraph-bench-sources-'));
try {
  const single = join(root, 'single');
  generateWorkspace(single, 2 * documents, 42);
  generateWorkspace(join(root, 'platform-a'), documents, 7);
  generateWorkspace(join(root, 'platform-b'), documents, 11);
  const service = join(root, 'service');
  mkdirSync(service);
  writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  a: ../platform-a\n  b: ../platform-b\n');
  writeFileSync(join(service, 'plan.md'), '---\nid: PLAN-1\ntitle: Plan\n---\nThe plan.\n');
  const times = { single: [], sources: [] };
  for (let round = 0; round < runs; round += 1) {
    for (const [name, dir, indexes] of [['single', single, 1], ['sources', service, 3]]) {
      const cache = mkdtempSync(join(tmpdir(), 'docugraph-bench-cache-'));
      try {
        await start(dir, cache, indexes);
        times[name].push(await start(dir, cache, 0));
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    }
  }
  const result = { documents, single: Math.round(median(times.single)), sources: Math.round(median(times.sources)) };
  process.stdout.write(`${JSON.stringify({ ...result, ratio: Number((result.sources / result.single).toFixed(2)) })}\n`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
