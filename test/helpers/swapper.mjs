/**
 * The symbolic-link race of issue 8 §1, as a separate process: for `ms` milliseconds it keeps
 * swapping workspace files for symbolic links to an outside file (and folders for links to an
 * outside folder) and back, each swap an atomic rename, so a reader that checks a path and
 * then opens it can be handed the outside file in between.
 *
 * Usage: node swapper.mjs <root> <outside-file> <outside-dir> <ms> <target>...
 * A target is a file path relative to the root, or `dir:<path>` for a folder.
 * Prints `ready` once set up; when the time is up it leaves the workspace as it found it
 * (killed early, it may leave a link behind: the test removes the workspace anyway).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [root, outsideFile, outsideDir, ms, ...targets] = process.argv.slice(2);
const swap = join(root, '.swap');
mkdirSync(swap, { recursive: true });
const files = targets.filter((t) => !t.startsWith('dir:')).map((t) => ({ path: join(root, t), content: readFileSync(join(root, t)) }));
const dirs = targets.filter((t) => t.startsWith('dir:')).map((t) => join(root, t.slice(4)));

process.stdout.write('ready\n');
const end = Date.now() + Number(ms);
let round = 0;
const swapFiles = () =>
  files.forEach(({ path, content }, i) => {
    const link = join(swap, `l${i}`);
    symlinkSync(outsideFile, link);
    renameSync(link, path);
    const copy = join(swap, `f${i}`);
    writeFileSync(copy, content);
    renameSync(copy, path);
  });
while (Date.now() < end) {
  round += 1;
  // Each folder is a link to the outside folder for half of the round.
  dirs.forEach((path, i) => {
    renameSync(path, join(swap, `d${i}`));
    symlinkSync(outsideDir, path);
  });
  swapFiles();
  dirs.forEach((path, i) => {
    unlinkSync(path);
    renameSync(join(swap, `d${i}`), path);
  });
  swapFiles();
}
rmSync(swap, { recursive: true, force: true });
process.stderr.write(`swapper: ${round} rounds\n`);
