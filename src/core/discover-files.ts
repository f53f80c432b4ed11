/**
 * META-01 §1: find the workspace's Markdown files. Skips dot-entries, `node_modules`,
 * paths matched by the root `.docugraphignore` (gitignore syntax) and symbolic links,
 * which are never followed. The result is sorted in code-unit order.
 */
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type Ignore from 'ignore';
import { normalizeNewlines } from './normalize-text.js';
import { sortStrings } from './sort.js';
import type { Diagnostic } from './types.js';

export const IGNORE_FILE = '.docugraphignore';

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
  const ignorer = loadIgnore(root);
  const files: string[] = [];
  const entries = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let dirents: Dirent[];
    try {
      dirents = readdirSync(dir === '' ? root : join(root, dir), { withFileTypes: true });
    } catch (error) {
      diagnostics.push(unreadableDirectory(dir, error));
      continue;
    }
    for (const dirent of dirents) {
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

function loadIgnore(root: string): Ignore.Ignore | null {
  let text: string;
  try {
    text = readFileSync(join(root, IGNORE_FILE), 'utf8');
  } catch {
    return null;
  }
  // Loaded only when there is an ignore file (a CommonJS package, so `require` works).
  const ignore = createRequire(import.meta.url)('ignore') as typeof Ignore;
  // Case-sensitive, as git is on Linux: the same answer on every OS.
  return ignore({ ignorecase: false }).add(normalizeNewlines(text));
}

function unreadableDirectory(dir: string, error: unknown): Diagnostic {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  return {
    code: 'FILE_UNREADABLE',
    message: `directory \`${dir === '' ? '.' : dir}\` cannot be listed (${code}); its Markdown files are not checked — fix its permissions or add it to ${IGNORE_FILE}`,
    nodeId: null,
    path: dir === '' ? '.' : dir,
    line: null,
  };
}
