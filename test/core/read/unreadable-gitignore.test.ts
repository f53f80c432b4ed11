/**
 * META-01 §1, §8: a `.gitignore` that cannot be read (a symbolic link, a FIFO, a directory,
 * larger than 1 MiB, not UTF-8) ignores nothing and is a `FILE_UNREADABLE` finding on its
 * path that says what to do, as the root `.docugraphignore` is; the live index reports it
 * when it appears and drops it when the file is fixed.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import type { Diagnostic } from '../../../src/core/shared/types.js';
import { testdir, type Entry } from '../../helpers/testdir.js';

/** Each applied, these rules would hide `sub/b.md`. */
const RULES = 'b.md\n';
const DOCS = { 'a.md': '# a\n', 'sub/b.md': '# b\n', 'rules.txt': RULES };

const findingsOn = (diagnostics: readonly Diagnostic[], path: string) => diagnostics.filter((d) => d.path === path);

describe('an unreadable .gitignore', () => {
  const outside = () => join(testdir({ '.gitignore': RULES }), '.gitignore');
  it.each([
    ['a symbolic link to a file inside', () => ({ 'sub/.gitignore': { symlink: '../rules.txt' } }), 'symbolic link'],
    ['a symbolic link to a file outside', () => ({ 'sub/.gitignore': { symlink: outside() } }), 'symbolic link'],
    ['a dangling symbolic link', () => ({ 'sub/.gitignore': { symlink: 'nowhere' } }), 'symbolic link'],
    ['larger than 1 MiB', () => ({ 'sub/.gitignore': `${RULES}${'#'.repeat(1024 * 1024)}\n` }), 'larger than 1 MiB'],
    ['not UTF-8', () => ({ 'sub/.gitignore': Buffer.concat([Buffer.from(RULES), Buffer.from([0xff, 0xfe, 0x0a])]) }), 'not valid UTF-8'],
    ['a directory', () => ({ 'sub/.gitignore/x': RULES }), 'a directory'],
  ] as [string, () => Record<string, Entry>, string][])('%s: loads everything, with a finding on its path', (_name, extra, reason) => {
    const workspace = loadWorkspace(testdir({ ...DOCS, ...extra() }));
    expect(workspace.files).toEqual(['a.md', 'sub/b.md']);
    const findings = findingsOn(workspace.diagnostics, 'sub/.gitignore');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'FILE_UNREADABLE', nodeId: null, line: null });
    expect(findings[0]!.message).toContain('`sub/.gitignore` cannot be read: ');
    expect(findings[0]!.message).toContain(reason);
    expect(findings[0]!.message).toContain('until it is a regular UTF-8 file of at most 1 MiB (or `gitignore: false` in docugraph.yml turns .gitignore files off)');
  });

  it('a FIFO at the root: no hang, a finding on `.gitignore`', () => {
    const root = testdir({ 'a.md': '# a\n', 'b.md': '# b\n' });
    execFileSync('mkfifo', [join(root, '.gitignore')]);
    const workspace = loadWorkspace(root);
    expect(workspace.files).toEqual(['a.md', 'b.md']);
    const findings = findingsOn(workspace.diagnostics, '.gitignore');
    expect(findings.map((d) => d.code)).toEqual(['FILE_UNREADABLE']);
    expect(findings[0]!.message).toContain('it is a FIFO, not a regular file');
  });

  it('with `gitignore: false`, .gitignore files are not read: no finding', () => {
    const root = testdir({ ...DOCS, 'docugraph.yml': 'gitignore: false\n', 'sub/.gitignore': { symlink: '../rules.txt' } });
    const workspace = loadWorkspace(root);
    expect(workspace.files).toEqual(['a.md', 'sub/b.md']);
    expect(findingsOn(workspace.diagnostics, 'sub/.gitignore')).toEqual([]);
  });

  it('a readable one still applies, and gives no finding', () => {
    const workspace = loadWorkspace(testdir({ ...DOCS, 'sub/.gitignore': RULES }));
    expect(workspace.files).toEqual(['a.md']);
    expect(workspace.diagnostics.filter((d) => d.code === 'FILE_UNREADABLE')).toEqual([]);
  });

  it('a live index reports it when it becomes unreadable, and drops it once fixed', () => {
    const root = testdir({ ...DOCS, 'sub/.gitignore': '# nothing\n' });
    const index = createWorkspaceIndex(root);
    expect(findingsOn(index.refresh('all').diagnostics, 'sub/.gitignore')).toEqual([]);
    rmSync(join(root, 'sub/.gitignore'));
    execFileSync('mkfifo', [join(root, 'sub/.gitignore')]);
    const broken = index.refresh(['sub/.gitignore']);
    expect(broken.files).toEqual(['a.md', 'sub/b.md']);
    expect(findingsOn(broken.diagnostics, 'sub/.gitignore').map((d) => d.code)).toEqual(['FILE_UNREADABLE']);
    rmSync(join(root, 'sub/.gitignore'));
    writeFileSync(join(root, 'sub/.gitignore'), RULES);
    const fixed = index.refresh(['sub/.gitignore']);
    expect(fixed.files).toEqual(['a.md']);
    expect(findingsOn(fixed.diagnostics, 'sub/.gitignore')).toEqual([]);
  });

  it('a live index drops the finding with the directory that held it', () => {
    const root = testdir({ ...DOCS, 'sub/.gitignore': { symlink: '../rules.txt' } });
    const index = createWorkspaceIndex(root);
    expect(findingsOn(index.refresh('all').diagnostics, 'sub/.gitignore')).toHaveLength(1);
    rmSync(join(root, 'sub'), { recursive: true });
    const after = index.refresh(['sub']);
    expect(after.files).toEqual(['a.md']);
    expect(findingsOn(after.diagnostics, 'sub/.gitignore')).toEqual([]);
  });
});

describe('ignore files with more wildcard rules than are matched (issue 21 §6)', () => {
  const wild = (count: number) => Array.from({ length: count }, (_, i) => `*x${i}.txt`).join('\n');
  const plain = (count: number) => Array.from({ length: count }, (_, i) => `notes/n${i}.md`).join('\n');

  it('a .gitignore or .docugraphignore with 1,001 wildcard rules ignores nothing and says why; 1,000, or any number of plain ones, apply', () => {
    for (const file of ['sub/.gitignore', '.docugraphignore']) {
      const over = loadWorkspace(testdir({ ...DOCS, 'docugraph.yml': 'gitignore: true\n', [file]: `${RULES}${wild(1001)}\n` }));
      expect(over.files, file).toEqual(['a.md', 'sub/b.md']);
      const findings = findingsOn(over.diagnostics, file);
      expect(findings, file).toHaveLength(1);
      expect(findings[0]!.message).toContain('it has 1001 rules with wildcards, and at most 1000 are matched against every path');
      expect(findings[0]!.message).toContain('until it holds at most 1000 rules with wildcards');
      const within = loadWorkspace(testdir({ ...DOCS, [file]: `${RULES}${wild(1000)}\n${plain(20_000)}\n` }));
      expect(within.files, file).toEqual(['a.md']);
      expect(findingsOn(within.diagnostics, file), file).toEqual([]);
    }
  });
});
