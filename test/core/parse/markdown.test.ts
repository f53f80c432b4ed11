import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../../../src/core/parse/markdown.js';
import { closestMatches, editDistance } from '../../../src/core/shared/suggest.js';

describe('extractMarkdown (META-01 §5)', () => {
  it('finds inline links, images, definitions and table links, with file lines', () => {
    const body = '# T\n\n[a](a.md "title") ![i](i.png)\n[r][def] www.example.com\n\n[def]: <my file.md>\n\n| x |\n|---|\n| [t](t.md) |\n';
    const info = extractMarkdown(body, 5);
    // GFM autolink literals (www.example.com) are always external, so they are not collected.
    expect(info.links).toEqual([
      { url: 'a.md', line: 7 },
      { url: 'i.png', line: 7 },
      { url: 'my file.md', line: 10 },
      { url: 't.md', line: 14 },
    ]);
  });

  it('gives each link its own line, after multi-line code spans, links and titles too', () => {
    const body = 'a `code\nspan` [one](1.md)\n[two](2.md\n"title") [three](3.md)\n\n> - [four](4.md)\n>   [five](5.md)\n\n[d1]: d1.md\n[d1]: d2.md\n';
    expect(extractMarkdown(body, 1).links).toEqual([
      { url: '1.md', line: 2 },
      { url: '2.md', line: 3 },
      { url: '3.md', line: 4 },
      { url: '4.md', line: 6 },
      { url: '5.md', line: 7 },
      { url: 'd1.md', line: 9 },
      { url: 'd2.md', line: 10 },
    ]);
  });

  it('keeps destinations as written: unescaped, not percent-encoded, any scheme', () => {
    const body = '[a](my\\_file.md) [b](<a b.md>) [c](ü.md) [d](javascript:void(0)) [e](%7E.md) [f](a&amp;b.md)\n';
    expect(extractMarkdown(body, 1).links.map((l) => l.url)).toEqual(['my_file.md', 'a b.md', 'ü.md', 'javascript:void(0)', '%7E.md', 'a&b.md']);
  });

  it('GFM footnote definitions are not link definitions', () => {
    expect(extractMarkdown('Text[^1].\n\n[^1]: notes.md\n', 1).links).toEqual([]);
  });

  it('ignores code spans, fenced and indented code, HTML blocks and comments', () => {
    const body = '`[a](a.md)`\n\n```md\n[b](b.md)\n```\n\n    [c](c.md)\n\n<div>\n[d](d.md)\n</div>\n\n<!-- [e](e.md) -->\n';
    expect(extractMarkdown(body, 1).links).toEqual([]);
  });

  it('counts links inside footnotes and block quotes', () => {
    const info = extractMarkdown('> [q](q.md)\n\nText[^1].\n\n[^1]: See [f](f.md).\n', 1);
    expect(info.links.map((l) => l.url)).toEqual(['q.md', 'f.md']);
  });

  it('computes GitHub anchors: lower case, punctuation dropped, repeats numbered', () => {
    const body = '# Hello World\n## Setup & Run!\n### Notes\n### Notes\n### Notes\n## `code` *em* [link](x.md)\n## Ünïcode Straße\n## <span>Tagged</span>\n## ![logo](l.png) Logo\nSetext\n------\n';
    expect(extractMarkdown(body, 1).anchors).toEqual([
      'hello-world',
      'setup--run',
      'notes',
      'notes-1',
      'notes-2',
      'code-em-link',
      'ünïcode-straße',
      'tagged',
      '-logo',
      'setext',
    ]);
  });

  it('gives the first level-1 heading as plain text', () => {
    expect(extractMarkdown('## two\n# One *bold* `x`\n# Later\n', 1).firstH1).toBe('One bold x');
    expect(extractMarkdown('no headings', 1).firstH1).toBeNull();
  });
});

describe('suggestions', () => {
  it('edit distance, bounded', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('closest first; ties: no longer than what was written, then the longest start shared with it, then code-unit order; case-insensitive', () => {
    // All one edit away and one longer: `be-2x` starts with all of `be-2`, the others with `be-`.
    expect(closestMatches('be-2', ['BE-02', 'BE-12', 'FE-02', 'be-2x', 'ZZZ'], 3)).toEqual(['be-2x', 'BE-02', 'BE-12']);
    // A character changed or left out before one added: `T12` does not suggest `T120` first, nor `R3.3` `R3.30`.
    expect(closestMatches('T12', ['T1', 'T11', 'T120', 'T13'], 2)).toEqual(['T1', 'T11']);
    expect(closestMatches('R3.3', ['R3.30', 'R3.1', 'R1.3'], 1)).toEqual(['R3.1']);
    expect(closestMatches('T-12x', ['T-120', 'T-12', 'T-121'], 1)).toEqual(['T-12']);
    // A criterion of requirement 3 that does not exist: its requirement's own criterion first, not requirement 1's.
    expect(closestMatches('auth/R3.3', ['auth/R1.3', 'auth/R3.1', 'auth/R3.2', 'auth/R4.3'], 3)).toEqual(['auth/R3.1', 'auth/R3.2', 'auth/R1.3']);
    expect(closestMatches('DEC-002901', ['DEC-002001', 'DEC-002902'], 1)).toEqual(['DEC-002902']);
    expect(closestMatches('x', [], 5)).toEqual([]);
  });
});
