/**
 * The project packed as users get it (`npm pack`), once per test run: the test files that need
 * the tarball (test/e2e/package.test.ts, test/packaging/action.test.ts and mcpb.test.ts) run in
 * different processes, often at the same time, and each `npm pack` of this tree costs about 3 s
 * of CPU.
 * The first caller of the run packs into the folder the globalSetup made
 * (test/helpers/pack-dir.ts), holding a lock (a directory only one process can create); the
 * others wait for its result. The folder is the run's, so the tarball is of the `dist/` this
 * run tests, and it is removed when the run ends.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { ROOT } from './paths.js';

/** The tarball and what `npm pack --json` said of it. */
export interface Packed {
  /** The tarball's absolute path; beside it are only this module's lock and result files. */
  tarball: string;
  /** The paths in the tarball, as `npm pack --json` lists them. */
  files: string[];
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** How long a waiting file gives the packing one: `npm pack` takes seconds, minutes under load. */
const WAIT_MS = 150_000;
/** A check of the result file every so often: a stat, nothing that competes for the CPU. */
const POLL_MS = 100;

let packed: Promise<Packed> | undefined;

/** The run's tarball of the project, packed by the first caller (`--ignore-scripts`: `npm test` built dist/ already). */
export function packedTarball(): Promise<Packed> {
  packed ??= packOrWait();
  return packed;
}

async function packOrWait(): Promise<Packed> {
  const dir = inject('packDir');
  if (typeof dir !== 'string') throw new Error('packDir is not provided: vitest.config.ts must list test/helpers/pack-dir.ts as its globalSetup');
  const result = join(dir, 'pack.json');
  const failure = join(dir, 'pack.failed');
  let mine = true;
  try {
    mkdirSync(join(dir, 'pack.lock'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    mine = false;
  }
  if (mine) {
    try {
      // dist/ is already built by `npm test`; --ignore-scripts keeps pack from rebuilding it under other tests.
      const json = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
      // Written whole, then renamed: a waiting file never reads half of it.
      writeFileSync(`${result}.tmp`, json);
      renameSync(`${result}.tmp`, result);
    } catch (error) {
      writeFileSync(failure, String(error));
      throw error;
    }
  } else {
    const deadline = Date.now() + WAIT_MS;
    while (!existsSync(result)) {
      if (existsSync(failure)) throw new Error(`npm pack failed in another test file:\n${readFileSync(failure, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`npm pack in another test file gave no result in ${WAIT_MS / 1000} s (${dir})`);
      await sleep(POLL_MS);
    }
  }
  const [first] = JSON.parse(readFileSync(result, 'utf8')) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(dir, first.filename), files: first.files.map((f) => f.path) };
}
