/**
 * Complexity (issue 27): the view's payload stays near-linear, measured by the ratio
 * t(4n)/t(n) (see complexity.ts): a long chain (many layers), one wide layer (many rows),
 * and a layered graph where every node depends on several of the layer above.
 */
import { describe, expect, it } from 'vitest';
import { buildViewModel } from '../../src/core/index.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';

const pad = (i: number) => String(i).padStart(7, '0');

describe('near-linear view (issue 27)', () => {
  it.each([
    ['a chain', (n: number) => Array.from({ length: n }, (_, i) => ({ id: `N-${pad(i)}`, dependsOn: i === 0 ? [] : [`N-${pad(i - 1)}`] }))],
    ['one wide layer', (n: number) => Array.from({ length: n }, (_, i) => ({ id: `N-${pad(i)}` }))],
    ['layers of 100, each node on three above', (n: number) => Array.from({ length: n }, (_, i) => ({ id: `N-${pad(i)}`, dependsOn: i < 100 ? [] : [1, 37, 99].map((k) => `N-${pad(i - k)}`) }))],
  ])('payload of %s', (_name, docs) => {
    // A high target: at ~30 ms (n = 16,000) collecting the payload's garbage put the ratio at 7.9.
    const r = measureRatio((n) => syntheticWorkspace(docs(n)), (workspace) => void buildViewModel(workspace), { start: 1_000, max: 128_000, targetMs: 100 });
    expect(nearLinear(r), r.summary).toBe(true);
    expect(buildViewModel(syntheticWorkspace(docs(300))).ids).toHaveLength(300);
  }, 90_000);
});
