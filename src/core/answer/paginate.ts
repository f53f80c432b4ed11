/**
 * CATALOG § Bounded answers: one page of a sorted list, and the opaque cursor that resumes it.
 *
 * A cursor is base64url of `{offset}.{tag}`, where the tag is a hash of the offset and of the
 * list it pages (the query's scope and every item). It is deterministic (the same list gives
 * the same cursors, in any process) and stays valid while the list is unchanged, whatever else
 * changes in the workspace; once the list changes, the cursor no longer matches and is
 * refused, so pages walked with cursors always come from one list, never a mix. A tag is a
 * checksum, not a secret: it detects stale, edited and made-up cursors.
 */
import { createRequire } from 'node:module';
import { InvalidArgumentError } from '../shared/errors.js';

/** node:crypto, loaded on the first cursor (a STDIO start-up does not need it). */
let crypto: typeof import('node:crypto') | undefined;
/** A SHA-256 hash. */
function createHash(): import('node:crypto').Hash {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha256');
}

/** What a caller asks of a list: how many items at most, and where to resume. */
export interface PageArguments {
  /** At most this many items (an integer ≥ 1). Default: as many as fit the budget. */
  readonly limit?: number | undefined;
  /** A `nextCursor` from an earlier page of the same query. Default: the first page. */
  readonly cursor?: string | undefined;
}

export interface PageOptions<T> extends PageArguments {
  /** Names the query: the tool and its arguments other than `limit` and `cursor`. */
  readonly scope: string;
  /**
   * Bytes the page's items may surely take (the budget less the most the rest of the answer
   * can take); a page always holds at least one item.
   */
  readonly budgetBytes: number;
  /** Bytes one item adds to the answer. */
  readonly sizeOf: (item: T) => number;
  /**
   * Whether the exact answer with these items (and this next cursor) is within the budget:
   * when given, the page grows past `budgetBytes` while one more item still fits.
   */
  readonly fits?: (page: Page<T>) => boolean;
  /** What to call to start again (for the message of a refused cursor), e.g. "list_tasks". */
  readonly restart: string;
  /**
   * The immutable snapshot the list was computed from: its fingerprint is kept per snapshot
   * and scope, so the pages of one snapshot hash the list once. Default: not kept.
   */
  readonly snapshot?: object;
}

export interface Page<T> {
  /** The items of this page, in the list's order. */
  readonly items: readonly T[];
  /** Index of the page's first item in the whole list. */
  readonly start: number;
  /** Number of items in the whole list. */
  readonly total: number;
  /** Resumes after this page; `null` when the page ends the list. */
  readonly nextCursor: string | null;
}

/** The page of `items` that `options` asks for. Throws `InvalidArgumentError` for a cursor it cannot resume. */
export function paginate<T>(items: readonly T[], options: PageOptions<T>): Page<T> {
  let known: string | undefined;
  const fingerprint = () => (known ??= listFingerprint(items, options.scope, options.snapshot));
  const start = options.cursor === undefined ? 0 : resumeAt(options.cursor, items.length, fingerprint, options.restart);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let end = start;
  let bytes = 0;
  while (end < items.length && end - start < limit) {
    const size = options.sizeOf(items[end]!);
    if (end > start && bytes + size > options.budgetBytes) break;
    bytes += size;
    end += 1;
  }
  const pageTo = (at: number): Page<T> => ({ items: items.slice(start, at), start, total: items.length, nextCursor: at < items.length ? encodeCursor(at, fingerprint()) : null });
  const fits = options.fits;
  if (fits !== undefined) end = grow(end, Math.min(items.length, start + limit), (at) => fits(pageTo(at)));
  return pageTo(end);
}

/**
 * The largest page end in `end`…`most` that `fits`, given that `end` does and that a page
 * that fits stays fitting when shortened: steps of 1, 2, 4, … until one does not fit, then
 * bisection between the last two — a few measures of the page, not one per item.
 */
function grow(end: number, most: number, fits: (at: number) => boolean): number {
  let good = end;
  let step = 1;
  while (good < most) {
    const next = Math.min(good + step, most);
    if (!fits(next)) {
      let bad = next;
      while (bad - good > 1) {
        const mid = (good + bad) >>> 1;
        if (fits(mid)) good = mid;
        else bad = mid;
      }
      return good;
    }
    good = next;
    step *= 2;
  }
  return good;
}

/** The longest cursor a list of `total` items can give (its length depends only on the offset's digits). */
export function longestCursor(total: number): string {
  return encodeCursor(Math.max(total, 1), '');
}

const TAG_BYTES = 12;
const HASH_SLICE = 1000;
const fingerprints = new WeakMap<object, Map<string, string>>();
/** Fingerprints kept per snapshot; more scopes than this (many different queries) start the cache afresh. */
const MAX_SCOPES = 64;

function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(`${offset}.${tag(offset, fingerprint)}`, 'utf8').toString('base64url');
}

function tag(offset: number, fingerprint: string): string {
  return createHash().update(`${fingerprint}:${offset}`).digest().subarray(0, TAG_BYTES).toString('base64url');
}

/** The offset a cursor resumes at, after checking that it was issued for this very list. */
function resumeAt(cursor: string, total: number, fingerprint: () => string, restart: string): number {
  const again = `Call ${restart} again without cursor to start from the first page.`;
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null || Buffer.from(match[0], 'utf8').toString('base64url') !== cursor) {
    throw new InvalidArgumentError(`cursor is not one this server issued: pass the nextCursor of an earlier answer unchanged. ${again}`);
  }
  const offset = Number(match[1]);
  if (offset >= total || tag(offset, fingerprint()) !== match[2]) {
    throw new InvalidArgumentError(
      `cursor no longer matches: the list changed since it was issued (the workspace was edited), or it belongs to other arguments. ${again}`,
    );
  }
  return offset;
}

/** A hash of the scope and of every item's JSON: equal exactly when the list is the same. */
function listFingerprint(items: readonly unknown[], scope: string, snapshot: object | undefined): string {
  const kept = snapshot === undefined ? undefined : fingerprints.get(snapshot);
  const known = kept?.get(scope);
  if (known !== undefined) return known;
  const hash = createHash().update(scope).update('\n');
  // The JSON of fixed slices: a few large strings hash faster than one per item, and memory stays small.
  for (let i = 0; i < items.length; i += HASH_SLICE) hash.update(JSON.stringify(items.slice(i, i + HASH_SLICE)));
  const fingerprint = hash.digest('base64url');
  if (snapshot !== undefined) {
    const scopes = kept !== undefined && kept.size < MAX_SCOPES ? kept : new Map<string, string>();
    scopes.set(scope, fingerprint);
    fingerprints.set(snapshot, scopes);
  }
  return fingerprint;
}
