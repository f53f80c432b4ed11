/**
 * `docugraph validate [dir]`: exit 0 when valid, 1 when not (or, with --strict, when there are
 * warnings), in the format people or CI need.
 */
import { lstatSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { buildReport, countMarkdown, formatJson, formatReport, InvalidArgumentError, noMarkdownMessage, openLiveWorkspace, type Workspace } from '../../core/index.js';
import { checkedRoot } from '../context.js';
import { kitHints } from '../kit-hints.js';
import { VERSION } from '../../common/version.js';
import type { CliContext, GlobalOptions } from '../context.js';
import { pollSwitch, untilStopped } from '../until-stopped.js';
import { renderGithub } from '../render/github.js';
import { renderSarif } from '../render/sarif.js';
import { renderText } from '../render/text.js';
import { safeInline } from '../render/safe-text.js';

export const VALIDATE_FORMATS = ['text', 'json', 'github', 'sarif'] as const;

export function registerValidate(program: Command, ctx: CliContext): void {
  program
    .command('validate')
    .description('Audit ids, frontmatter, depends_on links, cycles and Markdown links. Exit 0 when valid, 1 when not.')
    .argument('[paths...]', 'the workspace to validate (default: --workspace, DOCUGRAPH_WORKSPACE, the nearest directory with a docugraph.yml, or the current one); or Markdown files of the workspace, to report their findings only (for pre-commit hooks)')
    .addOption(new Option('--format <format>', 'text for people, json (the report), github (workflow annotations), sarif (SARIF 2.1.0)').choices(VALIDATE_FORMATS).default('text'))
    .option('--strict', 'fail (exit 1) on warnings too')
    .option('--allow-empty', 'a folder with no Markdown file to read is valid (by default it is a usage error: exit 2)')
    .option('--watch', 'keep running: print the findings again after every change on disk (until interrupted)')
    .action(async (paths: string[], options: ValidateOptions, command: Command) => {
      const globals = command.optsWithGlobals<{ workspace?: string }>();
      const { dir, files } = splitPaths(ctx, paths);
      if (options.watch === true) return watch(ctx, ctx.workspacePath(globals, dir), options, globals);
      const workspace = await ctx.load(globals, dir);
      // A CI job pointed at the wrong folder must not pass on nothing.
      requireMarkdown(workspace, options.allowEmpty);
      const failed = printReport(ctx, workspace, options, files === null ? null : onlyFiles(workspace.root, files, ctx.io.cwd));
      kitHints(ctx, workspace, options.format, files === null);
      if (failed) ctx.fail(1);
    });
}

/** A workspace with no Markdown file to read is a usage error (exit 2) that says where it looked, unless `allowEmpty`. */
export function requireMarkdown(workspace: Workspace, allowEmpty: boolean | undefined): void {
  if (workspace.files.length === 0 && allowEmpty !== true) throw new InvalidArgumentError(noMarkdownMessage(workspace.root, countMarkdown(workspace.root)));
}

/** One directory (the workspace), or files (whose findings alone are reported), or nothing. */
function splitPaths(ctx: CliContext, paths: readonly string[]): { dir: string | undefined; files: string[] | null } {
  if (paths.length === 0) return { dir: undefined, files: null };
  if (paths.length === 1 && isDirectory(resolve(ctx.io.cwd, paths[0]!))) return { dir: paths[0], files: null };
  return { dir: undefined, files: [...paths] };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The workspace paths of `files` (given relative to `cwd`). A path that does not exist (a
 * mistyped folder would otherwise validate nothing and pass) or lies outside the workspace
 * is a usage error.
 */
function onlyFiles(root: string, files: readonly string[], cwd: string): Set<string> {
  const selected = new Set<string>();
  for (const file of files) {
    if (!exists(resolve(cwd, file))) {
      throw new InvalidArgumentError(`\`${file}\` does not exist; pass the workspace directory, or Markdown files of the workspace.`);
    }
    const rel = relative(root, resolve(cwd, file));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
      throw new InvalidArgumentError(`\`${file}\` is not inside the workspace ${root}; pass files of the workspace, or set it with --workspace.`);
    }
    selected.add(rel.split(sep).join('/'));
  }
  return selected;
}

interface ValidateOptions {
  readonly format: (typeof VALIDATE_FORMATS)[number];
  readonly strict?: boolean;
  readonly watch?: boolean;
  readonly allowEmpty?: boolean;
}

/**
 * Prints the report in the chosen format — with `only`, the findings of those files alone —
 * and returns whether it fails (errors, or warnings with --strict).
 */
function printReport(ctx: CliContext, workspace: Workspace, options: ValidateOptions, only: ReadonlySet<string> | null = null): boolean {
  const whole = buildReport(workspace);
  const errors = only === null ? whole.errors : whole.errors.filter((d) => only.has(d.path));
  const report = only === null ? whole : { ...whole, errors, warnings: whole.warnings.filter((d) => only.has(d.path)), valid: errors.length === 0 };
  const strict = options.strict === true;
  const toRepoPath = repoPaths(workspace.root, ctx.io.env['GITHUB_WORKSPACE'] || ctx.io.cwd, workspace.traces.root);
  // text and github neutralise every value themselves; JSON is made safe on a terminal.
  const out = {
    text: () => ctx.io.stdout.write(renderText(report, { color: ctx.color(ctx.io.stdout), strict, filesRead: workspace.files.length })),
    json: () => ctx.print(formatReport(report), 'json'),
    github: () => ctx.io.stdout.write(renderGithub(report, toRepoPath, workspace.files.length)),
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
async function watch(ctx: CliContext, path: string, options: ValidateOptions, globals: GlobalOptions): Promise<void> {
  const root = checkedRoot(path);
  const cache = ctx.cacheOptions(globals, root);
  const poll = pollSwitch();
  const live = openLiveWorkspace(root, {
    persistent: true,
    log: (line) => void ctx.io.stderr.write(`docugraph: ${safeInline(line)}\n`),
    onPoll: poll.onPoll,
    ...(cache === undefined ? {} : { cache }),
    sources: async () => (await ctx.sources(globals, path)).loaded,
  });
  const clear = options.format === 'text' && ctx.io.stdout.isTTY === true;
  let failed = false;
  const show = (workspace: Workspace) => {
    if (clear) ctx.io.stdout.write('\x1b[2J\x1b[H');
    failed = printReport(ctx, workspace, options);
  };
  live.onUpdate((_before, after) => show(after));
  show(await live.snapshot());
  await untilStopped(ctx.io, live, poll);
  live.close();
  if (failed) ctx.fail(1);
}

/**
 * Workspace paths as paths relative to `base` (the repository checkout), `/`-separated. With
 * `traceRoot` (the link root, when tracing is on), the path of a `TRACE_BROKEN` finding, a source
 * file's path from the link root (TRACE §5), is taken from there.
 */
export function repoPaths(root: string, base: string, traceRoot = ''): (path: string, code?: string) => string {
  return (path, code) => {
    const absolute = join(code === 'TRACE_BROKEN' && traceRoot !== '' ? traceRoot : root, path);
    const rel = relative(base, absolute);
    if (rel.startsWith('..') || isAbsolute(rel)) return absolute.split(sep).join('/');
    return rel.split(sep).join('/');
  };
}
