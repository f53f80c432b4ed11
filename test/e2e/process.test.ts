/**
 * End to end at the process level: start-up failures, protocol-only stdout, malformed input,
 * and shutdown (stdin close, SIGINT, SIGTERM, a vanished client).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, callLine, DEMO, FIXTURES, INITIALIZE, INITIALIZED, spawnRaw } from '../helpers/server-process.js';
import { CLI } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

const run = (args: string[], env: Record<string, string> = {}, cwd?: string) =>
  spawnSync(process.execPath, [BIN, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, input: '', encoding: 'utf8', cwd });

describe('start-up failures: one line on stderr, exit 2, nothing on stdout', () => {
  it.each([
    ['a missing directory', ['--workspace', '/no/such/dir'], /workspace `\/no\/such\/dir` does not exist/],
    ['a file', ['--workspace', join(DEMO, 'README.md')], /is not a directory/],
    ['an unknown option', ['--workspace', DEMO, '--verbose'], /Unknown option '--verbose'.*--help/],
    ['a missing --allow-path', ['--workspace', DEMO, '--allow-path', '/no/such/dir'], /--allow-path `\/no\/such\/dir` does not exist/],
  ])('%s', (_name, args, message) => {
    const result = run(args as string[]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('no workspace given: the current directory, as `docugraph mcp` (an empty DOCUGRAPH_WORKSPACE counts as none); never `/`', () => {
    for (const env of [{}, { DOCUGRAPH_WORKSPACE: '' }]) {
      const served = spawnSync(process.execPath, [BIN], { env: { PATH: process.env['PATH'] ?? '', ...env }, input: `${INITIALIZE}\n${INITIALIZED}\n${callLine(1, 'list_tasks', {})}\n`, encoding: 'utf8', cwd: DEMO });
      expect(served.status).toBe(0);
      expect(served.stdout).toContain('BE-02');
      expect(served.stderr).toContain(`serving ${DEMO}`);
    }
    const root = run([], {}, '/');
    expect(root.status).toBe(2);
    expect(root.stdout).toBe('');
    expect(root.stderr).toMatch(/^docugraph-mcp: the workspace would be \/, the root of the filesystem .*pass --workspace <dir>/);
  });

  it('never the home directory as a default (some clients spawn servers there), unless given or set up with a docugraph.yml (issue 37)', () => {
    const home = testdir({ 'notes.md': '# notes\n', 'projects/a/docs/a.md': doc({ id: 'A', title: 'a' }) });
    const env = { HOME: home };
    for (const argv of [[BIN], [CLI, 'mcp']]) {
      const refused = spawnSync(process.execPath, argv, { env: { PATH: process.env['PATH'] ?? '', ...env }, input: '', encoding: 'utf8', cwd: home });
      expect(refused.status, argv.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/^docugraph-mcp: the workspace would be .*, your home directory \(the current directory, as no --workspace was given\); pass --workspace <dir>/);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    }
    // Given, or meant: served.
    const serve = (argv: string[], more: Record<string, string> = {}) => {
      const served = spawnSync(process.execPath, argv, { env: { PATH: process.env['PATH'] ?? '', ...env, ...more }, input: `${INITIALIZE}\n${INITIALIZED}\n${callLine(1, 'list_tasks', {})}\n`, encoding: 'utf8', cwd: home });
      expect(served.status, argv.join(' ')).toBe(0);
      expect(served.stderr).toContain(`serving ${home}`);
      return served.stdout;
    };
    expect(serve([BIN, '--workspace', '.'])).toContain('"A"');
    expect(serve([CLI, '--workspace', home, 'mcp'])).toContain('"A"');
    expect(serve([BIN], { DOCUGRAPH_WORKSPACE: home })).toContain('"A"');
    writeFileSync(join(home, 'docugraph.yml'), 'include: ["projects/**/*.md"]\n');
    expect(serve([BIN])).toContain('"A"');
  });

  it('--help and --version print to stdout and exit 0 (stdout is the protocol only once the server runs)', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toContain('Usage: docugraph-mcp [--workspace <dir>]');
    expect(run(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('protocol hygiene', () => {
  it('a garbage line does not stop the server; the next request is answered; stdout is only JSON-RPC', async () => {
    const server = spawnRaw();
    server.send(INITIALIZE, INITIALIZED, 'this is not json', '{"jsonrpc":"2.0","id":', callLine(1, 'get_task_context', { taskId: 'BE-02', maxDepth: 0 }));
    const response = await server.response(1);
    expect(JSON.stringify(response)).toContain('# Context bundle: BE-02');
    server.send('[1,2,3]', '{"jsonrpc":"2.0","id":2,"method":"no/such/method"}', callLine(3, 'validate_traceability', {}));
    expect(await server.response(2)).toMatchObject({ error: { code: -32601 } });
    expect(await server.response(3)).toMatchObject({ result: { structuredContent: { valid: true } } });
    for (const line of server.stdout().split('\n').filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe('shutdown', () => {
  it('closing stdin ends the process with 0 after answering what it received', async () => {
    const server = spawnRaw();
    server.send(INITIALIZE, INITIALIZED, callLine(1, 'get_task_context', { taskId: 'BE-02' }), callLine(2, 'validate_traceability', {}));
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const ids = server.stdout().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids.sort()).toEqual([0, 1, 2]);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s ends the process with 0', async (signal) => {
    const server = spawnRaw();
    server.send(INITIALIZE);
    await server.response(0);
    server.child.kill(signal);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('a client that vanishes (EPIPE) ends the process quietly', async () => {
    const server = spawnRaw(['--workspace', join(FIXTURES, 'cycle')]);
    server.send(INITIALIZE);
    await server.response(0);
    server.child.stdout.destroy();
    server.send(INITIALIZED, callLine(1, 'validate_traceability', {}), callLine(2, 'validate_traceability', {}));
    server.child.stdin.end();
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).not.toMatch(/Error|at .*\.js/);
  });
});
