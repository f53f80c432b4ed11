/**
 * Symbolic links with Markdown names are skipped, never followed (META-01 §1), and named to
 * the user once (issue 28): the walk's hook sees each link the first time a listing finds
 * it, and `linkNotices` turns those into a few log lines.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkNotices, loadWorkspace, MAX_LINK_NOTICES, openLiveWorkspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('symbolic links with Markdown names', () => {
  it('are skipped, and the load names each one that its rules do not skip', () => {
    const outside = testdir({ 'secret.md': doc({ id: 'S-1', title: 'outside' }) });
    const root = testdir({
      'a.md': doc({ id: 'A-1', title: 'A' }),
      'linked.md': { symlink: join(outside, 'secret.md') },
      'docs/deep.MD': { symlink: join(outside, 'secret.md') },
      'notes.txt': { symlink: join(outside, 'secret.md') },
      'ignored/x.md': { symlink: join(outside, 'secret.md') },
      '.docugraphignore': 'ignored/\n',
    });
    const named: string[] = [];
    const workspace = loadWorkspace(root, { onLinkSkipped: (path) => named.push(path) });
    expect(workspace.files).toEqual(['a.md']);
    expect([...workspace.nodes.keys()]).toEqual(['A-1']);
    expect(named.sort()).toEqual(['docs/deep.MD', 'linked.md']);
  });

  it('are named once per index: a listing made again for an edit does not repeat them', () => {
    const root = testdir({ 'a.md': doc({ id: 'A-1', title: 'A' }), 'b.md': { symlink: 'a.md' } });
    const named: string[] = [];
    const index = createWorkspaceIndex(root, { onLinkSkipped: (path) => named.push(path) });
    index.refresh('all');
    writeFileSync(join(root, 'c.md'), doc({ id: 'C-1', title: 'C' }));
    expect([...index.refresh(['c.md']).nodes.keys()]).toEqual(['A-1', 'C-1']);
    index.refresh('all');
    expect(named).toEqual(['b.md']);
  });

  it('are named in the log of a live workspace (the server\'s), once', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A-1', title: 'A' }), 'b.md': { symlink: 'a.md' } });
    const lines: string[] = [];
    const live = openLiveWorkspace(root, { mode: 'poll', log: (line) => lines.push(line) });
    try {
      expect([...(await live.snapshot()).nodes.keys()]).toEqual(['A-1']);
      writeFileSync(join(root, 'c.md'), doc({ id: 'C-1', title: 'C' }));
      expect([...(await live.snapshot()).nodes.keys()]).toEqual(['A-1', 'C-1']);
      expect(lines).toEqual(['skipped `b.md`: a symbolic link, never followed (copy the document into the workspace to check it)']);
    } finally {
      live.close();
    }
  });

  it('become at most MAX_LINK_NOTICES lines, then one line for the rest; each path once', () => {
    const lines: string[] = [];
    const notice = linkNotices((line) => lines.push(line));
    for (let i = 0; i < MAX_LINK_NOTICES + 5; i += 1) notice(`d/${i}.md`);
    notice('d/0.md');
    notice('d/99.md');
    expect(lines).toHaveLength(MAX_LINK_NOTICES + 1);
    expect(lines[0]).toBe('skipped `d/0.md`: a symbolic link, never followed (copy the document into the workspace to check it)');
    expect(lines.at(-1)).toBe('skipped more symbolic links with Markdown names, not named here: links are never followed');
  });

  it('with a line break in the name stay on one line', () => {
    const lines: string[] = [];
    linkNotices((line) => lines.push(line))('a\nb.md');
    expect(lines).toEqual(['skipped `"a\\nb.md"`: a symbolic link, never followed (copy the document into the workspace to check it)']);
  });
});
