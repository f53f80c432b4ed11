/**
 * A warm start after the set of Markdown files changed with no entry coming or going: an ignore
 * rule dropped (an ignored file is still an entry of its folder, for link checks). A broken
 * link's "did you mean" reads the set of files, so the links found broken are checked again,
 * as a live refresh does after a change of the rules. (Found by the differential test with more
 * runs than the default: the warm start kept the suggestion of the old set.)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadIndexed, loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

const broken = (diagnostics: readonly { code: string; message: string }[]): string[] => diagnostics.filter((d) => d.code === 'MD_LINK_BROKEN').map((d) => d.message);

describe('a warm start after an ignore rule changed', () => {
  it('suggests for a broken link what a cold load suggests, the file no longer ignored included', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'a' }, 'See [the notes](note.md).\n'),
      'notes.md': doc({ id: 'N', title: 'notes' }, 'Notes.\n'),
      '.docugraphignore': 'notes.md\n',
    });
    const log: string[] = [];
    const cache = { dir: testdir({}), version: 'test', log: (line: string) => void log.push(line), now: () => Date.now() + 10_000 };
    const first = loadIndexed(root, { cache });
    expect(first.saveIndex()).toBe(true);
    expect(broken(first.workspace.diagnostics)).toEqual(broken(loadWorkspace(root).diagnostics));
    writeFileSync(join(root, '.docugraphignore'), '');
    const cold = broken(loadWorkspace(root).diagnostics);
    expect(cold.join()).toContain('notes.md');
    const warm = loadIndexed(root, { cache });
    expect(warm.fromIndex).toBeGreaterThan(0);
    expect(broken(warm.workspace.diagnostics)).toEqual(cold);
    expect(log).toEqual([]);
  });
});
