/**
 * META-01 §1: files are UTF-8; a leading BOM is dropped; `\r\n` and lone `\r` become `\n`
 * before anything else looks at the text.
 */

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The outcome of decoding a file's bytes: its normalised text, or why it is not UTF-8. */
export type DecodeResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** Decodes UTF-8 bytes (dropping a BOM) and normalises line endings. */
export function decodeText(bytes: Uint8Array): DecodeResult {
  let text: string;
  try {
    // ignoreBOM keeps the BOM in the text; normalizeNewlines drops exactly one.
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, reason: 'it is not valid UTF-8' };
  }
  return { ok: true, text: normalizeNewlines(text) };
}

/** Drops a leading BOM and turns `\r\n` and lone `\r` into `\n`. */
export function normalizeNewlines(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
}

const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Bytes that are not valid UTF-8 decoded anyway (KITS §7: a spec kit file is read, not lost):
 * each bad byte as U+FFFD, line ends normalised, and the 1-based line of the first bad byte.
 */
export function decodeLossy(bytes: Uint8Array): { readonly text: string; readonly badLine: number } {
  const bad = firstBadByte(bytes);
  let line = 1;
  for (let i = 0; i < bad; i += 1) {
    const c = bytes[i]!;
    if (c === 0x0a || (c === 0x0d && bytes[i + 1] !== 0x0a)) line += 1;
  }
  return { text: normalizeNewlines(lossy.decode(bytes)), badLine: line };
}

/** The offset of the first byte that starts no valid UTF-8 sequence (`bytes.length` when there is none). */
function firstBadByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const c = bytes[i]!;
    const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n === 0 || i + n > bytes.length) return i;
    for (let k = 1; k < n; k += 1) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    // Overlong and surrogate forms (E0 80–9F, ED A0–BF, F0 80–8F, F4 90–BF) are invalid too.
    const d = bytes[i + 1]!;
    if ((c === 0xe0 && d < 0xa0) || (c === 0xed && d > 0x9f) || (c === 0xf0 && d < 0x90) || (c === 0xf4 && d > 0x8f)) return i;
    i += n;
  }
  return bytes.length;
}
