/**
 * Complexity (issue 21): gitignore globs stay near-linear, measured by the ratio t(4n)/t(n)
 * (see complexity.ts), on the classes that made the regular expressions of the `ignore`
 * package backtrack (×3 per extra `**`) or cost rules × paths: many `**` against a deep path,
 * a deep path against a rule with many `**`, `*a*a*a…` against a long name, and as many plain
 * rules as paths. Each run compiles the rules afresh, so nothing is remembered between runs.
 */
import { describe, expect, it } from 'vitest';
import { compileGlobs } from '../../src/core/read/compile-globs.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

/** Compiles `rules` and asks about each path; returns how many matched (so nothing is optimised away). */
function matchAll(rules: string | readonly string[], paths: readonly string[]): number {
  const matcher = compileGlobs(rules);
  let matched = 0;
  for (const path of paths) if (matcher.matches(path)) matched += 1;
  return matched;
}

const DEEP = `${'a/'.repeat(2_048)}x.md`;

describe('near-linear globs (issue 21)', () => {
  it('n `**` in one rule (`a/**/a/**/…/b`) against a file 2,048 directories deep', () => {
    const r = measureRatio((n) => `${'a/**/'.repeat(n)}b`, (rule) => void matchAll(rule, [DEEP]), { start: 8, max: 2_048 });
    expect(nearLinear(r), r.summary).toBe(true);
    expect(matchAll(`${'a/**/'.repeat(11)}b`, [DEEP])).toBe(0);
    expect(matchAll(`${'a/**/'.repeat(11)}x.md`, [DEEP])).toBe(1);
  }, 60_000);

  it('a file n directories deep against a rule with 11 `**`', () => {
    const rule = `${'a/**/'.repeat(11)}b`;
    const r = measureRatio((n) => [`${'a/'.repeat(n)}x.md`], (paths) => void matchAll(rule, paths), { start: 64, max: 1 << 18 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('`*a*a*a…*b*` (30 stars) against a name of n characters', () => {
    const rule = `${'*a'.repeat(30)}*b*`;
    const r = measureRatio((n) => ['a'.repeat(n)], (names) => void matchAll(rule, names), { start: 1_000, max: 1 << 24 });
    expect(nearLinear(r), r.summary).toBe(true);
    expect(matchAll(rule, [`${'a'.repeat(40)}b`])).toBe(1);
  }, 60_000);

  it('`*a*a*a…` with n/4 stars against a name of n characters', () => {
    const build = (n: number) => ({ rule: `${'*a'.repeat(n / 4)}*b`, name: 'a'.repeat(n) });
    const r = measureRatio(build, ({ rule, name }) => void matchAll(rule, [name]), { start: 1_000, max: 1 << 22 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a literal run after a star (`*aaaa…b*`, the greedy match’s worst case) against a name of n characters', () => {
    const rule = `*${'a'.repeat(20)}b*`;
    const r = measureRatio((n) => ['a'.repeat(n)], (names) => void matchAll(rule, names), { start: 1_000, max: 1 << 22 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('n plain `exclude` entries against n files (hash lookups, not entries × files)', () => {
    const build = (n: number) => ({
      rules: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `docs/old/file${i}.md` : `file${i}.txt`)),
      paths: Array.from({ length: n }, (_, i) => `docs/d${i % 50}/file${i}.md`),
    });
    const r = measureRatio(build, ({ rules, paths }) => void matchAll(rules, paths), { start: 500, max: 256_000 });
    expect(nearLinear(r), r.summary).toBe(true);
    expect(matchAll(['docs/old/file2.md', 'file3.txt'], ['docs/old/file2.md', 'x/file3.txt', 'docs/old/file3.md'])).toBe(2);
  }, 60_000);
});
