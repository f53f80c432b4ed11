#!/usr/bin/env node
/**
 * The context benchmark (CONTEXT §6): for each task of the hand-marked gold sets in
 * bench/gold/context, how much of what the task needs DocuGraph's bundle holds (recall: a needed
 * span counts when half its lines are in the bundle), how much of the bundle is needed
 * (precision, in bytes of the files' lines it holds), and its size against the task's feature
 * folder — beside the baselines: the bundle before sections (every document whole), the whole
 * folder, the task and what it cites, BM25's top 5 and 10 sections, a perfect bundle. And
 * `search`'s hit@1/3/10 on each task's request, beside BM25 alone.
 *
 *   npm run build && node bench/context.mjs --repos <folder> [--gold <dir>] [--json <file>]
 *   DOCUGRAPH_BENCH_REPOS=<folder> npm run bench:context
 *
 * `<folder>/<gold name>` is the repository at the gold set's commit. A checkout without a
 * docugraph.yml gets one naming its kit (`kits: [kiro]`), as `docugraph init` would write.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const core = await import(join(ROOT, 'dist', 'core', 'index.js'));
const { sectionIndex } = await import(join(ROOT, 'dist', 'core', 'answer', 'section-index.js'));
const { termsOf } = await import(join(ROOT, 'dist', 'core', 'shared', 'words.js'));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const repos = option('--repos', process.env.DOCUGRAPH_BENCH_REPOS ?? null);
const goldDir = option('--gold', join(ROOT, 'bench', 'gold', 'context'));
const jsonOut = option('--json', null);
/** `--misses dev`: list on stderr what DocuGraph's bundle missed for the dev tasks (never the held-out ones: looking at them would tune on them). */
const misses = option('--misses', null);
if (repos === null) {
  process.stderr.write('usage: node bench/context.mjs --repos <folder> [--gold <dir>] [--json <file>] (or DOCUGRAPH_BENCH_REPOS=<folder>): <folder>/<gold name> is each gold set\'s repository at its commit (bench/gold/context/README.md)\n');
  process.exit(2);
}
const BUDGET = core.DEFAULT_MAX_TOKENS;

/** Lines of each file, read once. */
const fileLines = new Map();
function linesOf(root, path) {
  const key = join(root, path);
  if (!fileLines.has(key)) fileLines.set(key, existsSync(key) ? readFileSync(key, 'utf8').replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n') : []);
  return fileLines.get(key);
}

/** A set of `path:line` keys for spans `[path, first, last]`. */
function lineSet(spans) {
  const out = new Set();
  for (const [path, first, last] of spans) for (let l = first; l <= last; l += 1) out.add(`${path}\0${l}`);
  return out;
}

/** The spans of a bundle's `## Documents`: whole files, item lines, or the sections a cut document keeps. */
function bundleSpans(root, text) {
  const lines = text.split('\n');
  const start = lines.indexOf('## Documents');
  const spans = [];
  for (let i = start + 1; i < lines.length; i += 1) {
    if (!lines[i].startsWith('### ') || !lines[i + 1]?.startsWith('path: ')) continue;
    const place = lines[i + 1].slice('path: '.length).replace(/^`|`$/g, '');
    const item = /^(.*):(\d+)-(\d+)$/.exec(place);
    if (item !== null) {
      spans.push([item[1], Number(item[2]), Number(item[3])]);
      continue;
    }
    if (lines[i + 2]?.startsWith('sections: ')) {
      for (let k = i + 3; k < lines.length && !(lines[k].startsWith('### ') && lines[k + 1]?.startsWith('path: ')); k += 1) {
        const section = /^#### .* \(lines (\d+)-(\d+)\) — /.exec(lines[k]);
        if (section !== null) spans.push([place, Number(section[1]), Number(section[2])]);
      }
      continue;
    }
    spans.push([place, 1, linesOf(root, place).length]);
  }
  return spans;
}

/** Recall, section recall, precision (bytes) and content tokens of `spans` against a task's gold. */
function score(root, task, spans) {
  const have = lineSet(spans);
  const needed = lineSet(task.needs.map((n) => [n.path, n.first, n.last]));
  const covered = (n) => {
    let count = 0;
    for (let l = n.first; l <= n.last; l += 1) if (have.has(`${n.path}\0${l}`)) count += 1;
    return count * 2 >= n.last - n.first + 1;
  };
  const sections = task.needs.filter((n) => n.kind === 'section' || n.kind === 'document');
  let bytes = 0;
  let good = 0;
  for (const key of have) {
    const [path, line] = key.split('\0');
    const size = Buffer.byteLength(linesOf(root, path)[Number(line) - 1] ?? '', 'utf8') + 1;
    bytes += size;
    if (needed.has(key)) good += size;
  }
  return {
    recall: task.needs.filter(covered).length / task.needs.length,
    sectionRecall: sections.length === 0 ? null : sections.filter(covered).length / sections.length,
    precision: bytes === 0 ? 0 : good / bytes,
    tokens: Math.ceil(bytes / 4),
  };
}

/** Every file under `folder` of `root`, as spans of all their lines. */
function folderSpans(root, folder) {
  const out = [];
  for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    out.push([path, 1, linesOf(root, path).length]);
  }
  return out;
}

function itemSpan(node) {
  return [node.path, node.item?.line ?? 1, node.item?.end ?? node.text.split('\n').length];
}

/** BM25's top `k` units for the task's lines (the task itself excluded), with the task. */
function bm25Spans(ws, taskId, k) {
  const index = sectionIndex(ws);
  const task = ws.nodes.get(taskId);
  const scores = [...index.bm25.scores(termsOf(task.text))].filter(([unit]) => index.units[unit].id !== taskId);
  scores.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return [itemSpan(task), ...scores.slice(0, k).map(([unit]) => [index.units[unit].path, index.units[unit].line, index.units[unit].end])];
}

/** The rank (1-based) of `taskId` among BM25's units for `request`, `null` past 10. */
function bm25Rank(ws, taskId, request) {
  const index = sectionIndex(ws);
  const scores = [...index.bm25.scores(termsOf(request))];
  scores.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const at = scores.slice(0, 10).findIndex(([unit]) => index.units[unit].id === taskId);
  return at === -1 ? null : at + 1;
}

/** The rank (1-based) of `taskId` among `search`'s hits for `request`, `null` past 10. */
function searchRank(ws, taskId, request) {
  const list = core.searchList(ws, { query: request });
  for (let i = 0; i < Math.min(10, list.length); i += 1) if (list.item(i).id === taskId) return i + 1;
  return null;
}

const rows = [];
for (const name of readdirSync(goldDir).filter((f) => f.endsWith('.json')).sort()) {
  const gold = JSON.parse(readFileSync(join(goldDir, name), 'utf8'));
  const root = join(repos, name.replace(/\.json$/, ''));
  if (!existsSync(root)) {
    process.stderr.write(`${name}: no checkout at ${root} (fetch ${gold.repo} at ${gold.commit}); skipped\n`);
    continue;
  }
  if (!existsSync(join(root, 'docugraph.yml'))) writeFileSync(join(root, 'docugraph.yml'), `kits: [${gold.kit}]\n`);
  const ws = core.loadWorkspace(root);
  for (const task of gold.tasks) {
    const node = [...ws.nodes.values()].find((n) => n.item !== undefined && n.path === task.task.path && n.item.line <= task.task.line && task.task.line <= n.item.line && n.type === 'task');
    const label = `${gold.kit} ${task.task.path}:${task.task.line} (${task.task.number})`;
    if (node === undefined) {
      process.stderr.write(`${label}: no task read at that line\n`);
      rows.push({ kit: gold.kit, split: task.split, label, missing: true });
      continue;
    }
    const folderTokens = Math.ceil(folderSpans(root, task.feature).reduce((sum, [path]) => sum + statSync(join(root, path)).size, 0) / 4);
    const bundle = core.buildBundle(ws, { taskId: node.id, maxTokens: BUDGET });
    const before = core.buildBundle(ws, { taskId: node.id, maxTokens: BUDGET, sections: 'all' });
    const cites = [itemSpan(node), ...(ws.relationsOut.get(node.id) ?? []).map((e) => ws.nodes.get(e.id)).filter((n) => n?.item !== undefined).map(itemSpan)];
    const measured = {
      docugraph: { ...score(root, task, bundleSpans(root, bundle)), tokens: core.estimateTokens(bundle) },
      before: { ...score(root, task, bundleSpans(root, before)), tokens: core.estimateTokens(before) },
      folder: score(root, task, folderSpans(root, task.feature)),
      cites: score(root, task, cites),
      bm25top5: score(root, task, bm25Spans(ws, node.id, 5)),
      bm25top10: score(root, task, bm25Spans(ws, node.id, 10)),
      perfect: score(root, task, task.needs.map((n) => [n.path, n.first, n.last])),
    };
    if (misses !== null && task.split === misses && misses === 'dev') {
      const have = lineSet(bundleSpans(root, bundle));
      for (const n of task.needs) {
        let count = 0;
        for (let l = n.first; l <= n.last; l += 1) if (have.has(`${n.path}\0${l}`)) count += 1;
        if (count * 2 < n.last - n.first + 1) process.stderr.write(`${label} missed ${n.kind} ${n.path}:${n.first}-${n.last}: ${n.why}\n`);
      }
    }
    if (misses === 'dev' && task.split === 'dev') {
      const rank = searchRank(ws, node.id, task.request);
      if (rank === null || rank > 3) {
        const top = core.searchList(ws, { query: task.request });
        process.stderr.write(`${label} search rank ${rank ?? '>10'} for "${task.request}": top ${[0, 1, 2].filter((i) => i < top.length).map((i) => top.item(i).id).join(', ')}\n`);
      }
    }
    rows.push({ kit: gold.kit, split: task.split, label, id: node.id, folderTokens, measured, bm25Rank: bm25Rank(ws, node.id, task.request), searchRank: searchRank(ws, node.id, task.request) });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const mean = (values) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);
const pct = (v) => (Number.isNaN(v) ? '—' : `${(v * 100).toFixed(0)} %`);
const found = rows.filter((r) => !r.missing);
const groups = [['all', found], ...['dev', 'held-out'].map((s) => [s, found.filter((r) => r.split === s)]), ...['kiro', 'speckit', 'openspec'].map((k) => [k, found.filter((r) => r.kit === k)])];
const METHODS = ['docugraph', 'before', 'folder', 'cites', 'bm25top5', 'bm25top10', 'perfect'];
const lines = ['| tasks | bundle | recall | sections | precision | tokens / folder (median) |', '|---|---|---:|---:|---:|---:|'];
for (const [group, list] of groups) {
  if (list.length === 0) continue;
  for (const method of METHODS) {
    const m = list.map((r) => r.measured[method]);
    lines.push(`| ${group} (${list.length}) | ${method} | ${pct(mean(m.map((x) => x.recall)))} | ${pct(mean(m.map((x) => x.sectionRecall).filter((x) => x !== null)))} | ${pct(mean(m.map((x) => x.precision)))} | ${median(list.map((r) => r.measured[method].tokens / r.folderTokens)).toFixed(2)} |`);
  }
}
const hits = (list, key, k) => list.filter((r) => r[key] !== null && r[key] <= k).length / list.length;
lines.push('', '| tasks | ranking | hit@1 | hit@3 | hit@10 |', '|---|---|---:|---:|---:|');
for (const [group, list] of groups) {
  if (list.length === 0) continue;
  for (const [key, name] of [['searchRank', 'search'], ['bm25Rank', 'BM25 alone']]) lines.push(`| ${group} (${list.length}) | ${name} | ${pct(hits(list, key, 1))} | ${pct(hits(list, key, 3))} | ${pct(hits(list, key, 10))} |`);
}
if (rows.some((r) => r.missing)) lines.push('', `Not read as tasks: ${rows.filter((r) => r.missing).map((r) => r.label).join('; ')}`);
process.stdout.write(`${lines.join('\n')}\n`);
if (jsonOut !== null) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
