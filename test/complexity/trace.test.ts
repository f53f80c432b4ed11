/**
 * Complexity (issue 26): tracing stays near-linear, measured by the ratio t(4n)/t(n): scanning
 * n source files for tags (listing, reading, parsing), and checking n traces against n
 * documents with coverage rules (TRACE_BROKEN's "did you mean" included), then the code of an
 * impact answer that reaches every document.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeImpact } from '../../src/core/index.js';
import { applyTraces } from '../../src/core/check/check-traces.js';
import { createTraceIndex } from '../../src/core/live/trace-index.js';
import type { Trace } from '../../src/core/shared/types.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';
import { testdir } from '../helpers/testdir.js';

const pad = (i: number) => String(i).padStart(7, '0');
const remove = (root: string) => rmSync(root, { recursive: true, force: true });

describe('near-linear tracing (issue 26)', () => {
  it('scanning n source files, one in four with tags', () => {
    const body = 'export const value = compute(1, "text to look like code");\n'.repeat(10);
    const build = (n: number) => {
      const files: Record<string, string> = {};
      for (let i = 0; i < n; i += 1) files[`src/m${Math.floor(i / 100)}/f${i}.ts`] = i % 4 === 0 ? `// docugraph: implements REQ-${i}, REQ-${i + 1}\n${body}` : body;
      return testdir(files);
    };
    const scan = (root: string) => {
      const index = createTraceIndex(root, { sources: ['src/**'] }, true, false);
      index.refresh();
      if (index.scan()!.files === 0) throw new Error('nothing scanned');
    };
    const r = measureRatio(build, scan, { start: 250, max: 16_000 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  it('n traces against a chain of n documents, half of them broken, with coverage; the code of an impact over the whole chain', () => {
    const build = (n: number) => {
      const workspace = syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `D-${pad(i)}`, dependsOn: i === 0 ? [] : [`D-${pad(i - 1)}`] })));
      const traces: Trace[] = [];
      for (let i = 0; i < n; i += 1) traces.push({ path: `src/f${pad(i)}.ts`, line: 1, relation: i % 2 === 0 ? 'implements' : 'verifies', id: i % 4 === 3 ? `D-${pad(i)}x` : `D-${pad(i)}` });
      return { workspace, traces };
    };
    const run = ({ workspace, traces }: ReturnType<typeof build>) => {
      const traced = applyTraces(workspace, { traces, files: traces.length, root: '/synthetic' }, [{ type: 'task', relations: ['implements', 'verifies'] }]);
      analyzeImpact(traced, 'D-0000000');
    };
    const r = measureRatio(build, run, { start: 1_000, max: 64_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);
});
