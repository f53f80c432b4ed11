/**
 * META-01 §5: check relative Markdown links (target exists) and fragments (heading anchors).
 * The filesystem is reached only through the `existing` function the caller passes in.
 */
import { posix } from 'node:path';
import { echo } from './errors.js';
import { createSuggester } from './suggest.js';
import type { Diagnostic, MarkdownInfo } from './types.js';

/** What the link check needs to know about the workspace. */
export interface LinkContext {
  /** Every Markdown file of the workspace. */
  readonly files: ReadonlySet<string>;
  /**
   * A root-relative path (file or directory of any kind; `''` is the root) as the workspace
   * holds it when it exists — the workspace's own string, so that the lookups that follow
   * compare a string with itself —, or `null` when it does not exist.
   */
  readonly existing: (path: string) => string | null;
  /** The anchors of a workspace Markdown file (see `indexAnchors`), or `null` when it has no body. */
  readonly anchorsOf: (path: string) => Anchors | null;
  /** The node id a file defines, or `null`. */
  readonly nodeIdOf: (path: string) => string | null;
  /** A Markdown file to suggest for a missing target, or `null`. */
  readonly suggestFile: (missing: string) => string | null;
}

/** A target's anchors, indexed once however many links point at it. */
export interface Anchors {
  /** In document order. */
  readonly list: readonly string[];
  readonly set: ReadonlySet<string>;
  /** The closest anchor to a broken fragment, or `null`. */
  readonly suggest: (fragment: string) => string | null;
}

/** Indexes a file's anchors for the link checks. */
export function indexAnchors(markdown: MarkdownInfo): Anchors {
  const list = markdown.anchors;
  let suggester: ReturnType<typeof createSuggester> | undefined;
  return {
    list,
    set: new Set(list),
    suggest: (fragment) => (suggester ??= createSuggester(list)).best(fragment),
  };
}

const NO_ANCHORS: Anchors = { list: [], set: new Set(), suggest: () => null };

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Checks every link of the file at `path`. */
export function checkLinks(path: string, markdown: MarkdownInfo, context: LinkContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const nodeId = context.nodeIdOf(path);
  const dir = dirSegments(path);
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
  return diagnostics;
}

type Problem = Pick<Diagnostic, 'code' | 'message'>;

function checkLink(from: string, dir: readonly string[], url: string, context: LinkContext): Problem | null {
  // A scheme needs a `:` (most links have none: skip the expression).
  if ((url.includes(':') && SCHEME.test(url)) || url.startsWith('//')) return null;
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : decode(url.slice(hash + 1));
  const query = beforeHash.indexOf('?');
  const rawPath = decode(query === -1 ? beforeHash : beforeHash.slice(0, query));
  let target: string;
  if (rawPath === '') {
    target = from;
  } else {
    const resolved = resolvePath(rawPath.startsWith('/') ? [] : dir, rawPath);
    if (resolved === null) {
      return {
        code: 'MD_LINK_OUTSIDE_WORKSPACE',
        message: `link \`${echo(url)}\` leaves the workspace, so it is not checked; link to a file inside the workspace or use a full URL`,
      };
    }
    const found = context.existing(resolved);
    if (found === null) {
      const guess = context.suggestFile(resolved);
      const hint = guess === null ? 'fix the path or add the file' : `did you mean \`${relativeLink(from, guess)}\`?`;
      return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: \`${echo(resolved)}\` does not exist; ${hint}` };
    }
    target = found;
  }
  if (fragment === '' || !context.files.has(target)) return null;
  const anchors = context.anchorsOf(target) ?? NO_ANCHORS;
  if (anchors.set.has(fragment)) return null;
  const guess = anchors.suggest(fragment);
  const where = target === from ? 'this file' : `\`${target}\``;
  const list = anchors.list;
  const hint = guess === null ? `it has ${list.length === 0 ? 'no headings' : `headings ${list.slice(0, 5).map((a) => `\`#${a}\``).join(', ')}${list.length > 5 ? ', …' : ''}`}` : `did you mean \`#${guess}\`?`;
  return { code: 'MD_ANCHOR_BROKEN', message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\`, which is no heading of ${where}; ${hint}` };
}

/** The directory of a workspace path, as segments (`[]` for the root). */
function dirSegments(path: string): string[] {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? [] : path.slice(0, slash).split('/');
}

/**
 * `path` resolved against the directory `base` (segments), as a root-relative path without
 * `.`, `..`, empty segments or a trailing slash (`''` is the root); `null` when it leaves the
 * root. What `posix.normalize(posix.join(…))` gives, in one pass.
 */
export function resolvePath(base: readonly string[], path: string): string | null {
  // `kept` segments of `base`, then the segments `path` adds (scanned in place, not split).
  let kept = base.length;
  const added: string[] = [];
  for (let start = 0; start <= path.length; ) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const length = end - start;
    const dot = length > 0 && length < 3 && path.charCodeAt(start) === 0x2e && path.charCodeAt(end - 1) === 0x2e;
    if (length === 0 || (dot && length === 1)) {
      // `a//b`, `./a`: nothing.
    } else if (dot) {
      if (added.length > 0) added.pop();
      else if (kept > 0) kept -= 1;
      else return null;
    } else {
      added.push(path.slice(start, end));
    }
    start = end + 1;
  }
  const out = base.slice(0, kept);
  for (const segment of added) out.push(segment);
  return out.join('/');
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
