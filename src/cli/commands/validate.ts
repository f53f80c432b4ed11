/**
 * `docugraph validate [dir]`: exit 0 when valid, 1 when not (or, with --strict, when there are
 * warnings), in the format people or CI need.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { buildReport, formatJson, formatReport, resolveWorkspaceRoot, type Workspace } from '../../core/index.js';
import { openLiveWorkspace } from '../../core/live-workspace.js';
import { VERSION } from '../../mcp/version.js';
import type { CliContext } from '../context.js';
import { renderGithub } from '../render/github.js';
import { renderSarif } from '../render/sarif.js';
import { renderText } from '../render/text.js';

export const VALIDATE_FORMATS = ['text', 'json', 'github', 'sarif'] as const;

export function registerValidate(program: Command, ctx: CliContext): void {
  program
    .command('validate')
    .description('Audit ids, frontmatter, depends_on links, cycles and Markdown links. Exit 0 when valid, 1 when not.')
    .argument('[dir]', 'the workspace to validate (default: --workspace, DOCUGRAPH_WORKSPACE, or the current directory)')
    .addOption(new Option('--format <format>', 'text for people, json (the report), github (workflow annotations), sarif (SARIF 2.1.0)').choices(VALIDATE_FORMATS).default('text'))
    .option('--strict', 'fail (exit 1) on warnings too')
    .option('--watch', 'keep running: print the findings again after every change on disk (until interrupted)')
    .action(async (dir: string | undefined, options: ValidateOptions, command: Command) => {
      if (options.watch === true) return watch(ctx, ctx.workspacePath(command.optsWithGlobals(), dir), options);
      const failed = printReport(ctx, ctx.load(command.optsWithGlobals(), dir), options);
      if (failed) ctx.fail(1);
    });
}

interface ValidateOptions {
  readonly format: (typeof VALIDATE_FORMATS)[number];
  readonly strict?: boolean;
  readonly watch?: boolean;
}

/** Prints the report in the chosen format; returns whether it fails (errors, or warnings with --strict). */
function printReport(ctx: CliContext, workspace: Workspace, options: ValidateOptions): boolean {
  const report = buildReport(workspace);
  const strict = options.strict === true;
  const toRepoPath = repoPaths(workspace.root, ctx.io.env['GITHUB_WORKSPACE'] || ctx.io.cwd);
  // text and github neutralise every value themselves; JSON is made safe on a terminal.
  const out = {
    text: () => ctx.io.stdout.write(renderText(report, { color: ctx.color(ctx.io.stdout), strict })),
    json: () => ctx.print(formatReport(report), 'json'),
    github: () => ctx.io.stdout.write(renderGithub(report, toRepoPath)),
    sarif: () => ctx.print(formatJson(renderSarif(report, VERSION, toRepoPath)), 'json'),
  };
  out[options.format]();
  return !report.valid || (strict && report.warnings.length > 0);
}

/**
 * `validate --watch`: the same live index as the server; the findings are printed at start and
 * again after each change (the text format on a terminal clears the screen first). Runs until
 * `ctx.io.signal` aborts (or the process is stopped); the exit code is that of the last report.
 */
async function watch(ctx: CliContext, path: string, options: ValidateOptions): Promise<void> {
  const live = openLiveWorkspace(resolveWorkspaceRoot(path), {
    persistent: true,
    log: (line) => void ctx.io.stderr.write(`docugraph: ${line}\n`),
  });
  const clear = options.format === 'text' && ctx.io.stdout.isTTY === true;
  let failed = false;
  const show = (workspace: Workspace) => {
    if (clear) ctx.io.stdout.write('\x1b[2J\x1b[H');
    failed = printReport(ctx, workspace, options);
  };
  live.onUpdate((_before, after) => show(after));
  show(await live.snapshot());
  // Where watching is impossible, look at the disk once a second instead.
  const poll = setInterval(() => void (live.mode() === 'poll' ? live.snapshot() : undefined), 1000);
  await new Promise<void>((resolve) => {
    if (ctx.io.signal === undefined) return;
    if (ctx.io.signal.aborted) return resolve();
    ctx.io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(poll);
  live.close();
  if (failed) ctx.fail(1);
}

/** Workspace paths as paths relative to `base` (the repository checkout), `/`-separated. */
function repoPaths(root: string, base: string): (path: string) => string {
  return (path) => {
    const absolute = join(root, path);
    const rel = relative(base, absolute);
    if (rel.startsWith('..') || isAbsolute(rel)) return absolute.split(sep).join('/');
    return rel.split(sep).join('/');
  };
}
