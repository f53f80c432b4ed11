/**
 * `docugraph-mcp --http`: listens, says where on stderr, and drains on shutdown. The process
 * itself (signals, exit) stays with main.ts, which passes `exit` in.
 */
import type { LiveWorkspace } from '../../core/index.js';
import type { ServerState } from '../server-state.js';
import { SERVER_NAME } from '../create-server.js';
import { oneLine } from '../tool-result.js';
import { createHttpServer } from './http-server.js';

export interface ServeHttpOptions {
  readonly host: string;
  readonly port: number;
  readonly token: string | undefined;
  readonly allowOrigins: readonly string[];
}

/**
 * Starts the HTTP server over `live`; returns the shutdown (a first call drains and exits 0,
 * a second exits at once). A listen failure is one line on stderr and exit 2.
 */
export function serveHttp(
  state: ServerState,
  live: LiveWorkspace,
  options: ServeHttpOptions,
  io: { readonly log: (line: string) => void; readonly exit: (code: number) => void },
): () => void {
  const http = createHttpServer(state, live, options);
  let stopping = false;
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    live.close();
    io.exit(code);
  };
  http.listen().then(
    (url) => {
      const access = options.token === undefined ? 'no token; loopback only' : 'bearer token required';
      io.log(`${SERVER_NAME}: listening on ${url} (Streamable HTTP, 2025 sessions and 2026-07-28; ${access}); health at ${url.replace(/\/mcp$/, '/healthz')}`);
    },
    (error: NodeJS.ErrnoException) => {
      io.log(`${SERVER_NAME}: ${listenFailure(error, options)}`);
      exit(2);
    },
  );
  return () => {
    if (stopping) return exit(0);
    stopping = true;
    io.log(`${SERVER_NAME}: shutting down: finishing the requests being answered…`);
    void http.drain().then(() => exit(0));
  };
}

/** One line that says what went wrong and what to do. */
function listenFailure(error: NodeJS.ErrnoException, options: ServeHttpOptions): string {
  const where = `${options.host}:${options.port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${options.port} on ${options.host} is in use: stop the other server, or choose another port with --port <n>.`;
    case 'EACCES':
      return `not allowed to listen on ${where}: choose a port above 1023 with --port <n>.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `cannot listen on ${where}: ${options.host} is not an address of this machine; check --host.`;
    default:
      return `cannot listen on ${where}: ${oneLine(error.message)}`;
  }
}
