/**
 * Loading: the only stage that reads the disk. It composes the pure stages
 * (discover → analyse each file → resolve ids → graph → cycles → links) into one immutable
 * `Workspace` snapshot that every query reads.
 */
import { realpathSync, statSync } from 'node:fs';
import type { FileAnalysis } from './analyze-file.js';
import { buildGraph } from './build-graph.js';
import { checkLinks, indexAnchors, type Anchors, type LinkContext } from './check-links.js';
import { discoverFiles, type Discovery } from './discover-files.js';
import { existenceOracle } from './existence.js';
import { WorkspaceNotFoundError } from './errors.js';
import { cyclesUpstream, findCycles } from './find-cycles.js';
import { analyzeAll } from './read-files.js';
import { resolveIds } from './resolve-ids.js';
import { compareDiagnostics } from './sort.js';
import { createPathSuggester } from './suggest.js';
import type { Cycle, Diagnostic, Workspace } from './types.js';

/** Resolves `path` to the real path of a readable directory, or throws `WorkspaceNotFoundError`. */
export function resolveWorkspaceRoot(path: string): string {
  let root: string;
  try {
    root = realpathSync(path);
  } catch (error) {
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` does not exist; pass the directory that holds your Markdown documents.`, { cause: error });
  }
  if (!statSync(root).isDirectory()) {
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` is not a directory; pass the directory that holds your Markdown documents.`);
  }
  return root;
}

export interface LoadOptions {
  /** Called after each file is read and analysed, with the count so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Loads and indexes the workspace at `path` (META-01 §1–§6), in this thread. */
export function loadWorkspace(path: string, options: LoadOptions = {}): Workspace {
  const root = resolveWorkspaceRoot(path);
  const discovery = discoverFiles(root);
  return assembleWorkspace(root, discovery, analyzeAll(root, discovery.files, options.onProgress));
}

/** The cross-file stages: ids, graph, cycles, links, sorted diagnostics, one frozen snapshot. */
function assembleWorkspace(root: string, discovery: Discovery, analyses: readonly FileAnalysis[]): Workspace {
  const resolved = resolveIds(analyses);
  const graph = buildGraph(resolved.nodes);
  const cycles = findCycles(graph, resolved.nodes);

  const byPath = new Map(analyses.map((a) => [a.path, a]));
  const nodeIdByPath = new Map([...resolved.nodes.values()].map((n) => [n.path, n.id]));
  const anchors = new Map<string, Anchors | null>();
  const context: LinkContext = {
    files: new Set(discovery.files),
    exists: existenceOracle(root, discovery.entries),
    anchorsOf: (file) => {
      let found = anchors.get(file);
      if (found === undefined) {
        const markdown = byPath.get(file)?.markdown() ?? null;
        anchors.set(file, (found = markdown === null ? null : indexAnchors(markdown)));
      }
      return found;
    },
    nodeIdOf: (file) => nodeIdByPath.get(file) ?? null,
    suggestFile: createPathSuggester(discovery.files),
  };
  const linkDiagnostics: Diagnostic[] = [];
  for (const analysis of analyses) {
    const markdown = analysis.mayLink ? analysis.markdown() : null;
    if (markdown !== null) for (const d of checkLinks(analysis.path, markdown, context)) linkDiagnostics.push(d);
  }

  const diagnostics = [
    ...discovery.diagnostics,
    ...resolved.diagnostics,
    ...graph.diagnostics,
    ...cycles.diagnostics,
    ...linkDiagnostics,
  ].sort(compareDiagnostics);
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

