/**
 * KITS §3: every task of a kit `depends_on` its feature's design documents when they exist
 * (Kiro's design, Spec Kit's plan, data model and research, an OpenSpec change's proposal
 * and design). Whether they exist is known only across files, so the assembly asks here for
 * each task, after ids are resolved: the node with those dependencies added (the same object
 * while the documents present are the same, so an edit elsewhere replaces nothing).
 */
import type { DocNode } from '../shared/types.js';

const linked = new WeakMap<DocNode, { readonly key: string; readonly node: DocNode }>();

/** `node` with a `depends_on` on each of its feature documents that `has` (KITS §3); `node` itself when it needs none. */
export function withKitContext(node: DocNode, has: (id: string) => boolean): DocNode {
  const context = node.item?.context;
  if (context === undefined || context.length === 0) return node;
  const present: string[] = [];
  for (const id of context) if (has(id) && !node.dependsOn.includes(id)) present.push(id);
  if (present.length === 0) return node;
  const key = present.join('\n');
  const kept = linked.get(node);
  if (kept !== undefined && kept.key === key) return kept.node;
  const line = node.item!.line;
  const keys = node.dependsOnKeys;
  const made: DocNode = {
    ...node,
    dependsOn: [...node.dependsOn, ...present],
    dependsOnLines: [...node.dependsOnLines, ...present.map(() => line)],
    ...(keys === undefined ? {} : { dependsOnKeys: [...keys, ...present.map(() => 'depends_on')] }),
  };
  linked.set(node, { key, node: made });
  return made;
}

/** Every node of `nodes` with its feature documents (in place). */
export function linkKitContext(nodes: Map<string, DocNode>): void {
  const has = (id: string) => nodes.has(id);
  for (const [id, node] of nodes) {
    if (node.item === undefined || node.item.context.length === 0) continue;
    const made = withKitContext(node, has);
    if (made !== node) nodes.set(id, made);
  }
}
