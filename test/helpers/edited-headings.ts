/**
 * A git repository whose work tree changed three Markdown files after the commit, for `diff`'s
 * revision beside the work tree (D-452): `b.md` holds other bytes under the same headings, `c.md`
 * is shorter (three lines, not five), and `d.md`'s heading has another name on the same line.
 * `a.md` links to a line of `c.md` (and into `b.md`), `x.md` into both by heading only, `y.md`
 * into `d.md`'s old heading.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitRepo } from './git-repo.js';
import { doc } from './testdir.js';

export function editedUnderHeadings(): string {
  const root = gitRepo({
    'docs/a.md': doc({ id: 'A', title: 'A' }, 'See [now](b.md#now) and [line four](c.md#L4).\n'),
    'docs/x.md': doc({ id: 'X', title: 'X' }, 'See [intro](c.md#intro) and [gone](b.md#gone).\n'),
    'docs/y.md': doc({ id: 'Y', title: 'Y' }, 'See [old](d.md#old).\n'),
    'docs/b.md': '# B\n\n## Now\n',
    'docs/d.md': '# D\n\n## Old\n',
    'docs/c.md': '# C\n\n## Intro\n\nLine five.\n',
  });
  writeFileSync(join(root, 'docs/b.md'), '# B\n\n## Now\n\nMore text.\n');
  writeFileSync(join(root, 'docs/c.md'), '# C\n\n## Intro\n');
  writeFileSync(join(root, 'docs/d.md'), '# D\n\n## New\n');
  return root;
}
