/**
 * The vocabulary of typed relations (TRACE §1) and of work states (TRACE §2): fixed names,
 * in the table's order, with what each relation does. The frontmatter keys that hold them are
 * the configuration's (`relations:` in docugraph.yml).
 */

/** Every relation, in the table's order (the order of groups, counts and sorted lists). */
export const RELATIONS = ['depends_on', 'implements', 'verifies', 'refines', 'related', 'supersedes'] as const;
export type Relation = (typeof RELATIONS)[number];
/** A relation other than `depends_on` (whose keys are `fields.dependsOn`). */
export type TypedRelation = Exclude<Relation, 'depends_on'>;
export const TYPED_RELATIONS: readonly TypedRelation[] = ['implements', 'verifies', 'refines', 'related', 'supersedes'];

/** The relations a bundle and an impact analysis walk, with the reason a bundle gives for the node they reach. */
export const CONTEXT_PHRASES = {
  depends_on: 'required by',
  implements: 'implemented by',
  verifies: 'verified by',
  refines: 'refined by',
} as const satisfies Partial<Record<Relation, string>>;
export type ContextRelation = keyof typeof CONTEXT_PHRASES;

const RANK: ReadonlyMap<string, number> = new Map(RELATIONS.map((relation, index) => [relation, index]));

/** The place of a relation in the table (0 for `depends_on`). */
export function relationRank(relation: Relation): number {
  return RANK.get(relation)!;
}

/** Whether bundles and impact walk this relation. */
export function isContextRelation(relation: Relation): relation is ContextRelation {
  return relation in CONTEXT_PHRASES;
}

/** The relations a trace tag in a source file may name (TRACE §5), with the phrase a bundle gives a location. */
export const TRACE_PHRASES = {
  implements: 'implemented in',
  verifies: 'verified in',
  refines: 'refined in',
  related: 'related in',
} as const satisfies Partial<Record<Relation, string>>;
export type TraceRelation = keyof typeof TRACE_PHRASES;
export const TRACE_RELATIONS: readonly TraceRelation[] = ['implements', 'verifies', 'refines', 'related'];

/** The five work states (TRACE §2). */
export const WORK_STATES = ['ready', 'blocked', 'done', 'dropped', 'untracked'] as const;
export type WorkState = (typeof WORK_STATES)[number];

/**
 * A status in its normal form: trimmed, lower case, every run of white space, `_` and `-`
 * made one `-` (`"In Progress"` → `in-progress`).
 */
export function normalStatus(status: string): string {
  return status.trim().toLowerCase().replace(/[\s_-]+/g, '-');
}
