/**
 * Round `i` of a read-your-writes test: one change of the kinds an editor, an agent or git
 * makes (edits, creates, deletes, atomic saves, ignore-file changes, new directories, empty files).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { doc } from './testdir.js';

export function change(root: string, i: number): void {
  const kind = i % 8;
  const name = `docs/d${i % 13}.md`;
  if (kind === 0) writeFileSync(join(root, name), doc({ id: `D-${i % 13}`, title: `edit ${i}`, depends_on: ['BASE'] }));
  else if (kind === 1) writeFileSync(join(root, `docs/new-${i}.md`), doc({ id: `NEW-${i}`, title: 'new', depends_on: [`D-${i % 13}`] }));
  else if (kind === 2) rmSync(join(root, name), { force: true });
  else if (kind === 3) {
    writeFileSync(join(root, 'docs/tmp.md'), doc({ id: `D-${i % 13}`, title: `saved ${i}` }, '[broken](nowhere.md)\n'));
    renameSync(join(root, 'docs/tmp.md'), join(root, name));
  } else if (kind === 4) writeFileSync(join(root, '.docugraphignore'), i % 16 === 4 ? 'docs/new-*.md\n' : '');
  else if (kind === 5) {
    mkdirSync(join(root, `area-${i}`), { recursive: true });
    writeFileSync(join(root, `area-${i}/x.md`), doc({ id: `AREA-${i}`, title: 'area', depends_on: ['MISSING'] }));
  } else if (kind === 6) writeFileSync(join(root, 'base.md'), doc({ id: 'BASE', title: `base ${i}` }, `# Base ${i}\n`));
  else writeFileSync(join(root, name), '');
}
