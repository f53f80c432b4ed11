/**
 * Reading a repository for `docugraph init` (META-01 §8): every Markdown file discovery would
 * find with the default configuration (`.docugraphignore` and `.gitignore` honoured) but the
 * files written for coding agents (read/agent-files.ts), its frontmatter counted (survey-keys.ts); the configuration of a static-site generator at the
 * root or one folder down; and the archive folders. Read as everything is read: never through
 * a symbolic link, regular files only, inside the root.
 */
import { decodeText } from '../shared/normalize-text.js';
import { compareStrings } from '../shared/sort.js';
import { listDirectory, loadIgnoreRules, type GitignoreChain } from '../read/discover-files.js';
import { agentPattern } from '../read/agent-files.js';
import { surveyAgentFiles, type AgentFiles } from './survey-agents.js';
import { findLinkRoot } from '../read/link-root.js';
import { MAX_FILE_BYTES } from '../read/read-bytes.js';
import { listDirectoryInside, readFileInside } from '../read/safe-fs.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { surveyKeys, type KeySurvey } from './survey-keys.js';
import { countOftItems, surveyFormats, type ForeignFiles } from './survey-formats.js';
import { listRepositoryFiles, surveyTraces, type TraceFolder } from './survey-traces.js';
import { surveyKitRoots, surveyKits, type KitFound, type KitRootFound } from './survey-kits.js';
import { kitReading } from './survey-gitignored.js';
import { KIT_NAMES } from '../shared/config-types.js';

export type { AgentFiles } from './survey-agents.js';

/** A static-site generator's configuration, and the folder its `/` names. */
export interface SiteFound {
  readonly generator: 'Hugo' | 'Docusaurus' | 'MkDocs' | 'Jekyll' | 'DocFX' | 'mdBook';
  /** Its configuration file, relative to the workspace root. */
  readonly config: string;
  /** The folder a leading `/` names on the published site, relative to the link root (`.` for the link root). */
  readonly siteRoot: string;
  /**
   * What the site serves at `/` besides the pages: the entries of its `static/` folder
   * (`img`, `fonts`), and Docusaurus's `blog`, whose routes are dated — `/img/logo.png` names no
   * page, so `init` proposes not to check these. Sorted, at most 20.
   */
  readonly served: readonly string[];
  /** Docusaurus's copies of older versions of the docs (`versioned_docs/`), relative to the workspace root. */
  readonly versionedDocs: string | null;
}

export interface RepositorySurvey {
  readonly keys: KeySurvey;
  readonly site: SiteFound | null;
  /** Folders of archived documents (the outermost named `archive`, `archived`, `_archive`), with their Markdown files. */
  readonly archives: readonly { readonly dir: string; readonly files: number }[];
  /** The top folders of the repository (relative to the link root) whose files hold trace tags (TRACE §5). */
  readonly traceFolders: readonly TraceFolder[];
  /** The spec kits the workspace uses (KITS §1), in `KIT_NAMES` order. */
  readonly kits: readonly KitFound[];
  /** Folders below the root with kit folders of their own (a monorepo's packages), sorted. */
  readonly kitRoots: readonly KitRootFound[];
  /**
   * The kit folders listed (in `kits` and `kitRoots`) that only a `.gitignore` keeps from being
   * read, in their order there; `all` when it keeps every kit file from being read — then this
   * survey was made with the `.gitignore` files off, as the configuration `init` writes reads (D-519).
   */
  readonly gitignored: { readonly folders: readonly string[]; readonly all: boolean };
  /** Files in the workspace in a documentation format DocuGraph does not read (`.rst`, `.sdoc`, …). */
  readonly foreign: readonly ForeignFiles[];
  /** OpenFastTrace items (`req~name~1`) in the Markdown files, which DocuGraph reads as pages: how many, in how many files. */
  readonly oftItems: { readonly items: number; readonly files: number };
  /** The files written for coding agents (read/agent-files.ts) by kind (`*.prompt.md`, `SKILL.md`), sorted: how many, and how many hold each top-level frontmatter key. */
  readonly agentFiles: readonly AgentFiles[];
}

/** Configuration files are small: more than this is not read. */
const MAX_CONFIG_BYTES = 1024 * 1024;
const ARCHIVE = /^_?archived?$/i;

/** Surveys the workspace at `root` (a real directory path), its `.gitignore` files honoured unless `gitignore` is `false`. */
export function surveyRepository(root: string, gitignore = true): RepositorySurvey {
  const rules = loadIgnoreRules(root, { include: ['**/*.md'], exclude: [], gitignore });
  const files: string[] = [];
  const archives = new Map<string, number>();
  const rootEntries: string[] = [];
  const firstLevel: string[] = [];
  const kitCandidates: string[] = [];
  const agentFiles: string[] = [];
  const stack: [string, GitignoreChain, string | null, boolean][] = [['', [], null, false]];
  while (stack.length > 0) {
    const [dir, chain, archive, inSkill] = stack.pop()!;
    const listing = listDirectory(root, dir, rules, chain);
    if (dir === '') rootEntries.push(...listing.entries);
    // A package with kit folders of its own: `.kiro/` or `.specify/` (dot-folders, not walked), `specs/` or `openspec/`.
    else if (listing.hidden.some((name) => name === '.kiro' || name === '.specify') || listing.subdirs.some((sub) => sub.endsWith('/specs') || sub.endsWith('/openspec'))) kitCandidates.push(dir);
    const below: GitignoreChain = listing.gitignore ? [...chain, [dir, listing.gitignore]] : chain;
    // An Agent Skill's folder (`agent/skills/<name>/`, `vibeflow-skills/<name>/`) holds its SKILL.md and the skill's other files
    // (its references, a `_SKILL.md` draft): all the skill's. Not a SKILL.md at the root or in `docs/`: the repository's own files are there.
    const skill = inSkill || (/skills\/[^/]+$/i.test(dir) && listing.files.some((file) => /\/skill\.md$/i.test(file)));
    for (const file of listing.files) {
      // A SKILL.md's `id:` or `name:` says nothing of how the repository writes its documents.
      if (agentPattern(file) !== null) {
        agentFiles.push(file);
        continue;
      }
      if (skill) continue;
      files.push(file);
      if (archive !== null) archives.set(archive, (archives.get(archive) ?? 0) + 1);
    }
    for (const sub of listing.subdirs) {
      if (dir === '') firstLevel.push(sub);
      const name = sub.slice(sub.lastIndexOf('/') + 1);
      stack.push([sub, below, archive ?? (ARCHIVE.test(name) ? sub : null), skill]);
    }
  }
  files.sort(compareStrings);
  const oftItems = { items: 0, files: 0 };
  const keys = surveyKeys(
    (function* () {
      for (const path of files) {
        const read = readFileInside(root, path, MAX_FILE_BYTES);
        const decoded = read.ok ? decodeText(read.bytes) : null;
        const oft = decoded?.ok ? countOftItems(decoded.text) : 0;
        if (oft > 0) (oftItems.items += oft), (oftItems.files += 1);
        yield { path, frontmatter: decoded?.ok ? parseFrontmatter(decoded.text) : null };
      }
    })(),
  );
  const linkRoot = findLinkRoot(root, 'repository');
  const prefix = linkRoot.workspaceDir.join('/');
  const site = findSite(root, new Set(rootEntries), firstLevel.sort(compareStrings), prefix);
  const repositoryFiles = listRepositoryFiles(linkRoot.path);
  const kits = surveyKits(root);
  const kitRoots = surveyKitRoots(root, kitCandidates);
  const survey: RepositorySurvey = {
    keys,
    site,
    archives: [...archives].filter(([, count]) => count > 0).map(([dir, count]) => ({ dir, files: count })).sort((a, b) => compareStrings(a.dir, b.dir)),
    traceFolders: surveyTraces(linkRoot.path, repositoryFiles),
    kits,
    kitRoots,
    gitignored: NOT_GITIGNORED,
    foreign: surveyFormats(prefix === '' ? repositoryFiles : repositoryFiles.filter((path) => path.startsWith(`${prefix}/`))),
    oftItems,
    agentFiles: surveyAgentFiles(root, agentFiles),
  };
  if (!gitignore) return survey;
  const gitignored = gitignoredKits(root, survey);
  // No kit file read unless the `.gitignore` files are off: the rest is surveyed as that configuration reads too.
  return gitignored.all ? { ...surveyRepository(root, false), gitignored } : gitignored.folders.length === 0 ? survey : { ...survey, gitignored };
}

const NOT_GITIGNORED: RepositorySurvey['gitignored'] = { folders: [], all: false };

/** The kit folders listed that discovery reads only with the `.gitignore` files off (survey-gitignored.ts). */
function gitignoredKits(root: string, survey: RepositorySurvey): RepositorySurvey['gitignored'] {
  const found = [...survey.kits, ...survey.kitRoots.flatMap((r) => r.kits)];
  const listed = found.flatMap((k) => k.folders);
  if (listed.length === 0) return NOT_GITIGNORED;
  const kits = KIT_NAMES.filter((kit) => found.some((k) => k.kit === kit));
  const roots = survey.kitRoots.map((r) => ({ path: r.path, name: r.path }));
  const honoured = kitReading(root, listed, kits, roots, true);
  const unread = honoured === null ? [] : listed.filter((folder) => !honoured.folders.has(folder));
  if (unread.length === 0) return NOT_GITIGNORED;
  const off = kitReading(root, listed, kits, roots, false);
  // Unread for another reason (`.docugraphignore`): nothing `gitignore:` can change.
  const folders = off === null ? [] : unread.filter((folder) => off.folders.has(folder));
  return folders.length === 0 ? NOT_GITIGNORED : { folders, all: !honoured!.any };
}

/** The first site configuration found: at the root, else in a folder one level down (sorted). */
function findSite(root: string, rootEntries: ReadonlySet<string>, firstLevel: readonly string[], prefix: string): SiteFound | null {
  const inRoot = siteIn(root, '', (name) => rootEntries.has(name), prefix);
  if (inRoot !== null) return withServed(root, '', inRoot);
  for (const dir of firstLevel) {
    const found = siteIn(root, dir, (name) => readText(root, `${dir}/${name}`) !== null, prefix);
    if (found !== null) return withServed(root, dir, found);
  }
  return null;
}

/** How many served names `init` lists. */
const MAX_SERVED = 20;

function withServed(root: string, dir: string, site: Omit<SiteFound, 'served' | 'versionedDocs'>): SiteFound {
  const at = (name: string) => (dir === '' ? name : `${dir}/${name}`);
  const names = (path: string) => {
    const listed = listDirectoryInside(root, path);
    return listed.ok ? listed.entries.filter((d) => !d.name.startsWith('.')).map((d) => d.name) : [];
  };
  const docusaurus = site.generator === 'Docusaurus';
  const served = new Set(site.generator === 'Hugo' || docusaurus ? names(at('static')) : []);
  const own = new Set(names(dir));
  if (docusaurus && own.has('blog')) served.add('blog');
  return {
    ...site,
    served: [...served].sort(compareStrings).slice(0, MAX_SERVED),
    versionedDocs: docusaurus && own.has('versioned_docs') ? at('versioned_docs') : null,
  };
}

/**
 * What makes a `config.*` Hugo's: its `baseURL` key (TOML `baseURL = …`, YAML `baseURL: …`, JSON
 * `"baseURL": …`), not the word in a value (OpenSpec's `openspec/config.yaml` wrote "maps to
 * baseURL https://…" in its prose: 1330482928/kai-code-agent).
 */
const HUGO_BASE_URL = /^[ \t]*["']?baseurl["']?[ \t]*[:=]/im;

function siteIn(root: string, dir: string, has: (name: string) => boolean, prefix: string): Omit<SiteFound, 'served' | 'versionedDocs'> | null {
  const at = (name: string) => (dir === '' ? name : `${dir}/${name}`);
  const folder = (sub: string) => joinPath(prefix, joinPath(dir, sub));
  for (const name of ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config/_default/hugo.toml', 'config/_default/config.toml']) {
    if (!name.includes('/') && !has(name)) continue;
    const text = readText(root, at(name));
    if (text === null || (name.includes('config') && !name.startsWith('config/') && !HUGO_BASE_URL.test(text))) continue;
    return { generator: 'Hugo', config: at(name), siteRoot: folder(setting(text, 'contentDir') ?? contentMount(text) ?? 'content') };
  }
  for (const name of ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs']) {
    if (has(name)) return { generator: 'Docusaurus', config: at(name), siteRoot: docusaurusRoot(readText(root, at(name)) ?? '', folder('')) };
  }
  for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
    if (!has(name)) continue;
    return { generator: 'MkDocs', config: at(name), siteRoot: folder(setting(readText(root, at(name)) ?? '', 'docs_dir') ?? 'docs') };
  }
  // mdBook publishes `src/` (`[book] src = …`): `chapter.md` as `chapter.html`, beside it.
  if (has('book.toml')) return { generator: 'mdBook', config: at('book.toml'), siteRoot: folder(setting(readText(root, at('book.toml')) ?? '', 'src') ?? 'src') };
  if (has('_config.yml')) return { generator: 'Jekyll', config: at('_config.yml'), siteRoot: folder(setting(readText(root, at('_config.yml')) ?? '', 'source') ?? '') };
  if (has('docfx.json')) return { generator: 'DocFX', config: at('docfx.json'), siteRoot: folder('') };
  return null;
}

/**
 * Docusaurus publishes the docs folder (`docs: { path }`, default `docs`, relative to the
 * site's folder) at `/{routeBasePath}/` (default `docs`): a leading `/` then names the folder
 * that `{routeBasePath}` is a part of — `..` for `path: '../docs'`, the docs folder itself for
 * `routeBasePath: '/'`. Read from the text (the file is code): the first `path` and
 * `routeBasePath` at the top level of the `docs: { … }` object; the site's folder when the
 * route is not the end of the path or the path leaves the repository.
 */
function docusaurusRoot(text: string, site: string): string {
  const docs = /\bdocs\s*:\s*\{/.exec(text);
  const options = docs === null ? '' : topLevel(text, docs.index + docs[0].length);
  const value = (key: string) => new RegExp(`\\b${key}\\s*:\\s*['"\`]([^'"\`]*)['"\`]`).exec(options)?.[1];
  const route = (value('routeBasePath') ?? 'docs').replace(/^\/+|\/+$/g, '');
  const path = normalize(`${site}/${value('path') ?? 'docs'}`);
  if (path === null) return site;
  if (route === '') return path;
  if (path === route) return '.';
  return path.endsWith(`/${route}`) ? path.slice(0, -route.length - 1) : site;
}

/** The text of an object from `start` (just after its `{`) to its `}`, without the nested objects. */
function topLevel(text: string, start: number): string {
  let depth = 1;
  let out = '';
  for (let i = start; i < text.length && depth > 0; i += 1) {
    const ch = text[i]!;
    if (ch === '{') depth += 1;
    else if (ch === '}') depth -= 1;
    else if (depth === 1) out += ch;
  }
  return out;
}

/** `a/./b/../c` → `a/c`; `.` for the root; `null` when it climbs above it. */
function normalize(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.pop() === undefined) return null;
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

/**
 * A Hugo module mount whose target is `content` (`source = 'content/en'`, then
 * `target = 'content'`, as gohugoio/hugoDocs does): its source is the content folder.
 */
function contentMount(text: string): string | null {
  const pair = /source\s*[=:]\s*["']?([^"'\s#]+)["']?[ \t]*\n[ \t]*-?[ \t]*target\s*[=:]\s*["']?content["']?[ \t]*(?:\n|$)/.exec(text);
  const value = pair?.[1]?.replace(/^\.\/+/, '').replace(/\/+$/, '');
  return value === undefined || value === '' || value.startsWith('/') || value.split('/').includes('..') ? null : value;
}

/** A top-level `key = "value"` (TOML) or `key: value` (YAML) setting, when it is a plain relative path. */
function setting(text: string, key: string): string | null {
  const match = new RegExp(`^${key}\\s*[:=]\\s*["']?([^"'\\s#]+)`, 'm').exec(text);
  const value = match?.[1]?.replace(/^\.\/+/, '').replace(/\/+$/, '');
  return value === undefined || value === '' || value.startsWith('/') || value.split('/').includes('..') ? null : value;
}

function readText(root: string, path: string): string | null {
  const read = readFileInside(root, path, MAX_CONFIG_BYTES);
  if (!read.ok) return null;
  const decoded = decodeText(read.bytes);
  return decoded.ok ? decoded.text : null;
}

/** `a/b` from two relative folders, either of which may be empty; `.` when both are. */
function joinPath(a: string, b: string): string {
  const parts = [a, b].filter((part) => part !== '' && part !== '.');
  return parts.length === 0 ? '.' : parts.join('/');
}
