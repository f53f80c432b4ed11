/**
 * META-01 §3, uniqueness: every file of a repeated id gets `ID_DUPLICATE` naming the other
 * paths, and only the file with the smallest path becomes the node. A kit file's items
 * (KITS §2) are nodes of their file too: an item whose id another file holds first is
 * `ID_DUPLICATE` at its line.
 */
import type { FileAnalysis } from './analyze-file.js';
import { listCapped, MAX_LISTED } from '../shared/cap.js';
import type { Diagnostic, DocNode } from '../shared/types.js';

export interface ResolvedIds {
  /** Nodes by id: for a repeated id, the file with the smallest path. */
  readonly nodes: ReadonlyMap<string, DocNode>;
  /** Per-file diagnostics of the files kept, plus `ID_DUPLICATE` for every repeated id. */
  readonly diagnostics: readonly Diagnostic[];
  /** The ids declared by more than one file. */
  readonly repeated: ReadonlySet<string>;
}

/** One node a file declares, with the line its id is on. */
interface Declared {
  readonly node: DocNode;
  readonly analysis: FileAnalysis;
  readonly line: number;
}

/** Every node `analysis` declares: its own, then its items. */
export function nodesOf(analysis: FileAnalysis): DocNode[] {
  const out: DocNode[] = analysis.node === null ? [] : [analysis.node];
  if (analysis.items !== undefined) for (const item of analysis.items) out.push(item);
  return out;
}

/** Resolves ids across files; `analyses` must be sorted by path. */
export function resolveIds(analyses: readonly FileAnalysis[]): ResolvedIds {
  // The first holder of each id, and the ids held more than once (rare).
  const first = new Map<string, DocNode>();
  const twice = new Set<string>();
  const note = (node: DocNode): void => {
    if (first.has(node.id)) twice.add(node.id);
    else first.set(node.id, node);
  };
  for (const analysis of analyses) {
    if (analysis.node !== null) note(analysis.node);
    if (analysis.items !== undefined) for (const item of analysis.items) note(item);
  }
  // One requirement name in two capabilities' delta specs of a change: each named with its capability.
  const qualified = twice.size === 0 ? NO_RENAMES : qualifyDeltas(analyses, twice, first);
  for (const node of qualified.values()) note(node);
  const as = (node: DocNode): DocNode => qualified.get(node) ?? node;
  // The ids a live edit cannot patch: those held twice, and those qualified.
  const repeated = qualified.size === 0 ? twice : new Set([...twice, ...[...qualified.keys()].map((node) => node.id)]);
  const diagnostics: Diagnostic[] = [];
  // No id held twice (the usual case): every node is its id's, every file keeps its findings.
  if (twice.size === 0) {
    for (const analysis of analyses) for (const d of analysis.diagnostics) diagnostics.push(d);
    return { nodes: first, diagnostics, repeated };
  }
  // The holders of each repeated id, in path order.
  const holders = new Map<string, Declared[]>();
  const declare = (node: DocNode, analysis: FileAnalysis, line: number): void => {
    if (!twice.has(node.id)) return;
    const list = holders.get(node.id);
    if (list === undefined) holders.set(node.id, [{ node, analysis, line }]);
    else list.push({ node, analysis, line });
  };
  for (const analysis of analyses) {
    if (analysis.node !== null) declare(analysis.node, analysis, analysis.idLine);
    if (analysis.items !== undefined) for (const item of analysis.items) declare(as(item), analysis, item.item!.line);
  }
  for (const analysis of analyses) {
    const node = analysis.node;
    const items = analysis.items;
    // A kit file's own findings stand whichever of its nodes another file holds first.
    let keepFindings = node === null || items !== undefined;
    if (node !== null) keepFindings = declareNode(node, analysis, analysis.idLine, holders, diagnostics) || keepFindings;
    if (items !== undefined) for (const item of items) declareNode(as(item), analysis, item.item!.line, holders, diagnostics);
    if (keepFindings) for (const d of analysis.diagnostics) diagnostics.push(d);
  }
  // The first holder of an id is the one kept (`declareNode`): the nodes are the first holders, in the order they came.
  return { nodes: first, diagnostics, repeated };
}

const NO_RENAMES: ReadonlyMap<DocNode, DocNode> = new Map();

/** A delta spec of an OpenSpec change (`openspec/changes/<change>/specs/<capability>/spec.md`, under a kit root too): its capability. */
const DELTA_SPEC = /(?:^|\/)openspec\/changes\/[^/]+\/specs\/([^/]+)\/spec\.md$/;

/**
 * The requirements of an OpenSpec change that two or more of its delta specs name alike (the
 * same requirement added to two capabilities: Reamd7/Kode-cli-rust's `错误类型` in message-model
 * and config-loading), each renamed `change/<name>/<capability>/<slug>`: OpenSpec keeps
 * requirements by capability, so the name is not repeated, though the change's ids (KITS §2)
 * would be. Removed from `first` and `twice`; returned by the node each replaces. An id some
 * other file holds too is left as it is (a real duplicate).
 */
function qualifyDeltas(analyses: readonly FileAnalysis[], twice: Set<string>, first: Map<string, DocNode>): Map<DocNode, DocNode> {
  const holders = new Map<string, { node: DocNode; capability: string | null }[]>();
  for (const analysis of analyses) {
    const capability = DELTA_SPEC.exec(analysis.path)?.[1] ?? null;
    const own = analysis.node === null ? [] : [analysis.node];
    for (const node of [...own, ...(analysis.items ?? [])]) {
      if (!twice.has(node.id)) continue;
      let list = holders.get(node.id);
      if (list === undefined) holders.set(node.id, (list = []));
      list.push({ node, capability: node.item !== undefined && node.type === 'requirement' ? capability : null });
    }
  }
  const out = new Map<DocNode, DocNode>();
  for (const [id, list] of holders) {
    const capabilities = new Set(list.map((h) => h.capability));
    if (capabilities.has(null) || capabilities.size !== list.length) continue;
    const slash = id.lastIndexOf('/');
    for (const { node, capability } of list) out.set(node, { ...node, id: `${id.slice(0, slash)}/${capability!}${id.slice(slash)}` });
    first.delete(id);
    twice.delete(id);
  }
  return out;
}

/** Whether `node` (of `analysis`, its id at `line`) is the node of its id: no other file holds the id first (else `ID_DUPLICATE`). */
function declareNode(node: DocNode, analysis: FileAnalysis, line: number, repeated: ReadonlyMap<string, readonly Declared[]>, diagnostics: Diagnostic[]): boolean {
  const holders = repeated.get(node.id);
  if (holders === undefined) return true;
  const kept = holders[0]!.node === node;
  // An item another file uses too (KITS §2): the first keeps it, and only the others are told.
  if (kept && node.item !== undefined) return true;
  const outcome = kept ? 'this file, the first by path, is the one used' : `\`${holders[0]!.analysis.path}\` is the one used and this ${node.item === undefined ? 'file' : 'one'} is ignored`;
  diagnostics.push({
    code: 'ID_DUPLICATE',
    message: `id \`${node.id}\` is also declared by ${otherPaths(holders, node)}; ${outcome} — give each document its own id`,
    nodeId: kept ? node.id : null,
    path: analysis.path,
    line,
  });
  return kept;
}

/** The other files of a repeated id, the first few by path (a message lists a bounded number). */
function otherPaths(holders: readonly Declared[], self: DocNode): string {
  const shown: string[] = [];
  for (const holder of holders) {
    if (holder.node === self) continue;
    if (shown.length > MAX_LISTED) break;
    shown.push(`\`${holder.analysis.path}\``);
  }
  return listCapped(shown, holders.length - 1);
}
