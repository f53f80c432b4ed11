import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentsByPlace } from '../../../src/core/model/find-cycles.js';
import { buildReport, loadWorkspace, WorkspaceNotFoundError } from '../../../src/core/index.js';
import { doc, testdir, writeFiles } from '../../helpers/testdir.js';

const findings = (root: string) =>
  loadWorkspace(root).diagnostics.map((d) => `${d.code} ${d.path}:${d.line ?? '-'} ${d.nodeId ?? 'null'}`);

describe('graph (META-01 §4)', () => {
  it('counts distinct edges, self-edges included', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'A', depends_on: ['B', 'C'] }),
      'b.md': doc({ id: 'B', title: 'B', depends_on: ['C'] }),
      'c.md': doc({ id: 'C', title: 'C', depends_on: ['C'] }),
    });
    const ws = loadWorkspace(root);
    expect(ws.edgeCount).toBe(4);
    expect(ws.upstream.get('A')).toEqual(['B', 'C']);
    expect(ws.downstream.get('C')).toEqual(['A', 'B', 'C']);
  });

  it('LINK_BROKEN on the line of the entry, with a hint', () => {
    const root = testdir({
      'docs/a.md': '---\nid: A\ntitle: A\ndepends_on:\n  - BE-1\n  - ../specs/s.md\n---\n',
      'be.md': doc({ id: 'BE-01', title: 'B' }),
      'specs/s.md': doc({ id: 'SPEC-9', title: 'S' }),
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.map((d) => [d.code, d.line, d.nodeId])).toEqual([
      ['LINK_BROKEN', 5, 'A'],
      ['LINK_BROKEN', 6, 'A'],
    ]);
    expect(ws.diagnostics[0]!.message).toContain('did you mean `BE-01`?');
    expect(ws.diagnostics[1]!.message).toContain('that is the file of `SPEC-9`');
    expect(ws.edgeCount).toBe(0);
  });
});

describe('cycles (META-01 §4)', () => {
  it('one LINK_CYCLE per component, on its smallest id, with one concrete cycle', () => {
    const root = testdir({
      'x/c.md': doc({ id: 'C', title: 'C', depends_on: ['A'] }),
      'x/b.md': doc({ id: 'B', title: 'B', depends_on: ['C'] }),
      'x/a.md': doc({ id: 'A', title: 'A', depends_on: ['B', 'D'] }),
      'd.md': doc({ id: 'D', title: 'D', depends_on: ['A'] }),
      'e.md': doc({ id: 'E', title: 'E', depends_on: ['E'] }),
      'f.md': doc({ id: 'F', title: 'F', depends_on: ['A'] }),
    });
    const ws = loadWorkspace(root);
    const cycles = ws.diagnostics.filter((d) => d.code === 'LINK_CYCLE');
    expect(cycles.map((d) => [d.nodeId, d.path, d.line])).toEqual([
      ['E', 'e.md', 4],
      ['A', 'x/a.md', 4],
    ]);
    const big = cycles.find((d) => d.nodeId === 'A')!;
    // The shortest cycle through A, taking neighbours in sorted order: A -> D -> A.
    expect(big.message).toBe('dependency cycle among A, B, C, D: A -> D -> A');
    expect(cycles.find((d) => d.nodeId === 'E')!.message).toBe('dependency cycle among E: E -> E');
    expect(ws.cycles.map((c) => c.ids)).toEqual([['A', 'B', 'C', 'D'], ['E']]);
    expect(ws.cycleOf.has('F')).toBe(false);
  });

  it('finds a ring of 2 000 files as one cycle', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2000; i += 1) files[`n${i}.md`] = doc({ id: `N${i}`, title: 'n', depends_on: [`N${(i + 1) % 2000}`] });
    const ws = loadWorkspace(testdir(files));
    expect(ws.cycles).toHaveLength(1);
    expect(ws.cycles[0]!.ids).toHaveLength(2000);
    expect(ws.cycles[0]!.path).toHaveLength(2001);
  });

  it('Tarjan handles a 200 000-node chain and ring without overflowing the stack', () => {
    const n = 200_000;
    // Node i depends on node i + 1 (the chain stops at the last; the ring goes back to 0).
    const edges = (ring: boolean) => {
      const upStart = Int32Array.from({ length: n + 1 }, (_, i) => Math.min(i, ring ? n : n - 1));
      const upList = Int32Array.from({ length: ring ? n : n - 1 }, (_, i) => (i + 1) % n);
      return componentsByPlace(upStart, upList);
    };
    const chain = edges(false);
    expect(chain.starts).toHaveLength(n + 1);
    // Tarjan closes the deepest first: the chain's last node, then back to the first.
    expect([chain.members[0], chain.members[n - 1]]).toEqual([n - 1, 0]);
    const ring = edges(true);
    expect([...ring.starts]).toEqual([0, n]);
    expect(new Set(ring.members).size).toBe(n);
  });
});

describe('ids across files (META-01 §3)', () => {
  it('ID_DUPLICATE on every file; the smallest path becomes the node', () => {
    const root = testdir({
      'b/dup.md': doc({ id: 'DUP', title: 'Second', depends_on: ['NOPE'] }),
      'a/dup.md': doc({ id: 'DUP', title: 'First' }),
      'c.md': doc({ id: 'C', title: 'C', depends_on: ['DUP'] }),
    });
    const ws = loadWorkspace(root);
    expect(ws.nodes.get('DUP')?.title).toBe('First');
    expect(findings(root)).toEqual(['ID_DUPLICATE a/dup.md:2 DUP', 'ID_DUPLICATE b/dup.md:2 null']);
    expect(ws.diagnostics[1]!.message).toContain('`a/dup.md`');
  });

  it('a file that is not a node is reported, and its links are still checked', () => {
    const root = testdir({
      'README.md': '# Readme\n[gone](gone.md)\n',
      'bad.md': '---\ntitle: no id\ndepends_on: [X]\n---\n[gone](gone.md)\n',
      'page.md': '---\ntitle: a page\n---\n[gone](gone.md)\n',
    });
    expect(findings(root)).toEqual([
      'MD_LINK_BROKEN README.md:2 null',
      'ID_MISSING bad.md:1 null',
      'MD_LINK_BROKEN bad.md:5 null',
      'MD_LINK_BROKEN page.md:4 null',
    ]);
  });
});

describe('Markdown links (META-01 §5)', () => {
  const target = doc({ id: 'T', title: 'T' }, '# Target\n\n## Setup & run\n\n### Notes\n\n### Notes\n');

  it('checks relative, root-relative, percent-encoded and directory links', () => {
    const root = testdir({
      'docs/t.md': target,
      'docs/my file.md': '# Spaced\n',
      'img/logo.png': 'png',
      '.github/workflows/ci.yml': 'on: push',
      'a.md': [
        '# A',
        '[ok](docs/t.md) [ok](./docs/t.md?plain=1) [ok](/docs/t.md) [ok](docs/my%20file.md) [ok](<docs/my file.md>)',
        '![ok](img/logo.png) [ok](docs/) [ok](docs) [ok](/) [ok](.github/workflows/ci.yml)',
        '[bad](docs/none.md) ![bad](img/none.png)',
        '[ext](https://example.com/x.md) [ext](mailto:a@b.c) [ext](//cdn.example.com/x.md) [ext](tel:123)',
        '',
        '[def]: docs/missing-def.md',
      ].join('\n'),
    });
    expect(findings(root)).toEqual(['MD_LINK_BROKEN a.md:4 null', 'MD_LINK_BROKEN a.md:4 null', 'MD_LINK_BROKEN a.md:7 null']);
  });

  it('checks names with their exact case, also in skipped places', () => {
    const root = testdir({
      'Docs/T.md': '# T',
      '.github/workflows/ci.yml': 'on: push',
      'a.md': '[ok](Docs/T.md) [bad](docs/t.md) [ok](.github/workflows/ci.yml) [bad](.github/Workflows/ci.yml) [bad](.github/workflows/ci.yml/x)',
    });
    expect(findings(root)).toEqual(['MD_LINK_BROKEN a.md:1 null', 'MD_LINK_BROKEN a.md:1 null', 'MD_LINK_BROKEN a.md:1 null']);
  });

  it('finds targets the walk skipped (ignored directories, node_modules, dot-entries), and none where it listed nothing', () => {
    const root = testdir({
      '.docugraphignore': 'build/\n',
      'build/old.md': '# Old',
      'node_modules/pkg/README.md': '# Pkg',
      '.github/CONTRIBUTING.md': '# C',
      'docs/t.md': '# T',
      'a.md': [
        '[ok](build/old.md) [ok](build) [ok](node_modules/pkg/README.md) [ok](.github/CONTRIBUTING.md) [ok](.docugraphignore)',
        '[bad](build/none.md) [bad](docs/none/deeper.md) [bad](none/x.md) [bad](docs/t.md/x) [bad](.github/none.md)',
      ].join('\n'),
    });
    expect(findings(root)).toEqual(Array.from({ length: 5 }, () => 'MD_LINK_BROKEN a.md:2 null'));
  });

  it('does not follow symbolic links to check a target, and does not call such links broken', () => {
    const outside = testdir({ 'real/file.md': '# F' });
    const root = testdir({ 'linked': { symlink: join(outside, 'real') }, 'a.md': '[x](linked/file.md) [y](linked/none.md) [z](linked)' });
    expect(findings(root)).toEqual([]);
  });

  it('ignores text in code spans, code blocks and HTML blocks', () => {
    const root = testdir({
      'a.md': '# A\n\n`[x](gone.md)`\n\n```\n[x](gone.md)\n```\n\n    [x](gone.md)\n\n<div>\n[x](gone.md)\n</div>\n',
    });
    expect(findings(root)).toEqual([]);
  });

  it('checks anchors with GitHub slugs, repeated headings numbered', () => {
    const root = testdir({
      'docs/t.md': target,
      'a.md': [
        '# A',
        '[ok](docs/t.md#target) [ok](docs/t.md#setup--run) [ok](docs/t.md#notes) [ok](docs/t.md#notes-1) [ok](#a) [ok](docs/t.md#)',
        // META-01 rev 2: fragments match ignoring case, as on GitHub, so `#Target` is good.
        '[bad](docs/t.md#notes-2) [bad](#nope) [ok](docs/t.md#Target)',
      ].join('\n'),
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(['MD_ANCHOR_BROKEN@3', 'MD_ANCHOR_BROKEN@3']);
    expect(buildReport(ws).valid).toBe(true);
    expect(ws.diagnostics.map((d) => d.message)).toContain('link `#nope` points at `#nope`, which is no heading of this file; it has headings `#a`');
  });

  it('matches a fragment with a whole anchor, ignoring case, in files with few or many anchors', () => {
    const long = Array.from({ length: 30 }, (_, i) => `# Section ${i} of a heading long enough to pass the limit`);
    const root = testdir({
      'docs/few.md': '# Alpha\n# Beta Gamma\n\n<a id="MiXed"></a>\n',
      'docs/many.md': `${long.join('\n')}\n\n<a id="MiXed"></a>\n`,
      'a.md': [
        '[ok](docs/few.md#alpha) [ok](docs/few.md#BETA-gamma) [ok](docs/few.md#mixed) [ok](docs/many.md#section-0-of-a-heading-long-enough-to-pass-the-limit) [ok](docs/many.md#SECTION-29-of-a-heading-long-enough-to-pass-the-limit) [ok](docs/many.md#MIXED)',
        '[bad](docs/few.md#beta)',
        '[bad](docs/few.md#gamma)',
        '[bad](docs/few.md#alpha%00beta-gamma)',
        '[bad](docs/few.md#alpha-beta-gamma)',
        '[bad](docs/many.md#section-0)',
        '[bad](docs/many.md#section-0-of-a-heading-long-enough-to-pass-the-limit%00section-1-of-a-heading-long-enough-to-pass-the-limit)',
      ].join('\n'),
    });
    expect(findings(root)).toEqual([2, 3, 4, 5, 6, 7].map((line) => `MD_ANCHOR_BROKEN a.md:${line} null`));
  });

  it("a heading's own id written after its text (`{#docker-daemon}`) is an anchor, beside the one its text makes", () => {
    // WeOps-Lab/bklite-website at e06abb4 (a forty-second round), a Docusaurus site: docs/operations/hardening.md:26 links `#docker-daemon`.
    const root = testdir({
      'hardening.md': ['# Hardening', '', '- [Docker](#docker-daemon) [also](#10-docker-守护进程加固daemonjson-docker-daemon) [bad](#daemon)', '', '## 10. Docker 守护进程加固（daemon.json） {#docker-daemon}', '', '## `code` {#in-code} ##', '', '[ok](#in-code) [bad](#{#in-code})', '', '## MkDocs {: #mk }', '## Pandoc {#pan .unnumbered}', '## Escaped \\{#esc}', '', '[ok](#mk) [ok](#PAN) [bad](#esc)', ''].join('\n'),
    });
    expect(findings(root)).toEqual(['MD_ANCHOR_BROKEN hardening.md:3 null', 'MD_ANCHOR_BROKEN hardening.md:9 null', 'MD_ANCHOR_BROKEN hardening.md:15 null']);
  });

  it('does not check anchors of files that are not workspace Markdown', () => {
    const root = testdir({ 'x.txt': 'text', 'drafts/d.md': '# D', '.docugraphignore': 'drafts/', 'a.md': '[x](x.txt#L3) [y](drafts/d.md#zzz)' });
    expect(findings(root)).toEqual([]);
  });

  it('MD_LINK_OUTSIDE_WORKSPACE for links that leave the root', () => {
    const root = testdir({ 'docs/a.md': '[x](../../outside.md) [y](/../x.md) [ok](../docs/a.md)' });
    expect(findings(root)).toEqual(['MD_LINK_OUTSIDE_WORKSPACE docs/a.md:1 null', 'MD_LINK_OUTSIDE_WORKSPACE docs/a.md:1 null']);
  });

  it('counts lines from the top of the file, frontmatter included', () => {
    const root = testdir({ 'a.md': '---\nid: A\ntitle: A\n---\n\ntext\n[x](gone.md)\n' });
    expect(findings(root)).toEqual(['MD_LINK_BROKEN a.md:7 A']);
  });
});

describe('loading', () => {
  it('FILE_UNREADABLE for a file that is not UTF-8', () => {
    const root = testdir({ 'bad.md': new Uint8Array([0x23, 0x20, 0xc3, 0x28]), 'ok.md': doc({ id: 'OK', title: 'ok' }) });
    expect(findings(root)).toEqual(['FILE_UNREADABLE bad.md:- null']);
  });

  it('WORKSPACE_NOT_FOUND for a missing path or a file', () => {
    const root = testdir({ 'a.md': '' });
    expect(() => loadWorkspace(`${root}/nope`)).toThrow(WorkspaceNotFoundError);
    expect(() => loadWorkspace(`${root}/a.md`)).toThrow(/not a directory/);
  });

  it('gives the same report whatever order files were created in', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i += 1) {
      files[`d${i % 7}/f${i}.md`] = doc({ id: `F${i}`, title: `F ${i}`, depends_on: [`F${(i * 7) % 60}`, `X${i % 5}`] }, `[l](../d${(i + 1) % 7}/f${(i + 1) % 60}.md#nope)\n`);
    }
    const a = testdir({});
    writeFiles(a, files);
    const b = testdir({});
    writeFiles(b, Object.fromEntries(Object.entries(files).reverse()));
    const strip = (root: string) => JSON.stringify({ ...buildReport(loadWorkspace(root)), workspacePath: '' });
    expect(strip(a)).toBe(strip(b));
  });
});
