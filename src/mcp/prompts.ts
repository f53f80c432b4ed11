/**
 * Prompts (CATALOG): implement a task with its context and criteria; audit the workspace.
 */
import { completable, ProtocolError, ProtocolErrorCode, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { type AcceptanceCriteria, buildBundle, buildReport, completeIds, DEFAULT_MAX_TOKENS, DocugraphError, getAcceptanceCriteria, inlinePath, type Workspace } from '../core/index.js';
import { MAX_TEXT_ARGUMENT } from './schemas.js';
import { unknownArguments } from './tool-input.js';
import { reportPage } from './tools/validate-traceability.js';
import type { ServerState } from './server-state.js';
import { taskStateText } from './task-state-text.js';

export function registerPrompts(server: McpServer, state: ServerState): void {
  server.registerPrompt(
    'prompt_implement_task',
    {
      title: 'Implement a task',
      description: `Asks the model to implement a task, with its work state (what blocks it), its context bundle (within ${DEFAULT_MAX_TOKENS} tokens) and its acceptance criteria embedded.`,
      // Loose, so that the handler sees an argument the prompt does not take and names it.
      argsSchema: z.looseObject({
        taskId: completable(z.string().max(MAX_TEXT_ARGUMENT).describe('Id of the task to implement, e.g. "BE-02".'), async (value) => completeIds(await state.workspace(), value)),
      }),
    },
    async (args) => {
      onlyArguments(args, ['taskId']);
      return userMessage(implementTaskText(await state.workspace(), args.taskId));
    },
  );

  server.registerPrompt(
    'prompt_audit_traceability',
    {
      title: 'Audit traceability',
      description: "Asks the model for a fix plan, error by error, from the workspace's validation report.",
      argsSchema: z.looseObject({}),
    },
    async (args) => {
      onlyArguments(args, []);
      return userMessage(auditText(await state.workspace()));
    },
  );
}

/** A prompt argument the prompt does not take is `INVALID_ARGUMENT`, as for tools. */
function onlyArguments(args: Readonly<Record<string, unknown>>, known: readonly string[]): void {
  const unknown = Object.keys(args).filter((key) => !known.includes(key));
  if (unknown.length > 0) orProtocolError(() => {
    throw unknownArguments(unknown, known);
  });
}

function userMessage(text: string): GetPromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** Core failures become JSON-RPC errors: prompts have no `isError` result. */
function orProtocolError<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof DocugraphError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${error.code}: ${error.message}`, error.toJSON());
    throw error;
  }
}

export function implementTaskText(workspace: Workspace, written: string): string {
  const { bundle, criteria } = orProtocolError(() => ({
    bundle: buildBundle(workspace, { taskId: written, maxTokens: DEFAULT_MAX_TOKENS }),
    criteria: getAcceptanceCriteria(workspace, written),
  }));
  // The id found (`1559` for `EIP-1559`).
  const taskId = criteria.taskId;
  return [
    `Implement task \`${taskId}\` — ${criteria.title} (${inlinePath(criteria.path)}).`,
    '',
    taskStateText(workspace, taskId),
    '',
    'Below are the acceptance criteria of the task and its context bundle: the task document and every document it ' +
      'depends on (through `depends_on`, and what it implements, verifies or refines), each included whole, dependencies ' +
      'first and the task last. The inclusion report at the top of the bundle says why each document is there.',
    '',
    'How to work:',
    '1. Read the task document (the last one in the bundle), then the documents it depends on. Treat the decisions, ' +
      'specs and requirements in the bundle as binding; if you must depart from one, say which and why.',
    '2. Plan the change against the acceptance criteria: each one must be met, and covered by a test where it can be.',
    '3. If the bundle says `truncated: true`, more distant dependencies were left out; ask for them ' +
      '(get_task_context with a larger maxDepth) if you need them. Documents under "Omitted to fit the budget" exist ' +
      'but were too large to embed; fetch the ones you need as that section says. Documents under "Unresolved ' +
      'references" do not exist: do not guess what they say.',
    ...suspectStep(bundle),
    `${hasSuspect(bundle) ? 5 : 4}. When you are done, go through the acceptance criteria one by one and say how each is met, or why it is not.`,
    '',
    '## Acceptance criteria',
    '',
    ...criteriaLines(criteria),
    '',
    '## Context bundle',
    '',
    bundle,
  ].join('\n');
}

/** How the bundle marks a document that changed since the documents linking to it were reviewed (TRACE §3). */
const SUSPECT_MARK = ' — suspect: changed since ';

/** Whether the bundle's inclusion report (generated lines only, before any document text) marks a document suspect. */
function hasSuspect(bundle: string): boolean {
  const start = bundle.indexOf('\n## Inclusion report\n');
  const end = bundle.indexOf('\n\n## ', start + 1);
  return start !== -1 && bundle.slice(start, end === -1 ? undefined : end).includes(SUSPECT_MARK);
}

/** With suspect documents in the bundle: a step asking to check them against the task before coding. */
function suspectStep(bundle: string): string[] {
  if (!hasSuspect(bundle)) return [];
  return [
    '4. Documents marked `suspect` in the inclusion report changed since the documents that depend on them were last ' +
      'reviewed against them. Before you write code, check each one against the task and the documents in between: ' +
      'if they now disagree, say where, and ask before you follow either.',
  ];
}

function criteriaLines(criteria: AcceptanceCriteria): string[] {
  if (criteria.source === 'none' || criteria.criteria.length === 0) {
    return ['The task has no acceptance criteria. Derive checks from the task description and list the ones you used.'];
  }
  const from = criteria.source === 'heading' ? 'its acceptance criteria section' : 'its frontmatter `acceptance_criteria`';
  return [
    `From ${from} (${inlinePath(criteria.path)}):`,
    '',
    ...criteria.criteria.map((c) => `- ${c.done === null ? '' : c.done ? '[x] ' : '[ ] '}${c.text} (line ${c.line})`),
  ];
}

export function auditText(workspace: Workspace): string {
  const report = buildReport(workspace);
  // The report's first page: a long report says how to get the rest, with counts for all of it.
  const [json, hint] = reportPage(workspace, report, {}, true).texts;
  return [
    'Audit the traceability of this documentation workspace and propose a fix plan.',
    '',
    'The validation report below lists every error (which makes the workspace invalid) and warning, each with its ' +
      'code, the file and line, and a message saying what is wrong.',
    '',
    'For each error, in the order listed: say what is wrong and where, give the exact change that fixes it (the ' +
      'frontmatter line, `depends_on` entry or Markdown link to write), and why that is the right fix. Group errors ' +
      'that share one cause, such as a renamed or deleted document. Then go through the warnings briefly, one ' +
      'suggested fix each. Present the plan before changing any file.',
    report.valid ? '\nThe report has no errors: say so, and plan only for the warnings, if any.' : '',
    ...(hint === undefined ? [] : ['', `The report is long: below is its first page, and \`counts\` covers every finding. ${hint}`]),
    '',
    '```json',
    json!.trimEnd(),
    '```',
    '',
  ].join('\n');
}
