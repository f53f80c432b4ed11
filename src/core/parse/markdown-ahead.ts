/**
 * Markdown extracted ahead on a second worker. A large load parses most documents' bodies
 * (a fifth of its time at 100,000 documents), and needs each only later, when links are
 * checked. Once the main thread has decoded a batch the read-ahead worker gave it
 * (`read-ahead.ts`), it passes the batch's bytes on to this worker, which decodes them the
 * same way, finds each body (`frontmatterBody`) and extracts its Markdown (`extractMarkdown`,
 * the same function), then sends the results back, packed: strings joined with NUL, numbers in
 * one array.
 *
 * The main thread never waits for it: when a document's Markdown is needed and the worker has
 * sent it, it is unpacked; otherwise the main thread extracts it itself, as without the
 * worker. Either way the result is that of `extractMarkdown` on the same body.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { NO_STRINGS } from '../shared/empty.js';
import { startWorker, UNUSED_WORKER_MS, type AheadBatch } from '../read/read-ahead.js';
import type { MarkdownInfo, MarkdownLink } from '../shared/types.js';

/** What the main thread gives the worker. */
export interface MarkdownAheadData {
  readonly port: MessagePort;
  /** Slot 0: how many results the worker has sent (the main thread looks for them only when it moved). */
  readonly control: SharedArrayBuffer;
}

/** To the worker: a decoded batch (`first`: the index of its first file), or the end. */
export type MarkdownRequest = { readonly kind: 'batch'; readonly first: number; readonly bytes: Uint8Array; readonly meta: Float64Array } | { readonly kind: 'end' };

/** From the worker: the packed Markdown of a batch's files (`packMarkdown`). */
export interface MarkdownResult {
  readonly strings: string;
  readonly numbers: Float64Array;
}

/** The main thread's side. */
export interface MarkdownAhead {
  /** Passes a batch the main thread has decoded on to the worker (its bytes are moved, not copied: do not read them after). */
  readonly give: (batch: AheadBatch) => void;
  /** The Markdown of the file at index `index` of the read list, if the worker has sent it; else `undefined` (then the caller extracts it: the worker's result is dropped when it comes). Asked once per file. */
  readonly take: (index: number) => MarkdownInfo | undefined;
  /** No more batches: the worker ends once it has done those it has. */
  readonly end: () => void;
}

const WORKER_URL = new URL('./markdown-ahead-worker.js', import.meta.url);

/** Starts the worker for a read list of `count` files; `null` when it cannot be started (then every body is extracted on the main thread). */
export function startMarkdownAhead(count: number, workerUrl: URL = WORKER_URL): MarkdownAhead | null {
  return prestartMarkdownAhead(workerUrl)?.begin(count) ?? null;
}

/** A Markdown worker started before the read list is known (while the walk lists the folders), so that its start-up is over when the first batch comes. */
export interface MarkdownAheadStart {
  /** The worker, for a read list of `count` files (at most once). */
  readonly begin: (count: number) => MarkdownAhead;
  /** Stops it, when it is not begun. */
  readonly close: () => void;
}

/** Starts the Markdown worker before the read list is known; `null` when it cannot be started. */
export function prestartMarkdownAhead(workerUrl: URL = WORKER_URL, unusedMs = UNUSED_WORKER_MS): MarkdownAheadStart | null {
  const started = startWorker(workerUrl, 1, (port, control): MarkdownAheadData => ({ port, control }));
  if (started === null) return null;
  // Not begun in time (a load that failed before its first read): stopped.
  const timer = setTimeout(() => void started.worker.terminate().catch(() => {}), unusedMs);
  timer.unref();
  return {
    begin: (count) => (clearTimeout(timer), markdownAheadOf(started.port, started.control, count)),
    close: () => {
      clearTimeout(timer);
      started.port.postMessage({ kind: 'end' } satisfies MarkdownRequest);
    },
  };
}

/** The main thread's side of the Markdown worker at `port1`, for a read list of `count` files. */
function markdownAheadOf(port1: MessagePort, control: Int32Array, count: number): MarkdownAhead {
  let ended = false;
  let seen = 0;
  /** Per file of the read list, where its packed Markdown is, until it is taken. */
  const slots: (Slot | undefined)[] = new Array<Slot | undefined>(count);
  /** The files asked for before the worker sent them: extracted on the main thread, their results are not kept when they come. */
  const asked = new Uint8Array(count);
  const drain = (): void => {
    const sent = Atomics.load(control, 0);
    if (sent === seen) return;
    seen = sent;
    for (let got = receiveMessageOnPort(port1); got !== undefined; got = receiveMessageOnPort(port1)) {
      const result = got.message as MarkdownResult;
      const packed: Packed = { result, list: null };
      const { numbers } = result;
      for (let n = 0, s = 0; n < numbers.length; ) {
        const index = numbers[n]!;
        if (asked[index] === 0) slots[index] = { packed, n, s };
        const strings = stringCount(numbers, n);
        n += HEADER + numbers[n + LINKS]!;
        s += strings;
      }
    }
  };
  return {
    give: (batch) => {
      if (ended) return;
      const request: MarkdownRequest = { kind: 'batch', first: batch.first, bytes: batch.bytes, meta: batch.meta };
      port1.postMessage(request, [batch.bytes.buffer as ArrayBuffer]);
    },
    take: (index) => {
      drain();
      const slot = slots[index];
      asked[index] = 1;
      if (slot === undefined) return undefined;
      slots[index] = undefined;
      return unpackMarkdown(slot);
    },
    end: () => {
      if (ended) return;
      ended = true;
      port1.postMessage({ kind: 'end' } satisfies MarkdownRequest);
    },
  };
}

interface Packed {
  readonly result: MarkdownResult;
  /** `result.strings` split, once a file of the batch is taken. */
  list: string[] | null;
}

interface Slot {
  readonly packed: Packed;
  /** Where the file's numbers and strings start. */
  readonly n: number;
  readonly s: number;
}

/** The numbers of a file: its index, line count, whether it has a first H1, the line nested too deeply (-1: none), and how many links, anchors and HTML anchors; then each link's line. */
const HEADER = 7;
const LINE_COUNT = 1;
const HAS_H1 = 2;
const TOO_DEEP = 3;
const LINKS = 4;
const ANCHORS = 5;
const HTML = 6;

function stringCount(numbers: Float64Array, n: number): number {
  return numbers[n + HAS_H1]! + numbers[n + LINKS]! + numbers[n + ANCHORS]! + numbers[n + HTML]!;
}

/**
 * Appends the Markdown of the file at `index` to a batch's strings and numbers; `false` (and
 * nothing appended) when a string holds a NUL, which the packing cannot carry (the Markdown
 * stage replaces NULs, so it never happens; the main thread then extracts it itself).
 */
export function packMarkdown(index: number, info: MarkdownInfo, strings: string[], numbers: number[]): boolean {
  const own: string[] = [];
  if (info.firstH1 !== null) own.push(info.firstH1);
  for (const link of info.links) own.push(link.url);
  own.push(...info.anchors, ...info.htmlAnchors);
  if (own.some((value) => value.includes('\0'))) return false;
  numbers.push(index, info.lineCount, info.firstH1 === null ? 0 : 1, info.tooDeepLine ?? -1, info.links.length, info.anchors.length, info.htmlAnchors.length);
  for (const link of info.links) numbers.push(link.line);
  strings.push(...own);
  return true;
}

function unpackMarkdown(slot: Slot): MarkdownInfo {
  const { packed, n } = slot;
  const numbers = packed.result.numbers;
  const list = (packed.list ??= packed.result.strings.split('\0'));
  let s = slot.s;
  const firstH1 = numbers[n + HAS_H1] === 1 ? list[s++]! : null;
  const links: MarkdownLink[] = [];
  const linkCount = numbers[n + LINKS]!;
  for (let i = 0; i < linkCount; i += 1) links.push({ url: list[s++]!, line: numbers[n + HEADER + i]! });
  const anchors = list.slice(s, (s += numbers[n + ANCHORS]!));
  const htmlCount = numbers[n + HTML]!;
  const htmlAnchors = htmlCount === 0 ? NO_STRINGS : list.slice(s, s + htmlCount);
  const tooDeep = numbers[n + TOO_DEEP]!;
  return { links, anchors, htmlAnchors, lineCount: numbers[n + LINE_COUNT]!, firstH1, tooDeepLine: tooDeep === -1 ? null : tooDeep };
}
