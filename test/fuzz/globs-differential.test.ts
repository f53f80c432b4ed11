/**
 * Differential: `compileGlobs` answers as the `ignore` package (v7, the matcher it replaced)
 * on generated rule sets × paths, as a file's text and as a configuration list, for every
 * path and every directory above it, asked in random order of one matcher (its memory of
 * directories) and of a fresh one. Left out: the rules where DocuGraph follows git instead
 * (`followsGit`, see docs/decisions.md). Seeded (`FUZZ_SEED`); `FUZZ_RUNS` scales the cases
 * (`npm run fuzz` runs more).
 */
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { compileGlobs } from '../../src/core/read/compile-globs.js';
import { followsGit, randomPaths, randomPattern, verdict } from '../helpers/glob-cases.js';
import { FUZZ_SEED, fuzzRuns, fuzzTimeout, Rng } from '../helpers/prng.js';

/** Compares both matchers on `paths` (and, `fresh`, a new matcher for each path); returns the differences. */
function differences(rules: string | readonly string[], paths: readonly string[], label: string, fresh = true): string[] {
  const reference = ignore({ ignorecase: false }).add(typeof rules === 'string' ? rules : [...rules]);
  const matcher = compileGlobs(rules);
  const out: string[] = [];
  for (const path of paths) {
    const want = verdict(reference.test(path));
    const got = verdict(matcher.test(path));
    const alone = fresh ? verdict(compileGlobs(rules).test(path)) : want;
    if (got !== want || alone !== want) out.push(`${label}: rules ${JSON.stringify(rules)}, path ${JSON.stringify(path)}: ignore says ${want}, compileGlobs ${got} (fresh ${alone})`);
    if (matcher.matches(path) !== reference.ignores(path)) out.push(`${label}: matches(${JSON.stringify(path)}) differs from ignores`);
  }
  return out;
}

describe('compileGlobs answers as the ignore package', () => {
  it('on generated rule sets × paths, as a text and as a list (seeded)', () => {
    const base = new Rng(FUZZ_SEED);
    const failures: string[] = [];
    let compared = 0;
    // Eight rule sets per run: 480 in `npm test`, 800 in `npm run fuzz` (FUZZ_RUNS=100).
    const cases = fuzzRuns(60) * 8;
    for (let i = 0; i < cases; i += 1) {
      const rng = base.fork(i);
      const lines = Array.from({ length: rng.int(1, 6) }, () => randomPattern(rng)).filter((line) => !followsGit(line));
      const paths = randomPaths(rng, 8);
      compared += paths.length;
      const label = `seed ${FUZZ_SEED} case ${i}`;
      failures.push(...differences(lines.join('\n'), paths, `${label} (text)`), ...differences(lines, paths, `${label} (list)`));
    }
    expect(failures.slice(0, 20), failures.slice(0, 20).join('\n')).toEqual([]);
    expect(compared).toBeGreaterThan(cases * 8);
  }, fuzzTimeout(60_000));

  it('thousands of plain rules among wildcards and `!` rules: the hash maps keep the rule order', () => {
    const rng = new Rng(FUZZ_SEED).fork(1_000_000);
    const names = ['a', 'b', 'c', 'd', 'a.md', 'b.md', 'c.md'];
    const lines: string[] = [];
    for (let i = 0; i < 5_000; i += 1) {
      const path = Array.from({ length: rng.int(1, 3) }, () => rng.pick(names)).join('/');
      const kind = rng.int(0, 9);
      const line = kind < 5 ? path : kind === 5 ? `/${path}/` : kind === 6 ? rng.pick(names) : kind === 7 ? `${path.replace(/[a-d]/, '*')}` : `**/${rng.pick(names)}`;
      lines.push(rng.chance(0.3) ? `!${line}` : line);
    }
    const paths: string[] = [];
    for (const a of names) for (const b of names) for (const c of ['', ...names]) paths.push(c === '' ? `${a}/${b}` : `${a}/${b}/${c}`, `${a}/${b}/`);
    expect(differences(lines, paths, 'list', false).slice(0, 10)).toEqual([]);
    expect(differences(lines.join('\n'), paths, 'text', false).slice(0, 10)).toEqual([]);
  }, 60_000);
});
