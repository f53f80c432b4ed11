import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/model/analyze-file.js';
import { frontmatterOf } from '../../../src/core/model/frontmatter-of.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../../../src/core/shared/config-types.js';

function analyze(text: string, config?: NodeConfig) {
  return analyzeText('docs/x.md', text, config);
}

const codes = (text: string) => analyze(text).diagnostics.map((d) => `${d.code}@${d.line}`);

describe('nodes (META-01 §3)', () => {
  it('builds a node with its fields', () => {
    const { node, diagnostics } = analyze('---\nid: BE-01\ntitle: Schema\ntype: task\nstatus: todo\ndepends_on: [A, B]\n---\nBody\n');
    expect(diagnostics).toEqual([]);
    expect(node).toMatchObject({ id: 'BE-01', title: 'Schema', type: 'task', status: 'todo', path: 'docs/x.md', dependsOn: ['A', 'B'], dependsOnLines: [6, 6] });
  });

  it('a file without frontmatter is no node and gets no diagnostic', () => {
    expect(analyze('# README\n')).toMatchObject({ node: null, diagnostics: [] });
  });

  it('frontmatter without an id is a page: no node, no diagnostic', () => {
    expect(analyze('---\ntitle: T\n---\n')).toMatchObject({ node: null, diagnostics: [], idLine: 1 });
  });

  it('ID_MISSING when the id is empty, or absent beside a dependency key', () => {
    expect(codes('---\nid:\ntitle: T\n---\n')).toEqual(['ID_MISSING@2']);
    expect(codes('---\ntitle: T\ndepends_on: [A]\n---\n')).toEqual(['ID_MISSING@1']);
    expect(codes('---\ntitle: T\ndepends_on:\n---\n')).toEqual(['ID_MISSING@1']);
    expect(analyze('---\ntitle: T\ndepends_on: A\n---\n').node).toBeNull();
  });

  it('a non-negative integer id stands for its decimal digits (META-01 rev 3 §3)', () => {
    expect(analyze('---\neip: 1559\ntitle: T\n---\n', { ...DEFAULT_CONFIG, fields: { ...DEFAULT_CONFIG.fields, id: 'eip' } }).node?.id).toBe('1559');
    expect(analyze('---\nid: 0\ntitle: T\n---\n').node?.id).toBe('0');
    // YAML reads 007 and 0x1F as integers; as ids they would silently change: quote them.
    expect(codes('---\nid: 007\ntitle: T\n---\n')).toEqual(['ID_INVALID@2']);
    expect(analyze('---\nid: 007\n---\n').diagnostics[0]?.message).toBe('`id` `007` is a number YAML reads as 7; quote it to keep it as written: `id: "007"`');
    expect(codes('---\nid: 0x1F\ntitle: T\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: 42\ntitle: T\n---\n')).toEqual([]);
  });

  it('ID_INVALID for ids that are not strings or non-negative integers, or have other characters', () => {
    expect(codes('---\nid: 4.2\ntitle: T\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: -3\ntitle: T\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: 9007199254740993\ntitle: T\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: true\ntitle: T\n---\n')).toEqual(['ID_INVALID@2']);
    expect(analyze('---\nid: 4.2\n---\n').diagnostics[0]?.message).toContain('quote it: `id: "4.2"`');
    expect(codes('---\nid: "has space"\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: -leading\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: ""\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: [A]\n---\n')).toEqual(['ID_INVALID@2']);
    expect(codes('---\nid: a.b_c-D9\ntitle: T\n---\n')).toEqual([]);
  });

  it('TITLE_MISSING falls back to the first level-1 heading, then to the id', () => {
    const withHeading = analyze('---\nid: A\n---\n## Not this\n# The *real* `title`\n# Second\n');
    expect(withHeading.node?.title).toBe('The real title');
    expect(withHeading.diagnostics.map((d) => d.code)).toEqual(['TITLE_MISSING']);
    expect(analyze('---\nid: A\ntitle: ""\n---\nno heading').node?.title).toBe('A');
    expect(codes('---\nid: A\ntitle: "  "\n---\n')).toEqual(['TITLE_MISSING@3']);
    expect(codes('---\nid: A\ntitle: 12\n---\n')).toEqual(['TITLE_MISSING@3']);
    expect(analyze('---\nid: A\n---\n#\n').node?.title).toBe('A');
    expect(analyze('---\nid: A\n---\n# ![logo](x.png)\n').node?.title).toBe('A');
  });

  it('newlines in a title become single spaces', () => {
    expect(analyze('---\nid: A\ntitle: "One\\nTwo"\n---\n').node?.title).toBe('One Two');
    expect(analyze('---\nid: A\ntitle: "a\\n\\nb"\n---\n').node?.title).toBe('a  b');
    expect(analyze('---\nid: A\ntitle: "x\\r\\ny\\rz"\n---\n').node?.title).toBe('x y z');
    expect(analyze('---\nid: A\ntitle: |\n  One\n  Two\n---\n').node?.title).toBe('One Two');
    expect(analyze('---\nid: A\n---\nSetext\nheading\n===\n').node?.title).toBe('Setext heading');
  });

  it('depends_on: absent, null, a string, or a list of strings', () => {
    expect(analyze('---\nid: A\ntitle: T\n---\n').node?.dependsOn).toEqual([]);
    expect(analyze('---\nid: A\ntitle: T\ndepends_on:\n---\n').node?.dependsOn).toEqual([]);
    expect(analyze('---\nid: A\ntitle: T\ndepends_on: B\n---\n').node?.dependsOn).toEqual(['B']);
    const list = analyze('---\nid: A\ntitle: T\ndepends_on:\n  - B\n  - C\n---\n').node;
    expect(list?.dependsOn).toEqual(['B', 'C']);
    expect(list?.dependsOnLines).toEqual([5, 6]);
  });

  it('integer dependency entries stand for their digits; a separator splits a string (META-01 rev 3 §3)', () => {
    expect(analyze('---\nid: A\ntitle: T\ndepends_on: 20\n---\n').node?.dependsOn).toEqual(['20']);
    expect(analyze('---\nid: A\ntitle: T\ndepends_on: [20, B, 165]\n---\n').node?.dependsOn).toEqual(['20', 'B', '165']);
    // Without a separator a string is one entry, commas and all.
    expect(analyze('---\nid: A\ntitle: T\ndepends_on: "20, 165"\n---\n').node?.dependsOn).toEqual(['20, 165']);
    const eips = { ...DEFAULT_CONFIG, fields: { ...DEFAULT_CONFIG.fields, id: 'eip', dependsOn: ['requires'], separator: ',' } };
    const split = analyze('---\neip: 1559\ntitle: T\nrequires: 20, 165 ,, 2718\n---\n', eips);
    expect(split.node?.dependsOn).toEqual(['20', '165', '2718']);
    expect(split.node?.dependsOnLines).toEqual([4, 4, 4]);
    expect(split.node?.dependsOnKeys).toEqual(['requires', 'requires', 'requires']);
    // Each item of a list is split too, and a repeat across the parts counts once.
    const items = analyze('---\neip: 1\ntitle: T\nrequires: ["20, 165", 20]\n---\n', eips);
    expect(items.node?.dependsOn).toEqual(['20', '165']);
    expect(items.diagnostics.map((d) => d.code)).toEqual(['DEPENDS_ON_DUPLICATE']);
  });

  it('DEPENDS_ON_INVALID for other values; string items still count', () => {
    expect(codes('---\nid: A\ntitle: T\ndepends_on: 3.5\n---\n')).toEqual(['DEPENDS_ON_INVALID@4']);
    expect(codes('---\nid: A\ntitle: T\ndepends_on: {B: 1}\n---\n')).toEqual(['DEPENDS_ON_INVALID@4']);
    const mixed = analyze('---\nid: A\ntitle: T\ndepends_on:\n  - B\n  - -7\n  - [C]\n  - D\n---\n');
    expect(mixed.diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(['DEPENDS_ON_INVALID@6', 'DEPENDS_ON_INVALID@7']);
    expect(mixed.node?.dependsOn).toEqual(['B', 'D']);
    expect(mixed.diagnostics.every((d) => d.nodeId === 'A')).toBe(true);
  });

  it('DEPENDS_ON_DUPLICATE warns and counts the id once', () => {
    const result = analyze('---\nid: A\ntitle: T\ndepends_on:\n  - B\n  - C\n  - B\n---\n');
    expect(result.diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(['DEPENDS_ON_DUPLICATE@7']);
    expect(result.node?.dependsOn).toEqual(['B', 'C']);
  });

  it('keeps unknown keys and the whole normalised text', () => {
    const node = analyze('---\nid: A\ntitle: T\nowner: me\n---\nbody\n').node!;
    // The mapping is not kept on the node: it is parsed again from the text when asked for.
    expect(frontmatterOf(node)['owner']).toBe('me');
    expect(Object.keys(node)).not.toContain('frontmatter');
    expect(node.text).toBe('---\nid: A\ntitle: T\nowner: me\n---\nbody\n');
  });

  it('FRONTMATTER_INVALID files are no nodes and get nothing else', () => {
    const result = analyze('---\nid: A\ntitle: [x}\n---\n');
    expect(result.node).toBeNull();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['FRONTMATTER_INVALID']);
  });
});
