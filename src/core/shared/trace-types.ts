/**
 * The shapes of what trace tags and coverage say of a workspace (TRACE §5, KITS §7), apart
 * from the rest of the domain types (types.ts re-exports them).
 */
import type { Relation, TraceRelation } from './relations.js';

/** One id of a trace tag in a source file (TRACE §5): `// docugraph: implements REQ-01`. */
export interface Trace {
  /** The source file, relative to the link root (the repository root), `/`-separated. */
  readonly path: string;
  /** 1-based line of the tag. */
  readonly line: number;
  readonly relation: TraceRelation;
  /** The id the tag names, as written. */
  readonly id: string;
}

/** How one coverage rule stands (TRACE §5): documents of `type` with an incoming `relation` edge, of those not dropped. */
export interface CoverageRow {
  readonly type: string;
  readonly relation: Relation;
  readonly covered: number;
  readonly total: number;
}

/** A document that a coverage rule finds uncovered (TRACE §5): nothing reaches it by `relation`. */
export interface CoverageGap {
  readonly id: string;
  /** Its type, in normal form. */
  readonly type: string;
  readonly relation: Relation;
  readonly path: string;
  /** A kit item's first line in its file (KITS §5); absent for a document. */
  readonly line?: number;
}

/** How the coverage rules of `docugraph.yml` stand (TRACE §5). */
export interface Coverage {
  /** Each rule's count, sorted by type, then relation (table order). */
  readonly rows: readonly CoverageRow[];
  /** The uncovered documents, sorted by id, then relation (table order). */
  readonly missing: readonly CoverageGap[];
  /**
   * The features a kit's default rule does not hold to coverage (KITS §7): their tasks cite
   * nothing of the rule's kind by id (`no-ids`), or they have no tasks (`no-tasks`); and those
   * whose tasks name stories their spec.md does not number (`no-stories`, `count` 0); and, in a
   * traced feature, the clauses of a bugfix.md's defect heading (`defects`: what the fix removes,
   * not what a task implements). By type, then feature. Absent when there are none.
   */
  readonly untraced?: readonly UntracedFeature[];
}

/** A feature whose items of `type` a kit's default coverage rule does not judge (KITS §7). */
export interface UntracedFeature {
  readonly feature: string;
  readonly type: string;
  /** How many items of the type it has. */
  readonly count: number;
  readonly reason: 'no-ids' | 'no-tasks' | 'no-stories' | 'defects';
}

/** What the trace tags of a workspace's sources say (TRACE §5). */
export interface Traces {
  /** Whether `trace.sources` names any glob: tracing is on. Default `false`. */
  readonly enabled: boolean;
  /** The traces to each node that exists, sorted by relation (table order), then path, then line. */
  readonly byId: ReadonlyMap<string, readonly Trace[]>;
  /** How many source files were read (tags or not). */
  readonly files: number;
  /** The absolute path the traces' paths are relative to (the link root); `''` when tracing is off. Never in an answer. */
  readonly root: string;
}
