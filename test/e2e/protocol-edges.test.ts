/**
 * Issue 8, classes 5 and 6, against the built server: stdout backpressure (bounded memory for
 * a client that does not read), over-long lines, malformed messages, bad resource URIs,
 * unusable client roots, signals during start-up, and shutdown with a call waiting on roots.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BIN, callLine, DEMO, FIXTURES, INITIALIZE, INITIALIZED, spawnRaw, textOf } from '../helpers/server-process.js';
import { sharedRawServer } from '../helpers/raw-client.js';
import { until } from '../helpers/http-clients.js';
import { doc, testdir } from '../helpers/testdir.js';

const MiB = 1024 * 1024;

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
});

/** The resident (VmRSS) or peak resident (VmHWM) memory of a process, in MiB. */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
/** CPU time used so far, in clock ticks (utime + stime of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the server with its stdout left unread until the test reads it. */
function spawnUnread(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env['PATH'] ?? '' } });
  children.push(child);
  child.stderr.resume();
  return child;
}

/** Reads JSON-RPC lines from `child` until `done` says so; only the parsed messages are kept. */
function readMessages(child: ChildProcessWithoutNullStreams, onMessage: (message: Record<string, unknown>) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let rest = '';
    const onData = (chunk: Buffer) => {
      rest += chunk.toString();
      let newline;
      while ((newline = rest.indexOf('\n')) !== -1) {
        const line = rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        if (onMessage(JSON.parse(line) as Record<string, unknown>)) {
          child.stdout.off('data', onData);
          child.off('exit', onExit);
          return resolve();
        }
      }
    };
    const onExit = () => reject(new Error('the server exited before the expected answers'));
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}

describe('class 5: a client that pipelines requests and does not read stdout', () => {
  it('keeps the server memory bounded, and every answer arrives once the client reads', async () => {
    // One task whose bundle is ~300 KB: 600 calls make ~190 MB of answers.
    const body = Array.from({ length: 4000 }, (_, i) => `Paragraph ${i}: the quick brown fox jumps over the lazy dog, again.`).join('\n');
    const root = testdir({
      'docs/BIG-1.md': doc({ id: 'BIG-1', title: 'Big', type: 'doc', status: 'approved' }, `# Big\n\n${body}\n`),
      'docs/TASK-1.md': doc({ id: 'TASK-1', title: 'Task', type: 'task', status: 'todo', depends_on: ['BIG-1'] }, '# Task\n'),
    });
    const child = spawnUnread(['--workspace', root]);
    child.stdin.write(`${INITIALIZE}\n${INITIALIZED}\n`);
    await readMessages(child, (message) => message['id'] === 0);
    child.stdout.pause();
    const base = memoryMiB(child.pid!, 'VmRSS');

    const calls = 600;
    const lines: string[] = [];
    for (let i = 1; i <= calls; i++) {
      lines.push(callLine(2 * i, 'get_task_context', { taskId: 'TASK-1' }), callLine(2 * i + 1, 'validate_traceability', {}));
    }
    child.stdin.write(`${lines.join('\n')}\n`);

    // Sample until the server stops working (it waits for the client) or 15 s have passed.
    let peak = base;
    let lastTicks = -1;
    let idleSamples = 0;
    for (let sample = 0; sample < 150 && idleSamples < 5; sample++) {
      await sleep(100);
      peak = Math.max(peak, memoryMiB(child.pid!, 'VmRSS'));
      const ticks = cpuTicks(child.pid!);
      idleSamples = ticks === lastTicks ? idleSamples + 1 : 0;
      lastTicks = ticks;
    }
    expect(peak).toBeLessThan(300);
    expect(peak - base).toBeLessThan(100);

    const answered = new Set<unknown>();
    let failures = 0;
    const all = readMessages(child, (message) => {
      answered.add(message['id']);
      if ('error' in message || (message['result'] as { isError?: boolean }).isError === true) failures += 1;
      return answered.size === 2 * calls;
    });
    child.stdout.resume();
    await all;
    expect(failures).toBe(0);
    child.stdin.end();
    expect(await once(child, 'exit')).toEqual([0, null]);
  }, 90_000);
});

describe('class 6: protocol edges', () => {
  it('a request line over the 10 MiB limit is answered with -32600 (its id recovered), logged once, and the server keeps serving', async () => {
    const server = spawnRaw();
    server.send(INITIALIZE, INITIALIZED);
    await server.response(0);
    // The SDK client writes the id last: it is recovered from the end of the line.
    const huge = 'x'.repeat(11 * MiB);
    server.send(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"get_task_context","arguments":{"taskId":"${huge}","id":7}},"id":42}`);
    expect(await server.response(42)).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/over the 10485760-byte limit/) } });
    // No usable id: answered with `"id": null`.
    server.send(`["${huge}"]`, callLine(43, 'validate_traceability', {}));
    expect(await server.response(43)).toMatchObject({ result: { structuredContent: { valid: true } } });
    const idless = server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((message) => message['id'] === null);
    expect(idless).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/over the 10485760-byte limit/) } }]);
    expect(server.stderr().match(/byte limit/g)).toHaveLength(2);
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('an over-long line is discarded as it streams in, not buffered', async () => {
    const server = spawnRaw();
    server.send(INITIALIZE);
    await server.response(0);
    const chunk = Buffer.alloc(MiB, 'y');
    server.child.stdin.write('{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"');
    for (let i = 0; i < 96; i++) {
      if (!server.child.stdin.write(chunk)) await once(server.child.stdin, 'drain');
    }
    server.send('"}}');
    expect(await server.response(9)).toMatchObject({ error: { code: -32600 } });
    // 96 MiB went through; the peak holds at most the 10 MiB cap of it.
    expect(memoryMiB(server.child.pid!, 'VmHWM')).toBeLessThan(160);
  }, 60_000);

  it('malformed messages that carry an id get -32600 with that id; one short stderr line each', async () => {
    const server = spawnRaw();
    server.send(INITIALIZE, INITIALIZED);
    await server.response(0);
    const bad = [
      '{"jsonrpc":"2.0","id":5,"method":7}',
      '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":5}',
      '{"id":7,"method":"ping"}',
      '{"jsonrpc":"1.0","id":"eight","method":"ping"}',
      '{"jsonrpc":"2.0","id":9,"method":"ping","extra":true}',
    ];
    server.send(...bad, '{"jsonrpc":"2.0","id":10,"method":"ping"}');
    for (const id of [5, 6, 7, 9]) expect(await server.response(id)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    expect(await server.response(10)).toMatchObject({ result: {} });
    const eight = server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((message) => message['id'] === 'eight');
    expect(eight).toMatchObject({ error: { code: -32600, message: expect.stringContaining('"jsonrpc" must be "2.0"') } });
    // stderr is another pipe: its lines may come after the answers that followed them.
    const lines = () => server.stderr().trim().split('\n').filter((line) => !/loading|serving/.test(line) && line !== '');
    await until(() => lines().length >= bad.length, 10_000, 'every rejected message is logged');
    const logged = lines();
    expect(logged).toHaveLength(bad.length);
    for (const line of logged) {
      expect(line).toMatch(/^docugraph-mcp: rejected message id /);
      expect(line.length).toBeLessThan(200);
    }
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('a line that is not JSON gets -32700 with `"id": null` (JSON-RPC 2.0 §5; issue 37); a malformed response from the client gets no answer', async () => {
    const server = spawnRaw();
    server.send(INITIALIZE, INITIALIZED);
    await server.response(0);
    server.send('not json', '{"jsonrpc":"2.0","id":77,"result":5}', '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    await server.response(1);
    const answers = server.stdout().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.filter((m) => !('id' in m))).toEqual([]);
    expect(answers.filter((m) => m['id'] === null)).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } }]);
    expect(answers.some((m) => m['id'] === 77)).toBe(false);
    // stderr is another pipe: its lines may come after the answer that followed them.
    await until(() => server.stderr().includes('dropped a malformed response'), 10_000, 'the malformed response is logged');
    expect(server.stderr().trim().split('\n').filter((line) => !/loading|serving/.test(line))).toEqual([
      expect.stringMatching(/^docugraph-mcp: rejected a message without a usable id: Parse error/),
      expect.stringMatching(/^docugraph-mcp: dropped a malformed response \(message id 77\)/),
    ]);
  });

  describe('bad percent-escapes', () => {
    // One server for the three URIs: each case is one resources/read on an initialised server,
    // answered on its own (nothing of one read stays for the next).
    const shared = sharedRawServer(() => ['--workspace', DEMO]);
    afterAll(() => shared.kill());
    it.each(['docugraph://docs/%E0%A4%A', 'docugraph://impact/%ZZ', 'docugraph://graph/%'])('a bad percent-escape in %s is -32602 with data.uri', async (uri) => {
      expect(await (await shared.get()).request('resources/read', { uri })).toMatchObject({ error: { code: -32602, message: expect.stringContaining('percent-escape'), data: { uri } } });
    });
  });
});

describe('class 6: client roots that cannot be used', () => {
  /** A client that answers roots/list with what `roots()` returns at the time. */
  async function connectWithRoots(era: 'legacy' | 'modern', roots: () => unknown) {
    const client = new Client(
      { name: 'roots-e2e', version: '1.0.0' },
      { capabilities: { roots: { listChanged: false } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
    );
    client.setRequestHandler('roots/list', async () => ({ roots: roots() }) as never);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--workspace', DEMO],
      env: { PATH: process.env['PATH'] ?? '' },
      stderr: 'pipe',
    });
    await client.connect(transport);
    return client;
  }

  describe.each(['legacy', 'modern'] as const)('%s era', (era) => {
    // One server per era for the three lists: the server asks for the roots again on every
    // call that needs them (client-roots.ts keeps no answer), so each call is refused for the
    // list its own case declares.
    let roots: unknown = [];
    let shared: Promise<Client> | null = null;
    afterAll(async () => (await shared)?.close());
    it.each([
      ['a non-file root', [{ uri: 'https://x' }]],
      ['a file root on another host', [{ uri: 'file://remote-host/x' }]],
      ['a malformed list', [{ name: 'no uri' }, 7]],
    ])('%s: PATH_NOT_ALLOWED as JSON', async (_name, list) => {
      roots = list;
      const client = await (shared ??= connectWithRoots(era, () => roots));
      const result = await client.callTool({ name: 'validate_traceability', arguments: { workspacePath: join(FIXTURES, 'cycle') } });
      expect(result.isError).toBe(true);
      expect(JSON.parse(textOf(result))).toMatchObject({ code: 'PATH_NOT_ALLOWED', message: expect.stringContaining('--allow-path') });
    });
  });
});

describe('class 6: shutdown', () => {
  it('SIGTERM while the workspace is still loading ends the process with 0', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4000; i++) {
      files[`docs/DOC-${i}.md`] = doc({ id: `DOC-${i}`, title: `Document ${i}`, type: 'doc', status: 'approved' }, `# Document ${i}\n\n${'Some text.\n'.repeat(20)}`);
    }
    const root = testdir(files);
    const child = spawnUnread(['--workspace', root]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Right after the server says it is loading (the load is synchronous and takes seconds
    // here), or after 1 s at the latest.
    await Promise.race([once(child.stderr, 'data'), sleep(1000)]);
    child.kill('SIGTERM');
    const [code, signal] = await once(child, 'exit');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(stderr).not.toMatch(/Error|at .*\.js/);
  }, 60_000);

  const ROOTS_INIT = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 'raw', version: '0' } },
  });

  it.each(['stdin end', 'SIGTERM'] as const)('a call waiting on a roots request the client never answers is answered at shutdown (%s)', async (how) => {
    const server = spawnRaw();
    server.send(ROOTS_INIT, INITIALIZED);
    await server.response(0);
    server.send(callLine(1, 'validate_traceability', { workspacePath: join(FIXTURES, 'cycle') }));
    // The server asks for the roots (a request of its own); the client stays silent.
    await new Promise<void>((resolve) => {
      const check = () => {
        if (!server.stdout().includes('"method":"roots/list"')) return;
        server.child.stdout.off('data', check);
        resolve();
      };
      // After spawnRaw's own listener, which appends the chunk to stdout().
      server.child.stdout.on('data', check);
      check();
    });
    const answered = server.response(1);
    if (how === 'SIGTERM') server.child.kill('SIGTERM');
    else server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const answer = (await answered) as { result: { isError: boolean; content: { text: string }[] } };
    expect(answer.result.isError).toBe(true);
    const error = JSON.parse(answer.result.content[0]!.text) as { code: string; message: string };
    expect(error.code).toBe('PATH_NOT_ALLOWED');
    expect(error.message).toMatch(/roots could not be used: .*did not answer/);
  });
});
