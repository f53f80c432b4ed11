/**
 * Issue 53, item 6: loading is linear in the depth of a folder tree (2,000 levels took 10.9 s:
 * each folder's `.gitignore` chain was found by walking up every ancestor, with a slice of the
 * path at each step — cubic in the depth). Measured at n and 4n levels of one folder each, with
 * a `.gitignore` at the root and a Markdown file at the bottom that links to the top.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../src/core/index.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

interface Deep {
  readonly root: string;
  readonly levels: number;
}

/** `levels` folders `d/d/…`, the deepest holding `deep.md`. */
function deepTree(levels: number): Deep {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-deep-')));
  writeFileSync(join(root, '.gitignore'), '*.tmp\n');
  writeFileSync(join(root, 'top.md'), '# Top\n');
  let at = root;
  for (let k = 0; k < levels; k += 1) mkdirSync((at = join(at, 'd')));
  writeFileSync(join(at, 'deep.md'), `---\nid: DEEP\ntitle: Deep\n---\n[top](${'../'.repeat(levels)}top.md)\n`);
  return { root, levels };
}

/** Removed from the bottom up (a recursive `rmSync` runs out of stack some 2,000 levels down). */
function remove({ root, levels }: Deep): void {
  let at = join(root, ...Array<string>(levels).fill('d'));
  unlinkSync(join(at, 'deep.md'));
  for (let k = 0; k < levels; k += 1, at = join(at, '..')) rmdirSync(at);
  for (const file of ['.gitignore', 'top.md']) unlinkSync(join(root, file));
  rmdirSync(root);
}

describe('folder depth (issue 53, item 6)', () => {
  it('a tree n and 4n folders deep loads in time linear in its depth', () => {
    const r = measureRatio(deepTree, ({ root }) => void buildReport(loadWorkspace(root)), { start: 100, max: 1_600, targetMs: 20 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
    const tree = deepTree(1_000);
    try {
      const ws = loadWorkspace(tree.root);
      expect(ws.nodes.get('DEEP')?.path).toBe(`${'d/'.repeat(1_000)}deep.md`);
      expect(buildReport(ws).valid).toBe(true);
    } finally {
      remove(tree);
    }
  }, 60_000);
});
