/**
 * A writer of the on-disk index for the fault tests of issue 38 (test/e2e/index-cache.test.ts):
 * loads the workspace `<root>` with the index in `<dir>` and writes it, `<rounds>` times
 * (forever with 0), touching `<touch>` (a file of the workspace) before each round so that
 * each load reads it again and each write happens; one line per write. With `slow` instead of
 * a count, it writes once, a step at a time, printing `step` after each and pausing 20 ms: the
 * test kills it in the middle of the write.
 *
 *   node cache-writer.mjs <root> <dir> <touch> <rounds | slow>
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { loadIndexed } from '../../dist/core/index.js';
import { createWorkspaceIndex } from '../../dist/core/live/workspace-index.js';

const [root, dir, touch, rounds] = process.argv.slice(2);
// Ten seconds ahead: no file is racily clean, so the index holds every file.
const cache = { dir, version: 'fault-test', now: () => Date.now() + 10_000 };
const touchNow = (i) => {
  const when = new Date(Date.now() - 60_000 + i);
  utimesSync(join(root, touch), when, when);
};
if (rounds === 'slow') {
  touchNow(0);
  const index = createWorkspaceIndex(root, { once: true, cache });
  index.refresh('all');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const steps = index.saveCacheSteps();
  for (let step = steps.next(); step.done !== true; step = steps.next()) {
    process.stdout.write('step\n');
    Atomics.wait(pause, 0, 0, 20);
  }
  process.stdout.write('done\n');
} else {
  for (let i = 0; Number(rounds) === 0 || i < Number(rounds); i += 1) {
    touchNow(i);
    const { saveIndex } = loadIndexed(root, { cache });
    process.stdout.write(`${saveIndex()}\n`);
  }
}
