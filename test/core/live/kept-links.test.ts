/**
 * `diff`'s revision beside the work tree (D-452) checks again only the links whose verdict may
 * differ: `checkLinks` is counted (this file runs in a process of its own: vi.mock replaces the
 * module for the whole file). A link into a file of other bytes under the same headings is not
 * checked again; one to a line of a file whose line count moved is, as is one into a renamed
 * heading.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkLinks } from '../../../src/core/check/check-links.js';
import { buildReport, formatJson, loadRevision, loadWorkspace, readConfig } from '../../../src/core/index.js';
import { CLI_ENV, gitRepo } from '../../helpers/git-repo.js';
import { doc } from '../../helpers/testdir.js';

vi.mock('../../../src/core/check/check-links.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/core/check/check-links.js')>();
  return { ...actual, checkLinks: vi.fn(actual.checkLinks) };
});

const git = { env: CLI_ENV };

describe("a revision's links beside the work tree", () => {
  it('are checked again only where what they read of their targets differs', async () => {
    const root = gitRepo({
      'docs/a.md': doc({ id: 'A', title: 'A' }, 'See [line four](c.md#L4).\n'),
      'docs/x.md': doc({ id: 'X', title: 'X' }, 'See [intro](c.md#intro) and [now](b.md#now).\n'),
      'docs/y.md': doc({ id: 'Y', title: 'Y' }, 'See [old](d.md#old).\n'),
      'docs/b.md': '# B\n\n## Now\n',
      'docs/c.md': '# C\n\n## Intro\n\nLine five.\n',
      'docs/d.md': '# D\n\n## Old\n',
    });
    // Other bytes under the same headings (b.md), a shorter file (c.md), a renamed heading (d.md).
    writeFileSync(join(root, 'docs/b.md'), '# B\n\n## Now\n\nMore text.\n');
    writeFileSync(join(root, 'docs/c.md'), '# C\n\n## Intro\n');
    writeFileSync(join(root, 'docs/d.md'), '# D\n\n## New\n');
    const today = loadWorkspace(root, { blobIds: true });
    const config = readConfig(root);
    const checked = vi.mocked(checkLinks);
    checked.mockClear();
    const reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    // a.md links to a line of c.md, whose line count moved; y.md into d.md, whose heading did. x.md's verdict is kept.
    expect(checked.mock.calls.map(([path]) => path).sort()).toEqual(['docs/a.md', 'docs/y.md']);
    checked.mockClear();
    const whole = await loadRevision(root, 'HEAD', { ...git, config });
    expect(checked.mock.calls.map(([path]) => path).sort()).toEqual(['docs/a.md', 'docs/x.md', 'docs/y.md']);
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
  });
});
