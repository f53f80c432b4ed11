/**
 * Hostile and ordinary HTTP clients for the server's edges: the built server with smaller
 * limits (test/helpers/http-harness.mjs), half-sent requests on raw sockets, timed probes,
 * and raw 2025 sessions (initialize, GET stream, call) whose every step a test controls.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect as netConnect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEveryTest } from './after-every-test.js';

const HARNESS = fileURLToPath(new URL('./http-harness.mjs', import.meta.url));
const FLOOD = fileURLToPath(new URL('./http-flood.mjs', import.meta.url));

/** A token long enough for the server. */
export const TOKEN = 'a7f3c9e1b5d24f6a8c0e2b4d6f8a1c3e';
export const BEARER = { authorization: `Bearer ${TOKEN}` };
export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const cleanups: (() => void)[] = [];
afterEveryTest(() => {
  while (cleanups.length > 0) cleanups.pop()!();
});

export interface LimitedServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: URL;
  readonly stderr: () => string;
  readonly stdout: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The server's resident memory, in kB. */
  readonly rssKb: () => number;
}

export interface LimitedOptions {
  readonly limits?: Record<string, number>;
  readonly token?: string;
  /** `ulimit -n` for the server: how many file descriptors it may open. */
  readonly maxFiles?: number;
  readonly env?: Record<string, string>;
}

/** Starts the built HTTP server with these limits on `root`; killed after the test. */
export async function spawnLimited(root: string, options: LimitedOptions = {}): Promise<LimitedServer> {
  const json = JSON.stringify({ limits: options.limits ?? {}, ...(options.token === undefined ? {} : { token: options.token }) });
  const ulimit = options.maxFiles === undefined ? '' : `ulimit -n ${options.maxFiles}; `;
  const child = spawn('sh', ['-c', `${ulimit}exec "$@"`, 'sh', process.execPath, HARNESS, root, json], { env: { PATH: process.env['PATH'] ?? '', ...options.env } });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match !== null) resolve(new URL(match[1]!));
    });
    void exited.then(({ code }) => reject(new Error(`the harness exited (${code}) before listening; stderr: ${stderr}`)));
  });
  const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
  return { child, url, stderr: () => stderr, stdout: () => stdout, exited, rssKb };
}

/** A flood of half-sent requests from a process of its own (test/helpers/http-flood.mjs). */
export interface Flood {
  /** Connections it opened so far (reopened ones included). */
  readonly opened: () => number;
  /** Its connections open now. */
  readonly open: () => number;
  /** Stops reopening the connections the server closes. */
  readonly stop: () => void;
}

/** Starts keeping `count` half-sent requests open against `url`, each reopened `delayMs` after the server closed it; killed after the test. */
export function startFlood(url: URL, count: number, delayMs = 20): Flood {
  const child = spawn(process.execPath, [FLOOD, url.href, String(count), String(delayMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let last = { opened: 0, open: 0 };
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    if (lines.length > 0) last = JSON.parse(lines[lines.length - 1]!) as typeof last;
  });
  return { opened: () => last.opened, open: () => last.open, stop: () => void child.stdin.write('stop\n') };
}

/** What a half-sent request has sent so far. */
export type HalfSent = 'nothing' | 'request-line' | 'headers' | 'body';

/** The bytes a client that stops at `stage` sends (`body`: complete headers, part of the body). */
export function halfRequest(url: URL, stage: HalfSent, headers: Record<string, string> = {}): string {
  const head = `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\n`;
  const rest = Object.entries({ ...MCP_HEADERS, ...headers, 'content-length': '1000' }).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  switch (stage) {
    case 'nothing':
      return '';
    case 'request-line':
      return 'POST /mcp HTTP/1.1\r\n';
    case 'headers':
      return `${head}${rest.slice(0, rest.length >> 1)}`;
    case 'body':
      return `${head}${rest}\r\n{"jsonrpc":"2.0",`;
  }
}

/** A raw socket that sends `data` and then nothing more (it reads, so it sees the server close it); resolves once connected. */
export function openRaw(url: URL, data: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = netConnect(Number(url.port), url.hostname, () => {
      socket.resume();
      if (data !== '') socket.write(data);
      resolve(socket);
    });
    socket.on('error', () => {});
    cleanups.push(() => socket.destroy());
  });
}

/** Resolves with the milliseconds from now until `socket` is closed by the other side (what it received, too). */
export function closedAfter(socket: Socket): Promise<{ ms: number; received: string }> {
  const started = performance.now();
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  return new Promise((resolve) => socket.once('close', () => resolve({ ms: performance.now() - started, received })));
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  readonly ms: number;
}

export interface SendOptions {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  readonly timeoutMs?: number;
  /** Called once the whole request has been handed to the operating system. */
  readonly onSent?: () => void;
  /** A keep-alive agent whose connection the request takes (default: a connection of its own, closed after it). */
  readonly agent?: Agent;
}

/** One request, on a connection of its own unless `agent` is given, failing after `timeoutMs`. */
export function send(url: URL, options: SendOptions = {}): Promise<Answer> {
  const started = performance.now();
  const own = options.agent === undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path ?? '/healthz', agent: options.agent ?? false, headers: { ...(own ? { connection: 'close' } : {}), ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          // An SSE answer may stay open after its event: the first event is enough (on a kept
          // connection the answer is read to its end instead, so the connection can serve the next).
          if (own && res.headers['content-type']?.includes('text/event-stream') && body.includes('\n\n')) res.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started }));
      },
    );
    req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    if (options.onSent !== undefined) req.once('finish', options.onSent);
    req.end(options.body);
  });
}

/** A JSON-RPC POST to `/mcp` (a 2025 session's when `session` is given). */
export function post(url: URL, message: unknown, options: { session?: string; headers?: Record<string, string>; onSent?: () => void; agent?: Agent } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...MCP_HEADERS, ...options.headers };
  if (options.session !== undefined) Object.assign(headers, { 'mcp-session-id': options.session, 'mcp-protocol-version': '2025-06-18' });
  const body = typeof message === 'string' ? message : JSON.stringify(message);
  return send(url, { method: 'POST', path: '/mcp', headers, body, ...(options.onSent === undefined ? {} : { onSent: options.onSent }), ...(options.agent === undefined ? {} : { agent: options.agent }) });
}

/**
 * JSON-RPC POSTs of 2025 sessions on one kept-alive connection (as an SDK client's fetch keeps
 * one), whichever session each names: for a test that sends thousands of requests, where a
 * connection each would cost both processes a connect and a close per request. The
 * connection is closed after the test.
 */
export function keepAlivePoster(url: URL): (session: string, message: unknown) => Promise<Answer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  cleanups.push(() => agent.destroy());
  return (session, message) => post(url, message, { session, agent });
}

export const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };

/** A raw 2025 session: initialized, and its id. */
export async function rawSession(url: URL, headers: Record<string, string> = {}): Promise<string> {
  const answer = await post(url, INITIALIZE, { headers });
  if (answer.status !== 200) throw new Error(`initialize: ${answer.status} ${answer.body}`);
  const session = String(answer.headers['mcp-session-id']);
  const initialized = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { session, headers });
  if (initialized.status !== 202) throw new Error(`initialized: ${initialized.status} ${initialized.body}`);
  return session;
}

/** `tools/list` in a session: its HTTP status (404 once the session ended). */
export async function callStatus(url: URL, session: string, headers: Record<string, string> = {}): Promise<number> {
  return (await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { session, headers })).status;
}

/** A GET stream a test holds: its socket, and when the server ended it. */
export interface HeldStream {
  readonly socket: Socket;
  /** Resolves when the response ends (its last chunk) or the connection closes. */
  readonly ended: Promise<void>;
}

/** Opens a session's GET stream; resolves once its headers arrived (200). `read: false` never reads its events. */
export function openStream(url: URL, session: string, options: { read?: boolean; headers?: Record<string, string> } = {}): Promise<HeldStream> {
  const lines = [`GET /mcp HTTP/1.1`, `Host: ${url.host}`, 'Accept: text/event-stream', `Mcp-Session-Id: ${session}`, 'Mcp-Protocol-Version: 2025-06-18'];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`${name}: ${value}`);
  return holdStream(url, `${lines.join('\r\n')}\r\n\r\n`, 'GET stream', options.read !== false);
}

/**
 * Opens a 2026-07-28 `subscriptions/listen` stream for `notifications` (the filter), with the
 * bytes the SDK client's `listen()` sends; resolves once its headers arrived (200). What the
 * server holds is the same as for an SDK client; reading it costs this process nothing per event.
 */
export function openListen(url: URL, notifications: Record<string, unknown>): Promise<HeldStream> {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'listen:0', method: 'subscriptions/listen', params: { _meta: meta, notifications } });
  const head = [`POST /mcp HTTP/1.1`, `Host: ${url.host}`, 'Content-Type: application/json', 'Accept: application/json, text/event-stream', 'Mcp-Method: subscriptions/listen', 'Mcp-Protocol-Version: 2026-07-28', `Content-Length: ${Buffer.byteLength(body)}`];
  return holdStream(url, `${head.join('\r\n')}\r\n\r\n${body}`, 'subscriptions/listen', true);
}

/** Sends `request` on a socket of its own; resolves once a 200 head arrived (paused there unless `read`). */
function holdStream(url: URL, request: string, what: string, read: boolean): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(Number(url.port), url.hostname, () => socket.write(request));
    socket.on('error', () => {});
    cleanups.push(() => socket.destroy());
    let end!: () => void;
    const ended = new Promise<void>((done) => (end = done));
    socket.once('close', () => end());
    let seen = '';
    let open = false;
    socket.on('data', (chunk: Buffer) => {
      // Only the last few bytes are kept: enough to find the end of the head and of the body.
      seen = (seen + chunk.toString('latin1')).slice(open ? -16 : -65536);
      if (open) {
        if (seen.endsWith('\r\n0\r\n\r\n')) end();
        return;
      }
      if (!seen.includes('\r\n\r\n')) return;
      if (!seen.startsWith('HTTP/1.1 200')) return reject(new Error(`${what}: ${seen.split('\r\n')[0]}`));
      open = true;
      if (!read) socket.pause();
      resolve({ socket, ended });
    });
  });
}

/**
 * Counts the occurrences of `marker` (a method name, say) in what a held stream receives from
 * now on, including one split across two chunks; `count` is live.
 */
export function countOnStream(stream: HeldStream, marker: string): { count: number } {
  const seen = { count: 0 };
  let tail = '';
  stream.socket.on('data', (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    seen.count += text.split(marker).length - 1;
    // Keep what could be the start of a marker that the next chunk completes (never a whole one).
    tail = marker.length > 1 ? text.slice(1 - marker.length) : '';
  });
  return seen;
}

/** Waits until `condition` holds, checking every 50 ms; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
