/**
 * The ratio harness itself: it passes linear work and fails quadratic work, retries included.
 */
import { describe, expect, it } from 'vitest';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

const build = (n: number) => Array.from({ length: n }, (_, i) => (i * 7919) % 1000);

describe('the complexity harness', () => {
  it('passes a linear pass over an array', () => {
    let sink = 0;
    // Arithmetic on each item (not a sum), so that a run takes the target at a few ten
    // thousand items and even 4n (at most 131,072 items, 1 MB) stays in a core's cache: a sum
    // over a million items reached 10.3 (its 4n outgrew the caches the VM shares), which says
    // something about the machine, not about the harness.
    const ratio = measureRatio(build, (values) => {
      for (const v of values) {
        let x = v;
        for (let k = 0; k < 640; k += 1) x = Math.imul(x ^ k, 0x9e3779b1) >>> 0;
        sink += x & 1;
      }
    }, { start: 1000, max: 131_072, targetMs: 20 });
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
