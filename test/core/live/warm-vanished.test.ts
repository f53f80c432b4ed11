/**
 * A warm start during which a file vanishes and comes back (live/warm-patch.ts): the walk lists
 * a folder again for a file gone when read, and reads again what changed there meanwhile —
 * files taken from the on-disk index among them. The index's own state, which a start with
 * edited files assembles first, must then still be the index's entries, not what was read
 * since; else the new dependency of a file edited meanwhile is lost, and written to the index.
 * (From a review, with its reproduction; the start gave the old graph, and so did every later
 * start from the index it wrote.)
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, listTasks, loadWorkspace, selectGraph, type Workspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { doc, testdir } from '../../helpers/testdir.js';

const answers = (ws: Workspace): string[] => [formatReport(buildReport(ws)), JSON.stringify(listTasks(ws)), JSON.stringify(selectGraph(ws))];

describe('a warm start with a vanished file', () => {
  it('answers as a cold load when a file taken from the index changes during the listing again, and so does the next start', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'a' }, 'Body a.\n'),
      'b.md': doc({ id: 'B', title: 'b' }, 'Body b.\n'),
      't.md': doc({ id: 'T', title: 't' }, 'Body t.\n'),
      'sub/x.md': doc({ id: 'X', title: 'x' }, 'Body x.\n'),
    });
    const log: string[] = [];
    const cache = { dir: testdir({}), version: 'test', log: (line: string) => void log.push(line), now: () => Date.now() + 10_000 };
    const first = createWorkspaceIndex(root, { once: true, cache });
    first.refresh('all');
    expect(first.saveCache()).toBe(true);
    const aText = readFileSync(join(root, 'a.md'));
    const listed: Record<string, number> = {};
    const index = createWorkspaceIndex(root, {
      cache,
      beforeList: (dir) => {
        listed[dir] = (listed[dir] ?? 0) + 1;
        // `a.md` is gone when it is read (it differs from the index: it is read), so the root is listed again…
        if (dir === 'sub' && listed[dir] === 1) rmSync(join(root, 'a.md'));
        // …and meanwhile `a.md` is back and `t.md`, taken from the index, gains a dependency.
        if (dir === '' && listed[dir] === 2) {
          writeFileSync(join(root, 'a.md'), aText);
          writeFileSync(join(root, 't.md'), doc({ id: 'T', title: 't', depends_on: ['B'] }, 'Body t, now longer.\n'));
        }
      },
    });
    const warm = index.refresh('all');
    expect(listed['']).toBe(2);
    expect(index.fromCache()).toBeGreaterThan(0);
    expect(warm.upstream.get('T')).toEqual(['B']);
    expect(answers(warm)).toEqual(answers(loadWorkspace(root)));
    expect(answers(index.refresh(['a.md', 't.md']))).toEqual(answers(loadWorkspace(root)));
    expect(index.saveCache()).toBe(true);
    const next = createWorkspaceIndex(root, { once: true, cache });
    expect(answers(next.refresh('all'))).toEqual(answers(loadWorkspace(root)));
    expect(log).toEqual([]);
  });
});
