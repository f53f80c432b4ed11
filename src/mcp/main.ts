/**
 * The `docugraph-mcp` process: argv and environment, start-up rules (MCP-G0 §2), STDIO, and
 * shutdown. The only module of the server that touches `process`.
 */
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildReport, DocugraphError, loadWorkspace, resolveWorkspaceRoot, type Workspace } from '../core/index.js';
import { createServer, SERVER_NAME } from './create-server.js';
import { DrainingStdioTransport } from './stdio.js';
import { oneLine } from './tool-result.js';
import { VERSION } from './version.js';

export const USAGE = `Usage: docugraph-mcp --workspace <dir> [--allow-path <dir>]...

Serves a docs-as-code workspace to MCP clients over STDIO.

Options:
  --workspace <dir>   the directory that holds the Markdown documents
                      (or set DOCUGRAPH_WORKSPACE; the flag wins when both are set)
  --allow-path <dir>  another directory validate_traceability may audit (repeatable)
  --help              show this help
  --version           show the version
`;

/** What `main` needs from the process; tests pass their own. */
export interface ProcessIo {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: NodeJS.ReadableStream & import('node:stream').Readable;
  readonly stdout: NodeJS.WritableStream & import('node:stream').Writable;
  readonly stderr: { write(text: string): unknown };
  readonly exit: (code: number) => void;
  readonly onSignal: (signal: 'SIGINT' | 'SIGTERM', handler: () => void) => void;
}

/** Thrown for start-up problems: one line on stderr, exit code 2. */
class UsageError extends Error {}

interface Options {
  readonly workspace: string;
  readonly allowPaths: readonly string[];
}

/** Parses argv and environment; returns `'help'`/`'version'` or the options. */
export function parseOptions(argv: readonly string[], env: ProcessIo['env']): Options | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        workspace: { type: 'string' },
        'allow-path': { type: 'string', multiple: true },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run \`docugraph-mcp --help\` for the options.`);
  }
  if (parsed.values.help) return 'help';
  if (parsed.values.version) return 'version';
  const workspace = parsed.values.workspace ?? env['DOCUGRAPH_WORKSPACE'];
  if (workspace === undefined || workspace === '') {
    throw new UsageError('no workspace given: pass --workspace <dir> or set DOCUGRAPH_WORKSPACE to the directory that holds your Markdown documents.');
  }
  return { workspace, allowPaths: parsed.values['allow-path'] ?? [] };
}

/** Runs the server until stdin closes or a signal arrives. */
export function main(io: ProcessIo): void {
  const log = (line: string) => void io.stderr.write(`${line}\n`);
  // Signals are handled from the start: one that arrives before the load skips it and exits
  // 0; one that arrives during the (synchronous) load is seen when it returns, and shuts the
  // transport down as soon as it exists.
  let transport: DrainingStdioTransport | undefined;
  let stopRequested = false;
  const stop = () => {
    stopRequested = true;
    transport?.shutdown();
  };
  io.onSignal('SIGINT', stop);
  io.onSignal('SIGTERM', stop);

  let workspace: Workspace;
  let allowedPaths: string[];
  try {
    const options = parseOptions(io.argv, io.env);
    if (options === 'help') return void io.stderr.write(USAGE);
    if (options === 'version') return void io.stderr.write(`${VERSION}\n`);
    allowedPaths = options.allowPaths.map((dir) => startupDirectory(dir, '--allow-path'));
    const root = startupDirectory(options.workspace, 'workspace');
    if (stopRequested) return io.exit(0);
    log(`${SERVER_NAME}: loading ${root}…`);
    const started = performance.now();
    workspace = loadWorkspace(root);
    const report = buildReport(workspace);
    log(
      `${SERVER_NAME} ${VERSION}: serving ${workspace.root} — ${report.nodeCount} documents, ` +
        `${report.errors.length} errors, ${report.warnings.length} warnings (loaded in ${Math.round(performance.now() - started)} ms)`,
    );
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${SERVER_NAME}: ${error.message}`);
    return io.exit(2);
  }

  const state = { workspace: () => workspace, allowedPaths, load: loadWorkspace, log };
  const wire = new DrainingStdioTransport(io.stdin, io.stdout, { log });
  transport = wire;
  let exiting = false;
  const finish = () => {
    if (exiting) return;
    exiting = true;
    io.exit(0);
  };
  void wire.closed.then(finish);
  io.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // The client went away (EPIPE): nothing is left to answer; end quietly.
    if (error.code !== 'EPIPE') log(`${SERVER_NAME}: stdout failed: ${oneLine(error.message)}`);
    finish();
  });
  serveStdio(() => createServer(state), {
    transport: wire,
    onerror: (error) => log(`${SERVER_NAME}: ${oneLine(error.message)}`),
  });
  if (stopRequested) wire.shutdown();
}

/** A directory given at start-up, as a real path; anything else is a usage error. */
function startupDirectory(path: string, what: string): string {
  try {
    return resolveWorkspaceRoot(path);
  } catch (error) {
    if (error instanceof DocugraphError) throw new UsageError(`${what} ${error.message.replace(/^Workspace /, '')}`);
    throw new UsageError(`${what} \`${path}\` cannot be read: ${(error as Error).message}`);
  }
}
