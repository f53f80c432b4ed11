/**
 * META-01 §1 over a git tree (TRACE §4): the files a revision's workspace holds, found with the
 * rules discovery applies on disk (dot-entries, `node_modules`, `.docugraphignore`, the
 * `.gitignore` files, `include`/`exclude`), from the tree's listing instead of the disk's. In
 * two steps, so that one `cat-file` reads every blob: first the blobs that may matter (a
 * superset: every Markdown file, ignore and configuration file below the workspace), then,
 * with those read, the walk itself.
 */
import { GITIGNORE_FILE, gitignoreRules, MAX_IGNORE_BYTES, isMarkdownName, sortListing, type DirectoryListing, type FileBytes, type GitignoreChain, type IgnoreRules } from './discover-files.js';
import { linkRefusal, tooLarge } from './safe-fs.js';
import type { TreeEntry } from './git.js';
import type { TreeDirectories } from './tree-view.js';

/** What a walk of a tree found: the Markdown files (sorted), every entry, each directory's listing. */
export interface TreeDiscovery {
  readonly files: readonly string[];
  readonly entries: ReadonlySet<string>;
  readonly listings: ReadonlyMap<string, DirectoryListing>;
}

/**
 * The blob entries below `base` (a directory from the top level) that discovery may read:
 * Markdown files, `.gitignore` files, and `rootFiles` at the workspace root; never below a
 * dot-directory or `node_modules`, which discovery never enters.
 */
export function candidateBlobs(dirs: TreeDirectories, base: string, rootFiles: readonly string[]): TreeEntry[] {
  const out: TreeEntry[] = [];
  const root = dirs.get(base);
  if (root === undefined) return out;
  for (const name of rootFiles) {
    const entry = root.get(name)?.entry;
    if (entry !== undefined && entry.kind === 'file') out.push(entry);
  }
  const queue = [base];
  while (queue.length > 0) {
    const dir = queue.pop()!;
    for (const [name, dirent] of dirs.get(dir) ?? []) {
      const entry = dirent.entry;
      if (entry.kind === 'directory') {
        // `.kiro/` is the one dot-folder a kit's files may sit in (KITS §1): a superset may hold it.
        if ((!name.startsWith('.') || name === '.kiro') && name !== 'node_modules') queue.push(entry.path);
      } else if (entry.kind === 'file' && (name === GITIGNORE_FILE || (!name.startsWith('.') && isMarkdownName(name)))) {
        out.push(entry);
      }
    }
  }
  return out;
}

/** The bytes of the tree file at `path` below `base`, or why they cannot be read (as on disk: links and non-files refused, `maxBytes` at most). */
export function treeBytes(dirs: TreeDirectories, base: string, path: string, blobs: ReadonlyMap<string, Uint8Array>, maxBytes: number): FileBytes {
  const full = base === '' ? path : `${base}/${path}`;
  const slash = full.lastIndexOf('/');
  const entry = dirs.get(slash === -1 ? '' : full.slice(0, slash))?.get(full.slice(slash + 1))?.entry;
  if (entry === undefined) return { ok: false, code: 'ENOENT', reason: 'it does not exist' };
  if (entry.kind === 'link') return linkRefusal();
  if (entry.kind !== 'file') return { ok: false, code: 'EKIND', reason: `it is ${entry.kind === 'directory' ? 'a directory' : 'not a regular file'}, not a regular file` };
  if (entry.size > maxBytes) return tooLarge(maxBytes);
  const bytes = blobs.get(entry.oid);
  return bytes === undefined ? { ok: false, code: 'EIO', reason: 'git did not give its content' } : { ok: true, bytes };
}

/**
 * Walks the tree below `base` as the disk is walked: each directory's entries sorted for
 * discovery under `rules`, with its `.gitignore` (read from `bytesOf`) when they count.
 */
export function discoverTree(dirs: TreeDirectories, base: string, rules: IgnoreRules, bytesOf: (path: string, maxBytes: number) => FileBytes): TreeDiscovery {
  const listings = new Map<string, DirectoryListing>();
  const entries = new Set<string>();
  const files: string[] = [];
  const chains = new Map<string, GitignoreChain>([['', []]]);
  const queue = [''];
  while (queue.length > 0) {
    const dir = queue.pop()!;
    const listed = dirs.get(base === '' ? dir : dir === '' ? base : `${base}/${dir}`);
    if (listed === undefined) continue;
    const chain = chains.get(dir) ?? [];
    const gitignore = dir === '' ? GITIGNORE_FILE : `${dir}/${GITIGNORE_FILE}`;
    const own = rules.gitignore === true && listed.has(GITIGNORE_FILE) ? gitignoreRules(gitignore, bytesOf(gitignore, MAX_IGNORE_BYTES)) : null;
    const listing = sortListing(dir, [...listed.values()], rules, chain, own);
    listings.set(dir, listing);
    for (const entry of listing.entries) entries.add(entry);
    for (const file of listing.files) files.push(file);
    const below = listing.gitignore ? [...chain, [dir, listing.gitignore] as const] : chain;
    for (const sub of listing.subdirs) {
      chains.set(sub, below);
      queue.push(sub);
    }
  }
  return { files: files.sort(), entries, listings };
}
