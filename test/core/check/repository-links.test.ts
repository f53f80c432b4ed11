/**
 * Issue 10 (META-01 rev 2 §5): links resolve as GitHub resolves them — `/` is the repository
 * root, relative links may climb to it, own-repository URLs are paths, fragments match ignoring
 * case and count HTML anchors, line anchors and a directory's README.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../src/core/index.js';
import { DEFAULT_CONFIG, type LinkOptions } from '../../../src/core/shared/config-types.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { doc, testdir, writeFiles, type Entry } from '../../helpers/testdir.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/r10-links-repo', import.meta.url));

/** The fixture repository's files (without its EXPECTED.md), to copy into a temporary directory. */
function fixtureFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(FIXTURE, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(FIXTURE, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (path !== 'EXPECTED.md') files[path] = readFileSync(join(FIXTURE, path), 'utf8');
  }
  return files;
}

const ORIGIN_SSH = '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/docs.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n';

/** `code path:line` of every finding of the workspace at `root`. */
function findings(root: string, links?: LinkOptions): string[] {
  const ws = links === undefined ? loadWorkspace(root) : createWorkspaceIndex(root, { links }).refresh('all');
  return ws.diagnostics.map((d) => `${d.code} ${d.path}:${d.line}`);
}

function messages(root: string): string[] {
  return loadWorkspace(root).diagnostics.map((d) => d.message);
}

describe('a docs/ workspace inside a git repository (fixture r10-links-repo)', () => {
  const repository = (extra: Record<string, Entry> = {}) => testdir({ ...fixtureFiles(), '.git/config': ORIGIN_SSH, ...extra });

  it('reports exactly what GitHub would show broken', () => {
    const docs = join(repository(), 'docs');
    expect(findings(docs)).toEqual([
      'MD_ANCHOR_BROKEN anchors.md:9',
      'MD_ANCHOR_BROKEN anchors.md:10',
      'MD_ANCHOR_BROKEN dirs.md:6',
      'MD_ANCHOR_BROKEN dirs.md:6',
      'MD_ANCHOR_BROKEN guide.md:8',
      'MD_LINK_BROKEN guide.md:8',
      'MD_LINK_BROKEN guide.md:9',
      'MD_ANCHOR_BROKEN lines.md:5',
      'MD_ANCHOR_BROKEN lines.md:5',
      'MD_ANCHOR_BROKEN urls.md:13',
      'MD_LINK_BROKEN urls.md:14',
      'MD_LINK_BROKEN urls.md:17',
      'MD_ANCHOR_BROKEN urls.md:18',
    ]);
    expect(buildReport(loadWorkspace(docs)).valid).toBe(false);
  });

  it('says where each broken link points, with paths relative to the workspace', () => {
    const all = messages(join(repository(), 'docs'));
    expect(all).toEqual([
      'link `#not-an-anchor` points at `#not-an-anchor`, which is no heading or anchor of this file; it has headings `#anchors` and anchors `#x`, `#footnote1`',
      'link `#in-code` points at `#in-code`, which is no heading or anchor of this file; it has headings `#anchors` and anchors `#x`, `#footnote1`',
      'link `no-readme#notes` points at `#notes` in the directory `no-readme`, which has no README.md to show; link to the file that holds the heading',
      'link `with-readme#uninstall` points at `#uninstall`, which is no heading of `with-readme/README.md` (the README of `with-readme`); did you mean `#install`?',
      'link `/CONTRIBUTING.md#teardown` points at `#teardown`, which is no heading of `../CONTRIBUTING.md`; it has headings `#contributing`, `#setup`',
      'link `/MISSING.md` is broken: `../MISSING.md` does not exist; fix the path or add the file',
      'link `../../elsewhere.md` is broken: it climbs above the root of the repository, where GitHub has no file to show; link to a file inside the repository or use a full URL',
      'link `#L3-L70` points at `#L3-L70`, lines this file does not have (it has 5 lines); fix the line number',
      'link `#L7` points at `#L7`, a line this file does not have (it has 5 lines); fix the line number',
      'link `https://github.com/acme/docs/blob/main/docs/a.md#whole` points at `#whole`, which is no heading of `a.md`; it has headings `#a-document`, `#part`',
      'link `https://github.com/acme/docs/blob/main/docs/b.md` is broken: `b.md` does not exist; did you mean `https://github.com/acme/docs/blob/main/docs/a.md`?',
      'link `https://github.com/acme/docs/blob/main/docs/c.md` is broken: `c.md` does not exist; did you mean `https://github.com/acme/docs/blob/main/docs/a.md`?',
      'link `https://github.com/acme/docs/blob/main/docs/a.md#nowhere` points at `#nowhere`, which is no heading of `a.md`; it has headings `#a-document`, `#part`',
    ]);
  });

  it('without a repository, the workspace is the link root: `/` and `..` stop there', () => {
    const docs = join(testdir(fixtureFiles()), 'docs');
    const found = findings(docs);
    expect(found.filter((f) => f.startsWith('MD_LINK_OUTSIDE_WORKSPACE guide.md'))).toHaveLength(2);
    expect(found).toContain('MD_LINK_BROKEN guide.md:5');
    // No remote: full URLs are external, not checked.
    expect(found.filter((f) => f.includes('urls.md'))).toEqual([]);
    expect(messages(docs)).toContain('link `../README.md` leaves the workspace, so it is not checked; link to a file inside the workspace or use a full URL');
  });

  it('`links.root: workspace` keeps the workspace as the link root inside a repository', () => {
    const docs = join(repository(), 'docs');
    const found = findings(docs, { ...DEFAULT_CONFIG.links, root: 'workspace' });
    expect(found).toContain('MD_LINK_BROKEN guide.md:5');
    expect(found.filter((f) => f.startsWith('MD_LINK_OUTSIDE_WORKSPACE guide.md'))).toHaveLength(2);
  });

  it('a `.git` file (a worktree or submodule) marks the repository; its remote is not read', () => {
    const docs = join(testdir({ ...fixtureFiles(), '.git': 'gitdir: /elsewhere/.git/worktrees/docs\n' }), 'docs');
    const found = findings(docs);
    expect(found).not.toContain('MD_LINK_BROKEN guide.md:5');
    expect(found).toContain('MD_LINK_BROKEN guide.md:8');
    expect(found.filter((f) => f.includes('urls.md'))).toEqual([]);
  });

  it('a `.git` symbolic link marks the repository too, and is not followed', () => {
    const outside = testdir({ 'config': ORIGIN_SSH });
    const docs = join(testdir({ ...fixtureFiles(), '.git': { symlink: outside } }), 'docs');
    const found = findings(docs);
    expect(found).toContain('MD_LINK_BROKEN guide.md:8');
    expect(found.filter((f) => f.includes('urls.md'))).toEqual([]);
  });

  it('the nearest repository wins: a nested one is the link root of a workspace inside it', () => {
    const root = testdir({ '.git/config': ORIGIN_SSH, 'CONTRIBUTING.md': '# Outer', 'inner/.git/config': '', 'inner/CONTRIBUTING.md': '## Setup', 'inner/docs/a.md': '[s](/CONTRIBUTING.md#setup)' });
    expect(findings(join(root, 'inner', 'docs'))).toEqual([]);
  });

  it('configured repository URLs and branches replace the origin remote', () => {
    const root = repository({ 'docs/more.md': '[a](https://gitlab.com/acme/docs/-/blob/trunk/docs/a.md#nope) [b](https://github.com/acme/docs/blob/main/docs/gone.md)\n' });
    const links: LinkOptions = { ...DEFAULT_CONFIG.links, root: 'repository', repositoryUrls: ['https://gitlab.com/acme/docs/'], branches: ['trunk'] };
    const found = findings(join(root, 'docs'), links);
    expect(found.filter((f) => f.includes('more.md'))).toEqual(['MD_ANCHOR_BROKEN more.md:1']);
    expect(found.filter((f) => f.includes('urls.md'))).toEqual([]);
  });

  it('`repositoryUrls: []` checks no URL', () => {
    const found = findings(join(repository(), 'docs'), { ...DEFAULT_CONFIG.links, repositoryUrls: [] });
    expect(found.filter((f) => f.includes('urls.md'))).toEqual([]);
  });

  it('an https origin with credentials and `.git` gives the same prefix', () => {
    const config = '[remote "upstream"]\n\turl = https://github.com/someone/else\n[remote "origin"]\n\turl = https://user:token@github.com/acme/docs.git/\n';
    const found = findings(join(repository({ '.git/config': config }), 'docs'));
    expect(found.filter((f) => f.includes('urls.md'))).toEqual(['MD_ANCHOR_BROKEN urls.md:13', 'MD_LINK_BROKEN urls.md:14', 'MD_LINK_BROKEN urls.md:17', 'MD_ANCHOR_BROKEN urls.md:18']);
  });
});

describe('fragments (META-01 rev 2 §5)', () => {
  it('match ignoring case: `#Summary` finds `## Summary`', () => {
    const root = testdir({ 'a.md': '## Summary\n\n[s](#Summary) [t](b.md#SETUP-AND-RUN) [u](#SUMMARY)\n', 'b.md': '# Setup and run\n' });
    expect(findings(root)).toEqual([]);
  });

  it('a suggestion that differs only by invisible characters says so, and which', () => {
    const root = testdir({
      'a.md': '# A\n\n## Setup\n\n<a id="two\u00A0words"></a>\n\n[z](#set%E2%80%8Bup) [n](#two%20words) [s](#se\u00ADtup)\n\n[b](#b-c) <span id="b\u200D-c"></span> [near](#setpu)\n',
    });
    expect(messages(root)).toEqual([
      'link `#set%E2%80%8Bup` points at `#set\u200Bup`, which is no heading or anchor of this file; it differs from `#setup` only by invisible characters (U+200B); remove them from the link',
      'link `#se\u00ADtup` points at `#se\u00ADtup`, which is no heading or anchor of this file; it differs from `#setup` only by invisible characters (U+00AD); remove them from the link',
      'link `#two%20words` points at `#two words`, which is no heading or anchor of this file; it differs from `#two\u00A0words` only by invisible characters (U+00A0); remove them from the anchor',
      'link `#b-c` points at `#b-c`, which is no heading or anchor of this file; it differs from `#b\u200D-c` only by invisible characters (U+200D); remove them from the anchor',
      'link `#setpu` points at `#setpu`, which is no heading or anchor of this file; did you mean `#setup`?',
    ]);
  });

  it('line anchors: `#L3` and `#L3-L5` need those lines; any other fragment is not a line anchor', () => {
    const root = testdir({ 'a.md': '---\nid: A\ntitle: A\n---\n[x](#L5) [y](#l1-l5) [z](b.md#L2)\n', 'b.md': 'one\ntwo' });
    expect(findings(root)).toEqual([]);
    const bad = testdir({ 'a.md': '[x](#L0) [y](#L2) [z](#L1-L3) [w](#L1C2)\nsecond line\n' });
    expect(findings(bad)).toEqual(['MD_ANCHOR_BROKEN a.md:1', 'MD_ANCHOR_BROKEN a.md:1', 'MD_ANCHOR_BROKEN a.md:1']);
  });

  it('a directory link takes the first README.md of any case, in code-unit order', () => {
    const root = testdir({ 'a.md': '[d](d#upper) [e](d/#lower)', 'd/README.md': '# Upper', 'd/readme.md': '# Lower' });
    // `README.md` sorts before `readme.md`: it is the one GitHub shows.
    expect(findings(root)).toEqual(['MD_ANCHOR_BROKEN a.md:1']);
    expect(messages(root)[0]).toContain('which is no heading of `d/README.md` (the README of `d`)');
  });

  it('a directory link to the workspace root checks its README; fragments on other files are not checked', () => {
    const root = testdir({ 'docs/a.md': '[r](..#top) [r](../#title) [t](../x.txt#anything) [i](../img.png#x)', 'README.md': '# Title', 'x.txt': 'text', 'img.png': '' });
    expect(findings(root)).toEqual(['MD_ANCHOR_BROKEN docs/a.md:1']);
  });

  it('an ignored README is not read: the fragment is not checked', () => {
    const root = testdir({ '.docugraphignore': 'd/README.md\n', 'a.md': '[d](d#anything)', 'd/README.md': '# D', 'd/other.md': '# O' });
    expect(findings(root)).toEqual([]);
  });
});

describe('the live index re-checks directory links when a README appears or goes', () => {
  it('gives what a fresh load gives after each change', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }, '[d](sub#install)\n'), 'sub/notes.md': '# Notes' });
    const index = createWorkspaceIndex(root);
    const codes = (changes: string[] | 'all') => index.refresh(changes).diagnostics.map((d) => d.code);
    expect(codes('all')).toEqual(['MD_ANCHOR_BROKEN']);
    writeFiles(root, { 'sub/readme.md': '## Install' });
    expect(codes(['sub/readme.md'])).toEqual([]);
    expect(findings(root)).toEqual([]);
    writeFiles(root, { 'sub/README.md': '# Other' });
    expect(codes(['sub/README.md'])).toEqual(['MD_ANCHOR_BROKEN']);
    expect(findings(root)).toEqual(['MD_ANCHOR_BROKEN a.md:5']);
  });
});
