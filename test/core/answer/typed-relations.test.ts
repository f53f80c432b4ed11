/**
 * TRACE §1 in the answers, on a workspace small enough to derive by hand: bundles walk the
 * context relations with reasons that name them, impact carries the relations, graphs draw
 * every relation (dashed and labelled in Mermaid and DOT) and walk only the context ones.
 */
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildBundle, GraphCycleError, loadWorkspace, renderDot, renderMermaid, selectGraph } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

// QA-01 verifies BE-02; BE-02 depends on BE-01, implements REQ-01, refines EPIC-1; REQ-01
// depends on PRD; NOTE is related to BE-02; ADR-7 supersedes ADR-3; T implements REQ-9 (missing).
const workspace = () =>
  loadWorkspace(
    testdir({
      'prd.md': doc({ id: 'PRD', title: 'Brief', status: 'approved' }),
      'req.md': doc({ id: 'REQ-01', title: 'Create a project', status: 'approved', depends_on: ['PRD'] }),
      'epic.md': doc({ id: 'EPIC-1', title: 'Projects', status: 'todo' }),
      'be1.md': doc({ id: 'BE-01', title: 'Table', status: 'done' }),
      'be2.md': doc({ id: 'BE-02', title: 'Endpoint', status: 'todo', depends_on: ['BE-01'], implements: 'REQ-01', refines: 'EPIC-1' }),
      'qa.md': doc({ id: 'QA-01', title: 'Test plan', status: 'todo', verifies: 'BE-02' }),
      'note.md': doc({ id: 'NOTE', title: 'Notes', related: 'BE-02' }),
      'adr3.md': doc({ id: 'ADR-3', title: 'Old', status: 'accepted' }),
      'adr7.md': doc({ id: 'ADR-7', title: 'New', status: 'accepted', supersedes: 'ADR-3' }),
      't.md': doc({ id: 'T', title: 'T', status: 'todo', implements: ['REQ-9', 'REQ-01'] }),
    }),
  );

const inclusion = (bundle: string) => bundle.split('## Inclusion report\n')[1]!.split('\n\n')[0]!.trim().split('\n');
const order = (bundle: string) => [...bundle.matchAll(/^### (\S+) — /gm)].map((m) => m[1]);

describe('bundles over the context relations', () => {
  it('walk implements, verifies and refines upstream, each reason naming its relation', () => {
    const bundle = buildBundle(workspace(), { taskId: 'QA-01' });
    expect(inclusion(bundle)).toEqual([
      '- `QA-01` depth=0: requested task',
      '- `BE-02` depth=1: verified by `QA-01`',
      '- `BE-01` depth=2: required by `BE-02`',
      '- `EPIC-1` depth=2: refined by `BE-02`',
      '- `REQ-01` depth=2: implemented by `BE-02`',
      '- `PRD` depth=3: required by `REQ-01`',
    ]);
    // Kahn's order over the context edges, the smallest ready id first.
    expect(order(bundle)).toEqual(['BE-01', 'EPIC-1', 'PRD', 'REQ-01', 'BE-02', 'QA-01']);
    // related and supersedes are not context: NOTE and ADR-3 stay out.
    expect(bundle).not.toContain('### NOTE');
    expect(buildBundle(workspace(), { taskId: 'ADR-7' })).not.toContain('### ADR-3');
  });

  it('groups a reason by relation in the table’s order; lists unresolved entries of every context relation', () => {
    const w = loadWorkspace(
      testdir({
        'x.md': doc({ id: 'X', title: 'X', depends_on: ['Y'], verifies: ['Y', 'Z-MISSING'] }),
        'w.md': doc({ id: 'W', title: 'W', refines: 'X', implements: 'Y' }),
        'y.md': doc({ id: 'Y', title: 'Y', depends_on: ['GONE'] }),
      }),
    );
    const bundle = buildBundle(w, { taskId: 'W' });
    expect(inclusion(bundle)).toEqual(['- `W` depth=0: requested task', '- `X` depth=1: refined by `W`', '- `Y` depth=1: implemented by `W`']);
    expect(inclusion(buildBundle(w, { taskId: 'X' }))).toEqual(['- `X` depth=0: requested task', '- `Y` depth=1: required by `X`; verified by `X`']);
    expect(bundle).toContain('\n## Unresolved references\n- `GONE`: referenced by `Y`\n- `Z-MISSING`: referenced by `X`\n');
  });

  it('a loop through relations that do not block is ordered by taking the smallest remaining id', () => {
    const w = loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A', implements: 'B' }), 'b.md': doc({ id: 'B', title: 'B', refines: 'A' }) }));
    const bundle = buildBundle(w, { taskId: 'B' });
    expect(inclusion(bundle)).toEqual(['- `B` depth=0: requested task', '- `A` depth=1: refined by `B`']);
    expect(order(bundle)).toEqual(['A', 'B']);
  });

  it('fails closed on a depends_on cycle reached through a typed relation', () => {
    const w = loadWorkspace(
      testdir({
        't.md': doc({ id: 'T', title: 'T', implements: 'R' }),
        'r.md': doc({ id: 'R', title: 'R', depends_on: ['X'] }),
        'x.md': doc({ id: 'X', title: 'X', depends_on: ['R'] }),
      }),
    );
    expect(() => buildBundle(w, { taskId: 'T' })).toThrow(GraphCycleError);
  });
});

describe('impact and graphs carry the relation', () => {
  it('analyze_impact walks the context relations downstream, with the relations of via', () => {
    expect(analyzeImpact(workspace(), 'REQ-01').impacted.map((i) => [i.id, i.depth, i.via, i.relations])).toEqual([
      ['BE-02', 1, ['REQ-01'], ['implements']],
      ['T', 1, ['REQ-01'], ['implements']],
      ['QA-01', 2, ['BE-02'], ['verifies']],
    ]);
    expect(analyzeImpact(workspace(), 'BE-01').impacted.map((i) => [i.id, i.relations])).toEqual([
      ['BE-02', ['depends_on']],
      ['QA-01', ['verifies']],
    ]);
  });

  it('the whole graph has every relation; a walk from a root follows the context ones only', () => {
    const w = workspace();
    expect(selectGraph(w).edges.filter((e) => e.relation !== 'depends_on')).toEqual([
      { from: 'ADR-7', to: 'ADR-3', relation: 'supersedes' },
      { from: 'BE-02', to: 'EPIC-1', relation: 'refines' },
      { from: 'BE-02', to: 'REQ-01', relation: 'implements' },
      { from: 'NOTE', to: 'BE-02', relation: 'related' },
      { from: 'QA-01', to: 'BE-02', relation: 'verifies' },
      { from: 'T', to: 'REQ-01', relation: 'implements' },
    ]);
    expect(selectGraph(w, { rootId: 'QA-01' }).nodes.map((n) => n.id)).toEqual(['BE-01', 'BE-02', 'EPIC-1', 'PRD', 'QA-01', 'REQ-01']);
    // NOTE is related to BE-02, never walked; with direction both, a related edge between selected nodes would be drawn.
    expect(selectGraph(w, { rootId: 'BE-02', direction: 'both' }).nodes.map((n) => n.id)).not.toContain('NOTE');
    const both = selectGraph(loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'], related: 'B' }), 'b.md': doc({ id: 'B', title: 'B' }) })), { rootId: 'A', direction: 'both' });
    expect(both.edges).toEqual([{ from: 'A', to: 'B', relation: 'depends_on' }, { from: 'A', to: 'B', relation: 'related' }]);
  });

  it('Mermaid and DOT draw typed edges dashed and labelled, depends_on as before', () => {
    const w = loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'], verifies: 'B' }), 'b.md': doc({ id: 'B', title: 'B' }) }));
    const view = selectGraph(w);
    expect(renderMermaid(w, view)).toBe('flowchart TD\n  n0["A: A"]\n  n1["B: B"]\n  n0 --> n1\n  n0 -. verifies .-> n1\n');
    expect(renderDot(w, view).split('\n').filter((line) => line.includes('->'))).toEqual(['  "A" -> "B";', '  "A" -> "B" [style=dashed, label="verifies"];']);
  });
});
