/**
 * A raw JSON-RPC client for the spawned `docugraph-mcp`, for fuzzing the protocol: it writes
 * arbitrary lines (or bytes), reads stdout line by line, records every line that is not a
 * JSON-RPC 2.0 object (stdout must carry only protocol messages), and waits for answers with
 * a time bound. Optionally runs the server under strace (see bounded-process.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEveryTest } from './after-every-test.js';
import { HAS_STRACE, straceCommand } from './bounded-process.js';
import { BIN } from './paths.js';

/** How long any single answer may take. */
export const ANSWER_MS = 5_000;

export type Message = Record<string, unknown>;

const open: RawClient[] = [];
afterEveryTest(async () => {
  while (open.length > 0) await open.pop()!.kill();
});

export interface RawClientOptions {
  readonly env?: Record<string, string>;
  /** strace `-e trace=` set; the trace is read with `trace()` after the process ends. */
  readonly trace?: string;
  /** Address-space limit in KiB (`ulimit -v`), so a runaway allocation aborts the server. */
  readonly memoryKb?: number;
  /** Keep it running after each test (a server shared by a file's tests); the caller kills it. */
  readonly shared?: boolean;
}

/** A spawned server with raw pipes. */
export class RawClient {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every stdout line that parsed as JSON, in order. */
  readonly messages: Message[] = [];
  /** The text of each of `messages`, as written (for what JSON.parse does not keep, such as a number's digits). */
  readonly texts: string[] = [];
  /** Stdout lines that are not JSON-RPC 2.0 objects (must stay empty). */
  readonly badLines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stdoutParts: string[] = [];
  private stderrText = '';
  private nextId = 1_000_000;
  private readonly waiters = new Set<() => void>();
  private readonly traceFile: string | null = null;
  private readonly traceDir: string | null = null;

  constructor(args: readonly string[], options: RawClientOptions = {}) {
    let command = [process.execPath, BIN, ...args];
    if (options.trace !== undefined && HAS_STRACE) {
      this.traceDir = mkdtempSync(join(tmpdir(), 'docugraph-trace-'));
      this.traceFile = join(this.traceDir, 'trace');
      command = [...straceCommand(options.trace, this.traceFile), ...command];
    }
    const limit = options.memoryKb === undefined ? '' : `ulimit -v ${options.memoryKb}; `;
    // Its own process group, so that killing it also ends a traced server under strace.
    this.child = spawn('sh', ['-c', `${limit}exec "$@"`, 'sh', ...command], { detached: true, env: { PATH: process.env['PATH'] ?? '', ...options.env } });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.onStdout(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderrText += chunk));
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => {
      this.wake();
      resolve({ code, signal });
    }));
    if (options.shared !== true) open.push(this);
  }

  private onStdout(chunk: string): void {
    // Only the new chunk is searched: answers of tens of megabytes arrive in many chunks.
    let start = 0;
    let newline = chunk.indexOf('\n');
    while (newline !== -1) {
      this.stdoutParts.push(chunk.slice(start, newline));
      this.onLine(this.stdoutParts.join(''));
      this.stdoutParts = [];
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) this.stdoutParts.push(chunk.slice(start));
    this.wake();
  }

  private onLine(line: string): void {
    if (line.trim() === '') return void this.badLines.push(line);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return void this.badLines.push(line.slice(0, 500));
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as Message)['jsonrpc'] !== '2.0') {
      this.badLines.push(line.slice(0, 500));
      return;
    }
    this.messages.push(value as Message);
    this.texts.push(line);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Everything written to stderr so far. */
  stderr(): string {
    return this.stderrText;
  }

  /** `true` while the process runs. */
  alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Writes text (a newline is added) or raw bytes (written as they are). */
  send(data: string | Uint8Array): void {
    if (typeof data === 'string') this.child.stdin.write(`${data}\n`);
    else this.child.stdin.write(data);
  }

  /** Resolves with the first message (from index `from`) matching `match`, or rejects after `timeoutMs`. */
  waitFor(match: (message: Message) => boolean, timeoutMs = ANSWER_MS, from = 0): Promise<Message> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < this.messages.length; i += 1) {
          if (match(this.messages[i]!)) {
            cleanup();
            return resolve(this.messages[i]!);
          }
        }
        if (!this.alive()) {
          cleanup();
          reject(new Error(`server exited (${this.child.exitCode ?? this.child.signalCode}) before answering; stderr tail: ${this.stderrText.slice(-800)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no answer within ${timeoutMs} ms; stderr tail: ${this.stderrText.slice(-800)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Sends a request with a fresh numeric id and waits for its answer. */
  async request(method: string, params?: unknown, timeoutMs = ANSWER_MS): Promise<Message> {
    const id = this.nextId++;
    this.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    return this.waitFor((m) => m['id'] === id && ('result' in m || 'error' in m), timeoutMs);
  }

  /** The 2025 handshake: `initialize` then `notifications/initialized`. */
  async initialize(capabilities: Record<string, unknown> = {}): Promise<Message> {
    const answer = await this.request('initialize', { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 'fuzz', version: '0' } }, 20_000);
    this.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return answer;
  }

  /**
   * Sends `line`, then a ping, and returns what arrived in between (the answers to `line`)
   * once the ping is answered, with the stderr written meanwhile (waiting 100 ms for it).
   */
  async probe(line: string | Uint8Array, timeoutMs = ANSWER_MS): Promise<{ answers: Message[]; stderr: string; ms: number }> {
    const stderrFrom = this.stderrText.length;
    const { from, id, ms } = await this.pinged(line, timeoutMs);
    // stderr is another pipe: let what the server wrote before the ping's answer arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = this.messages.slice(from).filter((m) => m['id'] !== id);
    return { answers, stderr: this.stderrText.slice(stderrFrom), ms };
  }

  /**
   * `probe` for callers that read stdout only: sends `line`, then a ping, and returns what
   * arrived in between (the answers to `line`) as soon as the ping is answered, without
   * `probe`'s 100 ms wait for stderr.
   */
  async answersTo(line: string | Uint8Array, timeoutMs = ANSWER_MS): Promise<{ answers: Message[]; ms: number }> {
    const { from, id, ms } = await this.pinged(line, timeoutMs);
    return { answers: this.messages.slice(from).filter((m) => m['id'] !== id), ms };
  }

  /** Sends `line`, then a ping; once the ping is answered: where the answers start, the ping's id, the time taken. */
  private async pinged(line: string | Uint8Array, timeoutMs: number): Promise<{ from: number; id: number; ms: number }> {
    const from = this.messages.length;
    const started = performance.now();
    this.send(line);
    const id = this.nextId++;
    this.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }));
    await this.waitFor((m) => m['id'] === id, timeoutMs, from);
    return { from, id, ms: performance.now() - started };
  }

  /** The strace lines (after the process has ended), or `[]` without a trace. */
  trace(): string[] {
    if (this.traceFile === null) return [];
    try {
      return readFileSync(this.traceFile, 'utf8').split('\n').filter((line) => line !== '');
    } catch {
      return [];
    }
  }

  /** Ends the process (SIGKILL if it still runs) and removes the trace. */
  async kill(): Promise<void> {
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await this.exited;
    if (this.traceDir !== null) rmSync(this.traceDir, { recursive: true, force: true });
  }
}

/**
 * A server a file's tests share: `get()` gives the running, initialised one, or starts a new
 * one when the last died (so a crash fails its own test, not every test after it); `kill()`
 * ends it (in the file's `afterAll`).
 */
export function sharedRawServer(args: () => readonly string[]): { get: () => Promise<RawClient>; kill: () => Promise<void> } {
  let shared: RawClient | null = null;
  return {
    async get() {
      if (shared !== null && shared.alive()) return shared;
      shared = null;
      const started = new RawClient(args(), { shared: true });
      try {
        await started.initialize();
      } catch (error) {
        await started.kill();
        throw error;
      }
      shared = started;
      return started;
    },
    async kill() {
      await shared?.kill();
    },
  };
}

/** The error code of a JSON-RPC error answer, or `null` for a result. */
export function errorCode(message: Message): number | null {
  const error = message['error'] as { code?: unknown } | undefined;
  return typeof error?.code === 'number' ? error.code : null;
}

/** The parsed JSON text of a tool result's first content item (for `isError` results). */
export function toolErrorBody(message: Message): Record<string, unknown> | null {
  const result = message['result'] as { isError?: boolean; content?: { type: string; text?: string }[] } | undefined;
  if (result?.isError !== true) return null;
  const text = result.content?.[0]?.text;
  if (text === undefined) return { code: '(no text content)' };
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { code: '(not JSON)', text: text.slice(0, 300) };
  }
}
