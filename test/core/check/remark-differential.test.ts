/**
 * Issue 10: DocuGraph's link checks against remark-validate-links in GitHub mode, on a
 * generated repository (the benchmark's generator, with links rewritten into root-absolute,
 * own-repository-URL and other-case forms) plus hand-made files, and on the fixture
 * repository r10-links-repo with `docs/` as the workspace. Both report broken files and
 * broken fragments; every finding one of them makes and the other does not must be one of
 * the known differences below, each with its reason (also in docs/decisions.md, "Real
 * repositories (issue 10): differences from remark-validate-links"). Every entry must be
 * seen, so the list cannot grow stale. Issue 23 (META-01 rev 3 §5) closed two of them: a link
 * above the repository root is broken for both, and both check autolinks and bare URLs.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { ROOT } from '../../helpers/paths.js';
import { Rng } from '../../helpers/prng.js';
import { frontmatterEnd, remarkFindings, type LinkForm } from '../../helpers/remark-links.js';
import { writeFiles, type Entry } from '../../helpers/testdir.js';

const { generateWorkspace } = (await import(join(ROOT, 'bench', 'generate.mjs'))) as {
  generateWorkspace: (dir: string, count: number, seed: number) => unknown;
};

const REPOSITORY = 'https://github.com/acme/docs';
const GIT_CONFIG = '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/acme/docs.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n';
const GENERATED_DOCUMENTS = 200;
const SEED = 20261210;

/** A finding of either tool, on a path relative to the repository root. */
interface Finding {
  readonly tool: 'docugraph' | 'remark';
  readonly file: string;
  readonly line: number;
  /** `outside`: DocuGraph's MD_LINK_OUTSIDE_WORKSPACE (remark has no such warning). */
  readonly kind: 'file' | 'anchor' | 'outside';
  readonly url: string;
  /** How remark parsed the link (DocuGraph's findings: `inline`, not known better). */
  readonly form: LinkForm;
  readonly message: string;
}

/** A repository under comparison. */
interface Scene {
  /** Real path of the repository root. */
  readonly repo: string;
  /** The workspace below the repository root (`''`: the root itself). */
  readonly workspace: string;
  /** Every document DocuGraph loaded, relative to the repository root. */
  readonly documents: ReadonlySet<string>;
}

/** Where a link points, relative to the repository root; `null` when it is external to both tools. */
interface Target {
  /** The path as written (before `.` and `..` are resolved), `''` for the linking file. */
  readonly written: string;
  /** Resolved against the repository root (may start with `..` when it leaves it). */
  readonly path: string;
  /** The fragment as written (not decoded), or `null`. */
  readonly fragment: string | null;
  /** For a full URL to the repository: `blob` or `tree`, the ref, and whether owner and name are written exactly. */
  readonly own: { readonly view: string; readonly ref: string; readonly exactName: boolean } | null;
}

const OWN_URL = /^https?:\/\/github\.com\/(acme\/docs)\/(blob|tree)\/([^/?#]+)(.*)$/i;

function targetOf(finding: Finding): Target | null {
  let url = finding.url;
  let own: Target['own'] = null;
  const match = OWN_URL.exec(url);
  if (match !== null) {
    own = { view: match[2]!, ref: match[3]!, exactName: match[1] === 'acme/docs' };
    url = `/${match[4]!.replace(/^\//, '')}`;
  } else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? null : url.slice(hash + 1);
  const written = (hash === -1 ? url : url.slice(0, hash)).replace(/\?.*$/, '');
  let path: string;
  if (written === '') path = finding.file;
  else {
    const decoded = decodeURIComponent(written);
    path = posix.normalize(decoded.startsWith('/') ? `.${decoded}` : posix.join(posix.dirname(finding.file), decoded)).replace(/\/$/, '');
    if (path === '.') path = '';
  }
  return { written, path, fragment, own };
}

/** What a target is on disk. */
function kindOf(scene: Scene, path: string): 'file' | 'directory' | null {
  const full = join(scene.repo, path);
  if (path.startsWith('..') || !existsSync(full)) return null;
  return statSync(full).isDirectory() ? 'directory' : 'file';
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the Markdown file at `path` has an explicit HTML anchor (`id` on any tag, `name` on `<a>`) named `fragment`, ignoring case. */
function hasHtmlAnchor(scene: Scene, path: string, fragment: string): boolean {
  const text = readFileSync(join(scene.repo, path), 'utf8').toLowerCase();
  const value = escapeRegExp(fragment.toLowerCase());
  return new RegExp(`<[a-z][^>]*\\bid=["']?${value}["'\\s>]|<a\\s[^>]*\\bname=["']?${value}["'\\s>]`).test(text);
}

/** Whether DocuGraph has no Markdown body for `file`: not UTF-8 (FILE_UNREADABLE) or a frontmatter that never closes (FRONTMATTER_INVALID). */
function withoutBody(scene: Scene, file: string): boolean {
  const bytes = readFileSync(join(scene.repo, file));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return true;
  }
  return frontmatterEnd(text) === 0 && /^\uFEFF?---[ \t]*\r?(?:\n|$)/.test(text);
}

/** Whether line `line` of `file` holds the image `![…](url)`. */
function isImage(scene: Scene, file: string, line: number, url: string): boolean {
  const text = readFileSync(join(scene.repo, file), 'utf8').split('\n')[line - 1] ?? '';
  return new RegExp(`!\\[[^\\]]*\\]\\(${escapeRegExp(url)}\\)`).test(text);
}

const README_MD = /^readme\.md$/i;
const OTHER_README = /^readme\.(?:markdown|mdown|mkdn)$/i;

/** A difference between the two tools that is understood, with the reason it exists. */
interface KnownDifference {
  readonly id: string;
  readonly reason: string;
  readonly matches: (finding: Finding, scene: Scene) => boolean;
}

const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'missing-file-with-fragment',
    reason: 'a link with a fragment to a file that does not exist: remark reports the file and the heading, DocuGraph the file once',
    matches: (f, scene) => {
      const target = targetOf(f);
      return f.tool === 'remark' && f.kind === 'anchor' && target !== null && !target.path.startsWith('..') && kindOf(scene, target.path) === null;
    },
  },
  {
    id: 'html-anchors',
    reason: 'a fragment naming an HTML anchor (`<a name>`, `id="…"`), which GitHub keeps: remark knows only heading slugs',
    matches: (f, scene) => {
      const target = targetOf(f);
      return f.tool === 'remark' && f.kind === 'anchor' && target?.fragment != null && kindOf(scene, target.path) === 'file' && hasHtmlAnchor(scene, target.path, target.fragment);
    },
  },
  {
    id: 'line-anchors',
    reason: 'a line anchor (`#L10`, `#L3-L5`) past the end of the target: DocuGraph checks the lines exist; remark skips every `#L<digit>` fragment',
    matches: (f) => f.tool === 'docugraph' && f.kind === 'anchor' && /^L\d+(?:-L\d+)?$/i.test(targetOf(f)?.fragment ?? ''),
  },
  {
    id: 'readme-fragment',
    reason:
      '`#readme` on a link to a file: remark takes it for the box around the README on a repository\'s home page and never checks it; DocuGraph accepts it only on a link to a folder (whose page has that box), as the spec says, and checks it on a file as any fragment',
    matches: (f, scene) => {
      const target = targetOf(f);
      return f.tool === 'docugraph' && f.kind === 'anchor' && target?.fragment?.toLowerCase() === 'readme' && kindOf(scene, target.path) === 'file';
    },
  },
  {
    id: 'unresolved-directory-path',
    reason:
      'a fragment on a directory written `dir/#x` or `..#x`: remark resolves the path with the fragment still attached, so the trailing `/` or `..` stays and never matches the README it reads; GitHub shows the README',
    matches: (f, scene) => {
      const target = targetOf(f);
      return f.tool === 'remark' && f.kind === 'anchor' && target !== null && /(?:^|\/)\.{0,2}$/.test(target.written) && target.written !== '' && kindOf(scene, target.path) === 'directory';
    },
  },
  {
    id: 'other-refs',
    reason:
      'a full URL to the repository on a branch, tag or commit other than `main` and `master`: remark checks it against the working tree whatever the ref; DocuGraph treats it as external (the file may exist there)',
    matches: (f) => {
      const own = targetOf(f)?.own;
      return f.tool === 'remark' && own != null && own.ref !== 'main' && own.ref !== 'master';
    },
  },
  {
    id: 'tree-urls',
    reason: 'a full URL to the repository written with `/tree/` (GitHub redirects between `tree` and `blob`): DocuGraph checks it; remark knows only `/blob/`',
    matches: (f) => f.tool === 'docugraph' && targetOf(f)?.own?.view === 'tree',
  },
  {
    id: 'url-name-case',
    reason: 'a full URL to the repository with the owner or name in another case (GitHub ignores it): DocuGraph checks it; remark compares the URL exactly',
    matches: (f) => f.tool === 'docugraph' && targetOf(f)?.own?.exactName === false,
  },
  {
    id: 'non-markdown-fragment',
    reason: 'a fragment on a file that is not Markdown (`app.ts#main`): remark parses the file as Markdown and looks for a heading; DocuGraph checks fragments only on `.md` files',
    matches: (f, scene) => {
      const target = targetOf(f);
      return f.tool === 'remark' && f.kind === 'anchor' && target !== null && kindOf(scene, target.path) === 'file' && !/\.md$/i.test(target.path);
    },
  },
  {
    id: 'encoded-fragment',
    reason: 'a percent-encoded fragment (`#%C3%A9t%C3%A9`): remark compares it encoded; DocuGraph decodes it, as browsers do',
    matches: (f) => {
      const fragment = targetOf(f)?.fragment ?? '';
      return f.tool === 'remark' && f.kind === 'anchor' && fragment.includes('%') && decodeURIComponent(fragment) !== fragment;
    },
  },
  {
    id: 'unread-documents',
    reason:
      'a fragment on a Markdown file of the workspace that DocuGraph does not load (ignored, or in a dot-directory): DocuGraph leaves it unchecked, remark reads the file',
    matches: (f, scene) => {
      const target = targetOf(f);
      if (f.tool !== 'remark' || f.kind !== 'anchor' || target === null || !/\.md$/i.test(target.path)) return false;
      const inWorkspace = scene.workspace === '' || target.path.startsWith(`${scene.workspace}/`);
      return inWorkspace && kindOf(scene, target.path) === 'file' && !scene.documents.has(target.path);
    },
  },
  {
    id: 'files-without-body',
    reason:
      'links inside a file that is not UTF-8 or whose frontmatter never closes: DocuGraph reports FILE_UNREADABLE or FRONTMATTER_INVALID on it and checks none of its links; remark checks them',
    matches: (f, scene) => f.tool === 'remark' && withoutBody(scene, f.file),
  },
  {
    id: 'image-fragments',
    reason: 'a fragment on an image that points at a Markdown file: DocuGraph checks it as on any link; remark drops the fragments of images',
    matches: (f, scene) => f.tool === 'docugraph' && f.kind === 'anchor' && isImage(scene, f.file, f.line, f.url),
  },
  {
    id: 'readme-extensions',
    reason: 'a fragment on a directory whose README is `README.markdown` (or `.mdown`, `.mkdn`): remark and GitHub read it; DocuGraph looks for `README.md` only, as the spec says, and reports no README',
    matches: (f, scene) => {
      const target = targetOf(f);
      if (f.tool !== 'docugraph' || f.kind !== 'anchor' || target === null || kindOf(scene, target.path) !== 'directory') return false;
      const names = readdirSync(join(scene.repo, target.path));
      return !names.some((n) => README_MD.test(n)) && names.some((n) => OTHER_README.test(n));
    },
  },
];

/** Hand-made files added to the generated repository: every case the comparison must cover. */
const HAND_MADE: Record<string, Entry> = {
  '.gitignore': 'build/\n',
  'README.md': [
    '# Acme docs',
    '',
    '[guide](guide/setup.md) [gone](guide/gone.md) [gone with fragment](guide/gone.md#part) [up](../outside.md) [up2](guide/../../x.md)',
    '[root](/guide/setup.md) [root gone](/guide/none.md) [root dir](/guide) [root top](/)',
    '[case](guide/setup.md#Install-Steps) [case2](guide/setup.md#INSTALL-STEPS) [bad](guide/setup.md#uninstall)',
    '[self](#acme-docs) [self case](#Acme-Docs) [self bad](#nope) [readme](#readme) [top](#top) [dir readme](guide#readme) [no readme readme](assets/#README)',
    '[unclosed](fm/unclosed.md#unclosed)',
    '[html a](guide/setup.md#footnote1) [html span](guide/setup.md#Span-Id) [html h2](guide/setup.md#custom-h2) [html bad](guide/setup.md#footnote9)',
    '[dir](guide) [dir slash](guide/) [dir frag](guide#guide-home) [dir slash frag](guide/#guide-home) [dir bad frag](guide#nothing)',
    '[no readme](assets) [no readme frag](assets#logo) [no readme slash frag](assets/#logo)',
    '[own](https://github.com/acme/docs/blob/main/guide/setup.md) [own frag](https://github.com/acme/docs/blob/main/guide/setup.md#install-steps) [own bad frag](https://github.com/acme/docs/blob/main/guide/setup.md#nope)',
    '[own gone](https://github.com/acme/docs/blob/main/guide/gone.md) [own tree](https://github.com/acme/docs/tree/main/guide) [own tree gone](https://github.com/acme/docs/tree/main/nothere)',
    '[own master gone](https://github.com/acme/docs/blob/master/gone.md) [own dev gone](https://github.com/acme/docs/blob/dev/gone.md) [own sha](https://github.com/acme/docs/blob/0123abc/gone.md)',
    '[own http](http://github.com/acme/docs/blob/main/gone.md) [own case](https://github.com/Acme/Docs/blob/main/gone.md) [other repo](https://github.com/acme/other/blob/main/gone.md)',
    '[own raw](https://github.com/acme/docs/raw/main/gone.md) [own dir frag](https://github.com/acme/docs/blob/main/guide#guide-home)',
    '[line](guide/setup.md#L3) [line range](guide/setup.md#L2-L4) [line far](guide/setup.md#L999) [line code](src/app.ts#L2) [line code far](src/app.ts#L99)',
    '[code frag](src/app.ts#main) [json frag](data/config.json#key)',
    '![logo](assets/logo.png) ![missing img](assets/missing.png) ![img frag](assets/logo.png#frag) ![img gone frag](assets/nothing.png#x) ![root img](/assets/logo.png)',
    '[ref ok][r1] [ref gone][r2] [ref frag][r3] [collapsed][]',
    '',
    '[r1]: guide/setup.md',
    '[r2]: guide/missing.md',
    '[r3]: guide/setup.md#NOPE',
    '[collapsed]: /gone-too.md',
    '[unused]: unused-gone.md',
    '',
    '`[code](code-gone.md)` and <a href="html-gone.md">html</a> and <https://github.com/acme/docs/blob/main/autolink-gone.md>',
    'bare https://github.com/acme/docs/blob/main/literal-gone.md here',
    '[query](guide/setup.md?plain=1#install-steps) [pct](guide/with%20space.md) [pct gone](guide/no%20space.md) [empty frag](guide/setup.md#)',
    '',
    '<div>',
    '',
    '[in html block](html-block-gone.md)',
    '',
    '</div>',
    '',
    '<details><summary>more</summary>',
    '[in details](details-gone.md)',
    '</details>',
    '',
    'Footnote[^1].',
    '',
    '[^1]: see [fn link](fn-gone.md)',
    '',
    '| a | b |',
    '|---|---|',
    '| [cell](cell-gone.md) | [cell ok](guide/setup.md) |',
    '',
  ].join('\n'),
  'guide/README.md': '# Guide home\n\nSee [setup](setup.md#install-steps) and [back](../README.md#acme-docs).\n',
  'guide/setup.md': [
    '---',
    'id: GUIDE-1',
    'title: Setup',
    'see: "[in frontmatter](fm-gone.md)"',
    '---',
    '',
    '# Setup',
    '',
    '## Install steps',
    '',
    '## Install steps',
    '',
    '<a name="footnote1"></a>',
    '',
    'Text <span id="Span-Id">x</span>.',
    '',
    '<h2 id="custom-h2">Custom</h2>',
    '',
    '## `code` *and* [link](README.md) heading!',
    '',
    'Setext',
    '------',
    '',
    '## Émoji 🎉 heading',
    '',
    '[dup](#install-steps-1) [dup2](#install-steps-2) [code h](#code-and-link-heading) [setext](#setext) [emoji](#émoji--heading) [emoji encoded](#%C3%A9moji--heading)',
    '',
  ].join('\n'),
  'guide/with space.md': '# Spaced\n',
  'assets/logo.png': 'PNG',
  'src/app.ts': 'line 1\nline 2\nline 3\n',
  'data/config.json': '{"key": 1}\n',
  'build/old.md': '# Old\n\n[stale](old-gone.md)\n',
  '.github/CONTRIBUTING.md': '# Contributing\n',
  'manual/README.markdown': '# Manual\n',
  'lower/readme.md': '# Lower\n',
  'crlf.md': '# CRLF\r\n\r\n[x](#crlf) [y](crlf-gone.md) [z](#CRLF-nope)\r\n',
  'more.md': [
    '# More',
    '',
    '[ignored](build/old.md#old) [ignored bad](build/old.md#nope) [dot dir](.github/CONTRIBUTING.md#contributing) [dot dir bad](.github/CONTRIBUTING.md#nope)',
    '[markdown readme](manual#manual) [markdown readme bad](manual#nope) [lower readme](lower#lower) [lower readme slash](lower/#lower)',
    '',
    '## Using <kbd>Ctrl</kbd> keys',
    '',
    '## ![icon](assets/logo.png) Logo heading',
    '',
    '[kbd](#Using-Ctrl-Keys) [logo](#-logo-heading) [title](guide/setup.md "Title") [angle](<guide/with space.md#spaced>) [dot](./guide/./setup.md#setup)',
    '[root dir slash](/guide/#guide-home) [root dir](/guide#guide-home) [own line](https://github.com/acme/docs/blob/main/src/app.ts#L2) [own query](https://github.com/acme/docs/blob/main/guide/setup.md?plain=1#L3)',
    'Inline <a id="inline-a"></a> and <a name="Mixed"></a>: [ia](#inline-a) [mixed](#mixed) [MIXED](#MIXED)',
    '',
    '> quote [q](quote-gone.md)',
    '',
    '- item [li](list-gone.md)',
    '  - nested [n](#nope-nested)',
    '',
    '[d1]: dup-one-gone.md',
    '[d1]: dup-two-gone.md',
    '',
    'use [d1]',
    '',
    '[pct frag](guide/setup.md#install%20steps) [pct frag ok](#using-ctrl-keys)',
    '',
  ].join('\n'),
  'fm/unclosed.md': '---\nid: X-1\ntitle: never closed\n\n# Unclosed\n\n[gone](unclosed-gone.md)\n',
  'fm/latin1.md': new Uint8Array([...Buffer.from('# Caf'), 0xe9, ...Buffer.from('\n\n[gone](latin1-gone.md)\n')]),
  'fm/image.md': '# Image\n\n![a page as an image](image.md#nope) ![its heading](image.md#image)\n',
  'notes/sub/deep.md': '# Deep\n\n[up root](/README.md#acme-docs) [up rel](../../README.md#Acme-Docs) [root gone](/notes/gone.md) [up dir](..#nope)\n',
};

/**
 * Rewrites the generated documents' relative links (`](a/b.md#x)`) into the forms GitHub
 * resolves the same way: root-absolute, full URLs on `main` and `master`, and fragments in
 * capitals — seeded, so the repository is the same on every run.
 */
function varyLinks(repo: string, files: readonly string[], rng: Rng): void {
  for (const file of files) {
    const full = join(repo, file);
    const text = readFileSync(full, 'utf8');
    const varied = text.replace(/\]\(([^()\s#:]+\.md)(#[^()\s]*)?\)/g, (_all, path: string, fragment: string | undefined) => {
      const inRepo = posix.normalize(posix.join(posix.dirname(file), path));
      const r = rng.float();
      const written = r < 0.2 ? `/${inRepo}` : r < 0.3 ? `${REPOSITORY}/blob/main/${inRepo}` : r < 0.35 ? `http://github.com/acme/docs/blob/master/${inRepo}` : path;
      const hash = fragment === undefined ? '' : rng.chance(0.3) ? fragment.toUpperCase() : fragment;
      return `](${written}${hash})`;
    });
    writeFileSync(full, varied);
  }
}

/** The paths (relative to `repo`, sorted) of the `.md` files under `dir`. */
function markdownUnder(repo: string, dir: string): string[] {
  return readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(repo, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

interface Comparison {
  readonly scene: Scene;
  readonly docugraph: readonly Finding[];
  readonly remark: readonly Finding[];
  readonly agreed: number;
  /** Findings of one tool only, each with the ids of the known differences it matches. */
  readonly disagreements: readonly (Finding & { readonly known: readonly string[] })[];
}

const key = (f: Finding): string => `${f.file}\t${f.line}\t${f.kind}\t${f.url}`;

/** Runs both tools on the repository at `repo` (DocuGraph on `workspace` below it, remark on the same documents) and compares. */
async function compare(repo: string, workspace: string): Promise<Comparison> {
  const ws = loadWorkspace(join(repo, workspace));
  const prefix = workspace === '' ? '' : `${workspace}/`;
  const documents = new Set(ws.files.map((f) => `${prefix}${f}`));
  const scene: Scene = { repo, workspace, documents };
  const docugraph: Finding[] = [];
  for (const d of ws.diagnostics) {
    const kind = d.code === 'MD_LINK_BROKEN' ? 'file' : d.code === 'MD_ANCHOR_BROKEN' ? 'anchor' : d.code === 'MD_LINK_OUTSIDE_WORKSPACE' ? 'outside' : null;
    if (kind === null) continue;
    const url = /^link `(.*?)` (?:is broken|points at|leaves)/.exec(d.message)?.[1];
    if (url === undefined || d.line === null) throw new Error(`unexpected message: ${d.message}`);
    docugraph.push({ tool: 'docugraph', file: `${prefix}${d.path}`, line: d.line, kind, url, form: 'inline', message: d.message });
  }
  const remark: Finding[] = (await remarkFindings(repo, [...documents], REPOSITORY)).map((r) => ({ tool: 'remark', ...r }));
  // Pair equal findings (same file, line, kind and destination), as many times as each side has them.
  const left = new Map<string, number>();
  for (const f of remark) left.set(key(f), (left.get(key(f)) ?? 0) + 1);
  const unpaired: Finding[] = [];
  let agreed = 0;
  for (const f of docugraph) {
    const count = left.get(key(f)) ?? 0;
    if (count > 0) {
      left.set(key(f), count - 1);
      agreed += 1;
    } else unpaired.push(f);
  }
  for (const f of remark) {
    const count = left.get(key(f)) ?? 0;
    if (count > 0) {
      left.set(key(f), count - 1);
      unpaired.push(f);
    }
  }
  const disagreements = unpaired.map((f) => ({ ...f, known: KNOWN_DIFFERENCES.filter((d) => d.matches(f, scene)).map((d) => d.id) }));
  return { scene, docugraph, remark, agreed, disagreements };
}

const explain = (list: Comparison['disagreements']): string[] => list.map((f) => `${f.tool} ${f.file}:${f.line} ${f.kind} ${f.url} [${f.known.join(', ')}] — ${f.message}`);

const temporary: string[] = [];
let generated: Comparison;
let fixture: Comparison;

beforeAll(async () => {
  // A generated repository: a few hundred documents under docs/, plus the hand-made files.
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-remark-')));
  temporary.push(repo);
  generateWorkspace(repo, GENERATED_DOCUMENTS, SEED);
  varyLinks(repo, markdownUnder(repo, 'docs'), new Rng(SEED));
  writeFiles(repo, { '.git/config': GIT_CONFIG, ...HAND_MADE });
  generated = await compare(repo, '');

  // The fixture repository of the link checks, validated from its docs/ folder.
  const source = fileURLToPath(new URL('../../fixtures/r10-links-repo', import.meta.url));
  const copy = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-remark-')));
  temporary.push(copy);
  const files: Record<string, string> = { '.git/config': GIT_CONFIG };
  for (const path of markdownUnder(source, '.')) if (path !== 'EXPECTED.md') files[path] = readFileSync(join(source, path), 'utf8');
  writeFiles(copy, files);
  fixture = await compare(copy, 'docs');
}, 120_000);

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('differential: DocuGraph and remark-validate-links in GitHub mode', () => {
  it('agree on the generated documents, whatever form their links take', () => {
    expect(generated.scene.documents.size).toBeGreaterThan(GENERATED_DOCUMENTS);
    const inGenerated = generated.disagreements.filter((f) => f.file.startsWith('docs/'));
    expect(explain(inGenerated)).toEqual([]);
    // Not vacuous: the generator's broken links and anchors, in every rewritten form, are found by both.
    expect(generated.docugraph.filter((f) => f.file.startsWith('docs/')).length).toBeGreaterThan(20);
    for (const form of ['](/docs/', `](${REPOSITORY}/blob/main/`, '](http://github.com/acme/docs/blob/master/']) {
      expect(generated.docugraph.some((f) => f.file.startsWith('docs/') && `](${f.url}`.startsWith(form)), form).toBe(true);
    }
  });

  it('differ on the generated repository only as listed', () => {
    expect(generated.agreed).toBeGreaterThan(50);
    expect(explain(generated.disagreements.filter((f) => f.known.length !== 1))).toEqual([]);
  });

  it('differ on the fixture repository r10-links-repo (workspace docs/) only as listed', () => {
    expect(fixture.agreed).toBeGreaterThan(5);
    expect(explain(fixture.disagreements.filter((f) => f.known.length !== 1))).toEqual([]);
  });

  it('every known difference is seen, so the list holds nothing stale', () => {
    const seen = new Set([...generated.disagreements, ...fixture.disagreements].flatMap((f) => f.known));
    expect(KNOWN_DIFFERENCES.map((d) => d.id).filter((id) => !seen.has(id))).toEqual([]);
  });
});
