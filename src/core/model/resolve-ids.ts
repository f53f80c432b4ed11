/**
 * META-01 §3, uniqueness: every file of a repeated id gets `ID_DUPLICATE` naming the other
 * paths, and only the file with the smallest path becomes the node.
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

/** Resolves ids across files; `analyses` must be sorted by path. */
export function resolveIds(analyses: readonly FileAnalysis[]): ResolvedIds {
  // The first holder of each id; lists only for the ids held more than once (rare).
  const first = new Map<string, FileAnalysis>();
  const repeated = new Map<string, FileAnalysis[]>();
  for (const analysis of analyses) {
    if (analysis.node === null) continue;
    const id = analysis.node.id;
    const holder = first.get(id);
    if (holder === undefined) first.set(id, analysis);
    else {
      const list = repeated.get(id);
      if (list === undefined) repeated.set(id, [holder, analysis]);
      else list.push(analysis);
    }
  }
  const nodes = new Map<string, DocNode>();
  const diagnostics: Diagnostic[] = [];
  for (const analysis of analyses) {
    const node = analysis.node;
    if (node === null) {
      for (const d of analysis.diagnostics) diagnostics.push(d);
      continue;
    }
    const holders = repeated.get(node.id);
    if (holders === undefined) {
      nodes.set(node.id, node);
      for (const d of analysis.diagnostics) diagnostics.push(d);
      continue;
    }
    const kept = holders[0] === analysis;
    const outcome = kept
      ? 'this file, the first by path, is the one used'
      : `\`${holders[0]!.path}\` is the one used and this file is ignored`;
    diagnostics.push({
      code: 'ID_DUPLICATE',
      message: `id \`${node.id}\` is also declared by ${otherPaths(holders, analysis)}; ${outcome} — give each document its own id`,
      nodeId: kept ? node.id : null,
      path: node.path,
      line: analysis.idLine,
    });
    if (kept) {
      nodes.set(node.id, node);
      for (const d of analysis.diagnostics) diagnostics.push(d);
    }
  }
  return { nodes, diagnostics, repeated: new Set(repeated.keys()) };
}

/** The other files of a repeated id, the first few by path (a message lists a bounded number). */
function otherPaths(holders: readonly FileAnalysis[], self: FileAnalysis): string {
  const shown: string[] = [];
  for (const holder of holders) {
    if (holder === self) continue;
    if (shown.length > MAX_LISTED) break;
    shown.push(`\`${holder.path}\``);
  }
  return listCapped(shown, holders.length - 1);
}


