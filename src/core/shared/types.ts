/**
 * Domain types of the DocuGraph core (META-01). Everything here is plain data.
 */
import type { DiagnosticCode } from './codes.js';
import type { ContextOptions } from './config-types.js';
import type { Relation, TypedRelation, WorkState } from './relations.js';
import type { Coverage, CoverageRow, Traces } from './trace-types.js';

/** A validation finding (META-01 §6). Never thrown, never logged: returned as data. */
export interface Diagnostic {
  /** What kind of problem this is; its severity follows from the code. */
  readonly code: DiagnosticCode;
  /** What is wrong and how to fix it, in one sentence a person can act on. */
  readonly message: string;
  /** The id of the node the file defines, or `null` when the file is not a node. */
  readonly nodeId: string | null;
  /** Path of the file, relative to the workspace root, `/`-separated. */
  readonly path: string;
  /** 1-based line in the file, or `null` when no single line is to blame. */
  readonly line: number | null;
}

/** A Markdown link, image or link reference definition found in a body (META-01 §5). */
export interface MarkdownLink {
  /** The destination as written, after CommonMark unescaping. */
  readonly url: string;
  /** 1-based line of the link in the file. */
  readonly line: number;
}

/** What the Markdown body of one file holds that the checks need. */
export interface MarkdownInfo {
  /** Links, images and definitions, in document order. */
  readonly links: readonly MarkdownLink[];
  /** GitHub heading anchors (github-slugger, with `-1`, `-2` for repeats), in document order. */
  readonly anchors: readonly string[];
  /** Explicit anchors of the body (`id` on any element, `name` on `<a>`, a heading's own `{#id}`), as written, in document order. */
  readonly htmlAnchors: readonly string[];
  /** How many lines the whole file has (frontmatter included), for line anchors (`#L3`). */
  readonly lineCount: number;
  /** Plain text of the first level-1 heading, or `null` when there is none. */
  readonly firstH1: string | null;
  /**
   * The first line (of the file) from which content is nested too deeply for the parser
   * (block quotes, lists or brackets beyond its limit), so links there are not found; `null`
   * when the whole body was parsed.
   */
  readonly tooDeepLine: number | null;
}

/**
 * A document: a file with valid frontmatter and a valid, unique id (META-01 §3). One from the
 * on-disk index reads `text` and `body` through getters (store/index-texts.ts): never spread one.
 */
export interface DocNode {
  /** The unique id (`^[A-Za-z0-9][A-Za-z0-9._-]*$`). */
  readonly id: string;
  /** Display title: `title`, else the first level-1 heading, else the id; newlines become spaces. */
  readonly title: string;
  /** `type` from the frontmatter, or `null` when absent or not a string. */
  readonly type: string | null;
  /** `status` from the frontmatter, or `null` when absent or not a string. */
  readonly status: string | null;
  /** Path of the file, relative to the workspace root. */
  readonly path: string;
  /** The string entries of `depends_on`, each once, in the order written. */
  readonly dependsOn: readonly string[];
  /** 1-based line of each `dependsOn` entry in the file (same order), for diagnostics. */
  readonly dependsOnLines: readonly number[];
  /**
   * The frontmatter key each entry of `dependsOn` came from, when some entry came from another
   * key than `depends_on` (an alias such as `dependencies`); absent: every entry is `depends_on`'s.
   */
  readonly dependsOnKeys?: readonly string[];
  /**
   * The entries of the typed relations other than `depends_on` (TRACE §1), per relation, for the
   * relations whose keys the frontmatter has; absent: it has none.
   */
  readonly relations?: Readonly<Partial<Record<TypedRelation, RelationEntries>>>;
  /** The whole file text after normalisation (no BOM, `\n` line ends). */
  readonly text: string;
  /** 1-based line of the file where the body starts. */
  readonly bodyLine: number;
  /** The body: the text after the closing frontmatter line. */
  readonly body: string;
  /** Where the node sits in its file when it is an item of a spec kit (KITS §2); absent for a document. */
  readonly item?: ItemPlace;
}

/**
 * An item of a spec kit (KITS §2): a requirement, criterion, story or task inside a kit file,
 * with its own lines. Its `text` is those lines, its `path` its file.
 */
export interface ItemPlace {
  /** 1-based first and last line of its span in the file. */
  readonly line: number;
  readonly end: number;
  /** The id the file's own node has (`auth/tasks`): items are listed after it, in file order. */
  readonly file: string;
  /** A task's box (` ` open, `x` done, `-` in progress, `dropped`: a word such as `[SKIP]`); `null` for other items. */
  readonly box: ' ' | 'x' | '-' | 'dropped' | null;
  /**
   * The feature's documents a task needs when they exist (`auth/design`): the assembly adds a
   * `depends_on` on each one present (KITS §3). Empty for other items.
   */
  readonly context: readonly string[];
  /** The whole text of its file (normalised), one object shared by the file's items: its `version` (KITS §6). */
  readonly source: { readonly text: string };
}

/** The entries of one relation in one document, merged over its keys, each id once. */
export interface RelationEntries {
  /** The string entries, in the order written. */
  readonly ids: readonly string[];
  /** 1-based line of each entry (same order). */
  readonly lines: readonly number[];
  /** The frontmatter key each entry came from (same order). */
  readonly keys: readonly string[];
}

/** One typed edge seen from one end: the relation and the node at the other end. */
export interface RelationEdge {
  readonly relation: TypedRelation;
  readonly id: string;
}

/** Why a node is blocked (TRACE §2): a dependency and its state, an entry naming no node, or a cycle. */
export interface Blocker {
  /** The dependency's id, the entry as written (`missing`), or the smallest id of the cycle (`cycle`). */
  readonly id: string;
  readonly state: 'ready' | 'blocked' | 'dropped' | 'missing' | 'cycle';
}

/** A node's work state (TRACE §2). */
export interface NodeState {
  readonly state: WorkState;
  /** Why it is blocked, sorted by id (then state); empty unless `state` is `blocked`. */
  readonly blockedBy: readonly Blocker[];
}

/** A strongly connected component that forms a cycle (META-01 §4). */
export interface Cycle {
  /** Every id of the component, sorted. */
  readonly ids: readonly string[];
  /** One concrete cycle, starting and ending at the smallest id, e.g. `[A, B, C, A]`. */
  readonly path: readonly string[];
}

/** The validation report (META-01 §6), keys in the order the spec gives. */
export interface ValidationReport {
  /** Real absolute path of the workspace root. */
  readonly workspacePath: string;
  /** Number of nodes. */
  readonly nodeCount: number;
  /** Number of distinct edges, self-edges included. */
  readonly edgeCount: number;
  /** Error diagnostics, sorted by path, line, code, message. */
  readonly errors: readonly Diagnostic[];
  /** Warning diagnostics, same order. */
  readonly warnings: readonly Diagnostic[];
  /** `true` exactly when `errors` is empty. */
  readonly valid: boolean;
  /** Distinct edges per relation, all six in the table's order; present when some document has a typed relation key (TRACE §1). */
  readonly relationCounts?: Readonly<Record<Relation, number>>;
  /** How the reviewed links stand (TRACE §3); present exactly when the workspace has a valid `docugraph.lock.json`. */
  readonly reviews?: ReviewCounts;
  /** Each coverage rule's count, sorted by type, then relation (TRACE §5); present exactly when `docugraph.yml` has coverage rules. */
  readonly coverage?: readonly CoverageRow[];
}

export type { Coverage, CoverageGap, CoverageRow, Trace, Traces, UntracedFeature } from './trace-types.js';

/** The reviewed links of a workspace by how they stand (TRACE §3). */
export interface ReviewCounts {
  /** Links whose review holds the target's current fingerprint. */
  readonly reviewed: number;
  /** Links reviewed against another version of their target. */
  readonly suspect: number;
  /** Links with no review. */
  readonly unreviewed: number;
}

/** What `docugraph.lock.json` says of a workspace's links (TRACE §3). */
export interface Reviews {
  /** Whether the workspace has a valid lock file: reviews are on. Default `false` (then the counts are zeros). */
  readonly enabled: boolean;
  readonly counts: ReviewCounts;
  /** For each node with a suspect link, the ids it links to that changed since it was reviewed, sorted. */
  readonly suspect: ReadonlyMap<string, readonly string[]>;
}

/** One immutable, fully indexed snapshot of a workspace; every query reads one of these. */
export interface Workspace {
  /** Real absolute path of the root directory. */
  readonly root: string;
  /** Every discovered Markdown file, sorted. */
  readonly files: readonly string[];
  /** Nodes by id. */
  readonly nodes: ReadonlyMap<string, DocNode>;
  /** Every node id, sorted. */
  readonly ids: readonly string[];
  /** Edges: for each id, the ids it depends on that exist, sorted, each once. */
  readonly upstream: ReadonlyMap<string, readonly string[]>;
  /** Reverse edges: for each id, the ids that depend on it, sorted. */
  readonly downstream: ReadonlyMap<string, readonly string[]>;
  /** Number of distinct edges, self-edges included. */
  readonly edgeCount: number;
  /** Cyclic components, sorted by their smallest id. */
  readonly cycles: readonly Cycle[];
  /** For each id in a cycle, its component. */
  readonly cycleOf: ReadonlyMap<string, Cycle>;
  /**
   * For each id whose upstream closure touches a cycle (the id itself included), that cycle —
   * the one with the smallest first id when there are several. Bundles of these ids fail
   * closed (META-01 §7.2).
   */
  readonly cycleUpstream: ReadonlyMap<string, Cycle>;
  /**
   * Typed edges other than `depends_on` (TRACE §1), to nodes that exist: for each id that has
   * any, its edges by relation (table order), then target id, each once.
   */
  readonly relationsOut: ReadonlyMap<string, readonly RelationEdge[]>;
  /** The same edges from their targets: for each id some node names, those nodes by relation, then id. */
  readonly relationsIn: ReadonlyMap<string, readonly RelationEdge[]>;
  /** Distinct edges per relation (`depends_on` is `edgeCount`), all six in the table's order. */
  readonly relationCounts: Readonly<Record<Relation, number>>;
  /** Whether some document has a key of a typed relation other than `depends_on` (then the report has `relationCounts`). */
  readonly typedRelations: boolean;
  /** Every node's work state (TRACE §2), by id. */
  readonly states: ReadonlyMap<string, NodeState>;
  /** Every diagnostic, sorted by path, line, code, message. */
  readonly diagnostics: readonly Diagnostic[];
  /** What the workspace's `docugraph.lock.json` says of its links (TRACE §3); off without the file. */
  readonly reviews: Reviews;
  /** The trace tags of the source files (TRACE §5); off without `trace.sources`. */
  readonly traces: Traces;
  /** How the coverage rules stand (TRACE §5); `null` without coverage rules. */
  readonly coverage: Coverage | null;
  /** How its bundles cut large documents (`context:` of `docugraph.yml`, CONTEXT §1); absent: the defaults. */
  readonly context?: ContextOptions;
}

/** Options of the context bundle (META-01 §7). */
export interface BundleOptions {
  /** The task to build context for (an exact node id). */
  readonly taskId: string;
  /** Deepest upstream level to include; an integer ≥ 0. Default 5. */
  readonly maxDepth?: number | undefined;
  /** Token budget (≈ UTF-8 bytes / 4) of the documents; an integer ≥ 1. Default: no budget. */
  readonly maxTokens?: number | undefined;
  /**
   * Whose commands the bundle's hints name (how to fetch an omitted document, how to see every
   * cycle): the MCP tools and resources (default), or the command line's.
   */
  readonly commands?: 'mcp' | 'cli' | undefined;
  /**
   * CONTEXT §1: `auto` (default) gives a kit task's large documents as their opening and the
   * sections that name or match what the bundle holds; `all` gives every document whole.
   */
  readonly sections?: 'auto' | 'all' | undefined;
}
