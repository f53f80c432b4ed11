/**
 * Complexity (issue 8 §2, §4): loading stays near-linear in the input, measured by the ratio
 * t(4n)/t(n) (see complexity.ts), for each input class that was quadratic or crashed:
 * thousands of files sharing one id, "did you mean" for missing files against thousands of
 * same-named files, many headings × many broken anchors, many `depends_on` entries, many
 * links in one file. Diagnostics stay bounded where they list things ("and N more").
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, loadWorkspace } from '../../src/core/index.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';
import { doc, testdir } from '../helpers/testdir.js';

/** Loading and reporting: the work a server or `docugraph validate` does at start. */
function loadAndReport(root: string): void {
  formatReport(buildReport(loadWorkspace(root)));
}

const remove = (root: string) => rmSync(root, { recursive: true, force: true });

describe('near-linear loading (issue 8 §4)', () => {
  it('thousands of files sharing one id; each ID_DUPLICATE is short and says "and N more"', () => {
    const build = (n: number) => {
      const files: Record<string, string> = {};
      for (let i = 0; i < n; i += 1) files[`d${i % 100}/same-${i}.md`] = doc({ id: 'SAME', title: `Copy ${i}` });
      return testdir(files);
    };
    // A high target: the quadratic messages must outweigh reading the files at n.
    const r = measureRatio(build, loadAndReport, { start: 250, max: 16_000, targetMs: 150 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
    const root = build(4_000);
    const duplicates = loadWorkspace(root).diagnostics.filter((d) => d.code === 'ID_DUPLICATE');
    expect(duplicates).toHaveLength(4_000);
    for (const d of [duplicates[0]!, duplicates[duplicates.length - 1]!]) {
      expect(d.message.length, d.message.slice(0, 300)).toBeLessThan(2_000);
      expect(d.message).toMatch(/and [\d,]+ more/);
    }
  }, 90_000);

  it('"did you mean" for missing files against thousands of files of the same name', () => {
    const build = (n: number) => {
      const files: Record<string, string> = {};
      for (let i = 0; i < n; i += 1) files[`d${i}/same.md`] = `# Same ${i}\n\n[gone](../gone-${i}/same.md)\n`;
      return testdir(files);
    };
    const r = measureRatio(build, loadAndReport, { start: 250, max: 16_000 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  it('many headings × many broken anchors in one file', () => {
    const build = (n: number) => {
      const headings = Array.from({ length: n }, (_, i) => `## Heading number ${i}`).join('\n\n');
      const links = Array.from({ length: n }, (_, i) => `[x](#missing-anchor-${i})`).join('\n\n');
      return testdir({ 'a.md': `${headings}\n\n${links}\n` });
    };
    const r = measureRatio(build, loadAndReport, { start: 250, max: 64_000 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  it('many path-like depends_on entries, one per document', () => {
    // Indexed in memory by the core's own graph stage (build-graph.ts).
    const build = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `D-${i}`, dependsOn: [`../x/y${i}.md`] }));
    const r = measureRatio(build, (docs) => void syntheticWorkspace(docs), { start: 500, max: 256_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  it('many path-like depends_on entries in one document, among many documents', () => {
    const build = (n: number) => [
      { id: 'MANY', dependsOn: Array.from({ length: n }, (_, i) => `../x/y${i}.md`) },
      ...Array.from({ length: n }, (_, i) => ({ id: `D-${i}` })),
    ];
    const r = measureRatio(build, (docs) => void syntheticWorkspace(docs), { start: 500, max: 256_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  // The ratios at 16 000 and 64 000 items. That 125 000 of them (past where spreading them
  // overflowed the stack) go through every stage, loading included, is
  // test/fuzz/stack-depth.test.ts's: these four inputs are among its seven.
  it.each([
    ['missing ids', (i: number) => `  - M${i}`],
    ['repeated ids', () => '  - M'],
    ['not strings', () => '  - 5'],
  ])('depends_on with many items (%s): near-linear', (_name, item) => {
    const build = (n: number) => testdir({ 'a.md': `---\nid: A\ntitle: A\ndepends_on:\n${Array.from({ length: n }, (_, i) => item(i)).join('\n')}\n---\n` });
    const r = measureRatio(build, loadAndReport, { start: 16_000, max: 64_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);

  it('many links in one file: near-linear', () => {
    const build = (n: number) => testdir({ 'a.md': `${Array.from({ length: n }, (_, i) => `[x](m${i}.md)`).join('\n\n')}\n` });
    const r = measureRatio(build, loadAndReport, { start: 16_000, max: 64_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);
});
