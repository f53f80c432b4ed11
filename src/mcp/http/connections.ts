/**
 * Every connection of the HTTP server from `connection` on, by what it is doing: `pending`
 * (its request's headers have not all arrived: nothing is known of the client, not even
 * whether it has the token), `busy` (a request is being answered) or `idle` (keep-alive,
 * between requests). The caps hold before authentication, per remote address and in total,
 * and they close the oldest connection that is doing nothing rather than refuse a newcomer:
 * a flood of half-sent requests can never keep out a client that sends a whole one promptly.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  readonly maxConnections: number;
  readonly maxPendingConnections: number;
  readonly maxPendingPerAddress: number;
  readonly pendingGraceMs: number;
  /** How often the pending caps are checked. */
  readonly timeoutCheckMs: number;
}

export interface ConnectionTable {
  /** A request's headers arrived on `socket` (Node emitted `request`). */
  requestStarted(socket: Socket): void;
  /** That request's response ended (or the client went away). */
  requestEnded(socket: Socket): void;
  /** Makes room when the process is out of file descriptors: closes the oldest pending or idle connection. */
  relieve(): void;
  /** Stops the periodic check. */
  stop(): void;
}

interface Entry {
  readonly address: string;
  readonly since: number;
  /** Requests of this connection being answered (several when pipelined). */
  requests: number;
}

/** Tracks `server`'s connections and enforces `limits` on them. */
export function trackConnections(server: Server, limits: ConnectionLimits): ConnectionTable {
  const all = new Map<Socket, Entry>();
  /** Connections without complete headers yet, oldest first. */
  const pending = new Map<Socket, Entry>();
  const pendingByAddress = new Map<string, Set<Socket>>();
  /** Keep-alive connections between requests, idle longest first. */
  const idle = new Set<Socket>();

  const unpend = (socket: Socket, entry: Entry) => {
    if (!pending.delete(socket)) return;
    const mine = pendingByAddress.get(entry.address);
    mine?.delete(socket);
    if (mine?.size === 0) pendingByAddress.delete(entry.address);
  };
  const forget = (socket: Socket) => {
    const entry = all.get(socket);
    if (entry === undefined) return;
    all.delete(socket);
    unpend(socket, entry);
    idle.delete(socket);
  };
  const close = (socket: Socket) => {
    forget(socket);
    socket.destroy();
  };
  /** Closes the oldest pending connection, else the one idle longest; `false` when every one is busy. */
  const evictOne = (): boolean => {
    const victim = first(pending.keys()) ?? first(idle.values());
    if (victim === undefined) return false;
    close(victim);
    return true;
  };

  server.on('connection', (socket: Socket) => {
    if (all.size >= limits.maxConnections && !evictOne()) return void socket.destroy();
    const entry: Entry = { address: socket.remoteAddress ?? '', since: Date.now(), requests: 0 };
    all.set(socket, entry);
    pending.set(socket, entry);
    let mine = pendingByAddress.get(entry.address);
    if (mine === undefined) pendingByAddress.set(entry.address, (mine = new Set()));
    mine.add(socket);
    socket.once('close', () => forget(socket));
  });

  /** Closes the oldest pending connections past the grace while a pending cap is exceeded. */
  const sweep = () => {
    const cutoff = Date.now() - limits.pendingGraceMs;
    for (const sockets of [...pendingByAddress.values()]) trim(sockets, sockets.size, limits.maxPendingPerAddress, cutoff);
    trim(pending.keys(), pending.size, limits.maxPendingConnections, cutoff);
  };
  /** `oldestFirst`: connections in the order they came. */
  const trim = (oldestFirst: Iterable<Socket>, size: number, cap: number, cutoff: number) => {
    if (size <= cap) return;
    for (const socket of [...oldestFirst]) {
      if (size <= cap || all.get(socket)!.since > cutoff) return;
      close(socket);
      size -= 1;
    }
  };
  const timer = setInterval(sweep, limits.timeoutCheckMs);
  timer.unref();

  return {
    requestStarted(socket) {
      const entry = all.get(socket);
      if (entry === undefined) return;
      unpend(socket, entry);
      idle.delete(socket);
      entry.requests += 1;
    },
    requestEnded(socket) {
      const entry = all.get(socket);
      if (entry === undefined) return;
      entry.requests -= 1;
      if (entry.requests === 0 && !socket.destroyed) idle.add(socket);
    },
    relieve: () => void evictOne(),
    stop: () => clearInterval(timer),
  };
}

function first<T>(items: IterableIterator<T>): T | undefined {
  const next = items.next();
  return next.done === true ? undefined : next.value;
}
