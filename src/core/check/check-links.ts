/**
 * META-01 §5: check Markdown links — relative and root-absolute paths, and full URLs to the
 * repository's own files — for a target that exists (a file as GitHub resolves it, or with
 * `links.style: site` a published page), and their fragments for an anchor of the target. Links
 * that `links.ignore` names are not checked. The filesystem is reached only through the
 * `LinkContext` the caller passes in.
 */
import { posix } from 'node:path';
import { listCapped, MAX_LISTED } from '../shared/cap.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import { echo } from '../shared/errors.js';
import type { Diagnostic, MarkdownInfo } from '../shared/types.js';
import { checkFragment } from './check-fragment.js';
import { findPage, type PageSearch } from './find-page.js';
import { decodeLinkPart as decode, isAboveWorkspace, linkRootPath, resolveLink } from './link-paths.js';
import type { LinkContext, Problem } from './link-types.js';
import { pageLink, pageSources } from './site-pages.js';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** A link that names a Markdown file by its extension names that file, in site style too (as Docusaurus and MkDocs resolve it, from the file's directory). */
const MARKDOWN_FILE = /\.mdx?$/i;

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
  const query = beforeHash.indexOf('?');
  const pathWritten = query === -1 ? beforeHash : beforeHash.slice(0, query);
  if (context.ignored !== null && pathWritten !== '' && context.ignored(pathWritten)) return null;
  const fragment = hash === -1 ? '' : decode(written.slice(hash + 1));
  const rawPath = decode(pathWritten);
  let target: string;
  if (rawPath === '') {
    target = from;
  } else if (context.style === 'site' && !external && !MARKDOWN_FILE.test(rawPath)) {
    // (A full URL to the repository names a file as GitHub shows it, whatever the style.)
    const search = findPage(from, dir, rawPath, context);
    if (search.found === null) return search.paths.length === 0 ? outside(url, context) : missingPage(from, url, rawPath, search, context);
    target = search.found;
  } else {
    const resolved = resolveLink(rawPath, dir, '', context.workspaceDir);
    if (resolved === null) return rawPath.startsWith('/') ? outside(url, context) : intoSource(url, posix.join(dir, rawPath), context);
    target = resolved;
    if (!context.exists(target)) return missingFile(from, url, external, rawPath.startsWith('/'), target, context);
  }
  return fragment === '' ? null : checkFragment(from, url, target, fragment, context);
}

/** A link above the link root into a source's checkout (issue 57): checked against the Markdown files read there (another file is not checked); anywhere else, `outside`. */
function intoSource(url: string, path: string, context: LinkContext): Problem | null {
  const found = context.sourceFile(path);
  if (found === null) return outside(url, context);
  if (found.kind !== 'missing') return null;
  return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: the source \`${found.source}\` has no Markdown file \`${echo(path)}\`; fix the path` };
}

/**
 * A link that climbs above the link root: broken when that is a repository's root (GitHub
 * answers 404); without a repository, a warning that it is not checked.
 */
function outside(url: string, context: LinkContext): Problem {
  if (context.rootName === 'repository') {
    return {
      code: 'MD_LINK_BROKEN',
      message: `link \`${echo(url)}\` is broken: it climbs above the root of the repository, where GitHub has no file to show; link to a file inside the repository or use a full URL`,
    };
  }
  return {
    code: 'MD_LINK_OUTSIDE_WORKSPACE',
    message: `link \`${echo(url)}\` leaves the workspace, so it is not checked; link to a file inside the workspace or use a full URL`,
  };
}

/** A link to a file that does not exist, with "did you mean" in the form the link was written. */
function missingFile(from: string, url: string, external: boolean, absolute: boolean, target: string, context: LinkContext): Problem {
  const guess = context.suggestFile(target);
  let hint = 'fix the path or add the file';
  if (guess !== null) {
    const inLinkRoot = linkRootPath(guess, context.workspaceDir);
    const better = external ? context.ownUrls.urlFor(url, inLinkRoot) : absolute && isAboveWorkspace(guess) ? `/${inLinkRoot}` : relativeLink(from, guess);
    hint = `did you mean \`${better}\`?`;
  }
  return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: \`${echo(target)}\` does not exist; ${hint}` };
}

/** A site-style link that names no file, folder or page: what was tried, and "did you mean" a page. */
function missingPage(from: string, url: string, rawPath: string, search: PageSearch, context: LinkContext): Problem {
  const named = search.paths.map((path) => `\`${echo(path === '' ? '.' : path)}\``).join(' or ');
  // A file that is not a page (`logo.png`) is looked for as written only.
  if (search.tried.length === 0) return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: no file ${named} exists; fix the path or add the file` };
  const tried = listCapped(search.tried.slice(0, MAX_LISTED).map((path) => `\`${echo(path)}\``), search.tried.length);
  const guess = context.suggestFile(pageSources(search.paths[0]!)[0]!);
  let hint = 'fix the path or add the page';
  if (guess !== null) {
    // Written from the link root's point of view, where the site root is (it may be above the workspace).
    const inLinkRoot = (path: string): string => linkRootPath(path, context.workspaceDir);
    const siteRoot = rawPath.startsWith('/') ? context.siteRoot : null;
    hint = `did you mean \`${echo(pageLink(inLinkRoot(from), inLinkRoot(guess), rawPath, siteRoot))}\`?`;
  }
  return { code: 'MD_LINK_BROKEN', message: `link \`${echo(url)}\` is broken: no file, folder or page ${named} exists (tried ${tried}); ${hint}` };
}


/** How `from` would link to `to`, for "did you mean". */
function relativeLink(from: string, to: string): string {
  return posix.relative(posix.dirname(from), to) || posix.basename(to);
}
