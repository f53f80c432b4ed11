/**
 * The `docugraph-mcp` process: argv and environment, start-up rules (MCP-G0 §2), STDIO, and
 * shutdown. The only module of the server that touches `process`.
 */
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildReport, DocugraphError, loadWorkspace, resolveWorkspaceRoot } from '../core/index.js';
import { readConfig } from '../core/config.js';
import { CONFIG_FILE } from '../core/config-types.js';
import { openLiveWorkspace, type LiveMode } from '../core/live-workspace.js';
import { createServer, SERVER_NAME } from './create-server.js';
import type { ServerState } from './server-state.js';
import { DrainingStdioTransport } from './stdio.js';
import { oneLine } from './tool-result.js';
import { VERSION } from './version.js';

export const USAGE = `Usage: docugraph-mcp --workspace <dir> [--allow-path <dir>]... [--no-watch]

Serves a docs-as-code workspace to MCP clients over STDIO. Answers follow the disk: edits,
new, deleted and renamed files are seen by the next request, without a restart.

Options:
  --workspace <dir>   the directory that holds the Markdown documents
                      (or set DOCUGRAPH_WORKSPACE; the flag wins when both are set)
  --allow-path <dir>  another directory validate_traceability may audit (repeatable)
  --no-watch          load the workspace once at start-up and never again
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
  /** `watch` by default; `static` with --no-watch; `poll` when DOCUGRAPH_WATCH=poll (tests, or a filesystem without events). */
  readonly mode: LiveMode;
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
        'no-watch': { type: 'boolean' },
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
  const mode: LiveMode = parsed.values['no-watch'] === true ? 'static' : env['DOCUGRAPH_WATCH'] === 'poll' ? 'poll' : 'watch';
  return { workspace, allowPaths: parsed.values['allow-path'] ?? [], mode };
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

  let root: string;
  let allowedPaths: string[];
  let mode: LiveMode;
  try {
    const options = parseOptions(io.argv, io.env);
    if (options === 'help') return void io.stderr.write(USAGE);
    if (options === 'version') return void io.stderr.write(`${VERSION}\n`);
    allowedPaths = options.allowPaths.map((dir) => startupDirectory(dir, '--allow-path'));
    root = startupDirectory(options.workspace, 'workspace');
    mode = options.mode;
    const problems = readConfig(root).diagnostics;
    if (problems.length > 0) throw new UsageError(problems.map((d) => `${CONFIG_FILE}${d.line === null ? '' : `:${d.line}`}: ${d.message}`).join('; '));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${SERVER_NAME}: ${error.message}`);
    return io.exit(2);
  }
  if (stopRequested) return io.exit(0);

  // The handshake never waits for the load: it runs in the background, in slices, and a
  // request that needs the workspace waits for it.
  log(`${SERVER_NAME}: loading ${root}…`);
  const started = performance.now();
  const live = openLiveWorkspace(root, { mode, log: (line) => log(`${SERVER_NAME}: ${line}`) });
  void live.snapshot().then((workspace) => {
    const report = buildReport(workspace);
    const following = live.mode() === 'static' ? 'loaded once (--no-watch)' : live.mode() === 'poll' ? 'checking the disk before each request' : 'watching for changes';
    log(
      `${SERVER_NAME} ${VERSION}: serving ${workspace.root} — ${report.nodeCount} documents, ` +
        `${report.errors.length} errors, ${report.warnings.length} warnings (loaded in ${Math.round(performance.now() - started)} ms; ${following})`,
    );
  });
  const state: ServerState = {
    workspace: () => live.snapshot(),
    onUpdate: (listener) => live.onUpdate(listener),
    allowedPaths,
    load: loadWorkspace,
    log,
  };
  const wire = new DrainingStdioTransport(io.stdin, io.stdout, { log });
  transport = wire;
  let exiting = false;
  const finish = () => {
    if (exiting) return;
    exiting = true;
    live.close();
    io.exit(0);
  };
  void wire.closed.then(finish);
  io.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // The client went away (EPIPE): nothing is left to answer; end quietly.
    if (error.code !== 'EPIPE') log(`${SERVER_NAME}: stdout failed: ${oneLine(error.message)}`);
    finish();
  });
  serveStdio(({ era }) => createServer(state, era), {
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
