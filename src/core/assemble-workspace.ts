/**
 * The cross-file stages: ids, graph, cycles, then every finding sorted, in one frozen snapshot.
 * Pure: it takes the per-file results (analyses and link findings) and reads nothing.
 */
import type { FileAnalysis } from './analyze-file.js';
import { buildGraph, type Graph, type IdSuggestions } from './build-graph.js';
import { cyclesUpstream, findCycles, type Cycles } from './find-cycles.js';
import { resolveIds } from './resolve-ids.js';
import { compareDiagnostics } from './sort.js';
import type { Cycle, Diagnostic, DocNode, Workspace } from './types.js';

/** A file's link findings (with `nodeId` not set yet) and the paths its links looked at. */
export interface LinkEntry {
  readonly diagnostics: readonly Diagnostic[];
  readonly targets: readonly string[];
}

/** What discovery found: the Markdown files (sorted), every entry, and its own findings. */
export interface DiscoveredFiles {
  readonly files: readonly string[];
  readonly entries: ReadonlySet<string>;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * What one assembly hands to the next (a live index assembles after every change): the graph
 * stages are reused as they are when no node's id, path or dependencies changed — the usual
 * edit, a body or a title — and "did you mean" answers while the ids are the same.
 */
export interface AssemblyCache {
  readonly suggestions: IdSuggestions;
  previous?: { readonly nodes: ReadonlyMap<string, DocNode>; readonly graph: Graph; readonly cycles: Cycles; readonly cycleOf: ReadonlyMap<string, Cycle>; readonly cycleUpstream: ReadonlyMap<string, Cycle> };
}

export function createAssemblyCache(): AssemblyCache {
  return { suggestions: { ids: [], best: new Map() } };
}

/** Builds the snapshot from the per-file results, given in `discovery.files` order. */
export function assembleWorkspace(
  root: string,
  discovery: DiscoveredFiles,
  perFile: ReadonlyMap<string, { readonly analysis: FileAnalysis; readonly links: LinkEntry | null }>,
  cache: AssemblyCache = createAssemblyCache(),
): Workspace {
  const analyses: FileAnalysis[] = [];
  for (const file of discovery.files) analyses.push(perFile.get(file)!.analysis);
  const resolved = resolveIds(analyses);
  const previous = cache.previous;
  let graph: Graph;
  let cycles: Cycles;
  let cycleOf: ReadonlyMap<string, Cycle>;
  let cycleUpstream: ReadonlyMap<string, Cycle>;
  if (previous !== undefined && sameStructure(previous.nodes, resolved.nodes)) {
    ({ graph, cycles, cycleOf, cycleUpstream } = previous);
  } else {
    graph = buildGraph(resolved.nodes, cache.suggestions);
    cycles = findCycles(graph, resolved.nodes);
    const members = new Map<string, Cycle>();
    for (const cycle of cycles.cycles) for (const id of cycle.ids) members.set(id, cycle);
    cycleOf = members;
    cycleUpstream = cyclesUpstream(cycles.cycles, graph.downstream);
  }
  cache.previous = { nodes: resolved.nodes, graph, cycles, cycleOf, cycleUpstream };

  const nodeIdByPath = new Map<string, string>();
  for (const node of resolved.nodes.values()) nodeIdByPath.set(node.path, node.id);
  const diagnostics: Diagnostic[] = [];
  for (const list of [discovery.diagnostics, resolved.diagnostics, graph.diagnostics, cycles.diagnostics]) for (const d of list) diagnostics.push(d);
  for (const file of discovery.files) {
    const links = perFile.get(file)!.links;
    if (links === null) continue;
    const nodeId = nodeIdByPath.get(file) ?? null;
    for (const d of links.diagnostics) diagnostics.push(d.nodeId === nodeId ? d : { ...d, nodeId });
  }
  diagnostics.sort(compareDiagnostics);

  return Object.freeze({
    root,
    files: discovery.files,
    nodes: resolved.nodes,
    ids: graph.ids,
    upstream: graph.upstream,
    downstream: graph.downstream,
    edgeCount: graph.edgeCount,
    cycles: cycles.cycles,
    cycleOf,
    cycleUpstream,
    diagnostics,
  });
}

/**
 * Whether two node sets give the same graph and the same graph findings: the same ids, each
 * with the same path, dependencies and dependency lines (unchanged files keep their node
 * objects, so this is mostly a pointer comparison).
 */
function sameStructure(before: ReadonlyMap<string, DocNode>, after: ReadonlyMap<string, DocNode>): boolean {
  if (before.size !== after.size) return false;
  for (const [id, node] of after) {
    const old = before.get(id);
    if (old === node) continue;
    if (old === undefined || old.path !== node.path || !sameList(old.dependsOn, node.dependsOn) || !sameList(old.dependsOnLines, node.dependsOnLines)) return false;
  }
  return true;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
