/**
 * STDIO wire for the server: newline-delimited JSON-RPC on stdin/stdout, with
 * - bounded memory: a line is capped (the SDK's 10 MiB read limit), and requests are read
 *   only while stdout keeps up — when stdout's buffer is full, stdin is paused until 'drain';
 * - an answer for every malformed line that asks for one (-32700 / -32600, one log line each);
 * - the shutdown rule of MCP-G0 §2: when stdin ends (or a signal asks to stop), requests
 *   already received are answered before the transport closes; one still unanswered at the
 *   drain deadline gets a JSON-RPC error, so no request is left without an answer.
 */
import type { Readable, Writable } from 'node:stream';
import {
  ProtocolErrorCode,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/server';
import { classifyLine } from './inbound.js';
import { invalidParamsAsSuch } from './invalid-params.js';
import { LineReader, type LineEvent } from './line-reader.js';

/** How long a shutdown waits for unanswered requests before answering them with an error. */
export const DRAIN_TIMEOUT_MS = 10_000;
/** The longest request line read (the SDK's own STDIO read limit, 10 MiB). */
export const MAX_LINE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;
/**
 * How much unflushed output stops the reading of requests until stdout drains. Above the
 * stream's 16 KiB high-water mark so that the pipe stays busy while the next answer is built;
 * memory stays within this plus one answer.
 */
export const OUTPUT_BUDGET_BYTES = 1024 * 1024;

export interface StdioOptions {
  /** Where one short line per rejected message goes (stderr in the binary). */
  readonly log?: (line: string) => void;
  readonly maxLineBytes?: number;
  readonly drainTimeoutMs?: number;
  readonly outputBudgetBytes?: number;
}

/** What a client sends before it needs anything of the workspace. */
const HANDSHAKE: ReadonlySet<string> = new Set(['initialize', 'notifications/initialized', 'server/discover', 'ping']);

/** A transport over `stdin`/`stdout` that respects stdout's backpressure and drains before it closes. */
export class DrainingStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** Resolves once the transport has closed (every request answered or given up on). */
  readonly closed: Promise<void>;
  /**
   * Resolves once the handshake is over: the first answer written (`initialize`'s, as a rule),
   * a request beyond the handshake received (a 2026-07-28 client may start with one), or the
   * transport closed.
   */
  readonly handshakeOver: Promise<void>;
  private endHandshake!: () => void;

  private readonly reader: LineReader;
  private readonly log: (line: string) => void;
  private readonly drainTimeoutMs: number;
  private readonly outputBudget: number;
  /** Requests and notifications read but not yet delivered (held while stdout is full). */
  private queue: (JSONRPCRequest | JSONRPCNotification)[] = [];
  private queueHead = 0;
  /** Client requests delivered and not answered yet. */
  private readonly pending = new Set<RequestId>();
  /** Requests this server sent to the client (e.g. `roots/list`) and not answered yet. */
  private readonly outbound = new Set<RequestId>();
  private pumpScheduled = false;
  private reading = false;
  private draining = false;
  private isClosed = false;
  private drainTimer: NodeJS.Timeout | undefined;
  private resolveClosed!: () => void;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    options: StdioOptions = {},
  ) {
    this.reader = new LineReader(options.maxLineBytes ?? MAX_LINE_BYTES);
    this.log = options.log ?? (() => {});
    this.drainTimeoutMs = options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS;
    this.outputBudget = options.outputBudgetBytes ?? OUTPUT_BUDGET_BYTES;
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    this.handshakeOver = new Promise((resolve) => (this.endHandshake = resolve));
    void this.closed.then(() => this.endHandshake());
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.once('end', this.onEnd);
    this.stdin.once('close', this.onStop);
    // Kept after reading stops: an error on stdin never crashes the server.
    this.stdin.on('error', this.onStop);
    this.stdout.on('drain', this.onDrain);
    this.reading = true;
    this.flow();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.isClosed) return Promise.resolve(); // what was pending got its answer at close
    if ('method' in message && 'id' in message) this.outbound.add(message.id);
    const written = this.write(invalidParamsAsSuch(message));
    if (('result' in message || 'error' in message) && message.id !== undefined) {
      this.endHandshake();
      this.pending.delete(message.id);
      this.closeIfDrained();
      this.flow();
    }
    return written;
  }

  /** Stops reading; closes once every request received so far has been answered. */
  shutdown(): void {
    if (this.draining || this.isClosed) return;
    this.draining = true;
    this.stopReading();
    // The client can no longer answer what the server asked it: fail those requests now, so
    // the calls waiting on them answer instead of waiting for their timeout.
    for (const id of [...this.outbound]) {
      this.outbound.delete(id);
      this.deliver({ jsonrpc: '2.0', id, error: { code: ProtocolErrorCode.InternalError, message: 'The server is shutting down; the client did not answer in time.' } });
    }
    this.drainTimer = setTimeout(() => void this.close(), this.drainTimeoutMs);
    this.flow();
    this.closeIfDrained();
  }

  /** Closes now; a request still unanswered gets a JSON-RPC error first. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.drainTimer !== undefined) clearTimeout(this.drainTimer);
    this.stopReading();
    this.stdout.off('drain', this.onDrain);
    const unanswered = [...this.pending];
    for (const message of this.queue.slice(this.queueHead)) if ('id' in message && 'method' in message) unanswered.push(message.id);
    this.pending.clear();
    this.queue = [];
    for (const id of unanswered) {
      void this.write({ jsonrpc: '2.0', id, error: { code: ProtocolErrorCode.InternalError, message: 'The server shut down before it could answer this request; send it again to a new server.' } });
    }
    this.onclose?.();
    this.resolveClosed();
  }

  private readonly onData = (chunk: Buffer | string) => {
    for (const event of this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) this.handle(event);
    this.flow();
  };

  /** End of input: a last line without its newline still counts. */
  private readonly onEnd = () => {
    const last = this.reader.end();
    if (last !== undefined && !this.draining) this.handle(last);
    this.shutdown();
  };

  private readonly onStop = () => this.shutdown();

  private readonly onDrain = () => this.flow();

  private handle(event: LineEvent): void {
    if (event.kind === 'overlong') {
      const what = `a request line of ${event.bytes} bytes is over the ${this.reader.maxLineBytes}-byte limit`;
      this.log(`docugraph-mcp: rejected ${describeId(event.id)}: ${what}`);
      this.reject(event.id, ProtocolErrorCode.InvalidRequest, `Invalid Request: ${what}; send smaller requests.`);
      return;
    }
    if (event.text.trim() === '') return;
    const inbound = classifyLine(event.text);
    if (inbound.kind === 'invalid') {
      if (inbound.response) {
        this.log(`docugraph-mcp: dropped a malformed response (${describeId(inbound.id)}): ${inbound.reason}`);
        // A request of ours that got a malformed answer fails now rather than at its timeout.
        if (inbound.id !== undefined && this.outbound.delete(inbound.id)) {
          this.deliver({ jsonrpc: '2.0', id: inbound.id, error: { code: inbound.code, message: `The client's answer was malformed: ${inbound.reason}` } });
        }
        return;
      }
      this.log(`docugraph-mcp: rejected ${describeId(inbound.id)}: ${inbound.reason}`);
      this.reject(inbound.id, inbound.code, inbound.reason);
      return;
    }
    const message = inbound.message;
    if (!('method' in message)) {
      // A response to a request of ours: delivered at once, never held behind requests.
      if (message.id !== undefined) this.outbound.delete(message.id);
      this.deliver(message);
      return;
    }
    if (!HANDSHAKE.has(message.method)) this.endHandshake();
    this.queue.push(message);
  }

  /**
   * Whether stdout holds a full budget of unflushed output. Past the high-water mark a write
   * has returned false, so 'drain' follows once the client has read it all.
   */
  private outputFull(): boolean {
    return this.stdout.writableLength >= this.outputBudget;
  }

  /** Reads stdin only while nothing is held and stdout keeps up; delivers held messages one per tick. */
  private flow(): void {
    if (this.isClosed) return;
    const full = this.outputFull();
    const held = this.queue.length > this.queueHead;
    if (held && !full && !this.pumpScheduled) {
      this.pumpScheduled = true;
      setImmediate(this.pump);
    }
    if (this.draining || !this.reading) return;
    if (held || full) this.stdin.pause();
    else this.stdin.resume();
  }

  /**
   * Delivers one held message, then yields: its answer is written (the tools are synchronous)
   * before the next is delivered, so `writableLength` is current at each step.
   */
  private readonly pump = () => {
    this.pumpScheduled = false;
    if (this.isClosed) return;
    if (!this.outputFull() && this.queue.length > this.queueHead) {
      const message = this.queue[this.queueHead]!;
      this.queueHead += 1;
      if (this.queueHead === this.queue.length) {
        this.queue = [];
        this.queueHead = 0;
      }
      if ('id' in message) this.pending.add((message as JSONRPCRequest).id);
      else if (message.method === 'notifications/cancelled') this.cancel(message.params);
      this.deliver(message);
    }
    this.flow();
    this.closeIfDrained();
  };

  /** A cancelled request gets no answer (MCP cancellation), so it is no longer waited for. */
  private cancel(params: unknown): void {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof requestId === 'string' || typeof requestId === 'number') this.pending.delete(requestId);
  }

  private deliver(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Answers a rejected line: with its id when it has one, else with `"id": null`, as JSON-RPC 2.0
   * §5 requires when the id cannot be read (and as the HTTP wire answers). Written as text: the
   * SDK's message type has no null id.
   */
  private reject(id: RequestId | undefined, code: number, message: string): void {
    if (id !== undefined) return void this.write({ jsonrpc: '2.0', id, error: { code, message } } satisfies JSONRPCErrorResponse);
    if (!this.stdout.destroyed && this.stdout.writable) this.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } })}\n`);
  }

  /** Writes one message. Flow control is this transport's own (see `flow`), so it never waits for 'drain'. */
  private write(message: JSONRPCMessage): Promise<void> {
    if (!this.stdout.destroyed && this.stdout.writable) this.stdout.write(`${JSON.stringify(message)}\n`);
    return Promise.resolve();
  }

  private stopReading(): void {
    if (!this.reading) return;
    this.reading = false;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onStop);
    this.stdin.pause();
  }

  private closeIfDrained(): void {
    if (this.draining && !this.isClosed && this.pending.size === 0 && this.queue.length === this.queueHead) void this.close();
  }
}

function describeId(id: RequestId | undefined): string {
  return id === undefined ? 'a message without a usable id' : `message id ${JSON.stringify(id)}`;
}
