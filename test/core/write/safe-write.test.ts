/**
 * The one way the core changes a file (write/safe-write.ts), in what a new user and an attacker
 * met (issue 53): the owner, group and mode of the file are kept, or the write is refused (as
 * root, a write once made another user's file root's, and kept its setuid bit); a lock dated
 * in the future is stale after a bound; a file at the lock's name that is no lock is never
 * removed; a killed writer's temporary files go at the next write in the folder; a name too
 * long for its dot-names beside it is still written.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dotName, rewriteFile, STALE_LOCK_MS } from '../../../src/core/write/safe-write.js';
import { testdir } from '../../helpers/testdir.js';
import { ROOT } from '../../helpers/paths.js';

const asRoot = process.getuid?.() === 0;
const upper = (bytes: Uint8Array | null) => Buffer.from(Buffer.from(bytes!).toString('utf8').toUpperCase(), 'utf8');

describe('the owner, group and mode of the file are kept', () => {
  it("another user's file stays theirs, with its setuid and setgid bits; one's own file stays one's own", () => {
    const root = testdir({ 'theirs.md': 'theirs\n', 'mine.md': 'mine\n' });
    const theirs = join(root, 'theirs.md');
    if (asRoot) {
      // As root (the case that broke): the file belongs to another user and group.
      chownSync(theirs, 12345, 23456);
      chmodSync(theirs, 0o6755);
    } else {
      chmodSync(theirs, 0o640);
    }
    const before = statSync(theirs);
    rewriteFile(root, 'theirs.md', upper);
    const after = statSync(theirs);
    expect(readFileSync(theirs, 'utf8')).toBe('THEIRS\n');
    expect([after.uid, after.gid, after.mode & 0o7777]).toEqual([before.uid, before.gid, before.mode & 0o7777]);
    expect(after.ino).not.toBe(before.ino);
    const mine = statSync(join(root, 'mine.md'));
    rewriteFile(root, 'mine.md', upper);
    expect([statSync(join(root, 'mine.md')).uid, statSync(join(root, 'mine.md')).gid]).toEqual([mine.uid, mine.gid]);
  });

  it('a writer who may not give the new file its owner is refused: the file untouched, nothing left beside it', () => {
    const root = testdir({ 'theirs.md': 'theirs\n' });
    const theirs = join(root, 'theirs.md');
    if (!asRoot) {
      // Only root can make a file of another user here; a user's own file is written as always.
      rewriteFile(root, 'theirs.md', upper);
      expect(readFileSync(theirs, 'utf8')).toBe('THEIRS\n');
      return;
    }
    // A folder everyone may write to, a file another user owns and lets everyone write (setuid): a third user writes it.
    chmodSync(root, 0o777);
    chownSync(theirs, 12345, 12345);
    chmodSync(theirs, 0o4777);
    const script = `import(${JSON.stringify(join(ROOT, 'dist/core/write/safe-write.js'))}).then((m) => { try { m.rewriteFile(${JSON.stringify(root)}, 'theirs.md', () => Buffer.from('mine now\\n')); console.log('written'); } catch (e) { console.log(e.code + ': ' + e.message); } });`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { uid: 23456, gid: 23456, encoding: 'utf8' });
    expect(run.stdout).toContain('WRITE_REFUSED: `theirs.md` belongs to user 12345');
    expect(run.stdout).toContain('nothing was changed');
    expect(readFileSync(theirs, 'utf8')).toBe('theirs\n');
    const stats = statSync(theirs);
    expect([stats.uid, stats.mode & 0o7777]).toEqual([12345, 0o4777]);
    expect(readdirSync(root)).toEqual(['theirs.md']);
  });
});

describe('the lock beside the file', () => {
  it('a lock dated in the future is taken over once it is off by more than the bound (it used to block every write)', () => {
    const root = testdir({ 't.md': 'a\n' });
    const lock = join(root, '.t.md.docugraph-lock');
    // A live process's id (this one's parent): only its date says it is stale.
    writeFileSync(lock, String(process.ppid));
    const future = (Date.now() + 2 * STALE_LOCK_MS) / 1000;
    utimesSync(lock, future, future);
    rewriteFile(root, 't.md', upper);
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe('A\n');
    expect(existsSync(lock)).toBe(false);
  });

  it('a file at the lock name that is not a lock is never removed, however old: the write is refused and says so', () => {
    const root = testdir({ 't.md': 'a\n', '.t.md.docugraph-lock': 'my notes about the lock\n' });
    const lock = join(root, '.t.md.docugraph-lock');
    utimesSync(lock, 1, 1);
    expect(() => rewriteFile(root, 't.md', upper)).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringContaining('`.t.md.docugraph-lock` beside it is not a DocuGraph lock; move it out of the way') }));
    expect(readFileSync(lock, 'utf8')).toBe('my notes about the lock\n');
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe('a\n');
  });
});

describe('what a killed writer left', () => {
  it('is removed at the next write in that folder; a live writer’s files are left alone', () => {
    const gone = '4194304999'; // above any pid_max: never a running process
    const root = testdir({
      't.md': 'a\n',
      'u.md': 'b\n',
      // This file's own temporary files (only a writer holding its lock makes them), of any writer.
      [`.t.md.${process.ppid}.0123456789ab.tmp`]: 'half',
      '.t.md.abcdef012345.tmp': 'half, from an earlier version',
      // Another file's, from a writer that is gone, and from one that still runs.
      [`.u.md.${gone}.0123456789ab.tmp`]: 'half',
      [`.u.md.${gone}.0123456789ab.lock-tmp`]: gone,
      [`.u.md.${process.ppid}.0123456789ab.tmp`]: 'being written',
      // Not a writer's: kept.
      '.u.md.notes.tmp': 'mine',
    });
    rewriteFile(root, 't.md', upper);
    expect(readdirSync(root).sort()).toEqual([`.u.md.${process.ppid}.0123456789ab.tmp`, '.u.md.notes.tmp', 't.md', 'u.md']);
  });
});

describe('a name too long for the dot-names beside it', () => {
  it('is written through shorter temporary and lock names, which leave nothing behind', () => {
    const name = `${'n'.repeat(250)}.md`;
    const root = testdir({ [name]: 'a\n' });
    rewriteFile(root, name, upper);
    expect(readFileSync(join(root, name), 'utf8')).toBe('A\n');
    expect(readdirSync(root)).toEqual([name]);
    expect(dotName(name, 'docugraph-lock')).toMatch(/^\.dg-[0-9a-f]{24}\.docugraph-lock$/);
    expect(dotName('t.md', 'docugraph-lock')).toBe('.t.md.docugraph-lock');
  });
});
