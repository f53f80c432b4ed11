/**
 * Complexity (issue 8 §2, §4): the parsing stages stay near-linear, measured by the ratio
 * t(4n)/t(n) (see complexity.ts): many links in one paragraph, large frontmatter on the full
 * YAML path, and thousands of indented reference definitions (which also must not overflow
 * the stack). Queries: queries.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/core/parse/frontmatter.js';
import { extractMarkdown } from '../../src/core/parse/markdown.js';
import { spliceStatus } from '../../src/core/parse/status-splice.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

describe('near-linear parsing (issue 8 §4)', () => {
  it.each([
    ['plain links (the fast path)', (i: number) => `[x](a${i}.md)`],
    ['links with an entity (the full inline parser)', (i: number) => `[x](a${i}.md) &amp;`],
    ['reference links and brackets', (i: number) => `[x][r${i}] [y](b${i}.md) [z]`],
    ['bare URLs and autolinks (the fast path)', (i: number) => `https://x.test/a${i} <https://x.test/b${i}> [y](b${i}.md)`],
    ['bare URLs with an entity (the full inline parser)', (i: number) => `https://x.test/a${i}, &amp;`],
    ['schemes that start no URL (the full inline parser)', (i: number) => `${i === 0 ? '&amp; ' : ''}https:// ftp://x${i}`],
    ['bare URLs after an unclosed bracket', (i: number) => `${i === 0 ? '[ ' : ''}*https://x.test/a${i}* _https://y.test/${i}_`],
  ])('many links in one paragraph: %s', (_name, link) => {
    const build = (n: number) => Array.from({ length: n }, (_, i) => link(i)).join('\n');
    const r = measureRatio(build, (body) => void extractMarkdown(body, 1), { start: 500, max: 256_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it.each([
    ['paragraphs (the block scanner)', (i: number) => `Text [x](a${i}.md) here.`],
    ['tables (the block scanner)', (i: number) => `| a | [x](a${i}.md) |\n|---|---|\n| b | c |`],
    ['block quotes (markdown-it, chunk by chunk)', (i: number) => `> quote [x](a${i}.md)`],
  ])('many blocks between blank lines: %s', (_name, block) => {
    const build = (n: number) => Array.from({ length: n }, (_, i) => block(i)).join('\n\n');
    const r = measureRatio(build, (body) => void extractMarkdown(body, 1), { start: 500, max: 256_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it.each([
    ['thousands of keys, each with a comment', (n: number) => Array.from({ length: n }, (_, i) => `key${i}: value ${i} # note ${i}`).join('\n')],
    ['a nested mapping', (n: number) => `root:\n${Array.from({ length: n }, (_, i) => `  key${i}: value ${i}`).join('\n')}`],
    ['a long block list with comments', (n: number) => `id: A\ndepends_on:\n${Array.from({ length: n }, (_, i) => `  - D-${i} # why ${i}`).join('\n')}`],
    ['thousands of keys with tabs', (n: number) => Array.from({ length: n }, (_, i) => `key${i}:\tvalue ${i}`).join('\n')],
    ['a flow mapping', (n: number) => `root: {${Array.from({ length: n }, (_, i) => `key${i}: ${i}`).join(', ')}}`],
    ['thousands of anchors', (n: number) => Array.from({ length: n }, (_, i) => `key${i}: &a${i} value ${i}`).join('\n')],
  ])('large frontmatter on the full YAML path: %s', (_name, yaml) => {
    const build = (n: number) => `---\n${yaml(n)}\n---\nbody\n`;
    // A high target: the quadratic part must outweigh the linear parsing at n.
    const r = measureRatio(build, (text) => void parseFrontmatter(text), { start: 250, max: 128_000, targetMs: 120 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('the status splice of `docugraph done` on thousands of keys (its duplicate check was quadratic: 50,000 keys took 13.6 s)', () => {
    const build = (n: number) => `---\n${Array.from({ length: n }, (_, i) => `key${i}: value ${i}`).join('\n')}\nstatus: todo\n---\nbody\n`;
    const r = measureRatio(build, (text) => {
      const splice = spliceStatus(text, 'status', 'done');
      if (!splice.ok) throw new Error(splice.message);
    }, { start: 250, max: 128_000, targetMs: 120 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it.each([
    ['at the top level', (i: number) => `${i === 0 ? '' : '    '}[d${i}]: x${i}.md`],
    ['in a block quote', (i: number) => `> ${i === 0 ? '' : '    '}[d${i}]: x${i}.md`],
  ])('thousands of indented reference definitions (%s): no stack overflow, near-linear', (_name, line) => {
    const build = (n: number) => Array.from({ length: n }, (_, i) => line(i)).join('\n');
    // Measured at 10 000 and 40 000 definitions (5 000 overflowed the stack of the built
    // binaries); at 5 000 a run took ~11 ms, where one collection of garbage moved the ratio
    // past the bound.
    const r = measureRatio(build, (body) => void extractMarkdown(body, 1), { start: 10_000, max: 40_000, targetMs: 0 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);
});
