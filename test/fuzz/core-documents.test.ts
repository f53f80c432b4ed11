/**
 * Fuzz (issue 8): random and adversarial workspaces through every core stage, in-process.
 * Each stage answers with data or a `DocugraphError` (never another exception), loading is
 * deterministic, reports and bundles keep their invariants (see core-checks.ts), and nothing
 * outside the root is read: `node:fs` is wrapped (fs-recorder.ts) and symbolic links into a
 * sentinel directory outside the workspace are planted in every case.
 * Seeded: FUZZ_SEED / FUZZ_RUNS replay or lengthen it (`npm run fuzz`).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  analyzeImpact,
  buildBundle,
  buildReport,
  completeIds,
  DocugraphError,
  formatReport,
  getAcceptanceCriteria,
  listTasks,
  loadWorkspace,
  renderDot,
  renderMermaid,
  selectGraph,
  type Workspace,
} from '../../src/core/index.js';
import { randomWorkspace } from '../helpers/adversarial-docs.js';
import { bundleProblems, RAW_CONTROL, reportProblems } from '../helpers/core-checks.js';
import { fsRecorder } from '../helpers/fs-recorder.js';
import { FUZZ_SEED, fuzzRuns, Rng, nastyString, fuzzTimeout } from '../helpers/prng.js';
import { makeSentinel, type Sentinel } from '../helpers/sentinel.js';
import { doc, testdir, type Entry } from '../helpers/testdir.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/fs-recorder.js')).wrapFs(await importOriginal<typeof import('node:fs')>()));

/** Symbolic links into the sentinel, planted in every workspace (a file, a folder, the sentinel's parent). */
function plantLinks(sentinel: Sentinel): Record<string, Entry> {
  return {
    'leak.md': { symlink: sentinel.doc },
    'linked': { symlink: sentinel.subdir },
    'sub/outside': { symlink: sentinel.dir },
    'links.md': doc({ id: 'LINKS', title: 'Links' }, '[a](leak.md#sentinel) [b](linked/leak.md#h) [c](sub/outside/secret.md#x) [d](linked/)\n'),
  };
}

/** Runs every query on `workspace`; returns the outputs and the problems found. */
function exercise(root: string, rng: Rng): { outputs: string[]; problems: string[] } {
  const outputs: string[] = [];
  const problems: string[] = [];
  const guard = (what: string, body: () => string | void) => {
    try {
      const out = body();
      if (typeof out === 'string') outputs.push(out);
    } catch (error) {
      if (!(error instanceof DocugraphError)) problems.push(`${what} threw ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(error)}`);
    }
  };
  let workspace: Workspace | undefined;
  guard('loadWorkspace', () => {
    workspace = loadWorkspace(root);
  });
  if (workspace === undefined) return { outputs, problems };
  const ws = workspace;
  guard('buildReport', () => {
    const report = buildReport(ws);
    problems.push(...reportProblems(report, ws));
    const text = formatReport(report);
    JSON.parse(text);
    const again = formatReport(buildReport(loadWorkspace(root)));
    if (again !== text) problems.push('loading twice gave two different reports');
    return text;
  });
  // Budgets from a stream of their own, so the rest of the run draws what it drew before.
  const budgets = rng.fork(0xb0d6e7);
  for (const id of ws.ids.slice(0, 40)) {
    const maxDepth = rng.int(0, 6);
    const budget = budgets.chance(0.5) ? { maxTokens: budgets.int(1, 400) } : {};
    guard(`buildBundle(${id})`, () => {
      const bundle = buildBundle(ws, { taskId: id, maxDepth, ...budget });
      problems.push(...bundleProblems(bundle, ws, id).map((p) => `bundle of ${id}: ${p}`));
      return bundle;
    });
    guard(`getAcceptanceCriteria(${id})`, () => JSON.stringify(getAcceptanceCriteria(ws, id)));
    guard(`analyzeImpact(${id})`, () => JSON.stringify(analyzeImpact(ws, id, rng.chance(0.5) ? rng.int(0, 4) : undefined)));
    for (const direction of ['upstream', 'downstream', 'both'] as const) {
      guard(`selectGraph(${id}, ${direction})`, () => {
        const view = selectGraph(ws, { rootId: id, direction });
        const mermaid = renderMermaid(ws, view, id);
        const dot = renderDot(ws, view, id);
        if (RAW_CONTROL.test(mermaid) || RAW_CONTROL.test(dot)) problems.push(`graph of ${id} holds a raw control character`);
        return mermaid + dot;
      });
    }
  }
  guard('selectGraph()', () => renderMermaid(ws, selectGraph(ws)) + renderDot(ws, selectGraph(ws)));
  guard('listTasks', () => JSON.stringify(listTasks(ws, { query: nastyString(rng, 2) })) + JSON.stringify(listTasks(ws)));
  guard('completeIds', () => completeIds(ws, nastyString(rng, 2)).join('\n'));
  guard('buildBundle(unknown)', () => buildBundle(ws, { taskId: nastyString(rng, 4) || 'x' }));
  return { outputs, problems };
}

describe('random and adversarial workspaces, in-process (seeded)', () => {
  it('every stage answers with data or a DocugraphError, keeps its invariants, and reads nothing outside the root', () => {
    const sentinel = makeSentinel();
    fsRecorder.watch(sentinel.dir);
    const failures: string[] = [];
    const runs = fuzzRuns(25);
    const base = new Rng(FUZZ_SEED);
    let calls = 0;
    for (let i = 0; i < runs; i += 1) {
      const rng = base.fork(i);
      const root = testdir({ ...randomWorkspace(rng, rng.int(1, 10)), ...plantLinks(sentinel) });
      const { result, violations } = fsRecorder.during(() => exercise(root, rng));
      calls += fsRecorder.calls();
      const label = `seed ${FUZZ_SEED} case ${i}`;
      for (const problem of result.problems) failures.push(`${label}: ${problem}`);
      for (const v of violations) failures.push(`${label}: read outside the root: ${v}`);
      if (result.outputs.some((out) => out.includes(sentinel.marker))) failures.push(`${label}: the sentinel's content reached an output`);
    }
    expect(calls, 'the node:fs wrapper saw the core’s calls').toBeGreaterThan(0);
    expect(failures, failures.join('\n')).toEqual([]);
  }, fuzzTimeout(120_000));

  it('thousands of files sharing one id load, and each ID_DUPLICATE stays short', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i += 1) files[`d${String(i).padStart(4, '0')}/same.md`] = doc({ id: 'SAME', title: `Copy ${i}` });
    const workspace = loadWorkspace(testdir(files));
    const duplicates = workspace.diagnostics.filter((d) => d.code === 'ID_DUPLICATE');
    expect(duplicates).toHaveLength(3000);
    const longest = Math.max(0, ...duplicates.map((d) => d.message.length));
    expect(longest, 'one ID_DUPLICATE message lists every other file').toBeLessThan(2000);
    expect(duplicates[0]!.message).toMatch(/and [\d,]+ more/);
  }, 60_000);
});
