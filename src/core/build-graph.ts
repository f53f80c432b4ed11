/**
 * META-01 §4: edges from `depends_on`, and `LINK_BROKEN` for entries that name no node.
 */
import { posix } from 'node:path';
import { echo } from './errors.js';
import { compareStrings, sortStrings } from './sort.js';
import { createSuggester, type Suggester } from './suggest.js';
import type { Diagnostic, DocNode } from './types.js';

export interface Graph {
  /** Every node id, sorted. */
  readonly ids: readonly string[];
  /** For each id, the existing ids it depends on, sorted, each once. */
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  /** For each id, the ids that depend on it, sorted. */
  readonly downstream: ReadonlyMap<string, readonly string[]>;
  /** Distinct edges, self-edges included. */
  readonly edgeCount: number;
  /** `LINK_BROKEN` for each `depends_on` entry that names no node. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Builds the dependency graph of `nodes`. */
export function buildGraph(nodes: ReadonlyMap<string, DocNode>): Graph {
  const ids = sortStrings(nodes.keys());
  const upstream = new Map<string, string[]>();
  const downstream = new Map<string, string[]>();
  for (const id of ids) downstream.set(id, []);
  const diagnostics: Diagnostic[] = [];
  let paths: PathIndex | null = null;
  const suggest = createSuggester(ids);
  let edgeCount = 0;
  for (const id of ids) {
    const node = nodes.get(id)!;
    const deps: string[] = [];
    for (let index = 0; index < node.dependsOn.length; index += 1) {
      const dep = node.dependsOn[index]!;
      const target = nodes.get(dep);
      if (target !== undefined) {
        // The node's own id string (equal to `dep`): later lookups compare one string with itself.
        deps.push(target.id);
        continue;
      }
      paths ??= indexPaths(nodes);
      diagnostics.push({
        code: 'LINK_BROKEN',
        message: brokenMessage(node, dep, suggest, paths),
        nodeId: id,
        path: node.path,
        line: node.dependsOnLines[index] ?? null,
      });
    }
    if (deps.length > 1) deps.sort(compareStrings);
    upstream.set(id, deps);
    edgeCount += deps.length;
    for (const dep of deps) downstream.get(dep)!.push(id);
  }
  // `ids` is sorted and visited in order, so every downstream list is already sorted.
  return { ids, upstream, downstream, edgeCount, diagnostics };
}

/** Node ids by file path, and by file name (for entries that name a file, not an id). */
interface PathIndex {
  readonly idByPath: ReadonlyMap<string, string>;
  readonly idsByName: ReadonlyMap<string, readonly string[]>;
}

function indexPaths(nodes: ReadonlyMap<string, DocNode>): PathIndex {
  const idByPath = new Map<string, string>();
  const idsByName = new Map<string, string[]>();
  for (const node of nodes.values()) {
    idByPath.set(node.path, node.id);
    const name = posix.basename(node.path);
    const list = idsByName.get(name);
    if (list === undefined) idsByName.set(name, [node.id]);
    else list.push(node.id);
  }
  return { idByPath, idsByName };
}

function brokenMessage(node: DocNode, dep: string, suggest: Suggester, paths: PathIndex): string {
  const head = `\`depends_on\` names \`${echo(dep)}\`, but no document has that id`;
  const fileId = idOfPath(node.path, dep, paths);
  if (fileId !== null) return `${head}; that is the file of \`${fileId}\` — write the id \`${fileId}\`, not a path`;
  const guess = suggest.best(dep);
  if (guess !== null) return `${head}; did you mean \`${guess}\`?`;
  return `${head}; fix the id or add the missing document`;
}

/** When a `depends_on` entry looks like a path to a node's file, the id of that file. */
function idOfPath(from: string, entry: string, paths: PathIndex): string | null {
  if (!entry.includes('/') && !/\.md$/i.test(entry)) return null;
  const candidates = [
    posix.normalize(posix.join(posix.dirname(from), entry)),
    posix.normalize(entry.replace(/^\/+/, '')),
  ];
  for (const candidate of candidates) {
    const id = paths.idByPath.get(candidate);
    if (id !== undefined) return id;
  }
  // Fall back to the file name alone, when exactly one node's file has it.
  const matches = paths.idsByName.get(posix.basename(entry)) ?? [];
  return matches.length === 1 ? matches[0]! : null;
}
