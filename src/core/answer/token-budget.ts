/**
 * Token budgets (CATALOG § Bounded answers): the shared token estimate, the check of a
 * `maxTokens` argument, and the greedy walk that decides which documents of a bundle fit.
 */
import { InvalidArgumentError } from '../shared/errors.js';

/** The budget of a context bundle over MCP when the caller names none (the CLI has none). */
export const DEFAULT_MAX_TOKENS = 20_000;

/** A list answer's budget (a page) when the caller sets none, in ≈ tokens: well under the 25,000 that clients such as Claude Code accept. */
export const DEFAULT_ANSWER_TOKENS = 20_000;

/** The token estimate of `text`: ⌈UTF-8 bytes / 4⌉. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/** Validates `maxTokens` (an integer ≥ 1); `undefined` stays `undefined`: no budget. */
export function checkMaxTokens(maxTokens: number | undefined): number | undefined {
  if (maxTokens === undefined) return undefined;
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 1) {
    throw new InvalidArgumentError(
      `\`maxTokens\` must be an integer ≥ 1 (a budget in tokens, ≈ UTF-8 bytes / 4), got ${String(maxTokens)}; omit it for the default.`,
      { argument: 'maxTokens' },
    );
  }
  return maxTokens;
}

/**
 * The documents left out to fit `maxTokens`, each with its size: walks `ids` in order with a
 * running total from 0; the first id (the requested task) is always kept, any other is kept
 * when total + its size ≤ `maxTokens` (so a later, smaller one may still fit), else — when
 * `cutSizeOf` gives its size as sections and that fits — kept as sections (added to
 * `asSections`, CONTEXT §1), else omitted.
 */
export function omitToFit(ids: readonly string[], sizeOf: (id: string) => number, maxTokens: number, cutSizeOf?: (id: string) => number | null, asSections?: Set<string>): Map<string, number> {
  const omitted = new Map<string, number>();
  let total = 0;
  ids.forEach((id, index) => {
    const size = sizeOf(id);
    if (index === 0 || total + size <= maxTokens) {
      total += size;
      return;
    }
    const cut = cutSizeOf?.(id) ?? null;
    if (cut !== null && total + cut <= maxTokens) {
      total += cut;
      asSections?.add(id);
    } else omitted.set(id, size);
  });
  return omitted;
}
