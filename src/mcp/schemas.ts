/**
 * zod schemas of the MCP surface: argument schemas with messages that say what to send, and
 * the shapes of `structuredContent`, each checked against the core's TypeScript type.
 */
import * as z from 'zod';
import { type AcceptanceCriteria, type DiagnosticCode, DIRECTIONS, type TaskSummary, type ValidationReport, WORK_STATES } from '../core/index.js';

/**
 * The longest string argument accepted: ids, filters and text. Far above any real id or
 * title, low enough that no request can make the server compare megabytes of text.
 */
export const MAX_TEXT_ARGUMENT = 512;
/** The longest path argument accepted (Linux's PATH_MAX). */
export const MAX_PATH_ARGUMENT = 4096;

/**
 * A required document id: a string, or a number (an agent sends `1559` for the id `1559`),
 * taken as its decimal string (issue 53). Advertised as `type: ["string", "number"]`.
 */
export function idSchema(name: string) {
  const text = z
    .string()
    .min(1, { error: `${name} must not be empty` })
    .max(MAX_TEXT_ARGUMENT, { error: `${name} must be at most ${MAX_TEXT_ARGUMENT} characters: pass an id such as "BE-02" (list_tasks shows every id)` });
  const number = z.number().transform(decimal);
  return z.union([text, number], {
    error: (issue) => (issue.input === undefined ? `${name} is required (a document id such as "BE-02")` : `${name} must be a string (a document id such as "BE-02") or a number`),
  });
}

/** A JSON number as the id it stands for: its digits (`1e21` as 22 digits), or its shortest decimal form (`1.5`). */
function decimal(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** An optional depth: an integer ≥ 0. */
export function depthSchema(name: string) {
  return z
    .number({ error: `${name} must be an integer ≥ 0` })
    .int({ error: `${name} must be an integer ≥ 0` })
    .min(0, { error: `${name} must be an integer ≥ 0` })
    .optional();
}

/** An optional token budget: an integer ≥ 1. */
export function tokenBudgetSchema(name: string) {
  return z
    .number({ error: `${name} must be an integer ≥ 1 (tokens, ≈ bytes/4)` })
    .int({ error: `${name} must be an integer ≥ 1 (tokens, ≈ bytes/4)` })
    .min(1, { error: `${name} must be an integer ≥ 1 (tokens, ≈ bytes/4)` })
    .optional();
}

/** An optional exact-match string filter. */
export function filterSchema(name: string) {
  return z
    .string({ error: `${name} must be a string` })
    .max(MAX_TEXT_ARGUMENT, { error: `${name} must be at most ${MAX_TEXT_ARGUMENT} characters` })
    .optional();
}

/** `limit` and `cursor` of a paginated list (CATALOG § Bounded answers). */
export const pageInput = {
  limit: z
    .number({ error: 'limit must be an integer ≥ 1' })
    .int({ error: 'limit must be an integer ≥ 1' })
    .min(1, { error: 'limit must be an integer ≥ 1' })
    .optional()
    .describe('Max items (default: what fits ≈20k tokens).'),
  cursor: z
    .string({ error: 'cursor must be a string (the nextCursor of an earlier answer)' })
    .min(1, { error: 'cursor must not be empty; omit it for the first page' })
    .max(MAX_TEXT_ARGUMENT, { error: 'cursor is not one this server issued; omit it for the first page' })
    .optional()
    .describe('nextCursor of the previous page.'),
};

/** The keys a page that stops early ends with. */
const moreOutput = { truncated: z.literal(true).optional(), nextCursor: z.string().optional() };

/** One of a fixed set of strings. */
export function choiceSchema<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of ${values.map((v) => `"${v}"`).join(', ')}` });
}

const diagnosticSchema = z.object({
  // A string, not the enum of every code: the list grows with each feature and cost ≈110 tokens of tools/list; the message says what to fix.
  code: z.string() as unknown as z.ZodType<DiagnosticCode>,
  message: z.string(),
  nodeId: z.string().nullable(),
  path: z.string(),
  line: z.number().int().nullable(),
}).meta({ id: 'diagnostic' });

const reportBaseSchema = z.object({
  workspacePath: z.string(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  errors: z.array(diagnosticSchema),
  warnings: z.array(diagnosticSchema),
  valid: z.boolean(),
}) satisfies z.ZodType<Omit<ValidationReport, 'relationCounts' | 'reviews'>>;

/** Distinct edges per relation (TRACE §1), present when some document has a typed relation key (as a record: lean). */
const relationCountsSchema = z.record(z.string(), z.number().int());
// `reviews` (TRACE §3: { reviewed, suspect, unreviewed }, with a lock file) is left unspelled to keep tools/list small.
export const validationReportSchema = reportBaseSchema.extend({ relationCounts: relationCountsSchema.optional() });

/**
 * `validate_traceability`'s answer: the report, a page of it (with `counts` per code of the
 * whole workspace), or its summary (`counts`, no findings).
 */
export const reportAnswerSchema = validationReportSchema.extend({
  errors: z.array(diagnosticSchema).optional(),
  warnings: z.array(diagnosticSchema).optional(),
  counts: z.record(z.string(), z.number().int()).optional(),
  ...moreOutput,
});

export const taskListSchema = z.object({
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.string().nullable(),
      status: z.string().nullable(),
      path: z.string(),
      line: z.number().int().optional(),
      dependsOn: z.array(z.string()),
      state: z.enum(WORK_STATES),
      blockedBy: z.array(z.object({ id: z.string(), state: z.enum(['ready', 'blocked', 'dropped', 'missing', 'cycle']) })),
      unblocks: z.number().int(),
      version: z.string(),
    }) satisfies z.ZodType<TaskSummary>,
  ),
  ...moreOutput,
  hint: z.string().optional(),
});

/** `search`'s answer: the hits, best first; each hit's other keys (title, heading, state, snippet, matched, score) are in the description, to keep tools/list small. */
export const searchAnswerSchema = z.object({
  hits: z.array(z.object({ id: z.string(), kind: z.string(), place: z.string() })),
  ...moreOutput,
});

export const acceptanceCriteriaSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  path: z.string(),
  source: z.enum(['heading', 'frontmatter', 'items', 'scenarios', 'none']),
  criteria: z.array(z.object({ text: z.string(), done: z.boolean().nullable(), line: z.number().int(), id: z.string().optional() })),
}) satisfies z.ZodType<AcceptanceCriteria>;


/** An optional git revision (`since`). */
export const revisionSchema = z
  .string({ error: 'since must be a string: a git revision such as "HEAD" or "main"' })
  .min(1, { error: 'since must not be empty' })
  .max(MAX_TEXT_ARGUMENT, { error: `since must be at most ${MAX_TEXT_ARGUMENT} characters` })
  .optional();

export const directionSchema = choiceSchema('direction', DIRECTIONS);
