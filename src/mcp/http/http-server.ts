/**
 * The Streamable HTTP endpoint (CATALOG § Streamable HTTP): `/mcp` for both protocol eras over
 * one live workspace, `/healthz`, and the guards around them. 2026-07-28 requests go to the
 * SDK's `createMcpHandler` (stateless, per request); 2025 requests to sessions on the SDK's
 * `WebStandardStreamableHTTPServerTransport` (see legacy-sessions.ts). No process, no argv.
 */
import { createServer as createNodeServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { LiveWorkspace } from '../../core/live-workspace.js';
import { createServer } from '../create-server.js';
import { changedResources, documentSetChanged } from '../notifications.js';
import type { ServerState } from '../server-state.js';
import { oneLine } from '../tool-result.js';
import { createGuard, type GuardOptions } from './guard.js';
import { createLegacySessions, type Exchange } from './legacy-sessions.js';
import { readBody, sendWebResponse, toWebRequest } from './node-bridge.js';

/** The limits of the HTTP server; see docs/decisions.md, "Streamable HTTP (issue 13)". */
export const HTTP_LIMITS = {
  /** Request bodies over this get 413 (CATALOG). */
  maxBodyBytes: 4 * 1024 * 1024,
  /** The request line and headers must arrive within this (slow-header clients). */
  headersTimeoutMs: 10_000,
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  /** A response a client does not read for this long is cut off. */
  stallMs: 30_000,
  /** SSE keep-alive comments on open streams. */
  keepAliveMs: 15_000,
  /** A 2025 session without requests or open streams for this long ends. */
  sessionIdleMs: 30 * 60_000,
  /** Open 2025 sessions at most. */
  maxSessions: 1000,
  /** Open connections at most. */
  maxConnections: 1024,
  /** How long SIGTERM waits for requests being answered. */
  drainMs: 10_000,
} as const;

export interface HttpServerOptions extends GuardOptions {
  readonly port: number;
  readonly limits?: Partial<typeof HTTP_LIMITS>;
}

export interface HttpServer {
  /** Starts listening; rejects with the listen error (`EADDRINUSE`…). Resolves with the URL of `/mcp`. */
  listen(): Promise<string>;
  /** Refuses new requests, lets the ones being answered finish (up to `drainMs`), then closes everything. */
  drain(): Promise<void>;
}

export function createHttpServer(state: ServerState, live: Pick<LiveWorkspace, 'loaded' | 'latest'>, options: HttpServerOptions): HttpServer {
  const limits = { ...HTTP_LIMITS, ...options.limits };
  const guard = createGuard(options);
  const onerror = (error: Error) => state.log(`docugraph-mcp: ${oneLine(error.message)}`);
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

  let draining = false;
  /** Requests being answered; `long` ones (streams) are not waited for on drain. */
  const inFlight = new Map<Promise<void>, { long: boolean }>();

  const server: Server = createNodeServer((req, res) => {
    const entry = { long: false };
    const done = serve(req, res, entry).catch((error: unknown) => {
      onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error; see the server log' });
      else res.destroy();
    });
    inFlight.set(done, entry);
    void done.finally(() => inFlight.delete(done));
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;

  async function serve(req: IncomingMessage, res: ServerResponse, entry: { long: boolean }): Promise<void> {
    if (draining) return sendJson(res, 503, { error: 'the server is shutting down' }, { connection: 'close' });
    const refusal = guard({ host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization });
    if (refusal !== undefined) {
      req.resume();
      return sendJson(res, refusal.status, { error: refusal.message }, refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      req.resume();
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'use GET /healthz' }, { allow: 'GET, HEAD' });
      const latest = live.latest();
      return sendJson(res, 200, { status: 'ok', loaded: live.loaded(), documents: latest === null ? null : latest.nodes.size });
    }
    if (path !== '/mcp') {
      req.resume();
      return sendJson(res, 404, { error: `nothing at ${path}: the MCP endpoint is /mcp` });
    }
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
      parsed = parseJson(body);
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
      await sendWebResponse(res, exchange.response, limits.stallMs);
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
      await Promise.allSettled([modern.close(), sessions.closeAll()]);
      server.closeAllConnections();
    },
  };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
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
