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
    .description('Serve the workspace to MCP clients over STDIO, or over Streamable HTTP with --http (the same as docugraph-mcp).')
    .option('--allow-path <dir>', 'another directory validate_traceability may audit (repeatable)', collect, [] as string[])
    .option('--no-watch', 'load the workspace once at start-up and never again')
    .option('--allow-writes', 'offer the tools that write: set_task_state and record_review (also `writes: true` in docugraph.yml)')
    .option('--http', 'serve MCP over Streamable HTTP at http://<host>:<port>/mcp')
    .option('--host <address>', 'with --http: the address to listen on (default 127.0.0.1; any other needs a token)')
    .option('--port <n>', 'with --http: the port to listen on (default 3939)')
    .option('--token-file <file>', 'with --http: require `Authorization: Bearer <token>` with the token in this file (or DOCUGRAPH_TOKEN)')
    .option('--allow-origin <origin>', 'with --http: let browser pages of this origin in (repeatable)', collect, [] as string[])
    .option('--client-roots', "with --http: let validate_traceability audit inside the roots each client declares")
    .action((options: McpOptions, command: Command) => {
      const globals = command.optsWithGlobals<{ workspace?: string; cache?: boolean }>();
      // Given: passed on. Not given: the server takes DOCUGRAPH_WORKSPACE or the current directory
      // itself, and knows it was not given (it refuses `/` and the home directory as a default).
      const given = globals.workspace ?? (ctx.io.env['DOCUGRAPH_WORKSPACE'] || undefined);
      start([
        ...(given === undefined ? [] : ['--workspace', given]),
        ...options.allowPath.flatMap((dir) => ['--allow-path', dir]),
        ...(options.watch ? [] : ['--no-watch']),
        ...(globals.cache === false ? ['--no-cache'] : []),
        ...(options.allowWrites === true ? ['--allow-writes'] : []),
        ...(options.http === true ? ['--http'] : []),
        ...(options.host === undefined ? [] : ['--host', options.host]),
        ...(options.port === undefined ? [] : ['--port', options.port]),
        ...(options.tokenFile === undefined ? [] : ['--token-file', options.tokenFile]),
        ...options.allowOrigin.flatMap((origin) => ['--allow-origin', origin]),
        ...(options.clientRoots === true ? ['--client-roots'] : []),
      ]);
    });
}

interface McpOptions {
  readonly allowPath: string[];
  readonly watch: boolean;
  readonly allowWrites?: boolean;
  readonly http?: boolean;
  readonly host?: string;
  readonly port?: string;
  readonly tokenFile?: string;
  readonly allowOrigin: string[];
  readonly clientRoots?: boolean;
}

function collect(value: string, all: string[]): string[] {
  return [...all, value];
}
