import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from '../../helpers/discovery.js';
import { testdir } from '../../helpers/testdir.js';

describe('discovery (META-01 §1)', () => {
  it('walks recursively and sorts by code units, not by the filesystem', () => {
    const root = testdir({
      'b.md': '',
      'a-c.md': '',
      'a/b.md': '',
      'Z.md': '',
      'a/é.md': '',
      'a/z.md': '',
    });
    // '-' (0x2D) < '/' (0x2F) < 'Z' (0x5A) < 'a' (0x61) < 'é' (0xE9)
    expect(discover(root).files).toEqual(['Z.md', 'a-c.md', 'a/b.md', 'a/z.md', 'a/é.md', 'b.md']);
  });

  it('takes `.md` in any case and nothing else', () => {
    const root = testdir({ 'a.md': '', 'b.MD': '', 'c.Md': '', 'd.markdown': '', 'e.txt': '', 'md': '', '.md': '' });
    expect(discover(root).files).toEqual(['a.md', 'b.MD', 'c.Md']);
  });

  it('skips dot entries and node_modules at any depth', () => {
    const root = testdir({
      'keep.md': '',
      '.git/x.md': '',
      '.hidden.md': '',
      'docs/.github/y.md': '',
      'node_modules/pkg/z.md': '',
      'docs/node_modules/z.md': '',
      'docs/keep.md': '',
    });
    expect(discover(root).files).toEqual(['docs/keep.md', 'keep.md']);
  });

  it('applies .docugraphignore with gitignore syntax, case-sensitively', () => {
    const root = testdir({
      '.docugraphignore': '# comment\ndrafts/\n*.tmp.md\n/only-root.md\narchive/**\n!archive/keep.md\nCaps.md\n',
      'drafts/a.md': '',
      'docs/drafts/b.md': '',
      'x.tmp.md': '',
      'only-root.md': '',
      'docs/only-root.md': '',
      'archive/old.md': '',
      'archive/keep.md': '',
      'caps.md': '',
      'Caps.md': '',
      'ok.md': '',
    });
    expect(discover(root).files).toEqual(['archive/keep.md', 'caps.md', 'docs/only-root.md', 'ok.md']);
  });

  it('reads .docugraphignore with any line endings', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const root = testdir({ '.docugraphignore': `\uFEFFdrafts/${eol}secret.md${eol}`, 'drafts/d.md': '', 'secret.md': '', 'ok.md': '' });
      expect(discover(root).files).toEqual(['ok.md']);
    }
  });

  it('never follows symbolic links, to files or directories', () => {
    const outside = testdir({ 'secret.md': '---\nid: SECRET\n---\n', 'dir/inner.md': '' });
    const root = testdir({
      'real.md': '',
      'link.md': { symlink: join(outside, 'secret.md') },
      'linked-dir': { symlink: join(outside, 'dir') },
    });
    const discovery = discover(root);
    expect(discovery.files).toEqual(['real.md']);
    expect(discovery.entries.has('link.md')).toBe(true);
  });

  it('records non-Markdown files and directories for link checks', () => {
    const root = testdir({ 'docs/img/a.png': 'x', 'a.md': '' });
    const { entries } = discover(root);
    expect([...entries].sort()).toEqual(['a.md', 'docs', 'docs/img', 'docs/img/a.png']);
  });
});
