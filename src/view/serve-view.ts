/**
 * The server of `docugraph view` (issue 27): the page and its data on 127.0.0.1 only, over
 * the live workspace, read-only. Every request passes the HTTP server's guard first (Host and
 * Origin: no DNS rebinding, no other site's page). Routes, all GET (or HEAD):
 * `/` the page; `/api/graph` the payload (buildViewModel, made once per snapshot);
 * `/api/events` a server-sent event `update` after every change on disk; `/api/node?id=`
 * a node's acceptance criteria; `/api/bundle?id=` its context bundle (text, within the MCP
 * tool's default budget). Its connections are capped and timed (VIEW_LIMITS), as the MCP HTTP
 * server's are.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildBundle, buildViewModel, DEFAULT_MAX_TOKENS, DocugraphError, getAcceptanceCriteria, type LiveWorkspace, type Workspace } from '../core/index.js';
import { createLimitedServer } from '../common/connections.js';
import { createGuard } from '../common/http-guard.js';
import { pageCsp, viewPage } from '../common/view-page.js';

/** The one address the view listens on. */
export const VIEW_HOST = '127.0.0.1';

export interface ViewServer {
  /** Starts listening; resolves with the page's URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** Pages open at once (each holds one event stream); one more is refused with 503, so a local client cannot hold the server's memory. */
export const MAX_EVENT_STREAMS = 64;

/**
 * The limits of the view's server, as the MCP HTTP server has them (src/mcp/http/limits.ts),
 * sized for one person's browser on 127.0.0.1: any local process can connect, and a few
 * hundred connections that send nothing, or half a request, or stay idle, must neither hold
 * the server's memory nor keep the page out. Tests pass smaller ones to `createViewServer`.
 */
export const VIEW_LIMITS = {
  /** The request line and headers must arrive within this (of the connection, or of a keep-alive request's first byte), else 408. */
  headersTimeoutMs: 10_000,
  /** The whole request must arrive within this (the view's are GETs without a body). */
  requestTimeoutMs: 30_000,
  /** A keep-alive connection with no request for this long is closed. */
  keepAliveTimeoutMs: 5_000,
  /** How often those timeouts, and the pending caps, are checked (Node's default is every 30 s). */
  timeoutCheckMs: 1_000,
  /**
   * Open connections at most: every page's event stream (MAX_EVENT_STREAMS) and as many more.
   * A newcomer beyond it closes the oldest connection that has not sent its headers (else the
   * one idle longest); it is refused only when every connection is answering a request.
   */
  maxConnections: 2 * MAX_EVENT_STREAMS,
  /** Connections whose headers have not all arrived; beyond, the oldest are closed (on loopback every client has one address: the same cap for both). */
  maxPendingConnections: 32,
  maxPendingPerAddress: 32,
  /** The pending caps close only connections pending longer than this. */
  pendingGraceMs: 1_000,
} as const;

export type ViewLimits = { readonly [K in keyof typeof VIEW_LIMITS]: number };

export function createViewServer(live: Pick<LiveWorkspace, 'snapshot' | 'onUpdate'>, port: number, limitsGiven: Partial<ViewLimits> = {}): ViewServer {
  const limits: ViewLimits = { ...VIEW_LIMITS, ...limitsGiven };
  const guard = createGuard({ host: VIEW_HOST, token: undefined, allowOrigins: [] });
  const payloads = new WeakMap<Workspace, string>();
  const streams = new Set<ServerResponse>();
  const stop = live.onUpdate(() => {
    for (const res of streams) res.write('event: update\ndata: {}\n\n');
  });
  const { server, connections } = createLimitedServer(limits, (req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else res.destroy();
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = guard({ host: req.headers.host, origin: req.headers.origin, authorization: undefined });
    if (refusal !== undefined) return send(res, refusal.status, 'text/plain; charset=utf-8', `${refusal.message}\n`);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(res, 405, 'text/plain; charset=utf-8', 'docugraph view is read-only: GET only\n');
    }
    const url = new URL(req.url ?? '/', 'http://view.invalid');
    switch (url.pathname) {
      case '/':
        return send(res, 200, 'text/html; charset=utf-8', viewPage('live'), { 'content-security-policy': `${pageCsp('live')}; frame-ancestors 'none'` });
      case '/api/graph': {
        const workspace = await live.snapshot();
        let json = payloads.get(workspace);
        if (json === undefined) payloads.set(workspace, (json = JSON.stringify(buildViewModel(workspace))));
        return send(res, 200, 'application/json', json);
      }
      case '/api/events':
        if (streams.size >= MAX_EVENT_STREAMS) return send(res, 503, 'text/plain; charset=utf-8', `${MAX_EVENT_STREAMS} pages are open already: close one, or reload it\n`);
        res.writeHead(200, { ...HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
        res.write(': docugraph view\n\n');
        streams.add(res);
        res.once('close', () => streams.delete(res));
        return;
      case '/api/node':
      case '/api/bundle': {
        const workspace = await live.snapshot();
        const id = url.searchParams.get('id') ?? '';
        if (!workspace.nodes.has(id)) return send(res, 404, 'application/json', JSON.stringify({ error: 'no such document' }));
        if (url.pathname === '/api/bundle') return sendBundle(res, workspace, id);
        const { criteria } = getAcceptanceCriteria(workspace, id);
        return send(res, 200, 'application/json', JSON.stringify({ criteria: criteria.map((c) => [c.text, c.done]) }));
      }
      default:
        return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
    }
  }

  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, VIEW_HOST, () => resolve(`http://${VIEW_HOST}:${(server.address() as AddressInfo).port}/`));
      }),
    close: () =>
      new Promise((resolve) => {
        stop();
        connections.stop();
        for (const res of streams) res.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...HEADERS, ...extra, 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The bundle, or why there is none (a cycle upstream: `GRAPH_CYCLE`), as text. */
function sendBundle(res: ServerResponse, workspace: Workspace, id: string): void {
  try {
    // The MCP tool's default budget: one click never copies an unbounded bundle.
    send(res, 200, 'text/markdown; charset=utf-8', buildBundle(workspace, { taskId: id, maxTokens: DEFAULT_MAX_TOKENS, commands: 'cli' }));
  } catch (error) {
    if (!(error instanceof DocugraphError)) throw error;
    send(res, 409, 'text/plain; charset=utf-8', `${error.code}: ${error.message}\n`);
  }
}
