/**
 * Issue 8, class 1: nothing outside the root is read — not through a symbolic link (committed
 * or swapped in after discovery), not from a FIFO or a device, and never more than a bound.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { analyzeAll, BATCH_BYTES, createFileReader, readFile } from '../../../src/core/model/read-files.js';
import { discover } from '../../helpers/discovery.js';
import { listDirectoryInside, openDirectoryInside, readFileInside, releaseHold, type FolderHold } from '../../../src/core/read/safe-fs.js';
import { resolveAllowedDirectory } from '../../../src/mcp/path-policy.js';
import { doc, testdir } from '../../helpers/testdir.js';

const SECRET = 'TOP-SECRET-OUTSIDE';

function outside(): string {
  return testdir({ 'secret.md': doc({ id: 'SECRET', title: SECRET }, `${SECRET}\n`), 'ignore-all': '*\n', 'dir/inner.md': doc({ id: 'INNER' }) });
}

function codesOf(root: string): string[] {
  return loadWorkspace(root).diagnostics.map((d) => `${d.code} ${d.path}`);
}

describe('.docugraphignore is read like a document, never through a link or from a special file', () => {
  it('a symbolic link to /dev/zero is refused at once (no read of an endless file)', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), '.docugraphignore': { symlink: '/dev/zero' } });
    const ws = loadWorkspace(root);
    expect(ws.ids).toEqual(['A']);
    const finding = ws.diagnostics.find((d) => d.path === '.docugraphignore');
    expect(finding?.code).toBe('FILE_UNREADABLE');
    expect(finding?.message).toContain('symbolic link');
  });

  it('a link to an outside ignore file is not applied', () => {
    const out = outside();
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), '.docugraphignore': { symlink: join(out, 'ignore-all') } });
    // The outside file would ignore everything; it is not read, so A is still found.
    expect(loadWorkspace(root).ids).toEqual(['A']);
    expect(codesOf(root)).toEqual(['FILE_UNREADABLE .docugraphignore']);
  });

  it('a FIFO does not hang start-up', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    execFileSync('mkfifo', [join(root, '.docugraphignore')]);
    const ws = loadWorkspace(root);
    expect(ws.ids).toEqual(['A']);
    expect(ws.diagnostics[0]?.message).toContain('FIFO');
  });

  it('a directory named like the ignore file, and an oversized one, are findings', () => {
    const dir = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), '.docugraphignore/x': 'y' });
    expect(loadWorkspace(dir).diagnostics[0]?.message).toContain('directory');
    const big = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), '.docugraphignore': `${'#'.repeat(1024 * 1024)}\n` });
    expect(loadWorkspace(big).diagnostics[0]?.message).toContain('larger than 1 MiB');
  });
});

describe('documents', () => {
  it('a file swapped for a symbolic link between discovery and reading is refused, not followed', () => {
    const out = outside();
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), 'docs/b.md': doc({ id: 'B', title: 'B' }) });
    const discovery = discover(root);
    expect(discovery.files).toEqual(['a.md', 'docs/b.md']);
    rmSync(join(root, 'a.md'));
    symlinkSync(join(out, 'secret.md'), join(root, 'a.md'));
    const [a] = analyzeAll(root, discovery.files);
    expect(a?.node).toBeNull();
    expect(a?.diagnostics[0]?.code).toBe('FILE_UNREADABLE');
    expect(JSON.stringify(a)).not.toContain(SECRET);
  });

  it('a directory on the way swapped for a symbolic link is refused (file read and directory listing)', () => {
    const out = outside();
    const root = testdir({ 'docs/inner.md': doc({ id: 'OWN', title: 'own' }) });
    renameSync(join(root, 'docs'), join(root, 'docs-old'));
    symlinkSync(join(out, 'dir'), join(root, 'docs'));
    const read = readFileInside(root, 'docs/inner.md', 1024);
    expect(read.ok).toBe(false);
    expect(listDirectoryInside(root, 'docs').ok).toBe(false);
    expect(listDirectoryInside(root, 'docs-old').ok).toBe(true);
  });

  it('FIFOs, devices and oversized files are not read', () => {
    const root = testdir({ 'big.md': 'x'.repeat(5000), 'ok.md': 'fine' });
    execFileSync('mkfifo', [join(root, 'pipe.md')]);
    expect(readFileInside(root, 'pipe.md', 1024)).toMatchObject({ ok: false, code: 'EKIND' });
    expect(readFileInside(root, 'big.md', 4096)).toMatchObject({ ok: false, code: 'EFBIG' });
    expect(readFileInside(root, 'ok.md', 4)).toMatchObject({ ok: true });
    expect(readFileInside(root, 'missing.md', 4)).toMatchObject({ ok: false, code: 'ENOENT' });
    // Discovery skips what is not a regular file; a FIFO named *.md never blocks a load.
    expect(loadWorkspace(root).files).toEqual(['big.md', 'ok.md']);
  });

  it('a symbolic link to a directory outside is never walked', () => {
    const out = outside();
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), 'linked': { symlink: join(out, 'dir') } });
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'r.md'), doc({ id: 'R', title: 'R' }));
    expect(loadWorkspace(root).ids).toEqual(['A', 'R']);
  });
});

describe('validate_traceability confinement answers the same whether an outside target exists or not', () => {
  it('a path through a symbolic link is PATH_NOT_ALLOWED for an existing and a missing target alike', () => {
    const out = outside();
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), 'exit': { symlink: out } });
    const attempt = (path: string) => {
      try {
        resolveAllowedDirectory(path, [root], '');
        return 'allowed';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(attempt(join(root, 'exit', 'dir'))).toBe('PATH_NOT_ALLOWED');
    expect(attempt(join(root, 'exit', 'no-such-dir'))).toBe('PATH_NOT_ALLOWED');
    expect(attempt(join(root, 'exit'))).toBe('PATH_NOT_ALLOWED');
    expect(attempt(join(root, 'missing'))).toBe('WORKSPACE_NOT_FOUND');
    expect(attempt(join(root, 'a.md'))).toBe('WORKSPACE_NOT_FOUND');
    expect(attempt(root)).toBe('allowed');
  });
});

describe('transient reads (one shared buffer for the documents of a load)', () => {
  it('give each file its exact bytes, whatever sizes come one after another, and still refuse what is too large', () => {
    const sizes = [0, 1, 4095, 4096, 4097, 65535, 65536, 65537, 300_000, 1024 * 1024 - 1, 1024 * 1024, 1024 * 1024 + 7, 10, 70_000, 3];
    const files: Record<string, string> = {};
    sizes.forEach((size, i) => (files[`f${i}.md`] = String.fromCharCode(97 + (i % 26)).repeat(size)));
    const root = testdir(files);
    for (const order of [sizes.map((_, i) => i), sizes.map((_, i) => sizes.length - 1 - i)]) {
      for (const i of order) {
        const read = readFileInside(root, `f${i}.md`, 16 * 1024 * 1024, true);
        if (!read.ok) throw new Error(read.reason);
        expect(Buffer.from(read.bytes).toString('latin1')).toBe(files[`f${i}.md`]);
      }
    }
    expect(readFileInside(root, 'f8.md', 200_000, true)).toMatchObject({ ok: false, code: 'EFBIG' });
    expect(readFileInside(root, 'f2.md', 4095, true)).toMatchObject({ ok: true });
    expect(readFileInside(root, 'f3.md', 4095, true)).toMatchObject({ ok: false, code: 'EFBIG' });
  });
});

describe('files read through an open directory (how a load reads the files of each directory)', () => {
  const linux = process.platform === 'linux';

  it('answer as a read by path does: the bytes, or the same refusal', () => {
    const out = outside();
    const root = testdir({ 'docs/ok.md': 'fine', 'docs/big.md': 'x'.repeat(5000), 'docs/sub/x.md': 'x', 'docs/link.md': { symlink: join(out, 'secret.md') } });
    execFileSync('mkfifo', [join(root, 'docs', 'pipe.md')]);
    const dir = openDirectoryInside(root, 'docs');
    if (!linux) return void expect(dir).toBeNull();
    if (dir === null) throw new Error('expected a handle on Linux');
    try {
      for (const [name, max] of [['ok.md', 1024], ['big.md', 4096], ['link.md', 1024], ['pipe.md', 1024], ['sub', 1024], ['missing.md', 1024]] as const) {
        const byPath = readFileInside(root, `docs/${name}`, max);
        const inDir = dir.read(name, max);
        expect({ name, ...strip(inDir) }).toEqual({ name, ...strip(byPath) });
      }
      expect(Buffer.from((dir.read('ok.md', 1024) as { bytes: Uint8Array }).bytes).toString()).toBe('fine');
      // Only a name inside the directory: no way up or down.
      for (const name of ['..', '.', '', 'sub/x.md', '../docs/ok.md']) expect(dir.read(name, 1024)).toMatchObject({ ok: false });
    } finally {
      dir.close();
    }
  });

  it('keep reading the directory that was checked when its path is swapped for a link meanwhile; a new open refuses the link', () => {
    const out = outside();
    const root = testdir({ 'docs/inner.md': doc({ id: 'OWN', title: 'own' }) });
    const dir = openDirectoryInside(root, 'docs');
    if (!linux) return void expect(dir).toBeNull();
    if (dir === null) throw new Error('expected a handle on Linux');
    renameSync(join(root, 'docs'), join(root, 'docs-old'));
    symlinkSync(join(out, 'dir'), join(root, 'docs'));
    try {
      const read = dir.read('inner.md', 1024);
      if (!read.ok) throw new Error(read.reason);
      expect(Buffer.from(read.bytes).toString()).toContain('OWN');
      expect(Buffer.from(read.bytes).toString()).not.toContain('INNER');
    } finally {
      dir.close();
    }
    expect(openDirectoryInside(root, 'docs')).toBeNull();
    expect(readFileInside(root, 'docs/inner.md', 1024)).toMatchObject({ ok: false, code: 'ELOOP' });
  });

  it('a walk opens a folder through the one it listed before (issue 53, item 6); a link swapped in there is refused, not followed', () => {
    const out = outside();
    const root = testdir({ 'a/b/c/x.md': 'x', 'a/b/d/y.md': 'y', 'e/z.md': 'z' });
    const hold: FolderHold = { current: null };
    const names = (rel: string) => {
      const listed = listDirectoryInside(root, rel, hold);
      return listed.ok ? listed.entries.map((e) => e.name).sort() : listed.code;
    };
    try {
      expect(names('a')).toEqual(['b']);
      expect(names('a/b')).toEqual(['c', 'd']);
      if (linux) expect(hold.current?.rel).toBe('a/b');
      // `a/b/d` swapped for a link to a folder outside: through the held `a/b`, the link itself is refused.
      renameSync(join(root, 'a/b/d'), join(root, 'a/b/d-old'));
      symlinkSync(join(out, 'dir'), join(root, 'a/b/d'));
      const refused = listDirectoryInside(root, 'a/b/d');
      expect(refused.ok).toBe(false);
      expect(names('a/b/d')).toBe((refused as { code: string }).code);
      expect(names('a/b/c')).toEqual(['x.md']);
      // Not in the folder held: opened by its path, as without a hold.
      expect(names('e')).toEqual(['z.md']);
      expect(names('a/b/d-old')).toEqual(['y.md']);
    } finally {
      releaseHold(hold);
    }
    expect(hold.current).toBeNull();
  });

  it('a reader gives what readFile gives, file by file, across directories and refusals', () => {
    const out = outside();
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'A' }),
      'docs/b.md': doc({ id: 'B', title: 'B', depends_on: ['A'] }, '# B\n\n[a](../a.md#a)\n'),
      'docs/c.md': { symlink: join(out, 'secret.md') },
      'docs/deep/d.md': doc({ id: 'D', title: 'D' }),
      'e.md': 'no frontmatter [x](docs/b.md)\n',
    });
    const files = ['a.md', 'docs/b.md', 'docs/c.md', 'docs/deep/d.md', 'e.md', 'docs/gone.md', 'docs/b.md'];
    const reader = createFileReader(root);
    try {
      for (const file of files) {
        const [mine] = reader.readMany([file], 0);
        const reference = readFile(root, file);
        expect(comparable(mine!)).toEqual(comparable(reference));
      }
    } finally {
      reader.close();
    }
    expect(JSON.stringify(comparable(readFile(root, 'docs/c.md')))).not.toContain(SECRET);
  });
});

describe('reading files in batches', () => {
  it('readMany gives what readFile gives, file by file: ASCII, UTF-8, BOM, CRLF, invalid bytes, empty, refused, large', () => {
    const out = outside();
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i} [l](a.md#a)`).join('\n');
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'A' }, '# A\n'),
      'docs/ascii.md': doc({ id: 'B', title: 'B', depends_on: ['A'] }, '# B\n\n[a](../a.md#a)\n'),
      'docs/utf8.md': doc({ id: 'C', title: 'Ça' }, '# Über\n[a](../a.md#a)\n'),
      'docs/bom.md': '\uFEFF---\nid: D\ntitle: D\n---\n# D\n',
      'docs/crlf.md': '---\r\nid: E\r\ntitle: E\r\n---\r\n# E\r\n[a](../a.md)\r',
      'docs/empty.md': '',
      'docs/link.md': { symlink: join(out, 'secret.md') },
      'docs/short.md': 'x',
      'big/large.md': doc({ id: 'L', title: 'L' }, body(Math.ceil(BATCH_BYTES / 20))),
      'big/after.md': doc({ id: 'M', title: 'M' }, body(2000)),
      'big/then.md': doc({ id: 'N', title: 'N' }, body(2000)),
    });
    writeFileSync(join(root, 'docs/invalid.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xc3, 0x28, 0x0a]));
    const files = ['a.md', 'docs/ascii.md', 'docs/utf8.md', 'docs/bom.md', 'docs/crlf.md', 'docs/empty.md', 'docs/invalid.md', 'docs/link.md', 'docs/gone.md', 'docs/short.md', 'big/after.md', 'big/large.md', 'big/then.md', 'a.md'];
    // About 44 KiB each: a batch fills up after six of them.
    for (let i = 0; i < 8; i += 1) files.push(i % 2 === 0 ? 'big/after.md' : 'big/then.md', 'docs/utf8.md');
    const reader = createFileReader(root);
    const batches: number[] = [];
    try {
      const got = [];
      for (let i = 0; i < files.length; ) {
        const batch = reader.readMany(files, i);
        batches.push(batch.length);
        got.push(...batch);
        i += batch.length;
      }
      expect(got.map(comparable)).toEqual(files.map((file) => comparable(readFile(root, file))));
      expect(got[8]!.missing).toBe(true);
    } finally {
      reader.close();
    }
    // A batch ends with the file that fills it or would overflow it (the large file, the seventh 44 KiB one).
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(files.length);
  });
});

function strip(read: ReturnType<typeof readFileInside>): object {
  return read.ok ? { ok: true, text: Buffer.from(read.bytes).toString(), size: read.stats.size, ino: read.stats.ino } : read;
}

function comparable(read: ReturnType<typeof readFile>): object {
  const { analysis, stamp } = read;
  return { node: analysis.node, diagnostics: analysis.diagnostics, idLine: analysis.idLine, mayLink: analysis.mayLink, markdown: analysis.markdown(), stamp };
}
