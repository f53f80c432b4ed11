/**
 * KITS §3: every task of a kit `depends_on` its feature's design documents when they exist
 * (Kiro's design, Spec Kit's plan, data model and research, an OpenSpec change's proposal
 * and design — and its delta specs, so that a change's task sees what the change adds and
 * modifies). Whether they exist is known only across files, so the assembly asks here for
 * each task, after ids are resolved: the node with those dependencies added (the same object
 * while the node and the documents present are the same, so an edit elsewhere replaces nothing).
 */
import type { DocNode } from '../shared/types.js';

/**
 * The nodes one assembly linked, so that the next gives the same object for a node it read
 * again with the same documents present. Three lists, not a weak map: a weak map of 100,000
 * nodes cost a load a tenth of a second of its collector (ephemerons), for what only a live
 * workspace's next assembly reads; the lookup by node is made then, on first use.
 */
export class KitLinks {
  readonly #from: DocNode[] = [];
  readonly #keys: string[] = [];
  readonly #to: DocNode[] = [];
  #index: Map<DocNode, number> | null = null;

  add(from: DocNode, key: string, to: DocNode): void {
    this.#from.push(from);
    this.#keys.push(key);
    this.#to.push(to);
  }

  /** The node made from `from` for `key`, if this assembly made one. */
  made(from: DocNode, key: string): DocNode | undefined {
    if (this.#index === null) {
      this.#index = new Map();
      this.#from.forEach((node, i) => this.#index!.set(node, i));
    }
    const i = this.#index.get(from);
    return i !== undefined && this.#keys[i] === key ? this.#to[i] : undefined;
  }
}

/**
 * The documents a context entry names among the workspace's ids: an id names itself when it
 * exists; an entry ending in `/` (`change/x/specs/`) names every document under it whose id
 * ends in `/spec` (a change's delta specs), in id order.
 */
export interface ContextLookup {
  has(id: string): boolean;
  under(prefix: string): readonly string[];
}

/** A lookup over `nodes` (its index of delta specs made on first use). */
export function contextLookup(nodes: ReadonlyMap<string, DocNode>): ContextLookup {
  let index: Map<string, string[]> | null = null;
  return {
    has: (id) => nodes.has(id),
    under: (prefix) => {
      if (index === null) {
        index = new Map();
        for (const [id, node] of nodes) {
          if (node.item !== undefined || !id.endsWith('/spec')) continue;
          const at = id.indexOf('/specs/');
          if (at === -1) continue;
          const key = id.slice(0, at + '/specs/'.length);
          (index.get(key) ?? index.set(key, []).get(key)!).push(id);
        }
        for (const list of index.values()) list.sort();
      }
      return index.get(prefix) ?? NONE;
    },
  };
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * `node` with a `depends_on` on each of its feature documents that exist (KITS §3); `node`
 * itself when it needs none. The node `previous` made for the same node and documents when
 * there is one; a node made is added to `next`.
 */
export function withKitContext(node: DocNode, lookup: ContextLookup, previous?: KitLinks, next?: KitLinks): DocNode {
  const context = node.item?.context;
  if (context === undefined || context.length === 0) return node;
  const present: string[] = [];
  for (const entry of context) {
    if (entry.endsWith('/')) {
      for (const id of lookup.under(entry)) if (!node.dependsOn.includes(id) && !present.includes(id)) present.push(id);
    } else if (lookup.has(entry) && !node.dependsOn.includes(entry)) present.push(entry);
  }
  if (present.length === 0) return node;
  const key = present.join('\n');
  const kept = previous?.made(node, key);
  if (kept !== undefined) {
    next?.add(node, key, kept);
    return kept;
  }
  const line = node.item!.line;
  const keys = node.dependsOnKeys;
  // `concat` makes lists as long as they hold (a spread into a literal keeps room for more: 20 MB at 100,000 items).
  const made: DocNode = {
    ...node,
    dependsOn: node.dependsOn.concat(present),
    dependsOnLines: node.dependsOnLines.concat(present.map(() => line)),
    ...(keys === undefined ? {} : { dependsOnKeys: keys.concat(present.map(() => 'depends_on')) }),
  };
  next?.add(node, key, made);
  return made;
}

/** Every node of `nodes` with its feature documents (in place); the links made, for the next assembly (`previous`: the last one's). */
export function linkKitContext(nodes: Map<string, DocNode>, previous: KitLinks | undefined): KitLinks {
  const lookup = contextLookup(nodes);
  const next = new KitLinks();
  for (const [id, node] of nodes) {
    if (node.item === undefined || node.item.context.length === 0) continue;
    const made = withKitContext(node, lookup, previous, next);
    if (made !== node) nodes.set(id, made);
  }
  return next;
}
