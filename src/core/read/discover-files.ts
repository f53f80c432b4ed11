/**
 * META-01 §1: find the workspace's Markdown files. Skips dot-entries, `node_modules`,
 * paths matched by the root `.docugraphignore`, the `.gitignore` files and the configuration's
 * `exclude`/`include` (gitignore syntax, see compile-globs.ts) and symbolic links, which are
 * never followed. One directory at a time: the workspace index walks them
 * (live/directory-walk.ts).
 */
import { compileGlobs, type GlobMatcher } from './compile-globs.js';
import type { ListedEntry } from './existence.js';
import { decodeText } from '../shared/normalize-text.js';
import { formatBytes } from '../shared/cap.js';
import { listDirectoryInside, listKeyedInside, readFileInside, type FolderHold, type FolderKey, type Refusal } from './safe-fs.js';
import { CONFIG_FILE, type KitName, type KitRoot, type WorkspaceConfig } from '../shared/config-types.js';
import { insideKiro, isKiroFeatureFile, kitDirectory, kitPlaceOf } from './kit-paths.js';
import type { Diagnostic } from '../shared/types.js';

export const IGNORE_FILE = '.docugraphignore';
/** The largest ignore file read: far more rules than any repository writes. */
export const MAX_IGNORE_BYTES = 1024 * 1024;
/**
 * The most rules with a wildcard one ignore file may hold: each is tried on every path (rules
 * without one are looked up in a map, whatever their number). Real files hold tens to hundreds.
 */
export const MAX_WILDCARD_RULES = 1000;

/**
 * What decides which paths discovery skips: the root's `.docugraphignore`, the configuration's
 * `exclude` and `include`, and whether nested `.gitignore` files count (META-01 §1, §8).
 */
export interface IgnoreRules {
  /** The root's `.docugraphignore` (`null`: none). */
  readonly ignorer: GlobMatcher | null;
  /** Its text, when it has one (what a listing kept from an earlier start was made under). */
  readonly ignoreText?: string;
  /** `exclude` globs (`null`: none). */
  readonly exclude?: GlobMatcher | null;
  /** `include` globs a Markdown file must match (`null`: every one). */
  readonly include?: GlobMatcher | null;
  /** Honour `.gitignore` files (default `false` here; the configuration's default is `true`). */
  readonly gitignore?: boolean;
  /** The spec kits whose folders are read (KITS §1): inside `.kiro/`, past `include`; default none. */
  readonly kits?: readonly KitName[];
  /** Folders below the root whose kit folders are read as the root's are (a monorepo's packages); default none. */
  readonly kitRoots?: readonly KitRoot[];
  /** The ignore file's finding, if it cannot be read. */
  readonly diagnostics: readonly Diagnostic[];
}

/** The `.gitignore` rules that apply in a directory: each ancestor's (and its own), root first. */
export type GitignoreChain = readonly (readonly [dir: string, rules: GlobMatcher])[];

export const GITIGNORE_FILE = '.gitignore';

/** A change to one of these re-reads the rules and lists every directory again. */
export const isRulesFile = (path: string): boolean => path === IGNORE_FILE || path === CONFIG_FILE || path === GITIGNORE_FILE || path.endsWith(`/${GITIGNORE_FILE}`);

const NO_KITS: readonly KitName[] = [];
const NO_ROOTS: readonly KitRoot[] = [];

/** What one directory holds, as discovery sees it (paths relative to the root). */
export interface DirectoryListing {
  /** Markdown files directly in it that are not ignored, in listing order. */
  readonly files: readonly string[];
  /** Every entry directly in it that counts for link checks (not dot-entries, not skipped directories). */
  readonly entries: readonly string[];
  /** Directories directly in it to walk. */
  readonly subdirs: readonly string[];
  /**
   * Names of the entries directly in it that `entries` leaves out (dot-entries, skipped
   * directories): with `entries`, every name the listing held, so a link check knows that any
   * other name is not there without listing the directory again.
   */
  readonly hidden: readonly string[];
  /** `FILE_UNREADABLE` when it could not be listed. */
  readonly diagnostic: Diagnostic | null;
  /** Symbolic links with a Markdown name that the rules do not skip: never followed, named once to the user. */
  readonly links?: readonly string[];
  /** The directory's own `.gitignore` rules, when they count and it has one that can be read. */
  readonly gitignore?: GlobMatcher | null;
  /** `FILE_UNREADABLE` when its own `.gitignore` counts but cannot be read (its rules are then not applied). */
  readonly gitignoreDiagnostic?: Diagnostic | null;
  /** The text of its own `.gitignore`, with `gitignore`. */
  readonly gitignoreText?: string;
  /** When listed with `ListingKeys`: the folder's key before it was listed, the clock then, the id of the rules it was sorted under (`chain`: with the `.gitignore` files above it; `rules`: the root's alone). */
  readonly key?: FolderKey;
  readonly listedAt?: number;
  readonly chain?: string;
  readonly rules?: string;
}

/**
 * How a listing is keyed (for the on-disk index: store/listing-reuse.ts). `take` gives a listing
 * an earlier start kept for this folder, if it has one of this key made under `chain`.
 */
export interface ListingKeys {
  readonly at: number;
  readonly chain: string;
  readonly rules: string;
  readonly take: ((key: FolderKey) => DirectoryListing | null) | null;
}

/** The bytes of a file, or why they could not be had (`ENOENT`: there is none). */
export type FileBytes = { readonly ok: true; readonly bytes: Uint8Array } | Refusal;

/**
 * Lists one directory (never through a link) and sorts what it holds for discovery. `chain`
 * holds the `.gitignore` rules of its ancestors; its own `.gitignore` is read here. A walk
 * passes `hold`: the directory is opened through the one listed before when that holds it.
 */
export function listDirectory(root: string, dir: string, rules: IgnoreRules, chain: GitignoreChain = [], keys?: ListingKeys, hold?: FolderHold): DirectoryListing {
  let taken: DirectoryListing | null = null;
  const take = keys?.take ?? null;
  const listed = keys === undefined ? listDirectoryInside(root, dir, hold) : listKeyedInside(root, dir, take === null ? () => false : (key) => (taken = take(key)) !== null, hold);
  if (!listed.ok) return { files: [], entries: [], subdirs: [], hidden: [], diagnostic: unreadableDirectory(dir, listed) };
  if (listed.entries === null) return taken!;
  const gitignore = dir === '' ? GITIGNORE_FILE : `${dir}/${GITIGNORE_FILE}`;
  const own = rules.gitignore === true && listed.entries.some((d) => d.name === GITIGNORE_FILE) ? gitignoreRules(gitignore, readFileInside(root, gitignore, MAX_IGNORE_BYTES)) : null;
  const listing = sortListing(dir, listed.entries, rules, chain, own);
  return keys === undefined || !('key' in listed) ? listing : { ...listing, key: listed.key, listedAt: keys.at, chain: keys.chain, rules: keys.rules };
}

/**
 * What discovery makes of the entries of the directory `dir`: its Markdown files, the entries
 * that count for link checks, the directories to walk. `own` is its `.gitignore`, when it counts.
 */
export function sortListing(dir: string, listed: readonly ListedEntry[], rules: IgnoreRules, chain: GitignoreChain, own: GitignoreRead | null): DirectoryListing {
  const rulesHere = own?.rules ? [...chain, [dir, own.rules] as const] : chain;
  const skipped = (path: string, directory: boolean): boolean => {
    const probe = directory ? `${path}/` : path;
    return rules.ignorer?.matches(probe) === true || rules.exclude?.matches(probe) === true || gitIgnores(rulesHere, path, directory);
  };
  const files: string[] = [];
  const entries: string[] = [];
  const subdirs: string[] = [];
  const hidden: string[] = [];
  const links: string[] = [];
  const kits = rules.kits ?? NO_KITS;
  const roots = rules.kitRoots ?? NO_ROOTS;
  // A Kiro feature folder (it holds the feature's own files): no folder inside it is a feature a folder deeper.
  const kiroFeature = kits.includes('kiro') && insideKiro(dir, roots) && listed.some((d) => !d.isDirectory() && isKiroFeature(dir === '' ? d.name : `${dir}/${d.name}`, kits, roots));
  for (const dirent of listed) {
    const name = dirent.name;
    const path = dir === '' ? name : `${dir}/${name}`;
    // A kit's way may lead through a dot-folder (`.kiro/`), and never into OpenSpec's archive (KITS §1).
    const kitDir = kits.length === 0 || !dirent.isDirectory() ? null : kiroFeature ? 'skip' : kitDirectory(path, kits, roots);
    if ((name.startsWith('.') && kitDir !== 'enter') || kitDir === 'skip') {
      hidden.push(name);
      continue;
    }
    if (dirent.isDirectory()) {
      if (name === 'node_modules' || skipped(path, true)) {
        hidden.push(name);
        continue;
      }
      entries.push(path);
      subdirs.push(path);
      continue;
    }
    entries.push(path);
    // Inside `.kiro/` only kit files are read; a kit file is read whatever `include` says.
    const kitFile = kits.length > 0 && kitPlaceOf(path, kits, roots) !== null;
    if (!kitFile && kits.length > 0 && insideKiro(path, roots)) continue;
    if (!isMarkdownName(name) || skipped(path, false) || (rules.include != null && !kitFile && !rules.include.matches(path))) continue;
    if (dirent.isFile()) files.push(path);
    else if (dirent.isSymbolicLink()) links.push(path);
  }
  const listing = { files, entries, subdirs, hidden, diagnostic: null, gitignore: own?.rules ?? null, gitignoreDiagnostic: own?.diagnostic ?? null, links };
  return own?.text === undefined ? listing : { ...listing, gitignoreText: own.text };
}

/** Whether `path` is a Kiro feature's own file (`isKiroFeatureFile`). */
function isKiroFeature(path: string, kits: readonly KitName[], roots: readonly KitRoot[]): boolean {
  const place = kitPlaceOf(path, kits, roots);
  return place !== null && isKiroFeatureFile(place);
}

/**
 * git's answer for `path` under the `.gitignore` files of `chain` (root first): the deepest file
 * with a rule that matches decides, a `!` rule re-including what an outer one ignored.
 */
export function gitIgnores(chain: GitignoreChain, path: string, directory: boolean): boolean {
  let ignored = false;
  for (const [base, rules] of chain) {
    const rel = base === '' ? path : path.slice(base.length + 1);
    const result = rules.test(directory ? `${rel}/` : rel);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** A directory's `.gitignore` rules, or its finding when they cannot be used. */
export interface GitignoreRead {
  readonly rules: GlobMatcher | null;
  readonly diagnostic: Diagnostic | null;
  /** The text the rules were made from. */
  readonly text?: string;
}

/**
 * A directory's `.gitignore` at `path` from its bytes (read like any file: never through a
 * link, regular files only, at most 1 MiB, UTF-8). One that cannot be read ignores nothing and
 * is a `FILE_UNREADABLE` finding; one that vanished since the listing is neither (`null`).
 */
export function gitignoreRules(path: string, read: FileBytes): GitignoreRead | null {
  if (!read.ok) return read.code === 'ENOENT' ? null : { rules: null, diagnostic: unreadableGitignore(path, read.reason) };
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return { rules: null, diagnostic: unreadableGitignore(path, decoded.reason) };
  const rules = compileGlobs(decoded.text);
  if (rules.wildcards > MAX_WILDCARD_RULES) return { rules: null, diagnostic: unreadableGitignore(path, tooManyWildcards(rules.wildcards), FEWER_WILDCARDS) };
  return { rules, diagnostic: null, text: decoded.text };
}

const FEWER_WILDCARDS = `it holds at most ${MAX_WILDCARD_RULES} rules with wildcards (list single files without one, or ignore their folder)`;

/** Why an ignore file with more wildcard rules than DocuGraph matches is not used. */
function tooManyWildcards(count: number): string {
  return `it has ${count} rules with wildcards, and at most ${MAX_WILDCARD_RULES} are matched against every path (rules without a wildcard are not counted)`;
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
export function loadIgnoreRules(root: string, config: IgnoreConfig = { include: ['**/*.md'], exclude: [], gitignore: false }): IgnoreRules {
  return ignoreRules(readFileInside(root, IGNORE_FILE, MAX_IGNORE_BYTES), config);
}

type IgnoreConfig = Pick<WorkspaceConfig, 'include' | 'exclude' | 'gitignore'> & { readonly kits?: readonly KitName[]; readonly kitRoots?: readonly KitRoot[] };

/** The ignore rules from the bytes of the root's ignore file (`ENOENT`: there is none) and the configuration. */
export function ignoreRules(read: FileBytes, config: IgnoreConfig): IgnoreRules {
  const fromConfig = {
    exclude: config.exclude.length === 0 ? null : compileGlobs(config.exclude),
    include: config.include.length === 1 && config.include[0] === '**/*.md' ? null : compileGlobs(config.include),
    gitignore: config.gitignore,
    ...(config.kits === undefined || config.kits.length === 0 ? {} : { kits: config.kits }),
    ...(config.kitRoots === undefined || config.kitRoots.length === 0 ? {} : { kitRoots: config.kitRoots }),
  };
  if (!read.ok) return { ignorer: null, ...fromConfig, diagnostics: read.code === 'ENOENT' ? [] : [unreadableIgnore(read.reason)] };
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return { ignorer: null, ...fromConfig, diagnostics: [unreadableIgnore(decoded.reason)] };
  const ignorer = compileGlobs(decoded.text);
  if (ignorer.wildcards > MAX_WILDCARD_RULES) return { ignorer: null, ...fromConfig, diagnostics: [unreadableIgnore(tooManyWildcards(ignorer.wildcards), FEWER_WILDCARDS)] };
  return { ignorer, ignoreText: decoded.text, ...fromConfig, diagnostics: [] };
}

function unreadableIgnore(reason: string, until = `it is a regular file of at most ${formatBytes(MAX_IGNORE_BYTES)}`): Diagnostic {
  return {
    code: 'FILE_UNREADABLE',
    message: `\`${IGNORE_FILE}\` cannot be read: ${reason}; nothing is ignored until ${until}`,
    nodeId: null,
    path: IGNORE_FILE,
    line: null,
  };
}

function unreadableGitignore(path: string, reason: string, until = `it is a regular UTF-8 file of at most ${formatBytes(MAX_IGNORE_BYTES)}`): Diagnostic {
  return {
    code: 'FILE_UNREADABLE',
    message: `\`${path}\` cannot be read: ${reason}; the files it would ignore are loaded until ${until} (or \`gitignore: false\` in ${CONFIG_FILE} turns .gitignore files off)`,
    nodeId: null,
    path,
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
