/**
 * Fault suite (issue 8 §1): hostile `.docugraphignore` files. A symbolic link to an outside
 * file, to `/dev/zero` or `/dev/stdin`, a FIFO, a directory, a huge file, random patterns.
 * In-process (node:fs wrapped, see fs-recorder.ts) where the read cannot block or exhaust
 * the test process; through the built CLI and server (time- and memory-bounded, under strace
 * when installed) for the special files. Every case must load, keep the documents, and open
 * nothing outside the workspace.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadWorkspace, type Workspace } from '../../src/core/index.js';
import { HAS_STRACE, linesTouching, runNode, TRACE_OPENS } from '../helpers/bounded-process.js';
import { fsRecorder } from '../helpers/fs-recorder.js';
import { CLI } from '../helpers/paths.js';
import { FUZZ_SEED, fuzzRuns, nastyString, Rng, fuzzTimeout } from '../helpers/prng.js';
import { RawClient } from '../helpers/raw-client.js';
import { makeSentinel } from '../helpers/sentinel.js';
import { doc, testdir, type Entry } from '../helpers/testdir.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/fs-recorder.js')).wrapFs(await importOriginal<typeof import('node:fs')>()));

const DOCS = { 'a.md': doc({ id: 'A', title: 'A' }), 'sub/b.md': doc({ id: 'B', title: 'B', depends_on: ['A'] }) };
/** Large enough to stop a runaway read, small enough for Node to start. */
const MEMORY_KB = 3_000_000;

/** Loads in-process with the recorder on; returns the workspace (or the error) and the violations. */
function load(root: string, sentinelDir: string): { workspace: Workspace | null; error: unknown; violations: string[] } {
  fsRecorder.watch(sentinelDir);
  let error: unknown = null;
  const { result, violations } = fsRecorder.during(() => {
    try {
      return loadWorkspace(root);
    } catch (caught) {
      error = caught;
      return null;
    }
  });
  return { workspace: result, error, violations };
}

describe('.docugraphignore, in-process', () => {
  it('a symbolic link to a file outside the workspace is neither read nor applied', () => {
    const sentinel = makeSentinel();
    const root = testdir({ ...DOCS, '.docugraphignore': { symlink: sentinel.ignore } });
    const { workspace, error, violations } = load(root, sentinel.dir);
    expect(error).toBeNull();
    expect(violations, violations.join('\n')).toEqual([]);
    // The outside file says `*.md`: applied, it would hide every document.
    expect(workspace?.files).toEqual(['a.md', 'sub/b.md']);
  });

  it.each([
    ['a directory', { '.docugraphignore/x': 'sub/\n' }],
    ['a symbolic link to a directory inside', { '.docugraphignore': { symlink: 'sub' } }],
    ['a dangling symbolic link', { '.docugraphignore': { symlink: 'nowhere' } }],
    ['a symbolic link loop', { '.docugraphignore': { symlink: '.docugraphignore' } }],
  ] as [string, Record<string, Entry>][])('%s: loads, keeps the documents', (_name, extra) => {
    const sentinel = makeSentinel();
    const { workspace, error, violations } = load(testdir({ ...DOCS, ...extra }), sentinel.dir);
    expect(error).toBeNull();
    expect(violations, violations.join('\n')).toEqual([]);
    expect(workspace?.files).toEqual(['a.md', 'sub/b.md']);
  });

  it('a huge ignore file (1 MB, 50 000 patterns) loads', () => {
    const sentinel = makeSentinel();
    const patterns = Array.from({ length: 50_000 }, (_, i) => `dir${i}/**/*.txt`).join('\n');
    const { workspace, error } = load(testdir({ ...DOCS, '.docugraphignore': patterns }), sentinel.dir);
    expect(error).toBeNull();
    expect(workspace?.files).toEqual(['a.md', 'sub/b.md']);
  }, 60_000);

  it('odd encodings (BOM, CRLF, CR, NUL, invalid UTF-8) load', () => {
    const sentinel = makeSentinel();
    for (const content of ['\ufeffsub/\r\n', 'sub/\r', 'sub/\0x\n', Buffer.from([0xff, 0xfe, 0x73, 0x75, 0x62, 0x2f, 0x0a])] as Entry[]) {
      const { error, violations } = load(testdir({ ...DOCS, '.docugraphignore': content }), sentinel.dir);
      expect(error).toBeNull();
      expect(violations, violations.join('\n')).toEqual([]);
    }
  });

  it('random patterns (seeded) never make loading throw', () => {
    const sentinel = makeSentinel();
    const base = new Rng(FUZZ_SEED);
    const failures: string[] = [];
    const pieces = ['*', '**', '/', '!', '\\', '[', ']', '[a-', '[!x]', '?', '#', ' ', '\t', '.', '..', 'sub', 'a.md', '*.md', '{a,b}', '\\ ', '\u00e9'];
    for (let i = 0; i < fuzzRuns(40); i += 1) {
      const rng = base.fork(i);
      const lines = Array.from({ length: rng.int(1, 30) }, () => Array.from({ length: rng.int(1, 6) }, () => (rng.chance(0.8) ? rng.pick(pieces) : nastyString(rng, 2))).join(''));
      const { error, violations } = load(testdir({ ...DOCS, '.docugraphignore': lines.join('\n') }), sentinel.dir);
      if (error !== null) failures.push(`seed ${FUZZ_SEED} case ${i}: ${JSON.stringify(lines)} → ${String(error)}`);
      failures.push(...violations.map((v) => `seed ${FUZZ_SEED} case ${i}: ${v}`));
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, fuzzTimeout(60_000));
});

/** Special files that cannot be read in-process: they block or never end. */
function specialIgnore(kind: string, root: string, sentinelIgnore: string): void {
  const path = join(root, '.docugraphignore');
  if (kind === 'fifo') execFileSync('mkfifo', [path]);
  else execFileSync('ln', ['-s', kind === 'outside' ? sentinelIgnore : kind, path]);
}

const SPECIAL = ['/dev/zero', 'fifo', '/dev/stdin', '/dev/urandom', 'outside'] as const;

describe('.docugraphignore, through the built CLI (bounded in time and memory, traced)', () => {
  it.each(SPECIAL)('%s: validate answers within 10 s with the documents, opening nothing it must not', async (kind) => {
    const sentinel = makeSentinel();
    const root = testdir(DOCS);
    specialIgnore(kind, root, sentinel.ignore);
    const result = await runNode(CLI, ['validate', root, '--format', 'json'], { timeoutMs: 10_000, memoryKb: MEMORY_KB, trace: TRACE_OPENS, input: null });
    expect(result.timedOut, 'hung').toBe(false);
    expect(result.signal, result.stderr.slice(0, 500)).toBeNull();
    expect([0, 1], `exit code ${result.code}: ${result.stderr.slice(0, 500)}`).toContain(result.code);
    expect((JSON.parse(result.stdout) as { nodeCount: number }).nodeCount).toBe(2);
    if (HAS_STRACE) {
      expect(result.trace.length, 'strace recorded the run').toBeGreaterThan(0);
      expect(linesTouching(result.trace, sentinel.dir)).toEqual([]);
      const device = kind.startsWith('/dev/') ? kind : null;
      if (device !== null) expect(result.trace.filter((line) => line.includes(`<${device}>`) || line.includes(`<${device === '/dev/stdin' ? 'pipe:' : device}`))).toEqual([]);
    }
  }, 20_000);
});

describe('.docugraphignore, through the built server', () => {
  it.each(['fifo', '/dev/zero'] as const)('%s: the server starts and answers within 5 s', async (kind) => {
    const sentinel = makeSentinel();
    const root = testdir(DOCS);
    specialIgnore(kind, root, sentinel.ignore);
    const server = new RawClient(['--workspace', root], { memoryKb: MEMORY_KB });
    const started = performance.now();
    await server.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } }, 5_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    const tools = await server.request('tools/call', { name: 'list_tasks', arguments: {} });
    expect(JSON.stringify(tools)).toContain('"id":"B"');
    expect(server.badLines).toEqual([]);
  }, 20_000);
});
