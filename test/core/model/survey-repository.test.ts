/**
 * Reading a repository for `docugraph init` (META-01 §8): the files discovery would find, the
 * site generator's configuration, the archive folders; nothing through a symbolic link.
 */
import { describe, expect, it } from 'vitest';
import { surveyRepository } from '../../../src/core/model/survey-repository.js';
import { testdir } from '../../helpers/testdir.js';

const page = '---\ntitle: A page\n---\n# A page\n';

describe('the site generator', () => {
  it('Hugo: hugo.toml, or a config.toml with baseURL; siteRoot is its contentDir, else content', () => {
    expect(surveyRepository(testdir({ 'hugo.toml': 'title = "x"\n', 'content/a.md': page })).site).toMatchObject({ generator: 'Hugo', config: 'hugo.toml', siteRoot: 'content' });
    expect(surveyRepository(testdir({ 'config.toml': 'baseURL = "https://x.test/"\ncontentDir = "content/en"\n', 'content/en/a.md': page })).site).toMatchObject({ generator: 'Hugo', config: 'config.toml', siteRoot: 'content/en' });
    // A config.toml of some other tool is not Hugo's.
    expect(surveyRepository(testdir({ 'config.toml': '[tool]\nname = "x"\n', 'a.md': page })).site).toBeNull();
  });

  it('Docusaurus at the root or one folder down: the site\'s own folder', () => {
    expect(surveyRepository(testdir({ 'docusaurus.config.ts': 'export default {};\n', 'docs/intro.md': page })).site).toMatchObject({ generator: 'Docusaurus', config: 'docusaurus.config.ts', siteRoot: '.' });
    expect(surveyRepository(testdir({ 'website/docusaurus.config.js': 'module.exports = {};\n', 'website/docs/intro.md': page, 'README.md': '# r\n' })).site).toMatchObject({ generator: 'Docusaurus', config: 'website/docusaurus.config.js', siteRoot: 'website' });
  });

  it('Docusaurus: the folder its docs route is part of, read from the docs options', () => {
    const site = (config: string) => surveyRepository(testdir({ 'website/docusaurus.config.js': config, 'docs/a.md': page })).site?.siteRoot;
    // Jest's layout: the site in website/, the docs one folder up, published at /docs/.
    expect(site("module.exports = { presets: [['classic', { docs: { editUrl: ({ locale }) => { return 'x'; }, path: '../docs' }, blog: { path: 'blog' } }]] };\n")).toBe('.');
    expect(site("module.exports = { presets: [['classic', { docs: { path: 'guides', routeBasePath: '/' } }]] };\n")).toBe('website/guides');
    expect(site("module.exports = { presets: [['classic', { docs: { path: 'content/docs' } }]] };\n")).toBe('website/content');
    // A route that is not the end of the path, or a path that leaves the repository: the site's folder.
    expect(site("module.exports = { presets: [['classic', { docs: { path: 'guides' } }]] };\n")).toBe('website');
    expect(site("module.exports = { presets: [['classic', { docs: { path: '../../outside/docs' } }]] };\n")).toBe('website');
  });

  it('Hugo: a module mount onto content names the content folder; Hugo and Docusaurus list what they serve at /', () => {
    const hugo = surveyRepository(testdir({ 'hugo.toml': "[[module.mounts]]\n    source = 'content/en'\n    target = 'content'\n", 'content/en/a.md': page, 'static/img/logo.png': 'x', 'static/fonts/f.woff': 'x' })).site;
    expect(hugo).toEqual({ generator: 'Hugo', config: 'hugo.toml', siteRoot: 'content/en', served: ['fonts', 'img'], versionedDocs: null });
    const docusaurus = surveyRepository(testdir({ 'website/docusaurus.config.js': '{}', 'website/static/img/a.png': 'x', 'website/blog/2016-07-27-x.md': page, 'website/versioned_docs/version-1/a.md': page, 'docs/a.md': page })).site;
    expect(docusaurus).toMatchObject({ served: ['blog', 'img'], versionedDocs: 'website/versioned_docs' });
  });

  it('MkDocs: its docs_dir, else docs; Jekyll: its source, else the root; DocFX: the root', () => {
    expect(surveyRepository(testdir({ 'mkdocs.yml': 'site_name: x\n', 'docs/index.md': page })).site).toMatchObject({ generator: 'MkDocs', siteRoot: 'docs' });
    expect(surveyRepository(testdir({ 'mkdocs.yml': 'site_name: x\ndocs_dir: documentation/\n', 'documentation/index.md': page })).site).toMatchObject({ siteRoot: 'documentation' });
    expect(surveyRepository(testdir({ '_config.yml': 'title: x\n', 'index.md': page })).site).toMatchObject({ generator: 'Jekyll', siteRoot: '.' });
    expect(surveyRepository(testdir({ 'docfx.json': '{}\n', 'articles/a.md': page })).site).toMatchObject({ generator: 'DocFX', siteRoot: '.' });
  });

  it('mdBook (issue 37): book.toml, its [book] src, else src', () => {
    expect(surveyRepository(testdir({ 'book.toml': '[book]\ntitle = "x"\n', 'src/SUMMARY.md': page })).site).toMatchObject({ generator: 'mdBook', config: 'book.toml', siteRoot: 'src' });
    expect(surveyRepository(testdir({ 'book.toml': '[book]\nsrc = "book-src"\n', 'book-src/SUMMARY.md': page })).site).toMatchObject({ siteRoot: 'book-src' });
    expect(surveyRepository(testdir({ 'guide/book.toml': '[book]\n', 'guide/src/SUMMARY.md': page })).site).toMatchObject({ generator: 'mdBook', config: 'guide/book.toml', siteRoot: 'guide/src' });
  });

  it('a setting that climbs out or is absolute is not taken; a configuration that is a symbolic link is not read', () => {
    expect(surveyRepository(testdir({ 'mkdocs.yml': 'docs_dir: ../elsewhere\n', 'docs/index.md': page })).site).toMatchObject({ siteRoot: 'docs' });
    const outside = testdir({ 'hugo.toml': 'contentDir = "secret"\n' });
    expect(surveyRepository(testdir({ 'hugo.toml': { symlink: `${outside}/hugo.toml` }, 'a.md': page })).site).toBeNull();
  });

  it('siteRoot is relative to the repository root when the workspace is a folder of it', () => {
    const repo = testdir({ '.git/HEAD': 'ref: refs/heads/main\n', 'site/mkdocs.yml': 'site_name: x\n', 'site/docs/index.md': page });
    expect(surveyRepository(`${repo}/site`).site).toMatchObject({ config: 'mkdocs.yml', siteRoot: 'site/docs' });
  });
});

describe('the files and the archive folders', () => {
  it('reads what discovery finds (.gitignore honoured), and counts the Markdown files of each outermost archive folder', () => {
    const root = testdir({
      '.gitignore': 'build/\n',
      'build/x.md': '---\neip: 9\n---\n',
      'a.md': '---\neip: 1\n---\n',
      'b.md': '---\neip: 2\n---\n',
      'backlog/archive/tasks/t1.md': page,
      'backlog/archive/archive/t2.md': page,
      'Archived/old.md': page,
      'notes/archive.md': page,
    });
    const survey = surveyRepository(root);
    expect(survey.keys).toMatchObject({ files: 6, withFrontmatter: 6 });
    expect(survey.archives).toEqual([
      { dir: 'Archived', files: 1 },
      { dir: 'backlog/archive', files: 2 },
    ]);
    expect(survey.site).toBeNull();
  });
});

describe('files of coding agents', () => {
  it('are not documents of the repository: a SKILL.md with `id:` never makes `id` the id key', () => {
    const eip = (n: number) => `---\neip: ${n}\ntitle: EIP ${n}\nstatus: Final\n---\n# EIP ${n}\n`;
    const skill = '---\nid: eip-review\nname: eip-review\ndescription: Reviews an EIP\n---\n# Review\n';
    const survey = surveyRepository(
      testdir({
        'EIPS/eip-1.md': eip(1),
        'EIPS/eip-2.md': eip(2),
        'EIPS/eip-3.md': eip(3),
        'skills/eip-review/SKILL.md': skill,
        'skills/eip-format/SKILL.md': skill.replace(/eip-review/g, 'eip-format'),
        'AGENTS.md': '---\nid: agents\n---\n# Agents\n',
        'docs/review.instructions.md': '---\nid: review\napplyTo: "**"\n---\n',
        'docs/fix.prompt.md': '---\nid: fix\n---\n',
      }),
    );
    expect(survey.keys).toMatchObject({ files: 3, withFrontmatter: 3, idKey: { key: 'eip', files: 3, numeric: true } });
    // Counted apart, by kind, with the keys at the top of their frontmatter.
    expect(survey.agentFiles.map((a) => ({ ...a, keys: Object.fromEntries(a.keys) }))).toEqual([
      { pattern: '*.instructions.md', files: 1, keys: { id: 1, applyTo: 1 } },
      { pattern: '*.prompt.md', files: 1, keys: { id: 1 } },
      { pattern: 'AGENTS.md', files: 1, keys: { id: 1 } },
      { pattern: 'SKILL.md', files: 2, keys: { id: 2, name: 2, description: 2 } },
    ]);
  });

  it("an Agent Skill's other files (a `_SKILL.md` draft, its references) are the skill's too; a SKILL.md at the root or in docs/ is not a skill's folder", () => {
    // DvornikovDV/VKR at b592ded: `agent/skills/speckit.implement/_SKILL.md` with `depends-on:` made init map `depends-on`, and 14 SKILL.md files then failed with ID_MISSING.
    const skill = '---\nname: implement\ndepends-on: [plan]\n---\n# Implement\n';
    const survey = surveyRepository(
      testdir({
        'agent/skills/speckit.implement/SKILL.md': skill,
        'agent/skills/speckit.implement/_SKILL.md': skill,
        'agent/skills/speckit.implement/references/steps.md': skill,
        'vibeflow-skills/setup/SKILL.md': skill,
        'vibeflow-skills/setup/guide.md': skill,
        'docs/plan.md': '---\nid: PLAN\n---\n# Plan\n',
      }),
    );
    expect(survey.keys).toMatchObject({ files: 1, dependencyKeys: [] });
    // sqrtqiezi/diting keeps a SKILL.md at its root; okajun35/NecoKeeper one in docs/: the repository's own files stay its own.
    const rooted = surveyRepository(testdir({ 'SKILL.md': skill, 'docs/SKILL.md': skill, 'docs/a.md': skill, 'b.md': skill }));
    expect(rooted.keys).toMatchObject({ files: 2, dependencyKeys: [{ key: 'depends-on', files: 2 }] });
  });

  it("Spec Kit Plus's prompt history records: each key of their frontmatter counted, of YAML that does not parse too", () => {
    // The shape of ISMAIL-AHMED-SHAH/Todo-Evolution at d23e3e2 (history/prompts/<feature>/*.prompt.md).
    const record = (id: string, extra = '') => `---\nid: ${id}\ntitle: Execute phase 3\nstage: tasks\nsurface: agent\n${extra}---\n\n## Prompt\n`;
    const survey = surveyRepository(
      testdir({
        'specs/001-todo/spec.md': '# Feature Specification: Todo\n',
        'history/prompts/001-todo/004-execute-phase-3.tasks.prompt.md': record('004'),
        'history/prompts/constitution/002-update.constitution.prompt.md': record('002', 'command: /sp.constitution - id: uv description: | The project\n'),
      }),
    );
    expect(survey.keys).toMatchObject({ files: 1, withFrontmatter: 0, idKey: null });
    expect(survey.agentFiles.map((a) => ({ ...a, keys: Object.fromEntries(a.keys) }))).toEqual([
      { pattern: '*.prompt.md', files: 2, keys: { id: 2, title: 2, stage: 2, surface: 2, command: 1 } },
    ]);
  });
});
