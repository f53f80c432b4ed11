/**
 * CATALOG § Bounded answers: the token estimate every budget uses.
 */

/** An answer's budget when the caller sets none, in ≈ tokens: well under the 25,000 that clients such as Claude Code accept. */
export const DEFAULT_ANSWER_TOKENS = 20_000;

/** ≈ tokens of a text: ⌈UTF-8 bytes / 4⌉. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}
