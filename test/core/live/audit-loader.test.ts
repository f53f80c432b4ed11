/**
 * Workspaces loaded on request for `validate_traceability` (issue 21 §1 and §6): the checked
 * root is never resolved again — swapped for a link before or during its load it is refused,
 * gone it is WORKSPACE_NOT_FOUND —, one load runs at a time and lets the event loop run,
 * requests waiting for the same root share one load, and kept indexes are bounded.
 */
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuditLoader } from '../../../src/core/live/audit-loader.js';
import { buildReport, formatReport, PathNotAllowedError, WorkspaceNotFoundError } from '../../../src/core/index.js';
import { makeSentinel } from '../../helpers/sentinel.js';
import { doc, testdir } from '../../helpers/testdir.js';

function chain(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i += 1) files[`sub/d${i}.md`] = doc({ id: `D-${i}`, title: `Doc ${i}`, ...(i > 0 ? { depends_on: [`D-${i - 1}`] } : {}) }, `# Doc ${i}\n`);
  return files;
}

/** Swaps `dir` for a symbolic link to `target` (atomically, as an attacker would); returns how to undo it. */
function swapForLink(dir: string, target: string): () => void {
  const aside = `${dir}.aside`;
  renameSync(dir, aside);
  symlinkSync(target, dir);
  return () => {
    rmSync(dir);
    renameSync(aside, dir);
  };
}

describe('createAuditLoader', () => {
  it('loads the checked root, and refuses it once it was swapped for a link before its load started', async () => {
    const sentinel = makeSentinel();
    const root = testdir(chain(3));
    const sub = join(root, 'sub');
    const loader = createAuditLoader();
    expect((await loader.load(sub)).ids).toEqual(['D-0', 'D-1', 'D-2']);
    // Checked, then swapped before the load starts: the load starts a turn later.
    const pending = loader.load(sub);
    const undo = swapForLink(sub, sentinel.subdir);
    const error = await pending.catch((e: unknown) => e);
    undo();
    expect(error).toBeInstanceOf(PathNotAllowedError);
    expect(String((error as Error).message)).not.toContain(sentinel.marker);
    // Swapped back: the same root loads again.
    expect((await loader.load(sub)).ids).toEqual(['D-0', 'D-1', 'D-2']);
    loader.close();
  });

  it('a root swapped for a link while it loads: the outside is never shown, and the answer is a refusal', async () => {
    const sentinel = makeSentinel();
    const root = testdir(chain(200));
    const sub = join(root, 'sub');
    // Every step its own slice: the swap lands in the middle of the load.
    const loader = createAuditLoader({ sliceMs: -1 });
    const pending = loader.load(sub);
    let undo: (() => void) | undefined;
    let turns = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        turns += 1;
        if (turns === 20) undo = swapForLink(sub, sentinel.subdir);
        if (turns < 40) setImmediate(tick);
        else resolve();
      };
      setImmediate(tick);
    });
    const outcome = await pending.then(
      (workspace) => formatReport(buildReport(workspace)),
      (error: unknown) => error,
    );
    undo?.();
    expect(outcome).toBeInstanceOf(PathNotAllowedError);
    expect(String(outcome)).not.toContain(sentinel.marker);
    loader.close();
  });

  it('a root that vanished is WORKSPACE_NOT_FOUND, a file there is too; never an internal error', async () => {
    const root = testdir(chain(2));
    const sub = join(root, 'sub');
    const loader = createAuditLoader();
    const pending = loader.load(sub);
    rmSync(sub, { recursive: true });
    await expect(pending).rejects.toBeInstanceOf(WorkspaceNotFoundError);
    writeFileSync(sub, 'not a directory');
    await expect(loader.load(sub)).rejects.toBeInstanceOf(WorkspaceNotFoundError);
    loader.close();
  });

  it('shares one load among requests waiting for the same root, and sees changes made before a later request', async () => {
    const root = testdir(chain(2));
    const sub = join(root, 'sub');
    const loader = createAuditLoader();
    const batch = Array.from({ length: 40 }, () => loader.load(sub));
    const answers = await Promise.all(batch);
    expect(new Set(answers).size).toBe(1);
    writeFileSync(join(sub, 'd2.md'), doc({ id: 'D-2', title: 'Doc 2', depends_on: ['D-1'] }));
    expect((await loader.load(sub)).ids).toEqual(['D-0', 'D-1', 'D-2']);
    loader.close();
  });

  it('loads in slices, one root after the other: other work runs between their steps', async () => {
    const root = testdir({ ...chain(400), ...Object.fromEntries(Object.entries(chain(400)).map(([path, text]) => [path.replace('sub/', 'other/'), text])) });
    // Every step its own slice, so the count below does not depend on the machine's speed.
    const loader = createAuditLoader({ sliceMs: -1 });
    let turns = 0;
    let loading = true;
    const spin = () => {
      turns += 1;
      if (loading) setImmediate(spin);
    };
    setImmediate(spin);
    const [a, b] = await Promise.all([loader.load(join(root, 'sub')), loader.load(join(root, 'other'))]);
    loading = false;
    expect(a.ids.length).toBe(400);
    expect(b.ids.length).toBe(400);
    // Two loads of 400 files, one after the other: the event loop ran between their steps.
    expect(turns).toBeGreaterThan(400);
    loader.close();
  });

  it('keeps at most maxCached indexes and maxCachedFiles files, and the answers stay right when one was dropped', async () => {
    const files: Record<string, string> = {};
    for (let d = 0; d < 5; d += 1) for (let i = 0; i < 3; i += 1) files[`d${d}/f${i}.md`] = doc({ id: `X${d}-${i}`, title: 't' });
    const root = testdir(files);
    const loader = createAuditLoader({ maxCached: 2, maxCachedFiles: 6 });
    for (let round = 0; round < 2; round += 1) {
      for (let d = 0; d < 5; d += 1) expect((await loader.load(join(root, `d${d}`))).ids).toEqual([`X${d}-0`, `X${d}-1`, `X${d}-2`]);
      // Two indexes of 3 files fit; a third does not.
      expect(loader.cached()).toEqual([join(root, "d3"), join(root, "d4")]);
    }
    mkdirSync(join(root, 'd0', 'deeper'));
    writeFileSync(join(root, 'd0', 'deeper', 'n.md'), doc({ id: 'X0-9', title: 't' }));
    expect((await loader.load(join(root, 'd0'))).ids).toEqual(['X0-0', 'X0-1', 'X0-2', 'X0-9']);
    loader.close();
  });
});
