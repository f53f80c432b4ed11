/**
 * `docugraph diff <base> [--head <rev>]` (TRACE §4): what a change to the documents affects —
 * the workspace at `<base>` compared with the working tree (or with `<rev>`). The base is read
 * with today's `docugraph.yml` (the working tree's, or `<rev>`'s) when its own is absent or says
 * something else, and one line on stderr says so (issue 53: right after `init`, a base without
 * it read every document as a page); `--old-config` reads each side with its own. Exit 1 when
 * the change introduces an error (or, with `--fail-on-impact`, when something is to be
 * re-read); 2 for usage and git errors.
 */
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { CONFIG_FILE, diffWorkspaces, formatJson, loadRevision, readConfig, severityOf, sourcesOf, type ConfigResult, type DiffSide, type LoadedRevision, type Workspace, type WorkspaceDiff } from '../../core/index.js';
import { VERSION } from '../../common/version.js';
import type { CliContext } from '../context.js';
import { renderDiffGithub, renderDiffSarif } from '../render/diff-ci.js';
import { renderDiffMarkdown, renderDiffText } from '../render/diff-text.js';
import { safeInline } from '../render/safe-text.js';
import { defaultFormat } from './queries.js';
import { repoPaths } from './validate.js';

export const DIFF_FORMATS = ['text', 'json', 'markdown', 'github', 'sarif'] as const;

interface DiffOptions {
  readonly head?: string;
  readonly format?: (typeof DIFF_FORMATS)[number];
  readonly failOnImpact?: boolean;
  readonly oldConfig?: boolean;
}

export function registerDiff(program: Command, ctx: CliContext): void {
  program
    .command('diff')
    .description('Compare the documents at a git revision with the working tree: what changed, what to re-read (impact), findings introduced and fixed.')
    .argument('<base>', 'the revision to compare with: a branch, tag or commit such as main, origin/main, HEAD~1')
    .option('--head <rev>', 'compare with this revision instead of the working tree')
    .addOption(new Option('--format <format>', 'text (the default on a terminal), json (the default otherwise), markdown (a pull-request comment), github (annotations and job summary), sarif').choices(DIFF_FORMATS))
    .option('--fail-on-impact', 'exit 1 when some document is to be re-read')
    .option('--old-config', `read <base> with its own ${CONFIG_FILE}, even when it has none or another (by default it is read with today's, so that only the documents' changes show)`)
    .action(async (base: string, options: DiffOptions, command: Command) => {
      const globals = command.optsWithGlobals<{ workspace?: string }>();
      const git = { env: ctx.io.env };
      let head: { side: DiffSide; workspace: Workspace; config: ConfigResult };
      let root: string;
      if (options.head === undefined) {
        const workspace = await ctx.load(globals, undefined, { blobIds: true });
        root = workspace.root;
        head = { side: { revision: null, commit: null }, workspace, config: readConfig(root) };
      } else {
        const read = await ctx.sources(globals);
        root = read.root;
        const loaded = await loadRevision(root, options.head, { ...git, sources: read.loaded });
        head = { side: { revision: loaded.revision, commit: loaded.commit }, workspace: loaded.workspace, config: loaded.config };
      }
      // Against the work tree, a file the revision holds unchanged takes the work tree's analysis (the same bytes, read once).
      const reuse = options.head === undefined ? { reuse: head.workspace } : {};
      // Both sides hold the same sources, as read today (issue 57): only this workspace's changes show.
      const sources = { sources: sourcesOf(head.workspace) };
      const before = await loadRevision(root, base, options.oldConfig === true ? { ...git, ...sources } : { ...git, config: head.config, ...reuse, ...sources });
      if (before.replacedConfig !== null) ctx.io.stderr.write(`docugraph: ${configNote(before, options.head)}\n`);
      const diff = diffWorkspaces(before.workspace, head.workspace, { base: { revision: before.revision, commit: before.commit }, head: head.side });
      printDiff(ctx, diff, root, options.format ?? defaultFormat(ctx));
      const introducedError = diff.diagnostics.introduced.items.some((d) => severityOf(d.code) === 'error');
      if (introducedError || (options.failOnImpact === true && diff.impact.count > 0)) ctx.fail(1);
    });
}

/** The line that says `before` was read with the head's configuration, and why. */
function configNote(before: LoadedRevision, head: string | undefined): string {
  const base = safeInline(before.revision);
  const today = head === undefined ? "today's (the working tree's)" : `${safeInline(head)}'s`;
  const why = before.replacedConfig === 'absent' ? `${base} has no ${CONFIG_FILE}` : `${base}'s ${CONFIG_FILE} differs from ${today}`;
  return `${why}: both sides are read with ${today}, so only the documents' changes show (--old-config reads ${base} with its own).`;
}

function printDiff(ctx: CliContext, diff: WorkspaceDiff, root: string, format: (typeof DIFF_FORMATS)[number]): void {
  const toRepoPath = repoPaths(root, ctx.io.env['GITHUB_WORKSPACE'] || ctx.io.cwd);
  if (format === 'json') return ctx.print(formatJson(diff), 'json');
  if (format === 'sarif') return ctx.print(formatJson(renderDiffSarif(diff, VERSION, toRepoPath)), 'json');
  if (format === 'text') return void ctx.io.stdout.write(renderDiffText(diff));
  if (format === 'markdown') return void ctx.io.stdout.write(renderDiffMarkdown(diff));
  ctx.io.stdout.write(renderDiffGithub(diff, toRepoPath));
  const summary = ctx.io.env['GITHUB_STEP_SUMMARY'];
  if (summary) appendSummary(ctx, summary, renderDiffMarkdown(diff));
}

/** Appends the job summary to the file the runner names (never through a symbolic link). */
function appendSummary(ctx: CliContext, path: string, text: string): void {
  try {
    const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o644);
    try {
      writeSync(fd, `${text}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    ctx.io.stderr.write(`docugraph: cannot write the job summary to ${safeInline(path)} (${(error as NodeJS.ErrnoException).code ?? 'an error'}); the annotations above stand.\n`);
  }
}
