/**
 * The repository's own Markdown — README, SECURITY, CHANGELOG, docs/, bench/ — links only to
 * files and anchors that exist, checked with DocuGraph itself: the repository root loaded as a
 * workspace (so links resolve as GitHub resolves them), and the findings of those files must
 * be none. The demo workspace is checked on its own, with its own ignore file, the same way.
 * Test fixtures are left out: many are broken on purpose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, resolveWorkspaceRoot, type Diagnostic } from '../src/core/index.js';
import { DEFAULT_CONFIG, type LinkOptions } from '../src/core/shared/config-types.js';
import { createWorkspaceIndex } from '../src/core/live/workspace-index.js';
import { DEMO, ROOT } from './helpers/paths.js';
import { testdir } from './helpers/testdir.js';

/** Folders whose Markdown is not the repository's own documentation. */
const NOT_OURS = ['test/', 'examples/'];

/**
 * The repository's URL prefix from package.json (`https://github.com/owner/name`), so that
 * full links to its own files are checked too; `auto` (the origin remote) when there is none.
 */
function ownRepositoryUrls(root: string): LinkOptions['repositoryUrls'] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: string | { url?: string } };
  const raw = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const url = raw
    ?.replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/\/$/, '');
  return url !== undefined && /^https:\/\/github\.com\/[^/\s]+\/[^/\s]+$/.test(url) ? [url] : 'auto';
}

/** Loads `root` as a workspace and returns its Markdown files and every finding, each as one line. */
function linkFindings(root: string, repositoryUrls: LinkOptions['repositoryUrls'] = 'auto') {
  const index = createWorkspaceIndex(resolveWorkspaceRoot(root), { links: { ...DEFAULT_CONFIG.links, repositoryUrls } });
  const workspace = index.refresh('all');
  const report = buildReport(workspace);
  const show = (d: Diagnostic) => `${d.path}:${d.line ?? '-'}  ${d.code}  ${d.message}`;
  return { files: workspace.files, findings: [...report.errors, ...report.warnings], show };
}

describe("the repository's own Markdown", () => {
  it('links only to files and anchors that exist (README, SECURITY, docs/, …)', () => {
    const { files, findings, show } = linkFindings(ROOT, ownRepositoryUrls(ROOT));
    const ours = files.filter((path) => !NOT_OURS.some((folder) => path.startsWith(folder)));
    for (const required of ['README.md', 'SECURITY.md', 'docs/decisions.md', 'docs/document-model.md', 'docs/cli.md', 'docs/mcp.md']) {
      expect(ours, `${required} is checked`).toContain(required);
    }
    const checked = new Set(ours);
    expect(findings.filter((d) => checked.has(d.path)).map(show)).toEqual([]);
  });

  it('the demo workspace is valid, with no warnings either', () => {
    const { files, findings, show } = linkFindings(DEMO);
    expect(files.length).toBeGreaterThan(10);
    expect(findings.map(show)).toEqual([]);
  });

  it('the same check finds a broken link, a broken anchor and a link out of the repository', () => {
    const root = testdir({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'README.md': '# Readme\n\n[a](docs/missing.md) [b](docs/guide.md#nope) [c](../../outside.md) [d](docs/guide.md#usage)\n',
      'docs/guide.md': '# Guide\n\n## Usage\n',
    });
    const { findings, show } = linkFindings(root);
    expect(findings.map(show)).toEqual([
      'README.md:3  MD_LINK_BROKEN  link `../../outside.md` is broken: it climbs above the root of the repository, where GitHub has no file to show; link to a file inside the repository or use a full URL',
      'README.md:3  MD_LINK_BROKEN  link `docs/missing.md` is broken: `docs/missing.md` does not exist; fix the path or add the file',
      'README.md:3  MD_ANCHOR_BROKEN  link `docs/guide.md#nope` points at `#nope`, which is no heading of `docs/guide.md`; it has headings `#guide`, `#usage`',
    ]);
  });
});
