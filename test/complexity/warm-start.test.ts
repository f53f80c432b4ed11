/**
 * Complexity (issue 38): a warm start from the on-disk index — the folder listings taken, the
 * files' entries merged with the files listed, the kept stages and findings read back — stays
 * near-linear in the number of files, measured by the ratio t(4n)/t(n) (see complexity.ts).
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, loadIndexed } from '../../src/core/index.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { doc, testdir } from '../helpers/testdir.js';

/** `n` documents in folders of 32, each depending on the one before and linking to it; with an index written of them. */
function indexedWorkspace(n: number): { root: string; dir: string } {
  const files: Record<string, string> = {};
  const path = (i: number) => `area-${Math.floor(i / 32)}/doc-${i}.md`;
  for (let i = 0; i < n; i += 1) {
    const before = i === 0 ? [] : [`D-${i - 1}`];
    files[path(i)] = doc({ id: `D-${i}`, title: `Doc ${i}`, type: 'task', status: i % 3 === 0 ? 'done' : 'todo', depends_on: before }, i === 0 ? 'First.\n' : `After [the one before](../${path(i - 1)}).\n`);
  }
  const root = testdir(files);
  const dir = testdir({});
  // A clock ahead: every file and folder is old enough to be kept.
  const { saveIndex, fromIndex } = loadIndexed(root, { cache: { dir, version: 'test', now: () => Date.now() + 10_000 } });
  expect(fromIndex).toBe(0);
  expect(saveIndex()).toBe(true);
  return { root, dir };
}

const ONE_THREAD = { statAhead: { minFiles: Number.POSITIVE_INFINITY }, indexRead: { minBytes: Number.POSITIVE_INFINITY } };

describe('near-linear warm start (issue 38)', () => {
  it('a start that takes every file and folder listing from the index', () => {
    const warm = ({ root, dir }: { root: string; dir: string }) => {
      // On this thread only: the ratio is of the process's CPU time, and the workers start only above a size.
      const { workspace, fromIndex, listingsFromIndex } = loadIndexed(root, { cache: { dir, version: 'test', now: () => Date.now() + 10_000, ...ONE_THREAD } });
      if (fromIndex !== workspace.files.length || listingsFromIndex === 0) throw new Error(`not a warm start: ${fromIndex} files, ${listingsFromIndex} listings taken`);
      formatReport(buildReport(workspace));
    };
    const r = measureRatio(indexedWorkspace, warm, { start: 250, max: 16_000 }, ({ root, dir }) => (rmSync(root, { recursive: true, force: true }), rmSync(dir, { recursive: true, force: true })));
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);
});
