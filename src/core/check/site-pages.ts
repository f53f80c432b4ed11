/**
 * META-01 §5, site style: how a link to a published page (`/docs/intro`, `../install/`,
 * `page.html`) maps back to the file a static-site generator (Hugo, Jekyll, Docusaurus, MkDocs)
 * publishes it from. Pure string work: which paths to look at, in which order; the caller
 * looks them up.
 */
import { posix } from 'node:path';

/** A page's source, tried in this order after the path as written (META-01 §5). */
const PAGE_FILES = ['.md', '.mdx', '/index.md', '/index.mdx', '/_index.md', '/README.md'] as const;
/** `page.html` is published from `page.md` (Jekyll, and every generator that writes `.html`). */
const HTML = /\.html?$/i;
/** A file published as its directory's page (`docs/index.md` is `docs/`), in any case. */
const INDEX_NAME = /^(?:index|_index|readme)$/i;
/** The extension of a page's source file. */
const PAGE_EXTENSION = /\.(?:md|mdx)$/i;

/** An extension of one to five letters and digits, with a letter, at the end of the last segment. */
const EXTENSION = /\.([A-Za-z0-9]{1,5})$/;

/**
 * Whether a link path (decoded, as written) names a file other than a page: its last segment
 * ends with an extension (`logo.png`, `guide.pdf`, `app.min.js`) that is not `.html`/`.htm`,
 * and the path does not end with `/` (`/docs/v1.x/` is a page). Such a link is looked for as
 * written only: no `logo.png.md`, no `logo.png/index.md`.
 */
export function namesAsset(path: string): boolean {
  if (path.endsWith('/')) return false;
  const extension = EXTENSION.exec(path.slice(path.lastIndexOf('/') + 1))?.[1];
  return extension !== undefined && /[A-Za-z]/.test(extension) && !HTML.test(`.${extension}`);
}

/**
 * The files that may publish the page at `path` (a resolved path, no trailing `/`), in the
 * order they are tried: `{p}.md`, `{p}.mdx`, `{p}/index.md`, `{p}/index.mdx`, `{p}/_index.md`,
 * `{p}/README.md`; for `{p}.html` or `{p}.htm`, `{p}.md` and `{p}.mdx`. `''` (a root) tries its
 * index files only.
 */
export function pageSources(path: string): string[] {
  if (path === '' || path === '..' || path.endsWith('/..')) return PAGE_FILES.slice(2).map((file) => `${path}${file}`.replace(/^\//, ''));
  const html = HTML.exec(path);
  if (html !== null) {
    const stem = path.slice(0, html.index);
    return [`${stem}.md`, `${stem}.mdx`];
  }
  return PAGE_FILES.map((file) => `${path}${file}`);
}

/**
 * The folder a site publishes the page of the Markdown file `file` as, which its relative links
 * are resolved against: `docs/intro.md` is published as `docs/intro/`; an index or README file
 * (`docs/index.md`, `docs/_index.md`, `docs/README.md`, any case) as its own directory.
 */
export function publishedFolder(file: string): string {
  const slash = file.lastIndexOf('/');
  const dir = slash === -1 ? '' : file.slice(0, slash);
  const name = file.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot <= 0 ? name : name.slice(0, dot);
  if (INDEX_NAME.test(stem)) return dir;
  return dir === '' ? stem : `${dir}/${stem}`;
}

/**
 * How the file `from` would link to the page published from `source` (a workspace path), for
 * "did you mean": the page without its source file's extension or index name, root-absolute
 * from the site root `siteRoot` (a workspace path, `''` for the workspace root) when the link
 * was written so, else relative — to `from`'s published folder when the link ends with `/`
 * (sites that publish pages as folders: Hugo, MkDocs), to its directory otherwise (`page.html`,
 * Docusaurus's `./page`) — and ending as the link did (`/`, `.html`, nothing).
 */
export function pageLink(from: string, source: string, written: string, siteRoot: string | null): string {
  let page = source.replace(PAGE_EXTENSION, '');
  const slash = page.lastIndexOf('/');
  if (INDEX_NAME.test(page.slice(slash + 1))) page = slash === -1 ? '' : page.slice(0, slash);
  const ending = written.endsWith('/') ? '/' : (HTML.exec(written)?.[0] ?? '');
  const end = (link: string): string => (link === '' || link.endsWith('/') ? link : `${link}${ending}`);
  if (siteRoot !== null) {
    const below = siteRoot === '' ? page : page === siteRoot ? '' : page.startsWith(`${siteRoot}/`) ? page.slice(siteRoot.length + 1) : null;
    if (below !== null) return below === '' ? '/' : end(`/${below}`);
  }
  const base = written.endsWith('/') ? publishedFolder(from) : posix.dirname(from);
  return end(posix.relative(base === '.' ? '' : base, page) || '.');
}
