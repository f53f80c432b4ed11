/**
 * Issue 57 on the command line: `validate` and `context` read the sources docugraph.yml names;
 * `docugraph sources` lists them with their commits and pins; `docugraph sources pin` writes
 * the pins into docugraph.lock.json. The fixture is test/fixtures/sources (written by hand).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { commitFiles, git } from '../helpers/git-repo.js';
import { sourcePair } from '../helpers/source-pair.js';

describe('docugraph sources', () => {
  it('validate and context read the platform; sources lists it; pin writes the lock file; a moved source is a warning until pinned again', async () => {
    const { service, platform } = sourcePair();
    const run = (...argv: string[]) => runInProcess(argv, { cwd: service });
    const head = () => git(platform, 'rev-parse', 'HEAD').trim();

    expect(await run('validate')).toMatchObject({ code: 0, stdout: 'valid: 0 errors, 0 warnings (6 files read, 10 documents, 3 dependencies)\n' });
    expect((await run('context', 'SVC-1')).stdout).toContain('### platform:REQ-12 — Tokens expire\npath: ../platform/docs/req-12.md\n');
    // Both sides of a diff hold the sources as read today: only this workspace's changes show.
    expect((await run('diff', 'HEAD', '--format', 'text')).stdout).toMatch(/^HEAD \([0-9a-f]{12}\) → the working tree: no document changed;/);
    expect((await run('diff', 'HEAD', '--head', 'HEAD', '--format', 'text')).stdout).toMatch(/^HEAD \([0-9a-f]{12}\) → HEAD \([0-9a-f]{12}\): no document changed;/);
    const first = head();
    expect(await run('sources')).toMatchObject({ code: 0, stdout: `platform  ../platform  working tree  ${first.slice(0, 12)}  not pinned  4 files, 8 nodes\n` });
    expect(await run('sources', 'pin')).toMatchObject({ code: 0, stdout: `pinned  platform ${first.slice(0, 12)} (new)\nWrote docugraph.lock.json.\n` });
    expect(JSON.parse(readFileSync(join(service, 'docugraph.lock.json'), 'utf8'))).toEqual({ version: 1, sources: { platform: { commit: first } } });
    expect((await run('sources', 'pin')).stdout).toBe(`pinned  platform ${first.slice(0, 12)} (unchanged)\ndocugraph.lock.json is up to date.\n`);

    commitFiles(platform, { 'docs/req-13.md': null });
    const moved = await run('validate');
    expect(moved.code).toBe(1);
    expect(moved.stdout).toContain(`docugraph.yml:2  SOURCE_MOVED  the source \`platform\` is pinned to \`${first.slice(0, 12)}\` in \`docugraph.lock.json\` but now resolves to \`${head().slice(0, 12)}\`: 0 documents added, 1 removed (\`platform:REQ-13\`), 0 changed; nothing here depends on what changed: run \`docugraph sources pin platform\``);
    // The link to the removed file is this workspace's finding.
    expect(moved.stdout).toContain('svc-2.md:7  MD_LINK_BROKEN');
    const listed = JSON.parse((await run('sources', '--format', 'json')).stdout) as { sources: unknown[] };
    expect(listed.sources).toEqual([
      { name: 'platform', path: '../platform', rev: null, url: 'https://example.com/acme/platform.git', state: 'ok', commit: head(), pinned: first, moved: { pinned: first, added: 0, removed: 1, changed: 0, unread: null }, files: 3, nodes: 7, findings: [] },
    ]);
    expect(await run('sources', 'pin', 'billing')).toMatchObject({ code: 2, stderr: 'docugraph: no source is named `billing`; `sources:` in docugraph.yml names `platform`\n' });
    expect((await run('sources', 'pin', 'platform')).stdout).toContain('(was ');
    expect((await run('validate')).stdout).not.toContain('SOURCE_MOVED');
  });
});
