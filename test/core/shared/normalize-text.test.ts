import { describe, expect, it } from 'vitest';
import { decodeText, normalizeNewlines } from '../../../src/core/shared/normalize-text.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('decodeText (META-01 §1)', () => {
  it('drops one leading BOM and turns CRLF and lone CR into LF', () => {
    const result = decodeText(bytes('\uFEFFa\r\nb\rc\n\r\nd'));
    expect(result).toEqual({ ok: true, text: 'a\nb\nc\n\nd' });
  });

  it('keeps a second BOM (only a leading one is dropped)', () => {
    expect(decodeText(bytes('\uFEFF\uFEFFx'))).toEqual({ ok: true, text: '\uFEFFx' });
  });

  it('reports bytes that are not UTF-8', () => {
    const result = decodeText(new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x41]));
    expect(result.ok).toBe(false);
  });

  it('leaves LF-only text untouched', () => {
    expect(normalizeNewlines('a\nb\n')).toBe('a\nb\n');
  });
});
