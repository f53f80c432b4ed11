/**
 * The source files of `trace.sources` (TRACE §5): matched under the link root, read like
 * documents — never through a symbolic link, regular files only (a FIFO never blocks), files
 * over 1 MiB or with a NUL byte in their first 8 KiB skipped — with `.gitignore` honoured.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { compileSources, listSources, readSource } from '../../../src/core/read/trace-sources.js';
import { doc, testdir } from '../../helpers/testdir.js';

const REQ = doc({ id: 'REQ-01', title: 'Requirement' });
const CONFIG = 'trace:\n  sources: ["src/**", "*.py"]\n';
const traced = (root: string) => [...loadWorkspace(root).traces.byId.values()].flat().map((t) => `${t.path}:${t.line} ${t.relation} ${t.id}`);

describe('trace sources', () => {
  it('are the files the globs match, sorted, in the folders that can hold a match', () => {
    const root = testdir({ 'a/b.py': '', 'src/z.ts': '', 'src/a/b.ts': '', 'lib/c.ts': '', 'top.py': '', 'src/.hidden/x.ts': '', 'src/node_modules/m.ts': '' });
    const listing = listSources(root, compileSources(['src/**', '*.py']), true);
    expect(listing.files).toEqual(['a/b.py', 'src/a/b.ts', 'src/z.ts', 'top.py']);
    // An anchored pattern lists only the folders on its way.
    expect(listSources(root, compileSources(['src/a/**']), true)).toEqual({ files: ['src/a/b.ts'], dirs: ['', 'src', 'src/a'] });
    expect(compileSources(['/src/api/**/*.ts', '/test/', 'lib/x.ts', '!src/gen/', '**/*.go', 'fixtures/']).prefixes).toEqual(['src/api', 'test', 'lib', '']);
  });

  it('honour the .gitignore files (root and nested), unless gitignore is false', () => {
    const files = { '.gitignore': 'dist/\n', 'src/.gitignore': 'generated.ts\n', 'src/a.ts': '// docugraph: implements REQ-01', 'src/generated.ts': '// docugraph: implements REQ-01', 'dist/src/b.ts': '', 'docs/req.md': REQ };
    const root = testdir({ ...files, 'docugraph.yml': 'trace:\n  sources: ["**/*.ts"]\n' });
    expect(traced(root)).toEqual(['src/a.ts:1 implements REQ-01']);
    const all = testdir({ ...files, 'docugraph.yml': 'gitignore: false\ntrace:\n  sources: ["**/*.ts"]\n' });
    expect(traced(all)).toEqual(['src/a.ts:1 implements REQ-01', 'src/generated.ts:1 implements REQ-01']);
  });

  it('skip symbolic links (files and folders), FIFOs, binary files and files over 1 MiB', () => {
    const tag = '// docugraph: implements REQ-01\n';
    const outside = testdir({ 'secret.ts': tag, 'dir/x.ts': tag });
    const root = testdir({
      'req.md': REQ,
      'docugraph.yml': CONFIG,
      'src/ok.ts': tag,
      'src/link.ts': { symlink: join(outside, 'secret.ts') },
      'src/linked-dir': { symlink: join(outside, 'dir') },
      'src/binary.ts': Buffer.concat([Buffer.from(tag), Buffer.from([0, 1, 2])]),
      'src/large.ts': tag + 'x'.repeat(1024 * 1024),
      'src/late-nul.ts': Buffer.concat([Buffer.from(tag), Buffer.alloc(9000, 32), Buffer.from([0])]),
    });
    execFileSync('mkfifo', [join(root, 'src/fifo.ts')]);
    expect(traced(root)).toEqual(['src/late-nul.ts:1 implements REQ-01', 'src/ok.ts:1 implements REQ-01']);
    expect(readSource(root, 'src/link.ts')).toBeNull();
    expect(readSource(root, 'src/fifo.ts')).toBeNull();
  });

  it('are named from the link root (the repository root), above the workspace', () => {
    const repo = testdir({ 'docs/req.md': REQ, 'docs/docugraph.yml': CONFIG, 'src/api/projects.ts': '\n\n// docugraph: implements REQ-01, REQ-9\n', 'docs/src/not-a-source.ts': '// docugraph: implements REQ-01' });
    mkdirSync(join(repo, '.git'));
    const workspace = loadWorkspace(join(repo, 'docs'));
    expect(traced(join(repo, 'docs'))).toEqual(['src/api/projects.ts:3 implements REQ-01']);
    expect(workspace.diagnostics.map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual(['TRACE_BROKEN src/api/projects.ts:3']);
    // links.root: workspace makes the workspace the link root: the globs start there.
    writeFileSync(join(repo, 'docs/docugraph.yml'), `links:\n  root: workspace\n${CONFIG}`);
    expect(traced(join(repo, 'docs'))).toEqual(['src/not-a-source.ts:1 implements REQ-01']);
  });

  it('decode invalid UTF-8 and any line ends', () => {
    const root = testdir({ 'req.md': REQ, 'docugraph.yml': CONFIG, 'src/latin1.ts': Buffer.from([0x2f, 0x2f, 0xe9, 0x0d, 0x0a, 0x0d, ...Buffer.from('// docugraph: verifies REQ-01\r\n')]) });
    expect(traced(root)).toEqual(['src/latin1.ts:3 verifies REQ-01']);
  });
});
