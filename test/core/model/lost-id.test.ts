/**
 * A dependency on a document whose frontmatter does not parse (issue 37): the finding names
 * that file and says to fix its frontmatter, rather than "no document has that id; did you
 * mean …" — at load and, as the file is edited, in a live workspace.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { idOfInvalid } from '../../../src/core/model/claims-docugraph.js';
import { openLiveWorkspace, type LiveWorkspace } from '../../../src/core/live/live-workspace.js';
import { DEFAULT_CONFIG } from '../../../src/core/shared/config-types.js';
import { doc, testdir } from '../../helpers/testdir.js';

const BROKEN_C = '---\nid: C\ntitle: [unclosed\n---\n# C\n';
const broken = (ws: Workspace) => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => `${d.path}: ${d.message}`);

const open: LiveWorkspace[] = [];
afterEach(() => {
  while (open.length > 0) open.pop()!.close();
});

describe('a dependency on a document with invalid frontmatter', () => {
  it('names the file and says to fix its frontmatter, for depends_on and typed relations', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'a', depends_on: ['C'] }), 'b.md': doc({ id: 'B', title: 'b', implements: ['C'] }), 'c.md': BROKEN_C });
    expect(broken(loadWorkspace(root))).toEqual([
      'a.md: `depends_on` names `C`, but no document has that id; `c.md` would give it, but its frontmatter is invalid: fix the frontmatter there (its FRONTMATTER_INVALID says where)',
      'b.md: B implements `C`, which does not exist; `c.md` would give it, but its frontmatter is invalid: fix the frontmatter there (its FRONTMATTER_INVALID says where)',
    ]);
    // Another missing id keeps its usual advice.
    const other = testdir({ 'a.md': doc({ id: 'A', title: 'a', depends_on: ['D'] }), 'c.md': BROKEN_C });
    expect(broken(loadWorkspace(other))).toEqual(['a.md: `depends_on` names `D`, but no document has that id; did you mean `A`?']);
  });

  it('follows edits in a live workspace: another id, then fixed frontmatter', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'a', depends_on: ['C'] }), 'c.md': BROKEN_C, 'd.md': doc({ id: 'D', title: 'd' }) });
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    open.push(live);
    expect(broken(await live.snapshot())[0]).toContain('`c.md` would give it');
    writeFileSync(join(root, 'c.md'), BROKEN_C.replace('id: C', 'id: E'));
    const renamed = await live.snapshot();
    expect(broken(renamed)).toEqual(['a.md: `depends_on` names `C`, but no document has that id; did you mean `A`?']);
    expect(buildReport(renamed)).toEqual(buildReport(loadWorkspace(root)));
    writeFileSync(join(root, 'c.md'), doc({ id: 'C', title: 'c' }));
    expect(broken(await live.snapshot())).toEqual([]);
  });

  it('reads the id line alone: quoted or with a comment; nothing that is no plain id', () => {
    const id = (source: string) => idOfInvalid(source, DEFAULT_CONFIG);
    expect(id('title: [x\nid: C-1\n')).toBe('C-1');
    expect(id('id: "C-1"  # the spec\n')).toBe('C-1');
    expect(id("id: 'C-1'\n")).toBe('C-1');
    expect(id('id: [C-1\n')).toBeNull();
    expect(id('  id: C-1\n')).toBeNull();
    expect(id('title: x\n')).toBeNull();
  });
});
