/**
 * The on-disk index (issue 38) across processes: a writer killed (`kill -9`) at any moment
 * leaves the old index or the new one, never a mix; two servers starting at once on one
 * workspace leave one whole index; the command line and the server read it, and leave none
 * with `--no-cache` or `DOCUGRAPH_NO_CACHE`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, listTasks, loadIndexed, loadWorkspace, type Workspace } from '../../src/core/index.js';
import { cacheFileOf } from '../../src/core/read/cache-file.js';
import { BIN, callLine, INITIALIZE, INITIALIZED, spawnRaw } from '../helpers/server-process.js';
import { CLI, ROOT } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

const WRITER = fileURLToPath(new URL('../helpers/cache-writer.mjs', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** What the built executables key their index by: the version and the build's id. */
const BUILT = `${VERSION}+${readFileSync(join(ROOT, 'dist', 'bin', 'build-id.txt'), 'utf8').trim()}`;

/** A workspace of `n` documents, each linking to the next, large enough that writing its index takes a while. */
function workspace(n: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i += 1) {
    files[`docs/d${i}.md`] = doc({ id: `D-${i}`, title: `Document ${i}`, status: 'todo', depends_on: i === 0 ? [] : [`D-${i - 1}`] }, `# D ${i}\n\n${'Text of the document. '.repeat(40)}\n\n[next](d${i + 1}.md) [gone](gone-${i}.md#x)\n`);
  }
  return testdir(files);
}

const answers = (ws: Workspace) => [formatReport(buildReport(ws)), JSON.stringify(listTasks(ws))];

/** A warm load in this process: its answers, what it took from the index, and what it said. */
function warm(root: string, dir: string, version = 'fault-test') {
  const log: string[] = [];
  const loaded = loadIndexed(root, { cache: { dir, version, log: (line) => log.push(line), now: () => Date.now() + 10_000 } });
  return { answers: answers(loaded.workspace), fromIndex: loaded.fromIndex, log };
}

const temps = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('the on-disk index across processes', () => {
  it('a writer killed at any moment leaves the old index or the new one, and the next write clears what it left', { timeout: 90_000 }, async () => {
    const root = workspace(1500);
    const dir = testdir({});
    const cold = answers(loadWorkspace(root));
    const once = spawnSync(process.execPath, [WRITER, root, dir, 'docs/d0.md', '1'], { encoding: 'utf8' });
    expect(once.stdout).toBe('true\n');
    const index = cacheFileOf(dir, root).path;
    let kills = 0;
    for (let round = 0; round < 12; round += 1) {
      const child = spawn(process.execPath, [WRITER, root, dir, 'docs/d0.md', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
      // Killed at a different moment of its loop each round: loading, encoding, writing, renaming.
      await new Promise((resolve) => setTimeout(resolve, 60 + round * 37));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      kills += 1;
      const after = warm(root, dir);
      expect(after.log, `round ${round}`).toEqual([]);
      expect(after.answers, `round ${round}`).toEqual(cold);
      // The index is whole: every file but the one touched since comes from it.
      expect(after.fromIndex, `round ${round}`).toBeGreaterThanOrEqual(1499);
      expect(statSync(index).isFile()).toBe(true);
    }
    expect(kills).toBe(12);
    // And killed in the middle of a write, for certain: after some of its chunks are on disk.
    // (1,500 files: the kept answers, then the magic, the meta, two chunks of files and the walk — a head and a payload each — and the end: eleven steps.)
    for (const after of [2, 3, 5]) {
      const child = spawn(process.execPath, [WRITER, root, dir, 'docs/d0.md', 'slow'], { stdio: ['ignore', 'pipe', 'inherit'] });
      let steps = 0;
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          steps += chunk.toString().split('step').length - 1;
          if (steps >= after) resolve();
        });
        child.once('exit', () => reject(new Error(`the writer ended after ${steps} steps`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      // Its new file is left half written, beside the old index, which is untouched.
      expect(temps(dir).length, `after ${after} steps`).toBeGreaterThan(0);
      const now = warm(root, dir);
      expect(now.log).toEqual([]);
      expect(now.answers).toEqual(cold);
    }
    // A writer's leftovers go at the next write (their writers are gone).
    const last = spawnSync(process.execPath, [WRITER, root, dir, 'docs/d0.md', '1'], { encoding: 'utf8' });
    expect(last.stdout).toBe('true\n');
    expect(temps(dir)).toEqual([]);
  });

  it('two servers starting at once on one workspace leave one whole index, and a third start is warm', { timeout: 60_000 }, async () => {
    const root = workspace(800);
    // Files younger than 2 s are racily clean, never kept: let them age, so the index holds them all.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const cache = testdir({});
    const env = { XDG_CACHE_HOME: cache };
    const servers = [spawnRaw(['--workspace', root], env), spawnRaw(['--workspace', root], env)];
    for (const server of servers) server.send(INITIALIZE, INITIALIZED, callLine(1, 'list_tasks', { query: 'D-799' }));
    for (const server of servers) expect(JSON.stringify(await server.response(1))).toContain('D-799');
    const dir = join(cache, 'docugraph');
    const index = cacheFileOf(dir, root).path;
    // Each writes a second after its load.
    const until = Date.now() + 20_000;
    while (Date.now() < until && (!existsFile(index) || temps(dir).length > 0)) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const server of servers) server.child.stdin.end();
    for (const server of servers) expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(temps(dir)).toEqual([]);
    // Written by a server of this build: read back whole, every file from it.
    const third = warm(root, dir, BUILT);
    expect(third.log).toEqual([]);
    expect(third.fromIndex).toBe(800);
    expect(third.answers).toEqual(answers(loadWorkspace(root)));
    for (const server of servers) expect(server.stderr()).not.toContain('index');
  });

  it('the command line reads and writes it, and leaves none with --no-cache or DOCUGRAPH_NO_CACHE', { timeout: 30_000 }, async () => {
    const root = workspace(50);
    // Files younger than 2 s are racily clean, never kept: let them age, so the index holds them all.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const run = (args: string[], env: Record<string, string>) => spawnSync(process.execPath, [CLI, ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env } });
    const off = testdir({});
    expect(run(['--no-cache', 'validate'], { HOME: off }).status).toBe(1);
    expect(run(['validate'], { HOME: off, DOCUGRAPH_NO_CACHE: '1' }).status).toBe(1);
    expect(readdirSync(off)).toEqual([]);
    const home = testdir({});
    const first = run(['validate', '--format', 'json'], { HOME: home });
    const index = cacheFileOf(join(home, '.cache', 'docugraph'), root).path;
    const written = statSync(index).mtimeMs;
    const second = run(['validate', '--format', 'json'], { HOME: home });
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe(first.stderr);
    // Nothing read, nothing written.
    expect(statSync(index).mtimeMs).toBe(written);
    expect(run(['cache', 'status'], { HOME: home }).stdout).toMatch(/\.index: [\d,]+ bytes, the index of /);
    expect(run(['cache', 'clear'], { HOME: home }).stdout).toBe(`Removed ${index}.\n`);
    expect(existsFile(index)).toBe(false);
    // The server too: `--no-cache` writes none.
    const server = spawnSync(process.execPath, [BIN, '--workspace', root, '--no-cache'], { input: `${INITIALIZE}\n${INITIALIZED}\n${callLine(1, 'list_tasks', {})}\n`, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: home } });
    expect(server.stdout).toContain('D-49');
    expect(existsFile(index)).toBe(false);
    writeFileSync(join(root, 'docs', 'd0.md'), doc({ id: 'D-0', title: 'changed' }));
  });
});

describe('the index and the code that made it', () => {
  it('a build of other code (another build id, the same version) reads the workspace again, once: a clone rebuilt at another commit', { timeout: 30_000 }, async () => {
    const root = workspace(20);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    // A copy of the built executables, whose build id this test may change.
    const copy = testdir({});
    cpSync(join(ROOT, 'dist', 'bin'), join(copy, 'dist', 'bin'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const { buildId } = (await import(join(ROOT, 'scripts', 'build-id.mjs'))) as { buildId: (dir: string) => string };
    expect(readFileSync(join(copy, 'dist', 'bin', 'build-id.txt'), 'utf8')).toBe(`${buildId(join(ROOT, 'dist', 'bin'))}\n`);
    const home = testdir({});
    const run = () => spawnSync(process.execPath, [join(copy, 'dist', 'bin', 'docugraph.js'), 'validate', '--format', 'json'], { cwd: root, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: home } });
    const index = cacheFileOf(join(home, '.cache', 'docugraph'), root).path;
    // An index written again is a new file renamed over the old one: another inode (mtimes may tick in whole seconds).
    const first = run();
    const written = statSync(index).ino;
    expect(run().stdout).toBe(first.stdout);
    expect(statSync(index).ino).toBe(written);
    // Other code: the index is not used, and is written again.
    writeFileSync(join(copy, 'dist', 'bin', 'build-id.txt'), '0123456789abcdef\n');
    expect(run().stdout).toBe(first.stdout);
    const rewritten = statSync(index).ino;
    expect(rewritten).not.toBe(written);
    expect(run().stdout).toBe(first.stdout);
    expect(statSync(index).ino).toBe(rewritten);
  });
});

function existsFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
