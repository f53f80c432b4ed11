/**
 * For the search index's tests (answer/section-index.ts): what a reader of an index sees, to
 * compare an index made from the last one with one made afresh; and a workspace with one node
 * replaced, the others the same objects (as a live workspace's next snapshot keeps them).
 */
import type { SectionIndex } from '../../src/core/answer/section-index.js';
import type { DocNode, Workspace } from '../../src/core/shared/types.js';
import { termsOf } from '../../src/core/shared/words.js';

/** Every unit with its text, each node's units and prose, and the scores, matched words and frequencies of `queries`. */
export function indexAnswers(index: SectionIndex, queries: readonly string[]): unknown {
  const terms = queries.map(termsOf);
  const ids = [...new Set(index.units.map((u) => u.id))].sort();
  return {
    units: index.units.map((u, k) => [u.id, u.path, u.line, u.end, u.section?.trail ?? null, index.textOf(k)]),
    scores: terms.map((q) => [...index.bm25.scores(q)]),
    matched: terms.map((q) => index.units.map((_, k) => index.bm25.matched(q, k))),
    frequency: terms.map((q) => q.map((term) => index.bm25.frequency(term))),
    byNode: ids.map((id) => [id, index.unitsOf(id), [...index.proseOf(id)]]),
  };
}

/** `workspace` with the node `node.id` replaced by `node`, the others the same objects. */
export function withNode(workspace: Workspace, node: DocNode): Workspace {
  const nodes = new Map(workspace.nodes);
  nodes.set(node.id, node);
  return { ...workspace, nodes };
}
