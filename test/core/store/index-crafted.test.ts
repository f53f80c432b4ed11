/**
 * Hand-made indexes whose checksums are right (store/index-snapshot.ts, index-shapes.ts): the
 * index is data, so each is one log line and a cold load, never an exception and never a large
 * allocation made on its word. V8's deserialiser makes sparse lists, whose holes `every` and
 * `some` skip; a count in the meta is checked against the bytes before anything is allocated.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildReport, formatReport, listTasks, loadIndexed, loadWorkspace, writeTaskState, type Workspace } from '../../../src/core/index.js';
import { cacheFileOf } from '../../../src/core/read/cache-file.js';
import { readFileInside } from '../../../src/core/read/safe-fs.js';
import { rewriteFile } from '../../../src/core/write/safe-write.js';
import { indexOf, payloadsOf } from '../../helpers/index-records.js';
import { doc, testdir } from '../../helpers/testdir.js';


const answers = (ws: Workspace): string[] => [formatReport(buildReport(ws)), JSON.stringify(listTasks(ws))];

function indexed(): { root: string; file: string; start: () => { ws: Workspace; log: string[] } } {
  const root = testdir({ 'a.md': doc({ id: 'A', title: 'a' }, 'See [b](b.md).\n'), 'b.md': doc({ id: 'B', title: 'b', depends_on: ['A'] }, 'Body b.\n') });
  const dir = testdir({});
  const cache = (log: string[]) => ({ dir, version: 'test', log: (line: string) => void log.push(line), now: () => Date.now() + 10_000 });
  expect(loadIndexed(root, { cache: cache([]) }).saveIndex()).toBe(true);
  return {
    root,
    file: cacheFileOf(dir, root).path,
    start: () => {
      const log: string[] = [];
      return { ws: loadIndexed(root, { cache: cache(log) }).workspace, log };
    },
  };
}

/** The index with its first chunk's columns changed by `change`. */
function withChunk(file: string, change: (chunk: Record<string, unknown>) => void): void {
  const payloads = payloadsOf(readFileSync(file));
  // After the meta and the folder listings.
  const chunk = deserialize(payloads[2]!) as Record<string, unknown>;
  change(chunk);
  payloads[2] = serialize(chunk);
  writeFileSync(file, indexOf(payloads));
}

describe('a hand-made index', () => {
  const holes: [string, (chunk: Record<string, unknown>) => void][] = [
    ['a hole among the ids', (chunk) => void ((chunk['columns'] as { ids: unknown[] }).ids = new Array((chunk['columns'] as { ids: unknown[] }).ids.length))],
    ['a hole among the titles', (chunk) => void ((chunk['columns'] as { titles: unknown[] }).titles = new Array((chunk['columns'] as { titles: unknown[] }).titles.length))],
    ['a hole in a list of findings', (chunk) => void ((chunk['diagnostics'] as unknown[])[0] = new Array(2))],
    ['a fractional count of dependencies', (chunk) => void ((chunk['columns'] as { numbers: Float64Array }).numbers[3] = 0.5)],
  ];
  for (const [name, change] of holes) {
    it(`with ${name} is one log line and a cold load`, () => {
      const { root, file, start } = indexed();
      withChunk(file, change);
      const { ws, log } = start();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(/is not used: (a chunk has the wrong shape|the entry of `a\.md` has the wrong shape)/);
      expect(answers(ws)).toEqual(answers(loadWorkspace(root)));
    });
  }

  it('whose files are not in path order (a start merges them with the files it lists) is one log line and a cold load', () => {
    const { root, file, start } = indexed();
    withChunk(file, (chunk) => void (chunk['paths'] as string[]).reverse());
    const { ws, log } = start();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/is not used: its files are not in path order/);
    expect(answers(ws)).toEqual(answers(loadWorkspace(root)));
  });

  it('that says it holds more files than its bytes can is not used, and nothing is allocated for them', () => {
    const { root, file, start } = indexed();
    const read = payloadsOf(readFileSync(file));
    // Many one-byte records (a chunk holds at most 1,000 files: a bound by records alone lets 1,000 a record through).
    const payloads = [read[0]!, ...read.slice(1, -1), ...Array.from({ length: 20_000 }, () => Buffer.from([0])), read.at(-1)!];
    const meta = deserialize(payloads[0]!) as Record<string, unknown>;
    meta['files'] = payloads.length * 1000;
    payloads[0] = serialize(meta);
    writeFileSync(file, indexOf(payloads));
    const before = process.memoryUsage().arrayBuffers;
    const { ws, log } = start();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(100 * 1024 * 1024);
    expect(log).toEqual([expect.stringContaining('it holds another number of files than it says')]);
    expect(answers(ws)).toEqual(answers(loadWorkspace(root)));
  });
});

describe('a planted index (issue 53): a cache, never an authority', () => {
  const TASKS = '# Tasks\n\n- [ ] 1. Build it\n';

  it("cannot lead a write out of the workspace through a node's path", () => {
    const base = testdir({ 'ws/docugraph.yml': 'kits: [kiro]\n', 'ws/.kiro/specs/a/tasks.md': TASKS, 'outside/tasks.md': TASKS });
    const root = join(base, 'ws');
    const dir = testdir({});
    const log: string[] = [];
    const cache = { dir, version: 'test', log: (line: string) => void log.push(line), now: () => Date.now() + 10_000 };
    expect(loadIndexed(root, { cache }).saveIndex()).toBe(true);
    const file = cacheFileOf(dir, root).path;
    // Every item of the tasks file says it lives in a file above the workspace.
    const payloads = payloadsOf(readFileSync(file));
    // Items are written by column (index-items.ts), where a path is the file's by construction: the planted chunk holds records instead, as it may.
    const chunk = deserialize(payloads[2]!) as { items: (Record<string, unknown>[] | readonly [number, number] | null)[] };
    let planted = 0;
    chunk.items = chunk.items.map((items) => {
      if (items === null) return null;
      planted += 1;
      const item = { line: 3, end: 3, file: 'a/tasks', box: ' ', context: [], source: 0 };
      return [{ id: 'a/T1', title: 'Build it', type: 'task', status: 'todo', path: '../outside/tasks.md', dependsOn: [], dependsOnLines: [], text: [9, 26], bodyLine: 3, body: [9, 26], item }];
    });
    expect(planted).toBe(1);
    payloads[2] = serialize(chunk);
    writeFileSync(file, indexOf(payloads));

    const { workspace } = loadIndexed(root, { cache });
    expect(log).toEqual([expect.stringMatching(/is not used: the entry of `\.kiro\/specs\/a\/tasks\.md` has the wrong shape/)]);
    expect(workspace.nodes.get('a/T1')?.path).toBe('.kiro/specs/a/tasks.md');
    writeTaskState(workspace, 'a/T1', 'done');
    expect(readFileSync(join(base, 'outside/tasks.md'), 'utf8')).toBe(TASKS);
    expect(readFileSync(join(root, '.kiro/specs/a/tasks.md'), 'utf8')).toBe('# Tasks\n\n- [x] 1. Build it\n');
  });

  it('and a path out of the workspace, wherever it comes from, is neither read nor written', () => {
    const base = testdir({ 'ws/t.md': 'a\n', 'outside.md': 'b\n' });
    const root = join(base, 'ws');
    expect(readFileInside(root, '../outside.md', 100)).toEqual({ ok: false, code: 'EOUTSIDE', reason: 'it is outside the workspace' });
    expect(() => rewriteFile(root, '../outside.md', () => Buffer.from('x'))).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: '`../outside.md` cannot be written: it is outside the workspace; nothing was changed' }));
    expect(() => rewriteFile(root, 'sub/../../outside.md', () => Buffer.from('x'))).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED' }));
    expect(readFileSync(join(base, 'outside.md'), 'utf8')).toBe('b\n');
    expect(readFileInside(root, 't.md', 100).ok).toBe(true);
  });
});
