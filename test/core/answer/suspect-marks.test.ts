/**
 * TRACE §3, where agents read: a bundle marks a suspect document on its inclusion-report line,
 * list_tasks entries name their suspect upstream, and the implement prompt asks to check them.
 * Without a lock file every answer is what it was.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBundle, listTasks, loadWorkspace, planReview, readLockFile } from '../../../src/core/index.js';
import { implementTaskText } from '../../../src/mcp/prompts.js';
import { DEMO } from '../../helpers/paths.js';
import { testdir } from '../../helpers/testdir.js';

const REQ = 'docs/requirements/REQ-01-create-project.md';

/** A copy of the demo with every link reviewed, then REQ-01's body changed. */
function reviewedThenChanged(): string {
  const root = testdir({});
  cpSync(DEMO, root, { recursive: true });
  const ws = loadWorkspace(root);
  writeFileSync(join(root, 'docugraph.lock.json'), planReview(ws, readLockFile(root).state, 'all').text);
  const text = readFileSync(join(root, REQ), 'utf8');
  writeFileSync(join(root, REQ), text.replace('A project has a name,', 'A project has a unique name,'));
  return root;
}

describe('suspect documents', () => {
  it('are marked on their inclusion-report line, naming the included documents that reviewed them, before an omitted mark', () => {
    const ws = loadWorkspace(reviewedThenChanged());
    const bundle = buildBundle(ws, { taskId: 'BE-02' });
    expect(bundle).toContain('- `REQ-01` depth=1: required by `BE-02` — suspect: changed since `BE-01`, `BE-02` reviewed it\n');
    // Only that line changed.
    const golden = readFileSync(new URL('../../golden/BE-02.code.bundle.md', import.meta.url), 'utf8');
    const report = (text: string) => text.split('\n## Documents\n')[0]!;
    expect(report(bundle).replace(' — suspect: changed since `BE-01`, `BE-02` reviewed it', '')).toBe(report(golden));
    // Only the reviewers that are in the bundle are named.
    expect(buildBundle(ws, { taskId: 'BE-01' })).toContain('- `REQ-01` depth=1: required by `BE-01` — suspect: changed since `BE-01` reviewed it\n');
    // With a budget that leaves REQ-01 out, the suspect mark comes first.
    const budgeted = buildBundle(ws, { taskId: 'BE-02', maxTokens: 1500 });
    expect(budgeted).toMatch(/- `REQ-01` depth=1: required by `BE-02` — suspect: changed since `BE-01`, `BE-02` reviewed it — omitted \(≈\d+ tokens\)\n/);
  });

  it('are listed in list_tasks entries as `suspect`, only when the workspace has a lock file', () => {
    const ws = loadWorkspace(reviewedThenChanged());
    const tasks = listTasks(ws).tasks;
    expect(tasks.filter((t) => t.suspect!.length > 0).map((t) => [t.id, t.suspect])).toEqual([
      ['BE-01', ['REQ-01']],
      ['BE-02', ['REQ-01']],
    ]);
    expect(Object.keys(tasks[0]!)).toEqual(['id', 'title', 'type', 'status', 'path', 'dependsOn', 'state', 'blockedBy', 'unblocks', 'suspect']);
    expect(Object.keys(listTasks(loadWorkspace(DEMO)).tasks[0]!)).toEqual(['id', 'title', 'type', 'status', 'path', 'dependsOn', 'state', 'blockedBy', 'unblocks']);
  });

  it('make the implement prompt ask to check them before coding; without them it is unchanged', () => {
    const suspect = implementTaskText(loadWorkspace(reviewedThenChanged()), 'BE-02');
    expect(suspect).toContain('4. Documents marked `suspect` in the inclusion report changed since the documents that depend on them were last reviewed against them. Before you write code, check each one');
    expect(suspect).toContain('\n5. When you are done, go through the acceptance criteria');
    const plain = implementTaskText(loadWorkspace(DEMO), 'BE-02');
    expect(plain).not.toContain('suspect');
    expect(plain).toContain('\n4. When you are done, go through the acceptance criteria');
  });
});
