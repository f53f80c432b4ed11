/**
 * Every connection of an HTTP server (the MCP server's, `docugraph view`'s) from `connection` on, by what it is doing: `pending`
 * (its request's headers have not all arrived: nothing is known of the client, not even
 * whether it has the token), `busy` (a request is being answered) or `idle` (keep-alive,
 * between requests). The caps hold before authentication, per remote address and in total,
 * and they close the oldest connection that is doing nothing rather than refuse a newcomer:
 * a flood of half-sent requests can never keep out a client that sends a whole one promptly.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  readonly maxConnections: number;
  readonly maxPendingConnections: number;
  readonly maxPendingPerAddress: number;
  readonly pendingGraceMs: number;
  /** How often the pending caps are checked. */
  readonly timeoutCheckMs: number;
}

interface Entry {
  readonly address: string;
  readonly since: number;
  /** The loop turn it was accepted in (see `turn`). */
  readonly turn: number;
  /** Requests of this connection being answered (several when pipelined). */
  requests: number;
}

/** Node's own timeouts of a connection, beside the table's caps. */
export interface TimeoutLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
}

/**
 * A Node HTTP server bounded by `limits`: headers, request and keep-alive timeouts (Node checks
 * them every `connectionsCheckingInterval`, 30 s by default: checked every `timeoutCheckMs`, a
 * 10 s limit acts at 10–11 s), and the table's caps, each request counted while it is answered.
 */
export function createLimitedServer(limits: ConnectionLimits & TimeoutLimits, handle: (req: IncomingMessage, res: ServerResponse) => void): { readonly server: Server; readonly connections: ConnectionTable } {
  const options = { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, keepAliveTimeout: limits.keepAliveTimeoutMs, connectionsCheckingInterval: limits.timeoutCheckMs };
  const server = createServer(options, (req, res) => {
    connections.requestStarted(req.socket);
    res.once('close', () => connections.requestEnded(req.socket));
    handle(req, res);
  });
  const connections = trackConnections(server, limits);
  return { server, connections };
}

/** Tracks `server`'s connections and enforces `limits` on them; `stop` ends the periodic check. */
export function trackConnections(server: Server, limits: ConnectionLimits): ConnectionTable {
  return new ConnectionTable(server, limits);
}

export class ConnectionTable {
  private readonly all = new Map<Socket, Entry>();
  /** Connections without complete headers yet, oldest first. */
  private readonly pending = new Map<Socket, Entry>();
  private readonly pendingByAddress = new Map<string, Set<Socket>>();
  /** Keep-alive connections between requests, idle longest first. */
  private readonly idle = new Set<Socket>();
  /** The sweep of slow connections: armed while there is a connection, so an idle server wakes for nothing. */
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /**
   * Turns of the event loop in which connections came (or the pending caps were checked),
   * counted. A socket accepted in one turn is read in the next: one accepted two turns ago
   * has had its chance to send its headers, and only such a socket is closed to make room.
   * (libuv accepts a whole backlog at once, and a busy loop reads late: a client that
   * connected among a flood is not closed before it was read.)
   */
  private turn = 0;
  private ticking = false;

  constructor(
    server: Server,
    private readonly limits: ConnectionLimits,
  ) {
    server.on('connection', (socket: Socket) => this.connected(socket));
  }

  /** A request's headers arrived on `socket` (Node emitted `request`). */
  requestStarted(socket: Socket): void {
    const entry = this.all.get(socket);
    if (entry === undefined) return;
    this.unpend(socket, entry);
    this.idle.delete(socket);
    entry.requests += 1;
  }

  /** That request's response ended (or the client went away). */
  requestEnded(socket: Socket): void {
    const entry = this.all.get(socket);
    if (entry === undefined) return;
    entry.requests -= 1;
    if (entry.requests === 0 && !socket.destroyed) this.idle.add(socket);
  }

  /** Makes room (the process is out of file descriptors): closes the oldest pending or idle connection. */
  readonly relieve = (): void => void this.evictOne();

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private connected(socket: Socket): void {
    this.tick();
    if (this.all.size >= this.limits.maxConnections && !this.evictOne()) return void socket.destroy();
    const entry: Entry = { address: socket.remoteAddress ?? '', since: Date.now(), turn: this.turn, requests: 0 };
    this.all.set(socket, entry);
    this.pending.set(socket, entry);
    if (this.timer === undefined && !this.stopped) {
      this.timer = setInterval(() => this.sweep(), this.limits.timeoutCheckMs);
      this.timer.unref();
    }
    let mine = this.pendingByAddress.get(entry.address);
    if (mine === undefined) this.pendingByAddress.set(entry.address, (mine = new Set()));
    mine.add(socket);
    socket.once('close', () => this.forget(socket));
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    setImmediate(() => {
      this.turn += 1;
      this.ticking = false;
    });
  }

  /** Whether a pending connection has had a turn to be read (and, with `cutoff`, came before it). */
  private hadItsTurn(entry: Entry, cutoff = Number.POSITIVE_INFINITY): boolean {
    return this.turn - entry.turn >= 2 && entry.since <= cutoff;
  }

  /**
   * Closes the oldest pending connection that has had its turn to be read, else the one
   * idle longest; `false` when there is neither (the newcomer is then refused).
   */
  private evictOne(): boolean {
    const oldest = first(this.pending.entries());
    const victim = oldest !== undefined && this.hadItsTurn(oldest[1]) ? oldest[0] : first(this.idle.values());
    if (victim === undefined) return false;
    this.close(victim);
    return true;
  }

  /** Closes the oldest pending connections past the grace (and read) while a pending cap is exceeded. */
  private sweep(): void {
    this.tick(); // turns pass while connections wait, even when none come
    const cutoff = Date.now() - this.limits.pendingGraceMs;
    for (const sockets of [...this.pendingByAddress.values()]) this.trim(sockets, sockets.size, this.limits.maxPendingPerAddress, cutoff);
    this.trim(this.pending.keys(), this.pending.size, this.limits.maxPendingConnections, cutoff);
  }

  /** `oldestFirst`: connections in the order they came. */
  private trim(oldestFirst: Iterable<Socket>, size: number, cap: number, cutoff: number): void {
    if (size <= cap) return;
    for (const socket of [...oldestFirst]) {
      if (size <= cap || !this.hadItsTurn(this.all.get(socket)!, cutoff)) return;
      this.close(socket);
      size -= 1;
    }
  }

  private close(socket: Socket): void {
    this.forget(socket);
    socket.destroy();
  }

  private forget(socket: Socket): void {
    const entry = this.all.get(socket);
    if (entry === undefined) return;
    this.all.delete(socket);
    this.unpend(socket, entry);
    this.idle.delete(socket);
    if (this.all.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private unpend(socket: Socket, entry: Entry): void {
    if (!this.pending.delete(socket)) return;
    const mine = this.pendingByAddress.get(entry.address);
    mine?.delete(socket);
    if (mine?.size === 0) this.pendingByAddress.delete(entry.address);
  }
}

function first<T>(items: IterableIterator<T>): T | undefined {
  const next = items.next();
  return next.done === true ? undefined : next.value;
}
