/**
 * Every diagnostic code and its severity (META-01 §6), in one place.
 */

export const ERROR_CODES = [
  'FILE_UNREADABLE',
  'FRONTMATTER_INVALID',
  'ID_MISSING',
  'ID_INVALID',
  'ID_DUPLICATE',
  'DEPENDS_ON_INVALID',
  'LINK_BROKEN',
  'LINK_CYCLE',
  'MD_LINK_BROKEN',
  'CONFIG_INVALID',
  'RELATION_INVALID',
] as const;

export const WARNING_CODES = [
  'TITLE_MISSING',
  'DEPENDS_ON_DUPLICATE',
  'MD_ANCHOR_BROKEN',
  'MD_LINK_OUTSIDE_WORKSPACE',
  'MD_NESTING_TOO_DEEP',
  'FIELD_MISSPELLED',
  'DEPENDS_ON_DROPPED',
  'STATUS_INCONSISTENT',
  'LINK_SUSPECT',
  'REVIEW_STALE',
  'TRACE_BROKEN',
  'COVERAGE_MISSING',
  'REFS_CAPPED',
  'FILE_ENCODING',
  'SOURCE_MISSING',
  'SOURCE_MOVED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export type WarningCode = (typeof WARNING_CODES)[number];
export type DiagnosticCode = ErrorCode | WarningCode;
export type Severity = 'error' | 'warning';

const ERROR_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** The severity of a diagnostic code: errors make a workspace invalid, warnings do not. */
export function severityOf(code: DiagnosticCode): Severity {
  return ERROR_SET.has(code) ? 'error' : 'warning';
}

/** One line a person can read, per code: used by the CLI's SARIF rules and the docs. */
export const CODE_DESCRIPTIONS: Readonly<Record<DiagnosticCode, string>> = {
  FILE_UNREADABLE: 'A Markdown file cannot be read or is not valid UTF-8.',
  FRONTMATTER_INVALID: 'The YAML frontmatter is not closed, does not parse, or is not a mapping.',
  ID_MISSING: 'Frontmatter with a dependency key (or any frontmatter, with `requireId: true`) has no `id`.',
  ID_INVALID: 'An `id` is not a string of letters, digits, `.`, `_` and `-` starting with a letter or digit.',
  ID_DUPLICATE: 'Two or more files declare the same `id`.',
  DEPENDS_ON_INVALID: '`depends_on` is not a string or a list of strings.',
  LINK_BROKEN: 'A `depends_on` entry, or an entry of another relation (`implements`, `verifies`, …), names no document.',
  LINK_CYCLE: 'Documents depend on each other in a cycle.',
  MD_LINK_BROKEN: 'A relative Markdown link points at a file that does not exist.',
  TITLE_MISSING: 'A document has no `title`.',
  DEPENDS_ON_DUPLICATE: 'The same id is listed twice in `depends_on` (or twice for another relation).',
  MD_ANCHOR_BROKEN: 'A link fragment matches no heading of the target document.',
  MD_LINK_OUTSIDE_WORKSPACE: 'A Markdown link leaves the repository (or the workspace, when there is none) and is not checked.',
  MD_NESTING_TOO_DEEP: 'Part of a body is nested too deeply (block quotes, lists, brackets) for its links to be checked.',
  FIELD_MISSPELLED: 'A frontmatter key is a near miss (`dependsOn`, `ID`) or a synonym (`dependencies`) of a field, and is ignored.',
  RELATION_INVALID: 'A relation such as `implements` or `verifies` is not a string or a list of strings.',
  DEPENDS_ON_DROPPED: 'Open work depends on a document that is dropped or superseded.',
  STATUS_INCONSISTENT: 'A document that is done depends on a document that is still open (ready or blocked).',
  LINK_SUSPECT: 'A document a link points at changed since the link was reviewed (`docugraph.lock.json`).',
  REVIEW_STALE: 'A review in `docugraph.lock.json` names a link that no longer exists.',
  TRACE_BROKEN: 'A trace tag in a source file (`docugraph: implements REQ-01`) names no document.',
  COVERAGE_MISSING: 'A document of a type that `coverage:` in `docugraph.yml` lists has nothing that implements (verifies, …) it.',
  REFS_CAPPED: 'A spec kit item names more ids than are read (500, ranges expanded, and no more than its lines have characters); the rest are not read.',
  FILE_ENCODING: 'A spec kit file is not valid UTF-8: it is read with each bad byte as U+FFFD.',
  SOURCE_MISSING: 'A repository that `sources:` in `docugraph.yml` names is not at its path (or cannot be read there): its ids are not checked.',
  SOURCE_MOVED: 'A source now resolves to another commit than the one `docugraph.lock.json` pins: what changed there, and what here depends on it.',
  CONFIG_INVALID: '`docugraph.yml` is not valid YAML, has a key the schema does not know, or a value of the wrong type; or `docugraph.lock.json` is not the shape DocuGraph writes.',
};

/** Codes of failures raised by queries (MCP-G0 §4), as opposed to validation findings. */
export const FAILURE_CODES = [
  'TASK_NOT_FOUND',
  'GRAPH_CYCLE',
  'INVALID_ARGUMENT',
  'PATH_NOT_ALLOWED',
  'WORKSPACE_NOT_FOUND',
  'STALE_STATE',
  'WRITE_REFUSED',
  'INTERNAL',
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];
