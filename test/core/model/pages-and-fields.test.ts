/**
 * META-01 rev 2 §3 on real repositories (issue 10): frontmatter without an id is a page,
 * field keys come from the configuration, near-miss and synonym keys get FIELD_MISSPELLED,
 * a comma-separated `depends_on` says to write a list, and YAML errors say how to quote.
 * The fixtures under test/fixtures/r10-* each describe their findings in EXPECTED.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/model/analyze-file.js';
import { frontmatterOf } from '../../../src/core/model/frontmatter-of.js';
import { buildGraph } from '../../../src/core/model/build-graph.js';
import { CODE_DESCRIPTIONS, severityOf } from '../../../src/core/shared/codes.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../../../src/core/shared/config-types.js';
import { parseFrontmatter } from '../../../src/core/parse/frontmatter.js';
import { buildReport, loadWorkspace } from '../../../src/core/index.js';
import type { DocNode } from '../../../src/core/shared/types.js';
import { testdir } from '../../helpers/testdir.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url));
const load = (name: string) => {
  const report = buildReport(loadWorkspace(fixture(name)));
  const all = [...report.errors, ...report.warnings];
  return { report, findings: all.map((d) => `${d.code} ${d.path}:${d.line} ${d.nodeId}`), messages: all.map((d) => d.message) };
};

/** A configuration with other field keys. */
const withFields = (fields: Partial<NodeConfig['fields']>, requireId = false): NodeConfig => ({
  fields: { ...DEFAULT_CONFIG.fields, ...fields },
  requireId,
});
const analyze = (text: string, config?: NodeConfig) => analyzeText('docs/x.md', text, config);
/** A file's own findings, with the keys it would add a FIELD_MISSPELLED for (reported once per key by the assembly). */
const found = (text: string, config?: NodeConfig) => {
  const analysis = analyze(text, config);
  return [...analysis.diagnostics.map((d) => `${d.code}@${d.line}`), ...analysis.misspelled.map((u) => `FIELD_MISSPELLED@${u.line}`)];
};

const backlogMapping = '`fields: { dependsOn: [depends_on, dependencies] }`';
/** What every FIELD_MISSPELLED message says between the mapping and the count of files. */
const INIT = ' (`docugraph init` writes the mapping for a repository);';

describe('fixtures of real repositories (issue 10)', () => {
  it('r10-pages: Hugo, MADR and agent-template frontmatter are pages; their links are still checked', () => {
    const { report, findings } = load('r10-pages');
    expect(findings).toEqual(['MD_LINK_BROKEN content/posts/hello-world.md:9 null']);
    expect(report.nodeCount).toBe(1);
    expect(report.edgeCount).toBe(0);
  });

  it('r10-backlog: `dependencies` is ignored with a warning that says how to map it', () => {
    const { report, findings, messages } = load('r10-backlog');
    expect(report).toMatchObject({ valid: true, nodeCount: 2, edgeCount: 0 });
    expect(findings).toEqual(['FIELD_MISSPELLED backlog/tasks/task-1 - Set-up-the-project.md:9 task-1']);
    expect(messages).toEqual([
      `\`dependencies\` is not a DocuGraph field, so these dependencies are ignored; did you mean \`depends_on\`? Rename it, or map it in docugraph.yml: ${backlogMapping}${INIT} 1 file gives it a value`,
    ]);
  });

  it('r10-backlog with `dependsOn: [depends_on, dependencies]`: one edge and no warning', () => {
    const config = withFields({ dependsOn: ['depends_on', 'dependencies'] });
    const dir = `${fixture('r10-backlog')}backlog/tasks/`;
    const nodes = new Map<string, DocNode>();
    const diagnostics = [];
    for (const name of readdirSync(dir).sort()) {
      const analysis = analyzeText(`backlog/tasks/${name}`, readFileSync(dir + name, 'utf8'), config);
      diagnostics.push(...analysis.diagnostics);
      if (analysis.node !== null) nodes.set(analysis.node.id, analysis.node);
    }
    expect(diagnostics).toEqual([]);
    expect(nodes.get('task-1')).toMatchObject({ dependsOn: ['task-2'], dependsOnLines: [10] });
    const graph = buildGraph(nodes);
    expect(graph.edgeCount).toBe(1);
    expect(graph.upstream.get('task-1')).toEqual(['task-2']);
    expect(graph.diagnostics).toEqual([]);
  });

  it('r10-field-keys: near misses and synonyms, on their lines; a page reports only what would make it a document', () => {
    const { report, findings, messages } = load('r10-field-keys');
    expect(report).toMatchObject({ valid: true, nodeCount: 4, edgeCount: 0 });
    expect(findings).toEqual([
      'FIELD_MISSPELLED a.md:4 A',
      'FIELD_MISSPELLED b.md:4 B',
      'TITLE_MISSING c.md:1 C',
      'FIELD_MISSPELLED c.md:3 C',
      'FIELD_MISSPELLED d.md:2 null',
      'FIELD_MISSPELLED e.md:4 null',
      'FIELD_MISSPELLED f.md:4 F',
      'FIELD_MISSPELLED f.md:5 F',
    ]);
    expect(messages).toEqual([
      '`depends-on` is not a DocuGraph field, so these dependencies are ignored; did you mean `depends_on`? Rename it, or map it in docugraph.yml: `fields: { dependsOn: [depends_on, depends-on] }`' + INIT + ' 1 file gives it a value',
      '`dependsOn` is not a DocuGraph field, so these dependencies are ignored; did you mean `depends_on`? Rename it, or map it in docugraph.yml: `fields: { dependsOn: [depends_on, dependsOn] }`' + INIT + ' 1 file gives it a value',
      'document `C` has no `title`; add a line such as `title: Heading of C` (shown as "Heading of C" until then)',
      '`Title` is not a DocuGraph field, so it is not read as the title; did you mean `title`? Rename it, or map it in docugraph.yml: `fields: { title: Title }`' + INIT + ' 1 file gives it a value',
      '`ID` is not a DocuGraph field, so this file has no id and is not a document; did you mean `id`? Rename it, or map it in docugraph.yml: `fields: { id: ID }`' + INIT + ' 1 file gives it a value',
      '`requires` is not a DocuGraph field, so these dependencies are ignored; did you mean `depends_on`? Rename it, or map it in docugraph.yml: `fields: { dependsOn: [depends_on, requires] }`' + INIT + ' 1 file gives it a value',
      '`Depends_On` is not a DocuGraph field, so these dependencies are ignored; did you mean `depends_on`? Rename it, or map it in docugraph.yml: `fields: { dependsOn: [depends_on, Depends_On] }`' + INIT + ' 1 file gives it a value',
      '`blocked_by` is not a DocuGraph field, so these dependencies are ignored; did you mean `depends_on`? Rename it, or map it in docugraph.yml: `fields: { dependsOn: [depends_on, blocked_by] }`' + INIT + ' 1 file gives it a value',
    ]);
  });

  it('r10-comma-depends: `depends_on: B-1, B-2` is one missing id, and the message shows the list to write', () => {
    const { report, findings, messages } = load('r10-comma-depends');
    expect(report).toMatchObject({ valid: false, nodeCount: 3, edgeCount: 0 });
    expect(findings).toEqual(['LINK_BROKEN task.md:4 T']);
    expect(messages).toEqual([
      '`depends_on` names `B-1, B-2`, but no document has that id; it holds commas: write a YAML list, `depends_on: [B-1, B-2]`, or split such strings with `fields: { separator: "," }` in docugraph.yml',
    ]);
  });

  it('r10-yaml-hints: each YAML error says how to quote the value', () => {
    const { report, findings, messages } = load('r10-yaml-hints');
    expect(report.nodeCount).toBe(0);
    expect(findings).toEqual([
      'FRONTMATTER_INVALID alias.md:4 null',
      'FRONTMATTER_INVALID assignee.md:4 null',
      'FRONTMATTER_INVALID backtick.md:4 null',
      'FRONTMATTER_INVALID block-list.md:6 null',
      'FRONTMATTER_INVALID colon.md:3 null',
      'FRONTMATTER_INVALID flow.md:4 null',
    ]);
    expect(messages).toEqual([
      'frontmatter cannot be read: Unresolved alias (the anchor must be set before the alias): draft*; quote the value: `note: "*draft*"`',
      'frontmatter is not valid YAML: Plain value cannot start with reserved character @; quote the value: `assignee: "@user"`',
      'frontmatter is not valid YAML: Plain value cannot start with reserved character `; quote the value: `` summary: "`make` builds it" ``',
      'frontmatter is not valid YAML: Plain value cannot start with reserved character @; quote the value: `- "@alice"`',
      'frontmatter is not valid YAML: Nested mappings are not allowed in compact mappings; quote the value: `title: "Setup: the basics"`',
      'frontmatter is not valid YAML: Plain value cannot start with reserved character @; quote the item: `reviewers: ["@alice", bob]`',
    ]);
  });
});

describe('pages and ID_MISSING (META-01 rev 2 §3)', () => {
  it('frontmatter without the id key is a page; a dependency key or requireId makes it ID_MISSING', () => {
    expect(analyze('---\ntitle: T\ndate: 2024-01-01\n---\n')).toMatchObject({ node: null, diagnostics: [] });
    const withDeps = analyze('---\ntitle: T\ndepends_on: [A]\n---\n').diagnostics;
    expect(withDeps).toEqual([
      {
        code: 'ID_MISSING',
        message: 'frontmatter has `depends_on` but no `id`, so it is meant to be a document: add a line such as `id: BE-01` (letters, digits, `.`, `_`, `-`) so other documents can depend on this one',
        nodeId: null,
        path: 'docs/x.md',
        line: 1,
      },
    ]);
    const required = analyze('---\ntitle: T\n---\n', withFields({}, true)).diagnostics;
    expect(required.map((d) => `${d.code}@${d.line}`)).toEqual(['ID_MISSING@1']);
    expect(required[0]?.message).toContain('(docugraph.yml sets `requireId: true`)');
  });

  it('a configured dependency alias makes an id-less file ID_MISSING; an unmapped synonym does not', () => {
    expect(found('---\ntitle: T\ndependencies: [A]\n---\n')).toEqual(['FIELD_MISSPELLED@3']);
    const config = withFields({ dependsOn: ['depends_on', 'dependencies'] });
    const diagnostics = analyze('---\ntitle: T\ndependencies: [A]\n---\n', config).diagnostics;
    expect(diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(['ID_MISSING@1']);
    expect(diagnostics[0]?.message).toMatch(/^frontmatter has `dependencies` but no `id`/);
  });

  it('a file meant as a document (ID_MISSING, ID_INVALID) gets every near miss; a page only the id and dependency ones', () => {
    expect(found('---\nTitle: T\nstatus_: x\ndepends_on: [A]\n---\n')).toEqual(['ID_MISSING@1', 'FIELD_MISSPELLED@2', 'FIELD_MISSPELLED@3']);
    expect(found('---\nid: 7.5\nTitle: T\n---\n')).toEqual(['ID_INVALID@2', 'FIELD_MISSPELLED@3']);
    expect(found('---\nTitle: T\nType: page\nStatus: x\nId: P\n---\n')).toEqual(['FIELD_MISSPELLED@5']);
    expect(loadWorkspace(testdir({ 'a.md': '---\nid: A\nTitle: T\n---\n' })).diagnostics.find((d) => d.code === 'FIELD_MISSPELLED')?.nodeId).toBe('A');
  });

  it('the id near miss says the file is no document only when the id key is absent', () => {
    const [both] = analyze('---\nid: A\ntitle: T\nID: B\n---\n').misspelled;
    expect(both?.message).toMatch(/^`ID` is not a DocuGraph field, so it is not read as the id; did you mean `id`\?/);
  });

  it('keys that are not near misses are not reported', () => {
    expect(found('---\nid: A\ntitle: T\nidentifier: x\nsubtitle: y\ndepends: [B]\ndependency_notes: z\n---\n')).toEqual(['FIELD_MISSPELLED@6']);
    // An empty value names nothing and never warns (META-01 rev 3 §3).
    expect(found('---\nid: A\ntitle: T\ndepends: \ndependencies: []\nrequires: ""\n---\n')).toEqual([]);
    expect(found('---\nid: A\ntitle: T\nlayout: post\npermalink: /a/\nowner: me\n---\n')).toEqual([]);
  });
});

describe('field keys from the configuration', () => {
  it('id, title, type and status come from the configured keys; the raw mapping is kept', () => {
    const config = withFields({ id: 'key', title: 'name', type: 'kind', status: 'state' });
    const { node, diagnostics } = analyze('---\nkey: K-1\nname: Named\nkind: spec\nstate: done\nid: ignored\n---\n', config);
    expect(diagnostics).toEqual([]);
    expect(node).toMatchObject({ id: 'K-1', title: 'Named', type: 'spec', status: 'done' });
    expect(frontmatterOf(node!)).toEqual({ key: 'K-1', name: 'Named', kind: 'spec', state: 'done', id: 'ignored' });
    // Without the configured id key the file is a page, whatever `id` says.
    expect(analyze('---\nid: A\ntitle: T\n---\n', config)).toMatchObject({ node: null, diagnostics: [] });
  });

  it('messages name the configured keys', () => {
    const config = withFields({ id: 'key', title: 'name', dependsOn: ['needs'] });
    expect(analyze('---\nkey: -12\n---\n', config).diagnostics[0]?.message).toBe('`key` must be a string, but it is a number (`-12`); quote it: `key: "-12"`');
    expect(analyze('---\nkey: A\n---\n', config).diagnostics[0]?.message).toBe('document `A` has no `name`; add a line such as `name: A` (shown as "A" until then)');
    expect(analyze('---\nkey: A\nname: N\nneeds: 3.5\n---\n', config).diagnostics[0]?.message).toBe(
      '`needs` must be an id or a list of ids, but it is a number; write e.g. `needs: [BE-01, DEC-002]`',
    );
    expect(analyze('---\nneeds: [A]\n---\n', config).diagnostics[0]?.message).toMatch(/^frontmatter has `needs` but no `key`.*`key: BE-01`/);
  });

  it('dependency keys are merged in the configured order, each entry once, with each key\'s lines', () => {
    const config = withFields({ dependsOn: ['depends_on', 'dependencies', 'requires'] });
    const text = '---\nid: A\ntitle: T\nrequires: R\ndependencies:\n  - D1\n  - B\ndepends_on: [B, C]\n---\n';
    const { node, diagnostics } = analyze(text, config);
    expect(node).toMatchObject({ dependsOn: ['B', 'C', 'D1', 'R'], dependsOnLines: [8, 8, 6, 4] });
    expect(diagnostics).toEqual([
      {
        code: 'DEPENDS_ON_DUPLICATE',
        message: '`dependencies` lists `B`, which `depends_on` already lists; remove the repeat (it counts once)',
        nodeId: 'A',
        path: 'docs/x.md',
        line: 7,
      },
    ]);
  });

  it('a repeat inside one key and an invalid item name that key', () => {
    const config = withFields({ dependsOn: ['depends_on', 'dependencies'] });
    const { node, diagnostics } = analyze('---\nid: A\ntitle: T\ndependencies:\n  - X\n  - 4.5\n  - X\n---\n', config);
    expect(node?.dependsOn).toEqual(['X']);
    expect(diagnostics.map((d) => `${d.code}@${d.line} ${d.message}`)).toEqual([
      'DEPENDS_ON_INVALID@6 `dependencies` item 2 (`4.5`) is not an id string; quote it: `- "4.5"`',
      'DEPENDS_ON_DUPLICATE@7 `dependencies` lists `X` more than once; remove the repeat (it counts once)',
    ]);
  });

  it('a near miss of a configured alias names that alias; a mapped synonym is no longer reported', () => {
    const config = withFields({ dependsOn: ['depends_on', 'dependencies'] });
    const [d] = analyze('---\nid: A\ntitle: T\nDependencies: [B]\n---\n', config).misspelled;
    expect(d?.message).toBe(
      '`Dependencies` is not a DocuGraph field, so these dependencies are ignored; did you mean `dependencies`? Rename it, or map it in docugraph.yml: `fields: { dependsOn: [depends_on, dependencies, Dependencies] }`' + INIT.slice(0, -1),
    );
    expect(found('---\nid: A\ntitle: T\ndependencies: [B]\nrequires: [C]\n---\n', config)).toEqual(['FIELD_MISSPELLED@5']);
  });

  it('with no dependency key configured, a synonym is still reported, without a guess', () => {
    const [d] = analyze('---\nid: A\ntitle: T\nrequires: [B]\n---\n', withFields({ dependsOn: [] })).misspelled;
    expect(d?.message).toBe('`requires` is not a DocuGraph field, so these dependencies are ignored; Rename it, or map it in docugraph.yml: `fields: { dependsOn: [requires] }`' + INIT.slice(0, -1));
  });

  it('a configured key that names an inherited property is read as an own key only', () => {
    expect(analyze('---\ntitle: T\n---\n', withFields({ id: 'toString', dependsOn: ['constructor'] }))).toMatchObject({ node: null, diagnostics: [] });
  });
});

describe('YAML hints (META-01 rev 2 §3)', () => {
  const message = (yaml: string) => {
    const result = parseFrontmatter(`---\n${yaml}\n---\n`);
    return result.kind === 'invalid' ? `${result.line}: ${result.message}` : result.kind;
  };

  it('quotes values that start with a reserved character or hold `: `', () => {
    expect(message('id: A\nowner: @team/docs # the owners')).toBe('3: frontmatter is not valid YAML: Plain value cannot start with reserved character @; quote the value: `owner: "@team/docs"`');
    expect(message('id: A\ntitle: a "b": c')).toBe('3: frontmatter is not valid YAML: Nested mappings are not allowed in compact mappings; quote the value: `title: \'a "b": c\'`');
    expect(message('id: A\nnote: *bold* text')).toMatch(/^3: frontmatter is not valid YAML: .*; quote the value: `note: "\*bold\* text"`$/);
  });

  it('gives no hint where none of the usual causes is on the line', () => {
    expect(message('id: A\ntitle: [unclosed}')).toBe('3: frontmatter is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]');
    expect(message('id: A\ntitle: "quoted": x')).not.toContain('quote the value');
    expect(message('id: A\n  bad: indent')).not.toContain('; quote');
  });

  it('valid uses of the same characters are still valid', () => {
    expect(message('id: A\nbase: &b x\ncopy: *b\ntitle: "@alice: hi"\nurl: http://x:80/a')).toBe('ok');
  });
});

describe('codes', () => {
  it('FIELD_MISSPELLED is a warning and CONFIG_INVALID an error, each described', () => {
    expect(severityOf('FIELD_MISSPELLED')).toBe('warning');
    expect(severityOf('CONFIG_INVALID')).toBe('error');
    expect(CODE_DESCRIPTIONS.FIELD_MISSPELLED).toMatch(/near miss/);
    expect(CODE_DESCRIPTIONS.CONFIG_INVALID).toMatch(/docugraph\.yml/);
  });
});
