/**
 * The Streamable HTTP endpoint (CATALOG § Streamable HTTP): `/mcp` for both protocol eras over
 * one live workspace, `/healthz`, and the guards around them. 2026-07-28 requests go to the
 * SDK's `createMcpHandler` (stateless, per request); 2025 requests to sessions on the SDK's
 * `WebStandardStreamableHTTPServerTransport` (see legacy-sessions.ts). No process, no argv.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, isLegacyRequest, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { LiveWorkspace } from '../../core/index.js';
import { createServer } from '../create-server.js';
import { requestIdProblem } from '../inbound.js';
import { changedResources, documentSetChanged } from '../notifications.js';
import type { ServerState } from '../server-state.js';
import { oneLine } from '../tool-result.js';
import { createLimitedServer } from '../../common/connections.js';
import { createGuard, type GuardOptions } from '../../common/http-guard.js';
import { createLegacySessions, type Exchange } from './legacy-sessions.js';
import { HTTP_LIMITS, type HttpLimits } from './limits.js';
import { readBody, toWebRequest } from './node-bridge.js';
import { sendWebResponse } from './send-response.js';

export { HTTP_LIMITS } from './limits.js';

export interface HttpServerOptions extends GuardOptions {
  readonly port: number;
  readonly limits?: Partial<HttpLimits>;
}

export interface HttpServer {
  /** Starts listening; rejects with the listen error (`EADDRINUSE`…). Resolves with the URL of `/mcp`. */
  listen(): Promise<string>;
  /** Refuses new requests, lets the ones being answered finish (up to `drainMs`), then closes everything. */
  drain(): Promise<void>;
}

/** The methods `/mcp` answers (the Streamable HTTP transport's). */
const MCP_METHODS = 'GET, POST, DELETE';

/** A request being answered; `long` ones (streams) are not waited for on drain. */
interface InFlight {
  long: boolean;
}

export function createHttpServer(state: ServerState, live: Pick<LiveWorkspace, 'loaded' | 'latest'>, options: HttpServerOptions): HttpServer {
  const limits: HttpLimits = { ...HTTP_LIMITS, ...options.limits };
  const guard = createGuard(options);
  const onerror = (error: Error) => state.log(`docugraph-mcp: ${oneLine(error.message)}`);
  const { modern, sessions, stopNotifying } = createHandlers(state, limits, onerror);

  let draining = false;
  const inFlight = new Map<Promise<void>, InFlight>();

  const { server, connections } = createLimitedServer(limits, (req, res) => {
    const entry: InFlight = { long: false };
    const done = serve(req, res, entry).catch((error: unknown) => {
      onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error; see the server log' });
      else res.destroy();
    });
    inFlight.set(done, entry);
    void done.finally(() => inFlight.delete(done));
  });

  async function serve(req: IncomingMessage, res: ServerResponse, entry: InFlight): Promise<void> {
    if (draining) return sendJson(res, 503, { error: 'the server is shutting down' }, { connection: 'close' });
    const refusal = guard({ host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization });
    if (refusal !== undefined) {
      // Nothing is kept for a client that is not let in: not its body, not its connection.
      req.resume();
      return sendJson(res, refusal.status, { error: refusal.message }, { connection: 'close', ...(refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) });
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return health(req, res);
    if (path !== '/mcp') {
      req.resume();
      return sendJson(res, 404, { error: `nothing at ${path}: the MCP endpoint is /mcp` });
    }
    if (!MCP_METHODS.split(', ').includes(req.method ?? '')) {
      req.resume();
      return sendJson(res, 405, { error: `${req.method ?? ''} is not supported on /mcp: use ${MCP_METHODS}` }, { allow: MCP_METHODS });
    }
    await mcp(req, res, entry);
  }

  function health(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'use GET /healthz' }, { allow: 'GET, HEAD' });
    const latest = live.latest();
    sendJson(res, 200, { status: 'ok', loaded: live.loaded(), documents: latest === null ? null : latest.nodes.size });
  }

  async function mcp(req: IncomingMessage, res: ServerResponse, entry: InFlight): Promise<void> {
    let body: Buffer | undefined;
    let parsed: unknown;
    if (req.method === 'POST') {
      const read = await readBody(req, limits.maxBodyBytes);
      if (!read.ok) {
        if (read.reason === 'aborted') return void res.destroy();
        req.resume();
        return sendJson(res, 413, { error: `request bodies are limited to ${limits.maxBodyBytes} bytes` }, { connection: 'close' });
      }
      body = read.body;
      const text = body.toString('utf8');
      parsed = parseJson(text);
      const problem = parsed === undefined ? undefined : requestIdProblem(text, parsed);
      if (problem !== undefined) return sendJson(res, 400, { jsonrpc: '2.0', error: { code: ProtocolErrorCode.InvalidRequest, message: problem }, id: null });
    }
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const request = toWebRequest(req, body, aborted.signal);
    entry.long = req.method === 'GET' || isListen(parsed);
    const legacy = await isLegacyRequest(request, parsed, { maxRequestBodySize: limits.maxBodyBytes });
    const exchange: Exchange = legacy
      ? await sessions.handle(request, parsed)
      : { response: await modern.fetch(request, parsed === undefined ? {} : { parsedBody: parsed }), release: () => {} };
    try {
      await sendWebResponse(res, exchange.response, { stallMs: limits.stallMs, maxBacklogBytes: entry.long ? limits.streamBacklogBytes : Number.POSITIVE_INFINITY });
    } finally {
      exchange.release();
    }
  }

  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.off('error', reject);
          server.on('error', acceptFailed(connections.relieve, state.log));
          const address = server.address() as AddressInfo;
          const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${host}:${address.port}/mcp`);
        });
      }),
    async drain() {
      draining = true;
      server.close();
      server.closeIdleConnections();
      const short = [...inFlight].filter(([, entry]) => !entry.long).map(([done]) => done);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(short), new Promise((resolve) => (timer = setTimeout(resolve, limits.drainMs)))]);
      clearTimeout(timer);
      stopNotifying?.();
      connections.stop();
      await Promise.allSettled([modern.close(), sessions.closeAll()]);
      server.closeAllConnections();
    },
  };
}

/** The two eras' handlers over `state`, and the one live-workspace listener of the 2026-07-28 one. */
function createHandlers(state: ServerState, limits: HttpLimits, onerror: (error: Error) => void) {
  // Per-request 2026-07-28 servers advertise the live capabilities but do not listen to the
  // workspace themselves: one listener below publishes to the handler's subscription streams.
  const perRequest: ServerState = state.onUpdate === undefined ? state : { ...state, onUpdate: () => () => {} };
  const modern = createMcpHandler(({ era }) => createServer(perRequest, era), {
    legacy: 'reject',
    onerror,
    maxRequestBodySize: limits.maxBodyBytes,
    keepAliveMs: limits.keepAliveMs,
  });
  const stopNotifying = state.onUpdate?.((before, after, changedIds) => {
    if (documentSetChanged(before, after, changedIds)) modern.notify.resourcesChanged();
    for (const uri of changedResources(before, after, changedIds)) modern.notify.resourceUpdated(uri);
  });
  const sessions = createLegacySessions(state, (own) => createServer(own, 'legacy'), {
    maxSessions: limits.maxSessions,
    idleMs: limits.sessionIdleMs,
    maxBodyBytes: limits.maxBodyBytes,
    keepAliveMs: limits.keepAliveMs,
    log: state.log,
  });
  return { modern, sessions, stopNotifying };
}

/** How often, at most, a failure to accept connections is logged. */
const ACCEPT_LOG_EVERY_MS = 60_000;

/**
 * An error of the listening server after start-up (a failed `accept`): logged (once a
 * minute at most), never a crash. Out of file descriptors, the oldest connection doing
 * nothing is closed, so the next client can connect.
 */
function acceptFailed(relieve: () => void, log: (line: string) => void): (error: NodeJS.ErrnoException) => void {
  let logged = Number.NEGATIVE_INFINITY;
  return (error) => {
    const outOfFiles = error.code === 'EMFILE' || error.code === 'ENFILE';
    if (outOfFiles) relieve();
    if (Date.now() - logged < ACCEPT_LOG_EVERY_MS) return;
    logged = Date.now();
    const what = outOfFiles ? 'out of file descriptors (raise `ulimit -n`); closing idle connections to make room' : oneLine(error.message);
    log(`docugraph-mcp: cannot accept a connection: ${what}`);
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a parsed body is a `subscriptions/listen` request (a stream that stays open). */
function isListen(parsed: unknown): boolean {
  return typeof parsed === 'object' && parsed !== null && (parsed as { method?: unknown }).method === 'subscriptions/listen';
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
