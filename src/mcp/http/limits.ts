/**
 * The limits of the HTTP server, each with its reason; see docs/decisions.md, "Streamable
 * HTTP (issue 13)" and "Hardening, second pass (issue 21)". Tests pass smaller ones through
 * `HttpServerOptions.limits`.
 */
export const HTTP_LIMITS = {
  /** Request bodies over this get 413 (CATALOG). */
  maxBodyBytes: 4 * 1024 * 1024,
  /**
   * The request line and headers must arrive within this of the connection (or, on a
   * keep-alive connection, of the request's first byte), else 408 and the connection closes.
   */
  headersTimeoutMs: 10_000,
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  /** A keep-alive connection with no request for this long is closed (Node's default). */
  keepAliveTimeoutMs: 5_000,
  /**
   * How often the timeouts above are checked (Node's `connectionsCheckingInterval`, by
   * default 30 s, so a 10 s limit acted at up to 40 s): they hold to within this. The
   * pending caps below are checked as often.
   */
  timeoutCheckMs: 1_000,
  /**
   * Open connections at most. A newcomer beyond it closes the oldest connection that has not
   * sent its headers yet (else the one idle longest): it is refused only when every
   * connection is answering a request.
   */
  maxConnections: 1024,
  /** Connections whose headers have not all arrived, in total; beyond, the oldest are closed. */
  maxPendingConnections: 256,
  /** Connections whose headers have not all arrived, per remote address; beyond, that address's oldest are closed. */
  maxPendingPerAddress: 64,
  /**
   * The two pending caps close only connections pending for longer than this: a client that
   * sends its request this promptly is never closed by them, even in a flood from its own
   * address (on loopback every client shares 127.0.0.1).
   */
  pendingGraceMs: 1_000,
  /** A response a client does not read for this long is cut off. */
  stallMs: 30_000,
  /**
   * While a client has not drained what it was sent, its events wait in the server, where
   * a notification identical to one already waiting is dropped (it says "this changed"
   * again): a client that does not read costs nothing per change. Beyond this many bytes of
   * distinct events waiting, the response is cut off. As large as the request body limit: a
   * client may be owed a burst of that order (1,000 subscriptions of 1 KB URIs after a
   * checkout; a `subscriptions/listen` filter up to 4 MiB).
   */
  streamBacklogBytes: 4 * 1024 * 1024,
  /** SSE keep-alive comments on open streams (they keep idle streams through proxies). */
  keepAliveMs: 15_000,
  /**
   * A 2025 session without a request and without an open stream for this long ends. A
   * connected client holds its GET stream (the SDK client reopens it when it drops) and is
   * never idle; a session idle this long belongs to a client that left without `DELETE`
   * (the SDK client's `close()` sends none) — or one that will get 404 and initialize again.
   */
  sessionIdleMs: 10 * 60_000,
  /**
   * Open 2025 sessions at most (≈70 KB each). When full, a new session ends the one idle
   * longest (else the least recently active one with only a stream open): never a lock-out.
   */
  maxSessions: 256,
  /** How long SIGTERM waits for requests being answered. */
  drainMs: 10_000,
} as const;

/** The limits, as `HttpServerOptions.limits` takes them (any subset). */
export type HttpLimits = { readonly [K in keyof typeof HTTP_LIMITS]: number };
