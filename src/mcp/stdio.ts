/**
 * STDIO wire for the server: the SDK's `StdioServerTransport`, plus the shutdown rule of
 * MCP-G0 §2 — when stdin ends (or a signal asks to stop), requests already received are
 * answered before the transport closes.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

/** How long a shutdown waits for unanswered requests before closing anyway. */
export const DRAIN_TIMEOUT_MS = 10_000;

type Id = string | number;

/** A transport over `stdin`/`stdout` that drains in-flight requests before it closes. */
export class DrainingStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private readonly input = new PassThrough();
  private readonly inner: StdioServerTransport;
  private readonly pending = new Set<Id>();
  private draining = false;
  private drainTimer: NodeJS.Timeout | undefined;

  constructor(private readonly stdin: Readable, stdout: Writable) {
    this.inner = new StdioServerTransport(this.input, stdout);
    this.inner.onclose = () => {
      if (this.drainTimer !== undefined) clearTimeout(this.drainTimer);
      this.onclose?.();
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message: JSONRPCMessage) => {
      if ('method' in message && 'id' in message && message.id !== undefined) this.pending.add(message.id);
      this.onmessage?.(message);
    };
  }

  async start(): Promise<void> {
    this.stdin.pipe(this.input, { end: false });
    this.stdin.once('end', () => this.shutdown());
    this.stdin.once('error', () => this.shutdown());
    await this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    try {
      await this.inner.send(message);
    } finally {
      if (('result' in message || 'error' in message) && message.id !== undefined && message.id !== null) {
        this.pending.delete(message.id);
        this.closeIfDrained();
      }
    }
  }

  /** Stops reading; closes once every request received so far has been answered. */
  shutdown(): void {
    if (this.draining) return;
    this.draining = true;
    this.stdin.unpipe(this.input);
    this.drainTimer = setTimeout(() => void this.close(), DRAIN_TIMEOUT_MS);
    this.drainTimer.unref();
    this.closeIfDrained();
  }

  async close(): Promise<void> {
    this.input.end();
    await this.inner.close();
  }

  private closeIfDrained(): void {
    if (this.draining && this.pending.size === 0) void this.close();
  }
}
