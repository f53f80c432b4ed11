/**
 * The shapes of ids: a document's (META-01 §3: `BE-02`) and a spec kit's item or file
 * (KITS §2: `auth/T2.1`, `001-albums/contracts/api`, `change/add-2fa/two-factor-authentication`,
 * whose slugs may hold any letter). Text of one of these shapes can be shown as written inside a
 * Markdown code span or a message; anything else is shown escaped.
 */

/** A document id (`^[A-Za-z0-9][A-Za-z0-9._-]*$`). */
export const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The source of a pattern matching either shape (no anchors): for building others, such as the lock file's keys. */
export const ID_SOURCE = '(?:[A-Za-z0-9][A-Za-z0-9._-]*|[\\p{L}\\p{N}][\\p{L}\\p{N}._-]*(?:/[\\p{L}\\p{N}][\\p{L}\\p{N}._-]*)+)';

const ANY_ID = new RegExp(`^${ID_SOURCE}$`, 'u');

/** Whether `text` has the shape of a document's or a kit item's id (so it can be shown as written). */
export function isIdShaped(text: string): boolean {
  return DOCUMENT_ID.test(text) || (text.includes('/') && ANY_ID.test(text));
}
