/**
 * `docugraph mcp`: the MCP server (the same as `docugraph-mcp`), for the current directory by
 * default.
 */
import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** Starts the server with these server arguments; the host owns the process from then on. */
export type StartServer = (argv: readonly string[]) => void;

export function registerMcp(program: Command, ctx: CliContext, start: StartServer): void {
  program
    .command('mcp')
    .description('Serve the workspace to MCP clients over STDIO (the same as docugraph-mcp).')
    .option('--allow-path <dir>', 'another directory validate_traceability may audit (repeatable)', (dir: string, all: string[]) => [...all, dir], [] as string[])
    .option('--no-watch', 'load the workspace once at start-up and never again')
    .action((options: { allowPath: string[]; watch: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<{ workspace?: string }>();
      const workspace = globals.workspace ?? (ctx.io.env['DOCUGRAPH_WORKSPACE'] || ctx.io.cwd);
      start(['--workspace', workspace, ...options.allowPath.flatMap((dir) => ['--allow-path', dir]), ...(options.watch ? [] : ['--no-watch'])]);
    });
}
