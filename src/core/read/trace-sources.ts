/**
 * TRACE §5: the source files named by `trace.sources` (gitignore-style globs relative to the
 * link root) and their text. Walked like the workspace (META-01 §1): never through a symbolic
 * link, dot-entries and `node_modules` skipped, the `.gitignore` files honoured (unless
 * `gitignore: false`); only the directories that can hold a match are listed. A file is read
 * like a document — opened without following a link, then checked (regular files only, so a
 * FIFO never blocks) — and skipped when it is over 1 MiB or has a NUL byte in its first 8 KiB
 * (a binary file). Nothing here is a finding: a source that cannot be read has no tags.
 */
import { compileGlobs, type GlobMatcher } from './compile-globs.js';
import { gitignoreRules, gitIgnores, GITIGNORE_FILE, MAX_IGNORE_BYTES, type GitignoreChain } from './discover-files.js';
import { listDirectoryInside, openDirectoryInside, readFileInside, type DirectoryHandle, type ReadResult } from './safe-fs.js';

/** The largest source file read. */
export const MAX_SOURCE_BYTES = 1024 * 1024;
/** A NUL byte this early makes a file binary, as git decides. */
const BINARY_PROBE = 8 * 1024;
const MARK = Buffer.from('docugraph:');

/** What a walk of the sources found: files and directories relative to the link root, each sorted. */
export interface SourceListing {
  readonly files: readonly string[];
  /** Every directory listed (`''` is the link root): a watcher there sees the changes below. */
  readonly dirs: readonly string[];
}

/** The globs of `trace.sources`, compiled, with the folders a walk must enter to find their matches. */
export interface SourceGlobs {
  readonly matcher: GlobMatcher;
  /** The literal folder each pattern starts with (`src/api` for `src/api/**`; `''`: anywhere). */
  readonly prefixes: readonly string[];
}

export function compileSources(sources: readonly string[]): SourceGlobs {
  const prefixes = new Set<string>();
  for (const raw of sources) {
    if (raw.startsWith('!') || raw.startsWith('#')) continue;
    const pattern = raw.replace(/\/+$/, '');
    // Without a `/` inside, a gitignore pattern matches at any depth.
    if (!pattern.includes('/')) {
      prefixes.add('');
      continue;
    }
    const segments = pattern.replace(/^\/+/, '').split('/');
    const literal: string[] = [];
    // The last segment may name a file: only the folders before it are sure to be folders.
    for (const segment of segments.slice(0, raw.endsWith('/') ? segments.length : -1)) {
      if (/[*?[\\]/.test(segment)) break;
      literal.push(segment);
    }
    prefixes.add(literal.join('/'));
  }
  return { matcher: compileGlobs(sources), prefixes: [...prefixes] };
}

/** Whether the walk must list `dir`: it is on the way to a prefix, or inside one. */
function wanted(dir: string, prefixes: readonly string[]): boolean {
  for (const prefix of prefixes) {
    if (prefix === '' || dir === '' || dir === prefix) return true;
    if (dir.startsWith(`${prefix}/`) || prefix.startsWith(`${dir}/`)) return true;
  }
  return false;
}

/** The source files under `root` (the link root) that `globs` match, sorted, and the directories listed. */
export function listSources(root: string, globs: SourceGlobs, gitignore: boolean): SourceListing {
  const files: string[] = [];
  const dirs: string[] = [];
  const stack: [string, GitignoreChain][] = [['', []]];
  while (stack.length > 0) {
    const [dir, above] = stack.pop()!;
    const listed = listDirectoryInside(root, dir);
    if (!listed.ok) continue;
    dirs.push(dir);
    let chain = above;
    if (gitignore && listed.entries.some((entry) => entry.name === GITIGNORE_FILE)) {
      const own = gitignoreRules(GITIGNORE_FILE, readFileInside(root, dir === '' ? GITIGNORE_FILE : `${dir}/${GITIGNORE_FILE}`, MAX_IGNORE_BYTES));
      if (own?.rules) chain = [...above, [dir, own.rules]];
    }
    for (const entry of listed.entries) {
      const name = entry.name;
      if (name.startsWith('.') || name === 'node_modules') continue;
      const path = dir === '' ? name : `${dir}/${name}`;
      if (entry.isDirectory()) {
        if (wanted(path, globs.prefixes) && !gitIgnores(chain, path, true)) stack.push([path, chain]);
      } else if (entry.isFile() && globs.matcher.matches(path) && !gitIgnores(chain, path, false)) {
        files.push(path);
      }
    }
  }
  // Code-unit order, never the filesystem's.
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  dirs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { files, dirs };
}

/**
 * The text of the source file `path` under `root` when it may hold tags: `null` when it cannot
 * be read as a regular file, is over 1 MiB, is binary, or holds no `docugraph:` at all.
 * Invalid UTF-8 is decoded with replacement characters (ids are ASCII); line ends become `\n`.
 */
export function readSource(root: string, path: string): string | null {
  return sourceText(readFileInside(root, path, MAX_SOURCE_BYTES, true));
}

/**
 * A reader of many sources: the files of one directory are read through one handle of it,
 * opened and checked once (`openDirectoryInside`), as a load reads documents; each answer is
 * `readSource`'s. Files asked in path order share their directory's handle.
 */
export function createSourceReader(root: string): { read: (path: string) => string | null; close: () => void } {
  let handle: DirectoryHandle | null = null;
  let at: string | null = null;
  const close = () => {
    handle?.close();
    handle = null;
  };
  return {
    read: (path) => {
      const slash = path.lastIndexOf('/');
      const dir = slash === -1 ? '' : path.slice(0, slash);
      if (dir !== at) {
        close();
        at = dir;
        handle = openDirectoryInside(root, dir);
      }
      return sourceText(handle === null ? readFileInside(root, path, MAX_SOURCE_BYTES, true) : handle.read(path.slice(slash + 1), MAX_SOURCE_BYTES, true));
    },
    close,
  };
}

function sourceText(read: ReadResult): string | null {
  if (!read.ok) return null;
  const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
  const nul = bytes.indexOf(0);
  if (nul !== -1 && nul < BINARY_PROBE) return null;
  if (bytes.indexOf(MARK) === -1) return null;
  return bytes.toString('utf8').replace(/\r\n?/g, '\n');
}
