/**
 * Fuzz (issue 8 §8): no link may be lost to a nesting limit. Deeply nested block quotes,
 * lists and bracket nests hold a broken link; micromark (the CommonMark/GFM reference) says
 * which links the body has, and the workspace report must flag every one of them as
 * `MD_LINK_BROKEN` — or report, on that file, the part it could not parse.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { extractMarkdown as reference } from '../helpers/micromark-reference.js';
import { FUZZ_SEED, fuzzRuns, Rng, fuzzTimeout } from '../helpers/prng.js';
import { testdir } from '../helpers/testdir.js';

type Shape = (depth: number, link: string) => string;

/** Ways to bury a link `depth` levels deep. */
const SHAPES: Record<string, Shape> = {
  'block quotes': (depth, link) => `${'> '.repeat(depth)}${link}\n`,
  'block quotes on lines': (depth, link) => `${Array.from({ length: depth }, (_, i) => `${'>'.repeat(i + 1)} level ${i}`).join('\n')}\n${'>'.repeat(depth)} ${link}\n`,
  'nested lists': (depth, link) => `${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')}\n${'  '.repeat(depth)}- ${link}\n`,
  'quotes in lists': (depth, link) => `${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- > item ${i}`).join('\n')}\n${'  '.repeat(depth)}- > ${link}\n`,
  'brackets in the link text': (depth, link) => `${link.replace(/^\[/, `[${'['.repeat(depth)}`).replace('](', `${']'.repeat(depth)}](`)}\n`,
  'emphasis around the link': (depth, link) => `${'*_'.repeat(depth)}${link}${'_*'.repeat(depth)}\n`,
  'links in link text': (depth, link) => `${'[a '.repeat(depth)}${link}${'](x)'.repeat(depth)}\n`,
};

const DEPTHS = [5, 20, 60, 99, 100, 101, 130, 200];

/**
 * What the report says about the file, and the broken links the reference parser finds. A file
 * the report already says something else about (the part it could not parse) passes whatever
 * the reference finds, so the reference runs only on the others (`expected` is `[]` then):
 * micromark is the slow side, quadratic in the depth of a nested list (seconds at depth 200).
 */
function check(body: string): { expected: string[]; reported: string[]; otherFindings: string[] } {
  const root = testdir({ 'deep.md': `---\nid: DEEP\ntitle: Deep\n---\n${body}` });
  const findings = loadWorkspace(root).diagnostics.filter((d) => d.path === 'deep.md');
  const reported = findings.filter((d) => d.code === 'MD_LINK_BROKEN').map((d) => /link `([^`]*)`/.exec(d.message)?.[1] ?? d.message);
  const otherFindings = findings.filter((d) => d.code !== 'MD_LINK_BROKEN').map((d) => `${d.code}: ${d.message}`);
  const expected = otherFindings.length > 0 ? [] : reference(body, 5).links.map((l) => l.url).filter((url) => url.startsWith('missing-'));
  return { expected: expected.sort(), reported: reported.sort(), otherFindings };
}

describe('links buried in deep nesting are reported (issue 8 §8)', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`${name}, at depths ${DEPTHS.join(', ')}`, () => {
      const lost: string[] = [];
      for (const depth of DEPTHS) {
        const link = `[x](missing-${depth}.md)`;
        const { expected, reported, otherFindings } = check(shape(depth, link));
        const found = expected.every((url) => reported.includes(url));
        if (!found && otherFindings.length === 0) lost.push(`depth ${depth}: micromark finds ${JSON.stringify(expected)}, the report has ${JSON.stringify(reported)} and nothing else on the file`);
      }
      expect(lost, lost.join('\n')).toEqual([]);
    });
  }

  it('random mixes of nesting (seeded)', () => {
    const base = new Rng(FUZZ_SEED);
    const lost: string[] = [];
    for (let i = 0; i < fuzzRuns(30); i += 1) {
      const rng = base.fork(i);
      const shapes = Object.values(SHAPES);
      let body = `[x](missing-${i}.md)`;
      const layers = rng.int(1, 4);
      for (let l = 0; l < layers; l += 1) body = rng.pick(shapes)(rng.int(1, 70), body).trimEnd();
      const { expected, reported, otherFindings } = check(`${body}\n`);
      if (!expected.every((url) => reported.includes(url)) && otherFindings.length === 0) {
        lost.push(`seed ${FUZZ_SEED} case ${i}: micromark finds ${JSON.stringify(expected)}, the report has ${JSON.stringify(reported)}`);
      }
    }
    expect(lost, lost.join('\n')).toEqual([]);
  }, fuzzTimeout(60_000));
});
