/**
 * A workspace index's on-disk copy (issue 38): on a first load, every file whose stat data
 * (device, inode, size, mtime and ctime in nanoseconds) are those the copy holds is taken from
 * it instead of being read and parsed; the rest is read as always, and the links a difference
 * can affect are checked again, as a live refresh does after a change. The copy is written
 * after a load that read files, and never trusted: any problem with it is one log line and a
 * cold load.
 *
 * Racily clean (git's term): a file changed within the same tick of its filesystem's clock as
 * it was read keeps its stat data, so the copy would hold the old text for the new one. A file
 * whose ctime is not at least `RACY_NS` older than the start of the refresh that read it is
 * therefore never written to the copy; it is read again at the next start.
 */
import { lstatSync, type BigIntStats } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { linkSetup } from '../check/link-context.js';
import type { Stamp } from '../model/file-stamp.js';
import type { DirectoryListing } from '../read/discover-files.js';
import { cacheFileOf, readCacheFile, startCacheWrite, type CacheFile } from '../read/cache-file.js';
import { userSecret } from '../read/private-folder.js';
import type { LinkOptions, WorkspaceConfig } from '../shared/config-types.js';
import { asSteps } from '../shared/steps.js';
import { statKeys, type StatAheadOptions } from '../read/stat-ahead.js';
import { readIndexHere, startIndexRead, type IndexRead, type IndexReadOptions } from './index-read.js';
import { decodeListings, decodeSnapshot, encodeSnapshot, type DecodedSnapshot, type SnapshotFile, type SnapshotMeta, type WalkedNames } from './index-snapshot.js';
import { decidedByWalk } from './walked-names.js';
import { filesInPathOrder } from './listing-reuse.js';

export { walkedNamesOf } from './walked-names.js';
import { ChangedText, documentText, TextFile } from './index-text-file.js';
import { keepable, keptListings, namesMoved, wasTaken, type ListingReuse } from './listing-reuse.js';
import { NO_PROGRESS, type FileEntry } from '../check/link-checks.js';
import { peekTargets } from './index-columns.js';
import type { IndexMemo } from './index-memo.js';
import type { FileResults } from '../model/assemble-workspace.js';

/** How the index finds and writes its copy (the surfaces choose the folder; the core never reads the environment). */
export interface IndexCacheOptions {
  /** The cache folder (`$XDG_CACHE_HOME/docugraph`, …): the workspace's copy is one file in it. */
  readonly dir: string;
  /** DocuGraph's version: a copy written by another version is not used. */
  readonly version: string;
  /**
   * The folder of the user's secret, which signs the answers a copy keeps beside the files (a
   * copy's are used only when this user's DocuGraph signed them): the user's own cache folder,
   * never the workspace. Default: `dir`; `null`: none (kept answers are then never used).
   */
  readonly secretDir?: string | null;
  /** One line for a person (stderr) when the copy is not used or cannot be written. */
  readonly log?: (line: string) => void;
  /** The clock the racy check reads (ms since the epoch); default `Date.now` (tests move it on). */
  readonly now?: () => number;
  /** How the listed files' stat data are made on a second thread (tests point it at the worker in dist). */
  readonly statAhead?: StatAheadOptions;
  /** How the index is read ahead on a second thread (tests point it at the worker in dist), and from what size its texts stay on the disk. */
  readonly indexRead?: IndexReadOptions;
  /**
   * Called once when texts the index left on the disk cannot be read back (said in the log): the
   * documents' texts are then read from the files, and the index should be written again.
   */
  readonly onDamaged?: () => void;
}

/** A file's ctime must be this much older than the refresh that read it for its entry to be kept (2 s: coarse clocks, FAT's 2-second mtimes). */
export const RACY_NS = 2_000_000_000n;
/** Files whose stat data a step of a write or of a restore compares. */
const STAT_STEP = 2000;

/** What a warm start took from the copy. */
export interface WarmStart {
  /** Every file listed, in path order. */
  readonly sorted: readonly string[];
  /** The files whose stat data match (in path order), and their entries. */
  readonly paths: readonly string[];
  readonly entries: readonly FileEntry[];
  /** Files the walk lists now that were not taken from the copy (new, changed, racy): to read. */
  readonly toRead: string[];
  /** Files the copy had that are gone. */
  readonly changed: Set<string>;
  /** Files taken from the copy whose links the disk answered (not the walk): checked again. */
  readonly recheck: Set<string>;
  /** Entries (files and folders) that came or went since the copy. */
  readonly touched: Set<string>;
  /** The answers the copy kept beside the files (each used only if what it was worked out from is the same). */
  readonly memo: IndexMemo;
  /** The copy's entries of the files in `toRead` it holds (changed since): the state its kept stages are of. */
  readonly stale: ReadonlyMap<string, FileResults>;
  /** Whether the set of Markdown files differs from the copy's (one new or gone): what a broken link's "did you mean" reads. */
  readonly filesMoved: boolean;
}

export interface IndexCache {
  readonly file: CacheFile;
  /** The clock of the racy check: when a refresh that reads files begins. */
  readonly now: () => number;
  /** Starts reading the copy on a second thread (while the walk lists the folders), for the restore to come. */
  prefetch(): void;
  /** The folder listings the copy kept, read apart from the rest (before the walk), or `null`. */
  listings(config: WorkspaceConfig, links: LinkOptions): ListingReuse | null;
  /**
   * The copy's entries that still hold, or `null` (no copy, or one that is not used: said in the
   * log), a step at a time: one step per chunk decoded and per `STAT_STEP` files compared, so that
   * a server answers requests (such as a ping) while it restores 100,000 files.
   */
  restoreSteps(config: WorkspaceConfig, links: LinkOptions, listed: ReadonlySet<string>, listings: ReadonlyMap<string, DirectoryListing>): Generator<typeof NO_PROGRESS, WarmStart | null, void>;
  /**
   * Writes the copy of `files` (in path order), of what the walk had and of `memo` (called in a
   * step of its own, after the files' stat data are compared), a step at a time (a caller may let
   * other work run between steps); returns whether it was written. The entries are taken as they
   * are when it starts: `walked` and `memo` must be of that same state.
   */
  saveSteps(config: WorkspaceConfig, links: LinkOptions, files: readonly (readonly [string, FileEntry])[], walked: WalkedNames, memo: () => IndexMemo, listings: readonly (readonly [string, DirectoryListing])[]): Generator<void, boolean, void>;
}

export function createIndexCache(root: string, options: IndexCacheOptions): IndexCache {
  const file = cacheFileOf(options.dir, root);
  const log = options.log ?? (() => {});
  const clock = options.now ?? Date.now;
  // The key reads the repository's remote (the link setup): made once per configuration.
  let keyed: { config: WorkspaceConfig; links: LinkOptions; meta: SnapshotMeta } | null = null;
  // The user's secret, read when the first index is read or written (a problem with it is one line: kept answers are then not used).
  let secret: Uint8Array | null | undefined;
  const secretDir = options.secretDir === undefined ? options.dir : options.secretDir;
  const secretOf = (): Uint8Array | null => {
    if (secret === undefined) secret = secretDir === null ? null : userSecret(secretDir, (reason) => log(`the answers the index keeps are not used: your secret cannot be read or made (${reason})`));
    return secret;
  };
  const metaOf = (config: WorkspaceConfig, links: LinkOptions): SnapshotMeta => {
    if (keyed === null || keyed.config !== config || keyed.links !== links) keyed = { config, links, meta: { root, key: keyOf(root, options.version, config, links), secret: secretOf } };
    return keyed.meta;
  };

  // A document's text, read again when the index's cannot be read back.
  const reread = (path: string): string | null => documentText(root, path);
  const onDamage = (reason: string): void => {
    log(`the index in ${file.path} is damaged: ${reason}; the texts of its documents are read from the files (it is written again)`);
    options.onDamaged?.();
  };
  // The index being read on another thread, from `prefetch` to the restore; its listings as read before the walk.
  let ahead: IndexRead | null = null;
  // The index file a restore's texts are read from (a large index), let go before a write renames a new one over it.
  let openTexts: TextFile | null = null;
  let early: ListingReuse | null = null;
  return {
    file,
    now: clock,
    prefetch: () => {
      ahead ??= startIndexRead(file, options.indexRead);
    },
    listings: (config, links) =>
      (early = decodeListings((length) => {
        const read = readCacheFile(file, undefined, length);
        return read.ok ? read.bytes : null;
      }, metaOf(config, links))),
    *restoreSteps(config, links, listed, listings) {
      // The listings read before the walk, not kept past this restore.
      const earlyListings = early;
      early = null;
      // The entries taken are as if read as the restore began, before any stat data are taken (the racy check of the next write).
      const now = clock();
      // The listed files in path order, as the index lists its files (the two lists are merged, not looked up in a map), and
      // their stat data, on a second thread while this one decodes (and, when another thread reads the index, waits for it).
      let sorted: readonly string[] | null = ahead === null ? null : filesInPathOrder(listed, listings);
      let keys = sorted === null ? null : statKeys(root, sorted, options.statAhead);
      const takenPaths: string[] = [];
      const taken: FileEntry[] = [];
      const changed = new Set<string>();
      const toRead: string[] = [];
      const stale = new Map<string, FileResults>();
      const recheck = new Set<string>();
      let snapshot: DecodedSnapshot;
      try {
        const { read, checked } = ahead?.take() ?? readIndexHere(file, options.indexRead?.lazyFrom);
        ahead = null;
        if (!read.ok) {
          if (!read.missing) log(`the index in ${file.path} is not used: ${read.reason}; loading every file`);
          return null;
        }
        const paths: readonly string[] = (sorted ??= filesInPathOrder(listed, listings));
        keys ??= statKeys(root, paths, options.statAhead);
        // A large index's texts are read from it when first asked for: it stays open (closed once none is left).
        const texts = read.front === undefined ? null : new TextFile(read.front.fd, reread, onDamage);
        const input = read.front === undefined ? read.bytes : { front: read.front, file: texts! };
        const decoded = yield* asSteps(decodeSnapshot(input, metaOf(config, links), checked, now, earlyListings), NO_PROGRESS);
        if (!decoded.ok) texts?.close();
        else if (texts !== null) (texts.seal(), (openTexts = texts));
        if (!decoded.ok) {
          // Another version or configuration is no problem: the index is simply made again.
          if (!decoded.expected) log(`the index in ${file.path} is not used: ${decoded.reason}; loading every file (it is written again)`);
          return null;
        }
        snapshot = decoded.snapshot;
        if (snapshot.memoRefused) log(`the answers kept in the index in ${file.path} were not signed by your DocuGraph (another user's, or copied in): they are worked out again`);
        const held = snapshot.paths;
        let j = 0;
        for (let i = 0; i < paths.length; i += 1) {
          if (i % STAT_STEP === STAT_STEP - 1) yield NO_PROGRESS;
          const path = paths[i]!;
          // Files the index has that are not listed now (both lists in path order).
          while (j < held.length && held[j]! < path) changed.add(held[j++]!);
          const at = j < held.length && held[j] === path ? j++ : -1;
          if (at === -1 || !keys.same(i, snapshot.keys, at)) {
            toRead.push(path);
            if (at !== -1) stale.set(path, { analysis: snapshot.entries[at]!.analysis, links: snapshot.entries[at]!.links });
            continue;
          }
          takenPaths.push(path);
          taken.push(snapshot.entries[at]!);
          if (snapshot.recheck[at] === 1) recheck.add(path);
        }
        while (j < held.length) changed.add(held[j++]!);
      } finally {
        keys?.close();
      }
      // Names that came or went, listed or left out: the links that looked at them are checked again.
      const touched = new Set<string>();
      // A folder whose listing the walk took has the names these listings hold — when they are the ones it took them from (another start may have written the index since).
      namesMoved(snapshot.listings, listings, snapshot.listingsRead ? wasTaken : () => false, touched);
      return { sorted: sorted!, paths: takenPaths, entries: taken, toRead, changed, touched, recheck, memo: snapshot.memo, stale, filesMoved: changed.size > 0 || toRead.length > stale.size };
    },
    *saveSteps(config, links, entries, walked, memo, listings) {
      // As things are now: later refreshes replace entries (and their links), never change them.
      const taken = entries.map(([path, entry]) => [path, { ...entry }] as const);
      const kept: SnapshotFile[] = [];
      for (let i = 0; i < taken.length; i += 1) {
        if (i % STAT_STEP === STAT_STEP - 1) yield;
        const [path, entry] = taken[i]!;
        if (entry.stamp === null || entry.links === null || entry.readAt === undefined) continue;
        const stats = lstatSync(join(root, path), { bigint: true, throwIfNoEntry: false });
        // Changed since it was read, or racily clean: left out, read again next time.
        if (stats === undefined || !sameStamp(entry.stamp, stats) || stats.ctimeNs >= BigInt(Math.floor(entry.readAt)) * 1_000_000n - RACY_NS) continue;
        // Links whose answer the walk could not vouch for (a path above the workspace, or below a
        // name the walk left out): the disk answered, and may answer otherwise at the next start.
        const recheck = peekTargets(entry.links).some((target) => !decidedByWalk(target, walked));
        kept.push({ path, stat: [stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs], entry, recheck });
      }
      // Every folder listing; those a later start may take: their folder's key still the one they were listed with, and not racily clean.
      const mayTake = new Set<string>();
      for (let i = 0; i < listings.length; i += 1) {
        if (i % STAT_STEP === STAT_STEP - 1) yield;
        const [dir, listing] = listings[i]!;
        if (!keepable(listing)) continue;
        const stats = lstatSync(dir === '' ? root : join(root, dir), { bigint: true, throwIfNoEntry: false });
        const [dev, ino, mtimeNs, ctimeNs] = listing.key;
        if (stats !== undefined && stats.dev === dev && stats.ino === ino && stats.mtimeNs === mtimeNs && stats.ctimeNs === ctimeNs && ctimeNs < BigInt(Math.floor(listing.listedAt)) * 1_000_000n - RACY_NS) mayTake.add(dir);
      }
      const walk = keptListings(listings, (dir) => mayTake.has(dir));
      // The kept answers in a step of their own (`unblocks` may be counted now: 0.5 s at 100k).
      yield;
      const made = memo();
      // The stages are of every file taken: with one left out, a later start could not tell them from its own.
      const written = kept.length === taken.length ? made : { ...made, stages: null };
      const writer = startCacheWrite(file, (reason) => log(`the index cannot be written to ${file.path}: ${reason}`));
      if (writer === null) return false;
      let committed = false;
      try {
        for (const chunk of encodeSnapshot(metaOf(config, links), kept, written, walk)) {
          if (!writer.write(chunk)) return false;
          yield;
        }
        openTexts?.release();
        openTexts = null;
        committed = writer.commit();
        return committed;
      } catch (error) {
        // A restored file whose text, read again, is another one (it changed since): the next write, after its change, takes it.
        if (error instanceof ChangedText) return false;
        throw error;
      } finally {
        // Stopped on the way (an error, or a caller that closed): the new file goes, the old one stays.
        if (!committed) writer.abort();
      }
    },
  };
}

/** The key of a copy: what every per-file result depends on besides the file itself. */
function keyOf(root: string, version: string, config: WorkspaceConfig, links: LinkOptions): string {
  const setup = linkSetup(root, links);
  const parts = { version, root, config, links, linkRoot: setup.root, ownUrls: setup.ownUrls };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Whether the stat data now are those of the stamp the file was read with (as Node computes its milliseconds). */
function sameStamp(stamp: Stamp, stats: BigIntStats): boolean {
  return stamp.size === Number(stats.size) && stamp.ino === Number(stats.ino) && stamp.mtimeMs === milliseconds(stats.mtimeNs) && stamp.ctimeMs === milliseconds(stats.ctimeNs);
}

/** Node's `mtimeMs` from `mtimeNs`: seconds × 1000 + nanoseconds / 10⁶, in doubles as Node computes them. */
export function milliseconds(ns: bigint): number {
  const sec = ns / 1_000_000_000n;
  const nsec = ns % 1_000_000_000n;
  return Number(sec) * 1000 + Number(nsec) / 1e6;
}
