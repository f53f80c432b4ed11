/**
 * `docugraph done <id>…`, `docugraph start <id>…`, `docugraph reopen <id>…` (KITS §6): set
 * tasks' state on disk — a kit task's box, a document's `status` — changing only that, then
 * say what each was and is, and what became ready. `--expect` refuses a file that changed
 * since the version given (`docugraph tasks --format json` shows each one's `version`).
 */
import { Option, type Command } from 'commander';
import { type Blocker, DocugraphError, formatJson, InvalidArgumentError, loadWorkspace, stateChange, writeTaskState, type StateChange, type TaskState, type TaskStateWrite, type Workspace } from '../../core/index.js';
import { exitCodeOf, type CliContext } from '../context.js';
import { safeInline } from '../render/safe-text.js';

const COMMANDS: readonly { name: string; state: TaskState; says: string }[] = [
  { name: 'done', state: 'done', says: 'Mark tasks done: check a kit task\'s box ([x]), or set a document\'s status to the first done word.' },
  { name: 'start', state: 'in_progress', says: 'Mark tasks started: a kit task\'s box [-], or a document\'s status in-progress (status.write.in_progress).' },
  { name: 'reopen', state: 'todo', says: 'Mark tasks to do again: a kit task\'s box [ ], or a document\'s status todo (status.write.todo).' },
];

export function registerTaskState(program: Command, ctx: CliContext): void {
  for (const { name, state, says } of COMMANDS) {
    program
      .command(name)
      .description(says)
      .argument('<ids...>', 'the tasks, e.g. BE-02 or auth/T2.1')
      .option('--expect <version>', 'refuse (STALE_STATE, nothing written) unless the file is still at this version (one id only)')
      .addOption(new Option('--format <format>', 'text (one line a task; the default) or json').choices(['text', 'json']).default('text'))
      .addHelpText('after', `\nExample:\n  docugraph ${name} auth/T2.1 BE-02`)
      .action(async (ids: string[], options: { expect?: string; format: 'text' | 'json' }, command: Command) => {
        if (options.expect !== undefined && ids.length !== 1) throw new InvalidArgumentError('--expect takes the version of one file: pass one id with it.');
        const before = await ctx.load(command.optsWithGlobals());
        const written: TaskStateWrite[] = [];
        let workspace: Workspace = before;
        for (const id of ids) {
          try {
            written.push(writeTaskState(workspace, id, state, { expect: options.expect }));
          } catch (error) {
            // With --format json, a refusal (STALE_STATE, WRITE_REFUSED, …) is JSON on stdout too, after what was written before it.
            if (options.format !== 'json' || !(error instanceof DocugraphError)) throw error;
            ctx.print(formatJson({ tasks: written, error: { id, ...error.toJSON() } }), 'json');
            ctx.io.stderr.write(`docugraph: ${safeInline(error.message)}\n`);
            return ctx.fail(exitCodeOf(error.code));
          }
          // The next id is looked up in the workspace as this write left it.
          workspace = loadWorkspace(workspace.root);
        }
        // Each id as found (`1559` for `EIP-1559`).
        const changes: StateChange[] = written.map((w) => stateChange(before, workspace, w.id));
        if (options.format === 'json') {
          ctx.print(formatJson({ tasks: written.map((w, i) => ({ ...w, state: changes[i]!.state, unblocked: changes[i]!.unblocked })) }), 'json');
          for (const change of changes) if (change.wasBlockedBy !== undefined) ctx.io.stderr.write(`docugraph: warning: ${doneWhileBlocked(change.id, change.wasBlockedBy)}\n`);
          return;
        }
        for (const w of written) {
          const where = safeInline(w.line === null ? w.path : `${w.path}:${w.line}`);
          const line = w.changed ? `${safeInline(w.id)}: ${safeInline(w.from ?? '(no status)')} → ${safeInline(w.to)} (${where})` : `${safeInline(w.id)}: already ${safeInline(w.to)} (${where}); nothing written`;
          ctx.io.stdout.write(`${line}\n`);
        }
        const ready = [...new Set(changes.flatMap((c) => c.unblocked))];
        if (ready.length > 0) ctx.io.stdout.write(`Ready now: ${ready.map(safeInline).join(', ')}\n`);
        for (const change of changes) if (change.wasBlockedBy !== undefined) ctx.io.stderr.write(`docugraph: warning: ${doneWhileBlocked(change.id, change.wasBlockedBy)}\n`);
      });
  }
}

/** How many blockers the warning names before "and N more". */
const MAX_NAMED = 10;

/** The warning for a task marked done while it was blocked (issue 53): what blocked it, and how to undo it. */
function doneWhileBlocked(id: string, blockers: readonly Blocker[]): string {
  const named = blockers.slice(0, MAX_NAMED).map((b) => (b.state === 'missing' ? `${safeInline(b.id)} (names no document)` : b.state === 'cycle' ? `a dependency cycle through ${safeInline(b.id)}` : `${safeInline(b.id)} (${b.state})`));
  const more = blockers.length > MAX_NAMED ? ` and ${blockers.length - MAX_NAMED} more` : '';
  return `${safeInline(id)} was blocked by ${named.join(', ')}${more}: it is marked done before what it depends on (docugraph reopen ${safeInline(id)} undoes it).`;
}
