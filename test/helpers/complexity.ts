/**
 * Near-linearity by ratio, not by absolute time (issue 8 §4): an input class is built at a
 * size n and at 4n, the operation is timed (best of several), and the ratio t(4n)/t(n) is
 * compared with a bound — about 4 for linear work, 16 for quadratic.
 * n is calibrated first: grown from `start` until a run takes `targetMs`, so that a slow
 * (quadratic) implementation is measured at a small n and a fast one at a large n, and the
 * timings stay well above timer noise without making the file slow.
 *
 * The time is this process's CPU time (`process.cpuUsage`, user + system, its threads
 * included), not the wall clock: it is the work a run does, and it stays the same when other
 * test files (npm test runs several at once on two cores) or other processes take the CPU
 * from it — a wall-clock timing of n taken while a neighbour ran read as a quadratic ratio.
 * Test files run in processes of their own (vitest's `forks` pool), so nothing else is counted.
 */

import { expect } from 'vitest';

export interface RatioOptions {
  /** First size tried. */
  readonly start: number;
  /** Largest size measured (4n never exceeds it). */
  readonly max: number;
  /** Calibrate n until a run takes at least this long (default 60 ms). */
  readonly targetMs?: number;
}

export interface Ratio {
  readonly n: number;
  readonly tn: number;
  readonly t4n: number;
  /** t(4n)/t(n). */
  readonly ratio: number;
  /** A line for assertion messages. */
  readonly summary: string;
}

/**
 * The ratio bound the complexity tests assert: linear is ~4, n log n ~4.5, quadratic ~16.
 * 10, not 8: a linear stage whose 4n input outgrows the caches that its neighbours share
 * measured 8.4–9.0 on fresh-clone runs with three test files on two cores, and up to 10.0 with
 * only the complexity files running, two at a time: the bound has little margin left on a
 * 2-core VM (docs/decisions.md, "A faster npm test", fifth pass); a quadratic one stays far
 * above.
 */
export const MAX_RATIO = 10;

/** The CPU time this process has used so far (user + system, every thread), in ms. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Best-of-`runs` CPU time of `body`, in ms. */
export function bestOf(runs: number, body: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i += 1) {
    const started = cpuMs();
    body();
    best = Math.min(best, cpuMs() - started);
  }
  return best;
}

/**
 * Measures t(4n)/t(n) for `run` over inputs made by `build` (building is not timed).
 * `cleanup` is called with each input once it is no longer needed. The two sizes are timed
 * in turn (n, 4n, n, 4n, …) so that load from other processes weighs on both alike.
 */
export function measureRatio<T>(build: (n: number) => T, run: (input: T) => void, options: RatioOptions, cleanup: (input: T) => void = () => {}): Ratio {
  const target = options.targetMs ?? 60;
  if (!(options.start >= 1)) throw new Error(`measureRatio: start must be at least 1 (got ${options.start})`);
  let n = options.start;
  let input = build(n);
  run(input); // warm-up (JIT, caches)
  // Calibrate: grow n while a run is faster than the target and 4n stays within max. The
  // largest size (4n = max) is final without being timed here; the timings of the final n
  // are kept as the first of t(n) (more samples of the same run on the same input).
  let tn = Number.POSITIVE_INFINITY;
  // Only the first input is warmed up: the best of two runs absorbs what a new size costs
  // once. A run under the target needs no second one (the best of two would be under it too).
  // The next size aims a little past the target from the run just timed (at most 4n, at least
  // 1.25n, a multiple of 4 so that n / 2 and n / 4 stay whole), where doubling left t(n)
  // anywhere up to twice the target and the 4n run, the dearest of all, up to eight times it.
  // t(n) is still at least the target (or n the largest size): the sensitivity is the same.
  // A size that would put 4n past max is cut to max / 4 (a smaller step).
  const largest = Math.floor(options.max / 4);
  while (n < largest) {
    const first = bestOf(1, () => run(input));
    tn = first < target ? first : Math.min(first, bestOf(1, () => run(input)));
    if (tn >= target) break;
    const factor = Math.min(4, Math.max(1.25, (target * 1.25) / Math.max(tn, 0.001)));
    tn = Number.POSITIVE_INFINITY;
    cleanup(input);
    n = Math.min(largest, Math.ceil((n * factor) / 4) * 4);
    input = build(n);
  }
  const big = build(4 * n);
  // t(n) is the best of at least three runs (a t(n) read too high would hide a quadratic
  // ratio): the calibration's two at this size, or three now when n was set by `max`.
  tn = Math.min(tn, bestOf(Number.isFinite(tn) ? 1 : 3, () => run(input)));
  let t4n = bestOf(1, () => run(big)); // includes the warm-up of 4n
  // While the ratio is over the bound, up to nine more rounds (n twice, 4n once): one pause of
  // the collector, or the first run of 4n, inflates a single timing, never the best of several,
  // while a super-linear stage stays over the bound in every round.
  for (let i = 0; i < 9 && t4n / Math.max(tn, 0.001) > MAX_RATIO; i += 1) {
    tn = Math.min(tn, bestOf(2, () => run(input)));
    t4n = Math.min(t4n, bestOf(1, () => run(big)));
  }
  cleanup(input);
  cleanup(big);
  const ratio = t4n / Math.max(tn, 0.001);
  if (process.env['COMPLEXITY_LOG'] !== undefined) process.stderr.write(`complexity: [${expect.getState().currentTestName ?? ''}] n=${n} t(n)=${tn.toFixed(1)} t(4n)=${t4n.toFixed(1)} ratio ${ratio.toFixed(1)}\n`);
  return { n, tn, t4n, ratio, summary: `n=${n}: t(n)=${tn.toFixed(1)} ms, t(4n)=${t4n.toFixed(1)} ms, ratio ${ratio.toFixed(1)} (bound ${MAX_RATIO})` };
}

/** `true` when the ratio is within the bound, or the work at 4n is too small to matter (< 5 ms). */
export function nearLinear(ratio: Ratio): boolean {
  return ratio.t4n < 5 || ratio.ratio <= MAX_RATIO;
}
