/**
 * The on-disk index (issue 38): a start that takes files from it gives the answers of a cold
 * load, byte for byte, after any edit between two starts; a file changed too close to its
 * reading is never kept (racily clean); an index that is damaged, foreign or reached through a
 * link is one log line and a cold load, never an exception.
 */
import { chmodSync, chownSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { analyzeImpact, buildBundle, buildReport, formatReport, getAcceptanceCriteria, listTasks, loadIndexed, loadWorkspace, selectGraph, type IndexCacheOptions, type Workspace } from '../../../src/core/index.js';
import { openLiveWorkspace } from '../../../src/core/live/live-workspace.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { decodeSnapshot } from '../../../src/core/store/index-snapshot.js';
import { checksum, isChunkTexts } from '../../../src/core/store/index-frame.js';
import { finish } from '../../../src/core/shared/steps.js';
import { cacheFileOf } from '../../../src/core/read/cache-file.js';
import { randomDocument, randomWorkspace } from '../../helpers/adversarial-docs.js';
import { FUZZ_SEED, fuzzRuns, fuzzTimeout, Rng } from '../../helpers/prng.js';
import { DEMO, FIXTURES } from '../../helpers/paths.js';
import { doc, testdir, writeFiles } from '../../helpers/testdir.js';

const KITS = join(FIXTURES, 'kits');
/** The workers of a warm start, from dist (`npm test` builds it first), for any size of workspace. */
const WORKERS = {
  statAhead: { workerUrl: new URL('../../../dist/core/read/stat-ahead-worker.js', import.meta.url), minFiles: 0 },
  indexRead: { workerUrl: new URL('../../../dist/core/store/index-read-worker.js', import.meta.url), minBytes: 0 },
};

/** Every answer a client could ask of `ws`, as one list of strings. */
function answers(ws: Workspace): string[] {
  const out = [formatReport(buildReport(ws)), JSON.stringify(listTasks(ws)), JSON.stringify(selectGraph(ws)), JSON.stringify(ws.diagnostics)];
  const attempt = (body: () => unknown) => {
    try {
      const value = body();
      out.push(typeof value === 'string' ? value : JSON.stringify(value));
    } catch (error) {
      out.push(`error ${(error as { code?: string }).code ?? String(error)}`);
    }
  };
  for (const id of ws.ids) {
    attempt(() => buildBundle(ws, { taskId: id }));
    attempt(() => getAcceptanceCriteria(ws, id));
    attempt(() => analyzeImpact(ws, id));
  }
  return out;
}

beforeAll(() => {
  for (const { workerUrl } of Object.values(WORKERS)) expect(existsSync(fileURLToPath(workerUrl)), 'the workers run from dist: run `npm run build` first').toBe(true);
});

/** A clock ten seconds ahead: every file is old enough to be kept (the racy check has its own tests). */
const later = () => Date.now() + 10_000;

function cacheOptions(dir: string, log: string[] = [], now: () => number = later): IndexCacheOptions {
  return { dir, version: 'test', log: (line) => log.push(line), now };
}

/** How many files the last `start` took from the index. */
let taken = 0;
let listingsTaken = 0;

/** A start with the index: its workspace, written back as a command does after its answer. */
function start(root: string, options: IndexCacheOptions): Workspace {
  const { workspace, saveIndex, fromIndex, listingsFromIndex } = loadIndexed(root, { cache: options });
  taken = fromIndex;
  listingsTaken = listingsFromIndex;
  saveIndex();
  return workspace;
}

/** The entries the index of `root` holds, by path. */
function indexed(root: string, dir: string): string[] {
  const read = finish(decodeSnapshot(readFileSync(cacheFileOf(dir, root).path), { root, key: keyOfLastWrite(root, dir), secret: () => null }));
  if (!read.ok) throw new Error(read.reason);
  return [...read.snapshot.paths];
}

/** The key the index was written with (read back from its meta record, which tests may trust). */
function keyOfLastWrite(root: string, dir: string): string {
  const bytes = readFileSync(cacheFileOf(dir, root).path);
  const length = bytes.readUInt32LE(16);
  return (deserialize(bytes.subarray(24, 24 + length)) as { key: string }).key;
}

/** `bytes` (an index) with the stat data of its first chunk one key short, every checksum right. */
function reshaped(bytes: Buffer): Buffer {
  // After the meta and the folder listings.
  const listingsAt = 24 + bytes.readUInt32LE(16);
  const metaEnd = listingsAt + 8 + bytes.readUInt32LE(listingsAt);
  const length = bytes.readUInt32LE(metaEnd);
  const chunk = deserialize(bytes.subarray(metaEnd + 8, metaEnd + 8 + length)) as { keys: Uint8Array };
  const payload = serialize({ ...chunk, keys: chunk.keys.subarray(0, chunk.keys.length - 40) });
  const head = Buffer.alloc(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(checksum(payload), 4);
  return Buffer.concat([bytes.subarray(0, metaEnd), head, payload, bytes.subarray(metaEnd + 8 + length)]);
}

/** `bytes` (an index) with a byte of every chunk's texts changed past their first four (the checksums left as they were). */
function withDamagedTexts(bytes: Buffer): Buffer {
  const damaged = Buffer.from(bytes);
  let found = 0;
  // After the magic line, records of a length, a checksum and a payload; a chunk's texts are every third after the head and the listings.
  for (let at = 16, k = 0; bytes.readUInt32LE(at) !== 0; k += 1) {
    if (isChunkTexts(k)) (damaged.writeUInt8(bytes.readUInt8(at + 12) ^ 0x20, at + 12), (found += 1));
    at += 8 + bytes.readUInt32LE(at);
  }
  expect(found).toBeGreaterThan(0);
  return damaged;
}

/** One random edit of the kinds between two starts: content, rename, touch, same size, delete, add, configuration, ignore files, folders. */
function edit(root: string, rng: Rng, files: string[]): void {
  const kind = rng.int(0, 9);
  const file = files.length === 0 ? null : rng.pick(files);
  if (kind === 0 && file !== null) writeFiles(root, { [file]: randomDocument(rng, ['A-1', 'B-2', 'C-3'], files) });
  else if (kind === 1 && file !== null) {
    const to = `moved-${rng.int(0, 99)}.md`;
    renameSync(join(root, file), join(root, to));
    files.splice(files.indexOf(file), 1, to);
  } else if (kind === 2 && file !== null) {
    // Touched, unchanged: other times, the same bytes.
    utimesSync(join(root, file), new Date(), new Date(Date.now() - rng.int(0, 5000)));
  } else if (kind === 3 && file !== null) {
    // The same size, other bytes.
    const text = readFileSync(join(root, file));
    if (text.length > 0) text[rng.int(0, text.length - 1)] = 0x78;
    writeFileSync(join(root, file), text);
  } else if (kind === 4 && file !== null) {
    rmSync(join(root, file));
    files.splice(files.indexOf(file), 1);
  } else if (kind === 5) {
    const add = `added-${rng.int(0, 999)}.md`;
    writeFiles(root, { [add]: doc({ id: `ADD-${rng.int(0, 9)}`, title: 'added', depends_on: ['A-1'] }, `[x](${rng.pick(files.length > 0 ? files : ['none.md'])})\n`) });
    if (!files.includes(add)) files.push(add);
  } else if (kind === 6) writeFiles(root, { 'docugraph.yml': rng.pick(['', 'requireId: true\n', 'links:\n  check: false\n', 'fields:\n  dependsOn: [depends_on, requires]\n']) });
  else if (kind === 7) writeFiles(root, { '.docugraphignore': rng.chance(0.5) ? `${file ?? 'x.md'}\n` : '' });
  else if (kind === 8) {
    // A `.gitignore` written in place or made, at the root or in a file's folder: the listings below it change, their folders' keys do not.
    const folder = file === null || !file.includes('/') || rng.chance(0.3) ? '' : file.slice(0, file.lastIndexOf('/') + 1);
    const name = file === null ? 'x.md' : file.slice(file.lastIndexOf('/') + 1);
    writeFiles(root, { [`${folder}.gitignore`]: rng.pick(['', `${name}\n`, 'in-*.md\n', '*.md\n!a*.md\n', `${rng.pick(['sub', 'deep', 'area'])}*/\n`]) });
  } else {
    // A file in a folder, new or not.
    const add = `${rng.pick(['sub-1', 'sub-2', 'deep/er'])}/in-${rng.int(0, 99)}.md`;
    writeFiles(root, { [add]: doc({ id: `IN-${rng.int(0, 9)}`, title: 'in a folder', depends_on: ['A-1'] }, `[x](../${rng.pick(files.length > 0 ? files : ['none.md'])})\n`) });
    if (!files.includes(add)) files.push(add);
  }
}

describe('the on-disk index', () => {
  it('a warm start answers as a cold load, byte for byte, after random edits between starts (seeded)', { timeout: fuzzTimeout(60_000) }, () => {
    const seeds = fuzzRuns(6);
    let warmFiles = 0;
    let warmListings = 0;
    for (let run = 0; run < seeds; run += 1) {
      const rng = new Rng(FUZZ_SEED * 1000 + run);
      const root = testdir(randomWorkspace(rng, rng.int(5, 25)));
      // Every other run, a spec kit too: items whose texts are slices of their file's.
      if (run % 2 === 1) cpSync(join(KITS, rng.pick(readdirSync(KITS).sort())), root, { recursive: true });
      const dir = testdir({});
      const paths = [...loadWorkspace(root).files];
      const log: string[] = [];
      // Every other run, the index read and the stat data taken by workers (src/core/store/index-read.ts, src/core/read/stat-ahead.ts);
      // every other pair of runs, the texts left on the disk until asked for, as a large index's are (and copied from there by the next write).
      const base = run % 2 === 0 ? { ...cacheOptions(dir, log), ...WORKERS } : cacheOptions(dir, log);
      const options = Math.floor(run / 2) % 2 === 1 ? { ...base, indexRead: { ...base.indexRead, lazyFrom: 0 } } : base;
      expect(answers(start(root, options)), `seed ${run}: first start`).toEqual(answers(loadWorkspace(root)));
      for (let round = 0; round < 3; round += 1) {
        for (let k = rng.int(0, 3); k > 0; k -= 1) edit(root, rng, paths);
        const warm = start(root, options);
        warmFiles += taken;
        warmListings += listingsTaken;
        expect(answers(warm), `seed ${run}, round ${round}`).toEqual(answers(loadWorkspace(root)));
      }
      // No damage, no foreign index: nothing to say.
      expect(log, `seed ${run}`).toEqual([]);
    }
    // The warm starts took files and folder listings from the index (the comparison is not of two cold loads).
    expect(warmFiles).toBeGreaterThan(seeds * 5);
    expect(warmListings).toBeGreaterThan(seeds);
  });

  it('checks again, at a warm start, the links of unchanged files into a file edited since (its headings moved)', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'a' }, 'See [the plan](b.md#plan) and [the rest](c.md).\n'),
      'b.md': doc({ id: 'B', title: 'b' }, '## Plan\n\nText.\n'),
      'c.md': doc({ id: 'C', title: 'c' }, 'More.\n'),
    });
    const dir = testdir({});
    const findings = (ws: Workspace) => ws.diagnostics.filter((d) => d.path === 'a.md').map((d) => d.code);
    expect(findings(start(root, cacheOptions(dir)))).toEqual([]);
    writeFiles(root, { 'b.md': doc({ id: 'B', title: 'b' }, '## Schedule\n\nText.\n') });
    const warm = start(root, cacheOptions(dir));
    expect(taken).toBe(2);
    expect(findings(warm)).toEqual(['MD_ANCHOR_BROKEN']);
    expect(answers(warm)).toEqual(answers(loadWorkspace(root)));
    // And back, from the index the warm start wrote.
    writeFiles(root, { 'b.md': doc({ id: 'B', title: 'b' }, '## Plan\n\nText.\n') });
    expect(findings(start(root, cacheOptions(dir)))).toEqual([]);
  });

  it('takes unchanged files from the index: a warm start of the demo reads only what changed', () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    const dir = testdir({});
    start(root, cacheOptions(dir));
    const all = indexed(root, dir);
    expect(all.length).toBeGreaterThan(10);
    // Nothing read, nothing written: the index stays as it was.
    const before = readFileSync(cacheFileOf(dir, root).path);
    const { saveIndex, fromIndex } = loadIndexed(root, { cache: cacheOptions(dir) });
    expect(fromIndex).toBe(all.length);
    expect(saveIndex()).toBe(false);
    expect(readFileSync(cacheFileOf(dir, root).path).equals(before)).toBe(true);
    // One edit: read again, and the index written again.
    const task = 'docs/tasks/backend/BE-02-create-project-endpoint.md';
    writeFileSync(join(root, task), readFileSync(join(root, task), 'utf8').replace('status: todo', 'status: done'));
    const warm = loadIndexed(root, { cache: cacheOptions(dir) });
    expect(warm.fromIndex).toBe(all.length - 1);
    expect(warm.workspace.nodes.get('BE-02')!.status).toBe('done');
    expect(answers(warm.workspace)).toEqual(answers(loadWorkspace(root)));
    expect(warm.saveIndex()).toBe(true);
  });

  it('restores in steps (one per chunk of the index and per 2,000 files compared), so a server answers while it starts warm', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4500; i += 1) files[`docs/d${String(i).padStart(4, '0')}.md`] = doc({ id: `D-${i}`, title: `D ${i}` }, 'text\n');
    const root = testdir(files);
    const dir = testdir({});
    start(root, cacheOptions(dir));
    /** The steps of a first refresh that read no file, and how many files it read. */
    const steps = (cache: IndexCacheOptions | undefined): { listing: number; read: number } => {
      const index = createWorkspaceIndex(root, cache === undefined ? {} : { cache });
      const counts = { listing: 0, read: 0 };
      for (const step of index.refreshSteps('all')) {
        if (step.total === 0) counts.listing += 1;
        else counts.read += 1;
      }
      return counts;
    };
    const cold = steps(undefined);
    const warm = steps(cacheOptions(dir));
    expect(cold.read).toBe(4500);
    expect(warm.read).toBe(0);
    // Two folders listed (a step each), five chunks of at most 1,000 files, two steps of 2,000
    // stat comparisons, and the assembly's five (test/core/model/assemble-steps.test.ts) but the
    // two of the graph stages, which come from the index when no file changed; with the restore
    // in one step, this was 2 + 5.
    expect(warm.listing).toBe(2 + 5 + 2 + 3);
  });

  it('never keeps a file changed within RACY_NS of the read that made it (racily clean): it is read again', () => {
    const root = testdir({ 'old.md': doc({ id: 'OLD', title: 'old' }), 'new.md': doc({ id: 'NEW', title: 'new' }) });
    const dir = testdir({});
    // `old.md` is ten seconds old by its ctime's clock; `new.md` was just written: racy.
    const now = Date.now();
    start(root, cacheOptions(dir, [], () => now));
    expect(indexed(root, dir)).toEqual([]);
    start(root, cacheOptions(dir, [], () => now + 1_000));
    expect(indexed(root, dir)).toEqual([]);
    start(root, cacheOptions(dir, [], () => now + 10_000));
    expect(indexed(root, dir)).toEqual(['new.md', 'old.md']);
    // A same-size edit just after: its stat data differ (ctime), and it is read again.
    writeFileSync(join(root, 'new.md'), doc({ id: 'NEW', title: 'nEw' }));
    expect(loadIndexed(root, { cache: cacheOptions(dir) }).workspace.nodes.get('NEW')!.title).toBe('nEw');
  });

  it('leaves the texts of a large index on the disk until asked for: read from the file it opened, and from the documents when they cannot be read back (one line, then it is written again)', () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    const cold = answers(loadWorkspace(root));
    const dir = testdir({});
    const file = cacheFileOf(dir, root).path;
    start(root, cacheOptions(dir));
    const bytes = readFileSync(file);
    // Any index is large enough here; read on this thread, then by the worker.
    const lazy = (log: string[], workers: boolean): IndexCacheOptions => ({ ...cacheOptions(dir, log), ...(workers ? WORKERS : {}), indexRead: { ...(workers ? WORKERS.indexRead : {}), lazyFrom: 0 } });
    for (const workers of [false, true]) {
      writeFileSync(file, bytes);
      const log: string[] = [];
      const { workspace, fromIndex } = loadIndexed(root, { cache: lazy(log, workers) });
      expect(fromIndex).toBeGreaterThan(0);
      // Another index renamed over it after the load: the texts are still this one's, read from the file it opened.
      writeFileSync(`${file}.new`, 'another index\n');
      renameSync(`${file}.new`, file);
      expect(answers(workspace), String(workers)).toEqual(cold);
      expect(log, String(workers)).toEqual([]);
      // Texts damaged on the disk (past their first bytes): the load does not read them; the answers read the documents instead, said once.
      writeFileSync(file, withDamagedTexts(bytes));
      const said: string[] = [];
      const again = loadIndexed(root, { cache: lazy(said, workers) });
      expect(again.fromIndex).toBeGreaterThan(0);
      expect(said, String(workers)).toEqual([]);
      expect(answers(again.workspace), String(workers)).toEqual(cold);
      expect(said, String(workers)).toHaveLength(1);
      expect(said[0], String(workers)).toMatch(/^the index in .* is damaged: a checksum of its texts does not match \(it was damaged\); the texts of its documents are read from the files \(it is written again\)$/);
      // Written again, whole: the next start reads its texts back as written.
      expect(again.saveIndex(), String(workers)).toBe(true);
      const next: string[] = [];
      const third = loadIndexed(root, { cache: lazy(next, workers) });
      expect(third.fromIndex).toBe(again.fromIndex);
      expect(answers(third.workspace), String(workers)).toEqual(cold);
      expect(next, String(workers)).toEqual([]);
    }
  });

  it('closes the index file its texts are read from once all are read, and before a write renames a new index over it; a text read again that is not the one kept leaves the write for later', () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    const dir = testdir({});
    const file = cacheFileOf(dir, root).path;
    start(root, cacheOptions(dir));
    const lazy: IndexCacheOptions = { ...cacheOptions(dir), indexRead: { lazyFrom: 0 } };
    // The open files of this process that are the index (a file renamed over shows as deleted).
    const opened = (): number =>
      process.platform !== 'linux'
        ? -1
        : readdirSync('/proc/self/fd').filter((fd) => {
            try {
              return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
            } catch {
              return false;
            }
          }).length;
    const linux = process.platform === 'linux';
    // Every text read (every answer): the file is closed.
    const first = loadIndexed(root, { cache: lazy });
    if (linux) expect(opened()).toBe(1);
    answers(first.workspace);
    if (linux) expect(opened()).toBe(0);
    // No text read, then a change and a write: the texts are read first, the file closed, the new index renamed over it; the answers stay right.
    const second = createWorkspaceIndex(root, { cache: lazy });
    second.refresh('all');
    if (linux) expect(opened()).toBe(1);
    writeFiles(root, { 'docs/new.md': doc({ id: 'NEW-1', title: 'new' }) });
    second.refresh(['docs/new.md']);
    expect(second.saveCache()).toBe(true);
    if (linux) expect(opened()).toBe(0);
    expect(answers(second.workspace())).toEqual(answers(loadWorkspace(root)));
    // Every document edited after the load: the write copies none of the texts, and reads them first all the same, to close the file.
    const fourth = createWorkspaceIndex(root, { cache: lazy });
    fourth.refresh('all');
    if (linux) expect(opened()).toBe(1);
    for (const path of loadWorkspace(root).files) writeFileSync(join(root, path), `${readFileSync(join(root, path), 'utf8')}\nEdited.\n`);
    fourth.refresh('all');
    expect(fourth.fromCache()).toBeGreaterThan(0);
    expect(fourth.saveCache()).toBe(true);
    if (linux) expect(opened()).toBe(0);
    // Damaged texts, and a document edited between the write's check of its stat data and its encoding: its text read again is another one; the write is left (no exception), the index stays.
    rmSync(join(root, 'docs/new.md'));
    start(root, cacheOptions(dir));
    const damaged = withDamagedTexts(readFileSync(file));
    writeFileSync(file, damaged);
    const log: string[] = [];
    const third = createWorkspaceIndex(root, { cache: { ...lazy, log: (line) => log.push(line) } });
    third.refresh('all');
    // One document's body read: the damage is found (said once), and the index is to be written again.
    expect(third.workspace().nodes.get('OPS-01')!.body).toBe(loadWorkspace(root).nodes.get('OPS-01')!.body);
    const edited = third.workspace().nodes.get('BE-02')!.path;
    const steps = third.saveCacheSteps();
    // Through the stat data's check and the listings (one step), to the kept answers' step.
    expect(steps.next().done).toBe(false);
    writeFileSync(join(root, edited), `${readFileSync(join(root, edited), 'utf8')}\nOne more line.\n`);
    let step = steps.next();
    while (step.done !== true) step = steps.next();
    expect(step.value).toBe(false);
    expect(readFileSync(file).equals(damaged)).toBe(true);
    expect(log).toEqual([expect.stringMatching(/is damaged: a checksum of its texts does not match/)]);
  });

  it('is not used when it is damaged, foreign, or not a plain file of a private folder: one line, then a cold load that writes it again', () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    const cold = answers(loadWorkspace(root));
    const dir = testdir({});
    const file = cacheFileOf(dir, root).path;
    const fresh = () => {
      rmSync(file, { recursive: true, force: true });
      start(root, cacheOptions(dir));
      return readFileSync(file);
    };
    const bytes = fresh();
    const cases: [string, () => void, RegExp][] = [
      ['truncated', () => truncateSync(file, Math.floor(bytes.length / 2)), /cut short/],
      ['one byte flipped', () => writeFileSync(file, Buffer.from(bytes).fill(0x5a, bytes.length >> 1, (bytes.length >> 1) + 1)), /checksum|damaged|decode/],
      ['whole, but a chunk of the wrong shape (its stat data cut short, its checksum made to match)', () => writeFileSync(file, reshaped(bytes)), /a chunk has the wrong shape/],
      ['not an index', () => writeFileSync(file, 'hello\n'), /not a DocuGraph index/],
      ['empty', () => writeFileSync(file, ''), /not a DocuGraph index/],
      ['a folder', () => (rmSync(file), mkdirSync(file)), /not a regular file/],
      ['a symbolic link to a good index', () => (writeFileSync(`${file}.real`, bytes), rmSync(file), symlinkSync(`${file}.real`, file)), /symbolic link/],
      ['a second name of a good index (a hard link)', () => (rmSync(`${file}.real`, { force: true }), linkSync(file, `${file}.real`)), /^$/],
    ];
    // Each case read on this thread, then by the worker that reads the index ahead.
    for (const [what, damage, said, workers] of [...cases.map((c) => [...c, false] as const), ...cases.map((c) => [...c, true] as const)]) {
      fresh();
      damage();
      const log: string[] = [];
      const { workspace, saveIndex } = loadIndexed(root, { cache: workers ? { ...cacheOptions(dir, log), ...WORKERS } : cacheOptions(dir, log) });
      expect(answers(workspace), what).toEqual(cold);
      if (said.source === '^$') expect(log, what).toEqual([]);
      else {
        expect(log, what).toHaveLength(1);
        expect(log[0], what).toMatch(said);
        expect(log[0], what).toMatch(/is not used: .*; loading every file( \(it is written again\))?$/);
        // Written again, whole: the next start is warm.
        expect(saveIndex(), what).toBe(!what.startsWith('a folder'));
      }
    }
    rmSync(`${file}.real`, { force: true });
  });

  it('a foreign version or configuration is not used; the folder of the index is never a link or open to others', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'a' }) });
    const dir = testdir({});
    start(root, cacheOptions(dir));
    // Another version, another configuration: nothing wrong, nothing said; a cold load that writes it again.
    const log: string[] = [];
    const other = loadIndexed(root, { cache: { ...cacheOptions(dir, log), version: 'other' } });
    expect(answers(other.workspace)).toEqual(answers(loadWorkspace(root)));
    expect(other.saveIndex()).toBe(true);
    writeFileSync(join(root, 'docugraph.yml'), 'requireId: true\n');
    const again = loadIndexed(root, { cache: cacheOptions(dir, log) });
    expect(answers(again.workspace)).toEqual(answers(loadWorkspace(root)));
    expect(again.saveIndex()).toBe(true);
    expect(log).toEqual([]);
    // A link as the folder: neither read nor written through.
    const real = testdir({});
    const linked = join(testdir({}), 'cache');
    symlinkSync(real, linked);
    const viaLink: string[] = [];
    const loaded = loadIndexed(root, { cache: cacheOptions(linked, viaLink) });
    expect(loaded.saveIndex()).toBe(false);
    expect(viaLink).toEqual([
      expect.stringMatching(/^the index in .* is not used: its folder .* is a symbolic link; loading every file$/),
      expect.stringMatching(/^the index cannot be written to .*: its folder .* is a symbolic link$/),
    ]);
    expect(readdirNames(real)).toEqual([]);
  });

  it("a cache folder another user could have filled is not used: one above it others may write to, or another user's (issue 53)", () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'a' }) });
    // A folder above the cache folder that anyone may write to, without the sticky bit that keeps /tmp safe.
    const open = testdir({});
    chmodSync(open, 0o777);
    const log: string[] = [];
    const loaded = loadIndexed(root, { cache: cacheOptions(join(open, 'cache'), log) });
    expect(loaded.saveIndex()).toBe(false);
    expect(log).toEqual([expect.stringMatching(new RegExp(`^the index cannot be written to .*: the folder ${open} above it can be written by other users$`))]);
    // With the sticky bit (as /tmp), no one else can replace what is in it: used.
    chmodSync(open, 0o1777);
    expect(loadIndexed(root, { cache: cacheOptions(join(open, 'cache')) }).saveIndex()).toBe(true);
    if (process.getuid?.() === 0) {
      // Root's own index in a folder another user owns (a HOME that is not root's): neither read nor written.
      const theirs = join(testdir({}), 'cache');
      mkdirSync(theirs, { mode: 0o700 });
      chownSync(theirs, 12345, 12345);
      const refused: string[] = [];
      expect(loadIndexed(root, { cache: cacheOptions(theirs, refused) }).saveIndex()).toBe(false);
      expect(refused.at(-1)).toMatch(/: its folder .* belongs to another user \(uid 12345\); use a cache folder of your own \(XDG_CACHE_HOME\)$/);
      expect(readdirNames(theirs)).toEqual([]);
    }
  });

  it('after a warm start, a change is applied as after a cold one: names that came and went are checked again', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'a' }, 'See [the new one](new.md), [b](b.md), [c](sub/c.md) and ![a picture](pic.png).\n'),
      'b.md': doc({ id: 'B', title: 'b' }),
      'sub/c.md': doc({ id: 'C', title: 'c' }),
    });
    const dir = testdir({});
    start(root, cacheOptions(dir));
    const index = createWorkspaceIndex(root, { cache: cacheOptions(dir) });
    index.refresh('all');
    expect(index.fromCache()).toBe(3);
    expect(answers(index.workspace())).toEqual(answers(loadWorkspace(root)));
    // Files come that links pointed at (a picture: no Markdown file moves), one goes, a folder's file too: each change reported by path.
    expect(index.workspace().diagnostics.filter((d) => d.path === 'a.md').map((d) => d.message)).toEqual([expect.stringContaining('`new.md` does not exist'), expect.stringContaining('`pic.png` does not exist')]);
    writeFiles(root, { 'pic.png': 'not really a picture' });
    index.refresh(['pic.png']);
    expect(answers(index.workspace())).toEqual(answers(loadWorkspace(root)));
    writeFiles(root, { 'new.md': doc({ id: 'N', title: 'n' }) });
    index.refresh(['new.md']);
    expect(answers(index.workspace())).toEqual(answers(loadWorkspace(root)));
    rmSync(join(root, 'b.md'));
    index.refresh(['b.md']);
    expect(answers(index.workspace())).toEqual(answers(loadWorkspace(root)));
    rmSync(join(root, 'sub'), { recursive: true });
    index.refresh(['sub']);
    expect(answers(index.workspace())).toEqual(answers(loadWorkspace(root)));
  });

  it('a live workspace writes it after its first load, and starts warm from it', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'a', depends_on: ['B'] }), 'b.md': doc({ id: 'B', title: 'b' }) });
    const dir = testdir({});
    const live = openLiveWorkspace(root, { mode: 'static', cache: cacheOptions(dir) });
    await live.snapshot();
    await waitFor(() => indexedOrNull(root, dir)?.length === 2);
    live.close();
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'b, edited' }));
    const second = openLiveWorkspace(root, { mode: 'static', cache: cacheOptions(dir) });
    expect(answers(await second.snapshot())).toEqual(answers(loadWorkspace(root)));
    second.close();
  });
});

function indexedOrNull(root: string, dir: string): string[] | null {
  try {
    return indexed(root, dir);
  } catch {
    return null;
  }
}

function readdirNames(dir: string): string[] {
  return readdirSync(dir);
}

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
