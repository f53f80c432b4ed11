/**
 * `docugraph validate [dir]`: exit 0 when valid, 1 when not (or, with --strict, when there are
 * warnings), in the format people or CI need.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { buildReport, formatJson, formatReport } from '../../core/index.js';
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
    .action((dir: string | undefined, options: { format: (typeof VALIDATE_FORMATS)[number]; strict?: boolean }, command: Command) => {
      const workspace = ctx.load(command.optsWithGlobals(), dir);
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
      if (!report.valid || (strict && report.warnings.length > 0)) ctx.fail(1);
    });
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
