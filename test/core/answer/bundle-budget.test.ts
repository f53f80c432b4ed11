/**
 * The token budget of a context bundle (CATALOG § Bounded answers): properties on generated
 * workspaces (seeded: FUZZ_SEED / FUZZ_RUNS), the argument check, and a path that could forge
 * a line of the omitted list. The exact bytes are held by test/golden/budget.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, DocugraphError, estimateTokens, loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { FUZZ_SEED, fuzzRuns, Rng } from '../../helpers/prng.js';
import { syntheticWorkspace, type SyntheticDoc } from '../../helpers/synthetic-workspace.js';
import { testdir } from '../../helpers/testdir.js';

/**
 * The section a document fills in `## Documents`, written from the spec (META-01 §7); a path
 * with a line break or a control character is a JSON string with those as `\uHHHH` (issue 21).
 */
function section(workspace: Workspace, id: string): string {
  const node = workspace.nodes.get(id)!;
  const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
  const path = controls.test(node.path) ? JSON.stringify(node.path).replace(controls, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : node.path;
  return `### ${id} — ${node.title}\npath: ${path}\n\n${node.text.replace(/\n+$/, '')}\n`;
}

/** A random DAG of 3–40 documents: each depends on earlier ones (and sometimes on a missing id). */
function randomDocs(rng: Rng): SyntheticDoc[] {
  const count = rng.int(3, 40);
  const docs: SyntheticDoc[] = [];
  const pieces = ['word ', 'more words ', '\n', '\n\n', 'é', 'ß ', '😀', '— ', 'x'.repeat(rng.int(1, 300)), '- item\n'];
  for (let i = 0; i < count; i += 1) {
    const id = `D-${String(i).padStart(3, '0')}`;
    const dependsOn = new Set<string>();
    for (let k = rng.int(0, Math.min(i, 4)); k > 0; k -= 1) dependsOn.add(`D-${String(rng.int(0, i - 1)).padStart(3, '0')}`);
    if (rng.chance(0.1)) dependsOn.add('NOWHERE');
    let body = '';
    for (let k = rng.int(0, 60); k > 0; k -= 1) body += rng.pick(pieces);
    docs.push({ id, title: rng.chance(0.3) ? `Title ${i} — café` : id, dependsOn: [...dependsOn], body: rng.chance(0.3) ? `${body}\n\n\n` : body });
  }
  return docs;
}

/** The inclusion report's ids, each with whether it is marked omitted. */
function inclusion(bundle: string): { id: string; omitted: boolean }[] {
  const report = bundle.slice(bundle.indexOf('## Inclusion report\n'), bundle.indexOf('\n\n', bundle.indexOf('## Inclusion report\n')));
  return report
    .split('\n')
    .slice(1)
    .map((line) => ({ id: /^- `([^`]+)`/.exec(line)![1]!, omitted: / — omitted \(≈\d+ tokens\)$/.test(line) }));
}

describe('context bundle under a token budget: properties on generated workspaces', () => {
  it('fits the budget unless only the task is kept; kept + omitted = the unbudgeted set, in its order', () => {
    const root = new Rng(FUZZ_SEED);
    const runs = fuzzRuns(60);
    for (let run = 0; run < runs; run += 1) {
      const rng = root.fork(run);
      const workspace = syntheticWorkspace(randomDocs(rng));
      const taskId = rng.pick(workspace.ids);
      const depth = rng.chance(0.7) ? { maxDepth: rng.int(0, 6) } : {};
      const full = buildBundle(workspace, { taskId, ...depth });
      const fullIds = inclusion(full).map((i) => i.id);
      const fullOrder = [...full.matchAll(/^### (D-\d+) — /gm)].map((m) => m[1]!);
      const documentsOf = (ids: readonly string[]) => `\n## Documents\n${ids.map((id) => `\n${section(workspace, id)}`).join('')}`;
      expect(full.slice(full.indexOf('\n## Documents\n'))).toBe(documentsOf(fullOrder));
      const sizes = new Map(fullIds.map((id) => [id, estimateTokens(section(workspace, id))]));
      const total = [...sizes.values()].reduce((a, b) => a + b, 0);
      const taskSize = sizes.get(taskId)!;
      const budgets = [1, taskSize, taskSize + 1, total - 1, total, total + 1, rng.int(1, total + 10), rng.int(1, total + 10)].filter((b) => b >= 1);

      for (const maxTokens of budgets) {
        const where = `seed ${FUZZ_SEED} run ${run}: ${taskId} ${JSON.stringify(depth)} maxTokens ${maxTokens}`;
        const bundle = buildBundle(workspace, { taskId, ...depth, maxTokens });
        expect(buildBundle(workspace, { taskId, ...depth, maxTokens }), where).toBe(bundle);
        const report = inclusion(bundle);
        expect(report.map((i) => i.id), where).toEqual(fullIds);
        const omitted = report.filter((i) => i.omitted).map((i) => i.id);
        const kept = fullOrder.filter((id) => !omitted.includes(id));
        // The documents are the kept ones, whole, in the unbudgeted order.
        expect(bundle.slice(bundle.indexOf('\n## Documents\n')), where).toBe(documentsOf(kept));
        const used = kept.reduce((sum, id) => sum + sizes.get(id)!, 0);
        if (kept.length > 1 || taskSize <= maxTokens) expect(used, where).toBeLessThanOrEqual(maxTokens);
        expect(kept, where).toContain(taskId);
        if (omitted.length === 0) {
          expect(bundle, where).toBe(full);
          expect(maxTokens >= total || fullIds.length === 1, where).toBe(true);
        } else {
          expect(bundle, where).toContain(`\ntruncated: true\nbudget: ${maxTokens} tokens, ${omitted.length} omitted\n\n`);
          const listed = [...bundle.matchAll(/^- `([^`]+)` ≈(\d+) tokens: (\S+) — get_task_context with taskId `\1` and maxDepth 0, or read docugraph:\/\/docs\/\1$/gm)];
          expect(listed.map((m) => m[1]), where).toEqual([...omitted].sort());
          for (const m of listed) expect([Number(m[2]), m[3]], where).toEqual([sizes.get(m[1]!)!, workspace.nodes.get(m[1]!)!.path]);
        }
        // The walk is greedy in inclusion order: each omitted document did not fit when its turn came.
        let running = 0;
        for (const { id, omitted: left } of report) {
          if (left) expect(running + sizes.get(id)!, where).toBeGreaterThan(maxTokens);
          else running += sizes.get(id)!;
        }
      }
    }
  });
});

describe('maxTokens checks and edge cases', () => {
  const workspace = syntheticWorkspace([{ id: 'A', body: 'a'.repeat(400) }, { id: 'T', dependsOn: ['A'] }]);

  it('rejects anything but an integer ≥ 1 with INVALID_ARGUMENT naming the argument', () => {
    for (const maxTokens of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10' as unknown as number]) {
      let error: unknown;
      try {
        buildBundle(workspace, { taskId: 'T', maxTokens });
      } catch (caught) {
        error = caught;
      }
      expect(error, String(maxTokens)).toBeInstanceOf(DocugraphError);
      expect((error as DocugraphError).toJSON()).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'maxTokens', message: expect.stringContaining('integer ≥ 1') });
    }
  });

  it('a path that could forge a line of the omitted list is shown as one escaped JSON string', () => {
    const root = testdir({
      't.md': '---\nid: T\ndepends_on: [X]\n---\n',
      'x\n## Documents\n\u2028y.md': `---\nid: X\n---\n${'x'.repeat(200)}\n`,
    });
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'T', maxTokens: 20 });
    expect(bundle).toContain(
      '\n## Omitted to fit the budget\n- `X` ≈' + `${estimateTokens(section(loadWorkspace(root), 'X'))} tokens: "x\\n## Documents\\n\\u2028y.md" — get_task_context with taskId \`X\` and maxDepth 0, or read docugraph://docs/X\n\n## Documents\n`,
    );
    expect(bundle.match(/^## Documents$/gm)).toHaveLength(1);
  });
});

describe('truncated under a budget (issue 53)', () => {
  it('a budget that leaves documents out says truncated: true, though every level was walked', () => {
    const ws = syntheticWorkspace([
      { id: 'T', title: 'Task', dependsOn: ['A', 'B'], body: 'do it' },
      { id: 'A', title: 'A', dependsOn: [], body: 'a'.repeat(4000) },
      { id: 'B', title: 'B', dependsOn: [], body: 'b' },
    ]);
    expect(buildBundle(ws, { taskId: 'T' }).split('\n').slice(1, 3)).toEqual(['maxDepth: 5', 'truncated: false']);
    expect(buildBundle(ws, { taskId: 'T', maxTokens: 100 }).split('\n').slice(1, 4)).toEqual(['maxDepth: 5', 'truncated: true', 'budget: 100 tokens, 1 omitted']);
    // A budget that leaves nothing out changes nothing.
    expect(buildBundle(ws, { taskId: 'T', maxTokens: 100_000 })).toBe(buildBundle(ws, { taskId: 'T' }));
  });
});

describe('a budgeted bundle whose report alone is too long', () => {
  // T depends on 40 documents, each on 25 more: 1,000 report lines at depth 2.
  const docs: SyntheticDoc[] = [{ id: 'T', title: 'T', dependsOn: Array.from({ length: 40 }, (_, i) => `A-${String(i).padStart(2, '0')}`), body: 'task' }];
  for (let i = 0; i < 40; i += 1) {
    const a = `A-${String(i).padStart(2, '0')}`;
    const deps = Array.from({ length: 25 }, (_, k) => `B-${String(i).padStart(2, '0')}-${String(k).padStart(2, '0')}`);
    docs.push({ id: a, title: a, dependsOn: deps, body: 'x'.repeat(400) });
    for (const b of deps) docs.push({ id: b, title: b, dependsOn: [], body: 'y' });
  }
  const workspace = syntheticWorkspace(docs);

  it('lowers the depth until the whole bundle fits the budget and its allowance, and says so', () => {
    const maxTokens = 1000;
    const bundle = buildBundle(workspace, { taskId: 'T', maxTokens });
    expect(estimateTokens(bundle)).toBeLessThanOrEqual(maxTokens + 2000);
    expect(estimateTokens(buildBundle(workspace, { taskId: 'T' }))).toBeGreaterThan(maxTokens + 2000);
    const lines = bundle.split('\n');
    expect(lines.slice(1, 4)).toEqual([
      'maxDepth: 1',
      'truncated: true',
      expect.stringMatching(/^budget: 1000 tokens, \d+ omitted, maxDepth lowered from 5 to 1 to fit; ask for the context of a depth-1 document to go further$/),
    ]);
    // Apart from that line, it is the budgeted bundle of depth 1: the same documents kept and omitted.
    const atOne = buildBundle(workspace, { taskId: 'T', maxTokens, maxDepth: 1 });
    expect(bundle.replace(/, maxDepth lowered[^\n]*/, '')).toBe(atOne);
  });

  it("the task's own document does not count: a large task under a small budget keeps its report and omitted list (issue 22)", () => {
    // A task of ≈2,100 tokens, 40 dependencies: the report and omitted list are ≈1,000 tokens, within the 2,000 allowance.
    const big: SyntheticDoc[] = [{ id: 'T', title: 'T', dependsOn: Array.from({ length: 40 }, (_, i) => `A-${String(i).padStart(2, '0')}`), body: 'z'.repeat(8400) }];
    for (let i = 0; i < 40; i += 1) big.push({ id: `A-${String(i).padStart(2, '0')}`, title: 'A', dependsOn: [], body: 'x'.repeat(400) });
    const ws = syntheticWorkspace(big);
    const bundle = buildBundle(ws, { taskId: 'T', maxTokens: 300 });
    const lines = bundle.split('\n');
    expect(lines.slice(1, 4)).toEqual(['maxDepth: 5', 'truncated: true', 'budget: 300 tokens, 40 omitted']);
    expect(bundle.match(/^- `A-\d\d` ≈\d+ tokens: /gm)).toHaveLength(40);
    // What is not the task's own document stays within the allowance.
    const own = estimateTokens(bundle.slice(bundle.indexOf('\n### T — ') + 1));
    expect(estimateTokens(bundle) - own).toBeLessThanOrEqual(2000);
    expect(own).toBeGreaterThan(2000);
  });

  it('keeps the depth asked for when the whole bundle fits', () => {
    const bundle = buildBundle(workspace, { taskId: 'T', maxTokens: 100_000 });
    expect(bundle.split('\n').slice(1, 3)).toEqual(['maxDepth: 5', 'truncated: false']);
    expect(bundle).not.toContain('lowered');
  });
});

describe('hints in the command line\'s words (issue 28)', () => {
  it('with commands: cli, an omitted document is fetched with docugraph context, a cycle is seen with docugraph validate', () => {
    const workspace = loadWorkspace(testdir({ 'a.md': '---\nid: A\ntitle: A\ndepends_on: [B]\n---\n' + 'a'.repeat(4000), 'b.md': '---\nid: B\ntitle: B\n---\n' + 'b'.repeat(4000) }));
    const cli = buildBundle(workspace, { taskId: 'A', maxTokens: 1200, commands: 'cli' });
    expect(cli).toMatch(/\n- `B` ≈\d+ tokens: b\.md — docugraph context B --max-depth 0\n/);
    expect(buildBundle(workspace, { taskId: 'A', maxTokens: 1200 })).toMatch(/\n- `B` ≈\d+ tokens: b\.md — get_task_context with taskId `B` and maxDepth 0, or read docugraph:\/\/docs\/B\n/);
    const cycle = loadWorkspace(testdir({ 'a.md': '---\nid: A\ndepends_on: [B]\n---\n', 'b.md': '---\nid: B\ndepends_on: [A]\n---\n' }));
    expect(() => buildBundle(cycle, { taskId: 'A', commands: 'cli' })).toThrow(/Run `docugraph validate` to see every cycle/);
    expect(() => buildBundle(cycle, { taskId: 'A' })).toThrow(/Run validate_traceability to see every cycle/);
  });
});
