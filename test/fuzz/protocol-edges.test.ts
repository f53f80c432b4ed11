/**
 * Fault suite (issue 8 §5, §6): process-level edges of the built server. A client that
 * pipelines requests and never reads stdout (memory must stay bounded: backpressure), a
 * client root that is not a file URI, a roots request the client never answers when stdin
 * closes, and SIGTERM while the workspace is still loading.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, DEMO } from '../helpers/paths.js';
import { RawClient, toolErrorBody, type Message } from '../helpers/raw-client.js';
import { doc, testdir } from '../helpers/testdir.js';

/** Resident memory of a process in MiB (Linux), or `null` once it is gone. */
function rssMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}

describe('a client that never reads stdout (issue 8 §5)', () => {
  it('pipelined requests do not grow the server without bound', async () => {
    const child = spawn(process.execPath, [BIN, '--workspace', DEMO], { env: { PATH: process.env['PATH'] ?? '' } });
    child.stdin.on('error', () => {});
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Do not read stdout: keep the stream paused so the pipe fills.
    child.stdout.pause();
    const request = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_task_context', arguments: { taskId: 'BE-02' } } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } } })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const baseline = await new Promise<number>((resolve) => setTimeout(() => resolve(rssMiB(child.pid!) ?? 0), 500));
    let peak = baseline;
    let sent = 0;
    const end = performance.now() + 6_000;
    const LIMIT_MIB = baseline + 200;
    // Write as fast as the pipe takes it (our side respects backpressure); stop at the time bound or the memory limit.
    while (performance.now() < end && peak < LIMIT_MIB + 100) {
      let batch = '';
      for (let i = 0; i < 200; i += 1) batch += `${request(++sent)}\n`;
      if (!child.stdin.write(batch)) {
        // Whichever comes first: the other is removed, so no listener is left behind per batch.
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            child.stdin.off('drain', done);
            resolve();
          };
          const timer = setTimeout(done, 200);
          child.stdin.once('drain', done);
        });
      }
      peak = Math.max(peak, rssMiB(child.pid!) ?? 0);
    }
    child.kill('SIGKILL');
    await exited;
    expect(sent).toBeGreaterThan(0);
    expect(peak - baseline, `RSS grew from ${baseline.toFixed(0)} MiB to ${peak.toFixed(0)} MiB after ${sent} pipelined requests`).toBeLessThan(200);
  }, 30_000);
});

describe('client roots (issue 8 §6)', () => {
  /** A server whose client declares roots and answers roots/list with `roots` (or never, with `null`). */
  async function withRoots(roots: { uri: string; name: string }[] | null): Promise<RawClient> {
    const server = new RawClient(['--workspace', DEMO]);
    await server.initialize({ roots: { listChanged: false } });
    if (roots !== null) {
      const answered = new Set<unknown>();
      const timer = setInterval(() => {
        for (const m of server.messages) {
          if (m['method'] === 'roots/list' && !answered.has(m['id'])) {
            answered.add(m['id']);
            server.send(JSON.stringify({ jsonrpc: '2.0', id: m['id'], result: { roots } }));
          }
        }
      }, 20);
      void server.exited.then(() => clearInterval(timer));
    }
    return server;
  }

  it('a root that is not a file URI: a JSON error result, PATH_NOT_ALLOWED', async () => {
    const server = await withRoots([{ uri: 'https://example.com/docs', name: 'web' }]);
    const answer = await server.request('tools/call', { name: 'validate_traceability', arguments: { workspacePath: '/tmp' } });
    const body = toolErrorBody(answer);
    expect(body?.['code'], JSON.stringify(answer).slice(0, 400)).toBe('PATH_NOT_ALLOWED');
  });

  it('a roots request the client never answers: the call is still answered when stdin closes', async () => {
    const server = await withRoots(null);
    server.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'validate_traceability', arguments: { workspacePath: '/tmp' } } }));
    await server.waitFor((m) => m['method'] === 'roots/list');
    const closed = performance.now();
    server.child.stdin.end();
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const answer = server.messages.find((m: Message) => m['id'] === 1 && ('result' in m || 'error' in m));
    expect(answer, `no answer to the call; exited after ${Math.round(performance.now() - closed)} ms`).toBeDefined();
    expect(performance.now() - closed).toBeLessThan(5_000);
  }, 20_000);
});

describe('SIGTERM during start-up (issue 8 §6)', () => {
  it('ends the process with exit code 0 while the workspace is still loading', async () => {
    const files: Record<string, string> = {};
    const body = `${Array.from({ length: 40 }, (_, i) => `See [item ${i}](missing-${i}.md#part-${i}) and **more** text.`).join('\n\n')}\n`;
    // 3,000 such files load for seconds (a second or more on a fast machine): the signal comes
    // well within the load, which the server finishes before it exits.
    for (let i = 0; i < 3_000; i += 1) files[`d${i % 50}/f${i}.md`] = doc({ id: `F-${i}`, title: `F ${i}`, depends_on: [`F-${i + 1}`] }, body);
    const root = testdir(files);
    const child = spawn(process.execPath, [BIN, '--workspace', root], { env: { PATH: process.env['PATH'] ?? '' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    // Once the server says it is loading (its signal handlers are in place by then): a fixed
    // 400 ms pause lost the race to a slow start on a busy machine, and the signal killed it.
    await new Promise<void>((resolve) => {
      const check = () => (stderr.includes('loading') ? resolve() : undefined);
      child.stderr.on('data', check);
      void exited.then(() => resolve());
    });
    expect(stderr, 'the workspace finished loading before the signal: make it larger').not.toContain('serving');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const exit = await exited;
    clearTimeout(timer);
    expect(exit).toEqual({ code: 0, signal: null });
  }, 60_000);
});
