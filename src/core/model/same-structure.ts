/**
 * Whether what the graph stages read is the same (assemble-workspace.ts): the ids a file
 * declares, and each node's path, dependencies and typed relations with their lines and keys.
 * An edit that keeps them (a title, a body, a status) keeps the graph, its cycles and its
 * findings.
 */
import type { FileAnalysis } from './analyze-file.js';
import { nodesOf } from './resolve-ids.js';
import { TYPED_RELATIONS } from '../shared/relations.js';
import type { DocNode } from '../shared/types.js';

/**
 * Whether a file's analysis gives the graph stages what another did: the same declared ids,
 * each node with the same edges (`sameEdges`). A live edit of such a file keeps the graph.
 */
export function sameGraphInputs(before: FileAnalysis, after: FileAnalysis): boolean {
  if (declaredKey(before) !== declaredKey(after)) return false;
  const [x, y] = [nodesOf(before), nodesOf(after)];
  return x.length === y.length && x.every((node, i) => sameEdges(node, y[i]!));
}

/** What a file declares, to tell an edit that moves no id: its node's id, and a kit file's items' ids after it, one per line. */
export function declaredKey(analysis: FileAnalysis): string | undefined {
  const items = analysis.items;
  if (items === undefined) return analysis.node?.id;
  let key = analysis.node?.id ?? '';
  for (const item of items) key += `\n${item.id}`;
  return key;
}

/**
 * Whether two node sets give the same graph and the same graph findings: the same ids, each
 * with the same path, dependencies and dependency lines (unchanged files keep their node
 * objects, so this is mostly a pointer comparison).
 */
export function sameStructure(before: ReadonlyMap<string, DocNode>, after: ReadonlyMap<string, DocNode>): boolean {
  if (before.size !== after.size) return false;
  for (const [id, node] of after) {
    const old = before.get(id);
    if (old === node) continue;
    if (old === undefined || !sameEdges(old, node)) return false;
  }
  return true;
}

/** Whether two nodes of one id give the same edges and edge findings. */
export function sameEdges(a: DocNode, b: DocNode): boolean {
  return a.path === b.path && sameItems(a.dependsOn, b.dependsOn) && sameItems(a.dependsOnLines, b.dependsOnLines) && sameItems(a.dependsOnKeys ?? NO_KEYS, b.dependsOnKeys ?? NO_KEYS) && sameRelations(a, b);
}

/** Whether two nodes of one id have the same typed relation entries (ids, lines, keys). */
function sameRelations(a: DocNode, b: DocNode): boolean {
  if (a.relations === undefined || b.relations === undefined) return a.relations === b.relations;
  for (const relation of TYPED_RELATIONS) {
    const x = a.relations[relation];
    const y = b.relations[relation];
    if (x === undefined || y === undefined) {
      if (x !== y) return false;
      continue;
    }
    if (!sameItems(x.ids, y.ids) || !sameItems(x.lines, y.lines) || !sameItems(x.keys, y.keys)) return false;
  }
  return true;
}

const NO_KEYS: readonly string[] = [];

/** Whether two lists hold the same items in the same order. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
