/**
 * `docugraph validate [dir]`: exit 0 when valid, 1 when not (or, with --strict, when there are
 * warnings), in the format people or CI need.
 */
import { lstatSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { buildReport, compareStrings, CONFIG_FILE, countMarkdown, formatJson, formatReport, InvalidArgumentError, noMarkdownMessage, openLiveWorkspace, surveyKits, type Workspace } from '../../core/index.js';
import { checkedRoot } from '../context.js';
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
      kitHint(ctx, workspace.root);
      // On stderr in every format: a CI job (`--format github`, `json`) must hear of a kit folder read as nothing too.
      if (files === null) unreadKitsHint(ctx, workspace);
      if (files === null) taskLessHint(ctx, workspace);
      if (options.format === 'text' && files === null) untracedHint(ctx, workspace);
      if (failed) ctx.fail(1);
    });
}

/** A workspace with no Markdown file to read is a usage error (exit 2) that says where it looked, unless `allowEmpty`. */
export function requireMarkdown(workspace: Workspace, allowEmpty: boolean | undefined): void {
  if (workspace.files.length === 0 && allowEmpty !== true) throw new InvalidArgumentError(noMarkdownMessage(workspace.root, countMarkdown(workspace.root)));
}

/**
 * A repository with spec-kit folders and no `docugraph.yml` (issue 54): its kit files were read
 * as plain pages. One line on stderr says which folders are there and how to read them as items.
 */
function kitHint(ctx: CliContext, root: string): void {
  if (exists(join(root, CONFIG_FILE))) return;
  const kits = surveyKits(root);
  if (kits.length === 0) return;
  const seen = kits.map((k) => `${k.kit}: ${k.folders.slice(0, 2).join(', ')}${k.count > 2 ? ` and ${k.count - 2} more` : ''}`).join('; ');
  ctx.io.stderr.write(
    `docugraph: spec-kit folders are here (${safeInline(seen)}), read as plain pages: with \`kits: [${kits.map((k) => k.kit).join(', ')}]\` in docugraph.yml their requirements and tasks are items — \`docugraph init\` writes it\n`,
  );
}

/**
 * Kit folders (found by listing, as `init` finds them) none of whose files was read: a
 * docugraph.yml whose `kits:` does not name their kit, or a `.gitignore` that lists them though
 * they are committed (possesion/zvuchi-vocal: `.kiro` in .gitignore; `init` said "kits kiro (2
 * folders)", then `validate` read nothing and said nothing). One line on stderr names them and
 * what to check.
 */
function unreadKitsHint(ctx: CliContext, workspace: Workspace): void {
  if (!exists(join(workspace.root, CONFIG_FILE))) return;
  const unread = surveyKits(workspace.root).flatMap((k) => k.folders.filter((folder) => !holdsRead(workspace.files, folder)).map((folder) => `${k.kit}: ${folder}`));
  if (unread.length === 0) return;
  const shown = `${unread.slice(0, 3).join(', ')}${unread.length > 3 ? ` and ${unread.length - 3} more` : ''}`;
  ctx.io.stderr.write(
    `docugraph: ${unread.length === 1 ? 'a kit folder holds' : `${unread.length} kit folders hold`} files none of which was read (${safeInline(shown)}): check that \`kits:\` in docugraph.yml names the kit and that .gitignore, .docugraphignore or \`exclude\` does not skip the folder (\`gitignore: false\` reads what .gitignore lists)\n`,
  );
}

/**
 * Kit tasks files DocuGraph read no task from, though they hold more than headings: their tasks
 * are written in a form it does not read (YILIXING/my-meeting-recording's Spec Kit folders number
 * them as headings with no box, `### 1.1.1 [P] 创建项目目录结构`: 101 tasks, and `validate` said the
 * folder was valid and nothing else). One line on stderr names them and the forms it reads.
 */
function taskLessHint(ctx: CliContext, workspace: Workspace): void {
  const withTasks = new Set<string>();
  for (const node of workspace.nodes.values()) if (node.type === 'task' && node.item !== undefined) withTasks.add(node.path);
  const taskless: string[] = [];
  // A kit's tasks file is a document of type `tasks` whose id its folder gives (`<feature>/tasks`, `change/<name>/tasks`).
  // (Not a source's: its findings stay its own, docs/monorepos.md.)
  for (const node of workspace.nodes.values()) {
    if (node.type !== 'tasks' || node.item !== undefined || !node.id.endsWith('/tasks') || node.path.startsWith('../') || withTasks.has(node.path)) continue;
    if (node.body.replace(HTML_COMMENT, '').replace(SETEXT_HEADING, '').split('\n').some(holdsWork)) taskless.push(node.path);
  }
  if (taskless.length === 0) return;
  taskless.sort(compareStrings);
  const shown = `${taskless.slice(0, 3).join(', ')}${taskless.length > 3 ? ` and ${taskless.length - 3} more` : ''}`;
  ctx.io.stderr.write(
    `docugraph: ${taskless.length === 1 ? 'a kit tasks file gives' : `${taskless.length} kit tasks files give`} no task (${safeInline(shown)}): DocuGraph reads tasks written as checkboxes (\`- [ ] T001 …\`, \`- [ ] 1.1 …\`) or task headings (\`### T001: …\`, \`### Task 1: …\`), so none there is checked, traced or listed\n`,
  );
}

/** An HTML comment that opens a line, to its end (or the file's, unclosed), as CommonMark reads one (a review: not a `<!--` in a line's code). */
const HTML_COMMENT = /^[ \t]{0,3}<!--[\s\S]*?(?:-->|(?![\s\S]))/gm;
/** A heading underlined (`Tasks` over `=====`); not a list item, a table row, a quote or a fence over a rule (a review). */
const SETEXT_HEADING = /^(?![ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|\||>|```|~~~))[^\n]+\n[ \t]*(?:=+|-+)[ \t]*$/gm;
/** A line that is no work: blank, a heading not numbered, a setext underline or thematic break, a link list of a table of contents. */
const NO_WORK = /^\s*(?:#{1,6}(?!\s+\d)(?:\s.*)?|(?:[-=*_]\s*){3,}|[-*+]\s+\[[^\]]*\]\(#[^)]*\)\s*)?$/;
/** Whether a line of a tasks file holds work: anything but `NO_WORK` (a numbered heading is a task DocuGraph did not read: `### 1.1 [P] …`). */
const holdsWork = (line: string): boolean => !NO_WORK.test(line);

/** Whether some file of `files` (sorted by code unit) is under `folder`: a binary search for the first path at or after `folder/`. */
function holdsRead(files: readonly string[], folder: string): boolean {
  const prefix = `${folder}/`;
  let low = 0;
  let high = files.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (files[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return low < files.length && files[low]!.startsWith(prefix);
}

/**
 * Kit features whose tasks cite no requirement by id (or that have no tasks.md) are not held to
 * coverage (KITS §7): no finding says so, and `coverage` lists them. One line on stderr says how
 * many there are and where to see them, so that a clean report is not read as full coverage.
 */
function untracedHint(ctx: CliContext, workspace: Workspace): void {
  // (A traced feature's defect clauses are listed by `coverage`, not counted here: the feature is held.)
  const features = new Set((workspace.coverage?.untraced ?? []).filter((row) => row.count > 0 && row.reason !== 'defects').map((row) => row.feature));
  if (features.size === 0) return;
  const one = features.size === 1;
  // In part: a feature whose tasks cite its `FR-` ids and none of its `SC-` ones is held for the first only (oihub's summary had
  // counted such a feature as not held while reporting its requirements: a forty-fifth round).
  const why = one ? 'its tasks cite none of a kind by id, or it has no tasks.md' : 'their tasks cite none of a kind by id, or they have no tasks.md';
  ctx.io.stderr.write(`docugraph: ${one ? 'one kit feature is' : `${features.size} kit features are`} not held to coverage, in whole or in part (${why}); \`docugraph coverage\` lists ${one ? 'it' : 'them'}\n`);
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
