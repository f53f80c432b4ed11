/**
 * TRACE §1 in the model: typed relations read from their configured keys, their edges both
 * ways and counts, and the findings of entries that are malformed, repeated or name no node.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('typed relations', () => {
  it('reads every relation from its keys, with edges out and in, sorted by relation then id', () => {
    const w = loadWorkspace(
      testdir({
        'docugraph.yml': 'relations:\n  verifies: [verifies, tests]\n  refines: parent\n',
        'req.md': doc({ id: 'REQ', title: 'Requirement', status: 'approved' }),
        'epic.md': doc({ id: 'EPIC', title: 'Epic', status: 'todo' }),
        'qa.md': doc({ id: 'QA', title: 'Test plan', status: 'todo', tests: 'REQ', verifies: ['EPIC'] }),
        't.md': doc({ id: 'T', title: 'Task', status: 'todo', implements: ['REQ'], parent: 'EPIC', related: ['QA', 'T'], depends_on: ['REQ'] }),
        // `refines` is not a key of this workspace: `parent` replaced it.
        'u.md': doc({ id: 'U', title: 'Other', refines: 'EPIC' }),
      }),
    );
    expect(Object.fromEntries(w.relationsOut)).toEqual({
      QA: [{ relation: 'verifies', id: 'EPIC' }, { relation: 'verifies', id: 'REQ' }],
      T: [{ relation: 'implements', id: 'REQ' }, { relation: 'refines', id: 'EPIC' }, { relation: 'related', id: 'QA' }, { relation: 'related', id: 'T' }],
    });
    expect(w.relationsIn.get('REQ')).toEqual([{ relation: 'implements', id: 'T' }, { relation: 'verifies', id: 'QA' }]);
    expect(w.relationsIn.get('EPIC')).toEqual([{ relation: 'verifies', id: 'QA' }, { relation: 'refines', id: 'T' }]);
    expect(w.relationCounts).toEqual({ depends_on: 1, implements: 1, verifies: 2, refines: 1, related: 2, supersedes: 0 });
    expect(w.typedRelations).toBe(true);
    const report = buildReport(w);
    expect(Object.keys(report)).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'errors', 'warnings', 'valid', 'relationCounts']);
    expect(report.relationCounts).toEqual(w.relationCounts);
    // Only depends_on makes edges and cycles: a related self-edge is no cycle.
    expect(w.edgeCount).toBe(1);
    expect(w.cycles).toEqual([]);
  });

  it('a workspace without typed relation keys has no relationCounts in its report', () => {
    const w = loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'] }), 'b.md': doc({ id: 'B', title: 'B' }) }));
    expect(w.typedRelations).toBe(false);
    expect(Object.keys(buildReport(w))).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'errors', 'warnings', 'valid']);
  });

  it('LINK_BROKEN names the relation; RELATION_INVALID and DEPENDS_ON_DUPLICATE for the rest', () => {
    const w = loadWorkspace(
      testdir({
        'docugraph.yml': 'relations:\n  verifies: [verifies, tests]\n',
        'req.md': doc({ id: 'REQ-1', title: 'Requirement' }),
        'be.md': '---\nid: BE-02\ntitle: Task\nimplements: [REQ-9]\nverifies: [REQ-1]\ntests: [REQ-1, REQ-1, 3.5]\nrefines: {a: 1}\nsupersedes: [NOPE]\n---\n',
      }),
    );
    const found = w.diagnostics.map((d) => [d.code, d.line, d.message]);
    expect(found).toEqual([
      ['LINK_BROKEN', 4, 'BE-02 implements `REQ-9`, which does not exist; did you mean `REQ-1`?'],
      ['DEPENDS_ON_DUPLICATE', 6, '`tests` (`verifies`) lists `REQ-1`, which `verifies` already lists; remove the repeat (it counts once)'],
      ['DEPENDS_ON_DUPLICATE', 6, '`tests` (`verifies`) lists `REQ-1`, which `verifies` already lists; remove the repeat (it counts once)'],
      ['RELATION_INVALID', 6, '`tests` (`verifies`) item 3 (`3.5`) is not an id string; quote it: `- "3.5"`'],
      ['RELATION_INVALID', 7, '`refines` must be an id or a list of ids, but it is a mapping; write e.g. `refines: [REQ-01, REQ-02]`'],
      ['LINK_BROKEN', 8, 'BE-02 supersedes `NOPE`, which does not exist'],
    ]);
    expect(buildReport(w).valid).toBe(false);
  });

  it('a relation key is never FIELD_MISSPELLED, and does not make a page a document', () => {
    const w = loadWorkspace(
      testdir({
        'docugraph.yml': 'relations:\n  related: [requires]\n',
        'a.md': doc({ id: 'A', title: 'A', requires: 'B' }),
        'b.md': doc({ id: 'B', title: 'B' }),
        'page.md': doc({ title: 'A page', related: 'A' }),
      }),
    );
    expect(w.diagnostics).toEqual([]);
    expect(w.relationsOut.get('A')).toEqual([{ relation: 'related', id: 'B' }]);
    expect(w.ids).toEqual(['A', 'B']);
  });

  it('a live index follows an edit of a typed relation and of a status', async () => {
    const { createWorkspaceIndex } = await import('../../../src/core/live/workspace-index.js');
    const { writeFileSync } = await import('node:fs');
    const root = testdir({
      'old.md': doc({ id: 'OLD', title: 'Old', status: 'accepted' }),
      'new.md': doc({ id: 'NEW', title: 'New', status: 'draft' }),
      't.md': doc({ id: 'T', title: 'T', status: 'todo', depends_on: ['OLD', 'NEW'] }),
    });
    const index = createWorkspaceIndex(root);
    let w = index.refresh('all');
    expect(w.states.get('T')).toEqual({ state: 'blocked', blockedBy: [{ id: 'NEW', state: 'ready' }] });
    writeFileSync(`${root}/new.md`, doc({ id: 'NEW', title: 'New', status: 'accepted', supersedes: 'OLD' }));
    w = index.refresh(['new.md']);
    expect(w.states.get('OLD')!.state).toBe('dropped');
    expect(w.states.get('T')).toEqual({ state: 'blocked', blockedBy: [{ id: 'OLD', state: 'dropped' }] });
    expect(w.diagnostics.map((d) => d.code)).toEqual(['DEPENDS_ON_DROPPED']);
    writeFileSync(`${root}/t.md`, doc({ id: 'T', title: 'T', status: 'todo', depends_on: ['NEW'] }));
    w = index.refresh(['t.md']);
    expect(w.states.get('T')).toEqual({ state: 'ready', blockedBy: [] });
    // A title edit keeps the state stage as it was.
    const states = w.states;
    writeFileSync(`${root}/t.md`, doc({ id: 'T', title: 'T again', status: 'todo', depends_on: ['NEW'] }));
    expect(index.refresh(['t.md']).states).toBe(states);
  });
});
