/**
 * `docugraph context | graph | impact | tasks | ready`: the same answers as the MCP tools, over the
 * same core, on stdout.
 */
import { Option, type Command } from 'commander';
import { analyzeImpact, buildBundle, type Direction, DIRECTIONS, formatJson, listTasks, nodeVersion, renderDot, renderMermaid, resolveId, selectGraph, STATE_FILTERS, type StateFilter, type Workspace } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { depthOption, maxTokensOption } from '../options.js';
import { renderGraphText, renderImpactText } from '../render/query-text.js';
import { safeInline } from '../render/safe-text.js';
import { renderReadyTable, renderTaskTable } from '../render/task-table.js';
import { requireMarkdown } from './validate.js';

export const GRAPH_FORMATS = ['text', 'json', 'mermaid', 'dot'] as const;

export function registerQueries(program: Command, ctx: CliContext): void {
  program
    .command('context')
    .description('Print the context bundle of a task: every document it depends on, dependencies first (get_task_context).')
    .argument('<taskId>', 'id of the task, e.g. BE-02 (EIP-1559 finds 1559 where the files are eip-1559.md)')
    .addOption(depthOption('how many levels of depends_on to follow (default 5)'))
    .addOption(maxTokensOption('leave out the documents that do not fit this many tokens (≈ bytes / 4) and list them (default: no budget)'))
    .option('--whole', "every document whole (a kit task's large documents are otherwise the sections that name or match it)")
    .action(async (taskId: string, options: { maxDepth?: number; maxTokens?: number; whole?: boolean }, command: Command) => {
      const workspace = await ctx.load(command.optsWithGlobals());
      ctx.print(buildBundle(workspace, { taskId, maxDepth: options.maxDepth, maxTokens: options.maxTokens, commands: 'cli', ...(options.whole === true ? { sections: 'all' as const } : {}) }), 'text');
    });

  program
    .command('graph')
    .description('Print the dependency graph, or the part around --root, as JSON, Mermaid or DOT (get_dependency_graph).')
    .option('--root <id>', 'start from this document (default: the whole workspace)')
    .addOption(new Option('--direction <direction>', 'from the root: upstream, downstream or both').choices(DIRECTIONS).default('upstream'))
    .addOption(depthOption('how many levels from the root (default: no limit)'))
    .addOption(new Option('--format <format>', 'text (each document and what it depends on; the default on a terminal), json (the default otherwise), mermaid (for GitHub) or dot (for Graphviz)').choices(GRAPH_FORMATS))
    .action(async (given: { root?: string; direction: Direction; maxDepth?: number; format?: (typeof GRAPH_FORMATS)[number] }, command: Command) => {
      const workspace = await ctx.load(command.optsWithGlobals());
      // The root as found (`1559` for `EIP-1559`): the diagram marks it.
      const options = { ...given, root: given.root === undefined ? undefined : resolveId(workspace, given.root), format: given.format ?? defaultFormat(ctx) };
      const view = selectGraph(workspace, { rootId: options.root, direction: options.direction, maxDepth: options.maxDepth });
      const render = { text: () => renderGraphText(view), json: () => formatJson(view), mermaid: () => renderMermaid(workspace, view, options.root), dot: () => renderDot(workspace, view, options.root) };
      ctx.print(render[options.format](), options.format === 'json' ? 'json' : 'text');
    });

  program
    .command('impact')
    .description('Print every document that depends on <id>, transitively: a table, or JSON (analyze_impact).')
    .argument('<id>', 'exact id of the document that changes')
    .addOption(depthOption('how many levels of dependents (default: no limit)'))
    .addOption(textOrJson('the analyze_impact answer'))
    .action(async (id: string, options: { maxDepth?: number; format?: 'text' | 'json' }, command: Command) => {
      const impact = analyzeImpact(await ctx.load(command.optsWithGlobals()), id, options.maxDepth);
      if ((options.format ?? defaultFormat(ctx)) === 'json') ctx.print(formatJson(impact), 'json');
      else ctx.io.stdout.write(renderImpactText(impact));
    });

  program
    .command('tasks')
    .description('List the documents with their work state, filtered by type, status, state or text, as JSON (list_tasks) or a table.')
    .option('--type <type>', 'only this exact type, e.g. task')
    .option('--status <status>', 'only this exact status, e.g. todo')
    .addOption(new Option('--state <state>', 'only this work state: ready, blocked (with what blocks each), done, dropped, untracked, or open (ready or blocked)').choices(STATE_FILTERS))
    .option('--query <text>', 'only ids or titles containing this text (case-insensitive)')
    .option('--root <name>', 'only the items of this kit root (roots: in docugraph.yml), e.g. api')
    .addOption(textOrJson('the list_tasks answer'))
    .action(async (options: { type?: string; status?: string; state?: StateFilter; query?: string; root?: string; format?: 'json' | 'text' }, command: Command) => {
      const workspace = await ctx.load(command.optsWithGlobals());
      const result = listTasks(workspace, { type: options.type, status: options.status, state: options.state, query: options.query, root: options.root });
      if ((options.format ?? defaultFormat(ctx)) === 'json') ctx.print(formatJson(withVersions(workspace, result)), 'json');
      else ctx.io.stdout.write(renderTaskTable(result.tasks));
      if (result.hint !== undefined && (options.format ?? defaultFormat(ctx)) !== 'json') ctx.io.stderr.write(`docugraph: ${safeInline(result.hint)}\n`);
    });

  program
    .command('ready')
    .description('What to do next: the documents ready to work on (every dependency settled), the ones that unblock the most first (list_tasks with state ready).')
    .option('--type <type>', 'only this exact type, e.g. task')
    .addOption(new Option('--format <format>', 'text (a table: id, unblocks, title) or json (the list_tasks answer)').choices(['text', 'json']).default('text'))
    .option('--allow-empty', 'a folder with no Markdown file to read has nothing ready (by default it is a usage error: exit 2, as for validate)')
    .action(async (options: { type?: string; format: 'json' | 'text'; allowEmpty?: boolean }, command: Command) => {
      const workspace = await ctx.load(command.optsWithGlobals());
      // "Nothing is ready" from the wrong folder would read as "all done" (issue 53).
      requireMarkdown(workspace, options.allowEmpty);
      const result = listTasks(workspace, { type: options.type, state: 'ready' });
      if (options.format === 'json') ctx.print(formatJson(withVersions(workspace, result)), 'json');
      else if (result.tasks.length > 0) ctx.io.stdout.write(renderReadyTable(result.tasks));
      else ctx.io.stdout.write(nothingReady(listTasks(workspace, { type: options.type, state: 'blocked' }).tasks.length));
    });
}

/** The line `ready` prints when nothing is ready. */
function nothingReady(blocked: number): string {
  if (blocked === 0) return 'nothing is ready: no open work\n';
  return `nothing is ready: ${blocked} blocked (docugraph tasks --state blocked --format text shows what blocks each)\n`;
}

/** `--format text|json`; without it, text on a terminal and JSON for scripts and pipes. */
function textOrJson(json: string): Option {
  return new Option('--format <format>', `text (a table; the default on a terminal) or json (${json}; the default otherwise)`).choices(['text', 'json']);
}

/** What a command prints without `--format`: text for people at a terminal, JSON for programs. */
export function defaultFormat(ctx: CliContext): 'text' | 'json' {
  return ctx.io.stdout.isTTY === true ? 'text' : 'json';
}

/** The list_tasks answer with each entry's `version` (KITS §6: what `--expect` takes), as the MCP tool gives it. */
function withVersions(workspace: Workspace, result: ReturnType<typeof listTasks>): object {
  return { ...result, tasks: result.tasks.map((task) => ({ ...task, version: nodeVersion(workspace.nodes.get(task.id)!) })) };
}
