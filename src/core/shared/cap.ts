/**
 * Bounded lists in messages: one diagnostic or answer never lists more than a few items, and
 * says how many it left out.
 */

/** The most items one message lists before "and N more". */
export const MAX_LISTED = 5;

/**
 * `shown` (already rendered, at least the first `MAX_LISTED` of `total` items) joined with
 * `, `, cut at `MAX_LISTED` with "and N more" when `total` is larger.
 */
export function listCapped(shown: readonly string[], total: number): string {
  if (total <= MAX_LISTED) return shown.slice(0, total).join(', ');
  return `${shown.slice(0, MAX_LISTED).join(', ')} and ${groupThousands(total - MAX_LISTED)} more`;
}

/**
 * The most findings of one kind (`LINK_BROKEN` for its `depends_on`, for its other relations;
 * `STATUS_INCONSISTENT` and `DEPENDS_ON_DROPPED`) one document or item gets one by one: past
 * it, one more finding says how many more there are. A spec kit's ranges can name hundreds of
 * ids from one line; a report of hundreds of findings for one item helps nobody fix it.
 */
export const MAX_FINDINGS_PER_NODE = 10;

/** `3997` → `3,997`, the same on every machine (no locale). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** `16 MiB`, `1 MiB`, `512 KiB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
