/**
 * `docugraph coverage [--format text|json|markdown] [--strict]` (TRACE §5): how the coverage
 * rules of `docugraph.yml` stand — per document type and relation, how many documents have an
 * incoming link or trace of that relation — and which documents are uncovered. Exit 0; with
 * --strict, 1 when a document is uncovered; 2 when the workspace has no coverage rules.
 */
import { Option, type Command } from 'commander';
import { CONFIG_FILE, formatJson, InvalidArgumentError, readConfig } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { renderCoverageMarkdown, renderCoverageText } from '../render/coverage.js';

export const COVERAGE_FORMATS = ['text', 'json', 'markdown'] as const;

export function registerCoverage(program: Command, ctx: CliContext): void {
  program
    .command('coverage')
    .description(`Print how the coverage rules of ${CONFIG_FILE} stand: per document type and relation, how many documents something implements, verifies, … and which are uncovered.`)
    .addOption(new Option('--format <format>', 'text (a table), json, or markdown (for a PR comment or a job summary)').choices(COVERAGE_FORMATS).default('text'))
    .option('--strict', 'fail (exit 1) when a document is uncovered')
    .action(async (options: { format: (typeof COVERAGE_FORMATS)[number]; strict?: boolean }, command: Command) => {
      const workspace = await ctx.load(command.optsWithGlobals());
      const coverage = workspace.coverage;
      if (coverage === null) {
        if (!readConfig(workspace.root).found) {
          throw new InvalidArgumentError(
            `there is no ${CONFIG_FILE} in ${workspace.root}, where coverage rules are set: run \`docugraph init\` to write one, then add rules, e.g. \`coverage: { requirement: [implements, verifies] }\`, and \`trace: { sources: ["src/**"] }\` for the tags in your code.`,
          );
        }
        throw new InvalidArgumentError(`${CONFIG_FILE} has no coverage rules; add some, e.g. \`coverage: { requirement: [implements, verifies] }\`, and \`trace: { sources: ["src/**"] }\` for the tags in your code.`);
      }
      if (options.format === 'json') ctx.print(formatJson({ coverage: coverage.rows, missing: coverage.missing, ...(coverage.untraced === undefined ? {} : { untraced: coverage.untraced }) }), 'json');
      else ctx.io.stdout.write(options.format === 'markdown' ? renderCoverageMarkdown(coverage) : renderCoverageText(coverage));
      if (options.strict === true && coverage.missing.length > 0) ctx.fail(1);
    });
}
