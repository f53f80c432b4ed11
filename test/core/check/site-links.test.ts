/**
 * Issue 23 (META-01 rev 3 §5, §8): links to the published pages of a documentation site
 * (`links.style: site`, `links.siteRoot`), links not checked (`links.ignore`,
 * `links.check: false`), and the GitHub rules of revision 3 (own-repository bare URLs and
 * autolinks, `#readme` on a folder). The expected findings of the fixtures are their
 * EXPECTED.md, written by reading them.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { doc, testdir, writeFiles } from '../../helpers/testdir.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url));
const show = (root: string) => loadWorkspace(root).diagnostics.map((d) => `${d.code} ${d.path}:${d.line}`);
const messages = (root: string) => loadWorkspace(root).diagnostics.map((d) => d.message);
const ORIGIN = '[remote "origin"]\n\turl = https://github.com/acme/docs.git\n';
/** A `docugraph.yml` in site style, `/` inside the test directory. */
const site = (extra = '') => `links:\n  style: site\n  root: workspace\n${extra}`;

describe('site style on the fixture sites', () => {
  it('r23-hugo: pages under content/en, `_index.md` and leaf bundles, links from the published folder', () => {
    const report = buildReport(loadWorkspace(fixture('r23-hugo')));
    expect(report.errors.map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual([
      'MD_LINK_BROKEN content/en/docs/_index.md:11',
      'MD_LINK_BROKEN content/en/docs/intro.md:13',
      'MD_LINK_BROKEN content/en/docs/intro.md:13',
      'MD_LINK_BROKEN content/en/docs/tasks/_index.md:8',
    ]);
    expect(report.warnings.map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual(['MD_ANCHOR_BROKEN content/en/docs/intro.md:14']);
    expect([...report.errors, ...report.warnings].every((d) => d.nodeId === null)).toBe(true);
    expect(report.errors[1]!.message).toBe(
      'link `../upgrade/` is broken: no file, folder or page `content/en/upgrade` or `content/en/docs/upgrade` exists (tried `content/en/upgrade.md`, `content/en/upgrade.mdx`, `content/en/upgrade/index.md`, `content/en/upgrade/index.mdx`, `content/en/upgrade/_index.md` and 7 more); fix the path or add the page',
    );
    expect(report.warnings[0]!.message).toBe(
      'link `/docs/install/#platforms` points at `#platforms`, which is no heading of `content/en/docs/install/index.md`; it has headings `#install`, `#requirements`',
    );
  });

  it('r23-docusaurus: `/docs/intro`, `./page` without extension, `.mdx` pages, `.md` files', () => {
    expect(show(fixture('r23-docusaurus'))).toEqual([
      'MD_LINK_BROKEN docs/guides/index.md:4',
      'MD_ANCHOR_BROKEN docs/guides/setup.md:11',
      'MD_LINK_BROKEN docs/guides/setup.md:12',
      'MD_LINK_BROKEN docs/intro.md:13',
      'MD_LINK_BROKEN docs/intro.md:14',
    ]);
    expect(messages(fixture('r23-docusaurus'))[2]).toMatch(/^link `\/docs\/setup` is broken: no file, folder or page `docs\/setup` exists \(tried .*\); did you mean `\/docs\/guides\/setup`\?$/);
  });

  it('r23-mkdocs: siteRoot docs, `index.md`, `../install/` from `install.md` published at `install/`', () => {
    expect(show(fixture('r23-mkdocs'))).toEqual([
      'MD_ANCHOR_BROKEN docs/guide/usage.md:7',
      'MD_LINK_BROKEN docs/guide/usage.md:7',
      'MD_LINK_BROKEN docs/index.md:8',
      'MD_LINK_BROKEN docs/index.md:8',
      'MD_ANCHOR_BROKEN docs/install.md:8',
      'MD_LINK_BROKEN docs/install.md:8',
    ]);
    const all = messages(fixture('r23-mkdocs'));
    expect(all[1]).toBe('link `config.md` is broken: `docs/guide/config.md` does not exist; fix the path or add the file');
    expect(all[5]).toMatch(/did you mean `\.\.\/guide\/usage\/`\?$/);
  });

  it('the same sites in GitHub style: the links to pages are broken', () => {
    const root = testdir({ 'docugraph.yml': 'links:\n  root: workspace\n', 'docs/intro.md': '[a](/docs/install/) [b](install) [c](install.md)\n', 'docs/install.md': '# Install\n' });
    expect(show(root)).toEqual(['MD_LINK_BROKEN docs/intro.md:1', 'MD_LINK_BROKEN docs/intro.md:1']);
    writeFiles(root, { 'docugraph.yml': site() });
    expect(show(root)).toEqual([]);
  });
});

describe('the lookup of a page (META-01 rev 3 §5)', () => {
  it('tries `{p}.md`, `{p}.mdx`, `{p}/index.md`, `{p}/index.mdx`, `{p}/_index.md`, `{p}/README.md` in that order', () => {
    // Each candidate has its own heading: the fragment shows which file the link found.
    const files = { 'p.md': '# One\n', 'p.mdx': '# Two\n', 'p/index.md': '# Three\n', 'p/index.mdx': '# Four\n', 'p/_index.md': '# Five\n', 'p/README.md': '# Six\n' };
    const root = testdir({ 'docugraph.yml': site(), 'a.md': '[x](p/#zero)\n', ...files });
    const found = () => /no heading of `([^`]+)`/.exec(messages(root)[0] ?? '')?.[1] ?? '(no fragment checked)';
    expect(found()).toBe('p.md');
    // `.mdx` is found but not read: its fragments are not checked.
    rmSync(join(root, 'p.md'));
    expect(found()).toBe('(no fragment checked)');
    rmSync(join(root, 'p.mdx'));
    expect(found()).toBe('p/index.md');
    rmSync(join(root, 'p/index.md'));
    expect(found()).toBe('(no fragment checked)');
    rmSync(join(root, 'p/index.mdx'));
    expect(found()).toBe('p/_index.md');
    rmSync(join(root, 'p/_index.md'));
    // Now a folder with only a README: found as the page, not as a folder.
    expect(found()).toBe('p/README.md');
  });

  it('`page.html` and `page.htm` are the pages of `page.md`; a file that exists as written is that file', () => {
    const root = testdir({ 'docugraph.yml': site(), 'a.md': '[x](b.html#part) [y](b.htm) [z](c.html) [w](d.html#nope)\n', 'b.md': '## Part\n', 'c.html': '<p>built</p>', 'd.md': '# D\n' });
    expect(show(root)).toEqual(['MD_ANCHOR_BROKEN a.md:1']);
    expect(messages(root)[0]).toContain('which is no heading of `d.md`');
    writeFiles(root, { 'a.md': '[x](elsewhere.html)\n' });
    // From the file's directory, then from the folder `a.md` is published as (`a/`).
    expect(messages(root)).toEqual([
      'link `elsewhere.html` is broken: no file, folder or page `elsewhere.html` or `a/elsewhere.html` exists (tried `elsewhere.md`, `elsewhere.mdx`, `a/elsewhere.md`, `a/elsewhere.mdx`); fix the path or add the page',
    ]);
    // "Did you mean" a page is written as the link was: `.html`, relative to the file's directory.
    writeFiles(root, { 'a.md': '[x](dd.html)\n' });
    expect(messages(root)[0]).toMatch(/; did you mean `d\.html`\?$/);
  });

  it('a file that is not a page (`logo.png`, `guide.pdf`) is looked for as written only, from both folders', () => {
    const root = testdir({ 'docugraph.yml': site(), 'docs/intro.md': '![l](img/logo.png) ![m](img/gone.png) [p](guide.pdf)\n', 'docs/intro/img/logo.png': 'PNG', 'docs/guide.pdf': '%PDF' });
    expect(messages(root)).toEqual(['link `img/gone.png` is broken: no file `docs/img/gone.png` or `docs/intro/img/gone.png` exists; fix the path or add the file']);
  });

  it('a leading `/` names `links.siteRoot`: `/en/docs/…` with siteRoot `content`', () => {
    const files = { 'content/en/docs/install/_index.md': '# Install\n', 'content/en/docs/intro.md': '[i](/en/docs/install/#install) [j](/docs/install/)\n' };
    const root = testdir({ 'docugraph.yml': site('  siteRoot: content\n'), ...files });
    expect(messages(root)).toEqual([
      'link `/docs/install/` is broken: no file, folder or page `content/docs/install` exists (tried `content/docs/install.md`, `content/docs/install.mdx`, `content/docs/install/index.md`, `content/docs/install/index.mdx`, `content/docs/install/_index.md` and 1 more); fix the path or add the page',
    ]);
  });

  it('inside a repository, the site root is under the repository root, whatever the workspace', () => {
    // A Docusaurus site at the repository root, validated from its docs/ folder.
    const repo = testdir({ '.git/config': ORIGIN, 'docs/docugraph.yml': 'links:\n  style: site\n', 'docs/intro.md': '[s](/docs/setup) [g](/docs/gone) [r](/README) [t](/docs/setpu)\n', 'docs/setup.md': '# Setup\n', 'README.md': '# Readme\n' });
    expect(messages(join(repo, 'docs'))).toEqual([
      'link `/docs/gone` is broken: no file, folder or page `gone` exists (tried `gone.md`, `gone.mdx`, `gone/index.md`, `gone/index.mdx`, `gone/_index.md` and 1 more); fix the path or add the page',
      'link `/docs/setpu` is broken: no file, folder or page `setpu` exists (tried `setpu.md`, `setpu.mdx`, `setpu/index.md`, `setpu/index.mdx`, `setpu/_index.md` and 1 more); did you mean `/docs/setup`?',
    ]);
  });

  it('with nothing as written, a page whose path differs only in case (Hugo publishes lower-case paths); GitHub style is exact', () => {
    const files = { 'content/functions/time/Format.md': '## Layouts\n', 'content/Methods/_index.md': '# M\n', 'a.md': '[f](/functions/time/format/#LAYOUTS) [m](/methods/) [n](/functions/time/formats/)\n' };
    const root = testdir({ 'docugraph.yml': site('  siteRoot: content\n'), ...files });
    expect(show(root)).toEqual(['MD_LINK_BROKEN a.md:1']);
    expect(messages(root)[0]).toMatch(/^link `\/functions\/time\/formats\/` is broken/);
    // The exact name wins over one that differs in case.
    writeFiles(root, { 'content/functions/time/format.md': '# Other\n' });
    expect(show(root)).toEqual(['MD_ANCHOR_BROKEN a.md:1', 'MD_LINK_BROKEN a.md:1']);
    const github = testdir({ 'a.md': '[f](Format.md) [g](format.md)\n', 'format.md': '# F\n' });
    expect(show(github)).toEqual(['MD_LINK_BROKEN a.md:1']);
  });

  it('the live index checks a link again when a page that differs in case appears in a folder it looked through', () => {
    // The link is not broken (only its fragment), so nothing but the folder's listing calls for a new check.
    const root = testdir({ 'docugraph.yml': site(), 'a.md': doc({ id: 'A', title: 'A' }, '[f](/time/format/#two)\n'), 'time/Format.md': '# One\n' });
    const index = createWorkspaceIndex(root);
    const codes = (changes: string[] | 'all') => index.refresh(changes).diagnostics.map((d) => d.code);
    expect(codes('all')).toEqual(['MD_ANCHOR_BROKEN']);
    // `FORMAT.md` comes first in code-unit order: it is the page now.
    writeFiles(root, { 'time/FORMAT.md': '# Two\n' });
    expect(codes(['time/FORMAT.md'])).toEqual([]);
    rmSync(join(root, 'time/FORMAT.md'));
    expect(codes(['time/FORMAT.md'])).toEqual(['MD_ANCHOR_BROKEN']);
  });

  it('an existing folder without a page is fine; a fragment on it is checked against its README, `#readme` always matches', () => {
    const root = testdir({ 'docugraph.yml': site(), 'a.md': '[f](assets/) [g](assets/#logo) [h](assets/#README)\n', 'assets/logo.png': 'PNG' });
    expect(messages(root)).toEqual([
      'link `assets/#logo` points at `#logo` in the directory `assets`, which has no README.md to show; link to the file that holds the heading',
    ]);
  });

  it('a full URL to the repository names a file, as on GitHub, in site style too', () => {
    const repo = testdir({
      '.git/config': ORIGIN,
      'docugraph.yml': site().replace('  root: workspace\n', ''),
      'docs/intro.md': '# Intro\n',
      'a.md': '[u](https://github.com/acme/docs/blob/main/docs/intro.md#intro) [v](https://github.com/acme/docs/blob/main/docs/intro) [w](/docs/intro#intro)\n',
    });
    expect(messages(repo)).toEqual(['link `https://github.com/acme/docs/blob/main/docs/intro` is broken: `docs/intro` does not exist; did you mean `https://github.com/acme/docs/blob/main/docs/intro.md`?']);
  });

  it('a relative link above the repository root is broken in site style too; without a repository it is not checked', () => {
    const files = { 'docugraph.yml': site().replace('  root: workspace\n', ''), 'a.md': '[up](../../elsewhere/)\n' };
    expect(show(testdir({ '.git/config': ORIGIN, ...files }))).toEqual(['MD_LINK_BROKEN a.md:1']);
    expect(show(testdir(files))).toEqual(['MD_LINK_OUTSIDE_WORKSPACE a.md:1']);
  });

  it('the live index checks a link again when a page it tried appears or goes', () => {
    const root = testdir({ 'docugraph.yml': site(), 'a.md': doc({ id: 'A', title: 'A' }, '[u](/docs/upgrade/)\n') });
    const index = createWorkspaceIndex(root);
    const codes = (changes: string[] | 'all') => index.refresh(changes).diagnostics.map((d) => d.code);
    expect(codes('all')).toEqual(['MD_LINK_BROKEN']);
    // What a watcher reports: the new folders and the file.
    writeFiles(root, { 'docs/upgrade/_index.md': '# Upgrade\n' });
    expect(codes(['docs', 'docs/upgrade', 'docs/upgrade/_index.md'])).toEqual([]);
    rmSync(join(root, 'docs'), { recursive: true });
    expect(codes(['docs/upgrade/_index.md', 'docs/upgrade', 'docs'])).toEqual(['MD_LINK_BROKEN']);
    writeFiles(root, { 'docs/upgrade.md': '# Upgrade\n' });
    expect(codes(['docs', 'docs/upgrade.md'])).toEqual([]);
  });
});

describe('`links.ignore` (META-01 rev 3 §5, §8)', () => {
  it('skips the links whose path (before `?` and `#`, as written) a glob names', () => {
    const config = 'links:\n  ignore: ["*.pdf", "/api/**", "generated/**", "!generated/keep.md", "../outside/**", "old/", "!old/kept.md"]\n';
    const body = [
      '[a](manual.pdf) [b](files/manual.pdf#page=2) [c](manual.pdf?dl=1) [d](/api/v1/users) [e](./generated/x.md) [f](generated/keep.md)',
      '[g](https://github.com/acme/docs/blob/main/api/v2.md) [h](../outside/x.md) [i](#nope) [j](api/v1.md) [k](docs/api/v1.md) [l](old/kept.md)',
      '',
    ].join('\n');
    const repo = testdir({ '.git/config': ORIGIN, 'docugraph.yml': config, 'a.md': body });
    // The leading `/` of a link is dropped as a pattern's is: `/api/**` names `/api/v1/users` and
    // `api/v1.md` (not `docs/api/v1.md`); `..` is a segment like any other. As in git, a file in
    // a folder a rule names (`old/`) cannot be named back; a file a `**` rule names can.
    expect(messages(repo)).toEqual([
      'link `generated/keep.md` is broken: `generated/keep.md` does not exist; fix the path or add the file',
      'link `#nope` points at `#nope`, which is no heading of this file; it has no headings',
      'link `docs/api/v1.md` is broken: `docs/api/v1.md` does not exist; fix the path or add the file',
    ]);
  });
});

describe('`links.check: false` (META-01 rev 3 §5, §8)', () => {
  const files = {
    'a.md': doc({ id: 'A', title: 'A', depends_on: ['B', 'GONE'] }, '[x](missing.md) [y](#nope) [z](../../up.md)\n'),
    'b.md': doc({ id: 'B', title: 'B', depends_on: ['A'] }),
  };

  it('gives no Markdown link finding; frontmatter, ids, relations and cycles are still checked', () => {
    const on = testdir(files);
    expect(show(on).filter((f) => f.startsWith('MD_'))).toHaveLength(3);
    const off = testdir({ ...files, 'docugraph.yml': 'links:\n  check: false\n' });
    expect(show(off)).toEqual(['LINK_BROKEN a.md:4', 'LINK_CYCLE a.md:4']);
  });

  it('the live index follows the setting as docugraph.yml changes', () => {
    const root = testdir(files);
    const index = createWorkspaceIndex(root);
    const codes = (changes: string[] | 'all') => index.refresh(changes).diagnostics.map((d) => d.code).filter((c) => c.startsWith('MD_'));
    expect(codes('all')).toHaveLength(3);
    writeFiles(root, { 'docugraph.yml': 'links:\n  check: false\n' });
    expect(codes(['docugraph.yml'])).toEqual([]);
    writeFiles(root, { 'a.md': doc({ id: 'A', title: 'A' }, '[x](other-missing.md)\n') });
    expect(codes(['a.md'])).toEqual([]);
    writeFiles(root, { 'docugraph.yml': 'links:\n  check: true\n' });
    expect(codes(['docugraph.yml'])).toEqual(['MD_LINK_BROKEN']);
  });
});

describe('GitHub rules of revision 3', () => {
  it('own-repository bare URLs and autolinks are checked; not in code, image descriptions or link texts (an autolink there is a link)', () => {
    const own = 'https://github.com/acme/docs/blob/main';
    const body = [
      `bare ${own}/gone-1.md, <${own}/gone-2.md> and ${own}/a.md#nope.`,
      `\`${own}/code.md\` ![alt ${own}/alt.md](a.md) [text ${own}/text.md](a.md) [text <${own}/inner.md>](a.md)`,
      `${own}/a.md#title is fine; so is (${own}/a.md).`,
      '',
    ].join('\n');
    const repo = testdir({ '.git/config': ORIGIN, 'a.md': `# Title\n\n${body}` });
    expect(messages(repo)).toEqual([
      `link \`${own}/a.md#nope\` points at \`#nope\`, which is no heading of this file; it has headings \`#title\``,
      `link \`${own}/gone-1.md\` is broken: \`gone-1.md\` does not exist; fix the path or add the file`,
      `link \`${own}/gone-2.md\` is broken: \`gone-2.md\` does not exist; fix the path or add the file`,
      `link \`${own}/inner.md\` is broken: \`inner.md\` does not exist; fix the path or add the file`,
    ]);
    // Another repository's URL, written bare, is external.
    expect(show(testdir({ '.git/config': ORIGIN, 'a.md': 'https://github.com/acme/other/blob/main/gone.md\n' }))).toEqual([]);
  });

  it('`#readme` matches on a folder link only; on a file it is a fragment like any other', () => {
    const root = testdir({ 'a.md': '[d](d#readme) [e](e/#README) [f](f.md#readme)\n', 'd/README.md': '# D\n', 'e/x.txt': 'x', 'f.md': '# F\n' });
    expect(show(root)).toEqual(['MD_ANCHOR_BROKEN a.md:1']);
    expect(messages(root)[0]).toContain('`f.md#readme`');
  });
});
