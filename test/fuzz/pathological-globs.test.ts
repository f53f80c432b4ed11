/**
 * Fault suite (issue 21): globs that made the `ignore` package's regular expressions backtrack
 * (many `**` segments, as in the review's 60-byte rule, `a/**` eleven times then `/b`, and
 * `*a*a*…` segments) in a `.gitignore`, a `.docugraphignore` and `docugraph.yml` (`exclude`,
 * `include`), with a document 40 directories deep. Through the built CLI (bounded: 10 s; the
 * 11-`**` rule took 26–44 s a load before), then seeded random rules of the same kind
 * in-process, each built so that whether it matches the deep document is known, and the load
 * must say the same (FUZZ_RUNS scales them).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { runNode } from '../helpers/bounded-process.js';
import { CLI } from '../helpers/paths.js';
import { FUZZ_SEED, fuzzRuns, fuzzTimeout, Rng } from '../helpers/prng.js';
import { doc, testdir } from '../helpers/testdir.js';

const DEPTH = 40;
const DEEP = `${'a/'.repeat(DEPTH)}deep.md`;
const DOCS = { 'top.md': doc({ id: 'TOP', title: 'Top' }), [DEEP]: doc({ id: 'DEEP', title: 'Deep' }) };
/** The rule of the review: 11 `**`, 60 bytes; it matches nothing here (no `b`). */
const ELEVEN = `${'a/**/'.repeat(11)}b`;

type Place = 'gitignore' | 'docugraphignore' | 'exclude' | 'include';

/** The workspace with `rule` in `place` (`include` keeps `top.md` and what the rule matches). */
function workspaceWith(place: Place, rule: string): string {
  const quoted = JSON.stringify(rule);
  const extra: Record<Place, Record<string, string>> = {
    gitignore: { '.gitignore': `${rule}\n` },
    docugraphignore: { '.docugraphignore': `${rule}\n` },
    exclude: { 'docugraph.yml': `exclude: [${quoted}]\n` },
    include: { 'docugraph.yml': `include: ["top.md", ${quoted}]\n` },
  };
  return testdir({ ...DOCS, ...extra[place] });
}

/** The files a load keeps when `rule` does (or does not) match the deep document. */
function expectedFiles(place: Place, matches: boolean): string[] {
  return place === 'include' ? (matches ? [DEEP, 'top.md'] : ['top.md']) : matches ? ['top.md'] : [DEEP, 'top.md'];
}

describe('pathological globs, through the built CLI (bounded)', () => {
  it.each([
    ['gitignore', ELEVEN, false],
    ['docugraphignore', ELEVEN, false],
    ['exclude', ELEVEN, false],
    ['include', ELEVEN, false],
    ['gitignore', `${'a/**/'.repeat(11)}deep.md`, true],
    ['exclude', `${'*a*/**/'.repeat(11)}*e*e*`, true],
  ] as [Place, string, boolean][])('%s: %s → validate answers within 10 s', async (place, rule, matches) => {
    const root = workspaceWith(place, rule);
    const result = await runNode(CLI, ['validate', root, '--format', 'json'], { timeoutMs: 10_000, memoryKb: 3_000_000, input: null });
    expect(result.timedOut, 'hung').toBe(false);
    expect([0, 1], `exit code ${result.code}: ${result.stderr.slice(0, 500)}`).toContain(result.code);
    expect((JSON.parse(result.stdout) as { nodeCount: number }).nodeCount).toBe(expectedFiles(place, matches).length);
  }, 20_000);
});

/** Segments that each match a directory named `a`. */
const PIECES = ['a', '*', '?', '[a]', '[!b]', 'a*', '*a', '*a*', '**a', '*[a]*', '[[:alpha:]]', '\\a'];
/** Last segments: whether each matches `deep.md`. */
const ENDINGS: readonly (readonly [string, boolean])[] = [['deep.md', true], ['*.md', true], ['d*e*e*p*', true], ['*e*e*e*', false], ['b', false], ['deep.m?', true], ['*.txt', false]];

/** A rule of `pieces` segments, `**` between some, ending in `ending` after a `**`: it matches the deep document iff `pieces` ≤ 40 and `ending` matches. */
function randomRule(rng: Rng): { rule: string; matches: boolean } {
  const pieces = rng.chance(0.2) ? rng.int(DEPTH + 1, DEPTH + 20) : rng.int(1, DEPTH);
  let rule = '';
  for (let i = 0; i < pieces; i += 1) rule += `${i === 0 ? '' : rng.chance(0.6) ? '/**/' : '/'}${rng.pick(PIECES)}`;
  const [ending, endingMatches] = rng.pick(ENDINGS);
  return { rule: `${rule}/**/${ending}`, matches: endingMatches && pieces <= DEPTH };
}

describe('pathological globs, seeded, in-process', () => {
  it('random rules with many `**` and stars: the load keeps what the rule says', () => {
    const base = new Rng(FUZZ_SEED);
    const places: Place[] = ['gitignore', 'docugraphignore', 'exclude', 'include'];
    const failures: string[] = [];
    for (let i = 0; i < fuzzRuns(12); i += 1) {
      const rng = base.fork(i);
      const { rule, matches } = randomRule(rng);
      const place = rng.pick(places);
      const files = loadWorkspace(workspaceWith(place, rule)).files;
      const expected = expectedFiles(place, matches);
      if (JSON.stringify(files) !== JSON.stringify(expected)) failures.push(`seed ${FUZZ_SEED} case ${i}: ${place} ${JSON.stringify(rule)} → ${JSON.stringify(files)}, expected ${JSON.stringify(expected)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, fuzzTimeout(30_000));
});
