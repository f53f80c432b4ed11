/**
 * Reading the on-disk index ahead on a worker thread (src/core/store/index-read.ts): the worker
 * gives the bytes `readCacheFile` reads, says whether their checksums are right, says what
 * `readCacheFile` says of a file it does not read (a link, a folder), and is not started for a
 * file that is missing or small.
 *
 * The worker runs from `dist` (`npm test` builds it first): worker threads run JavaScript.
 */
import { closeSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadIndexed } from '../../../src/core/index.js';
import { readIndexFile, startIndexRead } from '../../../src/core/store/index-read.js';
import { isChunkTexts, readLazy, recordsOf } from '../../../src/core/store/index-frame.js';
import { cacheFileOf, readCacheFile } from '../../../src/core/read/cache-file.js';
import { DEMO } from '../../helpers/paths.js';
import { testdir } from '../../helpers/testdir.js';

const WORKER = new URL('../../../dist/core/store/index-read-worker.js', import.meta.url);
const ahead = { workerUrl: WORKER, minBytes: 0 };

beforeAll(() => {
  expect(existsSync(fileURLToPath(WORKER)), 'the worker runs from dist: run `npm run build` first').toBe(true);
});

/** A cache folder holding the index of the demo, and its file. */
function demoIndex(): { file: ReturnType<typeof cacheFileOf>; bytes: Buffer } {
  const dir = testdir({});
  const { saveIndex } = loadIndexed(DEMO, { cache: { dir, version: 'test', now: () => Date.now() + 10_000 } });
  expect(saveIndex()).toBe(true);
  const file = cacheFileOf(dir, DEMO);
  return { file, bytes: readFileSync(file.path) };
}

describe('reading the index ahead', () => {
  it('gives the bytes the main thread would read, their checksums checked', () => {
    const { file, bytes } = demoIndex();
    const read = startIndexRead(file, ahead)!;
    expect(read).not.toBeNull();
    const got = read.take();
    expect(got.checked).toBe(true);
    expect(got.read.ok && got.read.bytes?.equals(bytes)).toBe(true);
    expect(readCacheFile(file)).toEqual(got.read);
  });

  it('hands a damaged index over unchecked (decoding says what is wrong), and says what the main thread says of a link or a folder', () => {
    const { file, bytes } = demoIndex();
    const damaged = Buffer.from(bytes);
    const middle = damaged.length >> 1;
    damaged.writeUInt8(damaged.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(file.path, damaged);
    const got = startIndexRead(file, ahead)!.take();
    expect(got.checked).toBe(false);
    expect(got.read.ok && got.read.bytes?.equals(damaged)).toBe(true);
    writeFileSync(`${file.path}.real`, bytes);
    rmSync(file.path);
    symlinkSync(`${file.path}.real`, file.path);
    const linked = startIndexRead(file, ahead)!.take();
    expect(linked.read).toEqual(readCacheFile(file));
    expect(linked.read.ok ? '' : linked.read.reason).toMatch(/symbolic link/);
    rmSync(file.path);
    mkdirSync(file.path);
    const folder = startIndexRead(file, ahead)!.take();
    expect(folder.read).toEqual(readCacheFile(file));
    expect(folder.read.ok ? '' : folder.read.reason).toMatch(/not a regular file/);
  });

  it('leaves the texts of a large index on the disk: every other record read and checked, the file left open to read them', () => {
    const { file, bytes } = demoIndex();
    const whole = recordsOf(bytes);
    expect(whole.ok).toBe(true);
    const payloads = whole.ok ? whole.payloads : [];
    // The demo's index is small: read whole unless told otherwise.
    const small = readIndexFile(file);
    expect(small.ok && small.bytes?.equals(bytes)).toBe(true);
    for (const got of [readIndexFile(file, 0), startIndexRead(file, { ...ahead, lazyFrom: 0 })!.take().read]) {
      expect(got.ok && got.front !== undefined).toBe(true);
      if (!got.ok || got.front === undefined) continue;
      const { front } = got;
      expect(front.size).toBe(bytes.length);
      expect(front.payloads).toHaveLength(payloads.length);
      // Chunks of three records (columns, link targets, texts) after the head and the listings, then the kept answers.
      expect(payloads.length % 3).toBe(0);
      front.payloads.forEach((payload, k) => {
        if (!isChunkTexts(k)) expect(Buffer.isBuffer(payload) && payload.equals(payloads[k]!), String(k)).toBe(true);
        else {
          expect(Buffer.isBuffer(payload), String(k)).toBe(false);
          if (Buffer.isBuffer(payload)) return;
          // Read from the open file when asked for: the very bytes, its checksum checked.
          expect(readLazy(front.fd, payload)?.equals(payloads[k]!), String(k)).toBe(true);
          expect(payload.head).toBe(payloads[k]!.readUInt32LE(0));
          // A wrong checksum is no payload.
          expect(readLazy(front.fd, { ...payload, crc: (payload.crc + 1) >>> 0 })).toBeNull();
        }
      });
      closeSync(front.fd);
    }
    // A damaged record other than the texts is found as the front is read.
    const damaged = Buffer.from(bytes);
    const at = bytes.indexOf(payloads[2]!) + 3;
    damaged.writeUInt8(damaged.readUInt8(at) ^ 0xff, at);
    writeFileSync(file.path, damaged);
    expect(readIndexFile(file, 0)).toEqual({ ok: false, missing: false, reason: 'a checksum does not match (it was damaged)' });
    writeFileSync(file.path, bytes.subarray(0, bytes.length - 8));
    expect(readIndexFile(file, 0)).toEqual({ ok: false, missing: false, reason: 'it is cut short' });
  });

  it('is not started for a missing or small index, or without its worker; a worker that cannot start or run means the file is read as usual', () => {
    const { file, bytes } = demoIndex();
    expect(startIndexRead(file, { workerUrl: WORKER })).toBeNull();
    expect(startIndexRead({ dir: file.dir, path: join(file.dir, 'missing.index') }, ahead)).toBeNull();
    expect(startIndexRead(file, { workerUrl: new URL('file:///nonexistent/worker.js'), minBytes: 0 })).toBeNull();
    // A worker whose script fails before it runs: the caller waits only so long for it to start, then reads the file itself.
    const failing = join(testdir({ 'fails.mjs': "throw new Error('this worker never runs');\n" }), 'fails.mjs');
    const begun = Date.now();
    const never = startIndexRead(file, { workerUrl: pathToFileURL(failing), minBytes: 0, startMs: 300 })!.take();
    expect(Date.now() - begun).toBeLessThan(5_000);
    expect(never.checked).toBe(false);
    expect(never.read.ok && never.read.bytes?.equals(bytes)).toBe(true);
    // Closed before its answer: the caller reads the file itself.
    const read = startIndexRead(file, ahead)!;
    read.close();
    const got = read.take();
    expect(got.checked).toBe(false);
    expect(got.read.ok && got.read.bytes?.equals(bytes)).toBe(true);
  });
});
