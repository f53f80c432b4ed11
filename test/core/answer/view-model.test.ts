/**
 * `docugraph view`'s payload and layout (issue 27): the demo in dependency order, cycles on
 * one layer, marks and findings by node, the ready work most unblocking first, embeddable JSON.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildViewModel, layoutGraph, loadWorkspace, planReview, readLockFile, RELATIONS, selectGraph, VIEW_FLAGS, viewJson, viewOfGraph } from '../../../src/core/index.js';
import { DEMO } from '../../helpers/paths.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('buildViewModel', () => {
  const demo = loadWorkspace(DEMO);
  const model = buildViewModel(demo);
  const at = (id: string) => model.ids.indexOf(id);

  it('has every node of the demo, sorted, each below what it depends on', () => {
    expect(model.ids).toEqual(demo.ids);
    expect(model.ids).toContain('BE-02');
    for (let k = 0; k < model.edges.length; k += 3) {
      const [from, to, kind] = [model.edges[k]!, model.edges[k + 1]!, model.edges[k + 2]!];
      if (kind % 8 === 0 && from !== to && !(model.flags[from]! & VIEW_FLAGS.cycle)) expect(model.y[from]!, `${model.ids[from]} → ${model.ids[to]}`).toBeGreaterThan(model.y[to]!);
    }
  });

  it('gives each node its work state, type and status as columns', () => {
    const i = at('BE-02');
    expect(model.titles[i]).toBe('POST /v1/projects endpoint');
    expect(model.paths[i]).toBe('docs/tasks/backend/BE-02-create-project-endpoint.md');
    expect(model.states[model.state[i]!]).toBe(demo.states.get('BE-02')!.state);
    expect(model.types[model.type[i]!]).toBe(demo.nodes.get('BE-02')!.type ?? '');
  });

  it('lists the ready work most unblocking first, and is the same on every build', () => {
    const ready = model.ids.filter((_, i) => model.states[model.state[i]!] === 'ready');
    expect(model.next.map(([i]) => model.ids[i!]).sort()).toEqual(ready);
    for (let k = 1; k < model.next.length; k += 1) expect(model.next[k - 1]![1]).toBeGreaterThanOrEqual(model.next[k]![1]);
    expect(JSON.stringify(buildViewModel(loadWorkspace(DEMO)))).toBe(JSON.stringify(model));
    expect(JSON.stringify(model)).not.toContain(demo.root);
  });

  it('marks cycles, errors and blocked nodes with what blocks them', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', status: 'todo', depends_on: ['B'] }),
      'b.md': doc({ id: 'B', status: 'todo', depends_on: ['A'] }),
      'c.md': doc({ id: 'C', status: 'todo', depends_on: ['NOPE'] }),
      'd.md': doc({ id: 'D', status: 'todo', depends_on: ['A'] }),
    });
    const m = buildViewModel(loadWorkspace(root), { criteria: true });
    expect(m.flags[0]! & VIEW_FLAGS.cycle).toBeTruthy();
    expect(m.y[0]).toBe(m.y[1]);
    expect(m.y[3]).toBeGreaterThan(m.y[0]!);
    expect(m.flags[2]! & VIEW_FLAGS.error).toBeTruthy();
    expect(m.findings[2]!.map((f) => f[0])).toContain('LINK_BROKEN');
    expect(m.blockedBy[2]).toEqual([['NOPE', 'missing']]);
    expect(m.criteria).toEqual({});
  });

  it('styles typed edges by relation, and marks suspect links and both their ends', () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    writeFileSync(join(root, 'docs', 'test-be-02.md'), doc({ id: 'TEST-02', title: 'Tests of BE-02', status: 'todo', verifies: ['BE-02'] }));
    writeFileSync(join(root, 'docugraph.lock.json'), planReview(loadWorkspace(root), readLockFile(root).state, 'all').text);
    const req = join(root, 'docs/requirements/REQ-01-create-project.md');
    writeFileSync(req, readFileSync(req, 'utf8').replace('A project has a name,', 'A project has a unique name,'));
    const m = buildViewModel(loadWorkspace(root));
    const i = (id: string) => m.ids.indexOf(id);
    const edges = Array.from({ length: m.edges.length / 3 }, (_, k) => [m.ids[m.edges[3 * k]!], m.ids[m.edges[3 * k + 1]!], m.edges[3 * k + 2]!] as const);
    expect(edges).toContainEqual(['TEST-02', 'BE-02', RELATIONS.indexOf('verifies')]);
    expect(edges).toContainEqual(['BE-02', 'REQ-01', 8 + RELATIONS.indexOf('depends_on')]);
    for (const id of ['REQ-01', 'BE-02', 'BE-01']) expect(m.flags[i(id)]! & VIEW_FLAGS.suspect, id).toBeTruthy();
    expect(m.flags[i('DEC-001')]! & VIEW_FLAGS.suspect).toBeFalsy();
  });

  it('embeds as JSON that no title can break out of', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: '</script><img src=x onerror=alert(1)>&amp; x' }) });
    const json = viewJson(buildViewModel(loadWorkspace(root)));
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json).titles).toEqual(['</script><img src=x onerror=alert(1)>&amp; x']);
  });
});

describe('layoutGraph', () => {
  it('wraps a wide layer onto rows no wider than the grid', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `N-${String(i).padStart(3, '0')}`);
    const layout = layoutGraph({ ids, upstream: new Map(), cycleOf: new Map() });
    expect(layout.width).toBeLessThanOrEqual(40);
    expect(layout.height).toBe(10);
    expect(new Set(ids.map((_, i) => `${layout.x[i]},${layout.y[i]}`)).size).toBe(400);
  });

  it('puts a chain on one row per link', () => {
    const ids = ['A', 'B', 'C'];
    const layout = layoutGraph({ ids, upstream: new Map([['B', ['A']], ['C', ['B']]]), cycleOf: new Map() });
    expect(layout.y).toEqual([0, 1, 2]);
    expect(layout.layer).toEqual([0, 1, 2]);
  });
});

describe('viewOfGraph (the MCP App: a get_dependency_graph answer alone)', () => {
  it('gives an upstream answer the states and the layout of the whole workspace', () => {
    const demo = loadWorkspace(DEMO);
    for (const rootId of ['BE-02', 'BE-03', 'FE-01']) {
      const view = selectGraph(demo, { rootId });
      const fromAnswer = viewOfGraph(JSON.parse(JSON.stringify(view)));
      expect(fromAnswer.ids).toEqual(view.nodes.map((n) => n.id));
      expect(fromAnswer.ids.map((id, i) => [id, fromAnswer.states[fromAnswer.state[i]!]])).toEqual(view.nodes.map((n) => [n.id, demo.states.get(n.id)!.state]));
      expect(fromAnswer.next.map(([i]) => fromAnswer.ids[i!])).toEqual(fromAnswer.ids.filter((_, i) => fromAnswer.states[fromAnswer.state[i]!] === 'ready'));
      for (let k = 0; k < fromAnswer.edges.length; k += 3) expect(fromAnswer.y[fromAnswer.edges[k]!]!).toBeGreaterThan(fromAnswer.y[fromAnswer.edges[k + 1]!]!);
    }
  });

  it('lays typed relations out as the CLI view does: what implements, verifies or refines a document sits below it (issue 37)', () => {
    const root = testdir({
      'req.md': doc({ id: 'REQ-1', title: 'r' }),
      'spec.md': doc({ id: 'SPEC-1', title: 's', refines: ['REQ-1'] }),
      'impl.md': doc({ id: 'IMPL-1', title: 'i', implements: ['SPEC-1'] }),
      'test.md': doc({ id: 'TEST-1', title: 't', verifies: ['IMPL-1'] }),
      'see.md': doc({ id: 'SEE-1', title: 'x', related: ['REQ-1'] }),
    });
    const ws = loadWorkspace(root);
    for (const model of [buildViewModel(ws), viewOfGraph(JSON.parse(JSON.stringify(selectGraph(ws))))]) {
      const y = (id: string) => model.y[model.ids.indexOf(id)]!;
      expect([y('REQ-1'), y('SPEC-1'), y('IMPL-1'), y('TEST-1')]).toEqual([0, 1, 2, 3]);
      expect(y('SEE-1')).toBe(0);
    }
  });

  it('reads a superseded or dropped document as dropped, and skips edges to nodes not in the answer', () => {
    const model = viewOfGraph({
      nodes: [
        { id: 'A', title: 'A', type: null, status: 'todo', path: 'a.md' },
        { id: 'B', title: 'B', type: null, status: 'In Progress', path: 'b.md' },
        { id: 'C', title: 'C', type: null, status: null, path: 'c.md' },
      ],
      edges: [
        { from: 'A', to: 'B', relation: 'depends_on' },
        { from: 'C', to: 'B', relation: 'supersedes' },
        { from: 'A', to: 'GONE', relation: 'depends_on' },
      ],
    });
    expect(model.state.map((s) => model.states[s])).toEqual(['blocked', 'dropped', 'untracked']);
    expect(model.blockedBy[0]).toEqual([['B', 'dropped']]);
    expect(model.edges).toHaveLength(6);
  });
});
