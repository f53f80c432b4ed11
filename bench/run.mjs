#!/usr/bin/env node
/**
 * `npm run bench`: DocuGraph's speed and memory, side by side with baselines measured in the
 * same run on the same generated workspaces:
 *
 *   1. the floor: Node reading every `.md` file of the workspace and nothing else;
 *   2. DocuGraph load + validate: the `docugraph validate` CLI (end to end, Node start-up
 *      included), in-process, and a spawned `docugraph-mcp` answering validate_traceability
 *      (handshake included);
 *   3. remark-cli with remark-validate-links (1k and 10k only);
 *   4. warm queries on a loaded workspace: get_task_context at depth 3 and 5, analyze_impact,
 *      validate_traceability (p50/p95 over many ids), in-process and over STDIO;
 *   5. peak memory (RSS) of a load + validate;
 *   6. the live server (bench/live.mjs): spawn → initialize, one-file edit → the first answer
 *      that reflects it, idle CPU over 30 s, RSS with the watchers;
 *   7. Streamable HTTP at 10k (bench/http.mjs): get_task_context depth 3 from 1 and from 20
 *      concurrent SDK clients, on each protocol era: p50 / p95 and requests per second;
 *   8. at 10k and 40k (bench/diff.mjs): `docugraph diff HEAD~1` after an edit of 1 % of the
 *      documents, beside a cold `docugraph validate` of the same repository (40k only for the
 *      diff: a change that grows with n is where a walk per changed document showed, issue 37);
 *   9. at 10k (bench/trace.mjs): the scan of a 10k-file source tree for trace tags, beside the
 *      read floor of the same files;
 *  11. restarts (bench/warm.mjs, issue 38): spawn → first answer cold and warm (the on-disk
 *      index), beside the floor of `stat`-ing every file and the handshake;
 *  10. a spec-kit repository (bench/kits.mjs) of as many items as the largest size (100k by
 *      default; Kiro, Spec Kit and OpenSpec folders): `docugraph validate` beside the floor;
 *  12. with 10k (bench/sources.mjs, issue 57): a warm start of a workspace that reads two other
 *      repositories of 10k documents each (`sources:`), beside a warm start of one of 20k;
 *  13. `docugraph view` (bench/view.mjs, issue 58) of generated spec-kit repositories of 800 and
 *      5,000 items in headless Chromium: navigation → first frame, beside another checkout's
 *      build given with --view-baseline <dir> (skipped without Chromium).
 *
 * It prints a table and writes it, with the machine description, to bench/RESULTS.md.
 *
 *   npm run bench                      # 1k, 10k and 100k documents
 *   npm run bench -- --sizes 1000,10000
 *   npm run bench -- --view-baseline ../docugraph-before    # a checkout with its dist built
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { generateWorkspace } from './generate.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'bin', 'docugraph.js');
const SERVER = join(ROOT, 'dist', 'bin', 'docugraph-mcp.js');
const FLOOR = join(ROOT, 'bench', 'floor.mjs');
const PROBE = join(ROOT, 'bench', 'probe.mjs');
const LIVE = join(ROOT, 'bench', 'live.mjs');
const HTTP = join(ROOT, 'bench', 'http.mjs');
const DIFF = join(ROOT, 'bench', 'diff.mjs');
const WARM = join(ROOT, 'bench', 'warm.mjs');
const TRACE = join(ROOT, 'bench', 'trace.mjs');
const KITS = join(ROOT, 'bench', 'kits.mjs');
const SOURCES = join(ROOT, 'bench', 'sources.mjs');
const VIEW = join(ROOT, 'bench', 'view.mjs');
const HTTP_SECONDS = 10;
const IDLE_SECONDS = 30;
const REMARK = join(ROOT, 'node_modules', 'remark-cli', 'cli.js');
const REMARK_PLUGIN = join(ROOT, 'node_modules', 'remark-validate-links', 'index.js');
const SEED = 20261129;
const GENERATOR_VERSION = 2;

// Every row but the restarts is a cold start: no on-disk index (bench/warm.mjs turns it on for its own servers).
process.env.DOCUGRAPH_NO_CACHE = '1';

const args = process.argv.slice(2);
const sizesArg = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '1000,10000,100000';
const SIZES = sizesArg.split(',').map(Number);
const VIEW_BASELINE = args.includes('--view-baseline') ? args[args.indexOf('--view-baseline') + 1] : null;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const log = (line) => process.stderr.write(`${line}\n`);

/** Wall time of one spawned command, in ms. */
function once(argv, { cwd = ROOT, okCodes = [0, 1] } = {}) {
  const start = performance.now();
  const result = spawnSync(process.execPath, argv, { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  const elapsed = performance.now() - start;
  if (!okCodes.includes(result.status)) throw new Error(`${argv.join(' ')} exited with ${result.status}: ${String(result.stderr).slice(0, 500)}`);
  return elapsed;
}

/**
 * Medians of several commands run in turn, `runs` rounds: interleaving puts every command
 * under the same conditions on a machine whose speed drifts.
 */
function interleaved(commands, runs) {
  const times = commands.map(() => []);
  for (let round = 0; round < runs; round += 1) commands.forEach((argv, i) => times[i].push(once(argv)));
  return times.map(median);
}

/** The workspace for `count` documents, generated once and reused while the generator is unchanged. */
function workspace(count) {
  const dir = join(ROOT, 'bench', 'workspaces', `w${count}`);
  const meta = join(dir, '.bench.json');
  const wanted = JSON.stringify({ count, seed: SEED, generator: GENERATOR_VERSION });
  if (!existsSync(meta) || readFileSync(meta, 'utf8') !== wanted) {
    log(`generating ${count} documents…`);
    const summary = generateWorkspace(dir, count, SEED);
    writeFileSync(meta, wanted);
    writeFileSync(join(dir, '.bench-size.json'), JSON.stringify(summary));
  }
  return { dir, bytes: JSON.parse(readFileSync(join(dir, '.bench-size.json'), 'utf8')).bytes };
}

/**
 * A spawned docugraph-mcp, with the SDK client's default message limit: time to the first
 * validate_traceability answer, handshake included; the size of every default answer (≈
 * tokens: bytes of the result as JSON / 4); then warm calls.
 */
async function overStdio(dir, ids, probed) {
  const start = performance.now();
  // Cold, as the CLI column: the SDK passes the server only a few variables of its own (PATH, HOME, …), so DOCUGRAPH_NO_CACHE is given here, or the server would start from the on-disk index an earlier run left.
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, '--workspace', dir], env: { ...process.env, DOCUGRAPH_NO_CACHE: '1' }, stderr: 'ignore' });
  const client = new Client({ name: 'docugraph-bench', version: '1.0.0' });
  await client.connect(transport, { timeout: 600_000 });
  const report = await client.callTool({ name: 'validate_traceability', arguments: {} }, { timeout: 600_000 });
  const firstAnswer = performance.now() - start;
  const tokens = (result) => Math.ceil(Buffer.byteLength(JSON.stringify(result)) / 4);
  const answers = {
    'validate_traceability {}': tokens(report),
    // The tool list an agent loads at start (issue 56: at most 2,500 tokens; test/mcp/tools-footprint.test.ts holds it there).
    'tools/list': tokens(await client.listTools()),
    'list_tasks {}': tokens(await client.callTool({ name: 'list_tasks', arguments: {} })),
    'list_tasks {state: ready}': tokens(await client.callTool({ name: 'list_tasks', arguments: { state: 'ready' } })),
    [`analyze_impact ${probed.mostDepended}`]: tokens(await client.callTool({ name: 'analyze_impact', arguments: { nodeId: probed.mostDepended } })),
    // One page (listResources() without a cursor walks every page).
    'resources/list': tokens(await client.request({ method: 'resources/list', params: {} })),
    [`get_task_context ${probed.widest.id} (${probed.widest.size} documents upstream)`]: tokens(await client.callTool({ name: 'get_task_context', arguments: { taskId: probed.widest.id } })),
    // The whole workspace and the largest resources (issue 22): each a first page when over the budget.
    'get_dependency_graph {}': tokens(await client.callTool({ name: 'get_dependency_graph', arguments: {} })),
    'get_dependency_graph {format: mermaid}': tokens(await client.callTool({ name: 'get_dependency_graph', arguments: { format: 'mermaid' } })),
    'get_dependency_graph {format: dot}': tokens(await client.callTool({ name: 'get_dependency_graph', arguments: { format: 'dot' } })),
    'resources/read docugraph://validation': tokens(await client.readResource({ uri: 'docugraph://validation' })),
    [`resources/read docugraph://impact/${probed.mostDepended}`]: tokens(await client.readResource({ uri: `docugraph://impact/${probed.mostDepended}` })),
    [`resources/read docugraph://graph/${probed.mostDepended}`]: tokens(await client.readResource({ uri: `docugraph://graph/${probed.mostDepended}` })),
    'prompts/get prompt_audit_traceability': tokens(await client.getPrompt({ name: 'prompt_audit_traceability' })),
  };
  // "What next" (issue 24): the first page of the ready list, most unblocking first, round trip.
  const ready = [];
  for (let i = 0; i < 30; i += 1) {
    const t = performance.now();
    await client.callTool({ name: 'list_tasks', arguments: { state: 'ready' } });
    ready.push(performance.now() - t);
  }
  const context = [];
  for (const taskId of ids) {
    const t = performance.now();
    await client.callTool({ name: 'get_task_context', arguments: { taskId, maxDepth: 3 } });
    context.push(performance.now() - t);
  }
  await client.close();
  return { firstAnswer, context, ready, answers };
}

/** The live server's numbers from bench/live.mjs (its edits are undone when it ends). */
function live(dir) {
  const result = spawnSync(process.execPath, [LIVE, dir, String(IDLE_SECONDS)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`live probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** In-process numbers from bench/probe.mjs, run in a fresh process so that its peak RSS is its own. */
function probe(dir) {
  const result = spawnSync(process.execPath, [PROBE, dir], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Streamable HTTP numbers from bench/http.mjs. */
function overHttp(dir) {
  const result = spawnSync(process.execPath, [HTTP, dir, String(HTTP_SECONDS)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`http probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The scan of a source tree of `files` files for trace tags beside its read floor, from bench/trace.mjs. */
function traceScan(files, runs) {
  const result = spawnSync(process.execPath, [TRACE, String(files), String(runs)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`trace probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Spawn → first answer cold and warm (the on-disk index), beside the stat floor and the handshake, from bench/warm.mjs. */
function restarts(dir, runs) {
  const result = spawnSync(process.execPath, [WARM, dir, String(runs)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`restart probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** `docugraph diff HEAD~1` beside a cold validate, from bench/diff.mjs. */
function diffAgainstParent(dir, runs) {
  const result = spawnSync(process.execPath, [DIFF, dir, String(runs)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`diff probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const rows = [];
for (const count of SIZES) {
  const { dir, bytes } = workspace(count);
  const runs = count <= 1000 ? 9 : count <= 10000 ? 7 : 3;
  log(`${count} documents (${(bytes / 1e6).toFixed(1)} MB), ${runs} run(s) each`);
  // Warm the page cache once, so no measurement pays for the first read from disk.
  once([FLOOR, dir]);
  const [floor, cli] = interleaved([[FLOOR, dir], [CLI, 'validate', dir, '--format', 'json']], runs);
  const inProcess = probe(dir);
  const stdio = await overStdio(dir, inProcess.sampleIds, inProcess);
  let remark = null;
  if (count <= 10000) {
    log('  remark-cli + remark-validate-links…');
    remark = once([REMARK, '.', '--use', `${REMARK_PLUGIN}=repository:false`, '--quiet', '--no-stdout'], { cwd: dir });
  }
  log('  live server…');
  const liveRun = live(dir);
  log('  restarts, cold and warm…');
  const warm = restarts(dir, count <= 10000 ? 3 : 1);
  let http = null;
  let diff = null;
  let trace = null;
  if (count === 10000) {
    log('  trace sources…');
    trace = traceScan(count, 7);
    log('  Streamable HTTP…');
    http = overHttp(dir);
    log('  diff HEAD~1…');
    diff = diffAgainstParent(dir, 5);
  }
  rows.push({ count, bytes, floor, cli, remark, inProcess, stdio, live: liveRun, http, diff, trace, warm });
  log(`  floor ${floor.toFixed(0)} ms, docugraph validate ${cli.toFixed(0)} ms (${(cli / floor).toFixed(1)}×), remark ${remark === null ? '-' : `${remark.toFixed(0)} ms`}`);
}

/** A generated spec-kit repository of `items` items: validate beside the floor, from bench/kits.mjs. */
function kitRepository(items, runs) {
  const result = spawnSync(process.execPath, [KITS, String(items), String(runs)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`kits probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}
// The diff again at 16k and 4 × 16k (issue 56: within 1.5× a cold validate): its ratio must hold as the change grows with n.
const diffOnly = [];
if (SIZES.includes(10000)) {
  for (const count of [16000, 64000]) {
    const { dir } = workspace(count);
    log(`${count} documents: diff HEAD~1…`);
    once([FLOOR, dir]);
    diffOnly.push({ count, diff: diffAgainstParent(dir, 3) });
  }
}
const kitItems = Math.max(...SIZES);
log(`spec kits: ${kitItems} items…`);
const kits = kitRepository(kitItems, 5);
// Two sources of 10k beside one workspace of 20k, warm (issue 57: within 1.5×).
let sources = null;
if (SIZES.includes(10000)) {
  log('sources: two of 10k beside one of 20k, warm…');
  const result = spawnSync(process.execPath, [SOURCES, '10000', '5'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`sources probe failed: ${result.stderr}`);
  sources = JSON.parse(result.stdout);
}
// The view's first frame at 800 and 5,000 items (issue 58: within 1 s and 3 s).
let views = null;
if (existsSync(process.env.CHROMIUM ?? '/usr/bin/chromium')) {
  log('view: first frame at 800 and 5,000 items…');
  const result = spawnSync(process.execPath, [VIEW, '--sizes', '800,5000', '--runs', '3', ...(VIEW_BASELINE === null ? [] : ['--baseline', VIEW_BASELINE])], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`view probe failed: ${result.stderr}`);
  views = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

// ---- Report -------------------------------------------------------------------------------
const ms = (v) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const ratio = (a, b) => `${(a / b).toFixed(1)}×`;
const lines = [];
lines.push('| documents | size | floor (read all .md) | docugraph validate (CLI, end to end) | vs floor | remark-validate-links | vs floor | docugraph vs remark | docugraph-mcp to first validate answer | load + validate in-process | peak RSS |');
lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  lines.push(
    `| ${r.count.toLocaleString('en-US')} | ${(r.bytes / 1e6).toFixed(1)} MB | ${ms(r.floor)} ms | ${ms(r.cli)} ms | ${ratio(r.cli, r.floor)} | ${r.remark === null ? '—' : `${ms(r.remark)} ms`} | ${r.remark === null ? '—' : ratio(r.remark, r.floor)} | ${r.remark === null ? '—' : `${(r.remark / r.cli).toFixed(0)}× faster`} | ${ms(r.stdio.firstAnswer)} ms | ${ms(r.inProcess.loadMs)} ms | ${(r.inProcess.maxRssKb / 1024).toFixed(0)} MiB |`,
  );
}
lines.push('');
lines.push('Warm queries on the loaded workspace, p50 / p95 in ms (in-process; `get_task_context` also over STDIO from the SDK client, round trip):');
lines.push('');
lines.push('| documents | get_task_context depth 3 | depth 5 | analyze_impact | validate_traceability | get_task_context depth 3 over STDIO | list_tasks {state: "ready"} | list_tasks {state: "ready"} over STDIO |');
lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const q = r.inProcess.queries;
  const pair = (values) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;
  lines.push(`| ${r.count.toLocaleString('en-US')} | ${pair(q.context3)} | ${pair(q.context5)} | ${pair(q.impact)} | ${pair(q.validate)} | ${pair(r.stdio.context)} | ${pair(q.ready)} | ${pair(r.stdio.ready)} |`);
}
lines.push('');
lines.push(
  `\`list_tasks {state: "ready"}\` (issue 24) sorts the ready documents by \`unblocks\`; the first call on a snapshot counts every node's \`unblocks\` (one sweep over the graph), later calls reuse the counts: ${rows.map((r) => `${r.count.toLocaleString('en-US')} documents, ${r.inProcess.readyCount.toLocaleString('en-US')} ready, first call ${ms(r.inProcess.readyFirstMs)} ms`).join('; ')}. Over STDIO the answer is its first page (≈20,000 tokens).`,
);
lines.push('');
lines.push(
  `\`search\` (CONTEXT §4, goal: its index within 15 % of a load): the index of every item and section, made by the first search or cut bundle of a snapshot, then a first page of ten hits — ${rows.map((r) => `${r.count.toLocaleString('en-US')} documents: index ${ms(r.inProcess.searchIndexMs)} ms (${((100 * r.inProcess.searchIndexMs) / r.inProcess.loadMs).toFixed(0)} % of the load's ${ms(r.inProcess.loadMs)} ms), ten hits ${ms(r.inProcess.searchMs)} ms`).join('; ')}: ${rows.every((r) => r.inProcess.searchIndexMs <= 0.15 * r.inProcess.loadMs) ? 'met' : '**not met**'}.`,
);

lines.push('');
lines.push('Default answers over STDIO (no argument beyond the one needed; the SDK client at its default message limit), ≈ tokens (bytes of the result as JSON / 4):');
lines.push('');
lines.push('| documents | answer | ≈ tokens |');
lines.push('|---:|---|---:|');
for (const r of rows) for (const [name, size] of Object.entries(r.stdio.answers)) lines.push(`| ${r.count.toLocaleString('en-US')} | \`${name}\` | ${size.toLocaleString('en-US')} |`);
lines.push('');
lines.push(`The live server (\`bench/live.mjs\`): a spawned \`docugraph-mcp\`; an edit is one task's title rewritten on disk and \`list_tasks\` asked at once (the answer must show it), ${60} edits; the aftermath is the server's user + system time in the minute after the last request (V8's memory reducer collects the heap once in it), idle CPU the same over the ${IDLE_SECONDS} s after that, with nothing changing:`);
lines.push('');
lines.push('| documents | spawn → initialize answered | spawn → first answer (load) | edit → answer p50 / p95 | aftermath (first minute) | idle CPU over 30 s | RSS with watchers |');
lines.push('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const l = r.live;
  lines.push(`| ${r.count.toLocaleString('en-US')} | ${ms(l.initializeMs)} ms | ${ms(l.firstAnswerMs)} ms | ${ms(percentile(l.latencies, 50))} / ${ms(percentile(l.latencies, 95))} ms | ${(l.aftermathTicks ?? 0) * 10} ms | ${l.idleTicks * 10} ms | ${(l.rssKb / 1024).toFixed(0)} MiB |`);
}

const overHttpRows = rows.filter((r) => r.http !== null);
if (overHttpRows.length > 0) {
  lines.push('');
  lines.push(`Streamable HTTP (\`bench/http.mjs\`): a spawned \`docugraph-mcp --http\` on loopback, \`get_task_context\` at depth 3 from the SDK client (round trip), each client calling in a loop for ${HTTP_SECONDS} s; 2025 clients hold a session, 2026-07-28 clients are stateless:`);
  lines.push('');
  lines.push('| documents | era | clients | p50 / p95 | requests per second |');
  lines.push('|---:|---|---:|---:|---:|');
  for (const r of overHttpRows) {
    for (const run of r.http.runs) lines.push(`| ${r.count.toLocaleString('en-US')} | ${run.era === 'modern' ? '2026-07-28' : '2025'} | ${run.clients} | ${ms(run.p50)} / ${ms(run.p95)} ms | ${run.rps.toFixed(0)} |`);
  }
}

const diffRows = [...rows.filter((r) => r.diff !== null), ...diffOnly];
if (diffRows.length > 0) {
  lines.push('');
  lines.push('`docugraph diff HEAD~1` (`bench/diff.mjs`): the workspace in a new git repository, 1 % of its documents edited in a second commit; both commands end to end, interleaved, medians:');
  lines.push('');
  lines.push('| documents | cold validate | diff HEAD~1 | vs validate | changed | to re-read |');
  lines.push('|---:|---:|---:|---:|---:|---:|');
  for (const r of diffRows) lines.push(`| ${r.count.toLocaleString('en-US')} | ${ms(r.diff.validate)} ms | ${ms(r.diff.diff)} ms | ${ratio(r.diff.diff, r.diff.validate)} | ${r.diff.changed} | ${r.diff.impact} |`);
  lines.push('');
  lines.push(`Goal (issue 56): diff within 1.5× a cold validate at 16k and 64k — ${diffOnly.map((r) => `${r.count.toLocaleString('en-US')}: ${ratio(r.diff.diff, r.diff.validate)}`).join(', ')}: ${diffOnly.every((r) => r.diff.diff <= 1.5 * r.diff.validate) ? 'met' : '**not met**'}.`);
}

if (rows.length > 0) {
  lines.push('');
  lines.push('Restarts (`bench/warm.mjs`, issue 38): a spawned `docugraph-mcp`, spawn → first answer (`list_tasks`), without an on-disk index (cold) and with the one its cold run wrote (warm), beside the floor of a warm start (Node spawned to list every folder and `stat` every `.md` file) and the handshake alone (spawn → `initialize` answered), interleaved, medians:');
  lines.push('');
  lines.push('| documents | stat floor | handshake | cold | warm | warm vs cold | warm vs 2 × floor + handshake | index size |');
  lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) lines.push(`| ${r.count.toLocaleString('en-US')} | ${ms(r.warm.floor)} ms | ${ms(r.warm.handshake)} ms | ${ms(r.warm.cold)} ms | ${ms(r.warm.warm)} ms | ${ratio(r.warm.warm, r.warm.cold)} | ${ratio(r.warm.warm, 2 * r.warm.floor + r.warm.handshake)} | ${(r.warm.index / 1e6).toFixed(1)} MB |`);
}

const traceRows = rows.filter((r) => r.trace != null);
if (traceRows.length > 0) {
  lines.push('');
  lines.push('Trace sources (`bench/trace.mjs`): a generated source tree (100 files per folder, ~2 KB each, one in ten with a `docugraph:` tag) under a one-document workspace; the scan is `loadWorkspace` with `trace.sources` less the same load without it, the floor Node reading every file; in one process, interleaved, medians:');
  lines.push('');
  lines.push('| source files | read floor | scan for tags | vs floor | traces |');
  lines.push('|---:|---:|---:|---:|---:|');
  for (const r of traceRows) lines.push(`| ${r.trace.files.toLocaleString('en-US')} | ${ms(r.trace.floor)} ms | ${ms(r.trace.scan)} ms | ${ratio(r.trace.scan, r.trace.floor)} | ${r.trace.traces} |`);
}

lines.push('');
lines.push('Spec kits (`bench/kits.mjs`, KITS): a generated repository of Kiro, Spec Kit and OpenSpec feature folders (about 100 items a feature: requirements with criteria or scenarios, stories, FR- requirements, checkbox tasks citing them, a design or plan); `docugraph validate` end to end beside the floor (Node reading every `.md` file), interleaved, medians of 5:');
lines.push('');
lines.push('| items | nodes | kit files | size | floor | docugraph validate | vs floor |');
lines.push('|---:|---:|---:|---:|---:|---:|---:|');
lines.push(`| ${kits.items.toLocaleString('en-US')} | ${kits.nodes.toLocaleString('en-US')} | ${kits.files.toLocaleString('en-US')} | ${(kits.bytes / 1e6).toFixed(1)} MB | ${ms(kits.floor)} ms | ${ms(kits.validate)} ms | ${ratio(kits.validate, kits.floor)} |`);

if (sources !== null) {
  lines.push('');
  lines.push('Sources (`bench/sources.mjs`, issue 57): a spawned `docugraph-mcp`, spawn → first answer (`list_tasks`) with the on-disk indexes its own cold run wrote, for a one-document workspace that reads two generated repositories of 10,000 documents each (`sources:`) beside one generated workspace of 20,000, interleaved, medians of 5:');
  lines.push('');
  lines.push('| documents | one workspace of 2 × n, warm | two sources of n, warm | vs one |');
  lines.push('|---:|---:|---:|---:|');
  lines.push(`| ${sources.documents.toLocaleString('en-US')} | ${ms(sources.single)} ms | ${ms(sources.sources)} ms | ${ratio(sources.sources, sources.single)} |`);
}

if (views !== null) {
  lines.push('');
  lines.push(`View (\`bench/view.mjs\`, issue 58): a generated spec-kit repository (\`bench/kits.mjs\`) exported with \`docugraph view --out\`, opened from file:// in headless Chromium at 1280×800, navigation → first frame (the first picture laid out by ELK on the page's worker, and painted)${VIEW_BASELINE === null ? '' : ', beside the same workspaces exported by the build in the baseline checkout'}, interleaved, medians of 3:`);
  lines.push('');
  lines.push(`| items | nodes | groups | first frame |${VIEW_BASELINE === null ? '' : ' baseline |'} pan/zoom frame (median, max of 12) | search (to the next frame) |`);
  lines.push(`|---|---:|---:|---:|${VIEW_BASELINE === null ? '' : '---:|'}---:|---:|`);
  for (const v of views) lines.push(`| ${v.name} | ${v.nodes.toLocaleString('en-US')} | ${v.groups} | ${ms(v.first)} ms |${VIEW_BASELINE === null ? '' : ` ${ms(v.baseline)} ms |`} ${v.frame} | ${ms(v.search)} ms |`);
}

const byCount = new Map(rows.map((r) => [r.count, r]));
const targets = [];
const ten = byCount.get(10000);
const hundred = byCount.get(100000);
if (ten?.diff != null) {
  targets.push(`- 10k documents: diff against HEAD~1 ≤ 2.5× a cold validate — **${ratio(ten.diff.diff, ten.diff.validate)}** (${ms(ten.diff.diff)} ms vs ${ms(ten.diff.validate)} ms): ${ten.diff.diff <= 2.5 * ten.diff.validate ? 'met' : '**not met**'}.`);
}
if (ten !== undefined) {
  targets.push(`- 10k documents: load + validate ≤ 6× the floor, end to end — **${ratio(ten.cli, ten.floor)}** (${ms(ten.cli)} ms vs ${ms(ten.floor)} ms): ${ten.cli <= 6 * ten.floor ? 'met' : '**not met**'}.`);
  const p50 = percentile(ten.stdio.context, 50);
  targets.push(`- warm get_task_context (depth 3, over STDIO) p50 ≤ 2 ms — **${ms(p50)} ms**: ${p50 <= 2 ? 'met' : '**not met**'}.`);
}
if (ten !== undefined) {
  const p50 = percentile(ten.live.latencies, 50);
  targets.push(`- 10k documents: one-file edit → first answer reflecting it, p50 ≤ 30 ms — **${ms(p50)} ms**: ${p50 <= 30 ? 'met' : '**not met**'}.`);
}
if (hundred !== undefined) {
  targets.push(`- 100k documents: spawn → \`initialize\` answered ≤ 300 ms — **${ms(hundred.live.initializeMs)} ms**: ${hundred.live.initializeMs <= 300 ? 'met' : '**not met**'}.`);
  targets.push(`- 100k documents: load + validate ≤ 10× the floor, end to end — **${ratio(hundred.cli, hundred.floor)}**: ${hundred.cli <= 10 * hundred.floor ? 'met' : '**not met**'}.`);
}
if (hundred !== undefined) {
  const largest = Math.max(...Object.values(hundred.stdio.answers));
  targets.push(`- 100k documents: every default answer under 25,000 tokens — **largest ${largest.toLocaleString('en-US')}**: ${largest < 25000 ? 'met' : '**not met**'}.`);
}
if (sources !== null) targets.push(`- two sources of 10k documents: a warm start ≤ 1.5× a warm start of one workspace of 20k — **${(sources.sources / sources.single).toFixed(2)}×** (${ms(sources.sources)} ms vs ${ms(sources.single)} ms): ${sources.sources <= 1.5 * sources.single ? 'met' : '**not met**'}.`);
for (const [name, bound] of [['800 items', 1000], ['5000 items', 3000]]) {
  const v = views?.find((row) => row.name === name);
  if (v !== undefined) targets.push(`- \`docugraph view\` of a spec-kit repository of ${name}: first frame ≤ ${bound / 1000} s — **${ms(v.first)} ms**: ${v.first <= bound ? 'met' : '**not met**'}.`);
}
targets.push(`- a spec-kit repository of ${kits.items.toLocaleString('en-US')} items: load + validate ≤ 10× the floor, end to end — **${ratio(kits.validate, kits.floor)}** (${ms(kits.validate)} ms vs ${ms(kits.floor)} ms): ${kits.validate <= 10 * kits.floor ? 'met' : '**not met**'}.`);
const idle = rows.map((r) => r.live.idleTicks * 10);
{
  const big = rows.find((r) => r.count === 100000);
  if (big !== undefined) {
    const bound = 2 * big.warm.floor + big.warm.handshake;
    targets.push(`- 100k documents: warm spawn → first answer ≤ 1.5 s and ≤ 2× the stat floor plus the handshake — **${ms(big.warm.warm)} ms** (bound ${ms(Math.min(1500, bound))} ms; cold ${ms(big.warm.cold)} ms): ${big.warm.warm <= 1500 && big.warm.warm <= bound ? 'met' : '**not met**'}.`);
  }
}
if (rows.length > 0) targets.push(`- idle CPU over ${IDLE_SECONDS} s ≈ 0 — **${idle.map((v) => `${v} ms`).join(', ')}**: ${idle.every((v) => v <= 50) ? 'met' : '**not met**'}.`);
if (ten !== undefined && hundred !== undefined) {
  targets.push(`- 100k documents: load + validate ≤ 12× the 10k time — **${ratio(hundred.cli, ten.cli)}** (${ms(hundred.cli)} ms): ${hundred.cli <= 12 * ten.cli ? 'met' : '**not met**'}.`);
  const gib = hundred.inProcess.maxRssKb / 1024 / 1024;
  targets.push(`- 100k documents: peak RSS ≤ 1.5 GiB — **${gib.toFixed(2)} GiB**: ${gib <= 1.5 ? 'met' : '**not met**'}.`);
}

const cpu = cpus();
const machine = [
  `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} logical cores`,
  `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} GiB free at the start)`,
  `- OS: ${platform()} ${release()}`,
  `- Node.js ${process.version}`,
];
const table = lines.join('\n');
process.stdout.write(`\n${table}\n\nTargets:\n${targets.join('\n')}\n`);

const results = `# Benchmark results

Produced by \`npm run bench\` (\`bench/run.mjs\`) on generated workspaces (\`bench/generate.mjs\`,
seed ${SEED}: nested folders, 0–4 \`depends_on\`, 1–4 KB bodies with headings, relative links with
anchors, external links, code blocks with link-like text, tables, and about 2 % defects).
Times are medians of several runs (9 at 1k, 7 at 10k, 3 at 100k; floor and DocuGraph runs
interleaved; remark once), wall clock, on this machine:

${machine.join('\n')}

The floor is \`node bench/floor.mjs\`: Node reading every \`.md\` file and nothing else, end to
end (process start-up included), like the \`docugraph validate\` column. remark runs
\`remark-cli\` with \`remark-validate-links\` (offline, \`repository: false\`) on the same folder.

${table}

Targets:

${targets.join('\n')}
`;
writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), results);
log('\nwritten to bench/RESULTS.md');
