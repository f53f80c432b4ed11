/**
 * META-01 §4: edges from `depends_on`, and `LINK_BROKEN` for entries that name no node.
 */
import { posix } from 'node:path';
import { compareStrings, sortStrings } from './sort.js';
import { createSuggester } from './suggest.js';
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
  let idByPath: Map<string, string> | null = null;
  const suggest = createSuggester(ids);
  let edgeCount = 0;
  for (const id of ids) {
    const node = nodes.get(id)!;
    const deps: string[] = [];
    node.dependsOn.forEach((dep, index) => {
      if (nodes.has(dep)) {
        deps.push(dep);
        return;
      }
      idByPath ??= new Map([...nodes.values()].map((n) => [n.path, n.id]));
      diagnostics.push({
        code: 'LINK_BROKEN',
        message: brokenMessage(node, dep, suggest, idByPath),
        nodeId: id,
        path: node.path,
        line: node.dependsOnLines[index] ?? null,
      });
    });
    deps.sort(compareStrings);
    upstream.set(id, deps);
    edgeCount += deps.length;
    for (const dep of deps) downstream.get(dep)!.push(id);
  }
  // `ids` is sorted and visited in order, so every downstream list is already sorted.
  return { ids, upstream, downstream, edgeCount, diagnostics };
}

function brokenMessage(node: DocNode, dep: string, suggest: (id: string) => string | null, idByPath: ReadonlyMap<string, string>): string {
  const head = `\`depends_on\` names \`${dep}\`, but no document has that id`;
  const fileId = idOfPath(node.path, dep, idByPath);
  if (fileId !== null) return `${head}; that is the file of \`${fileId}\` — write the id \`${fileId}\`, not a path`;
  const guess = suggest(dep);
  if (guess !== null) return `${head}; did you mean \`${guess}\`?`;
  return `${head}; fix the id or add the missing document`;
}

/** When a `depends_on` entry looks like a path to a node's file, the id of that file. */
function idOfPath(from: string, entry: string, idByPath: ReadonlyMap<string, string>): string | null {
  if (!entry.includes('/') && !/\.md$/i.test(entry)) return null;
  const candidates = [
    posix.normalize(posix.join(posix.dirname(from), entry)),
    posix.normalize(entry.replace(/^\/+/, '')),
  ];
  for (const candidate of candidates) {
    const id = idByPath.get(candidate);
    if (id !== undefined) return id;
  }
  // Fall back to the file name alone, when exactly one node's file has it.
  const base = posix.basename(entry);
  const matches = [...idByPath].filter(([path]) => posix.basename(path) === base);
  return matches.length === 1 ? matches[0]![1] : null;
}
