/**
 * Complexity (issue 8 §3, §4): queries stay near-linear, measured by the ratio t(4n)/t(n)
 * (see complexity.ts): a whitespace-heavy acceptance criterion, a bundle whose dependencies
 * become ready in reverse order, and a long unknown task id against many ids.
 */
import { describe, expect, it } from 'vitest';
import { dependencyOrder } from '../../src/core/answer/build-bundle.js';
import { buildBundle, getAcceptanceCriteria, loadWorkspace, TaskNotFoundError } from '../../src/core/index.js';
import type { Workspace } from '../../src/core/shared/types.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';
import { testdir } from '../helpers/testdir.js';

describe('near-linear queries (issue 8 §3, §4)', () => {
  it.each([
    ['a list item of spaces without a line break', (n: number) => `---\nid: A\ntitle: A\n---\n## Acceptance criteria\n\n- a${' '.repeat(n)}b\n`],
    ['a list item of tabs and spaces', (n: number) => `---\nid: A\ntitle: A\n---\n## Acceptance criteria\n\n- a${' \t'.repeat(n / 2)}b\n`],
    ['a frontmatter criterion of spaces', (n: number) => `---\nid: A\ntitle: A\nacceptance_criteria:\n  - "a${' '.repeat(n)}b"\n---\n`],
  ])('get_acceptance_criteria with a whitespace-heavy criterion: %s', (_name, text) => {
    const build = (n: number) => loadWorkspace(testdir({ 'a.md': text(n) }));
    const r = measureRatio(build, (workspace) => void getAcceptanceCriteria(workspace, 'A'), { start: 1_000, max: 1_024_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a bundle whose thousands of dependencies become ready in reverse order', () => {
    // T depends on every A-i and B-i; B-i depends on A-i. Taking the smallest ready id first,
    // each A-i readies B-i, which sorts after every id already waiting.
    const pad = (i: number) => String(i).padStart(7, '0');
    const docs = (n: number) => {
      const docs = [{ id: 'T', dependsOn: Array.from({ length: n }, (_, i) => [`A-${pad(i)}`, `B-${pad(i)}`]).flat() }];
      for (let i = 0; i < n; i += 1) docs.push({ id: `A-${pad(i)}`, dependsOn: [] }, { id: `B-${pad(i)}`, dependsOn: [`A-${pad(i)}`] });
      return docs;
    };
    // Kahn's order alone, over the whole closure. Timing a whole bundle measured 7.3–8.2 on a
    // 2-vCPU VM (walking, rendering 128 000 sections and collecting their garbage is linear
    // but heavy on memory) against 10.7–11.5 with a ready list kept as a sorted array: too
    // close to the bound. The order alone: 5.3–5.8 with the heap, 11.8–13.0 with a sorted
    // array. Fixed sizes (16 000 and 64 000 pairs): the moves of a sorted-array insertion are
    // cheap (memmove), and only outweigh the linear work from about this size. That bundles
    // come in this order is tested in bounded-work.test.ts. The order reads only the graph's
    // two maps, so the timed inputs are those maps (a whole workspace of 128 000 documents took
    // seconds to build, twice); the small case below goes through the workspace stages.
    const graphOnly = (n: number) => {
      const upstream = new Map<string, string[]>();
      const downstream = new Map<string, string[]>();
      for (const { id, dependsOn } of docs(n)) {
        upstream.set(id, dependsOn);
        if (!downstream.has(id)) downstream.set(id, []);
        for (const dep of dependsOn) (downstream.get(dep) ?? downstream.set(dep, []).get(dep)!).push(id);
      }
      return { workspace: { upstream, downstream } as unknown as Workspace, included: new Set(upstream.keys()) };
    };
    const r = measureRatio(graphOnly, ({ workspace, included }) => void dependencyOrder(workspace, included), { start: 16_000, max: 64_000, targetMs: 0 });
    expect(nearLinear(r), r.summary).toBe(true);
    const small = syntheticWorkspace(docs(3));
    expect(dependencyOrder(small, new Set(small.nodes.keys()))).toEqual(['A-0000000', 'A-0000001', 'A-0000002', 'B-0000000', 'B-0000001', 'B-0000002', 'T']);
  }, 90_000);

  it('TASK_NOT_FOUND suggestions for a long unknown id against many ids (both grow with n)', () => {
    const build = (n: number) => ({ workspace: syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `T-${i}` }))), taskId: `T-${'9'.repeat(10 * n)}` });
    const r = measureRatio(
      build,
      ({ workspace, taskId }) => {
        try {
          buildBundle(workspace, { taskId });
        } catch (error) {
          if (!(error instanceof TaskNotFoundError)) throw error;
        }
      },
      { start: 50, max: 10_000 },
    );
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

});
