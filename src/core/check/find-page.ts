/**
 * META-01 §5, site style: the file, page source or folder a link to a published page names. A
 * root-absolute path is resolved from the site root; a relative one from the file's directory,
 * then from the folder its page is published as. Each path is taken as written when it is a
 * file, else looked up as a page (`pageSources`); an existing folder without a page counts
 * only when no path gives a page; with neither, a page whose path differs only in case. Every path looked at goes through `exists`, so a live index
 * knows to check the link again when one of them appears.
 */
import type { LinkContext } from './link-types.js';
import { resolveLink } from './link-paths.js';
import { namesAsset, pageSources, publishedFolder } from './site-pages.js';

/** What a site-style lookup found. */
export interface PageSearch {
  /** The existing file, page source or folder the link names; `null` when there is none. */
  readonly found: string | null;
  /** The paths the link resolves to, one per base, in order; `[]` when each climbs above the link root. */
  readonly paths: readonly string[];
  /** Every page source looked for and not found, in order. */
  readonly tried: readonly string[];
}

/** Looks up the decoded, non-empty link path `rawPath` of `from` (in the directory `dir`) as a published page. */
export function findPage(from: string, dir: string, rawPath: string, context: Pick<LinkContext, 'workspaceDir' | 'siteRoot' | 'exists' | 'isDirectory' | 'existingIgnoringCase'>): PageSearch {
  const { workspaceDir } = context;
  const paths: string[] = [];
  const add = (path: string | null): void => {
    if (path !== null && !paths.includes(path)) paths.push(path);
  };
  if (rawPath.startsWith('/')) add(resolveLink(rawPath, dir, context.siteRoot, workspaceDir));
  else {
    add(resolveLink(rawPath, dir, '', workspaceDir));
    const published = publishedFolder(from);
    if (published !== dir) add(resolveLink(rawPath, published, '', workspaceDir));
  }
  const tried: string[] = [];
  let folder: string | null = null;
  // `logo.png`, `guide.pdf`: a file, never a page's URL; nothing else is tried.
  const sources = namesAsset(rawPath) ? () => [] : pageSources;
  for (const path of paths) {
    if (context.exists(path)) {
      if (!context.isDirectory(path)) return { found: path, paths, tried };
      folder ??= path;
    }
    for (const source of sources(path)) {
      if (context.exists(source)) return { found: source, paths, tried };
      tried.push(source);
    }
  }
  if (folder !== null) return { found: folder, paths, tried };
  // Nothing as written: a page whose name differs only in case (Hugo publishes lower-case paths).
  for (const path of paths) {
    for (const source of sources(path)) {
      const found = context.existingIgnoringCase(source);
      if (found !== null) return { found, paths, tried };
    }
  }
  return { found: null, paths, tried };
}
