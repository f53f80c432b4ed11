/**
 * In-process measurements for the benchmark, in a process of their own (so that the peak
 * RSS is a load + validate's): load time, then warm queries over many ids.
 *
 *   node bench/probe.mjs <dir>   → JSON on stdout
 */
import { analyzeImpact, buildBundle, buildReport, formatReport, listTasks, loadWorkspace, searchList } from '../dist/core/index.js';
import { sectionIndex } from '../dist/core/answer/section-index.js';

const dir = process.argv[2];
const start = performance.now();
const workspace = loadWorkspace(dir);
const report = formatReport(buildReport(workspace));
const loadMs = performance.now() - start;
const maxRssKb = process.resourceUsage().maxRSS;
// CONTEXT §4: the search index (made by the first search or cut bundle, not by the load), beside the load; then a first page of ten hits.
const indexStart = performance.now();
sectionIndex(workspace);
const searchIndexMs = performance.now() - indexStart;
const searchStart = performance.now();
const hits = searchList(workspace, { query: 'archive a project with its tasks' });
for (let i = 0; i < Math.min(10, hits.length); i += 1) hits.item(i);
const searchMs = performance.now() - searchStart;

// Task ids spread over the workspace whose bundles do not fail on a cycle.
const tasks = workspace.ids.filter((id) => workspace.nodes.get(id).type === 'task');
const step = Math.max(1, Math.floor(tasks.length / 400));
const sampleIds = [];
for (let i = 0; i < tasks.length && sampleIds.length < 300; i += step) {
  try {
    buildBundle(workspace, { taskId: tasks[i], maxDepth: 5 });
    sampleIds.push(tasks[i]);
  } catch {
    // A cycle upstream: GRAPH_CYCLE, not a bundle to time.
  }
}

const time = (fn) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
// "What next" (issue 24): the first call counts every node's unblocks; later ones reuse them.
const readyFirstMs = time(() => listTasks(workspace, { state: 'ready' }));
const readyCount = listTasks(workspace, { state: 'ready' }).tasks.length;
const queries = {
  ready: Array.from({ length: 30 }, () => time(() => listTasks(workspace, { state: 'ready' }))),
  context3: sampleIds.map((taskId) => time(() => buildBundle(workspace, { taskId, maxDepth: 3 }))),
  context5: sampleIds.map((taskId) => time(() => buildBundle(workspace, { taskId, maxDepth: 5 }))),
  impact: sampleIds.map((id) => time(() => analyzeImpact(workspace, id))),
  validate: Array.from({ length: 30 }, () => time(() => formatReport(buildReport(workspace)))),
};
// For the bounded answers: the most depended-on document, and the task with the widest
// upstream closure at the default depth (5) — the largest default bundle.
let mostDepended = workspace.ids[0];
for (const id of workspace.ids) if (workspace.downstream.get(id).length > workspace.downstream.get(mostDepended).length) mostDepended = id;
let widest = { id: tasks[0], size: 0 };
for (const id of tasks) {
  if (workspace.cycleUpstream.has(id)) continue;
  const seen = new Set([id]);
  let level = [id];
  for (let depth = 1; depth <= 5 && level.length > 0; depth += 1) {
    const next = [];
    for (const at of level) for (const up of workspace.upstream.get(at)) if (!seen.has(up)) (seen.add(up), next.push(up));
    level = next;
  }
  if (seen.size > widest.size) widest = { id, size: seen.size };
}
process.stdout.write(JSON.stringify({ loadMs, maxRssKb, searchIndexMs, searchMs, reportBytes: report.length, sampleIds: sampleIds.slice(0, 200), queries, readyFirstMs, readyCount, mostDepended, widest }));
