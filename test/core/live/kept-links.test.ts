/**
 * `diff`'s revision beside the work tree (D-452) checks again only the links whose verdict may
 * differ: `checkLinks` is counted (this file runs in a process of its own: vi.mock replaces the
 * module for the whole file). A link into a file of other bytes under the same headings is not
 * checked again; one to a line of a file whose line count moved is, as is one into a renamed
 * heading.
 */
import { describe, expect, it, vi } from 'vitest';
import { checkLinks } from '../../../src/core/check/check-links.js';
import { buildReport, formatJson, loadRevision, loadWorkspace, readConfig } from '../../../src/core/index.js';
import { CLI_ENV } from '../../helpers/git-repo.js';
import { editedUnderHeadings } from '../../helpers/edited-headings.js';

vi.mock('../../../src/core/check/check-links.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/core/check/check-links.js')>();
  return { ...actual, checkLinks: vi.fn(actual.checkLinks) };
});

const git = { env: CLI_ENV };

describe("a revision's links beside the work tree", () => {
  it('are checked again only where what they read of their targets differs', async () => {
    // Other bytes under the same headings (b.md), a shorter file (c.md), a renamed heading (d.md).
    const root = editedUnderHeadings();
    const today = loadWorkspace(root, { blobIds: true });
    const config = readConfig(root);
    const checked = vi.mocked(checkLinks);
    checked.mockClear();
    const reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    // a.md links to a line of c.md, whose line count moved; y.md into d.md, whose heading did. x.md's verdicts (into b.md and c.md by heading) are kept.
    expect(checked.mock.calls.map(([path]) => path).sort()).toEqual(['docs/a.md', 'docs/y.md']);
    checked.mockClear();
    const whole = await loadRevision(root, 'HEAD', { ...git, config });
    expect(checked.mock.calls.map(([path]) => path).sort()).toEqual(['docs/a.md', 'docs/x.md', 'docs/y.md']);
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
  });
});
