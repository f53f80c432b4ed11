/**
 * The workspace configuration (`docugraph.yml`, META-01 §8): what a repository may adapt to
 * its own conventions. Every key is optional; `DEFAULT_CONFIG` is META-01 as written.
 */
import type { Relation } from './relations.js';

/** The spec kits DocuGraph reads (KITS §1), in the order `init` proposes them. */
export const KIT_NAMES = ['kiro', 'speckit', 'openspec'] as const;
export type KitName = (typeof KIT_NAMES)[number];

/** The frontmatter keys that hold each field. */
export interface FieldKeys {
  /** Default `id`. */
  readonly id: string;
  /** Default `title`. */
  readonly title: string;
  /** Default `type`. */
  readonly type: string;
  /** Default `status`. */
  readonly status: string;
  /** Keys whose entries are the dependencies, merged in this order. Default `[depends_on]`. */
  readonly dependsOn: readonly string[];
  /** A string value of a dependency key is split on this and each part trimmed (`requires: 20, 165`). Default `null`: not split. */
  readonly separator: string | null;
}

/** How links are resolved (META-01 §5). */
export interface LinkOptions {
  /** Whether Markdown links are checked at all. Default `true`. */
  readonly check: boolean;
  /** `github` (default): links name files, as GitHub resolves them; `site`: links name the published pages of a static-site generator. */
  readonly style: 'github' | 'site';
  /** With `site`: the folder (relative to the link root, `/`-separated, no `..`) a leading `/` names. Default `.`. */
  readonly siteRoot: string;
  /** Gitignore-style globs matched against a link's path as written (before `?` and `#`): a link that matches is not checked. Default none. */
  readonly ignore: readonly string[];
  /** What a leading `/` means: the repository root (default) or the workspace root. */
  readonly root: 'repository' | 'workspace';
  /** Full-URL prefixes of this repository (`https://github.com/o/r`); `auto`: the `origin` remote. */
  readonly repositoryUrls: 'auto' | readonly string[];
  /** Branches whose `blob`/`tree` URLs are checked as paths. Default `[main, master]`. */
  readonly branches: readonly string[];
}

/** The frontmatter keys of each typed relation other than `depends_on` (TRACE §1); each default is the relation's name. */
export interface RelationKeys {
  readonly implements: readonly string[];
  readonly verifies: readonly string[];
  readonly refines: readonly string[];
  readonly related: readonly string[];
  readonly supersedes: readonly string[];
}

/** The status words that settle work (TRACE §2), in normal form (`in-progress`). */
export interface StatusWords {
  /** Default `done, closed, completed, …, living`. */
  readonly done: readonly string[];
  /** Default `dropped, cancelled, …, abandoned`. */
  readonly dropped: readonly string[];
  /** The words written for open work (KITS §6 `status.write`); `done` writes the first word of `done`. Default `in-progress`, `todo`. */
  readonly write?: StatusWrite;
}

/** The status words `docugraph start` and `reopen` (and `set_task_state`) write into a document's frontmatter. */
export interface StatusWrite {
  readonly in_progress: string;
  readonly todo: string;
}

export const DEFAULT_STATUS_WRITE: StatusWrite = Object.freeze({ in_progress: 'in-progress', todo: 'todo' });

/** Where trace tags are read (TRACE §5). */
export interface TraceOptions {
  /** Gitignore-style globs of source files, relative to the link root. Default none: tracing off. */
  readonly sources: readonly string[];
}

/** What one document type needs (TRACE §5 `coverage:`): the relations each of its documents needs an incoming edge of. */
export interface CoverageRule {
  /** The type, in normal form (`requirement`). */
  readonly type: string;
  /** The relations, each once, in the table's order. */
  readonly relations: readonly Relation[];
  /** A kit's default rule (KITS §7): judged feature by feature, only where the feature's tasks cite the type's kind by id. Absent for a configured rule. */
  readonly byFeature?: true;
}

/** When a bundle gives a large document as its sections (CONTEXT §1). */
export const CONTEXT_SECTIONS = ['auto', 'always', 'never'] as const;

/** How a bundle cuts its large documents (CONTEXT §1 `context:`). */
export interface ContextOptions {
  /**
   * `auto` (default): in a kit item's bundle, and for any document that the budget would
   * otherwise leave out; `always`: in every bundle; `never`: documents whole, as before.
   */
  readonly sections: (typeof CONTEXT_SECTIONS)[number];
  /** A document of more tokens than this is given as sections. Default 1,500. */
  readonly wholeUnder: number;
  /** A section matches when its score is at least this share of the best one's. Default 0.5. */
  readonly matchFloor: number;
  /** Matching sections join while the document's part stays under this share of the budget. Default 0.25. */
  readonly documentShare: number;
}

export const DEFAULT_CONTEXT: ContextOptions = Object.freeze({ sections: 'auto', wholeUnder: 1500, matchFloor: 0.5, documentShare: 0.25 });

export interface WorkspaceConfig {
  /** Gitignore-style globs of the files to consider, relative to the workspace root. Default `["**\/*.md"]`. */
  readonly include: readonly string[];
  /** More globs to skip (on top of `.docugraphignore` and `.gitignore`). Default none. */
  readonly exclude: readonly string[];
  /** Honour the `.gitignore` files inside the workspace. Default `true`. */
  readonly gitignore: boolean;
  /** Every file with frontmatter must have an id. Default `false`. */
  readonly requireId: boolean;
  readonly fields: FieldKeys;
  readonly links: LinkOptions;
  readonly relations: RelationKeys;
  readonly status: StatusWords;
  readonly trace: TraceOptions;
  /** The coverage rules, sorted by type. Default none, or the kits' own (KITS §5) when `kits` is set and `coverage` is not. */
  readonly coverage: readonly CoverageRule[];
  /** The spec kits whose folders are read as items (KITS §1), each once, in `KIT_NAMES` order. Default none. */
  readonly kits: readonly KitName[];
  /** More folders whose kit folders are read (a monorepo's packages), their items' ids prefixed with the root's name (`api:auth/T2.1`); sorted by path. Default none. */
  readonly kitRoots: readonly KitRoot[];
  /** Other repositories read into the graph (issue 57), their ids prefixed with the source's name (`platform:REQ-12`); sorted by name. Default none. */
  readonly sources: readonly SourceSpec[];
  /** Whether the MCP server offers the tools that write (`set_task_state`, `record_review`; KITS §6) without `--allow-writes`. Default `false`. */
  readonly writes: boolean;
  /**
   * Where the on-disk index lives (issue 38): `null` (default) the user's cache folder, `false`
   * none, or a dot-folder directly in the workspace (`.docugraph`).
   */
  readonly cache: string | false | null;
  /** How a bundle cuts its large documents (CONTEXT §1). */
  readonly context: ContextOptions;
}

/** What the node stage needs of the configuration. */
export type NodeConfig = Pick<WorkspaceConfig, 'fields' | 'requireId'> & {
  /** The typed relations' keys; default `DEFAULT_CONFIG.relations` (each relation's own name). */
  readonly relations?: RelationKeys;
  /** The spec kits to read (KITS §1); default none. */
  readonly kits?: readonly KitName[];
  /** The folders below the root whose kit folders are read too; default none. */
  readonly kitRoots?: readonly KitRoot[];
  /** Other repositories read into the graph (issue 57): a kit task may name their ids in full; default none. */
  readonly sources?: readonly SourceSpec[];
  /** The status words (a checked kit task's status is the first done word); default `DEFAULT_CONFIG.status`. */
  readonly status?: StatusWords;
};

/** A folder below the workspace root whose kit folders are read as the root's are (a monorepo's package), and the name its items' ids start with (`api:`). */
export interface KitRoot {
  /** Letters, digits, `.`, `_`, `-`, starting with a letter or digit; the folder's name unless given. */
  readonly name: string;
  /** Relative to the workspace root, `/`-separated, without `.`, `..` or a trailing `/` (`packages/api`). */
  readonly path: string;
}

/** Another repository read into the workspace's graph (issue 57): never written, its ids prefixed with its name. */
export interface SourceSpec {
  /** Letters, digits, `.`, `_`, `-`, starting with a letter or digit: its ids start with it and a colon. */
  readonly name: string;
  /** The folder of its checkout, as written, relative to the workspace root (`../platform-specs`). */
  readonly path: string;
  /** Read at this git revision (a branch, tag or commit, never starting with `-`); `null`: its working tree. */
  readonly rev: string | null;
  /** Where it is cloned from, named when the checkout is missing; `null`: not given. */
  readonly url: string | null;
  /** 1-based line of its name in `docugraph.yml`, where its findings are. */
  readonly line: number;
}

export const CONFIG_FILE = 'docugraph.yml';
/** The reviews of a workspace (TRACE §3), at its root; reviews are on when it exists. */
export const LOCK_FILE = 'docugraph.lock.json';

export const DEFAULT_CONFIG: WorkspaceConfig = Object.freeze({
  include: Object.freeze(['**/*.md']),
  exclude: Object.freeze([]),
  gitignore: true,
  requireId: false,
  fields: Object.freeze({ id: 'id', title: 'title', type: 'type', status: 'status', dependsOn: Object.freeze(['depends_on']), separator: null }),
  links: Object.freeze({
    check: true,
    style: 'github',
    siteRoot: '.',
    ignore: Object.freeze([]),
    root: 'repository',
    repositoryUrls: 'auto',
    branches: Object.freeze(['main', 'master']),
  }),
  relations: Object.freeze({
    implements: Object.freeze(['implements']),
    verifies: Object.freeze(['verifies']),
    refines: Object.freeze(['refines']),
    related: Object.freeze(['related']),
    supersedes: Object.freeze(['supersedes']),
  }),
  status: Object.freeze({
    done: Object.freeze(['done', 'closed', 'completed', 'complete', 'resolved', 'accepted', 'approved', 'final', 'implemented', 'merged', 'living']),
    dropped: Object.freeze(['dropped', 'cancelled', 'canceled', 'rejected', 'withdrawn', 'wontfix', 'won-t-fix', 'obsolete', 'deferred', 'stagnant', 'superseded', 'replaced', 'abandoned']),
  }),
  trace: Object.freeze({ sources: Object.freeze([]) }),
  coverage: Object.freeze([]),
  kits: Object.freeze([]),
  kitRoots: Object.freeze([]),
  sources: Object.freeze([]),
  writes: false,
  cache: null,
  context: DEFAULT_CONTEXT,
}) as WorkspaceConfig;
