/**
 * META-01 §5: check relative Markdown links (target exists) and fragments (heading anchors).
 * The filesystem is reached only through the `exists` function the caller passes in.
 */
import { posix } from 'node:path';
import { echo } from './errors.js';
import { createSuggester } from './suggest.js';
import type { Diagnostic, MarkdownInfo } from './types.js';

/** What the link check needs to know about the workspace. */
export interface LinkContext {
  /** Every Markdown file of the workspace. */
  readonly files: ReadonlySet<string>;
  /** Whether a root-relative path (file or directory of any kind) exists. `''` is the root. */
  readonly exists: (path: string) => boolean;
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

/**
 * How many "did you mean" searches one target's anchors answer; later broken fragments get
 * the list of headings instead. Each search scans the anchors, so without a budget thousands
 * of broken fragments against thousands of headings would be quadratic.
 */
export const ANCHOR_SUGGESTIONS = 200;

/** Indexes a file's anchors for the link checks. */
export function indexAnchors(markdown: MarkdownInfo): Anchors {
  const list = markdown.anchors;
  let suggester: ReturnType<typeof createSuggester> | undefined;
  let budget = ANCHOR_SUGGESTIONS;
  return {
    list,
    set: new Set(list),
    suggest: (fragment) => {
      if (budget === 0) return null;
      budget -= 1;
      return (suggester ??= createSuggester(list)).best(fragment);
    },
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
  if (SCHEME.test(url) || url.startsWith('//')) return null;
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
    target = resolved;
    if (!context.exists(target)) {
      const guess = context.suggestFile(target);
      const hint = guess === null ? 'fix the path or add the file' : `did you mean \`${relativeLink(from, guess)}\`?`;
      return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: \`${echo(target)}\` does not exist; ${hint}` };
    }
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
  const out = [...base];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(segment);
    }
  }
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
