/**
 * The tools that write (KITS §6), registered only when the server allows writes:
 * `set_task_state` — a task done, started or to do again, one box or one `status` value
 * changed, refused when `expect` no longer matches the file (STALE_STATE) — and
 * `record_review`, what `docugraph review` does.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { TASK_STATES, type TaskState } from '../../core/index.js';
import { WRITES } from '../annotations.js';
import { registerTool } from '../register-tool.js';
import { idSchema, MAX_TEXT_ARGUMENT } from '../schemas.js';
import type { ServerState, Writer } from '../server-state.js';
import { doneWhileBlocked } from '../task-state-text.js';
import { jsonResult } from '../tool-result.js';

export const setTaskStateInput = z.object({
  id: idSchema('id').describe('Task id, e.g. "BE-02" or "auth/T2.1".'),
  // `in-progress` too: the word every answer uses for a started task (issue 53).
  state: z
    .enum([...TASK_STATES, 'in-progress'], { error: `state must be one of ${[...TASK_STATES, 'in-progress'].map((s) => `"${s}"`).join(', ')}` })
    .transform((s): TaskState => (s === 'in-progress' ? 'in_progress' : s))
    .describe('The new state.'),
  expect: z
    .string({ error: 'expect must be a string: the version list_tasks gave' })
    .regex(/^[0-9a-f]{16}$/, { error: 'expect must be a version as list_tasks gives it: 16 hex digits' })
    .optional()
    .describe("The task's version from list_tasks: refused if its file changed since."),
});

const setTaskStateOutput = z.object({
  id: z.string(),
  state: z.string(),
  status: z.string().nullable(),
  path: z.string(),
  line: z.number().int().nullable(),
  changed: z.boolean(),
  version: z.string(),
  unblocked: z.array(z.string()),
  unblockedCount: z.number().int(),
  /** Present when a blocked task was marked done: what blocked it. */
  warning: z.string().optional(),
});

export const recordReviewInput = z.object({
  ids: z
    .array(idSchema('ids[]'), { error: 'ids must be a list of document ids' })
    .min(1, { error: 'ids must name at least one document' })
    .max(MAX_TEXT_ARGUMENT, { error: `ids may name at most ${MAX_TEXT_ARGUMENT} documents` })
    .describe('Documents whose outgoing links were reviewed.'),
});

const recordReviewOutput = z.object({
  written: z.boolean(),
  reviewed: z.number().int(),
  dropped: z.number().int(),
  current: z.number().int(),
  total: z.number().int(),
});

export function registerWriteTools(server: McpServer, state: ServerState, writer: Writer): void {
  registerTool(
    server,
    state,
    {
      name: 'set_task_state',
      title: 'Set a task state',
      description:
        "Returns a task's new state after writing it: done, in_progress or todo. Changes only the task's box ([x], [-], [ ]) " +
        "or its frontmatter status; with expect (list_tasks' version), STALE_STATE if the file changed since. Answers the " +
        'ids that became ready (and a warning when a blocked task is marked done).',
      input: setTaskStateInput,
      output: setTaskStateOutput,
      annotations: WRITES,
    },
    async ({ id, state: wanted, expect }) => {
      const { write, change } = await writer.setTaskState(id, wanted, expect);
      const warning = change.wasBlockedBy === undefined ? {} : { warning: doneWhileBlocked(write.id, change.wasBlockedBy) };
      return jsonResult({ id: write.id, state: change.state, status: change.status, path: write.path, line: write.line, changed: write.changed, version: write.version, unblocked: change.unblocked, unblockedCount: change.unblockedCount, ...warning });
    },
  );
  registerTool(
    server,
    state,
    {
      name: 'record_review',
      title: 'Record a review',
      description:
        'Returns how docugraph.lock.json stands after recording that the outgoing links of these documents were reviewed ' +
        'against what they point at now (clears LINK_SUSPECT), as docugraph review does.',
      input: recordReviewInput,
      output: recordReviewOutput,
      annotations: WRITES,
    },
    async ({ ids }) => {
      const { plan, written } = await writer.recordReview(ids);
      const reviewed = plan.changes.filter((c) => c.fingerprint !== null).length;
      return jsonResult({ written, reviewed, dropped: plan.changes.length - reviewed, current: plan.current, total: plan.total });
    },
  );
}
