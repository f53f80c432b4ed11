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
