/**
 * 2025-era clients over HTTP: one session per `initialize` (`Mcp-Session-Id`), each with its
 * own `McpServer` on the SDK's `WebStandardStreamableHTTPServerTransport`, all over the one
 * live workspace. A session ends on `DELETE`, on shutdown, after `idleMs` without a request
 * and without an open stream, or when the table is full and a new client needs its place:
 * the session idle longest goes first, a client is never locked out.
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
  readonly id: string;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Stops this session's live-workspace listeners. */
  readonly dispose: () => void;
  lastSeen: number;
  /** Requests of this session being answered now. */
  requests: number;
  /** Its GET streams open now. */
  streams: number;
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
  /** Least recently seen first (a session is moved to the end whenever it is seen). */
  const sessions = new Map<string, Session>();
  /** Sessions being created (an `initialize` being answered): they count against the cap. */
  let opening = 0;
  // The reaper of idle sessions runs while there are sessions: an idle server wakes for nothing.
  let reaper: NodeJS.Timeout | undefined;
  let closed = false;
  const reap = () => {
    const now = Date.now();
    for (const session of [...sessions.values()]) {
      if (now - session.lastSeen <= options.idleMs) break;
      if (session.requests === 0 && session.streams === 0) void end(session);
    }
  };
  const armReaper = () => {
    if (reaper !== undefined || closed || sessions.size === 0) return;
    reaper = setInterval(reap, Math.min(options.idleMs, 60_000));
    reaper.unref();
  };
  const disarmReaper = () => {
    if (sessions.size > 0 && !closed) return;
    clearInterval(reaper);
    reaper = undefined;
  };

  function seen(session: Session): void {
    session.lastSeen = Date.now();
    if (!sessions.has(session.id)) return; // ended meanwhile
    sessions.delete(session.id);
    sessions.set(session.id, session);
  }

  async function end(session: Session): Promise<void> {
    if (sessions.get(session.id) !== session) return;
    sessions.delete(session.id);
    disarmReaper();
    session.dispose();
    await session.transport.close().catch(() => {});
  }

  /**
   * Makes room for one more session: ends the one idle longest, else the least recently
   * seen one that only holds a stream. `false` when every session is answering a request.
   */
  function makeRoom(): boolean {
    let victim: Session | undefined;
    for (const session of sessions.values()) {
      if (session.requests > 0) continue;
      if (session.streams === 0) {
        victim = session;
        break;
      }
      victim ??= session;
    }
    if (victim === undefined) return false;
    void end(victim);
    return true;
  }

  async function open(request: Request, parsedBody: unknown): Promise<Exchange> {
    if (sessions.size + opening >= options.maxSessions && !makeRoom()) {
      return untracked(jsonRpcError(503, -32000, `All ${options.maxSessions} sessions are answering requests right now: retry in a moment.`, { 'retry-after': '1' }));
    }
    opening += 1;
    try {
      return await initialize(request, parsedBody);
    } finally {
      opening -= 1;
    }
  }

  async function initialize(request: Request, parsedBody: unknown): Promise<Exchange> {
    const own = ownedState(state);
    const server = create(own.state);
    let session: Session | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        session = { id, transport, dispose: own.dispose, lastSeen: Date.now(), requests: 1, streams: 0 };
        sessions.set(id, session);
        armReaper();
      },
      onsessionclosed: (id) => {
        const found = sessions.get(id);
        if (found !== undefined) void end(found);
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
    return tracked(session, response, false);
  }

  /** Counts the exchange as open until it is released (a GET stream stays open). */
  function tracked(session: Session, response: Response, stream: boolean): Exchange {
    seen(session);
    let released = false;
    return {
      response,
      release: () => {
        if (released) return;
        released = true;
        if (stream) session.streams -= 1;
        else session.requests -= 1;
        seen(session);
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
      if (session === undefined) return untracked(jsonRpcError(404, -32001, 'Session not found: it ended (idle, closed, or the server restarted). Send initialize again.'));
      const stream = request.method === 'GET';
      if (stream) session.streams += 1;
      else session.requests += 1;
      let response: Response;
      try {
        response = await session.transport.handleRequest(request, { parsedBody });
      } catch (error) {
        if (stream) session.streams -= 1;
        else session.requests -= 1;
        throw error;
      }
      return tracked(session, response, stream);
    },
    size: () => sessions.size,
    async closeAll() {
      closed = true;
      disarmReaper();
      await Promise.all([...sessions.values()].map(end));
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
export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'content-type': 'application/json', ...headers } });
}
