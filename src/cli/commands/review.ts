/**
 * `docugraph review <id>… | --all [--dry-run]` (TRACE §3): records in `docugraph.lock.json`
 * that the outgoing links of those documents (or of every document) were reviewed against the
 * current text of what they point at, and drops the reviews of links that no longer exist.
 * With `init`, `done`, `start` and `reopen`, one of the commands that write.
 */
import type { Command } from 'commander';
import { InvalidArgumentError, LOCK_FILE, planReview, readLockFile, recordReview, StaleStateError, WriteRefusedError, type ReviewPlan } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { safeInline } from '../render/safe-text.js';

export function registerReview(program: Command, ctx: CliContext): void {
  program
    .command('review')
    .description(`Record in ${LOCK_FILE} that the links of these documents were checked against what they point at (clears LINK_SUSPECT).`)
    .argument('[ids...]', 'the documents whose outgoing links were reviewed, e.g. BE-02')
    .option('--all', 'review the links of every document')
    .option('--dry-run', 'print what would change; write nothing')
    .action(async (ids: string[], options: { all?: boolean; dryRun?: boolean }, command: Command) => {
      if ((options.all === true) === ids.length > 0) throw new InvalidArgumentError('Pass the ids of the documents you reviewed (e.g. `docugraph review BE-02`), or --all, not both.');
      const workspace = await ctx.load(command.optsWithGlobals());
      const lock = readLockFile(workspace.root);
      const plan = planReview(workspace, lock.state, options.all === true ? 'all' : ids);
      const lines = changeLines(plan);
      const upToDate = lock.text !== null && lock.text === plan.text;
      if (options.dryRun === true) {
        ctx.io.stdout.write(`${lines.join('')}Dry run: ${LOCK_FILE} not written; ${upToDate ? 'it is up to date' : 'it would get'} ${tally(plan)}.\n`);
        return;
      }
      if (upToDate) {
        ctx.io.stdout.write(`${LOCK_FILE} is up to date: ${tally(plan)}.\n`);
        return;
      }
      let recorded;
      try {
        // Planned again from the file as it is when the write takes its turn.
        recorded = recordReview(workspace, options.all === true ? 'all' : ids);
      } catch (error) {
        if (!(error instanceof WriteRefusedError || error instanceof StaleStateError)) throw error;
        ctx.io.stderr.write(`docugraph: ${safeInline(error.message)}.\n`);
        return ctx.fail(2);
      }
      ctx.io.stdout.write(`${changeLines(recorded.plan).join('')}Wrote ${LOCK_FILE}: ${tally(recorded.plan)}.\n`);
    });
}

function changeLines(plan: ReviewPlan): string[] {
  return plan.changes.map((c) => {
    const key = safeInline(c.key);
    if (c.fingerprint === null) return `dropped  ${key} (its link no longer exists)\n`;
    return `reviewed ${key} (${c.fingerprint}, ${c.before === null ? 'new' : `was ${c.before}`})\n`;
  });
}

function tally(plan: ReviewPlan): string {
  const written = plan.changes.filter((c) => c.fingerprint !== null).length;
  const dropped = plan.changes.length - written;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${count(written, 'review')} written, ${dropped} dropped, ${plan.current} already current; ${count(plan.total, 'review')} in all`;
}
