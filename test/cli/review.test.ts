/**
 * `docugraph review` (TRACE §3): the lock file it writes (golden bytes, one line per link in
 * code-unit order), `--dry-run`, stale reviews dropped, what it refuses, and the atomic write.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace, LOCK_FILE, replaceFileText } from '../../src/core/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { DEMO } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

const GOLDEN = new URL('../golden/reviews/demo.lock.json', import.meta.url);

function demoCopy(): string {
  const root = testdir({});
  cpSync(DEMO, root, { recursive: true });
  return root;
}

const review = (root: string, ...args: string[]) => runInProcess(['review', ...args], { cwd: root });

describe('docugraph review', () => {
  it('--all writes the golden lock file of the demo, and the demo stays valid with every link reviewed', async () => {
    const root = demoCopy();
    const result = await review(root, '--all');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const written = readFileSync(join(root, 'docugraph.lock.json'), 'utf8');
    if (process.env['UPDATE'] === '1') writeFileSync(GOLDEN, written);
    expect(written).toBe(readFileSync(GOLDEN, 'utf8'));
    expect(result.stdout.split('\n').at(-2)).toBe('Wrote docugraph.lock.json: 19 reviews written, 0 dropped, 0 already current; 19 reviews in all.');
    const report = buildReport(loadWorkspace(root));
    expect(report.reviews).toEqual({ reviewed: 19, suspect: 0, unreviewed: 0 });
    expect(report.warnings).toEqual([]);
    // Again: nothing to do, nothing written.
    expect((await review(root, '--all')).stdout).toBe('docugraph.lock.json is up to date: 0 reviews written, 0 dropped, 19 already current; 19 reviews in all.\n');
  });

  it('reviews only the links of the ids given, keeps the others as they were, and drops stale reviews', async () => {
    const root = testdir({
      'req.md': doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a name.\n'),
      'be.md': doc({ id: 'BE-02', title: 'Endpoint', depends_on: ['REQ-01'] }),
      'fe.md': doc({ id: 'FE-01', title: 'Form', depends_on: ['REQ-01'] }),
      'docugraph.lock.json': '{\n  "version": 1,\n  "reviewed": {\n    "BE-02 -> REQ-01": "0000000000000000",\n    "FE-01 -> REQ-01": "1111111111111111",\n    "GONE-1 -> REQ-01": "2222222222222222"\n  }\n}\n',
    });
    const result = await review(root, 'BE-02');
    expect(result.stdout).toBe(
      'reviewed BE-02 -> REQ-01 (3fb341925f6a1038, was 0000000000000000)\n' +
        'dropped  GONE-1 -> REQ-01 (its link no longer exists)\n' +
        'Wrote docugraph.lock.json: 1 review written, 1 dropped, 0 already current; 2 reviews in all.\n',
    );
    expect(readFileSync(join(root, 'docugraph.lock.json'), 'utf8')).toBe(
      '{\n  "version": 1,\n  "reviewed": {\n    "BE-02 -> REQ-01": "3fb341925f6a1038",\n    "FE-01 -> REQ-01": "1111111111111111"\n  }\n}\n',
    );
    const report = buildReport(loadWorkspace(root));
    expect(report.reviews).toEqual({ reviewed: 1, suspect: 1, unreviewed: 0 });
    expect(report.warnings.map((d) => [d.code, d.nodeId])).toEqual([['LINK_SUSPECT', 'FE-01']]);
  });

  it('--dry-run prints what would change and writes nothing', async () => {
    const root = testdir({ 'req.md': doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a name.\n'), 'be.md': doc({ id: 'BE-02', title: 'Endpoint', depends_on: ['REQ-01'] }) });
    const result = await review(root, '--all', '--dry-run');
    expect(result.stdout).toBe('reviewed BE-02 -> REQ-01 (3fb341925f6a1038, new)\nDry run: docugraph.lock.json not written; it would get 1 review written, 0 dropped, 0 already current; 1 review in all.\n');
    expect(result.code).toBe(0);
    expect(existsSync(join(root, 'docugraph.lock.json'))).toBe(false);
  });

  it('creates an empty lock file where there is no link, turning reviews on', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    expect((await review(root, '--all')).code).toBe(0);
    expect(readFileSync(join(root, 'docugraph.lock.json'), 'utf8')).toBe('{\n  "version": 1,\n  "reviewed": {}\n}\n');
  });

  it('refuses a lock file that is a symbolic link or a FIFO, and leaves it alone', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'] }), 'b.md': doc({ id: 'B', title: 'B' }), 'target.json': 'kept\n' });
    symlinkSync('target.json', join(root, 'docugraph.lock.json'));
    const linked = await review(root, '--all');
    expect(linked.code).toBe(2);
    expect(linked.stderr).toMatch(/^docugraph: docugraph\.lock\.json: `docugraph\.lock\.json` cannot be read: .*symbolic link.*Nothing was written\.\n$/);
    expect(readFileSync(join(root, 'target.json'), 'utf8')).toBe('kept\n');

    const fifoRoot = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    execFileSync('mkfifo', [join(fifoRoot, 'docugraph.lock.json')]);
    const fifo = await review(fifoRoot, '--all');
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toMatch(/not a regular file|FIFO/);
  });

  it('refuses a lock file that is not its shape (a merge conflict), rather than overwrite it', async () => {
    const conflict = '{\n  "version": 1,\n  "reviewed": {\n<<<<<<< HEAD\n    "A -> B": "0000000000000000"\n=======\n    "A -> B": "1111111111111111"\n>>>>>>> x\n  }\n}\n';
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'] }), 'b.md': doc({ id: 'B', title: 'B' }), 'docugraph.lock.json': conflict });
    const result = await review(root, 'A');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docugraph.lock.json:4: `docugraph.lock.json` holds merge conflict markers');
    expect(readFileSync(join(root, 'docugraph.lock.json'), 'utf8')).toBe(conflict);
  });

  it('asks for ids or --all, and names an unknown id', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    expect(await review(root)).toMatchObject({ code: 2, stderr: expect.stringContaining('Pass the ids of the documents you reviewed') });
    expect(await review(root, 'A', '--all')).toMatchObject({ code: 2 });
    expect(await review(root, 'a')).toMatchObject({ code: 1, stderr: expect.stringContaining('Cannot find document `a`; did you mean `A`?') });
  });
});

describe('the lock file write', () => {
  it('leaves the old file whole until the new one is complete: a crash before the rename changes nothing', () => {
    const root = testdir({ 'docugraph.lock.json': 'old\n' });
    let seen: string | null = null;
    expect(() =>
      replaceFileText(root, LOCK_FILE, 'new\n', {
        beforeRename: (temp) => {
          // The moment a crash would stop it: the new text is flushed beside the old file.
          expect(readFileSync(temp, 'utf8')).toBe('new\n');
          seen = readFileSync(join(root, 'docugraph.lock.json'), 'utf8');
          throw new Error('crash');
        },
      }),
    ).toThrow(/`docugraph\.lock\.json` cannot be written: .*nothing was changed/);
    expect(seen).toBe('old\n');
    expect(readFileSync(join(root, 'docugraph.lock.json'), 'utf8')).toBe('old\n');
    expect(readdirSync(root)).toEqual(['docugraph.lock.json']);
    replaceFileText(root, LOCK_FILE, 'new\n');
    expect(readFileSync(join(root, 'docugraph.lock.json'), 'utf8')).toBe('new\n');
    expect(readdirSync(root)).toEqual(['docugraph.lock.json']);
  });

  it('never writes through a link that appears before the rename: it replaces nothing', () => {
    const root = testdir({ 'other.txt': 'untouched\n' });
    expect(() => replaceFileText(root, LOCK_FILE, 'new\n', { beforeRename: () => symlinkSync('other.txt', join(root, 'docugraph.lock.json')) })).toThrow(/symbolic link/);
    expect(readFileSync(join(root, 'other.txt'), 'utf8')).toBe('untouched\n');
    expect(readdirSync(root).sort()).toEqual(['docugraph.lock.json', 'other.txt']);
  });
});
