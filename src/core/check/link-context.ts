/**
 * The link checks' view of the disk (META-01 §5): the workspace as the index sees it, and the
 * rest of the link root (the repository) read on demand — existence one directory listing at
 * a time, Markdown outside the workspace only for its anchors — with every answer cached for
 * one refresh. Every path a check looks at is reported to the caller, so a live index knows
 * which files to check again when that path changes (paths outside the workspace are reported
 * too, though nothing watches them).
 */
import { DEFAULT_CONFIG, type LinkOptions } from '../shared/config-types.js';
import { type FragmentTarget, type LinkContext } from './link-types.js';
import { indexAnchors, type Anchors } from './anchors.js';
import { isAboveWorkspace, linkRootPath } from './link-paths.js';
import { NO_STRINGS } from '../shared/empty.js';
import { diskView, type DiskView, type EntryKind, type ListedEntry } from '../read/existence.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { findLinkRoot, type LinkRoot } from '../read/link-root.js';
import { extractMarkdown } from '../parse/markdown.js';
import { decodeText } from '../shared/normalize-text.js';
import { MAX_FILE_BYTES } from '../model/read-files.js';
import { ownUrls, repositoryUrls, type OwnUrls } from '../read/repository.js';
import { readFileInside } from '../read/safe-fs.js';
import { closestMatch } from '../shared/suggest.js';
import { findIgnoringCase } from './find-ignoring-case.js';
import { listingKey, README, readmeKey } from './target-keys.js';
import { compileGlobs } from '../read/compile-globs.js';
import type { SourceFile } from '../model/source-findings.js';
import type { MarkdownInfo } from '../shared/types.js';

/** What links resolve against, found once per workspace: the link root, the repository's own URLs, the style and what is not checked. */
export interface LinkSetup {
  readonly root: LinkRoot;
  readonly ownUrls: OwnUrls;
  readonly style: LinkOptions['style'];
  /** The site root relative to the link root (`''`: the link root itself). */
  readonly siteRoot: string;
  /** `links.ignore` as a matcher of a link's path as written, or `null` when it is empty. */
  readonly ignored: ((written: string) => boolean) | null;
}

/** Finds the link root above `workspaceRoot` and the repository's URL prefixes (META-01 §5, §8 `links`). */
export function linkSetup(workspaceRoot: string, options: LinkOptions = DEFAULT_CONFIG.links): LinkSetup {
  const root = findLinkRoot(workspaceRoot, options.root);
  return {
    root,
    ownUrls: ownUrls(repositoryUrls(root, options), options.branches),
    style: options.style,
    siteRoot: options.siteRoot === '.' ? '' : options.siteRoot,
    ignored: ignoredLinks(options.ignore),
  };
}

/**
 * `links.ignore` as a matcher: gitignore-style globs against a link's path as written, with a
 * leading `/` or `./` dropped (so `/images/**` names `/images/logo.png`, and `api/**` names
 * `./api/x`); a path ending in `/` is a folder for rules that name folders only (`api/`).
 */
function ignoredLinks(patterns: readonly string[]): ((written: string) => boolean) | null {
  if (patterns.length === 0) return null;
  const matcher = compileGlobs(patterns);
  return (written) => {
    const path = written.replace(LEADING, '');
    return path !== '' && path !== '/' && matcher.matches(path);
  };
}

/** What `links.ignore` does not see of a path: a leading `/`, `./` (repeated). */
const LEADING = /^(?:\.?\/)+/;

/** The workspace as the index holds it now. */
const noSource = (): SourceFile => null;

export interface WorkspaceView {
  /** Real path of the workspace root. */
  readonly root: string;
  /** Every entry (file or directory) the walk saw. */
  readonly entries: ReadonlySet<string>;
  /**
   * The walk's listing of the directory `dir`: the names it held beyond `entries`; `undefined`
   * when the walk did not list it (not walked, or it could not be listed).
   */
  readonly listed: (dir: string) => { readonly hidden: readonly string[] } | undefined;
  /** Whether the walk lists `dir` as a directory (any entry of `entries` that it does not list is not one). */
  readonly walked: (dir: string) => boolean;
  /** The parsed body of a workspace Markdown file (`null` when it has none); `undefined` for any other path. */
  readonly markdownOf: (file: string) => MarkdownInfo | null | undefined;
  /** A workspace Markdown file to suggest for a missing target, or `null`. */
  readonly suggestFile: (missing: string) => string | null;
  /** What a path above the workspace is in a source's checkout (issue 57); absent: no sources. */
  readonly sourceFile?: (path: string) => SourceFile;
}

/**
 * Where the link checks look, when not on the disk (a revision's git tree): the entries under
 * the workspace root and under the link root, and the body of a Markdown file above the
 * workspace (`null`: not read, so its anchors are not checked).
 */
export interface LinkDisk {
  readonly inside: DiskView;
  readonly above: DiskView | null;
  readonly readAbove: (linkRootPath: string) => MarkdownInfo | null;
}

const MARKDOWN = /\.md$/i;

/**
 * Starts one refresh's link checks: returns, for each file to check, a context that reports
 * every path its checks look at to `record` (`null`: nobody asks, as in a one-time load). The
 * disk is read at most once per path per refresh, however many links point there.
 */
export function linkContexts(setup: LinkSetup, view: WorkspaceView, disk?: LinkDisk): (record: ((target: string) => void) | null) => LinkContext {
  const { workspaceDir } = setup.root;
  // Inside the workspace, the disk under the workspace root; above it, under the link root.
  const inside: DiskView = disk?.inside ?? diskView(view.root);
  const above: DiskView | null = workspaceDir.length === 0 ? null : (disk?.above ?? diskView(setup.root.path));
  const readAbove = disk?.readAbove ?? ((path: string) => readOutside(setup.root.path, path));
  const kindOf = (path: string): EntryKind | null => (isAboveWorkspace(path) ? (above?.kindOf(linkRootPath(path, workspaceDir)) ?? null) : inside.kindOf(path));
  const list = (dir: string): ReadonlyMap<string, ListedEntry> => (isAboveWorkspace(dir) ? (above?.list(linkRootPath(dir, workspaceDir)) ?? new Map()) : inside.list(dir));
  const readmes = new Map<string, string | null>();
  const ignoringCase = findIgnoringCase(list);
  const rootName = setup.root.repository ? 'repository' : 'workspace';

  const exists = (path: string): boolean => {
    if (path === '') return true;
    if (isAboveWorkspace(path)) return kindOf(path) !== null;
    return view.entries.has(path) || (!missingFromWalk(path) && inside.kindOf(path) !== null);
  };

  /** Whether the existing `path` is a directory: from the walk for its entries (it lists every directory among them), else from the disk. */
  const isDirectory = (path: string): boolean => path === '' || (!isAboveWorkspace(path) && view.entries.has(path) ? view.walked(path) : kindOf(path) === 'directory');

  /**
   * Whether the walk already shows that nothing is at the workspace path `path` (not among the
   * entries): the listing of its nearest listed ancestor lacks the next name. Else (an ancestor
   * that is a file, a link, or was not listed) only the disk can tell. Saves listing every
   * directory a broken link passes through a second time.
   */
  const missingFromWalk = (path: string): boolean => {
    for (let at = path; ; ) {
      const slash = at.lastIndexOf('/');
      const parent = slash === -1 ? '' : at.slice(0, slash);
      const listing = view.listed(parent);
      if (listing !== undefined) return !view.entries.has(at) && !listing.hidden.includes(at.slice(slash + 1));
      if (parent === '' || view.entries.has(parent)) return false;
      at = parent;
    }
  };

  /** The README GitHub shows for the directory `dir`: the first `README.md` in any case, in code-unit order. */
  const readmeOf = (dir: string): string | null => {
    let found = readmes.get(dir);
    if (found === undefined) {
      const names = [...list(dir).values()].filter((d) => README.test(d.name) && !d.isDirectory()).map((d) => d.name);
      const first = names.sort()[0];
      found = first === undefined ? null : dir === '' ? first : `${dir}/${first}`;
      readmes.set(dir, found);
    }
    return found;
  };

  const suggestOutside = (missing: string): string | null => {
    const slash = missing.lastIndexOf('/');
    const dir = slash === -1 ? '' : missing.slice(0, slash);
    const names = [...list(dir).keys()].filter((name) => name !== '.git');
    const guess = closestMatch(missing.slice(slash + 1), names);
    return guess === null ? null : dir === '' ? guess : `${dir}/${guess}`;
  };

  /**
   * What one target path gives every link to it in this refresh: whether it exists, what its
   * fragments match (`undefined` until a link with a fragment asks), the paths that answer
   * looked at, and — for a Markdown file — its anchors. One lookup per link instead of one per
   * question (at 100k documents each lookup in a table of 100k paths costs a cache miss or several).
   */
  interface Target {
    /** The path, as first asked: every later report of it shares this string (a fresh copy per link would be kept alive by the reports). */
    readonly path: string;
    readonly exists: boolean;
    /** Whether the existing `path` is a directory; `undefined` until asked. */
    directory: boolean | undefined;
    fragment: FragmentTarget | null | undefined;
    looked: readonly string[];
    /** The anchors of the Markdown file at `path` (`null`: its body cannot be parsed or read); `undefined` until asked. */
    anchors: Anchors | null | undefined;
    /** Whether `path` is a Markdown file whose anchors count: a workspace one, or a readable one above the workspace. */
    markdown: boolean;
  }
  const targets = new Map<string, Target>();
  const targetOf = (path: string): Target => {
    let target = targets.get(path);
    if (target === undefined) targets.set(path, (target = { path, exists: exists(path), directory: undefined, fragment: undefined, looked: NO_STRINGS, anchors: undefined, markdown: false }));
    return target;
  };

  /** What fragments on the target match: the anchors of a workspace Markdown file or of a readable Markdown file above the workspace; else `null` (not checked). */
  const markdownAnchors = (target: Target, looked: string[]): Anchors | null => {
    if (target.anchors === undefined) {
      const file = target.path;
      let markdown = view.markdownOf(file);
      if (markdown !== undefined) target.markdown = true;
      else if (isAboveWorkspace(file) && MARKDOWN.test(file) && kindOf(file) === 'file') {
        target.markdown = true;
        markdown = readAbove(linkRootPath(file, workspaceDir));
      }
      // A file whose body cannot be parsed (unreadable, unclosed frontmatter) has its own finding; its fragments are not checked.
      target.anchors = markdown == null ? null : indexAnchors(markdown);
    }
    if (!target.markdown) return null;
    looked.push(target.path);
    return target.anchors;
  };
  const fragmentTargetOf = (target: Target, looked: string[]): FragmentTarget | null => {
    const own = markdownAnchors(target, looked);
    if (own !== null) return { kind: 'file', anchors: own };
    const path = target.path;
    if (kindOf(path) !== 'directory') return null;
    looked.push(readmeKey(path));
    const readme = readmeOf(path);
    if (readme === null) return { kind: 'no-readme' };
    const found = markdownAnchors(targetOf(readme), looked);
    return found === null ? null : { kind: 'readme', readme, anchors: found };
  };

  // Without reports, one context serves every file.
  let unreported: LinkContext | null = null;
  return (record) => {
    if (record === null && unreported !== null) return unreported;
    // Consecutive reports of one path (its existence, then its anchors) are reported once.
    let last: string | null = null;
    const note = (path: string): void => {
      if (path !== last) record!((last = path));
    };
    const reporting = record !== null;
    // The target of the link being checked: `fragmentTarget` follows `exists` on the same path.
    let lastPath: string | null = null;
    let lastTarget: Target | null = null;
    const targetAt = (path: string): Target => {
      if (path !== lastPath || lastTarget === null) (lastPath = path), (lastTarget = targetOf(path));
      return lastTarget;
    };
    const context: LinkContext = {
      workspaceDir,
      rootName,
      ownUrls: setup.ownUrls,
      style: setup.style,
      siteRoot: setup.siteRoot,
      ignored: setup.ignored,
      exists: (path) => {
        const target = targetAt(path);
        if (reporting) note(target.path);
        return target.exists;
      },
      fragmentTarget: (path) => {
        const target = targetAt(path);
        if (target.fragment === undefined) {
          const looked: string[] = [];
          target.fragment = fragmentTargetOf(target, looked);
          target.looked = looked;
        }
        if (reporting) for (const path of target.looked) note(path);
        return target.fragment;
      },
      isDirectory: (path) => {
        const target = targetAt(path);
        return (target.directory ??= isDirectory(path));
      },
      existingIgnoringCase: (path) => {
        const found = ignoringCase(path, reporting ? (dir) => note(listingKey(dir)) : () => undefined);
        return found === null ? null : context.exists(found) ? found : null;
      },
      nodeIdOf: () => null,
      suggestFile: (missing) => (isAboveWorkspace(missing) ? suggestOutside(missing) : view.suggestFile(missing)),
      sourceFile: view.sourceFile ?? noSource,
    };
    if (record === null) unreported = context;
    return context;
  };
}

/** The parsed body of a Markdown file under the link root, read only for its anchors; `null` when it cannot be read. */
function readOutside(linkRoot: string, path: string): MarkdownInfo | null {
  const read = readFileInside(linkRoot, path, MAX_FILE_BYTES);
  if (!read.ok) return null;
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return null;
  const frontmatter = parseFrontmatter(decoded.text);
  return frontmatter.body === null ? null : extractMarkdown(frontmatter.body, frontmatter.bodyLine);
}
