/**
 * The `docugraph-mcp` process: argv and environment, start-up rules (MCP-G0 §2), STDIO, and
 * shutdown. The only module of the server that touches `process`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildReport, CONFIG_FILE, createAuditLoader, loadSources, type LiveMode, openLiveWorkspace, readConfig, type WorkspaceConfig } from '../core/index.js';
import { createWriter } from './writer.js';
import { createServer, SERVER_NAME } from './create-server.js';
import type { ServerState } from './server-state.js';
import type { serveHttp as ServeHttpFn } from './http/serve-http.js';
import { isLoopback } from './http/loopback.js';
import { DrainingStdioTransport } from './stdio.js';
import { oneLine } from './tool-result.js';
import { startupDirectory, UsageError, workspaceRoot } from './startup.js';
import { cacheDirOf, cacheOff, userCacheDir } from '../common/cache-dir.js';
import { USAGE } from './usage.js';
import { cacheVersion, VERSION } from '../common/version.js';

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


interface Options {
  readonly workspace: string;
  /** Whether the workspace is the current directory because none was given. */
  readonly defaulted: boolean;
  /** Whether the on-disk index is read and written (not with --no-cache or DOCUGRAPH_NO_CACHE). */
  readonly cache: boolean;
  readonly allowPaths: readonly string[];
  /** `watch` by default; `static` with --no-watch; `poll` when DOCUGRAPH_WATCH=poll (tests, or a filesystem without events). */
  readonly mode: LiveMode;
  /** With --http: how to serve over HTTP. */
  readonly http?: HttpOptions;
  /** --allow-writes: offer the tools that write (KITS §6). */
  readonly allowWrites: boolean;
}

/** Whether the roots a client declares widen what `validate_traceability` may audit. */
function rootsCount(options: Options): boolean {
  return options.http === undefined || options.http.clientRoots;
}

/** The --http options, checked. */
export interface HttpOptions {
  readonly host: string;
  readonly port: number;
  /** From --token-file or DOCUGRAPH_TOKEN; required unless `host` is loopback. */
  readonly token: string | undefined;
  readonly allowOrigins: readonly string[];
  /** --client-roots: the roots each client declares count (over STDIO they always do). */
  readonly clientRoots: boolean;
}

/** The shortest token accepted: a guessable token is no protection. */
const MIN_TOKEN_LENGTH = 16;

/** Parses argv and environment; returns `'help'`/`'version'` or the options. */
export function parseOptions(argv: readonly string[], env: ProcessIo['env']): Options | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        workspace: { type: 'string', short: 'w' },
        'allow-path': { type: 'string', multiple: true },
        'no-watch': { type: 'boolean' },
        'no-cache': { type: 'boolean' },
        'allow-writes': { type: 'boolean' },
        http: { type: 'boolean' },
        host: { type: 'string' },
        port: { type: 'string' },
        'token-file': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'client-roots': { type: 'boolean' },
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
  // As `docugraph mcp`: the flag, the variable, else the current directory.
  const given = parsed.values.workspace ?? env['DOCUGRAPH_WORKSPACE'];
  const workspace = given === undefined || given === '' ? '.' : given;
  const mode: LiveMode = parsed.values['no-watch'] === true ? 'static' : env['DOCUGRAPH_WATCH'] === 'poll' ? 'poll' : 'watch';
  const base = { workspace, defaulted: given === undefined || given === '', cache: parsed.values['no-cache'] !== true && !cacheOff(env), allowPaths: parsed.values['allow-path'] ?? [], mode, allowWrites: parsed.values['allow-writes'] === true };
  const values = parsed.values;
  if (values.http !== true) {
    const stray = (['host', 'port', 'token-file', 'allow-origin', 'client-roots'] as const).find((name) => values[name] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} applies to the HTTP server only: add --http.`);
    return base;
  }
  const http = parseHttpOptions(values, env);
  if (base.allowWrites && http.token === undefined) {
    throw new UsageError('--allow-writes over HTTP needs a token: whoever reaches the port could change the workspace\'s files. Pass --token-file <file> (or set DOCUGRAPH_TOKEN).');
  }
  return { ...base, http };
}

function parseHttpOptions(
  values: {
    host?: string | undefined;
    port?: string | undefined;
    'token-file'?: string | undefined;
    'allow-origin'?: string[] | undefined;
    'client-roots'?: boolean | undefined;
  },
  env: ProcessIo['env'],
): HttpOptions {
  const host = values.host ?? '127.0.0.1';
  const portText = values.port ?? '3939';
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port \`${portText}\` is not a port: give a number from 0 to 65535.`);
  const token = readToken(values['token-file'], env['DOCUGRAPH_TOKEN']);
  if (token === undefined && !isLoopback(host)) {
    throw new UsageError(
      `refusing to listen on ${host} without a token: anyone who can reach it could read the workspace. ` +
        'Pass --token-file <file> (or set DOCUGRAPH_TOKEN) with a long random token, or keep the default --host 127.0.0.1.',
    );
  }
  return { host, port, token, allowOrigins: values['allow-origin'] ?? [], clientRoots: values['client-roots'] === true };
}

/** The token from --token-file (wins) or DOCUGRAPH_TOKEN; surrounding whitespace is not part of it. */
function readToken(file: string | undefined, fromEnv: string | undefined): string | undefined {
  let token: string;
  let source: string;
  if (file !== undefined) {
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch (error) {
      throw new UsageError(`--token-file \`${file}\` cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give a file that holds the token.`);
    }
    source = `--token-file \`${file}\``;
  } else if (fromEnv !== undefined && fromEnv !== '') {
    token = fromEnv.trim();
    source = 'DOCUGRAPH_TOKEN';
  } else {
    return undefined;
  }
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new UsageError(`the token in ${source} must be at least ${MIN_TOKEN_LENGTH} characters without spaces: generate one with \`openssl rand -hex 32\`.`);
  }
  return token;
}

type ServeHttp = typeof ServeHttpFn;

/** At most this long after start-up, the load starts even if no request came. */
const HANDSHAKE_GRACE_MS = 200;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Runs the server until stdin closes or a signal arrives. */
export function main(io: ProcessIo): void {
  const log = (line: string) => void io.stderr.write(`${line}\n`);
  // Signals are handled from the start: one that arrives before the load skips it and exits
  // 0; one that arrives during the (synchronous) load is seen when it returns, and shuts the
  // transport down as soon as it exists.
  let shutdown: (() => void) | undefined;
  let stopRequested = false;
  const stop = () => {
    stopRequested = true;
    shutdown?.();
  };
  io.onSignal('SIGINT', stop);
  io.onSignal('SIGTERM', stop);

  let root: string;
  let allowedPaths: string[];
  let mode: LiveMode;
  let http: HttpOptions | undefined;
  let clientRoots: boolean;
  let writes: boolean;
  let cache: boolean;
  let config: WorkspaceConfig;
  try {
    const options = parseOptions(io.argv, io.env);
    // Before the server runs, stdout is not the protocol yet: help and version go there, as in every CLI.
    if (options === 'help') return void io.stdout.write(USAGE);
    if (options === 'version') return void io.stdout.write(`${VERSION}\n`);
    allowedPaths = options.allowPaths.map((dir) => startupDirectory(dir, '--allow-path'));
    root = workspaceRoot(options.workspace, options.defaulted, io.env);
    mode = options.mode;
    http = options.http;
    clientRoots = rootsCount(options);
    const read = readConfig(root);
    config = read.config;
    cache = options.cache;
    const problems = read.diagnostics;
    if (problems.length > 0) throw new UsageError(problems.map((d) => `${CONFIG_FILE}${d.line === null ? '' : `:${d.line}`}: ${d.message}`).join('; '));
    // `writes: true` in docugraph.yml, as --allow-writes; over HTTP only with a token.
    writes = options.allowWrites || (read.config.writes && (http === undefined || http.token !== undefined));
    if (read.config.writes && !writes) log(`${SERVER_NAME}: docugraph.yml sets writes: true, but over HTTP the tools that write need a token (--token-file): not offered`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${SERVER_NAME}: ${error.message}`);
    return io.exit(2);
  }
  if (stopRequested) return io.exit(0);

  const run = (serveHttp?: ServeHttp): void => {
    // The handshake never waits for the load: it runs in the background, in slices, and a
    // request that needs the workspace waits for it.
    // Over HTTP the first line is where it listens (or, when it cannot, the one line why).
    if (serveHttp === undefined) log(`${SERVER_NAME}: loading ${root}…`);
    if (serveHttp === undefined && (io.stdin as { isTTY?: boolean }).isTTY === true) {
      log(`${SERVER_NAME}: this is an MCP server: it waits for an MCP client on stdin (see the README to add it to one); Ctrl-C stops it.`);
    }
    const started = performance.now();
    // Over STDIO the load starts once the handshake is over (or a call needs it, or after
    // HANDSHAKE_GRACE_MS): the first answer a client waits for does not share the CPU with it.
    const wire = serveHttp === undefined ? new DrainingStdioTransport(io.stdin, io.stdout, { log }) : undefined;
    const startAfter = wire === undefined ? undefined : Promise.race([wire.handshakeOver, delay(HANDSHAKE_GRACE_MS)]);
    const cacheDir = cache ? cacheDirOf(root, config, io.env) : null;
    const cacheOptions = cacheDir === null ? undefined : { dir: cacheDir, version: cacheVersion(), log: (line: string) => log(`${SERVER_NAME}: ${line}`), secretDir: userCacheDir(io.env) };
    const live = openLiveWorkspace(root, {
      mode,
      // Other repositories (`sources:`, issue 57), as docugraph.yml names them when they are read: before the first load, and again when they change.
      sources: () => loadSources(root, readConfig(root).config.sources, { env: io.env, ...(cacheOptions === undefined ? {} : { cache: cacheOptions }) }),
      log: (line) => log(`${SERVER_NAME}: ${line}`),
      ...(startAfter === undefined ? {} : { startAfter }),
      ...(cacheOptions === undefined ? {} : { cache: cacheOptions }),
    });
    let exiting = false;
    void live.firstLoad().then((workspace) => {
      if (exiting) return;
      const report = buildReport(workspace);
      const following = live.mode() === 'static' ? 'loaded once (--no-watch)' : live.mode() === 'poll' ? 'checking the disk before each request' : 'watching for changes';
      log(
        `${SERVER_NAME} ${VERSION}: serving ${workspace.root} — ${report.nodeCount} documents, ` +
          `${report.errors.length} errors, ${report.warnings.length} warnings (loaded in ${Math.round(performance.now() - started)} ms; ${following})`,
      );
    });
    const audits = createAuditLoader();
    const state: ServerState = {
      workspace: () => live.snapshot(),
      onUpdate: (listener) => live.onUpdate(listener),
      allowedPaths,
      clientRoots,
      load: (dir) => audits.load(dir),
      log,
      env: io.env,
      ...(writes ? { writer: createWriter(live) } : {}),
    };
    if (wire === undefined) {
      // No STDIO transport: `run` was given the HTTP server, which --http asked for.
      shutdown = serveHttp!(state, live, http!, {
        log,
        exit: (code) => {
          exiting = true;
          io.exit(code);
        },
      });
      if (stopRequested) shutdown();
      return;
    }
    shutdown = () => wire.shutdown();
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
  };
  // The HTTP server (node:http, the guard's crypto) is loaded only when asked for, before
  // anything starts: a STDIO server never pays for it.
  if (http === undefined) return run();
  void import('./http/serve-http.js').then(({ serveHttp }) => (stopRequested ? io.exit(0) : run(serveHttp)));
}
