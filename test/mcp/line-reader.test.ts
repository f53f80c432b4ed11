/**
 * Line framing with a cap: lines split across chunks, CRLF, and over-long lines whose
 * top-level id is recovered while the rest is discarded.
 */
import { describe, expect, it } from 'vitest';
import { LineReader, TopLevelIdScanner } from '../../src/mcp/line-reader.js';

const feed = (reader: LineReader, ...chunks: string[]) => chunks.flatMap((chunk) => reader.push(Buffer.from(chunk)));

describe('LineReader', () => {
  it('splits lines across chunks, drops the CR of CRLF, keeps multi-byte characters whole', () => {
    const reader = new LineReader(100);
    expect(feed(reader, '{"a":"é', '"}\r\n{"b":', '2}\n\n')).toEqual([
      { kind: 'line', text: '{"a":"é"}' },
      { kind: 'line', text: '{"b":2}' },
      { kind: 'line', text: '' },
    ]);
    expect(reader.end()).toBeUndefined();
    expect(feed(reader, '{"c":3}')).toEqual([]);
    expect(reader.end()).toEqual({ kind: 'line', text: '{"c":3}' });
  });

  it('reports a line over the cap with its byte count and top-level id, and reads on after it', () => {
    const reader = new LineReader(16);
    const long = `{"jsonrpc":"2.0","params":{"id":1,"x":"${'z'.repeat(50)}"},"id":"abc"}`;
    expect(feed(reader, long.slice(0, 10), long.slice(10, 40), `${long.slice(40)}\n{"ok":1}\n`)).toEqual([
      { kind: 'overlong', bytes: long.length, id: 'abc' },
      { kind: 'line', text: '{"ok":1}' },
    ]);
  });

  it('a line exactly at the cap is a line', () => {
    expect(feed(new LineReader(7), '{"a":1}\n')).toEqual([{ kind: 'line', text: '{"a":1}' }]);
  });
});

describe('TopLevelIdScanner', () => {
  const scan = (text: string, chunk = 3) => {
    const scanner = new TopLevelIdScanner();
    const bytes = Buffer.from(text);
    for (let i = 0; i < bytes.length; i += chunk) scanner.feed(bytes.subarray(i, i + chunk));
    return scanner.id();
  };

  it.each([
    ['{"id":42,"method":"x"}', 42],
    ['{ "method" : "x" , "id" : -7 }', -7],
    ['{"params":{"id":1},"id":"a\\"b"}', 'a"b'],
    ['{"method":"say \\"id\\": 3","id":5}', 5],
    ['{"id":"\\u0069d"}', 'id'],
    ['{"\\u0069d":8}', 8],
    ['{"params":{"id":1}}', undefined],
    ['{"id":1.5}', undefined],
    ['{"id":null}', undefined],
    ['{"id":{"n":1}}', undefined],
    ['{"id":[1]}', undefined],
    ['[{"id":3}]', undefined],
    ['{"id":3', undefined],
    ['"id":3', undefined],
  ])('%s → %s', (text, id) => {
    expect(scan(text)).toBe(id);
    expect(scan(text, 1)).toBe(id);
  });
});
