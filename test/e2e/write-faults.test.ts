/**
 * Writing a task's state under faults (KITS §6), with real processes: a writer killed with
 * SIGKILL at any moment leaves the old file or the new one, never a mix, and the next writer
 * takes over the lock it left; two writers at once on one file both land, and with the same
 * `--expect` exactly one does (the other is STALE_STATE).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, nodeVersion, writeTaskState } from '../../src/core/index.js';
import { CLI } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

const WRITER = fileURLToPath(new URL('../helpers/state-writer.mjs', import.meta.url));
const TASKS = '.kiro/specs/a/tasks.md';
const BEFORE = '# Plan\n\n- [ ] 1. One\n  - _Requirements: 1.1_\n- [ ] 2. Two\n- [ ] 3. Three\n';

const kit = () => testdir({ 'docugraph.yml': 'kits: [kiro]\n', [TASKS]: BEFORE });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a writer killed mid-write', () => {
  it('leaves the old file or the new one, every time; the next writer takes over its lock', async () => {
    const root = kit();
    const done = BEFORE.replace('- [ ] 1. One', '- [x] 1. One');
    for (let round = 0; round < 6; round += 1) {
      const child = spawn(process.execPath, [WRITER, root, 'a/T1', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
      // Wait for it to be writing, then kill it at a moment that varies from round to round.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await Promise.race([new Promise<void>((resolve) => child.stdout!.once('data', () => resolve())), exited]);
      expect(child.exitCode, `round ${round}: the writer stopped by itself`).toBeNull();
      await delay(5 + round * 7);
      child.kill('SIGKILL');
      await exited;
      const text = readFileSync(join(root, TASKS), 'utf8');
      expect([BEFORE, done], `round ${round}`).toContain(text);
    }
    // What a killed writer may leave: its lock and a temporary file, both dot-names discovery skips.
    expect(readdirSync(join(root, '.kiro/specs/a')).filter((name) => !name.startsWith('.'))).toEqual(['tasks.md']);
    // The next write does not wait for a dead writer's lock.
    const started = Date.now();
    writeTaskState(loadWorkspace(root), 'a/T2', 'done');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(readFileSync(join(root, TASKS), 'utf8')).toMatch(/- \[x\] 2\. Two/);
  }, 30_000);
});

describe('two writers at once', () => {
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stderr }));
    });

  it('on two tasks of one file: both land', async () => {
    for (let round = 0; round < 4; round += 1) {
      const root = kit();
      const results = await Promise.all([cli(['-w', root, 'done', 'a/T1']), cli(['-w', root, 'done', 'a/T3'])]);
      expect(results.map((r) => r.code), results.map((r) => r.stderr).join('')).toEqual([0, 0]);
      expect(readFileSync(join(root, TASKS), 'utf8')).toBe(BEFORE.replace('- [ ] 1. One', '- [x] 1. One').replace('- [ ] 3. Three', '- [x] 3. Three'));
    }
  }, 30_000);

  it('with the same expected version: exactly one lands, the other is STALE_STATE', async () => {
    for (let round = 0; round < 4; round += 1) {
      const root = kit();
      const version = nodeVersion(loadWorkspace(root).nodes.get('a/T1')!);
      const results = await Promise.all([cli(['-w', root, 'done', 'a/T1', '--expect', version]), cli(['-w', root, 'start', 'a/T3', '--expect', version])]);
      expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
      expect(results.find((r) => r.code === 1)!.stderr).toMatch(/changed since the version you had/);
      const text = readFileSync(join(root, TASKS), 'utf8');
      expect([BEFORE.replace('- [ ] 1. One', '- [x] 1. One'), BEFORE.replace('- [ ] 3. Three', '- [-] 3. Three')]).toContain(text);
    }
  }, 30_000);
});

describe('the command line', () => {
  it('a read-only file: one line that says so, exit 2', () => {
    const root = kit();
    spawnSync('chmod', ['0444', join(root, TASKS)]);
    const run = spawnSync(process.execPath, [CLI, '-w', root, 'done', 'a/T1'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`docugraph: \`${TASKS}\` is read-only; make it writable (\`chmod u+w ${TASKS}\`) to let DocuGraph change it — nothing was changed\n`);
    expect(readFileSync(join(root, TASKS), 'utf8')).toBe(BEFORE);
  });
});
