/**
 * Folder listings kept in the on-disk index (issue 38), as git's untracked cache keeps them: a
 * folder's names change only with its mtime and ctime, so a start whose folder has the key
 * (device, inode, mtime, ctime) it had when it was listed takes the listing kept, instead of
 * listing the folder and sorting its names again. It still opens and checks the folder (never
 * through a link) and takes its key from the handle; a folder whose key differs is listed.
 *
 * What else a listing depends on: the configuration (the index's key), the root's
 * `.docugraphignore` and the `.gitignore` files above the folder. Each listing is kept with the
 * id of those rules (`rulesChain`, then `chainBelow` for each folder with a `.gitignore` of its
 * own), and is taken only under the same id. A folder with a `.gitignore` of its own is not
 * kept (it is listed, and its `.gitignore` read, at every start).
 *
 * Racily clean folders (a change within the same tick of the clock as the listing keeps the
 * key): a listing is kept only if the folder's ctime is at least `RACY_NS` older than the time
 * it was listed, and its key is still the one it was listed with when the index is written.
 */
import { createHash } from 'node:crypto';
import { isMarkdownName, type DirectoryListing, type IgnoreRules } from '../read/discover-files.js';
import type { FolderKey } from '../read/safe-fs.js';
import { isListOf, isStrings } from './index-shapes.js';
import { sortStrings } from '../shared/sort.js';

/** The listings an earlier start kept, by folder. */
export interface ListingReuse {
  /** The listing kept for `dir` when it was made under `chain` and `key` is its folder's key; else `null`. */
  take(dir: string, key: FolderKey, chain: string, rules: string): DirectoryListing | null;
  /** The record they were read from (a decoder of the whole index uses them when its own record is the same bytes). */
  readonly payload: Buffer;
  readonly listings: KeptListings;
}

/**
 * The listings as the index holds them: every folder the walk had, per folder its key, when it
 * was listed, its rules' id and whether it may be taken (`kept`: not racy, no `.gitignore` of its
 * own), then its entries (all folders' in one list, which the index's files name by place) and
 * left-out names: with them the names a start's walk differs in are found folder by folder.
 */
export interface KeptListings {
  readonly dirs: readonly string[];
  readonly kept: Uint8Array;
  readonly keys: BigInt64Array;
  readonly at: Float64Array;
  readonly chains: readonly string[];
  /** Where each folder's entries start in `entries` (one more than there are folders). */
  readonly starts: Float64Array;
  readonly entries: readonly string[];
  /** Per entry: 0 an entry only, 1 a Markdown file, 2 a folder to walk, 3 a link with a Markdown name. */
  readonly kinds: Uint8Array;
  readonly hidden: readonly (readonly string[])[];
}

const ENTRY = 0;
const FILE = 1;
const SUBDIR = 2;
const LINK = 3;

const hash = (...parts: string[]): string => createHash('sha256').update(parts.join('\0')).digest('base64');

const rulesIds = new WeakMap<IgnoreRules, string>();
/** The id of the rules every folder is sorted under: the root's ignore file, and whether `.gitignore` files count. */
export function rulesChain(rules: IgnoreRules): string {
  let id = rulesIds.get(rules);
  if (id === undefined) rulesIds.set(rules, (id = hash('rules', rules.gitignore === true ? 'gitignore' : '', rules.diagnostics.length > 0 ? 'unreadable' : `text:${rules.ignoreText ?? ''}`)));
  return id;
}

const chainIds = new WeakMap<DirectoryListing, string>();
/** The id of the rules the folders in `dir` (whose listing is `listing`) are sorted under. */
export function chainBelow(dir: string, listing: DirectoryListing, rules: string): string | null {
  const chain = listing.chain;
  // A listing sorted under other rules (a refresh of the rules stopped before it reached this folder): its children's rules are not known.
  if (chain === undefined || chain === '' || listing.rules !== rules) return null;
  if (listing.gitignore == null && listing.gitignoreDiagnostic == null) return chain;
  let id = chainIds.get(listing);
  if (id === undefined) chainIds.set(listing, (id = hash(chain, dir, listing.gitignore != null ? `text:${listing.gitignoreText ?? ''}` : 'unreadable')));
  return id;
}

/** A listing with its key, when it was made and under which rules. */
export type KeyedListing = DirectoryListing & { readonly key: FolderKey; readonly listedAt: number; readonly chain: string };

/** Whether `listing` may be kept: keyed, whole, and with no `.gitignore` of its own read. */
export function keepable(listing: DirectoryListing): listing is KeyedListing {
  return listing.key !== undefined && listing.listedAt !== undefined && Number.isFinite(listing.listedAt) && listing.chain !== undefined && listing.chain !== '' && listing.diagnostic === null && listing.gitignore == null && listing.gitignoreDiagnostic == null;
}

/** Every listing of a walk, as the index holds them; those `mayTake` says (each `keepable`) may be taken by a later start. */
export function keptListings(all: readonly (readonly [string, DirectoryListing])[], mayTake: (dir: string, listing: DirectoryListing) => boolean): KeptListings {
  const kept = new Uint8Array(all.length);
  const keys = new BigInt64Array(all.length * 4);
  const at = new Float64Array(all.length);
  const starts = new Float64Array(all.length + 1);
  const entries: string[] = [];
  const kinds: number[] = [];
  const chains: string[] = [];
  all.forEach(([dir, listing], i) => {
    const take = keepable(listing) && mayTake(dir, listing);
    kept[i] = take ? 1 : 0;
    chains.push(take ? listing.chain! : '');
    if (take) for (let k = 0; k < 4; k += 1) keys[i * 4 + k] = listing.key![k]!;
    at[i] = take ? listing.listedAt! : 0;
    const files = new Set(listing.files);
    const subdirs = new Set(listing.subdirs);
    const links = new Set(listing.links);
    for (const entry of listing.entries) {
      entries.push(entry);
      kinds.push(files.has(entry) ? FILE : subdirs.has(entry) ? SUBDIR : links.has(entry) ? LINK : ENTRY);
    }
    starts[i + 1] = entries.length;
  });
  return { dirs: all.map(([dir]) => dir), kept, keys, at, chains, starts, entries, kinds: Uint8Array.from(kinds), hidden: all.map(([, listing]) => listing.hidden) };
}

/** Whether `value` is what `keptListings` makes (the places in it are checked as they are read). */
export function wellShapedListings(value: unknown): value is KeptListings {
  if (typeof value !== 'object' || value === null) return false;
  const kept = value as KeptListings;
  const n = Array.isArray(kept.dirs) ? kept.dirs.length : -1;
  if (!isStrings(kept.dirs) || !isStrings(kept.chains) || !isStrings(kept.entries) || !isListOf(kept.hidden, isStrings) || kept.chains.length !== n || kept.hidden.length !== n) return false;
  if (!(kept.kept instanceof Uint8Array && kept.kept.length === n && kept.keys instanceof BigInt64Array && kept.keys.length === n * 4 && kept.at instanceof Float64Array && kept.at.length === n)) return false;
  if (!(kept.starts instanceof Float64Array && kept.starts.length === n + 1 && kept.kinds instanceof Uint8Array && kept.kinds.length === kept.entries.length)) return false;
  // Each folder's entries a run of the list, one after another (what is read of them is bounded by the list).
  const starts = kept.starts;
  if (starts[0] !== 0 || starts[n] !== kept.entries.length) return false;
  for (let i = 0; i < n; i += 1) if (!(Number.isInteger(starts[i + 1]) && starts[i + 1]! >= starts[i]!)) return false;
  // Each folder's left-out names a list of its own: one list shared by many (V8 keeps references) would be read once per folder.
  return new Set(kept.hidden).size === n;
}

/** The listings kept in `value` (what the index holds, its record `payload`), or `null` when it is not what `keptListings` makes. */
export function reuseOf(value: unknown, payload: Buffer = Buffer.alloc(0)): ListingReuse | null {
  if (!wellShapedListings(value)) return null;
  const kept = value;
  const at = new Map<string, number>();
  kept.dirs.forEach((dir, i) => at.set(dir, i));
  return {
    take(dir, key, chain, rules) {
      const i = at.get(dir);
      if (i === undefined || kept.kept[i] !== 1 || kept.chains[i] !== chain) return null;
      for (let k = 0; k < 4; k += 1) if (kept.keys[i * 4 + k] !== key[k]) return null;
      return listingOf(kept, i, dir, rules);
    },
    payload,
    listings: kept,
  };
}

/**
 * The names (entries, and left-out names as paths) that came or went between the listings of
 * `then` and the walk's `now`, into `out`: folder by folder, skipping each folder whose listing
 * was taken from `then` (`taken`), and every name of a folder only one of them has.
 */
export function namesMoved(then: KeptListings, now: ReadonlyMap<string, DirectoryListing>, taken: (listing: DirectoryListing) => boolean, out: Set<string>): void {
  const before = new Map<string, number>();
  then.dirs.forEach((dir, i) => before.set(dir, i));
  const hiddenPaths = (dir: string, names: readonly string[]) => names.map((name) => (dir === '' ? name : `${dir}/${name}`));
  for (const [dir, listing] of now) {
    if (taken(listing)) continue;
    const i = before.get(dir);
    const entries = i === undefined ? [] : then.entries.slice(then.starts[i]!, then.starts[i + 1]!);
    const hidden = i === undefined ? [] : hiddenPaths(dir, then.hidden[i]!);
    for (const [a, b] of [[listing.entries, entries], [hiddenPaths(dir, listing.hidden), hidden]] as const) {
      const inB = new Set(b);
      const inA = new Set(a);
      for (const name of a) if (!inB.has(name)) out.add(name);
      for (const name of b) if (!inA.has(name)) out.add(name);
    }
  }
  then.dirs.forEach((dir, i) => {
    if (now.has(dir)) return;
    for (const name of then.entries.slice(then.starts[i]!, then.starts[i + 1]!)) out.add(name);
    for (const name of hiddenPaths(dir, then.hidden[i]!)) out.add(name);
  });
}

/** Folder `i`'s listing, when its entries are names directly in `dir`; else `null` (it is listed). */
function listingOf(kept: KeptListings, i: number, dir: string, rules: string): DirectoryListing | null {
  // Its run of entries is in range (`wellShapedListings`).
  const start = kept.starts[i]!;
  const end = kept.starts[i + 1]!;
  const listedAt = kept.at[i]!;
  if (!Number.isFinite(listedAt)) return null;
  const prefix = dir === '' ? '' : `${dir}/`;
  const entries = kept.entries.slice(start, end);
  const files: string[] = [];
  const subdirs: string[] = [];
  const links: string[] = [];
  for (let e = 0; e < entries.length; e += 1) {
    const entry = entries[e]!;
    const name = entry.slice(prefix.length);
    if (!entry.startsWith(prefix) || name === '' || name === '.' || name === '..' || name.includes('/')) return null;
    const kind = kept.kinds[start + e]!;
    // A file or a link the walk reads or names must have a Markdown name, as the walk's own would.
    if ((kind === FILE || kind === LINK) && !isMarkdownName(name)) return null;
    if (kind === FILE) files.push(entry);
    else if (kind === SUBDIR) subdirs.push(entry);
    else if (kind === LINK) links.push(entry);
    else if (kind !== ENTRY) return null;
  }
  const hidden = kept.hidden[i]!;
  if (hidden.some((name) => name === '' || name.includes('/'))) return null;
  const key: FolderKey = [kept.keys[i * 4]!, kept.keys[i * 4 + 1]!, kept.keys[i * 4 + 2]!, kept.keys[i * 4 + 3]!];
  const listing: DirectoryListing = { files, entries, subdirs, hidden, diagnostic: null, gitignore: null, gitignoreDiagnostic: null, links, key, listedAt, chain: kept.chains[i]!, rules };
  takenListings.add(listing);
  return listing;
}

const takenListings = new WeakSet<DirectoryListing>();
/** Whether `listing` was taken from an index's listings (its names are those the index holds). */
export const wasTaken = (listing: DirectoryListing): boolean => takenListings.has(listing);

/**
 * The files of `listed` (the walk's) in path order, made by walking `listings` in that order:
 * a folder's files merged with its sub-folders, each sub-folder placed as its name and a slash
 * (every path below it starts so), then checked — one comparison a file, where sorting 100,000
 * paths compared each some 17 times (~20 ms of a warm start). A list that is not the listed
 * files in order (a listing's names out of order, a listing the walk does not reach) is sorted.
 */
export function filesInPathOrder(listed: ReadonlySet<string>, listings: ReadonlyMap<string, DirectoryListing>): string[] {
  const out: string[] = [];
  // Each folder being walked: its files, the next of them, its sub-folders as keys (`dir/`, in order), the next of them.
  const stack: { readonly files: readonly string[]; file: number; readonly keys: readonly string[]; sub: number }[] = [];
  const enter = (dir: string): void => {
    const listing = listings.get(dir);
    if (listing === undefined) return;
    // By name, `a` comes before `a-b`; by path, `a-b/…` before `a/…`: ordered by key.
    const keys = listing.subdirs.map((sub) => `${sub}/`);
    for (let i = 1; i < keys.length; i += 1) {
      if (keys[i - 1]! < keys[i]!) continue;
      keys.sort();
      break;
    }
    stack.push({ files: listing.files, file: 0, keys, sub: 0 });
  };
  enter('');
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const { files, keys } = top;
    if (top.sub < keys.length) {
      const key = keys[top.sub++]!;
      while (top.file < files.length && files[top.file]! < key) out.push(files[top.file++]!);
      enter(key.slice(0, -1));
      continue;
    }
    while (top.file < files.length) out.push(files[top.file++]!);
    stack.pop();
  }
  if (out.length !== listed.size) return sortStrings(listed);
  for (let i = 1; i < out.length; i += 1) if (!(out[i - 1]! < out[i]!)) return sortStrings(listed);
  return out;
}
