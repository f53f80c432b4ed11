/**
 * `docugraph view`'s payload (issue 27): the demo's nodes and edges, cycles, marks and findings
 * by node, the ready work most unblocking first, embeddable JSON. The layout is the page's
 * (test/view/layout.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildViewModel, loadWorkspace, planReview, readLockFile, RELATIONS, selectGraph, VIEW_FLAGS, viewJson, viewOfGraph } from '../../../src/core/index.js';
import { DEMO } from '../../helpers/paths.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('buildViewModel', () => {
  const demo = loadWorkspace(DEMO);
  const model = buildViewModel(demo);
  const at = (id: string) => model.ids.indexOf(id);

  it('has every node of the demo, sorted, and its edges', () => {
    expect(model.ids).toEqual(demo.ids);
    expect(model.ids).toContain('BE-02');
    const dependsOn = [];
    for (let k = 0; k < model.edges.length; k += 3) if (model.edges[k + 2] === 0) dependsOn.push(`${model.ids[model.edges[k]!]}>${model.ids[model.edges[k + 1]!]}`);
    expect(dependsOn.sort()).toEqual(demo.ids.flatMap((id) => (demo.upstream.get(id) ?? []).map((to) => `${id}>${to}`)).sort());
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
    expect(m.flags[1]! & VIEW_FLAGS.cycle).toBeTruthy();
    expect(m.flags[3]! & VIEW_FLAGS.cycle).toBeFalsy();
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

describe('viewOfGraph (the MCP App: a get_dependency_graph answer alone)', () => {
  it('gives an upstream answer the states of the whole workspace', () => {
    const demo = loadWorkspace(DEMO);
    for (const rootId of ['BE-02', 'BE-03', 'FE-01']) {
      const view = selectGraph(demo, { rootId });
      const fromAnswer = viewOfGraph(JSON.parse(JSON.stringify(view)));
      expect(fromAnswer.ids).toEqual(view.nodes.map((n) => n.id));
      expect(fromAnswer.ids.map((id, i) => [id, fromAnswer.states[fromAnswer.state[i]!]])).toEqual(view.nodes.map((n) => [n.id, demo.states.get(n.id)!.state]));
      expect(fromAnswer.next.map(([i]) => fromAnswer.ids[i!])).toEqual(fromAnswer.ids.filter((_, i) => fromAnswer.states[fromAnswer.state[i]!] === 'ready'));
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
