/**
 * Issue 8, classes 2 and 8: one small file cannot overflow the stack, and content nested past
 * the parser's limit is reported, never silently unchecked.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { extractMarkdown } from '../../../src/core/parse/markdown.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('no stack overflow from one file', () => {
  it('125k depends_on items that are not strings, and 125k links, in one file', () => {
    const items = Array.from({ length: 125_000 }, (_, i) => `  - ${i}.5`).join('\n');
    const links = Array.from({ length: 125_000 }, (_, i) => `[l${i}](missing-${i % 10}.md)`).join(' ');
    const root = testdir({
      'many-deps.md': `---\nid: DEPS\ntitle: deps\ndepends_on:\n${items}\n---\n`,
      'many-links.md': `${links}\n`,
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.filter((d) => d.code === 'DEPENDS_ON_INVALID')).toHaveLength(125_000);
    expect(ws.diagnostics.filter((d) => d.code === 'MD_LINK_BROKEN')).toHaveLength(125_000);
  });

  it('thousands of indented reference definitions in a row', () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `${i === 0 ? '' : '    '}[d${i}]: ./d${i}.md`).join('\n');
    const info = extractMarkdown(`${body}\n`, 1);
    expect(info.links).toHaveLength(20_000);
    expect(info.links[19_999]).toEqual({ url: './d19999.md', line: 20_000 });
  });
});

describe('content nested past the parser limit is reported (MD_NESTING_TOO_DEEP), not dropped silently', () => {
  it('a link inside 150 nested block quotes', () => {
    const root = testdir({ 'deep.md': `# Deep\n\n${'> '.repeat(150)}[x](missing.md)\n` });
    const found = loadWorkspace(root).diagnostics.map((d) => [d.code, d.line]);
    expect(found).toContainEqual(['MD_NESTING_TOO_DEEP', 3]);
  });

  it('a link inside 150 nested list items', () => {
    const lines = Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- item ${i}`);
    const root = testdir({ 'deep.md': `${lines.join('\n')} [x](missing.md)\n` });
    const codes = loadWorkspace(root).diagnostics.map((d) => d.code);
    expect(codes).toContain('MD_NESTING_TOO_DEEP');
  });

  it('a link inside 150 nested brackets', () => {
    const root = testdir({ 'deep.md': `Text ${'['.repeat(150)}[x](missing.md)${']'.repeat(150)}\n` });
    const codes = loadWorkspace(root).diagnostics.map((d) => d.code);
    expect(codes).toContain('MD_NESTING_TOO_DEEP');
  });

  it('ordinary nesting is parsed whole', () => {
    const body = `${'> '.repeat(20)}[x](missing.md)\n\n${Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}- [y](gone.md)`).join('\n')}\n\n${'['.repeat(20)}[z](zz.md)${']'.repeat(20)}\n`;
    const info = extractMarkdown(body, 1);
    expect(info.tooDeepLine).toBeNull();
    expect(info.links.map((l) => l.url)).toEqual(['missing.md', ...Array(10).fill('gone.md'), 'zz.md']);
  });

  it('a document with a deep part says which file and line, once', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }, `ok\n\n${'> '.repeat(120)}[x](y.md)\n${'> '.repeat(120)}[x](y.md)\n`) });
    const deep = loadWorkspace(root).diagnostics.filter((d) => d.code === 'MD_NESTING_TOO_DEEP');
    expect(deep).toEqual([expect.objectContaining({ nodeId: 'A', path: 'a.md', line: 7 })]);
  });
});
