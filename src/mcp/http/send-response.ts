/**
 * Writing the SDK's web `Response` to a `node:http` response. The body is read as it comes
 * and written at once while the client keeps up; while it has not drained what it was sent,
 * the events wait here — where they are counted — instead of in the body stream's queue,
 * which has no bound. A waiting notification identical to one already waiting is dropped
 * (it says "this changed" again), and so is a keep-alive comment: a client that stops
 * reading costs no memory per workspace change. It is cut off when `stallMs` pass without a
 * drain, or when more than `maxBacklogBytes` of other events wait. Nothing is kept per
 * event once it is written.
 */
import type { ServerResponse } from 'node:http';

/** How a response body is written. */
export interface SendLimits {
  /** A write the client does not drain for this long cuts the response off. */
  readonly stallMs: number;
  /** While a write waits to drain, at most this many bytes of events may wait behind it; beyond, the response is cut off. */
  readonly maxBacklogBytes: number;
}

/**
 * Writes `response` to `res`. Resolves once the body is all handed to `res`, or when the
 * client went away or was cut off (its socket destroyed, the body stream cancelled).
 */
export async function sendWebResponse(res: ServerResponse, response: Response, limits: SendLimits): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  // The client went away: a pending read ends (done), and the SDK's stream is released.
  const cancel = () => void reader.cancel().catch(() => {});
  res.once('close', cancel);
  const writer = new BackloggedWriter(res, limits);
  try {
    for (;;) {
      const next = await reader.read();
      if (res.destroyed) break;
      if (next.done) {
        writer.end();
        break;
      }
      if (!writer.write(next.value)) {
        res.destroy();
        break;
      }
    }
  } catch {
    res.destroy();
  } finally {
    res.off('close', cancel);
    cancel();
  }
}

/** What to do with an event that arrives while the client has not drained. */
type Waiting = { readonly kind: 'drop' } | { readonly kind: 'keep'; readonly key: string | undefined };

/** The writes of one response, with the backlog that waits while the client does not drain. */
class BackloggedWriter {
  private readonly queue: Uint8Array[] = [];
  private head = 0;
  private queuedBytes = 0;
  /** The keys (texts) of the notifications waiting, and which queued events they are. */
  private readonly waiting = new Map<number, string>();
  private readonly waitingKeys = new Set<string>();
  private stall: NodeJS.Timeout | undefined;
  private ending = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly limits: SendLimits,
  ) {
    res.on('drain', this.flush);
    res.once('close', () => this.settle());
  }

  /** Writes or queues `chunk`; `false` when the backlog is over its limit (the caller cuts the response off). */
  write(chunk: Uint8Array): boolean {
    if (this.stall === undefined) {
      if (!this.res.write(chunk)) this.blocked();
      return true;
    }
    const waiting = classify(chunk);
    if (waiting.kind === 'drop') return true;
    if (waiting.key !== undefined) {
      if (this.waitingKeys.has(waiting.key)) return true;
      this.waitingKeys.add(waiting.key);
      this.waiting.set(this.queue.length, waiting.key);
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.byteLength;
    return this.queuedBytes <= this.limits.maxBacklogBytes;
  }

  /** The body is complete: ends the response once what waits is handed over (the stall limit holds until it is sent). */
  end(): void {
    this.ending = true;
    if (this.stall === undefined) this.finish();
  }

  private finish(): void {
    while (this.head < this.queue.length) this.res.write(this.take());
    this.res.end();
    if (this.res.writableNeedDrain) this.blocked();
    this.res.off('drain', this.flush);
    this.res.once('finish', () => this.settle());
  }

  private blocked(): void {
    this.stall ??= setTimeout(() => this.res.destroy(), this.limits.stallMs);
  }

  private readonly flush = () => {
    clearTimeout(this.stall);
    this.stall = undefined;
    if (this.ending) return this.finish();
    while (this.head < this.queue.length) {
      if (!this.res.write(this.take())) return this.blocked();
    }
  };

  private take(): Uint8Array {
    const index = this.head;
    const chunk = this.queue[index]!;
    this.head += 1;
    this.queuedBytes -= chunk.byteLength;
    const key = this.waiting.get(index);
    if (key !== undefined) {
      this.waiting.delete(index);
      this.waitingKeys.delete(key);
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    }
    return chunk;
  }

  private settle(): void {
    clearTimeout(this.stall);
    this.stall = undefined;
  }
}

const decoder = new TextDecoder();

/**
 * A keep-alive comment is dropped while the client does not drain; a notification (an SSE
 * event whose data is a JSON-RPC message with `method` and no `id`) is kept under its text,
 * so that an identical one is dropped; anything else is kept as it is.
 */
function classify(chunk: Uint8Array): Waiting {
  const text = decoder.decode(chunk);
  if (text.startsWith(':')) return { kind: 'drop' };
  const match = /^event: message\n(?:id: [^\n]*\n)?data: (.*)\n\n$/s.exec(text);
  if (match === null) return { kind: 'keep', key: undefined };
  let message: unknown;
  try {
    message = JSON.parse(match[1]!);
  } catch {
    return { kind: 'keep', key: undefined };
  }
  const notification = typeof message === 'object' && message !== null && 'method' in message && !('id' in message);
  return { kind: 'keep', key: notification ? match[1] : undefined };
}
