/**
 * META-01 §5: check Markdown links — relative and root-absolute paths, and full URLs to the
 * repository's own files — for a target that exists, and their fragments for an anchor of the
 * target (headings, explicit HTML anchors, line anchors; ignoring case, as GitHub's page does).
 * The filesystem is reached only through the `LinkContext` the caller passes in.
 */
import { posix } from 'node:path';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import { echo } from '../shared/errors.js';
import { invisibleCharacters } from '../shared/invisible.js';
import type { OwnUrls } from '../read/repository.js';
import type { Diagnostic, MarkdownInfo } from '../shared/types.js';
import type { Anchors } from './anchors.js';
import { isAboveWorkspace, linkRootPath, resolveFrom, resolvePath, workspacePath } from './link-paths.js';

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
