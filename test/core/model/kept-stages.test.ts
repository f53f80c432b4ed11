/**
 * The graph stages and states as data (model/kept-stages.ts): kept and restored, they answer as
 * the stages they were kept from; data that do not fit the nodes — another number of nodes, a
 * place twice, ids out of order, an edge out of range or out of order, a state no stage makes, a
 * cycle of an id the nodes lack — are not restored (the index is data: the stages are then
 * worked out as on any load).
 */
import { describe, expect, it } from 'vitest';
import { assembleWorkspace, createAssemblyCache, keptStagesOf } from '../../../src/core/model/assemble-workspace.js';
import { analyzeFile } from '../../../src/core/model/analyze-file.js';
import { restoreStages, type KeptStages } from '../../../src/core/model/kept-stages.js';
import type { Workspace } from '../../../src/core/index.js';
import { doc } from '../../helpers/testdir.js';

/** A workspace with an edge into a cycle, a missing entry, a done and a dropped document; and its kept stages. */
function made(): { ws: Workspace; kept: KeptStages } {
  const texts: Record<string, string> = {
    'a.md': doc({ id: 'A', title: 'a', status: 'todo', depends_on: ['F', 'B', 'NOPE'] }),
    'b.md': doc({ id: 'B', title: 'b', status: 'todo', depends_on: ['C'] }),
    'c.md': doc({ id: 'C', title: 'c', status: 'todo', depends_on: ['B'] }),
    'd.md': doc({ id: 'D', title: 'd', status: 'done', depends_on: ['A'] }),
    'e.md': doc({ id: 'E', title: 'e', status: 'dropped' }),
    'f.md': doc({ id: 'F', title: 'f', status: 'todo', depends_on: ['E'] }),
  };
  // Files listed in another order than their ids sort: the node map's order is not the ids'.
  const files = ['f.md', 'a.md', 'e.md', 'c.md', 'b.md', 'd.md'];
  const perFile = new Map(files.map((f) => [f, { analysis: analyzeFile(f, Buffer.from(texts[f]!)), links: null }] as const));
  const cache = createAssemblyCache();
  const ws = assembleWorkspace('/w', { files, entries: new Set(files), diagnostics: [] }, perFile, cache);
  return { ws, kept: keptStagesOf(cache)! };
}

describe('kept stages', () => {
  it('restored, are the stages they were kept from: ids, edges both ways, findings, cycles, every state', () => {
    const { ws, kept } = made();
    const back = restoreStages(kept, ws.nodes)!;
    expect(back).not.toBeNull();
    expect(back.graph.ids).toEqual(ws.ids);
    expect(ws.ids).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    for (const id of ws.ids) {
      expect(back.graph.upstream.get(id), id).toEqual(ws.upstream.get(id));
      expect(back.graph.downstream.get(id), id).toEqual(ws.downstream.get(id));
      expect(back.states.states.get(id), id).toEqual(ws.states.get(id));
      expect(back.cycleOf.get(id), id).toEqual(ws.cycleOf.get(id));
      expect(back.cycleUpstream.get(id), id).toEqual(ws.cycleUpstream.get(id));
    }
    expect(back.graph.edgeCount).toBe(ws.edgeCount);
    expect(back.cycles.cycles).toEqual(ws.cycles);
    expect(ws.cycles.map((c) => c.ids)).toEqual([['B', 'C']]);
    expect(ws.states.get('A')).toEqual({ state: 'blocked', blockedBy: [{ id: 'B', state: 'blocked' }, { id: 'F', state: 'blocked' }, { id: 'NOPE', state: 'missing' }] });
    expect(kept.upList.subarray(kept.upStart[0], kept.upStart[1])).toEqual(new Int32Array([1, 5]));
    const codes = (list: readonly { code: string }[]) => list.map((d) => d.code);
    expect([...codes(back.graph.diagnostics), ...codes(back.cycles.diagnostics), ...codes(back.states.diagnostics)].sort()).toEqual(['DEPENDS_ON_DROPPED', 'LINK_BROKEN', 'LINK_CYCLE', 'STATUS_INCONSISTENT']);
  });

  it('that do not fit the nodes are not restored', () => {
    const { ws, kept } = made();
    const swapped = Int32Array.from(kept.order);
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    const twice = Int32Array.from(kept.order);
    twice[1] = twice[0]!;
    // A's two edges (to B and F, ascending), the other way round.
    const unordered = Int32Array.from(kept.upList);
    [unordered[0], unordered[1]] = [unordered[1]!, unordered[0]!];
    const cases: Record<string, Partial<KeptStages>> = {
      'one node short': { order: kept.order.subarray(1) },
      'ids out of order': { order: swapped },
      'a place twice': { order: twice },
      'a place out of range': { order: Int32Array.from(kept.order, (p) => (p === 0 ? 99 : p)) },
      'starts too short': { upStart: kept.upStart.subarray(1) },
      'starts not ending at the list': { upStart: Int32Array.from(kept.upStart, (v, i) => (i === kept.upStart.length - 1 ? v + 1 : v)) },
      'starts going back': { upStart: Int32Array.from(kept.upStart, (v, i) => (i === 1 ? kept.upStart[2]! + 1 : v)) },
      'an edge out of range': { upList: Int32Array.from(kept.upList, (v, i) => (i === 0 ? 6 : v)) },
      'edges out of order': { upList: unordered },
      'a state no stage makes': { local: Uint8Array.from(kept.local, (v, i) => (i === 0 ? 4 : v)) },
      'blocked neither 0 nor 1': { blocked: Uint8Array.from(kept.blocked, (v, i) => (i === 0 ? 2 : v)) },
      'states of another length': { local: kept.local.subarray(1) },
      'a cycle of an unknown id': { cycles: [{ ids: ['B', 'X'], path: ['B', 'X', 'B'] }] },
      'an empty cycle': { cycles: [{ ids: [], path: [] }] },
    };
    expect(kept.upList.length).toBeGreaterThan(2);
    for (const [name, change] of Object.entries(cases)) expect(restoreStages({ ...kept, ...change }, ws.nodes), name).toBeNull();
    // And the same data for another node set.
    const fewer = new Map([...ws.nodes].slice(1));
    expect(restoreStages(kept, fewer)).toBeNull();
  });
});
