/**
 * The cross-file stages: ids, graph, cycles, then every finding sorted, in one frozen snapshot.
 * Pure: it takes the per-file results (analyses and link findings) and reads nothing.
 */
import type { FileAnalysis } from './analyze-file.js';
import { buildGraph, type IdSuggestions } from './build-graph.js';
import { explainLost, updateLost } from './lost-ids.js';
import { cyclesById, cyclesUpstream, findCycles } from './find-cycles.js';
import { NO_REVIEWS, NO_TRACES } from '../shared/empty.js';
import { LazyMap } from '../shared/lazy-map.js';
import { replaceValues } from '../shared/overlay-map.js';
import { collectKeyUses, misspelledDiagnostics, updateKeyUses, type KeyUses } from './misspelled-keys.js';
import { nodesOf, resolveIds } from './resolve-ids.js';
import { contextLookup, linkKitContext, withKitContext, type KitLinks } from './kit-context.js';
import { buildRelations, type Relations } from './build-relations.js';
import { computeStates, type WorkStates } from './work-state.js';
import { keepStages, restoreStages, type KeptStages, type MadeStages } from './kept-stages.js';
import { DEFAULT_CONFIG, type StatusWords } from '../shared/config-types.js';
import { compareDiagnostics } from '../shared/sort.js';
import { finish } from '../shared/steps.js';
import { declaredKey, sameEdges, sameStructure } from './same-structure.js';
import type { Diagnostic, DocNode, Workspace } from '../shared/types.js';

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

/** A file's results, as the assembly reads them. */
export interface FileResults {
  readonly analysis: FileAnalysis;
  readonly links: LinkEntry | null;
}

/** The per-file results the assembly reads, by path (looked up only: a map, or this workspace's and its sources' together). */
export type PerFile = Pick<ReadonlyMap<string, FileResults>, 'get'>;

/**
 * What one assembly hands to the next (a live index assembles after every change). With the
 * files that changed since (`assembleWorkspace`'s `changed`), an edit that moves no id — the
 * usual one, a body or a title — costs work for those files only: the node map is patched,
 * the graph stages are reused when no dependency changed, and only those files' findings are
 * replaced. "Did you mean" answers are kept while the ids are the same.
 */
export interface AssemblyCache {
  readonly suggestions: IdSuggestions;
  /** The status words of the configuration the cache is made for (TRACE §2). */
  readonly status: StatusWords;
  previous?: Assembled;
  /** Stages kept from an earlier start for the very same files (issue 38): the next assembly takes them when they fit its nodes. */
  kept?: KeptStages | undefined;
  /** The kit tasks the last assembly linked to their feature documents (kit-context.ts). */
  kitLinks?: KitLinks | undefined;
}

/** The graph stages and states (kept-stages.ts), with everything else one assembly hands to the next. */
interface Assembled extends MadeStages {
  /** The `discovery.files` it was made from (the same array while the set of files is the same). */
  readonly files: readonly string[];
  readonly relations: Relations;
  /** The id each file declares (kept or not), for the files that declare one; a kit file's ids, its items' too, one per line. */
  readonly declared: ReadonlyMap<string, string>;
  /** Ids declared by more than one file. */
  readonly repeated: ReadonlySet<string>;
  /** The findings each file's own stages gave (analysis, duplicates, links), sorted; every one's `path` is its file. */
  readonly fileDiagnostics: readonly Diagnostic[];
  /** When this assembly patched the previous one: the ids whose node may differ (the set of ids is the same). */
  readonly changedIds: ReadonlySet<string> | null;
  /** The misspelled keys and the files that use them, and their one finding each. */
  readonly keyUses: KeyUses;
  readonly misspelled: readonly Diagnostic[];
  /** The id each file with invalid DocuGraph frontmatter was meant to give (its id line), by path. */
  readonly lost: ReadonlyMap<string, string>;
}

/** What the last assembly made with `cache` changed, when it patched the one before: the ids whose node may differ. */
export const patchedIds = (cache: AssemblyCache): ReadonlySet<string> | null => cache.previous?.changedIds ?? null;

/** The graph stages and states of the last assembly made with `cache`, as data to keep (kept-stages.ts). */
export const keptStagesOf = (cache: AssemblyCache): KeptStages | null => (cache.previous === undefined ? null : keepStages(cache.previous));

/** A cache for assemblies under one configuration's status words (default META-01's). */
export function createAssemblyCache(status: StatusWords = DEFAULT_CONFIG.status): AssemblyCache {
  return { suggestions: { ids: [], best: new Map() }, status };
}

/**
 * Builds the snapshot from the per-file results, given in `discovery.files` order. `changed`
 * names every file whose analysis or link findings differ from the previous assembly made
 * with `cache` (omitted: anything may have changed).
 */
export function assembleWorkspace(root: string, discovery: DiscoveredFiles, perFile: PerFile, cache: AssemblyCache = createAssemblyCache(), changed?: ReadonlySet<string>): Workspace {
  return finish(assembleSteps(root, discovery, perFile, cache, changed));
}

/** `assembleWorkspace` a step at a time: a step between its stages (ids, graph, cycles, relations, states, findings). */
export function* assembleSteps(root: string, discovery: DiscoveredFiles, perFile: PerFile, cache: AssemblyCache = createAssemblyCache(), changed?: ReadonlySet<string>): Generator<void, Workspace, void> {
  const assembled = (changed !== undefined && patch(discovery, perFile, cache, changed)) || (yield* assemble(discovery, perFile, cache));
  cache.previous = assembled;
  const diagnostics: Diagnostic[] = [];
  const { nodes, graph, cycles, cycleOf, cycleUpstream, relations, states } = assembled;
  const broken = [explainLost(graph.diagnostics, graph.broken, assembled.lost), explainLost(relations.diagnostics, relations.broken, assembled.lost)];
  for (const list of [discovery.diagnostics, ...broken, cycles.diagnostics, states.diagnostics, assembled.fileDiagnostics, assembled.misspelled]) for (const d of list) diagnostics.push(d);
  diagnostics.sort(compareDiagnostics);
  return Object.freeze({
    root,
    files: discovery.files,
    nodes,
    ids: graph.ids,
    upstream: graph.upstream,
    downstream: graph.downstream,
    edgeCount: graph.edgeCount,
    cycles: cycles.cycles,
    cycleOf,
    cycleUpstream,
    relationsOut: relations.out,
    relationsIn: relations.in,
    relationCounts: relations.counts,
    typedRelations: relations.typed,
    states: states.states,
    diagnostics,
    reviews: NO_REVIEWS,
    traces: NO_TRACES,
    coverage: null,
  });
}

/** Every stage from the per-file results. */
function* assemble(discovery: DiscoveredFiles, perFile: PerFile, cache: AssemblyCache): Generator<void, Assembled, void> {
  // Each file's results looked up once, not once per loop below (by index, in the order of `discovery.files`).
  const results: FileResults[] = [];
  const analyses: FileAnalysis[] = [];
  const lost = new Map<string, string>();
  let kits = false;
  for (const file of discovery.files) {
    const result = perFile.get(file)!;
    const analysis = result.analysis;
    results.push(result);
    analyses.push(analysis);
    if (analysis.lostId !== undefined) lost.set(file, analysis.lostId);
    kits ||= analysis.items !== undefined;
  }
  // Read by the next assembly's patch only (a live edit): made then, not at every load (a map of 100,000 paths).
  const files = discovery.files;
  const declared = new LazyMap(() => {
    const made = new Map<string, string>();
    files.forEach((file, i) => {
      const key = declaredKey(analyses[i]!);
      if (key !== undefined) made.set(file, key);
    });
    return made;
  });
  const resolved = resolveIds(analyses);
  // A kit's tasks need their feature's documents, which only the whole set of ids tells (KITS §3).
  cache.kitLinks = kits ? linkKitContext(resolved.nodes as Map<string, DocNode>, cache.kitLinks) : undefined;
  yield;
  const previous = cache.previous;
  const kept = cache.kept === undefined ? null : restoreStages(cache.kept, resolved.nodes);
  cache.kept = undefined;
  const stages = kept !== null ? pick({ ...kept, relations: buildRelations(resolved.nodes, kept.graph.ids, kept.graph.edgeCount) }) : previous !== undefined && sameStructure(previous.nodes, resolved.nodes) ? sameGraph(previous, resolved.nodes) : yield* graphStages(resolved.nodes, cache);
  yield;
  const nodes = resolved.nodes;
  const fileDiagnostics = [...resolved.diagnostics];
  // The file's node is looked up only for a file with link findings (most have none).
  discovery.files.forEach((file, i) => {
    const links = results[i]!.links;
    if (links !== null && links.diagnostics.length > 0) pushLinkFindings(fileDiagnostics, links, keptNodeId(file, analyses[i]!, nodes));
  });
  fileDiagnostics.sort(compareDiagnostics);
  yield;
  const keyUses = collectKeyUses(discovery.files, (_path, i) => analyses[i]!);
  const misspelled = misspelledDiagnostics(keyUses, (path) => keptNodeId(path, perFile.get(path)!.analysis, nodes));
  return { files: discovery.files, nodes: resolved.nodes, ...stages, states: kept?.states ?? stateStage(resolved.nodes, stages, cache), declared, repeated: resolved.repeated, fileDiagnostics, changedIds: null, keyUses, misspelled, lost };
}

/**
 * The previous assembly with the `changed` files' new results, when the set of files and every
 * file's declared id are the same and none of those ids is repeated; otherwise `null`.
 */
function patch(discovery: DiscoveredFiles, perFile: PerFile, cache: AssemblyCache, changed: ReadonlySet<string>): Assembled | null {
  const previous = cache.previous;
  if (previous === undefined || previous.files !== discovery.files) return null;
  for (const file of changed) {
    const entry = perFile.get(file);
    if (entry === undefined) return null;
    if (declaredKey(entry.analysis) !== previous.declared.get(file)) return null;
    for (const node of nodesOf(entry.analysis)) if (previous.repeated.has(node.id)) return null;
  }
  const replaced = new Map<string, DocNode>();
  const changedIds = new Set<string>();
  let structureSame = true;
  let statusSame = true;
  const fresh: Diagnostic[] = [];
  // The set of ids is the same: a task's feature documents are those it had.
  const lookup = contextLookup(previous.nodes);
  for (const file of changed) {
    const { analysis, links } = perFile.get(file)!;
    for (const read of nodesOf(analysis)) {
      const node = withKitContext(read, lookup, cache.kitLinks);
      const old = previous.nodes.get(node.id)!;
      if (old !== node) {
        replaced.set(node.id, node);
        changedIds.add(node.id);
        structureSame &&= sameEdges(old, node);
        statusSame &&= old.status === node.status;
      }
    }
    for (const d of analysis.diagnostics) fresh.push(d);
    pushLinkFindings(fresh, links, analysis.node?.id ?? null);
  }
  const fileDiagnostics: Diagnostic[] = [];
  for (const d of previous.fileDiagnostics) if (!changed.has(d.path)) fileDiagnostics.push(d);
  for (const d of fresh) fileDiagnostics.push(d);
  fileDiagnostics.sort(compareDiagnostics);
  const nodes = replaceValues(previous.nodes, replaced);
  const stages = !structureSame ? finish(graphStages(nodes, cache)) : replaced.size > 0 ? sameGraph(previous, nodes) : pick(previous);
  // A state reads statuses and edges only: an edit to a body or a title keeps every state (unless the relations were made again).
  const states = structureSame && statusSame && stages.relations === previous.relations ? previous.states : stateStage(nodes, stages, cache);
  const keyUses = updateKeyUses(previous.keyUses, changed, (path) => perFile.get(path)?.analysis);
  const misspelled = keyUses === previous.keyUses ? previous.misspelled : misspelledDiagnostics(keyUses, (path) => keptNodeId(path, perFile.get(path)!.analysis, nodes));
  return { ...previous, nodes, ...stages, states, fileDiagnostics, changedIds, keyUses, misspelled, lost: updateLost(previous.lost, changed, perFile) };
}

type Stages = Pick<Assembled, 'graph' | 'cycles' | 'cycleOf' | 'cycleUpstream' | 'relations'>;

function pick(stages: Stages): Stages {
  return { graph: stages.graph, cycles: stages.cycles, cycleOf: stages.cycleOf, cycleUpstream: stages.cycleUpstream, relations: stages.relations };
}

/**
 * The graph stages of `previous` for `nodes`, whose edges are its nodes' own: the same, but for relations that read other
 * items' text (a clause `(c)` that `FR-039c` names, a plan's table row), which are made again — the text that resolved a
 * reference, or now resolves one, may be what changed, in a node other than the one that names it.
 */
function sameGraph(previous: Assembled, nodes: ReadonlyMap<string, DocNode>): Stages {
  const stages = pick(previous);
  return previous.relations.readText === true ? { ...stages, relations: buildRelations(nodes, previous.graph.ids, previous.graph.edgeCount) } : stages;
}

/** Graph, cycles, the cycle lookups and the typed relations of a node set. */
function* graphStages(nodes: ReadonlyMap<string, DocNode>, cache: AssemblyCache): Generator<void, Stages, void> {
  const graph = buildGraph(nodes, cache.suggestions);
  yield;
  const cycles = findCycles(graph, nodes);
  yield;
  const cycleOf = cyclesById(cycles.cycles);
  const relations = buildRelations(nodes, graph.ids, graph.edgeCount);
  return { graph, cycles, cycleOf, cycleUpstream: new LazyMap(() => cyclesUpstream(cycles.cycles, graph)), relations };
}

/**
 * The id of the document node `file` keeps among `nodes`: its analysis's node when that is the
 * node kept for its id (a copy with kit context keeps its id and path), else `null` (a file
 * whose id another file holds, an item's file without one).
 */
function keptNodeId(file: string, analysis: FileAnalysis, nodes: ReadonlyMap<string, DocNode>): string | null {
  const own = analysis.node;
  const kept = own === null ? undefined : nodes.get(own.id);
  return kept !== undefined && kept.item === undefined && kept.path === file ? kept.id : null;
}

/** Every node's work state over the graph stages. */
function stateStage(nodes: ReadonlyMap<string, DocNode>, stages: Stages, cache: AssemblyCache): WorkStates {
  const { ids, placeOf, placeEdges, upstream } = stages.graph;
  return computeStates(nodes, { ids, placeOf, placeEdges, upstream, cycleOf: stages.cycleOf, relationsIn: stages.relations.in }, cache.status);
}

/** A file's link findings, each with the file's node id. */
function pushLinkFindings(out: Diagnostic[], links: LinkEntry | null, nodeId: string | null): void {
  if (links === null) return;
  for (const d of links.diagnostics) out.push(d.nodeId === nodeId ? d : { ...d, nodeId });
}
