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
import type { DirectoryListing, IgnoreRules } from '../read/discover-files.js';
import type { FolderKey } from '../read/safe-fs.js';
import { isListOf, isStrings } from './index-shapes.js';

/** The listings an earlier start kept, by folder. */
export interface ListingReuse {
  /** The listing kept for `dir` when it was made under `chain` and `key` is its folder's key; else `null`. */
  take(dir: string, key: FolderKey, chain: string): DirectoryListing | null;
}

/** The listings as the index holds them: per folder its key, when it was listed, its rules' id, then its entries (all folders' in one list) and left-out names. */
export interface KeptListings {
  readonly dirs: readonly string[];
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
  if (id === undefined) rulesIds.set(rules, (id = hash('rules', rules.gitignore === true ? 'gitignore' : '', rules.diagnostics.length > 0 ? 'unreadable' : (rules.ignoreText ?? ''))));
  return id;
}

const chainIds = new WeakMap<DirectoryListing, string>();
/** The id of the rules the folders in `dir` (whose listing is `listing`) are sorted under. */
export function chainBelow(dir: string, listing: DirectoryListing): string | null {
  const chain = listing.chain;
  if (chain === undefined || chain === '') return null;
  if (listing.gitignore == null && listing.gitignoreDiagnostic == null) return chain;
  let id = chainIds.get(listing);
  if (id === undefined) chainIds.set(listing, (id = hash(chain, dir, listing.gitignore != null ? `text:${listing.gitignoreText ?? ''}` : 'unreadable')));
  return id;
}

/** A listing with its key, when it was made and under which rules. */
export type KeyedListing = DirectoryListing & { readonly key: FolderKey; readonly listedAt: number; readonly chain: string };

/** Whether `listing` may be kept: keyed, whole, and with no `.gitignore` of its own read. */
export function keepable(listing: DirectoryListing): listing is KeyedListing {
  return listing.key !== undefined && listing.listedAt !== undefined && listing.chain !== undefined && listing.chain !== '' && listing.diagnostic === null && listing.gitignore == null && listing.gitignoreDiagnostic == null;
}

/** The listings of `kept` (each `keepable`, and found not racy by the caller), as the index holds them. */
export function keptListings(kept: readonly (readonly [string, KeyedListing])[]): KeptListings {
  const keys = new BigInt64Array(kept.length * 4);
  const at = new Float64Array(kept.length);
  const starts = new Float64Array(kept.length + 1);
  const entries: string[] = [];
  const kinds: number[] = [];
  kept.forEach(([, listing], i) => {
    for (let k = 0; k < 4; k += 1) keys[i * 4 + k] = listing.key[k]!;
    at[i] = listing.listedAt;
    const files = new Set(listing.files);
    const subdirs = new Set(listing.subdirs);
    const links = new Set(listing.links);
    for (const entry of listing.entries) {
      entries.push(entry);
      kinds.push(files.has(entry) ? FILE : subdirs.has(entry) ? SUBDIR : links.has(entry) ? LINK : ENTRY);
    }
    starts[i + 1] = entries.length;
  });
  return { dirs: kept.map(([dir]) => dir), keys, at, chains: kept.map(([, listing]) => listing.chain), starts, entries, kinds: Uint8Array.from(kinds), hidden: kept.map(([, listing]) => listing.hidden) };
}

/** The listings kept in `value` (what the index holds), or `null` when it is not what `keptListings` makes. */
export function reuseOf(value: unknown): ListingReuse | null {
  if (typeof value !== 'object' || value === null) return null;
  const kept = value as KeptListings;
  const n = Array.isArray(kept.dirs) ? kept.dirs.length : -1;
  if (!isStrings(kept.dirs) || !isStrings(kept.chains) || !isStrings(kept.entries) || !isListOf(kept.hidden, isStrings) || kept.chains.length !== n || kept.hidden.length !== n) return null;
  if (!(kept.keys instanceof BigInt64Array && kept.keys.length === n * 4 && kept.at instanceof Float64Array && kept.at.length === n && kept.starts instanceof Float64Array && kept.starts.length === n + 1)) return null;
  if (!(kept.kinds instanceof Uint8Array && kept.kinds.length === kept.entries.length)) return null;
  const at = new Map<string, number>();
  kept.dirs.forEach((dir, i) => at.set(dir, i));
  return {
    take(dir, key, chain) {
      const i = at.get(dir);
      if (i === undefined || kept.chains[i] !== chain) return null;
      for (let k = 0; k < 4; k += 1) if (kept.keys[i * 4 + k] !== key[k]) return null;
      return listingOf(kept, i, dir);
    },
  };
}

/** Folder `i`'s listing, when its entries are names directly in `dir`; else `null` (it is listed). */
function listingOf(kept: KeptListings, i: number, dir: string): DirectoryListing | null {
  const start = kept.starts[i]!;
  const end = kept.starts[i + 1]!;
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= kept.entries.length)) return null;
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
    if (kind === FILE) files.push(entry);
    else if (kind === SUBDIR) subdirs.push(entry);
    else if (kind === LINK) links.push(entry);
    else if (kind !== ENTRY) return null;
  }
  const hidden = kept.hidden[i]!;
  if (hidden.some((name) => name === '' || name.includes('/'))) return null;
  const key: FolderKey = [kept.keys[i * 4]!, kept.keys[i * 4 + 1]!, kept.keys[i * 4 + 2]!, kept.keys[i * 4 + 3]!];
  return { files, entries, subdirs, hidden, diagnostic: null, gitignore: null, gitignoreDiagnostic: null, links, key, listedAt: kept.at[i]!, chain: kept.chains[i]! };
}
