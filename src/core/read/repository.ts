/**
 * META-01 §5: links to the repository's own files written as full URLs
 * (`https://github.com/o/r/blob/main/docs/a.md#part`) are checked as the path `/docs/a.md#part`.
 * The URL prefixes come from `links.repositoryUrls`, by default from the `origin` remote in
 * `.git/config`.
 */
import type { LinkOptions } from '../shared/config-types.js';
import type { LinkRoot } from './link-root.js';
import { readFileInside } from './safe-fs.js';

/** The largest `.git/config` read (a config is a few hundred bytes; a larger one is not a config to trust). */
export const MAX_GIT_CONFIG_BYTES = 1024 * 1024;

/** Hosts whose remotes give a URL prefix when `repositoryUrls` is `auto`. */
const HOSTS = new Set(['github.com', 'gitlab.com']);

/**
 * The repository's own URL prefixes (`https://github.com/o/r`, no trailing slash): the configured
 * ones, or with `auto` those of the `origin` remote, read (never through a link) from
 * `.git/config` when `.git` is a directory.
 */
export function repositoryUrls(linkRoot: LinkRoot, options: LinkOptions): string[] {
  if (options.repositoryUrls !== 'auto') return options.repositoryUrls.map((url) => url.replace(/\/+$/, '')).filter((url) => url !== '');
  if (!linkRoot.gitDirectory) return [];
  const read = readFileInside(linkRoot.path, '.git/config', MAX_GIT_CONFIG_BYTES);
  if (!read.ok) return [];
  const prefixes: string[] = [];
  for (const remote of originUrls(new TextDecoder().decode(read.bytes))) {
    const prefix = webUrlOf(remote);
    if (prefix !== null && !prefixes.includes(prefix)) prefixes.push(prefix);
  }
  return prefixes;
}

/** The `url` values of `[remote "origin"]` in a git config text, in order. */
export function originUrls(config: string): string[] {
  const urls: string[] = [];
  let inOrigin = false;
  for (const raw of config.split(/\r\n?|\n/)) {
    const line = raw.trim();
    const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (section !== null) {
      inOrigin = section[1]!.toLowerCase() === 'remote' && section[2] === 'origin';
      continue;
    }
    if (!inOrigin) continue;
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (entry === null) continue;
    const value = configValue(entry[1]!);
    if (value !== '') urls.push(value);
  }
  return urls;
}

/** A git config value: quotes removed, a comment (`#`, `;` outside quotes) cut off. */
function configValue(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '#' || char === ';')) break;
    else if (char === '\\' && i + 1 < text.length) out += text[++i]!;
    else out += char;
  }
  return out.trim();
}

/**
 * The `https://host/owner/repo` page of a remote on GitHub or GitLab, or `null`: accepts
 * `https://` and `http://` URLs (credentials dropped), `git@host:owner/repo.git`,
 * `ssh://git@host[:port]/owner/repo.git` and `git://host/owner/repo`; `.git` and trailing
 * slashes dropped. GitHub pages are `owner/repo`; GitLab ones may hold subgroups.
 */
export function webUrlOf(remote: string): string | null {
  let host: string;
  let path: string;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(remote);
  const url = /^(?:https?|ssh|git|git\+ssh):\/\/(?:[^@/\s]*@)?([^:/\s]+)(?::\d*)?\/(.+)$/i.exec(remote);
  if (url !== null) [host, path] = [url[1]!, url[2]!];
  else if (scp !== null && !remote.includes('://')) [host, path] = [scp[1]!, scp[2]!];
  else return null;
  host = host.toLowerCase();
  if (!HOSTS.has(host)) return null;
  const segments = path.replace(/\/+$/, '').replace(/\.git$/i, '').split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\s?#]/.test(s))) return null;
  if (host === 'github.com' ? segments.length !== 2 : segments.length < 2) return null;
  return `https://${host}/${segments.join('/')}`;
}

const SCHEME = /^https?:\/\//i;

/** Turns full URLs to this repository's files on the given branches into root-absolute links. */
export interface OwnUrls {
  /** `/path?query#fragment` for `{prefix}/blob|tree/{branch}/path…`, or `null` for any other URL. */
  readonly pathOf: (url: string) => string | null;
  /** The URL of the same kind that points at `path` (relative to the link root), for "did you mean". */
  readonly urlFor: (url: string, path: string) => string;
}

/**
 * Matches `http://` and `https://` URLs against `prefixes` (ignoring the scheme, and case, as
 * GitHub and GitLab owner and repository names do) followed by `/blob/` or `/tree/` (also `/-/blob/`, `/-/tree/` off github.com, as
 * GitLab writes them) and one of `branches` (exact case; the longest that matches).
 */
export function ownUrls(prefixes: readonly string[], branches: readonly string[]): OwnUrls {
  // `release/2/x.md` with branches `release` and `release/2`: the longer branch, as a ref name is matched whole.
  const byLength = [...branches].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  // Compared without the scheme (`http://` pages redirect to `https://`), looked up by the URL's
  // leading path segments: one lookup per segment, however many prefixes there are.
  const gitlabStyleOf = new Map<string, boolean>();
  let deepest = 0;
  for (const p of prefixes) {
    const key = p.toLowerCase().replace(SCHEME, '');
    if (!gitlabStyleOf.has(key)) gitlabStyleOf.set(key, !/^(?:https?:\/\/)?github\.com\//i.test(p));
    deepest = Math.max(deepest, key.split('/').length);
  }
  const match = (url: string): { head: string; rest: string } | null => {
    const scheme = SCHEME.exec(url);
    if (gitlabStyleOf.size === 0 || scheme === null) return null;
    const start = scheme[0].length;
    const lower = url.slice(start).toLowerCase();
    let segments = 1;
    for (let slash = lower.indexOf('/'); slash !== -1 && segments <= deepest; slash = lower.indexOf('/', slash + 1), segments += 1) {
      const gitlabStyle = gitlabStyleOf.get(lower.slice(0, slash));
      if (gitlabStyle === undefined) continue;
      const found = afterPrefix(url, start + slash + 1, gitlabStyle);
      if (found !== null) return found;
    }
    return null;
  };
  /** `/blob/` or `/tree/` and a branch at `at` (just past the prefix and its `/`). */
  const afterPrefix = (url: string, from: number, gitlabStyle: boolean): { head: string; rest: string } | null => {
    let at = from;
    if (gitlabStyle && url.startsWith('-/', at)) at += 2;
    const kind = /^(?:blob|tree)\//.exec(url.slice(at, at + 5));
    if (kind === null) return null;
    at += kind[0].length;
    for (const branch of byLength) {
      if (!url.startsWith(branch, at)) continue;
      const end = at + branch.length;
      const next = url[end];
      if (next !== undefined && next !== '/' && next !== '?' && next !== '#') continue;
      return { head: url.slice(0, end), rest: url.slice(end) };
    }
    return null;
  };
  return {
    pathOf: (url) => {
      const found = match(url);
      if (found === null) return null;
      const rest = found.rest;
      return rest.startsWith('/') ? rest : `/${rest}`;
    },
    urlFor: (url, path) => {
      const found = match(url);
      return found === null ? url : `${found.head}/${path}`;
    },
  };
}
