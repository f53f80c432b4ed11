/**
 * Spawning the built `docugraph-mcp` binary: through the SDK client, or raw over pipes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEveryTest } from './after-every-test.js';
import { BIN, DEMO } from './paths.js';

export { BIN, DEMO, FIXTURES } from './paths.js';

if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does it first)`);

const cleanups: (() => Promise<void>)[] = [];
afterEveryTest(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

export interface ConnectOptions {
  readonly args?: readonly string[];
  readonly env?: Record<string, string>;
  /** `legacy` (the 2025 `initialize` handshake, the default) or `modern` (2026-07-28, `server/discover`). */
  readonly era?: 'legacy' | 'modern';
  /** Directories the client declares as its roots. */
  readonly roots?: readonly string[];
  /** Leave closing to the caller (for a client shared by several tests) instead of after this test. */
  readonly shared?: boolean;
  /** The script to run with Node (default: the built docugraph-mcp). */
  readonly command?: string;
  /** The server's working directory. */
  readonly cwd?: string;
  /** `false` runs `command` as an executable instead of as a Node script. */
  readonly node?: boolean;
  /** `stdio` (default) or `http`: the server started with `--http --port 0`, the client over Streamable HTTP. */
  readonly transport?: 'stdio' | 'http';
}

/** Spawns the server and connects the SDK client to it. Closed after the test. */
export async function connect(options: ConnectOptions = {}): Promise<{ client: Client; stderr: () => string }> {
  if (options.transport === 'http') return connectHttp(options);
  const client = sdkClient(options);
  const script = options.command ?? BIN;
  const serverArgs = options.args ?? ['--workspace', DEMO];
  const transport = new StdioClientTransport({
    command: options.node === false ? script : process.execPath,
    args: options.node === false ? [...serverArgs] : [script, ...serverArgs],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: { PATH: process.env['PATH'] ?? '', ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
  if (options.shared !== true) cleanups.push(() => client.close());
  return { client, stderr: () => stderr };
}

export { textOf } from './in-memory.js';

export interface RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything written to stdout so far. */
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Writes lines to stdin. */
  readonly send: (...lines: string[]) => void;
  /** Resolves with the exit code (or signal) once the process ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once stdout holds a JSON-RPC response with this id. */
  readonly response: (id: number) => Promise<Record<string, unknown>>;
}

/** Spawns the server with raw pipes, for protocol-level and process-level tests. */
export function spawnRaw(args: readonly string[] = ['--workspace', DEMO], env: Record<string, string> = {}): RawServer {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const waiter of waiters.splice(0)) waiter();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const find = (id: number) =>
    stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((message) => message['id'] === id);
  const response = (id: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = find(id);
        if (found !== undefined) return resolve(found);
        if (child.exitCode !== null) return reject(new Error(`server exited before answering ${id}; stderr: ${stderr}`));
        waiters.push(check);
      };
      check();
    });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    send: (...lines) => void child.stdin.write(lines.map((l) => `${l}\n`).join('')),
    exited,
    response,
  };
}

/** A 2025-era `initialize` request line. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
export const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

/** A `tools/call` request line. */
export function callLine(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

/** The SDK client for these options (era, roots), not connected yet. */
export function sdkClient(options: Pick<ConnectOptions, 'era' | 'roots'> = {}): Client {
  const client = new Client(
    { name: 'docugraph-e2e', version: '1.0.0' },
    {
      capabilities: options.roots ? { roots: { listChanged: false } } : {},
      ...(options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  if (options.roots) {
    const roots = options.roots.map((dir) => ({ uri: pathToFileURL(dir).href, name: dir }));
    client.setRequestHandler('roots/list', async () => ({ roots }));
  }
  return client;
}

/**
 * NODE_OPTIONS for a server whose memory a test reads from its RSS: a 64 MB old space, so that
 * a leak ends in an out-of-memory crash, and a young generation held at 2 MB semi-spaces. V8
 * grows the young generation up to 16 MB semi-spaces (≈48 MB of RSS) as the allocation rate
 * rises, and on a busy machine it had grown between two readings: 105 → 122 MB from a third
 * of the run to its end with nothing leaking (CI, once). Held small, the same runs read
 * 92–98 MB and grow 1–4 MB, while anything kept across changes still lands in the old space.
 */
export const MEASURED_HEAP = '--max-old-space-size=64 --max-semi-space-size=2';

/** A server started with `--http`. */
export interface HttpServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** The URL of `/mcp`, from the server's stderr. */
  readonly url: URL;
  readonly stderr: () => string;
  /** Everything written to stdout (over HTTP: nothing). */
  readonly stdout: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the built server with `--http --port 0` (plus `args`) and waits until it listens.
 * Killed after the test unless `shared`.
 */
export async function spawnHttp(args: readonly string[] = ['--workspace', DEMO], env: Record<string, string> = {}, shared = false): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [BIN, ...args, '--http', '--port', '0'], { env: { PATH: process.env['PATH'] ?? '', ...env } });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  if (!shared) cleanups.push(stop);
  const url = await new Promise<URL>((resolve, reject) => {
    const check = () => {
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match !== null) return resolve(new URL(match[1]!));
    };
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      check();
    });
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before listening; stderr: ${stderr}`)));
  });
  return { child, url, stderr: () => stderr, stdout: () => stdout, exited };
}

/** `connect` over Streamable HTTP: a server of its own, the client with `headers` on every request. */
async function connectHttp(options: ConnectOptions & { headers?: Record<string, string> }): Promise<{ client: Client; stderr: () => string }> {
  const server = await spawnHttp(options.args ?? ['--workspace', DEMO], options.env ?? {}, options.shared === true);
  const client = sdkClient(options);
  await client.connect(new StreamableHTTPClientTransport(server.url, options.headers ? { requestInit: { headers: options.headers } } : {}));
  const close = async () => {
    await client.close();
    server.child.kill('SIGTERM');
    await server.exited;
  };
  if (options.shared === true) {
    const original = client.close.bind(client);
    client.close = async () => {
      await original();
      server.child.kill('SIGTERM');
      await server.exited;
    };
  } else {
    cleanups.push(close);
  }
  return { client, stderr: server.stderr };
}

/** Connects the SDK client over Streamable HTTP to a server already running at `url`. */
export async function connectUrl(url: URL, options: Pick<ConnectOptions, 'era' | 'roots'> & { headers?: Record<string, string> } = {}): Promise<Client> {
  const client = sdkClient(options);
  await client.connect(new StreamableHTTPClientTransport(url, options.headers ? { requestInit: { headers: options.headers } } : {}));
  return client;
}
