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
  /** Directories that could not be listed. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Walks `root` (an absolute real path) and returns its Markdown files. */
export function discoverFiles(root: string): Discovery {
  const diagnostics: Diagnostic[] = [];
  const ignorer = loadIgnore(root, diagnostics);
  const files: string[] = [];
  const entries = new Set<string>();
  const pending: string[] = [''];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const listed = listDirectoryInside(root, dir);
    if (!listed.ok) {
      diagnostics.push(unreadableDirectory(dir, listed));
      continue;
    }
    for (const dirent of listed.entries) {
      const name = dirent.name;
      if (name.startsWith('.')) continue;
      const path = dir === '' ? name : `${dir}/${name}`;
      if (dirent.isDirectory()) {
        if (name === 'node_modules' || ignorer?.ignores(`${path}/`)) continue;
        entries.add(path);
        pending.push(path);
        continue;
      }
      entries.add(path);
      if (dirent.isFile() && isMarkdownName(name) && !ignorer?.ignores(path)) files.push(path);
    }
  }
  return { files: sortStrings(files), entries, diagnostics };
}

/** `true` when a file name ends in `.md`, in any case. */
export function isMarkdownName(name: string): boolean {
  return name.length > 3 && name.slice(-3).toLowerCase() === '.md';
}

/**
 * The root's ignore file, read like every other file (never through a link, regular files
 * only, at most 1 MiB); one that exists but cannot be read is a `FILE_UNREADABLE` finding and
 * ignores nothing.
 */
function loadIgnore(root: string, diagnostics: Diagnostic[]): Ignore.Ignore | null {
  const read = readFileInside(root, IGNORE_FILE, MAX_IGNORE_BYTES);
  if (!read.ok) {
    if (read.code !== 'ENOENT') diagnostics.push(unreadableIgnore(read.reason));
    return null;
  }
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) {
    diagnostics.push(unreadableIgnore(decoded.reason));
    return null;
  }
  // Loaded only when there is an ignore file (a CommonJS package, so `require` works).
  const ignore = createRequire(import.meta.url)('ignore') as typeof Ignore;
  // Case-sensitive, as git is on Linux: the same answer on every OS.
  return ignore({ ignorecase: false }).add(decoded.text);
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
