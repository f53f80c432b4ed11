/**
 * The ratio harness itself: it passes linear work and fails quadratic work, retries included.
 */
import { describe, expect, it } from 'vitest';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

const build = (n: number) => Array.from({ length: n }, (_, i) => (i * 7919) % 1000);

describe('the complexity harness', () => {
  it('passes a linear pass over an array', () => {
    let sink = 0;
    const ratio = measureRatio(build, (values) => {
      for (let r = 0; r < 20; r += 1) for (const v of values) sink += v;
    }, { start: 1000, max: 4_000_000, targetMs: 20 });
    expect(nearLinear(ratio), ratio.summary).toBe(true);
    expect(sink).toBeGreaterThan(0);
  });

  it('fails a quadratic pass (every pair), even after its retries', () => {
    let sink = 0;
    const ratio = measureRatio(build, (values) => {
      for (let i = 0; i < values.length; i += 1) for (let j = i + 1; j < values.length; j += 1) if (values[i] === values[j]) sink += 1;
    }, { start: 100, max: 40_000, targetMs: 5 });
    expect(nearLinear(ratio), ratio.summary).toBe(false);
    expect(ratio.ratio).toBeGreaterThan(10);
    expect(sink).toBeGreaterThan(0);
  });
});
