/**
 * The docugraph.yml `init` writes for a repository (META-01 §8): only what differs from the
 * defaults, each line commented with what was found, and a file that reads back as the
 * configuration it describes, whatever the documents held.
 */
import { describe, expect, it } from 'vitest';
import { proposeConfig } from '../../../src/core/answer/propose-config.js';
import type { RepositorySurvey } from '../../../src/core/model/survey-repository.js';
import { parseConfig } from '../../../src/core/parse/config.js';

const NO_KEYS = { files: 10, withFrontmatter: 8, idKey: { key: 'id', files: 8, numeric: false }, dependencyKeys: [], commaLists: null, statuses: [] };
const survey = (over: Partial<Omit<RepositorySurvey, 'keys'>> & { keys?: Partial<RepositorySurvey['keys']> }): RepositorySurvey => ({
  site: null,
  archives: [],
  traceFolders: [],
  kits: [],
  kitRoots: [],
  gitignored: { folders: [], all: false },
  foreign: [],
  oftItems: { items: 0, files: 0 },
  agentFiles: [],
  ...over,
  keys: { ...NO_KEYS, ...over.keys },
});

describe('proposeConfig', () => {
  it("files written for coding agents that have the id key are excluded, by kind; with another id key they are left alone", () => {
    const records = { pattern: '*.prompt.md', files: 48, keys: new Map([['id', 48], ['stage', 48]]) };
    const skills = { pattern: 'SKILL.md', files: 3, keys: new Map([['name', 3], ['id', 1]]) };
    const proposal = proposeConfig(survey({ keys: { idKey: null, withFrontmatter: 0 }, agentFiles: [records, skills, { pattern: 'AGENTS.md', files: 1, keys: new Map() }] }));
    expect(proposal.text).toContain(
      [
        '# Files written for coding agents stay out of the graph (delete a line to read them):',
        'exclude:',
        '  - "*.prompt.md"  # 48 files written for coding agents, each with an "id:" of their own: not documents of this repository',
        '  - "SKILL.md"  # 3 files written for coding agents, 1 with an "id:" of its own: not documents of this repository',
        '',
      ].join('\n'),
    );
    expect(proposal.choices).toEqual(['agent files *.prompt.md, SKILL.md excluded']);
    expect(parseConfig(proposal.text!).config.exclude).toEqual(['*.prompt.md', 'SKILL.md']);
    // The repository's ids are under `eip:`: an agent's `id:` makes no document.
    const eips = proposeConfig(survey({ keys: { idKey: { key: 'eip', files: 8, numeric: true } }, agentFiles: [records] }));
    expect(eips.text).not.toContain('exclude:');
    // Beside an archive: one list, one heading for both.
    const both = proposeConfig(survey({ archives: [{ dir: 'docs/archive', files: 4 }], agentFiles: [records] }));
    expect(both.text).toContain(['# Archived documents and files written for coding agents stay out of the graph (delete a line to read them):', 'exclude:', '  - "docs/archive/"  # 4 Markdown files', '  - "*.prompt.md"'].join('\n'));
  });

  it('an EIPs-style repository: the id key, the dependency key and the separator, each said why', () => {
    const proposal = proposeConfig(
      survey({ keys: { files: 951, withFrontmatter: 949, idKey: { key: 'eip', files: 949, numeric: true }, dependencyKeys: [{ key: 'requires', files: 769 }], commaLists: { values: 312, example: 'requires: 20, 165' } } }),
    );
    expect(proposal.text).toBe(
      [
        '# yaml-language-server: $schema=https://unpkg.com/docugraph/schema/docugraph.schema.json',
        '# Written by `docugraph init` from what it found here: 951 Markdown files, 949 with frontmatter.',
        '# Every key is optional, and each one below says why it is here. Next: docugraph validate',
        '',
        'fields:',
        '  # 949 of 949 frontmatter blocks have "eip:", each with its own value, whole numbers: the id',
        '  id: eip',
        '  # dependencies are listed under "requires:" (769 files)',
        '  dependsOn: [depends_on, requires]',
        '  # 312 dependency values are comma lists, such as "requires: 20, 165"',
        '  separator: ","',
        '',
      ].join('\n'),
    );
    expect(proposal.choices).toEqual(['id key "eip"', 'dependency key "requires"', 'comma lists split']);
    const { config, diagnostics } = parseConfig(proposal.text!);
    expect(diagnostics).toEqual([]);
    expect(config.fields).toMatchObject({ id: 'eip', dependsOn: ['depends_on', 'requires'], separator: ',' });
  });

  it("an EIPs-style repository's status words: what the defaults read as open work is mapped, each list in the repository's own words", () => {
    const statuses = [['Moved', 365], ['Stagnant', 238], ['Final', 138], ['Draft', 131], ['Withdrawn', 35], ['Review', 34], ['Last Call', 5], ['Living', 3]] as const;
    const proposal = proposeConfig(survey({ keys: { statuses: statuses.map(([written, files]) => ({ word: written.toLowerCase().replace(' ', '-'), written, files })) } }));
    expect(proposal.text).toContain(
      [
        '# The status words found, and what each means (every other word is open work: ready or blocked):',
        '#   done (finished): Final (138), Living (3)',
        '#   dropped (no longer work here): Moved (365), Stagnant (238), Withdrawn (35)',
        '#   open work: Draft (131), Review (34), Last Call (5)',
        'status:',
        '  done: [final, living]',
        '  dropped: [moved, stagnant, withdrawn]',
        '',
      ].join('\n'),
    );
    expect(proposal.choices).toEqual(['status "Moved" dropped']);
    const { config, diagnostics } = parseConfig(proposal.text!);
    expect(diagnostics).toEqual([]);
    expect(config.status).toEqual({ done: ['final', 'living'], dropped: ['moved', 'stagnant', 'withdrawn'] });
  });

  it('status words the defaults read right need no mapping; a long list of words is cut in the comment', () => {
    const word = (written: string, files = 1) => ({ word: written.toLowerCase(), written, files });
    expect(proposeConfig(survey({ keys: { statuses: [word('Final', 3), word('Draft', 2), word('Abandoned')] } })).text).toBeNull();
    const many = Array.from({ length: 30 }, (_, i) => word(`Open${String(i).padStart(2, '0')}`));
    const text = proposeConfig(survey({ keys: { statuses: [word('Archived', 2), ...many] } })).text!;
    expect(text).toContain('#   open work: Open00 (1), Open01 (1), Open02 (1), Open03 (1), Open04 (1), Open05 (1), Open06 (1), Open07 (1), Open08 (1), Open09 (1) and 20 more\n');
    expect(parseConfig(text).config.status.dropped).toEqual(['archived']);
  });

  it('a documentation site and archive folders read back as site style and excludes', () => {
    const proposal = proposeConfig(survey({ site: { generator: 'Hugo', config: 'hugo.toml', siteRoot: 'content', served: ['img'], versionedDocs: null }, archives: [{ dir: 'backlog/archive', files: 37 }, { dir: 'odd [dir]*', files: 1 }] }));
    expect(proposal.text).toContain('  # hugo.toml: a Hugo site, whose links name the published pages\n  style: site\n');
    expect(proposal.choices).toEqual(['site style (Hugo)', '2 archive folders excluded']);
    const { config, diagnostics } = parseConfig(proposal.text!);
    expect(diagnostics).toEqual([]);
    expect(config.links).toMatchObject({ style: 'site', siteRoot: 'content', ignore: ['{{*', '{%*', '/img'] });
    expect(config.exclude).toEqual(['backlog/archive/', 'odd \\[dir\\]\\*/']);
  });

  it('Docusaurus: what it serves at / is not checked; its versioned docs join the archives in one exclude list', () => {
    const proposal = proposeConfig(survey({ site: { generator: 'Docusaurus', config: 'website/docusaurus.config.js', siteRoot: '.', served: ['blog', 'img'], versionedDocs: 'website/versioned_docs' }, archives: [{ dir: 'old/archive', files: 2 }] }));
    const { config, diagnostics } = parseConfig(proposal.text!);
    expect(diagnostics).toEqual([]);
    expect(config.links).toMatchObject({ style: 'site', siteRoot: '.', ignore: ['/blog', '/img'] });
    expect(config.exclude).toEqual(['website/versioned_docs/', 'old/archive/']);
    expect(proposal.choices).toEqual(['site style (Docusaurus)', 'versioned docs excluded', '1 archive folder excluded']);
  });

  it('nothing to map: no text (init writes the commented defaults); no ids at all is said in a comment', () => {
    expect(proposeConfig(survey({}))).toEqual({ text: null, choices: [], notes: [] });
    const pages = proposeConfig(survey({ keys: { idKey: null }, site: { generator: 'MkDocs', config: 'mkdocs.yml', siteRoot: 'docs', served: [], versionedDocs: null } }));
    expect(pages.text).toContain('# No frontmatter key holds ids, so every file is a page');
  });

  it('values from documents stay inside one comment line; odd keys are quoted', () => {
    const proposal = proposeConfig(
      survey({ keys: { idKey: { key: 'null', files: 8, numeric: false }, dependencyKeys: [{ key: 'depends on: x', files: 2 }], commaLists: { values: 1, example: `requires: a,\nfields: {id: evil}\n${'x'.repeat(80)}` } } }),
    );
    const text = proposal.text!;
    expect(text.split('\n').filter((line) => line.includes('evil'))).toEqual([expect.stringMatching(/^ {2}# 1 dependency value is a comma list, such as "requires: a, fields: \{id: evil\} x+\.\.\."$/)]);
    const { config, diagnostics } = parseConfig(text);
    expect(diagnostics).toEqual([]);
    expect(config.fields).toMatchObject({ id: 'null', dependsOn: ['depends_on', 'depends on: x'], separator: ',' });
  });

  it('folders whose files hold trace tags become trace.sources, read back as written (TRACE §5)', () => {
    const proposal = proposeConfig(survey({ traceFolders: [{ dir: 'src', files: 12, file: false }, { dir: 'odd*dir', files: 1, file: false }, { dir: 'setup.py', files: 1, file: true }] }));
    expect(proposal.text).toContain('trace:\n  # files with "docugraph:" tags in their comments: 12 under src/, 1 under odd*dir/, setup.py (paths from the repository root)\n  sources: ["src/**", "odd\\\\*dir/**", "/setup.py"]\n');
    expect(proposal.choices).toEqual(['trace sources src/, odd*dir/, setup.py']);
    const { config, diagnostics } = parseConfig(proposal.text!);
    expect(diagnostics).toEqual([]);
    expect(config.trace.sources).toEqual(['src/**', 'odd\\*dir/**', '/setup.py']);
  });

  it('spec kits found become kits:, with the folders seen (KITS §1), read back as written', () => {
    const folders = Array.from({ length: 20 }, (_, i) => `specs/${String(i + 1).padStart(3, '0')}-feature`);
    const proposal = proposeConfig(
      survey({
        keys: { files: 30, withFrontmatter: 0, idKey: null },
        kits: [
          { kit: 'kiro', folders: ['.kiro/specs/auth', '.kiro/specs/billing'], count: 2 },
          { kit: 'speckit', folders, count: 23 },
        ],
      }),
    );
    const text = proposal.text!;
    expect(text).not.toContain('every file is a page');
    expect(text).toContain(
      [
        '# Spec kits: their requirements, criteria, stories and checkbox tasks are read as items. Folders seen:',
        '#   kiro: .kiro/specs/auth, .kiro/specs/billing',
        `#   speckit: ${folders.join(', ')} and 3 more`,
        'kits: [kiro, speckit]',
      ].join('\n'),
    );
    expect(proposal.choices).toEqual(['kits kiro (2 folders), speckit (23 folders)']);
    const { config, diagnostics } = parseConfig(text);
    expect(diagnostics).toEqual([]);
    expect(config.kits).toEqual(['kiro', 'speckit']);
  });

  it('kit folders a .gitignore keeps from being read: every kit file, `gitignore: false` said why; some folders, the line as a comment and a note (D-519)', () => {
    const speckit = { kit: 'speckit' as const, folders: ['specs/001-a', 'specs/002-b', 'specs/003-c', 'specs/004-d'], count: 4 };
    const all = proposeConfig(survey({ kits: [speckit], gitignored: { folders: speckit.folders, all: true } }));
    expect(all.text).toContain('# .gitignore lists the kit folders (specs/001-a, specs/002-b, specs/003-c and 1 more), so none of them would be read: this line reads them, and the rest .gitignore lists (delete it to honour .gitignore again)\ngitignore: false\n\n# Spec kits:');
    expect(all.choices).toEqual(['kits speckit (4 folders)', '.gitignore not honoured: it lists the kit folders']);
    expect(all.notes).toEqual([]);
    expect(parseConfig(all.text!).config.gitignore).toBe(false);
    // A package's kit folders count too (a monorepo's `roots:`).
    const roots = [{ path: 'packages/api', kits: [{ kit: 'kiro' as const, folders: ['packages/api/.kiro/specs/auth'], count: 1 }] }];
    const some = proposeConfig(survey({ kits: [speckit], kitRoots: roots, gitignored: { folders: ['specs/002-b', 'packages/api/.kiro/specs/auth'], all: false } }));
    expect(some.text).toContain('# .gitignore lists 2 of the kit folders seen (specs/002-b, packages/api/.kiro/specs/auth), which are not read; to read them, with what else .gitignore lists, remove the "# " below\n# gitignore: false\n');
    expect(some.notes).toEqual(['2 kit folders (specs/002-b, packages/api/.kiro/specs/auth) — not read: .gitignore lists them, and DocuGraph skips what .gitignore lists; `gitignore: false` in docugraph.yml (written there as a comment) reads them.']);
    expect(some.choices).not.toContain('.gitignore not honoured: it lists the kit folders');
    expect(parseConfig(some.text!).config.gitignore).toBe(true);
    expect(parseConfig(some.text!.replace('# gitignore: false', 'gitignore: false')).config.gitignore).toBe(false);
    // None listed: no line.
    expect(proposeConfig(survey({ kits: [speckit] })).text).not.toContain('gitignore');
  });

  it('with OpenSpec found, its archive is not excluded: the kit never reads it', () => {
    const proposal = proposeConfig(
      survey({ archives: [{ dir: 'openspec/changes/archive', files: 327 }, { dir: 'docs/archive', files: 3 }], kits: [{ kit: 'openspec', folders: ['openspec/specs/cli'], count: 1 }] }),
    );
    expect(parseConfig(proposal.text!).config.exclude).toEqual(['docs/archive/']);
    expect(proposal.choices).toEqual(['1 archive folder excluded', 'kits openspec (1 folder)']);
  });

  it('documents in formats it does not read: each counted, with what to do; nothing added to the file (issue 37)', () => {
    const proposal = proposeConfig(
      survey({
        keys: { files: 0, withFrontmatter: 0, idKey: null },
        foreign: [
          { format: 'reStructuredText', ext: '.rst', files: 759, convert: 'convert them' },
          { format: 'StrictDoc', ext: '.sdoc', files: 1, convert: 'export them' },
        ],
        oftItems: { items: 42, files: 3 },
      }),
    );
    expect(proposal.text).toBeNull();
    expect(proposal.notes).toEqual([
      '759 reStructuredText files (.rst) — not read: DocuGraph reads Markdown (.md) files only; convert them, with `id:` frontmatter to make them documents.',
      '1 StrictDoc file (.sdoc) — not read: DocuGraph reads Markdown (.md) files only; export them, with `id:` frontmatter to make them documents.',
      '42 OpenFastTrace items (`req~…~1`) in 3 Markdown files — not read as items: DocuGraph reads those files as pages (links checked); to trace them, give each item a file of its own with `id:` and `depends_on:` frontmatter, or keep them in a spec kit (docs/kits.md).',
    ]);
  });
});
