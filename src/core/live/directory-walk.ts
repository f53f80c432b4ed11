/**
 * The directories a workspace index walks: each one's listing, the Markdown files and the
 * entries (for link checks) they hold together, and the `.gitignore` chain each directory is
 * listed under. A refresh lists again only the directories a change can affect, and drops the
 * ones that left the walk (deleted, renamed, now ignored).
 */
import { listDirectory, type DirectoryListing, type GitignoreChain, type IgnoreRules } from '../read/discover-files.js';
import { releaseHold, type FolderHold, type FolderKey } from '../read/safe-fs.js';
import { chainBelow, rulesChain, type ListingReuse } from '../store/listing-reuse.js';

export interface WalkHooks {
  /** Called before a directory is listed: a watcher attached there sees every later change in it. */
  readonly beforeList?: ((dir: string) => void) | undefined;
  /** Called when a directory leaves the walk. */
  readonly afterDrop?: ((dir: string) => void) | undefined;
  /** Called once for each symbolic link with a Markdown name that a listing finds (a new one, not one it found before). */
  readonly onLinkSkipped?: ((path: string) => void) | undefined;
  /** Set: every listing holds its folder's key and the clock's time before it was made (the on-disk index keeps them). */
  readonly now?: (() => number) | undefined;
}

export interface DirectoryWalk {
  /** Every directory listed, by its path relative to the root (`''` is the root). */
  readonly listings: ReadonlyMap<string, DirectoryListing>;
  /** The Markdown files of every listing. */
  readonly files: ReadonlySet<string>;
  /** Every entry that counts for link checks. */
  readonly entries: ReadonlySet<string>;
  /** Set when the set of Markdown files changed; the index clears it once it has acted on it. */
  filesMoved: boolean;
  /** Set when a directory's `.gitignore` finding appeared, went or changed; cleared by the index. */
  findingsMoved: boolean;
  /**
   * Lists `start` again and, through a queue, every directory whose listing it adds (`deep`:
   * every one below), one directory per step. Entries that came or went go into `touched`,
   * files of the listings into `candidates`; both are `null` in a first load, which needs neither.
   */
  relistSteps(start: string, deep: boolean, touched: Set<string> | null, candidates: Set<string> | null, visited?: Set<string>): Generator<void, void, void>;
  /** `relistSteps` run to the end at once. */
  relist(start: string, deep: boolean, touched: Set<string>, candidates: Set<string>, visited?: Set<string>): void;
  /** Removes `start` and everything below it from the walk. */
  drop(start: string, touched: Set<string>, candidates: Set<string>): void;
  /** The listings an earlier start kept, for the walk to take where a folder's key is the same (a first load); `null` after it. */
  reuse: ListingReuse | null;
  /** How many listings were taken from `reuse`. */
  taken: number;
  /** Counts the listings made and dropped: the same number, the same files. */
  version: number;
}

const NO_LISTING: DirectoryListing = { files: [], entries: [], subdirs: [], hidden: [], diagnostic: null };
const NO_CHAIN: GitignoreChain = Object.freeze([]);

/** A walk of `root` under the ignore rules `rules()` gives at each listing. */
export function createDirectoryWalk(root: string, rules: () => IgnoreRules, hooks: WalkHooks): DirectoryWalk {
  const listings = new Map<string, DirectoryListing>();
  const fileSet = new ListedNames(listings, (listing) => listing.files);
  const entrySet = new ListedNames(listings, (listing) => listing.entries);

  /** Lists `start` again and, through the queue, every directory whose listing it adds (`deep`: every one below). */
  function relist(start: string, deep: boolean, touched: Set<string>, candidates: Set<string>, visited?: Set<string>): void {
    for (const step of relistSteps(start, deep, touched, candidates, visited)) void step;
  }

  /**
   * `relist`, one directory per step (a full load lists thousands; a caller may pause between
   * them). `touched` and `candidates` are `null` in a first load, which needs neither: it
   * reads every file it lists and checks every link.
   */
  function* relistSteps(start: string, deep: boolean, touched: Set<string> | null, candidates: Set<string> | null, visited?: Set<string>): Generator<void, void, void> {
    // Each folder with the `.gitignore` chain it is listed under: its parent's, and the parent's own file (one step a level, not a walk up every ancestor).
    const queue: [string, GitignoreChain][] = [[start, chainOf(start)]];
    // The folder listed last, kept open: the next one, when it is in it (a folder's last sub-folder is listed right after it), is opened through it.
    const hold: FolderHold = { current: null };
    try {
      while (queue.length > 0) {
        const [dir, chain] = queue.pop()!;
        visited?.add(dir);
        walk.version += 1;
        const old = listings.get(dir) ?? NO_LISTING;
        // A later refresh tells the names that came by the set of those before: made now, before this listing joins the listings it is made from.
        if (touched !== null) entrySet.make();
        hooks.beforeList?.(dir);
        const listing = listDirectory(root, dir, rules(), chain, hooks.now === undefined ? undefined : keysOf(dir, hooks.now()), hold);
        const below: GitignoreChain = rules().gitignore !== true ? NO_CHAIN : listing.gitignore ? [...chain, [dir, listing.gitignore]] : chain;
        listings.set(dir, listing);
        if (old.entries.length > 0) {
          const newEntries = new Set(listing.entries);
          for (const entry of old.entries) if (!newEntries.has(entry)) (touched?.add(entry), entrySet.delete(entry));
        }
        // One lookup an entry (a first load's 100,000 entries: no `has` before each `add`).
        if (touched === null) for (const entry of listing.entries) entrySet.add(entry);
        else for (const entry of listing.entries) if (!entrySet.has(entry)) (touched.add(entry), entrySet.add(entry));
        if (!sameMembers(old.files, listing.files)) walk.filesMoved = true;
        if (hooks.onLinkSkipped !== undefined && listing.links !== undefined && listing.links.length > 0) {
          const before = new Set(old.links);
          for (const link of listing.links) if (!before.has(link)) hooks.onLinkSkipped(link);
        }
        if (old.gitignoreDiagnostic?.message !== listing.gitignoreDiagnostic?.message) walk.findingsMoved = true;
        for (const file of old.files) (candidates?.add(file), fileSet.delete(file));
        if (candidates === null) for (const file of listing.files) fileSet.add(file);
        else for (const file of listing.files) (candidates.add(file), fileSet.add(file));
        if (old.subdirs.length === 0) {
          for (const sub of listing.subdirs) queue.push([sub, below]);
        } else {
          const newSubdirs = new Set(listing.subdirs);
          const oldSubdirs = new Set(old.subdirs);
          for (const sub of old.subdirs) if (!newSubdirs.has(sub)) drop(sub, touched ?? new Set(), candidates ?? new Set());
          for (const sub of listing.subdirs) if (deep || !oldSubdirs.has(sub) || !listings.has(sub)) queue.push([sub, below]);
        }
        yield;
      }
    } finally {
      releaseHold(hold);
    }
  }

  /** How `dir`'s listing is keyed: under the id of its rules (its parent's, listed before it), and taken from `walk.reuse` when it has it. */
  function keysOf(dir: string, at: number) {
    const above = dir === '' ? null : listings.get(parentOf(dir));
    const rulesId = rulesChain(rules());
    const chain = above === null ? rulesId : above === undefined ? null : chainBelow(parentOf(dir), above, rulesId);
    const reuse = walk.reuse;
    // A parent without a chain, or sorted under other rules (a refresh of the rules stopped short), leaves its children unkept: the id of their rules is not known.
    if (chain === null) return { at, chain: '', rules: rulesId, take: null };
    const take = (key: FolderKey) => {
      const listing = reuse!.take(dir, key, chain, rulesId);
      if (listing !== null) walk.taken += 1;
      return listing;
    };
    return { at, chain, rules: rulesId, take: reuse === null ? null : take };
  }

  /**
   * The `.gitignore` rules of `dir`'s ancestors, root first (they are listed before it), from
   * their listings: where a relist starts (the folders below get theirs from the walk).
   */
  function chainOf(dir: string): GitignoreChain {
    if (dir === '' || rules().gitignore !== true) return NO_CHAIN;
    const chain: [string, NonNullable<DirectoryListing['gitignore']>][] = [];
    for (let end = dir.lastIndexOf('/'); ; end = dir.lastIndexOf('/', end - 1)) {
      const at = end === -1 ? '' : dir.slice(0, end);
      const own = listings.get(at)?.gitignore;
      if (own) chain.push([at, own]);
      if (end <= 0) break;
    }
    return chain.reverse();
  }

  /** Removes `start` and everything below it from the walk. */
  function drop(start: string, touched: Set<string>, candidates: Set<string>): void {
    const stack = [start];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      const listing = listings.get(dir);
      if (listing === undefined) continue;
      listings.delete(dir);
      walk.version += 1;
      hooks.afterDrop?.(dir);
      for (const entry of listing.entries) (touched.add(entry), entrySet.delete(entry));
      if (listing.files.length > 0) walk.filesMoved = true;
      if (listing.gitignoreDiagnostic) walk.findingsMoved = true;
      for (const file of listing.files) (candidates.add(file), fileSet.delete(file));
      for (const sub of listing.subdirs) stack.push(sub);
    }
  }

  const walk: DirectoryWalk = { listings, files: fileSet, entries: entrySet, filesMoved: false, findingsMoved: false, relistSteps, relist, drop, reuse: null, taken: 0, version: 0 };
  return walk;
}

/**
 * The names of every listing (its files, or its entries) as one set, made from the listings when
 * something first looks one up, and kept in step by `add` and `delete` from then on; until then
 * the listings hold every name, and `add` and `delete` have nothing to do. A warm start that
 * changes nothing looks none up: at 100,000 files, two sets of 100,000 names not filled
 * (~50 ms of the walk). Each name is in one listing, its folder's.
 */
class ListedNames implements ReadonlySet<string> {
  #set: Set<string> | null = null;

  constructor(
    private readonly listings: ReadonlyMap<string, DirectoryListing>,
    private readonly of: (listing: DirectoryListing) => readonly string[],
  ) {}

  /** The set, made now (from the listings as they are) if it was not. */
  make(): Set<string> {
    if (this.#set === null) {
      const set = new Set<string>();
      for (const listing of this.listings.values()) for (const name of this.of(listing)) set.add(name);
      this.#set = set;
    }
    return this.#set;
  }

  add(name: string): void {
    this.#set?.add(name);
  }

  delete(name: string): void {
    this.#set?.delete(name);
  }

  has(name: string): boolean {
    return this.make().has(name);
  }

  get size(): number {
    if (this.#set !== null) return this.#set.size;
    let size = 0;
    for (const listing of this.listings.values()) size += this.of(listing).length;
    return size;
  }

  *values(): SetIterator<string> {
    if (this.#set !== null) yield* this.#set;
    else for (const listing of this.listings.values()) yield* this.of(listing);
  }

  keys(): SetIterator<string> {
    return this.values();
  }

  *entries(): SetIterator<[string, string]> {
    for (const name of this.values()) yield [name, name];
  }

  [Symbol.iterator](): SetIterator<string> {
    return this.values();
  }

  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const name of this.values()) callback.call(thisArg, name, name, this);
  }
}

/** Whether two lists hold the same strings, in any order (a directory listed again). */
function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

/** The folder of a path (`''` for the root's entries). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** How many names a path has (`''`: none). */
export function depth(path: string): number {
  let count = path === '' ? 0 : 1;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) count += 1;
  return count;
}
