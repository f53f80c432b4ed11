/**
 * META-01 §5: check Markdown links — relative and root-absolute paths, and full URLs to the
 * repository's own files — for a target that exists, and their fragments for an anchor of the
 * target (headings, explicit HTML anchors, line anchors; ignoring case, as GitHub's page does).
 * The filesystem is reached only through the `LinkContext` the caller passes in.
 */
import { posix } from 'node:path';
import { NO_DIAGNOSTICS } from './empty.js';
import { echo } from './errors.js';
import { invisibleCharacters, visibleSkeleton } from './invisible.js';
import type { OwnUrls } from './repository.js';
import { createSuggester } from './suggest.js';
import type { Diagnostic, MarkdownInfo } from './types.js';

/**
 * What the link check needs to know about the workspace and its link root. Target paths are
 * relative to the workspace root; a target above it (inside the link root) starts with `..`.
 */
export interface LinkContext {
  /** The workspace root below the link root, as path segments (`[]` when they are the same). */
  readonly workspaceDir: readonly string[];
  /** What the link root is, for messages: a `repository` root or the `workspace` root. */
  readonly rootName: 'repository' | 'workspace';
  /** Full URLs to the repository's own files. */
  readonly ownUrls: OwnUrls;
  /** Whether a path (file or directory of any kind) exists. `''` is the workspace root. */
  readonly exists: (path: string) => boolean;
  /** What a fragment on a link to the existing `path` is checked against, or `null` when it is not checked. */
  readonly fragmentTarget: (path: string) => FragmentTarget | null;
  /** The node id a file defines, or `null`. */
  readonly nodeIdOf: (path: string) => string | null;
  /** A file to suggest for a missing target, or `null`. */
  readonly suggestFile: (missing: string) => string | null;
}

/** A Markdown file's anchors; a directory's README's; or a directory without a README. */
export type FragmentTarget =
  | { readonly kind: 'file'; readonly anchors: Anchors }
  | { readonly kind: 'readme'; readonly readme: string; readonly anchors: Anchors }
  | { readonly kind: 'no-readme' };

/** A target's anchors, indexed once however many links point at it. */
export interface Anchors {
  /** Heading anchors, in document order. */
  readonly headings: readonly string[];
  /** Explicit HTML anchors, as written, in document order. */
  readonly explicit: readonly string[];
  /** Lines of the file, for line anchors. */
  readonly lineCount: number;
  /** Whether some anchor, in lower case, equals `lower` (a fragment in lower case): fragments match ignoring case. */
  has(lower: string): boolean;
  /** The closest anchor to a broken fragment, or `null`. */
  suggest(fragment: string): string | null;
  /** An anchor that equals `fragment` once case and invisible characters are ignored, or `null`. */
  twin(fragment: string): string | null;
}

/**
 * How many "did you mean" searches one target's anchors answer; later broken fragments get
 * the list of headings instead. Each search scans the anchors, so without a budget thousands
 * of broken fragments against thousands of headings would be quadratic.
 */
export const ANCHOR_SUGGESTIONS = 200;

/**
 * Up to this many characters of anchors (most files), a fragment is looked for in one string
 * that holds them all; above, in a set made once (a search of the string reads all of it).
 */
const TEXT_LIMIT = 1024;

/**
 * A target's anchors. Made for nearly every file of a workspace (one per file a fragment
 * points at), so it holds little: the file's own lists, and its anchors in lower case in one
 * string — each link then reads one object, where a set of strings took a read per anchor to
 * build and several scattered reads per lookup (at 100k documents, each a cache miss). A set
 * only for a file with many anchors; the suggester and the invisible-character index only for
 * a broken fragment.
 */
class IndexedAnchors implements Anchors {
  private set: Set<string> | undefined;
  private suggester: ReturnType<typeof createSuggester> | undefined;
  private skeletons: Map<string, string> | undefined;
  private budget = ANCHOR_SUGGESTIONS;

  /**
   * Short anchors without a NUL (the Markdown stage replaces NULs, but an anchor is checked, not
   * trusted): all of them in lower case, each between NULs, in one string, where only a whole
   * anchor matches `\0fragment\0`.
   */
  private readonly text: string | null;

  constructor(
    readonly headings: readonly string[],
    readonly explicit: readonly string[],
    readonly lineCount: number,
  ) {
    let length = 0;
    let nul = false;
    for (const list of [headings, explicit]) for (const anchor of list) (length += anchor.length + 1), (nul ||= anchor.includes('\0'));
    this.text = length > TEXT_LIMIT || nul ? null : `\0${this.all().map((a) => a.toLowerCase()).join('\0')}\0`;
  }

  has(lower: string): boolean {
    // A fragment with a NUL (`%00`) is no anchor: in the string it could span two.
    if (this.text !== null) return !lower.includes('\0') && this.text.includes(`\0${lower}\0`);
    this.set ??= new Set(this.all().map((a) => a.toLowerCase()));
    return this.set.has(lower);
  }

  suggest(fragment: string): string | null {
    if (this.budget === 0) return null;
    this.budget -= 1;
    return (this.suggester ??= createSuggester(this.all())).best(fragment);
  }

  twin(fragment: string): string | null {
    if (this.skeletons === undefined) {
      const skeletons = new Map<string, string>();
      for (const anchor of this.all()) {
        const key = visibleSkeleton(anchor);
        if (!skeletons.has(key)) skeletons.set(key, anchor);
      }
      this.skeletons = skeletons;
    }
    return this.skeletons.get(visibleSkeleton(fragment)) ?? null;
  }

  /** Headings, then explicit anchors. */
  private all(): readonly string[] {
    return this.explicit.length === 0 ? this.headings : [...this.headings, ...this.explicit];
  }
}

/** Indexes a file's anchors for the link checks. */
export function indexAnchors(markdown: MarkdownInfo): Anchors {
  return new IndexedAnchors(markdown.anchors, markdown.htmlAnchors, markdown.lineCount);
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** `L12` or `L12-L20` (any case, as every fragment): a line or a range of lines of the target. */
const LINE_ANCHOR = /^L(\d+)(?:-L(\d+))?$/i;

/** Checks every link of the file at `path`. */
export function checkLinks(path: string, markdown: MarkdownInfo, context: LinkContext): readonly Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const nodeId = context.nodeIdOf(path);
  const slash = path.lastIndexOf('/');
  const dir = slash === -1 ? '' : path.slice(0, slash);
  for (const link of markdown.links) {
    const problem = checkLink(path, dir, link.url, context);
    if (problem !== null) diagnostics.push({ ...problem, nodeId, path, line: link.line });
  }
  if (markdown.tooDeepLine !== null) {
    diagnostics.push({
      code: 'MD_NESTING_TOO_DEEP',
      message: 'from this line on, block quotes, lists or brackets are nested too deeply for DocuGraph to find the links inside, so they are not checked; flatten the nesting',
      nodeId,
      path,
      line: markdown.tooDeepLine,
    });
  }
  return diagnostics.length === 0 ? NO_DIAGNOSTICS : diagnostics;
}

type Problem = Pick<Diagnostic, 'code' | 'message'>;

/** Checks one link of `from`, whose directory is `dir` (`''`: the workspace root). */
function checkLink(from: string, dir: string, url: string, context: LinkContext): Problem | null {
  let written = url;
  // A scheme needs a `:` (most links have none: skip the expression).
  const external = (url.includes(':') && SCHEME.test(url)) || url.startsWith('//');
  if (external) {
    const own = context.ownUrls.pathOf(url);
    if (own === null) return null;
    written = own;
  }
  const hash = written.indexOf('#');
  const beforeHash = hash === -1 ? written : written.slice(0, hash);
  const fragment = hash === -1 ? '' : decode(written.slice(hash + 1));
  const query = beforeHash.indexOf('?');
  const rawPath = decode(query === -1 ? beforeHash : beforeHash.slice(0, query));
  let target: string;
  if (rawPath === '') {
    target = from;
  } else {
    const absolute = rawPath.startsWith('/');
    // Most links stay inside the workspace: resolved against the file's own directory, the
    // result is already the workspace path. The others resolve below the link root.
    const inside = absolute ? null : resolveFrom(dir, rawPath);
    const resolved = inside ?? (absolute ? resolveFrom('', rawPath) : resolvePath(dir === '' ? context.workspaceDir : [...context.workspaceDir, dir], rawPath));
    if (resolved === null) {
      const place = context.rootName;
      return {
        code: 'MD_LINK_OUTSIDE_WORKSPACE',
        message: `link \`${echo(url)}\` leaves the ${place}, so it is not checked; link to a file inside the ${place} or use a full URL`,
      };
    }
    target = inside ?? workspacePath(resolved, context.workspaceDir);
    if (!context.exists(target)) {
      const guess = context.suggestFile(target);
      let hint = 'fix the path or add the file';
      if (guess !== null) {
        const inLinkRoot = linkRootPath(guess, context.workspaceDir);
        const better = external ? context.ownUrls.urlFor(url, inLinkRoot) : absolute && isAboveWorkspace(guess) ? `/${inLinkRoot}` : relativeLink(from, guess);
        hint = `did you mean \`${better}\`?`;
      }
      return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: \`${echo(target)}\` does not exist; ${hint}` };
    }
  }
  return fragment === '' ? null : checkFragment(from, url, target, fragment, context);
}

/** Checks the fragment of a link to the existing `target`. */
function checkFragment(from: string, url: string, target: string, fragment: string, context: LinkContext): Problem | null {
  const at = context.fragmentTarget(target);
  if (at === null) return null;
  const dir = target === '' ? '.' : target;
  if (at.kind === 'no-readme') {
    return {
      code: 'MD_ANCHOR_BROKEN',
      message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\` in the directory \`${echo(dir)}\`, which has no README.md to show; link to the file that holds the heading`,
    };
  }
  const anchors = at.anchors;
  if (anchors.has(fragment.toLowerCase())) return null;
  const lines = LINE_ANCHOR.exec(fragment);
  if (lines !== null && [lines[1], lines[2]].every((n) => n === undefined || (Number(n) >= 1 && Number(n) <= anchors.lineCount))) return null;
  const file = at.kind === 'readme' ? at.readme : target;
  const where = file === from ? 'this file' : at.kind === 'readme' ? `\`${echo(file)}\` (the README of \`${echo(dir)}\`)` : `\`${echo(file)}\``;
  if (lines !== null) {
    const count = anchors.lineCount;
    return {
      code: 'MD_ANCHOR_BROKEN',
      message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\`, ${lines[2] === undefined ? 'a line' : 'lines'} ${where} does not have (it has ${count} line${count === 1 ? '' : 's'}); fix the line number`,
    };
  }
  const what = anchors.explicit.length === 0 ? 'no heading' : 'no heading or anchor';
  return { code: 'MD_ANCHOR_BROKEN', message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\`, which is ${what} of ${where}; ${anchorHint(fragment, anchors)}` };
}

/** "Did you mean", saying so when the closest anchor differs only by invisible characters; else the anchors there are. */
function anchorHint(fragment: string, anchors: Anchors): string {
  const twin = anchors.twin(fragment);
  if (twin !== null) {
    const inLink = invisibleCharacters(fragment);
    const inAnchor = invisibleCharacters(twin);
    const codes = [...new Set([...inLink, ...inAnchor])].sort();
    const side = inAnchor.length === 0 ? 'the link' : inLink.length === 0 ? 'the anchor' : 'the link and the anchor';
    return `it differs from \`#${echo(twin)}\` only by invisible characters (${codes.join(', ')}); remove them from ${side}`;
  }
  const guess = anchors.suggest(fragment);
  if (guess !== null) {
    const hidden = invisibleCharacters(guess);
    return `did you mean \`#${echo(guess)}\`?${hidden.length === 0 ? '' : ` (it holds invisible characters: ${hidden.join(', ')})`}`;
  }
  const show = (list: readonly string[]): string => `${list.slice(0, 5).map((a) => `\`#${echo(a)}\``).join(', ')}${list.length > 5 ? ', …' : ''}`;
  const { headings, explicit } = anchors;
  if (headings.length === 0 && explicit.length === 0) return 'it has no headings';
  if (explicit.length === 0) return `it has headings ${show(headings)}`;
  if (headings.length === 0) return `it has anchors ${show(explicit)}`;
  return `it has headings ${show(headings)} and anchors ${show(explicit)}`;
}

/**
 * `path` resolved against the directory `base` (segments), as a root-relative path without
 * `.`, `..`, empty segments or a trailing slash (`''` is the root); `null` when it leaves the
 * root. What `posix.normalize(posix.join(…))` gives, in one pass.
 */
export function resolvePath(base: readonly string[], path: string): string | null {
  return resolveFrom(base.join('/'), path);
}

/** `resolvePath` with the directory as a path (`''` for the root): no arrays for the usual link. */
export function resolveFrom(dir: string, path: string): string | null {
  let out = dir;
  for (let start = 0; start <= path.length; ) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const length = end - start;
    const dot = length > 0 && length < 3 && path.charCodeAt(start) === 0x2e && path.charCodeAt(end - 1) === 0x2e;
    if (length === 0 || (dot && length === 1)) {
      // `a//b`, `./a`: nothing.
    } else if (dot) {
      if (out === '') return null;
      const slash = out.lastIndexOf('/');
      out = slash === -1 ? '' : out.slice(0, slash);
    } else {
      // The usual rest of a link (`area/part/file.md`: no `.` or empty segment after the
      // leading `..`) is appended whole.
      const rest = start === 0 ? path : path.slice(start);
      if (!rest.endsWith('/') && !rest.includes('/.') && !rest.includes('//')) return out === '' ? rest : `${out}/${rest}`;
      out = out === '' ? path.slice(start, end) : `${out}/${path.slice(start, end)}`;
    }
    start = end + 1;
  }
  return out;
}

/**
 * A path relative to the link root, made relative to the workspace root (`workspaceDir` below
 * the link root): unchanged inside the workspace, with leading `..` segments above it.
 */
export function workspacePath(linkPath: string, workspaceDir: readonly string[]): string {
  if (workspaceDir.length === 0) return linkPath;
  const parts = linkPath === '' ? [] : linkPath.split('/');
  let common = 0;
  while (common < workspaceDir.length && common < parts.length && parts[common] === workspaceDir[common]) common += 1;
  const up: string[] = new Array<string>(workspaceDir.length - common).fill('..');
  return [...up, ...parts.slice(common)].join('/');
}

/** The inverse of `workspacePath`: a workspace-relative path (maybe with leading `..`) relative to the link root. */
export function linkRootPath(path: string, workspaceDir: readonly string[]): string {
  return resolvePath(workspaceDir, path) ?? path;
}

/** Whether a workspace-relative target lies above the workspace root. */
export function isAboveWorkspace(path: string): boolean {
  return path === '..' || path.startsWith('../');
}

/** Percent-decodes; a malformed escape leaves the text as written. */
function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** How `from` would link to `to`, for "did you mean". */
function relativeLink(from: string, to: string): string {
  return posix.relative(posix.dirname(from), to) || posix.basename(to);
}
