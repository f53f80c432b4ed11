/**
 * META-01 §4: edges from `depends_on`, and `LINK_BROKEN` for entries that name no node.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { groupThousands, MAX_FINDINGS_PER_NODE } from '../shared/cap.js';
import { echo } from '../shared/errors.js';
import { sortStrings } from '../shared/sort.js';
import { createSuggester, type Suggester } from '../shared/suggest.js';
import { byKind } from '../shared/suggest-kind.js';
import { PlaceLists } from './place-lists.js';
import type { Diagnostic, DocNode } from '../shared/types.js';

export interface Graph {
  /** Every node id, sorted. */
  readonly ids: readonly string[];
  /** Each id's place in `ids`. */
  readonly placeOf: ReadonlyMap<string, number>;
  /** The same edges by place, for the stages that walk all of them (work state, unblocks). */
  readonly placeEdges: PlaceEdges;
  /** For each id, the existing ids it depends on, sorted, each once (a list made from `placeEdges` when first asked for). */
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  /** For each id, the ids that depend on it, sorted (the same way). */
  readonly downstream: ReadonlyMap<string, readonly string[]>;
  /** Distinct edges, self-edges included. */
  readonly edgeCount: number;
  /** `LINK_BROKEN` for each `depends_on` entry that names no node. */
  readonly diagnostics: readonly Diagnostic[];
  /** For each of `diagnostics`, in order: the id it names and its message without the advice (to explain it otherwise). */
  readonly broken: readonly BrokenTarget[];
}

/** A broken entry's target, and the first half of its message (`\`depends_on\` names \`C\`, but no document has that id`). */
export interface BrokenTarget {
  readonly target: string;
  readonly head: string;
}

/**
 * Edges by place in `ids`, as two compact lists: the places node `i` depends on are
 * `upList[upStart[i] .. upStart[i + 1])`, sorted; the places that depend on it, `downList`
 * the same way. A walk over every edge reads arrays, not maps.
 */
export interface PlaceEdges {
  readonly upStart: Int32Array;
  readonly upList: Int32Array;
  readonly downStart: Int32Array;
  readonly downList: Int32Array;
}

/**
 * "Did you mean" answers for missing ids, kept from one build to the next while the set of
 * ids is the same (a live index rebuilds the graph on every change; the suggestions rarely move).
 */
export interface IdSuggestions {
  ids: readonly string[];
  readonly best: Map<string, string | null>;
  /**
   * Set when `best` was filled elsewhere (from the on-disk index) for the ids whose `idsKey`
   * this is, in place of `ids`: the next build keeps `best` when its ids have this key.
   */
  key?: string | undefined;
}

/** A digest of a list of ids (their order included): what a "did you mean" answer depends on. */
export function idsKey(ids: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(ids)).digest('hex');
}

/** Builds the dependency graph of `nodes`; `memo` carries suggestions across builds. */
export function buildGraph(nodes: ReadonlyMap<string, DocNode>, memo?: IdSuggestions): Graph {
  const ids = sortStrings(nodes.keys());
  // Each id's place in `ids`: one lookup per dependency, and sorting places sorts the ids (`ids` is sorted).
  const placeOf = new Map<string, number>();
  for (let place = 0; place < ids.length; place += 1) placeOf.set(ids[place]!, place);
  const diagnostics: Diagnostic[] = [];
  const broken: BrokenTarget[] = [];
  // Made the first time an entry looks like a path (most broken entries are ids).
  let paths: PathIndex | null = null;
  const pathIndex = (): PathIndex => (paths ??= indexPaths(nodes));
  const suggest = memoized(byKind(createSuggester(ids), ids), ids, memo);
  const places: number[] = [];
  const upStart = new Int32Array(ids.length + 1);
  const upList: number[] = [];
  for (let place = 0; place < ids.length; place += 1) {
    const id = ids[place]!;
    const node = nodes.get(id)!;
    places.length = 0;
    let reported = 0;
    let more: MoreBroken | null = null;
    for (let index = 0; index < node.dependsOn.length; index += 1) {
      const dep = node.dependsOn[index]!;
      const at = placeOf.get(dep);
      if (at !== undefined) {
        places.push(at);
        continue;
      }
      const line = node.dependsOnLines[index] ?? null;
      // Past the cap, counted (a kit item's ranges can name hundreds): one finding says how many.
      if (reported === MAX_FINDINGS_PER_NODE) {
        if (more === null) more = { count: 0, first: dep, line };
        more.count += 1;
        continue;
      }
      reported += 1;
      const key = node.dependsOnKeys?.[index] ?? 'depends_on';
      broken.push({ target: dep, head: brokenHead(key, dep) });
      diagnostics.push({ code: 'LINK_BROKEN', message: brokenMessage(node, key, dep, suggest, pathIndex), nodeId: id, path: node.path, line });
    }
    if (more !== null) {
      const finding = moreBroken(node, 'dependencies', more);
      broken.push({ target: '', head: finding.message });
      diagnostics.push(finding);
    }
    sortPlaces(places);
    upStart[place] = upList.length;
    for (const at of places) upList.push(at);
  }
  upStart[ids.length] = upList.length;
  return graphOf(ids, placeOf, upStart, Int32Array.from(upList), diagnostics, broken);
}

/** The graph of sorted `ids` whose up edges by place are `upStart`/`upList`, with its findings (also for stages kept from an earlier start). */
export function graphOf(ids: readonly string[], placeOf: ReadonlyMap<string, number>, upStart: Int32Array, upList: Int32Array, diagnostics: readonly Diagnostic[], broken: readonly BrokenTarget[]): Graph {
  const placeEdges = turnAround(upStart, upList);
  // The lists are made from the place edges when asked for; the down lists come out sorted, as sources are visited in order.
  const upstream = new PlaceLists(ids, placeOf, placeEdges.upStart, placeEdges.upList);
  const downstream = new PlaceLists(ids, placeOf, placeEdges.downStart, placeEdges.downList);
  return { ids, placeOf, placeEdges, upstream, downstream, edgeCount: upList.length, diagnostics, broken };
}

/** The down lists of `up` (a counting sort by target: each down list comes out sorted, as sources are visited in order). */
function turnAround(upStart: Int32Array, upList: Int32Array): PlaceEdges {
  const n = upStart.length - 1;
  const downStart = new Int32Array(n + 1);
  for (const at of upList) downStart[at + 1]! += 1;
  for (let i = 0; i < n; i += 1) downStart[i + 1]! += downStart[i]!;
  const fill = downStart.slice(0, n);
  const downList = new Int32Array(upList.length);
  for (let i = 0; i < n; i += 1) for (let k = upStart[i]!; k < upStart[i + 1]!; k += 1) downList[fill[upList[k]!]!++] = i;
  return { upStart, upList, downStart, downList };
}

/** Sorts distinct numbers in place: by insertion while short (a document names a few dependencies), else `sort`. */
function sortPlaces(places: number[]): void {
  if (places.length > 16) {
    places.sort((a, b) => a - b);
    return;
  }
  for (let i = 1; i < places.length; i += 1) {
    const value = places[i]!;
    let j = i - 1;
    for (; j >= 0 && places[j]! > value; j -= 1) places[j + 1] = places[j]!;
    places[j + 1] = value;
  }
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

/** `suggester`, answering from `memo` while the ids are those it was filled for. */
function memoized(suggester: Suggester, ids: readonly string[], memo: IdSuggestions | undefined): Suggester {
  if (memo === undefined) return suggester;
  if (memo.key !== undefined) {
    if (memo.key === idsKey(ids)) memo.ids = ids;
    else memo.best.clear();
    memo.key = undefined;
  }
  if (!sameIds(memo.ids, ids)) {
    memo.ids = ids;
    memo.best.clear();
  }
  return {
    some: suggester.some,
    best: (wanted) => {
      let answer = memo.best.get(wanted);
      if (answer === undefined) memo.best.set(wanted, (answer = suggester.best(wanted)));
      return answer;
    },
  };
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The `LINK_BROKEN` message for `dep`, written under the frontmatter key `key` (the file's own word: `dependencies`, `requires`). */
function brokenMessage(node: DocNode, key: string, dep: string, suggest: Suggester, paths: () => PathIndex): string {
  const head = brokenHead(key, dep);
  // A kit's item named it in the kit's own words (KITS §3): neither a YAML string nor a path.
  if (node.item !== undefined) {
    const guess = suggest.best(dep);
    return `${head}; ${guess === null ? 'fix the number or add the missing item' : `did you mean \`${guess}\`?`}`;
  }
  if (dep.includes(',')) return `${head}; it holds commas: write a YAML list, \`${key}: [${echo(listed(dep))}]\`, or split such strings with \`fields: { separator: "," }\` in docugraph.yml`;
  const fileId = idOfPath(node.path, dep, paths);
  if (fileId !== null) return `${head}; that is the file of \`${fileId}\` — write the id \`${fileId}\`, not a path`;
  const guess = suggest.best(dep);
  if (guess !== null) return `${head}; did you mean \`${guess}\`?`;
  return `${head}; fix the id or add the missing document`;
}

/** The entries of one node that name nothing, past the ones reported one by one: how many, the first of them, its line. */
export interface MoreBroken {
  count: number;
  readonly first: string;
  readonly line: number | null;
}

/**
 * The one `LINK_BROKEN` that stands for the entries of `node` (of its `dependencies`, or its
 * other relations) past `MAX_FINDINGS_PER_NODE`. Its `BrokenTarget` has the target `''`: no
 * document's id, so nothing rewrites it as a lost id's finding.
 */
export function moreBroken(node: DocNode, what: string, more: MoreBroken): Diagnostic {
  return {
    code: 'LINK_BROKEN',
    message: `\`${node.id}\` has ${groupThousands(more.count)} more ${what} that name no document, not listed one by one (the first: \`${echo(more.first)}\`); fix the ${MAX_FINDINGS_PER_NODE} that are listed, then validate again`,
    nodeId: node.id,
    path: node.path,
    line: more.line,
  };
}

function brokenHead(key: string, dep: string): string {
  return `\`${key}\` names \`${echo(dep)}\`, but no document has that id`;
}

/** An entry written as `B-1, B-2` (one string), as the items of a flow list: `B-1, B-2`. */
function listed(entry: string): string {
  return entry
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join(', ');
}

/** When a `depends_on` entry looks like a path to a node's file, the id of that file. */
function idOfPath(from: string, entry: string, pathIndex: () => PathIndex): string | null {
  if (!entry.includes('/') && !/\.md$/i.test(entry)) return null;
  const paths = pathIndex();
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
