/**
 * Stat data ahead on a worker thread (src/core/read/stat-ahead.ts): with or without the worker,
 * and whether or not it has reached a file, `same` says whether the file's stat data now
 * (device, inode, size, mtime and ctime in nanoseconds, by `lstat`: never through a link) are
 * the key it is given; a path that cannot be `lstat`ed (a folder on the way became a file) is
 * no match either way.
 *
 * The worker runs from `dist` (`npm test` builds it first): worker threads run JavaScript.
 */
import { existsSync, lstatSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_INTS, pathsUnder, statKeys, writeKey, type StatKeys } from '../../../src/core/read/stat-ahead.js';
import { testdir } from '../../helpers/testdir.js';

const WORKER = new URL('../../../dist/core/read/stat-ahead-worker.js', import.meta.url);

beforeAll(() => {
  expect(existsSync(fileURLToPath(WORKER)), 'the worker runs from dist: run `npm run build` first').toBe(true);
});

/** The keys of `files` as they are now (`null` for a file `lstat` does not find), packed as the index keeps them. */
function keysNow(root: string, files: readonly string[]): Int32Array {
  const keys = new BigInt64Array(files.length * 5);
  files.forEach((file, i) => {
    const stats = lstatSync(join(root, file), { bigint: true, throwIfNoEntry: false });
    if (stats !== undefined) writeKey(stats, keys, i);
  });
  return new Int32Array(keys.buffer);
}

/** Waits until the worker has taken every file's stat data. */
async function settle(keys: StatKeys, count: number): Promise<void> {
  const until = Date.now() + 20_000;
  while (![...Array(count).keys()].every((i) => keys.taken(i))) {
    if (Date.now() > until) throw new Error('the worker never took every file');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `same` for every file against every key: one row per file. */
function table(keys: StatKeys, files: readonly string[], known: Int32Array): boolean[][] {
  return files.map((_, i) => files.map((__, at) => keys.same(i, known, at)));
}

describe('stat keys', () => {
  const files = ['a.md', 'b.md', 'dir/c.md', 'gone.md', 'link.md'];
  function workspace(): string {
    const outside = testdir({ 'target.md': 'x' });
    return testdir({ 'a.md': 'a', 'b.md': 'bb', 'dir/c.md': 'ccc', 'gone.md': 'g', 'link.md': { symlink: join(outside, 'target.md') } });
  }

  it('matches a file only with its own key, with the worker, without it, and once it is closed', async () => {
    const root = workspace();
    const known = keysNow(root, files);
    const expected = files.map((_, i) => files.map((__, at) => i === at));
    const ahead = statKeys(root, files, { workerUrl: WORKER, minFiles: 0 });
    await settle(ahead, files.length);
    const alone = statKeys(root, files, { minFiles: Number.POSITIVE_INFINITY });
    expect(alone.taken(0)).toBe(false);
    const noWorker = statKeys(root, files, { workerUrl: new URL('file:///nonexistent/worker.js'), minFiles: 0 });
    for (const keys of [ahead, alone, noWorker]) expect(table(keys, files, known)).toEqual(expected);
    ahead.close();
    expect(ahead.taken(0)).toBe(false);
    expect(table(ahead, files, known)).toEqual(expected);
  });

  it("the worker's answer is the stat data it took: the caller's own lstat only for files it has not reached", async () => {
    const root = workspace();
    const known = keysNow(root, files);
    const ahead = statKeys(root, files, { workerUrl: WORKER, minFiles: 0 });
    await settle(ahead, files.length);
    writeFileSync(join(root, 'a.md'), 'changed after the worker took it');
    expect(ahead.same(0, known, 0)).toBe(true);
    // Closed, it answers from the disk as it is now.
    ahead.close();
    expect(ahead.same(0, known, 0)).toBe(false);
  });

  it('a file changed (content, touch), gone or made a link since its key was taken does not match', async () => {
    const root = workspace();
    const known = keysNow(root, files);
    writeFileSync(join(root, 'a.md'), 'A');
    utimesSync(join(root, 'b.md'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    rmSync(join(root, 'gone.md'));
    // The key of the file the link points to (followed): never the link's.
    const target = new BigInt64Array(5);
    writeKey(statSync(join(root, 'link.md'), { bigint: true }), target, 0);
    expect(lstatSync(join(root, 'link.md')).isSymbolicLink()).toBe(true);
    const ahead = statKeys(root, files, { workerUrl: WORKER, minFiles: 0 });
    await settle(ahead, files.length);
    const alone = statKeys(root, files, { minFiles: Number.POSITIVE_INFINITY });
    for (const keys of [ahead, alone]) {
      expect(files.map((_, i) => keys.same(i, known, i))).toEqual([false, false, true, false, true]);
      expect(keys.same(4, new Int32Array(target.buffer), 0)).toBe(false);
    }
    ahead.close();
  });

  it('a path that cannot be lstat-ed any more (a folder on the way became a file) matches nothing, with or without the worker', async () => {
    const root = workspace();
    const known = keysNow(root, files);
    rmSync(join(root, 'dir'), { recursive: true });
    writeFileSync(join(root, 'dir'), 'now a file');
    const ahead = statKeys(root, files, { workerUrl: WORKER, minFiles: 0 });
    await settle(ahead, files.length);
    const alone = statKeys(root, files, { minFiles: Number.POSITIVE_INFINITY });
    for (const keys of [ahead, alone]) expect(files.map((_, i) => keys.same(i, known, i))).toEqual([true, true, false, true, true]);
    ahead.close();
  });

  it('a key differs from another in any one of its ten 32-bit halves', () => {
    const root = workspace();
    const known = keysNow(root, files);
    const keys = statKeys(root, files, { minFiles: Number.POSITIVE_INFINITY });
    for (let k = 0; k < KEY_INTS; k += 1) {
      const changed = known.slice(0, KEY_INTS);
      changed[k] = changed[k]! ^ 1;
      expect(keys.same(0, changed, 0), `half ${k}`).toBe(false);
    }
    expect(keys.same(0, known.slice(0, KEY_INTS), 0)).toBe(true);
  });
});

describe('pathsUnder', () => {
  it('is join(root, file) for the paths a walk lists, under any root', () => {
    for (const root of ['/', '/w', '/w/', '/w/docs', '/w//docs/', '/w/./docs', '/w/x/../docs']) {
      const under = pathsUnder(root);
      for (const file of ['a.md', 'docs/a.md', 'd/e/f/.hidden.md', 'a b/ü.md']) expect(under(file), `${root} ${file}`).toBe(join(root, file));
    }
  });
});
