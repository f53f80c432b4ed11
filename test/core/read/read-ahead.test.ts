/**
 * Reading ahead on a worker thread (src/core/read/read-ahead.ts): the worker hands over exactly the
 * bytes and stamps the main thread would have read, leaves every file it could not read (or
 * too large for a batch) to the main thread, stays a bounded number of batches ahead, and a
 * worker that cannot start or stops early only means the main thread reads the rest itself.
 *
 * The worker runs from `dist` (`npm test` builds it first): worker threads run JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { AHEAD_BATCHES, prestartReadAhead, READ_AHEAD_MIN_FILES, RECORD, startReadAhead, type AheadBatch, type ReadAhead } from '../../../src/core/read/read-ahead.js';
import { BATCH_BYTES, createFileReader, readersFor, readFile, type ReadFile } from '../../../src/core/model/read-files.js';
import { readFileInside } from '../../../src/core/read/safe-fs.js';
import { MAX_FILE_BYTES } from '../../../src/core/read/read-bytes.js';
import { packMarkdown, prestartMarkdownAhead } from '../../../src/core/parse/markdown-ahead.js';
import { extractMarkdown } from '../../../src/core/parse/markdown.js';
import { ROOT } from '../../helpers/paths.js';
import { doc, testdir } from '../../helpers/testdir.js';

const WORKER = new URL('../../../dist/core/read/read-ahead-worker.js', import.meta.url);
const MARKDOWN_WORKER = new URL('../../../dist/core/parse/markdown-ahead-worker.js', import.meta.url);

beforeAll(() => {
  for (const worker of [WORKER, MARKDOWN_WORKER]) expect(existsSync(fileURLToPath(worker)), 'the workers run from dist: run `npm run build` first').toBe(true);
});

/** A workspace of every kind of file a load meets, and a list that reads some of them twice. */
function mixed(): { root: string; files: string[] } {
  const outsideRoot = testdir({ 'secret.md': doc({ id: 'SECRET', title: 'SECRET' }) });
  const layout: Record<string, string | { symlink: string }> = {
    'a.md': doc({ id: 'A', title: 'A' }, '# A\n\n## Part\n'),
    'docs/utf8.md': doc({ id: 'U', title: 'Ça' }, '# Über\n[a](../a.md#part)\n'),
    'docs/bom.md': '\uFEFF---\nid: BOM\ntitle: BOM\n---\n# BOM\n',
    'docs/crlf.md': '---\r\nid: CRLF\r\ntitle: CRLF\r\n---\r\n# CRLF\r\n[a](../a.md)\r',
    'docs/empty.md': '',
    'docs/link.md': { symlink: join(outsideRoot, 'secret.md') },
    'big/large.md': doc({ id: 'L', title: 'L' }, 'x'.repeat(3000)),
  };
  for (let i = 0; i < 300; i += 1) layout[`many/d${String(i).padStart(3, '0')}.md`] = doc({ id: `D${i}`, title: `D ${i}`, depends_on: [`D${(i * 7) % 300}`] }, `# D ${i}\n\n[next](d${String((i + 1) % 300).padStart(3, '0')}.md#d-${(i + 1) % 300})\n`);
  const root = testdir(layout);
  writeFileSync(join(root, 'docs/invalid.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xc3, 0x28, 0x0a]));
  execFileSync('mkfifo', [join(root, 'docs', 'pipe.md')]);
  // A modification time unlike the change time, so that the stamps tell them apart.
  for (const file of ['a.md', 'docs/utf8.md', 'many/d007.md']) utimesSync(join(root, file), new Date(Date.UTC(2001, 0, 2)), new Date(Date.UTC(2001, 0, 1)));
  const special = ['a.md', 'docs/utf8.md', 'docs/bom.md', 'docs/crlf.md', 'docs/empty.md', 'docs/invalid.md', 'docs/link.md', 'docs/pipe.md', 'docs/gone.md', 'big/large.md', 'docs', 'a.md'];
  const files: string[] = [];
  for (let i = 0; i < 300; i += 1) {
    files.push(`many/d${String(i).padStart(3, '0')}.md`);
    if (i % 25 === 0) files.push(...special);
  }
  return { root, files };
}

/** The list `times` over: more than one batch of the reader (256 KiB), so that the worker has some to read. */
function repeated(files: readonly string[], times: number): string[] {
  return Array.from({ length: times }, () => files).flat();
}

/**
 * `view` of what `readFile` gives for each of `files`, reading each distinct path once: a list
 * from `repeated` names every file many times, and the files do not change during a test.
 */
function readEach<T>(root: string, files: readonly string[], view: (read: ReadFile) => T): T[] {
  const seen = new Map<string, T>();
  return files.map((file) => {
    if (!seen.has(file)) seen.set(file, view(readFile(root, file)));
    return seen.get(file)!;
  });
}

function comparable(read: ReadFile): object {
  const { analysis, stamp, missing } = read;
  return { path: analysis.path, node: analysis.node, diagnostics: analysis.diagnostics, idLine: analysis.idLine, mayLink: analysis.mayLink, markdown: analysis.markdown(), stamp, missing };
}

/**
 * Reads `files` in batches, pausing `pauseMs` after each batch read on this thread until the
 * worker has given one (time for it to start and read ahead: a fixed pause after the first
 * batch alone was too short on a loaded machine, and the main thread had read every batch).
 */
function readAllWith(root: string, files: readonly string[], options: Parameters<typeof createFileReader>[2], pauseMs = 0): { got: ReadFile[]; ahead: number } {
  const reader = createFileReader(root, undefined, options);
  try {
    const got: ReadFile[] = [];
    while (got.length < files.length) {
      got.push(...reader.readMany(files, got.length));
      if (pauseMs > 0 && reader.aheadBatches() === 0 && got.length < files.length) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
    }
    return { got, ahead: reader.aheadBatches() };
  } finally {
    reader.close();
  }
}

const sleep = (ms: number): unknown => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The worker's batch holding file `from`, waiting for it (the main thread never does: a test may). */
function poll(ahead: ReadAhead, from: number): AheadBatch {
  for (let i = 0; i < 2000; i += 1) {
    const batch = ahead.take(from);
    if (batch !== null) return batch;
    sleep(5);
  }
  throw new Error(`no batch for file ${from}`);
}

/** Checks each record of `batch` from file `from` on against what the main thread reads; returns how many the worker left to it. */
function checkBatch(root: string, files: readonly string[], batch: AheadBatch, from: number, batchBytes: number): number {
  let left = 0;
  for (let k = (from - batch.first) * RECORD; k < batch.meta.length; k += RECORD) {
    const file = files[batch.first + k / RECORD]!;
    const mine = readFileInside(root, file, MAX_FILE_BYTES);
    const [start, end, size, mtimeMs, ctimeMs, ino] = batch.meta.subarray(k, k + RECORD);
    if (start! < 0) {
      // Left to the main thread: refused there too, or larger than a batch.
      left += 1;
      expect(!mine.ok || mine.bytes.length > batchBytes, file).toBe(true);
      continue;
    }
    expect(mine.ok, file).toBe(true);
    if (!mine.ok) continue;
    expect(Buffer.from(batch.bytes.subarray(start, end)).equals(Buffer.from(mine.bytes)), file).toBe(true);
    expect({ size, mtimeMs, ctimeMs, ino }, file).toEqual({ size: mine.stats.size, mtimeMs: mine.stats.mtimeMs, ctimeMs: mine.stats.ctimeMs, ino: mine.stats.ino });
  }
  return left;
}

/** Polls and checks every batch from file `from` to the end (its first file is `from`, or before it unless `exact`); how many batches, and how many files the worker left to the main thread. */
function checkAll(ahead: ReadAhead, root: string, files: readonly string[], from: number, batchBytes: number, exact: boolean): { batches: number; left: number } {
  let batches = 0;
  let left = 0;
  while (from < files.length) {
    const batch = poll(ahead, from);
    if (exact) expect(batch.first).toBe(from);
    else expect(batch.first).toBeLessThanOrEqual(from);
    left += checkBatch(root, files, batch, from, batchBytes);
    from = batch.first + batch.meta.length / RECORD;
    batches += 1;
  }
  return { batches, left };
}

describe('the read-ahead worker', () => {
  it('hands over the bytes and stamps the main thread reads, and leaves it what it cannot read or what is too large for a batch', () => {
    const { root, files } = mixed();
    const batchBytes = 400;
    const ahead = startReadAhead(root, files, batchBytes, WORKER);
    expect(ahead).not.toBeNull();
    let batches = 0;
    let left = 0;
    try {
      ({ batches, left } = checkAll(ahead!, root, files, 0, batchBytes, true));
    } finally {
      ahead!.close();
    }
    // Every file, in order; more batches than the worker may hold ahead (it waited for the main thread).
    expect(batches).toBeGreaterThan(AHEAD_BATCHES * 2);
    // The link, the FIFO, the missing file, the directory and the large file, each time listed.
    expect(left).toBe(12 * 5);
  });

  it('skips what the main thread claims it read, and the batch that holds the next file is found', () => {
    const { root, files } = mixed();
    for (const claimed of [0, 1, 100, 250, files.length - 1]) {
      const ahead = startReadAhead(root, files, 400, WORKER)!;
      try {
        // Whether the worker had read past it or not.
        if (claimed % 2 === 1) sleep(100);
        ahead.claim(claimed);
        checkAll(ahead, root, files, claimed, 400, false);
      } finally {
        ahead.close();
      }
    }
  });

  it('a reader that reads ahead gives what readFile gives, file by file', () => {
    const { root, files: once } = mixed();
    // Some twenty batches: up to as many pauses for the worker to start.
    const files = repeated(once, 100);
    const reference = readEach(root, files, comparable);
    // The first batches read here while the worker starts; the rest from the worker.
    const { got, ahead } = readAllWith(root, files, { workerUrl: WORKER, minFiles: 1 }, 250);
    expect(ahead).toBeGreaterThan(0);
    expect(got.map(comparable)).toEqual(reference);
    // Lists below the threshold are read on the main thread.
    expect(readAllWith(root, files, { workerUrl: WORKER, minFiles: files.length + 1 }).ahead).toBe(0);
  });

  it('a read-ahead worker started before its list is known reads the list it is given later, as one started with it', () => {
    const { root, files } = mixed();
    const started = prestartReadAhead(root, 400, WORKER)!;
    expect(started).not.toBeNull();
    // It starts up while the walk would go on.
    sleep(100);
    const ahead = started.begin(files);
    try {
      expect(checkAll(ahead, root, files, 0, 400, true).batches).toBeGreaterThan(1);
    } finally {
      ahead.close();
    }
  });

  it('workers started ahead that no list reaches in time are stopped (a load that failed between its walk and its first read)', async () => {
    const { root, files } = mixed();
    const reading = prestartReadAhead(root, 400, WORKER, 50)!;
    const extracting = prestartMarkdownAhead(MARKDOWN_WORKER, 50)!;
    // Their timers run while the event loop turns (a server's does; a failed one-shot load ends the process).
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Begun too late: nothing comes from either.
    const ahead = reading.begin(files);
    const markdown = extracting.begin(files.length);
    const live = startReadAhead(root, files, BATCH_BYTES, WORKER)!;
    try {
      const batch = poll(live, 0);
      markdown.give(batch);
      sleep(500);
      expect(ahead.take(0)).toBeNull();
      expect(markdown.take(0)).toBeUndefined();
    } finally {
      ahead.close();
      live.close();
      markdown.end();
    }
  });

  it('a worker that cannot start, or ends early, leaves the rest to the main thread, which never waits for it', () => {
    const { root, files } = mixed();
    const reference = files.map((file) => comparable(readFile(root, file)));
    const scripts = testdir({
      'broken.mjs': "throw new Error('broken worker');\n",
      'silent.mjs': 'setInterval(() => {}, 1000);\n',
      'early.mjs': [
        "import { workerData } from 'node:worker_threads';",
        "workerData.port.postMessage({ kind: 'end' });",
        'Atomics.add(new Int32Array(workerData.control), 0, 1);',
        '',
      ].join('\n'),
    });
    for (const name of ['broken.mjs', 'silent.mjs', 'early.mjs', 'missing.mjs']) {
      const { got, ahead } = readAllWith(root, files, { workerUrl: pathToFileURL(join(scripts, name)), minFiles: 1 }, 300);
      expect(ahead, name).toBe(0);
      expect(got.map(comparable), name).toEqual(reference);
    }
  });

  it('stays at most AHEAD_BATCHES batches ahead of the main thread', () => {
    const { root, files } = mixed();
    const ahead = startReadAhead(root, files, 256, WORKER)!;
    try {
      let from = 0;
      const batch = poll(ahead, from);
      from = batch.first + batch.meta.length / RECORD;
      // The main thread busy elsewhere: the worker reads ahead, then waits.
      for (let i = 0; i < 200 && ahead.waiting() < AHEAD_BATCHES; i += 1) sleep(25);
      sleep(200);
      expect(ahead.waiting()).toBe(AHEAD_BATCHES);
      let taken = 1;
      while (from < files.length) {
        const next = poll(ahead, from);
        from = next.first + next.meta.length / RECORD;
        taken += 1;
      }
      expect(taken).toBeGreaterThan(AHEAD_BATCHES * 2);
    } finally {
      ahead.close();
    }
  });

  it('closing mid-way stops it: nothing more is taken', () => {
    const { root, files: once } = mixed();
    const files = repeated(once, 20);
    const ahead = startReadAhead(root, files, 256, WORKER)!;
    const batch = poll(ahead, 0);
    ahead.close();
    expect(ahead.take(batch.first + batch.meta.length / RECORD)).toBeNull();
    // A reader closed after a batch from the worker, then used again, reads on the main thread.
    const reader = createFileReader(root, undefined, { workerUrl: WORKER, minFiles: 1 });
    const first = reader.readMany(files, 0);
    // Until a batch comes from the worker (it starts in a few hundred ms; more on a busy
    // machine): what the main thread reads meanwhile, the worker skips.
    const second: ReturnType<typeof reader.readMany> = [];
    for (let tries = 0; reader.aheadBatches() === 0 && tries < 30 && first.length + second.length < files.length; tries += 1) {
      sleep(tries === 0 ? 300 : 100);
      second.push(...reader.readMany(files, first.length + second.length));
    }
    expect(reader.aheadBatches()).toBe(1);
    reader.close();
    const done = first.length + second.length;
    const rest = reader.readMany(files, done);
    reader.close();
    expect(reader.aheadBatches()).toBe(1);
    expect([...first, ...second, ...rest].map(comparable)).toEqual(readEach(root, files.slice(0, done + rest.length), comparable));
  });
});

/**
 * Reads `files` with `reader`, then closes it: the first batch is read here; then, until a batch
 * comes from the reading worker (its start-up: a few hundred ms, more on a busy machine), a
 * batch at a time with a pause between; then the rest.
 */
function readGivingTime(reader: ReturnType<typeof createFileReader>, files: readonly string[]): ReadFile[] {
  const got: ReadFile[] = [];
  try {
    got.push(...reader.readMany(files, 0));
    for (let tries = 0; reader.aheadBatches() === 0 && tries < 30 && got.length < files.length; tries += 1) {
      sleep(tries === 0 ? 300 : 100);
      got.push(...reader.readMany(files, got.length));
    }
    while (got.length < files.length) got.push(...reader.readMany(files, got.length));
  } finally {
    reader.close();
  }
  return got;
}

describe('the Markdown worker', () => {
  /** Every Markdown file of the repository's fixtures, examples and docs, and bodies that test the packing. */
  function corpus(): { root: string; files: string[] } {
    const root = testdir({
      'zz-edge/deep.md': `${'> '.repeat(300)}[x](a.md)\n\n[after](b.md)\n`,
      'zz-edge/html.md': '<a name="Top"></a>\n<div id="x">\n\n# Title\n\n[a]() [b](<>) [c](#top)\n',
      'zz-edge/nul.md': 'text \0 [a](b\0c.md)\n\n# Head\0ing\n',
      'zz-edge/h1.md': '# First *H1* `code`\n\n## Two\n\n## Two\n',
      'zz-edge/unclosed.md': '---\nid: X\n# no close [x](y.md)\n',
      'zz-edge/empty.md': '',
      'zz-edge/utf8.md': doc({ id: 'U', title: 'Ça' }, '# Über [ü](ü.md)\n\n<span id="Ünïcode"></span>\n'),
      'zz-edge/crlf.md': '---\r\nid: CRLF\r\n---\r\n# CRLF\r\n[a](b.md)\r\n',
      'zz-edge/cr.md': '# Old Mac\r\r[x](y.md)\r## Two\r',
    });
    for (const dir of ['test/fixtures', 'examples', 'docs']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true, verbatimSymlinks: true });
    const files = readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.md')).sort();
    return { root, files };
  }

  it('gives what the main thread extracts, whether asked before it is done or after', () => {
    const { root, files: once } = corpus();
    const files = repeated(once, 4);
    const reference = readEach(root, files, (read) => read.analysis.markdown());
    expect(reference.filter((m) => m?.tooDeepLine != null).length).toBeGreaterThan(0);
    expect(reference.filter((m) => (m?.htmlAnchors.length ?? 0) > 0).length).toBeGreaterThan(0);
    const reader = createFileReader(root, undefined, { workerUrl: WORKER, markdownWorkerUrl: MARKDOWN_WORKER, minFiles: 1 });
    const got = readGivingTime(reader, files);
    // Half asked at once (the worker may not have them yet), the rest once it has had time.
    const half = Math.floor(files.length / 2);
    const early = got.slice(0, half).map((read) => read.analysis.markdown());
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
    const late = got.slice(half).map((read) => read.analysis.markdown());
    expect([...early, ...late]).toEqual(reference);
    expect(reader.earlyMarkdown()).toBeGreaterThan(0);
  });

  it('also takes the batches the main thread read itself (the read-ahead worker starting, or stopped)', () => {
    const { root, files: once } = corpus();
    const files = repeated(once, 4);
    const reference = readEach(root, files, comparable);
    // A read-ahead worker that never sends a batch: every file is read on the main thread.
    const idle = join(testdir({ 'idle.js': '// sends nothing\n' }), 'idle.js');
    const reader = createFileReader(root, undefined, { workerUrl: pathToFileURL(idle), markdownWorkerUrl: MARKDOWN_WORKER, minFiles: 1 });
    const got = readGivingTime(reader, files);
    expect(reader.aheadBatches()).toBe(0);
    sleep(2000);
    expect(got.map(comparable)).toEqual(reference);
    // Many came from the worker (not the non-ASCII files, about half of these: each is decoded alone, and extracted here).
    expect(reader.earlyMarkdown()).toBeGreaterThan(files.length / 4);
  });

  it('a later list read by the same reader (a load reading vanished files again) never takes the first list\'s Markdown (a review)', () => {
    const { root, files: once } = corpus();
    const first = repeated(once, 4);
    const idle = join(testdir({ 'idle.js': '// sends nothing\n' }), 'idle.js');
    const reader = createFileReader(root, undefined, { workerUrl: pathToFileURL(idle), markdownWorkerUrl: MARKDOWN_WORKER, minFiles: 1 });
    try {
      for (let got = 0; got < first.length; ) got += reader.readMany(first, got).length;
      // The worker sends the first list's Markdown, by index in it; none of it is asked for.
      sleep(2000);
      const later = [...once].reverse();
      const got: ReadFile[] = [];
      while (got.length < later.length) got.push(...reader.readMany(later, got.length));
      expect(got.map(comparable)).toEqual(readEach(root, later, comparable));
    } finally {
      reader.close();
    }
  });

  it('workers started before the list is known (while the walk goes on) give what readFile gives, the Markdown too; unused, they are stopped', () => {
    const { root, files: once } = corpus();
    const files = repeated(once, 4);
    const reference = readEach(root, files, comparable);
    const scripts = { read: WORKER, markdown: MARKDOWN_WORKER };
    // Not before the walk has found enough files.
    expect(readersFor(root, READ_AHEAD_MIN_FILES - 1, scripts)).toBeUndefined();
    const started = readersFor(root, READ_AHEAD_MIN_FILES, scripts)!;
    expect(started).not.toBeNull();
    // The reader gets them with the list (it has no worker script of its own: these are the ones it uses).
    const reader = createFileReader(root, undefined, { minFiles: 1, started });
    const got = readGivingTime(reader, files);
    expect(reader.aheadBatches()).toBeGreaterThan(0);
    // Time for the Markdown worker to send what it was given.
    sleep(2000);
    expect(got.map(comparable)).toEqual(reference);
    expect(reader.earlyMarkdown()).toBeGreaterThan(0);
    // A list below the reader's threshold: they are stopped, and the main thread reads it all.
    const unused = readersFor(root, READ_AHEAD_MIN_FILES, scripts)!;
    expect(readAllWith(root, files, { minFiles: files.length + 1, started: unused }).ahead).toBe(0);
  });

  it('a document whose Markdown holds a NUL is not packed (the main thread extracts it)', () => {
    const strings: string[] = [];
    const numbers: number[] = [];
    const info = extractMarkdown('# Title\n\n[a](b.md)\n', 1);
    expect(packMarkdown(0, info, strings, numbers)).toBe(true);
    expect(packMarkdown(1, { ...info, anchors: ['a\0b'] }, strings, numbers)).toBe(false);
    expect(packMarkdown(2, { ...info, links: [{ url: 'x\0.md', line: 3 }] }, strings, numbers)).toBe(false);
    expect(strings).toEqual(['Title', 'b.md', 'title']);
    expect(numbers[0]).toBe(0);
  });

  it('a Markdown worker that cannot start leaves every document to the main thread', () => {
    const { root, files } = corpus();
    const reference = files.map((file) => comparable(readFile(root, file)));
    for (const url of [pathToFileURL(join(ROOT, 'no-such-worker.js')), null]) {
      const { got } = readAllWith(root, files, { workerUrl: WORKER, markdownWorkerUrl: url, minFiles: 1 });
      expect(got.map(comparable)).toEqual(reference);
    }
  });
});
