/**
 * CATALOG § Bounded answers: one page of a sorted list, and the opaque cursor that resumes it.
 *
 * A cursor is base64url of `{offset}.{tag}`, where the tag is a hash of the query's scope and of
 * the items before the offset. It is deterministic (the same list gives the same cursors, in
 * any process) and stays valid while the list up to it is unchanged, whatever else changes in
 * the workspace or further down the list. A walk therefore always pages one list: each page
 * resumes a list whose items before it are those already given, so the pages together are the
 * list as the last one was answered. Once an item before the cursor changes, the cursor no
 * longer matches and is refused. A tag is a checksum, not a secret: it detects stale, edited
 * and made-up cursors.
 *
 * Only the items before the page's end are hashed (a first page: a few hundred, not the whole
 * list), and the hashes at the last offsets are kept per snapshot and scope, so a walk through
 * a whole list hashes each item once; and a list can be an `ItemList`, whose items are made
 * only when a page or a cursor reads them.
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
   * Whether the exact answer with these items (and a next cursor of the length of the one it
   * will have) is within the budget: when given, the page grows past `budgetBytes` while one
   * more item still fits.
   */
  readonly fits?: (page: Page<T>) => boolean;
  /** What to call to start again (for the message of a refused cursor), e.g. "list_tasks". */
  readonly restart: string;
  /**
   * The immutable snapshot the list was computed from: the hashes of its prefixes are kept per
   * snapshot and scope, so the pages of one snapshot hash each item once. Default: not kept.
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

/**
 * A list whose items are made when first read (`item(i)`, each once): a page and a cursor read
 * the items up to the page's end, not the whole list.
 */
export interface ItemList<T> {
  readonly length: number;
  item(index: number): T;
}

/** The page of `items` that `options` asks for. Throws `InvalidArgumentError` for a cursor it cannot resume. */
export function paginate<T>(items: readonly T[] | ItemList<T>, options: PageOptions<T>): Page<T> {
  const list: ItemList<T> = isItemList(items) ? items : { length: items.length, item: (i) => items[i]! };
  const total = list.length;
  const tagAt = (offset: number) => tag(offset, prefixFingerprint(list, offset, options.scope, options.snapshot));
  const start = options.cursor === undefined ? 0 : resumeAt(options.cursor, total, tagAt, options.restart);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let end = start;
  let bytes = 0;
  while (end < total && end - start < limit) {
    const size = options.sizeOf(list.item(end));
    if (end > start && bytes + size > options.budgetBytes) break;
    bytes += size;
    end += 1;
  }
  // A page measured by `fits` has a cursor of the real one's length (a tag is always `TAG_BYTES`): only the page answered hashes its items.
  const pageTo = (at: number, real: boolean): Page<T> => ({ items: itemsOf(list, start, at), start, total, nextCursor: at < total ? encodeCursor(at, real ? tagAt(at) : STAND_IN) : null });
  const fits = options.fits;
  if (fits !== undefined) end = grow(end, Math.min(total, start + limit), (at) => fits(pageTo(at, false)));
  return pageTo(end, true);
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
  return encodeCursor(Math.max(total, 1), STAND_IN);
}

const TAG_BYTES = 12;
/** A tag's length in base64url, as a cursor of a page being measured holds it. */
const STAND_IN = 'A'.repeat(Math.ceil((TAG_BYTES * 4) / 3));
/** Items whose JSON is made at once (a few large strings hash faster than one per item, and memory stays small). */
const HASH_SLICE = 1000;
/** Prefix hashes kept per scope besides the empty one. */
const MAX_MARKS = 32;
const fingerprints = new WeakMap<object, Map<string, Prefixes>>();
/** Prefix hashes kept per snapshot; more scopes than this (many different queries) start the cache afresh. */
const MAX_SCOPES = 64;

function encodeCursor(offset: number, tagged: string): string {
  return Buffer.from(`${offset}.${tagged}`, 'utf8').toString('base64url');
}

function tag(offset: number, fingerprint: string): string {
  return createHash().update(`${fingerprint}:${offset}`).digest().subarray(0, TAG_BYTES).toString('base64url');
}

/** The offset a cursor resumes at, after checking that it was issued for a list whose items before it are these. */
function resumeAt(cursor: string, total: number, tagAt: (offset: number) => string, restart: string): number {
  const again = `Call ${restart} again without cursor to start from the first page.`;
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null || Buffer.from(match[0], 'utf8').toString('base64url') !== cursor) {
    throw new InvalidArgumentError(`cursor is not one this server issued: pass the nextCursor of an earlier answer unchanged. ${again}`);
  }
  const offset = Number(match[1]);
  if (offset >= total || tagAt(offset) !== match[2]) {
    throw new InvalidArgumentError(
      `cursor no longer matches: the list changed since it was issued (the workspace was edited), or it belongs to other arguments. ${again}`,
    );
  }
  return offset;
}

/** The items `from`…`to` of a list. */
function itemsOf<T>(list: ItemList<T>, from: number, to: number): T[] {
  const items: T[] = [];
  for (let i = from; i < to; i += 1) items.push(list.item(i));
  return items;
}

function isItemList<T>(items: readonly T[] | ItemList<T>): items is ItemList<T> {
  return !Array.isArray(items);
}

/**
 * The hashes of a list's prefixes kept for one scope, by the number of items they cover: 0 (the
 * scope alone), and the offsets of the last cursors made or checked (a walk resumes where the
 * last page ended, and hashes only the new page's items).
 */
interface Prefixes {
  readonly marks: Map<number, import('node:crypto').Hash>;
}

/**
 * A hash of the scope and of the list's first `offset` items, each item's JSON followed by a
 * comma (so that the bytes hashed do not depend on where the hashing stopped and resumed): equal
 * exactly when those items are the same.
 */
function prefixFingerprint<T>(list: ItemList<T>, offset: number, scope: string, snapshot: object | undefined): string {
  const { marks } = prefixesOf(scope, snapshot);
  let from = 0;
  for (const at of marks.keys()) if (at <= offset && at > from) from = at;
  const hash = marks.get(from)!.copy();
  for (let at = from; at < offset; at += HASH_SLICE) {
    const to = Math.min(offset, at + HASH_SLICE);
    hash.update(`${JSON.stringify(itemsOf(list, at, to)).slice(1, -1)},`);
  }
  if (!marks.has(offset)) {
    // The oldest mark goes first (never 0); the most a request scans stays small.
    if (marks.size > MAX_MARKS) marks.delete([...marks.keys()].find((at) => at !== 0)!);
    marks.set(offset, hash.copy());
  }
  return hash.digest('base64url');
}

/** The prefixes kept for `scope` in `snapshot` (the pages of one snapshot hash each slice once), or new ones. */
function prefixesOf(scope: string, snapshot: object | undefined): Prefixes {
  const kept = snapshot === undefined ? undefined : fingerprints.get(snapshot);
  const known = kept?.get(scope);
  if (known !== undefined) return known;
  const made: Prefixes = { marks: new Map([[0, createHash().update(scope).update('\n')]]) };
  if (snapshot !== undefined) {
    const scopes = kept !== undefined && kept.size < MAX_SCOPES ? kept : new Map<string, Prefixes>();
    scopes.set(scope, made);
    fingerprints.set(snapshot, scopes);
  }
  return made;
}
