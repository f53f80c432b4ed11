/**
 * 2025-era clients over HTTP: one session per `initialize` (`Mcp-Session-Id`), each with its
 * own `McpServer` on the SDK's `WebStandardStreamableHTTPServerTransport`, all over the one
 * live workspace. A session ends on `DELETE`, on shutdown, or after `idleMs` without a request
 * and without an open stream.
 */
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport, type McpServer } from '@modelcontextprotocol/server';
import type { ServerState } from '../server-state.js';

/** An answer, and what to call once it is written. */
export interface Exchange {
  readonly response: Response;
  readonly release: () => void;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: McpServer;
  /** Stops this session's live-workspace listeners. */
  readonly dispose: () => void;
  lastSeen: number;
  /** Requests (and streams) of this session being answered now. */
  open: number;
}

export interface LegacySessionsOptions {
  readonly maxSessions: number;
  readonly idleMs: number;
  readonly maxBodyBytes: number;
  readonly keepAliveMs: number;
  readonly log: (line: string) => void;
}

export interface LegacySessions {
  /**
   * Answers a 2025-era request (`parsedBody`: its JSON, when it parsed); call `release` once
   * the response is written (or abandoned), so an open stream keeps its session alive.
   */
  handle(request: Request, parsedBody: unknown): Promise<Exchange>;
  /** How many sessions are open. */
  size(): number;
  /** Ends every session (their streams close). */
  closeAll(): Promise<void>;
}

/** `create` builds a server for one session over the state it is given. */
export function createLegacySessions(state: ServerState, create: (state: ServerState) => McpServer, options: LegacySessionsOptions): LegacySessions {
  const sessions = new Map<string, Session>();
  const reaper = setInterval(() => {
    const now = Date.now();
    for (const [id, session] of sessions) if (session.open === 0 && now - session.lastSeen > options.idleMs) void end(id, session);
  }, Math.min(options.idleMs, 60_000));
  reaper.unref();

  async function end(id: string, session: Session): Promise<void> {
    sessions.delete(id);
    session.dispose();
    await session.transport.close().catch(() => {});
  }

  async function open(request: Request, parsedBody: unknown): Promise<Exchange> {
    if (sessions.size >= options.maxSessions) {
      return untracked(jsonRpcError(503, -32000, `Too many open sessions (${options.maxSessions}): close idle clients, or wait for idle sessions to expire.`));
    }
    const own = ownedState(state);
    const server = create(own.state);
    let session: Session | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        session = { transport, server, dispose: own.dispose, lastSeen: Date.now(), open: 1 };
        sessions.set(id, session);
      },
      onsessionclosed: (id) => {
        const found = sessions.get(id);
        if (found !== undefined) void end(id, found);
      },
      maxRequestBodySize: options.maxBodyBytes,
      keepAliveMs: options.keepAliveMs,
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    if (session === undefined) {
      // Not an initialize that succeeded: nothing to keep.
      own.dispose();
      await transport.close().catch(() => {});
      return untracked(response);
    }
    return tracked(session, response);
  }

  /** Counts the exchange as open until it is released (a GET stream stays open). */
  function tracked(session: Session, response: Response): Exchange {
    session.lastSeen = Date.now();
    let released = false;
    return {
      response,
      release: () => {
        if (released) return;
        released = true;
        session.open -= 1;
        session.lastSeen = Date.now();
      },
    };
  }

  return {
    async handle(request, parsedBody) {
      const id = request.headers.get('mcp-session-id');
      if (id === null) {
        if (request.method === 'POST') return open(request, parsedBody);
        return untracked(jsonRpcError(400, -32000, 'Bad Request: no Mcp-Session-Id header. Send initialize first, then the session id the server answers with.'));
      }
      const session = sessions.get(id);
      if (session === undefined) return untracked(jsonRpcError(404, -32001, 'Session not found: it ended or the server restarted. Send initialize again.'));
      session.open += 1;
      let response: Response;
      try {
        response = await session.transport.handleRequest(request, { parsedBody });
      } catch (error) {
        session.open -= 1;
        throw error;
      }
      return tracked(session, response);
    },
    size: () => sessions.size,
    async closeAll() {
      clearInterval(reaper);
      await Promise.all([...sessions].map(([id, session]) => end(id, session)));
    },
  };
}

function untracked(response: Response): Exchange {
  return { response, release: () => {} };
}

/** The state for one session, whose live-workspace listeners can all be stopped at once. */
function ownedState(state: ServerState): { state: ServerState; dispose: () => void } {
  const stops = new Set<() => void>();
  if (state.onUpdate === undefined) return { state, dispose: () => {} };
  const onUpdate = state.onUpdate;
  return {
    state: {
      ...state,
      onUpdate: (listener) => {
        const stop = onUpdate(listener);
        stops.add(stop);
        return () => {
          stops.delete(stop);
          stop();
        };
      },
    },
    dispose: () => {
      for (const stop of stops) stop();
      stops.clear();
    },
  };
}

/** A JSON-RPC error answer with this HTTP status. */
export function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'content-type': 'application/json' } });
}
