/**
 * Folder listings kept in the on-disk index (src/core/store/listing-reuse.ts): a warm start takes
 * the listing of a folder whose key is unchanged, made under the same ignore rules, and answers
 * as a cold load whatever changed in between — a `.gitignore` or `.docugraphignore` edited in
 * place (no folder's key moves), a file added, a folder replaced by a link, a folder changed too
 * close to its listing (racily clean).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, listTasks, loadIndexed, loadWorkspace, type IndexCacheOptions, type Workspace } from '../../../src/core/index.js';
import { keptListings, reuseOf } from '../../../src/core/store/listing-reuse.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { cacheFileOf } from '../../../src/core/read/cache-file.js';
import type { DirectoryListing } from '../../../src/core/read/discover-files.js';
import { indexOf, payloadsOf } from '../../helpers/index-records.js';
import { doc, testdir, writeFiles } from '../../helpers/testdir.js';

const answers = (ws: Workspace): string[] => [formatReport(buildReport(ws)), JSON.stringify(listTasks(ws)), JSON.stringify([...ws.files])];

/** A clock ten seconds ahead: every folder is old enough for its listing to be kept. */
const later = () => Date.now() + 10_000;

/** A start with the index in `dir` (written back after it): its workspace, and how many listings it took. */
function start(root: string, dir: string, now: () => number = later): { ws: Workspace; listings: number; log: string[] } {
  const log: string[] = [];
  const options: IndexCacheOptions = { dir, version: 'test', log: (line) => void log.push(line), now };
  const { workspace, saveIndex, listingsFromIndex } = loadIndexed(root, { cache: options });
  saveIndex();
  return { ws: workspace, listings: listingsFromIndex, log };
}

/** Three folders below the root, one with a `.gitignore` of its own. */
function workspace(): string {
  return testdir({
    '.gitignore': 'build/\n',
    'a.md': doc({ id: 'A', title: 'a' }, 'See [b](sub/b.md).\n'),
    'sub/b.md': doc({ id: 'B', title: 'b', depends_on: ['A'] }, 'Body.\n'),
    'sub/deep/c.md': doc({ id: 'C', title: 'c', depends_on: ['B'] }, 'Body.\n'),
    'own/.gitignore': 'skip-*.md\n',
    'own/inner/d.md': doc({ id: 'D', title: 'd' }, 'Body.\n'),
    'own/inner/skip-e.md': doc({ id: 'E', title: 'e' }, 'Body.\n'),
  });
}

describe('folder listings in the on-disk index', () => {
  it('a warm start takes every listing of an unchanged folder without a .gitignore of its own, and answers as a cold load', () => {
    const root = workspace();
    const dir = testdir({});
    expect(start(root, dir).listings).toBe(0);
    const warm = start(root, dir);
    // sub, sub/deep and own/inner; the root and own/ have a .gitignore of their own and are listed.
    expect(warm.listings).toBe(3);
    expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
    expect(warm.log).toEqual([]);
  });

  it('a .gitignore edited in place above a kept folder: its listing is made again', () => {
    for (const [file, text, gone] of [
      ['.gitignore', 'build/\ndeep/\n', 'sub/deep/c.md'],
      ['.gitignore', 'build/\nc.md\n', 'sub/deep/c.md'],
      ['own/.gitignore', 'skip-*.md\nd.md\n', 'own/inner/d.md'],
      ['own/.gitignore', '', null],
    ] as const) {
      const root = workspace();
      const dir = testdir({});
      start(root, dir);
      // In place: no folder's key moves (the file existed).
      writeFiles(root, { [file]: text });
      const warm = start(root, dir);
      const cold = loadWorkspace(root);
      expect(answers(warm.ws), `${file}: ${text}`).toEqual(answers(cold));
      if (gone !== null) expect(cold.files, `${file}: ${text}`).not.toContain(gone);
      else expect(cold.files).toContain('own/inner/skip-e.md');
    }
  });

  it('a .docugraphignore made or edited: no listing is taken under other rules', () => {
    const root = workspace();
    const dir = testdir({});
    writeFiles(root, { '.docugraphignore': 'nothing\n' });
    start(root, dir);
    expect(start(root, dir).listings).toBe(3);
    writeFiles(root, { '.docugraphignore': 'sub/deep/\n' });
    const warm = start(root, dir);
    expect(warm.listings).toBe(0);
    expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
    expect(warm.ws.files).not.toContain('sub/deep/c.md');
  });

  it('a folder whose names changed is listed again; the others are taken', () => {
    const root = workspace();
    const dir = testdir({});
    start(root, dir);
    writeFiles(root, { 'sub/deep/new.md': doc({ id: 'N', title: 'n', depends_on: ['C'] }, 'Body.\n') });
    const warm = start(root, dir);
    expect(warm.listings).toBe(2);
    expect(warm.ws.files).toContain('sub/deep/new.md');
    expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
  });

  it('a kept folder replaced by a link to a copy of it is refused as a cold load refuses it', () => {
    const root = workspace();
    const dir = testdir({});
    start(root, dir);
    const elsewhere = testdir({ 'c.md': doc({ id: 'C', title: 'c', depends_on: ['B'] }, 'Body.\n') });
    renameSync(join(root, 'sub/deep'), join(root, 'sub/was-deep'));
    rmSync(join(root, 'sub/was-deep'), { recursive: true });
    symlinkSync(elsewhere, join(root, 'sub/deep'));
    const warm = start(root, dir);
    expect(warm.ws.files).not.toContain('sub/deep/c.md');
    expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
  });

  it('a folder changed within the racy window of its listing is not kept', () => {
    const root = workspace();
    const dir = testdir({});
    // The real clock: every folder was made a moment ago.
    start(root, dir, Date.now);
    expect(start(root, dir, Date.now).listings).toBe(0);
    // Made long enough ago by the clock's account: kept, then taken.
    start(root, dir);
    expect(start(root, dir).listings).toBe(3);
  });

  it('a folder made again at the same path (another inode) is listed', () => {
    const root = workspace();
    const dir = testdir({});
    start(root, dir);
    rmSync(join(root, 'sub/deep'), { recursive: true });
    mkdirSync(join(root, 'sub/deep'));
    writeFiles(root, { 'sub/deep/other.md': doc({ id: 'O', title: 'o' }, 'Body.\n') });
    const warm = start(root, dir);
    expect(warm.ws.files).toContain('sub/deep/other.md');
    expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
  });
});

describe('kept listings as data', () => {
  const listing = (dir: string, names: string[]): DirectoryListing & { key: readonly [bigint, bigint, bigint, bigint]; listedAt: number; chain: string } => {
    const entries = names.map((name) => `${dir}/${name}`);
    return { files: entries.filter((e) => e.endsWith('.md')), entries, subdirs: entries.filter((e) => !e.includes('.')), hidden: ['.git'], diagnostic: null, links: [], key: [1n, 2n, 3n, 4n], listedAt: 5, chain: 'rules' };
  };

  it('gives a listing back as it was kept, for its key and rules only', () => {
    const kept = listing('docs', ['a.md', 'img.png', 'sub']);
    const reuse = reuseOf(keptListings([['docs', kept]], () => true))!;
    const taken = reuse.take('docs', [1n, 2n, 3n, 4n], 'rules', 'r')!;
    expect({ files: taken.files, entries: taken.entries, subdirs: taken.subdirs, hidden: taken.hidden, links: taken.links }).toEqual({ files: ['docs/a.md'], entries: ['docs/a.md', 'docs/img.png', 'docs/sub'], subdirs: ['docs/sub'], hidden: ['.git'], links: [] });
    expect(reuse.take('docs', [1n, 2n, 3n, 5n], 'rules', 'r')).toBeNull();
    expect(reuse.take('docs', [1n, 2n, 3n, 4n], 'other rules', 'r')).toBeNull();
    expect(reuse.take('other', [1n, 2n, 3n, 4n], 'rules', 'r')).toBeNull();
  });

  it('refuses what keptListings does not make: a wrong shape, or entries that are not names in their folder', () => {
    const good = keptListings([['docs', listing('docs', ['a.md'])]], () => true);
    expect(reuseOf(null)).toBeNull();
    expect(reuseOf({ ...good, keys: new BigInt64Array(3) })).toBeNull();
    expect(reuseOf({ ...good, dirs: [1] })).toBeNull();
    expect(reuseOf({ ...good, kinds: new Uint8Array(0) })).toBeNull();
    for (const entry of ['elsewhere/a.md', 'docs/../../a.md', 'docs/x/a.md', 'docs/']) {
      const reuse = reuseOf({ ...good, entries: [entry] })!;
      expect(reuse.take('docs', [1n, 2n, 3n, 4n], 'rules', 'r'), entry).toBeNull();
    }
    expect(reuseOf({ ...good, kinds: Uint8Array.of(9) })!.take('docs', [1n, 2n, 3n, 4n], 'rules', 'r')).toBeNull();
    // A file to read that has no Markdown name.
    expect(reuseOf({ ...good, entries: ['docs/a.png'] })!.take('docs', [1n, 2n, 3n, 4n], 'rules', 'r')).toBeNull();
    // Runs of entries that do not cover the list once, in order.
    expect(reuseOf({ ...good, starts: Float64Array.of(0, 5) })).toBeNull();
    expect(reuseOf({ ...good, starts: Float64Array.of(1, 1) })).toBeNull();
    expect(reuseOf({ ...good, starts: Float64Array.of(0, 0.5) })).toBeNull();
  });
});

describe('names that came or went between two starts', () => {
  for (const [what, change] of [
    ['a picture gone', (root: string) => rmSync(join(root, 'img/chart.png'))],
    ['a data file made', (root: string) => writeFiles(root, { 'data.csv': 'a,b\n' })],
    ['a folder gone', (root: string) => rmSync(join(root, 'sub'), { recursive: true })],
    ['a folder made', (root: string) => writeFiles(root, { 'made/x.txt': 'x\n' })],
  ] as const) {
    it(`the links of unchanged files are checked again for what came or went (${what})`, () => {
      const root = testdir({
        'a.md': doc({ id: 'A', title: 'a' }, 'See ![the chart](img/chart.png).\n'),
        'b.md': doc({ id: 'B', title: 'b' }, 'See [the data](data.csv).\n'),
        'c.md': doc({ id: 'C', title: 'c' }, 'See [the folder](sub/) and [another](made/).\n'),
        'd.md': doc({ id: 'D', title: 'd' }, 'See [the notes](sub/notes.txt) and [more](made/x.txt).\n'),
        'img/chart.png': 'png',
        'sub/notes.txt': 'notes\n',
      });
      const dir = testdir({});
      start(root, dir);
      change(root);
      const warm = start(root, dir);
      expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
      expect(JSON.stringify(warm.ws.diagnostics)).toEqual(JSON.stringify(loadWorkspace(root).diagnostics));
    });
  }
});


describe('found in review', () => {
  for (const value of [Number.NaN, Number.POSITIVE_INFINITY]) {
    it(`a kept listing whose time is ${value} is not taken, and the next write does not throw`, () => {
      const root = workspace();
      const dir = testdir({});
      start(root, dir);
      const file = cacheFileOf(dir, root).path;
      const payloads = payloadsOf(readFileSync(file));
      const kept = deserialize(payloads[1]!) as { at: Float64Array };
      kept.at.fill(value);
      payloads[1] = serialize(kept);
      writeFileSync(file, indexOf(payloads));
      // A file changed: the start writes the index again.
      writeFiles(root, { 'a.md': doc({ id: 'A', title: 'a, again' }, 'See [b](sub/b.md).\n') });
      const warm = start(root, dir);
      expect(warm.listings).toBe(0);
      expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
      expect(start(root, dir).listings).toBe(3);
    });
  }

  it('an ignore file that could not be read, then holding the text `unreadable`: no listing is taken', () => {
    const root = testdir({
      // Not UTF-8: a finding, and nothing ignored.
      '.docugraphignore': Uint8Array.of(0xff, 0xfe, 0xfd),
      'sub/a.md': doc({ id: 'A', title: 'a' }, 'Body.\n'),
      'sub/unreadable/x.md': doc({ id: 'X', title: 'x' }, 'Body.\n'),
    });
    const dir = testdir({});
    start(root, dir);
    writeFiles(root, { '.docugraphignore': 'unreadable' });
    const warm = start(root, dir);
    expect(warm.ws.files).not.toContain('sub/unreadable/x.md');
    expect(answers(warm.ws)).toEqual(answers(loadWorkspace(root)));
  });

  it('a refresh of new rules closed after it listed the root: a folder listed later under them is not kept with the old rules id', () => {
    const root = testdir({ 'a/b/n.md': doc({ id: 'N', title: 'n' }, 'Body.\n'), 'a/b/c/deep.md': doc({ id: 'D', title: 'd' }, 'Body.\n') });
    const cache = { dir: testdir({}), version: 'test', now: later };
    const index = createWorkspaceIndex(root, { cache });
    index.refresh('all');
    writeFileSync(join(root, '.docugraphignore'), 'a/b/c/\n');
    const steps = index.refreshSteps(['.docugraphignore']);
    steps.next();
    steps.return(undefined as never);
    // The rules back as they were (not reported), a file added and reported, the index written.
    unlinkSync(join(root, '.docugraphignore'));
    writeFiles(root, { 'a/b/m.md': doc({ id: 'M', title: 'm' }, 'Body.\n') });
    index.refresh(['a/b/m.md']);
    index.saveCache();
    const warm = loadIndexed(root, { cache });
    expect([...warm.workspace.files]).toEqual([...loadWorkspace(root).files]);
  });

  it('the index written again by another start between the listings read before the walk and the restore: the names moved are found against the index restored', () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'a' }, 'See [pic](sub/c.png).\n'),
      'sub/b.md': doc({ id: 'B', title: 'b' }, 'Body.\n'),
      'sub/c.png': 'png',
    });
    const dir = testdir({});
    const cache = { dir, version: 'test', now: later };
    const file = cacheFileOf(dir, root).path;
    // One index with the picture, then one without it (its folder kept with its new key).
    loadIndexed(root, { cache }).saveIndex();
    const before = readFileSync(file);
    rmSync(join(root, 'sub/c.png'));
    loadIndexed(root, { cache }).saveIndex();
    // A start reads the listings of the second, then a slower start writes the first over it.
    const index = createWorkspaceIndex(root, { once: true, cache });
    const steps = index.refreshSteps('all');
    steps.next();
    writeFileSync(file, before);
    let step = steps.next();
    while (step.done !== true) step = steps.next();
    expect(answers(step.value)).toEqual(answers(loadWorkspace(root)));
    expect(step.value.diagnostics.map((d) => d.code)).toContain('MD_LINK_BROKEN');
  });

  for (const [what, craft] of [
    // Runs that overlap: every folder would be read as the whole list.
    ['folders whose runs of entries overlap', (kept: Record<string, unknown>) => {
      const starts = kept['starts'] as Float64Array;
      const all = (kept['entries'] as string[]).length;
      // 0, all, 0, all…: every other folder would be read as the whole list.
      kept['starts'] = starts.map((_, i) => (i === starts.length - 1 || i % 2 === 1 ? all : 0));
    }],
    // One list of left-out names shared by every folder (V8 keeps references): read once per folder.
    ['folders sharing one list of left-out names', (kept: Record<string, unknown>) => void (kept['hidden'] = (kept['hidden'] as string[][]).map((_, i, all) => all[0]!))],
  ] as const) {
    it(`listings of ${what} are not used: one log line and a cold load`, () => {
      const root = workspace();
      const dir = testdir({});
      const log: string[] = [];
      const cache = { dir, version: 'test', now: later, log: (line: string) => void log.push(line) };
      loadIndexed(root, { cache }).saveIndex();
      const file = cacheFileOf(dir, root).path;
      const payloads = payloadsOf(readFileSync(file));
      const kept = deserialize(payloads[1]!) as Record<string, unknown>;
      craft(kept);
      payloads[1] = serialize(kept);
      writeFileSync(file, indexOf(payloads));
      const warm = loadIndexed(root, { cache });
      expect(warm.fromIndex).toBe(0);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(/is not used: its folder listings have the wrong shape/);
      expect(answers(warm.workspace)).toEqual(answers(loadWorkspace(root)));
    });
  }
});
