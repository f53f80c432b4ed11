/**
 * The cross-file stages: ids, graph, cycles, then every finding sorted, in one frozen snapshot.
 * Pure: it takes the per-file results (analyses and link findings) and reads nothing.
 */
import type { FileAnalysis } from './analyze-file.js';
import { buildGraph } from './build-graph.js';
import { cyclesUpstream, findCycles } from './find-cycles.js';
import { resolveIds } from './resolve-ids.js';
import { compareDiagnostics } from './sort.js';
import type { Cycle, Diagnostic, Workspace } from './types.js';

/** A file's link findings (with `nodeId` not set yet) and the paths its links looked at. */
export interface LinkEntry {
  readonly diagnostics: readonly Diagnostic[];
  readonly targets: readonly string[];
}

/** What discovery found: the Markdown files (sorted), every entry, and its own findings. */
export interface DiscoveredFiles {
  readonly files: readonly string[];
  /** Every entry the walk saw, each mapped to itself (the string the link checks reuse). */
  readonly entries: ReadonlyMap<string, string>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Builds the snapshot from the per-file results, given in `discovery.files` order. */
export function assembleWorkspace(
  root: string,
  discovery: DiscoveredFiles,
  perFile: ReadonlyMap<string, { readonly analysis: FileAnalysis; readonly links: LinkEntry | null }>,
): Workspace {
  const analyses: FileAnalysis[] = [];
  for (const file of discovery.files) analyses.push(perFile.get(file)!.analysis);
  const resolved = resolveIds(analyses);
  const graph = buildGraph(resolved.nodes);
  const cycles = findCycles(graph, resolved.nodes);

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
  const cycleOf = new Map<string, Cycle>();
  for (const cycle of cycles.cycles) for (const id of cycle.ids) cycleOf.set(id, cycle);

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
    cycleUpstream: cyclesUpstream(cycles.cycles, graph.downstream),
    diagnostics,
  });
}
