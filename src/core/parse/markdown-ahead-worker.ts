/**
 * The Markdown worker (`markdown-ahead.ts`): for each batch the main thread has decoded, the
 * Markdown of every file's body, packed, sent back in the batch's order.
 */
import { workerData } from 'node:worker_threads';
import { frontmatterBody } from './frontmatter.js';
import { packMarkdown, type MarkdownAheadData, type MarkdownRequest, type MarkdownResult } from './markdown-ahead.js';
import { extractMarkdown } from './markdown.js';
import { decodeText } from '../shared/normalize-text.js';
import { RECORD } from '../read/read-ahead.js';

const { port, control: shared } = workerData as MarkdownAheadData;
const control = new Int32Array(shared);

port.on('message', (request: MarkdownRequest) => {
  if (request.kind === 'end') {
    port.close();
    return;
  }
  const { first, bytes, meta } = request;
  const strings: string[] = [];
  const numbers: number[] = [];
  for (let k = 0; k < meta.length; k += RECORD) {
    const start = meta[k]!;
    if (start < 0) continue;
    const end = meta[k + 1]!;
    // The text the main thread made of these bytes (`readMany` decodes ASCII as Latin-1, which gives the same characters).
    const decoded = decodeText(bytes.subarray(start, end));
    if (!decoded.ok) continue;
    const { body, bodyLine } = frontmatterBody(decoded.text);
    if (body !== null) packMarkdown(first + k / RECORD, extractMarkdown(body, bodyLine), strings, numbers);
  }
  const packed = Float64Array.from(numbers);
  const result: MarkdownResult = { strings: strings.join('\0'), numbers: packed };
  port.postMessage(result, [packed.buffer]);
  Atomics.add(control, 0, 1);
});
