/**
 * Fuzz (issue 8): random and adversarial workspaces through every core stage, in-process.
 * Each stage answers with data or a `DocugraphError` (never another exception), loading is
 * deterministic, reports and bundles keep their invariants (see core-checks.ts), and nothing
 * outside the root is read: `node:fs` is wrapped (fs-recorder.ts) and symbolic links into a
 * sentinel directory outside the workspace are planted in every case.
 * Seeded: FUZZ_SEED / FUZZ_RUNS replay or lengthen it (`npm run fuzz`).
 */
import { describe, expect, it, vi } from 'vitest';
import { randomWorkspace } from '../helpers/adversarial-docs.js';
import { exerciseEveryStage } from '../helpers/core-checks.js';
import { fsRecorder } from '../helpers/fs-recorder.js';
import { loadWorkspace } from '../../src/core/index.js';
import { FUZZ_SEED, fuzzRuns, Rng, fuzzTimeout } from '../helpers/prng.js';
import { makeSentinel, type Sentinel } from '../helpers/sentinel.js';
import { doc, testdir, type Entry } from '../helpers/testdir.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/fs-recorder.js')).wrapFs(await importOriginal<typeof import('node:fs')>()));

/** Symbolic links into the sentinel, planted in every workspace (a file, a folder, the sentinel's parent). */
function plantLinks(sentinel: Sentinel): Record<string, Entry> {
  return {
    'leak.md': { symlink: sentinel.doc },
    'linked': { symlink: sentinel.subdir },
    'sub/outside': { symlink: sentinel.dir },
    'links.md': doc({ id: 'LINKS', title: 'Links' }, '[a](leak.md#sentinel) [b](linked/leak.md#h) [c](sub/outside/secret.md#x) [d](linked/)\n'),
  };
}

describe('random and adversarial workspaces, in-process (seeded)', () => {
  it('every stage answers with data or a DocugraphError, keeps its invariants, and reads nothing outside the root', () => {
    const sentinel = makeSentinel();
    fsRecorder.watch(sentinel.dir);
    const failures: string[] = [];
    // 10 workspaces in npm test; `npm run fuzz` runs 100.
    const runs = fuzzRuns(10);
    const base = new Rng(FUZZ_SEED);
    let calls = 0;
    for (let i = 0; i < runs; i += 1) {
      const rng = base.fork(i);
      const root = testdir({ ...randomWorkspace(rng, rng.int(1, 10)), ...plantLinks(sentinel) });
      const { result, violations } = fsRecorder.during(() => exerciseEveryStage(root, rng));
      calls += fsRecorder.calls();
      const label = `seed ${FUZZ_SEED} case ${i}`;
      for (const problem of result.problems) failures.push(`${label}: ${problem}`);
      for (const v of violations) failures.push(`${label}: read outside the root: ${v}`);
      if (result.outputs.some((out) => out.includes(sentinel.marker))) failures.push(`${label}: the sentinel's content reached an output`);
    }
    expect(calls, 'the node:fs wrapper saw the core’s calls').toBeGreaterThan(0);
    expect(failures, failures.join('\n')).toEqual([]);
  }, fuzzTimeout(120_000));

  it('thousands of files sharing one id load, and each ID_DUPLICATE stays short', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i += 1) files[`d${String(i).padStart(4, '0')}/same.md`] = doc({ id: 'SAME', title: `Copy ${i}` });
    const workspace = loadWorkspace(testdir(files));
    const duplicates = workspace.diagnostics.filter((d) => d.code === 'ID_DUPLICATE');
    expect(duplicates).toHaveLength(3000);
    const longest = Math.max(0, ...duplicates.map((d) => d.message.length));
    expect(longest, 'one ID_DUPLICATE message lists every other file').toBeLessThan(2000);
    expect(duplicates[0]!.message).toMatch(/and [\d,]+ more/);
  }, 60_000);
});
