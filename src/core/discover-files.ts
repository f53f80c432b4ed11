/**
 * META-01 §1: find the workspace's Markdown files. Skips dot-entries, `node_modules`,
 * paths matched by the root `.docugraphignore` (gitignore syntax) and symbolic links,
 * which are never followed. The result is sorted in code-unit order.
 */
import { createRequire } from 'node:module';
import type Ignore from 'ignore';
import { decodeText } from './normalize-text.js';
import { formatBytes, listDirectoryInside, readFileInside, type Refusal } from './safe-fs.js';
import { sortStrings } from './sort.js';
import type { Diagnostic } from './types.js';

export const IGNORE_FILE = '.docugraphignore';
/** The largest ignore file read: far more rules than any repository writes. */
export const MAX_IGNORE_BYTES = 1024 * 1024;

export interface Discovery {
  /** Markdown files (`.md`, any case), relative to the root, sorted. */
  readonly files: readonly string[];
  /** Every entry the walk saw (files of any kind, directories, links), for link checks. */
  readonly entries: ReadonlySet<string>;
  /** The ignore file's finding, and directories that could not be listed. */
  readonly diagnostics: readonly Diagnostic[];
}

/** The ignore rules of a root: a matcher (`null` when there is no ignore file) and its finding. */
export interface IgnoreRules {
  readonly ignorer: Ignore.Ignore | null;
  readonly diagnostics: readonly Diagnostic[];
}

/** What one directory holds, as discovery sees it (paths relative to the root). */
export interface DirectoryListing {
  /** Markdown files directly in it that are not ignored, in listing order. */
  readonly files: readonly string[];
  /** Every entry directly in it that counts for link checks (not dot-entries, not skipped directories). */
  readonly entries: readonly string[];
  /** Directories directly in it to walk. */
  readonly subdirs: readonly string[];
  /** `FILE_UNREADABLE` when it could not be listed. */
  readonly diagnostic: Diagnostic | null;
}

/** Walks `root` (an absolute real path) and returns its Markdown files. */
export function discoverFiles(root: string): Discovery {
  const rules = loadIgnoreRules(root);
  const diagnostics: Diagnostic[] = [...rules.diagnostics];
  const files: string[] = [];
  const entries = new Set<string>();
  walkDirectories(root, '', rules.ignorer, (_dir, listing) => {
    for (const file of listing.files) files.push(file);
    for (const entry of listing.entries) entries.add(entry);
    if (listing.diagnostic !== null) diagnostics.push(listing.diagnostic);
  });
  return { files: sortStrings(files), entries, diagnostics };
}

/**
 * Lists `dir` and every directory below it that discovery walks, depth-first; `before(dir)`
 * runs before each directory is listed (a watcher attached there sees every later change).
 */
export function walkDirectories(
  root: string,
  dir: string,
  ignorer: Ignore.Ignore | null,
  visit: (dir: string, listing: DirectoryListing) => void,
  before?: (dir: string) => void,
): void {
  const pending: string[] = [dir];
  while (pending.length > 0) {
    const next = pending.pop()!;
    before?.(next);
    const listing = listDirectory(root, next, ignorer);
    visit(next, listing);
    for (const sub of listing.subdirs) pending.push(sub);
  }
}

/** Lists one directory (never through a link) and sorts what it holds for discovery. */
export function listDirectory(root: string, dir: string, ignorer: Ignore.Ignore | null): DirectoryListing {
  const listed = listDirectoryInside(root, dir);
  if (!listed.ok) return { files: [], entries: [], subdirs: [], diagnostic: unreadableDirectory(dir, listed) };
  const files: string[] = [];
  const entries: string[] = [];
  const subdirs: string[] = [];
  for (const dirent of listed.entries) {
    const name = dirent.name;
    if (name.startsWith('.')) continue;
    const path = dir === '' ? name : `${dir}/${name}`;
    if (dirent.isDirectory()) {
      if (name === 'node_modules' || ignorer?.ignores(`${path}/`)) continue;
      entries.push(path);
      subdirs.push(path);
      continue;
    }
    entries.push(path);
    if (dirent.isFile() && isMarkdownName(name) && !ignorer?.ignores(path)) files.push(path);
  }
  return { files, entries, subdirs, diagnostic: null };
}

/** `true` when a file name ends in `.md`, in any case. */
export function isMarkdownName(name: string): boolean {
  return name.length > 3 && name.slice(-3).toLowerCase() === '.md';
}

/**
 * The root's ignore rules: its ignore file, read like every other file (never through a link, regular files
 * only, at most 1 MiB); one that exists but cannot be read is a `FILE_UNREADABLE` finding and
 * ignores nothing.
 */
export function loadIgnoreRules(root: string): IgnoreRules {
  const read = readFileInside(root, IGNORE_FILE, MAX_IGNORE_BYTES);
  if (!read.ok) return { ignorer: null, diagnostics: read.code === 'ENOENT' ? [] : [unreadableIgnore(read.reason)] };
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return { ignorer: null, diagnostics: [unreadableIgnore(decoded.reason)] };
  // Loaded only when there is an ignore file (a CommonJS package, so `require` works).
  const ignore = createRequire(import.meta.url)('ignore') as typeof Ignore;
  // Case-sensitive, as git is on Linux: the same answer on every OS.
  return { ignorer: ignore({ ignorecase: false }).add(decoded.text), diagnostics: [] };
}

function unreadableIgnore(reason: string): Diagnostic {
  return {
    code: 'FILE_UNREADABLE',
    message: `\`${IGNORE_FILE}\` cannot be read: ${reason}; nothing is ignored until it is a regular file of at most ${formatBytes(MAX_IGNORE_BYTES)}`,
    nodeId: null,
    path: IGNORE_FILE,
    line: null,
  };
}

function unreadableDirectory(dir: string, refusal: Refusal): Diagnostic {
  return {
    code: 'FILE_UNREADABLE',
    message: `directory \`${dir === '' ? '.' : dir}\` cannot be listed: ${refusal.reason}; its Markdown files are not checked — fix it or add it to ${IGNORE_FILE}`,
    nodeId: null,
    path: dir === '' ? '.' : dir,
    line: null,
  };
}
