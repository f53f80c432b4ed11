/**
 * Workspaces built in memory, without the disk, for inputs too large to write as files
 * (hundreds of thousands of documents): documents become nodes, and the core's own graph
 * and cycle stages index them. No link checks (there are no files).
 */
import { buildGraph } from '../../src/core/model/build-graph.js';
import { cyclesUpstream, findCycles } from '../../src/core/model/find-cycles.js';
import { NO_REVIEWS, NO_TRACES } from '../../src/core/shared/empty.js';
import { buildRelations } from '../../src/core/model/build-relations.js';
import { computeStates } from '../../src/core/model/work-state.js';
import { DEFAULT_CONFIG } from '../../src/core/shared/config-types.js';
import { compareDiagnostics } from '../../src/core/shared/sort.js';
import type { Cycle, DocNode, Workspace } from '../../src/core/shared/types.js';

export interface SyntheticDoc {
  readonly id: string;
  readonly title?: string;
  readonly dependsOn?: readonly string[];
  readonly body?: string;
}

/** A frozen `Workspace` over `docs` (ids must be unique), as `loadWorkspace` would index it. */
export function syntheticWorkspace(docs: readonly SyntheticDoc[], root = '/synthetic'): Workspace {
  const nodes = new Map<string, DocNode>();
  for (const d of docs) {
    const dependsOn = d.dependsOn ?? [];
    const body = d.body ?? '';
    const text = `---\nid: ${d.id}\n---\n${body}`;
    nodes.set(d.id, {
      id: d.id,
      title: d.title ?? d.id,
      type: 'task',
      status: 'todo',
      path: `${d.id}.md`,
      dependsOn,
      dependsOnLines: dependsOn.map(() => 2),
      text,
      bodyLine: 4,
      body,
    });
  }
  const graph = buildGraph(nodes);
  const cycles = findCycles(graph, nodes);
  const cycleOf = new Map<string, Cycle>();
  for (const cycle of cycles.cycles) for (const id of cycle.ids) cycleOf.set(id, cycle);
  const relations = buildRelations(nodes, graph.ids, graph.edgeCount);
  const states = computeStates(nodes, { ids: graph.ids, placeOf: graph.placeOf, placeEdges: graph.placeEdges, upstream: graph.upstream, cycleOf, relationsIn: relations.in }, DEFAULT_CONFIG.status);
  return Object.freeze({
    root,
    files: docs.map((d) => `${d.id}.md`).sort(),
    nodes,
    ids: graph.ids,
    upstream: graph.upstream,
    downstream: graph.downstream,
    edgeCount: graph.edgeCount,
    cycles: cycles.cycles,
    cycleOf,
    cycleUpstream: cyclesUpstream(cycles.cycles, graph),
    relationsOut: relations.out,
    relationsIn: relations.in,
    relationCounts: relations.counts,
    typedRelations: relations.typed,
    states: states.states,
    diagnostics: [...graph.diagnostics, ...cycles.diagnostics, ...states.diagnostics].sort(compareDiagnostics),
    reviews: NO_REVIEWS,
    traces: NO_TRACES,
    coverage: null,
  });
}
