/**
 * The block scanner (src/core/parse/markdown-blocks.ts) must give exactly what a whole-body
 * markdown-it parse gives: every field of the extraction is compared, on generated bodies built
 * from the lines that decide block structure, on the bench's generated workspace and on the
 * corpora of this repository.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractMarkdown } from '../../../src/core/parse/markdown.js';
import { parsers } from '../../../src/core/parse/markdown-parser.js';

const { md } = parsers();
import { expectEqual } from '../../helpers/many-checks.js';
import { markdownBodies } from '../../helpers/markdown-bodies.js';
import { DEMO, FIXTURES, ROOT } from '../../helpers/paths.js';
import { testdir } from '../../helpers/testdir.js';

const { generateWorkspace } = (await import(join(ROOT, 'bench', 'generate.mjs'))) as {
  generateWorkspace: (dir: string, count: number, seed: number) => unknown;
};

/** The scanner's extraction equals the whole-body parse's (thousands of bodies: `expectEqual` asks vitest only about a pair that differs). */
function same(body: string, label: string | (() => string)): void {
  expectEqual(extractMarkdown(body, 3), extractMarkdown(body, 3, false), label);
}

/** Lines that open, continue, interrupt or close blocks, plain ones with links among them. */
const LINES = [
  'plain [a](a.md) text', 'more words', 'lazy [l](l.md#Sec)', 'text # with hash', '[lead](l.md) starts a paragraph', '![img](i.png) [x](x.md "t")',
  '`code` [c](c.md)', '``two`` ticks', '~~strike~~ [s](s.md)', '\\- escaped [e](e.md)', '<https://a.test> auto', 'a <span id="in">x</span> [h](h.md)',
  '# Heading [h](h.md)', '## Heading ##', '### Closed #', '#### ## ', '#', '# ', '#tag', '####### seven', '# A *b* `c`', '## Dup', '## Dup',
  '- item [i](i.md)', '* item', '+ item [p](p.md)', '-item', '- ', '-', '- [ ] task [t](t.md)', '- - -', '-  two spaces', '- `code` item', '- # heading item', '- 1. nested',
  '***', '___', '---', '===', '1. one [o](o.md)', '2) two', '10. ten', '1.5 not a list', '> quote [q](q.md)', '> > deeper',
  '    indented [x](x.md)', '  two spaces [y](y.md)', '   ```', '  ~~~', '```', '```js', '``` a`b', '~~~', '````', '~~~~ md', '```   ',
  '| a | [b](b.md) |', '|---|---|', 'a | b', '<div>', '</div>', '<a name="x"></a>', '<!-- c [no](no.md) -->', '<pre>',
  '[ref]: r.md', '[^1]: note [n](n.md)', 'use [ref] and [^1]', '\t[tab](t.md)', 'trailing   ', ' ', '', '', '', '',
];

function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function generated(count: number, seed: number, pool: readonly string[]): string[] {
  const rand = random(seed);
  return Array.from({ length: count }, () => {
    const lines = Array.from({ length: 1 + Math.floor(rand() * 24) }, () => pool[Math.floor(rand() * pool.length)]!);
    return lines.join('\n') + (rand() < 0.5 ? '\n' : '');
  });
}

describe('the block scanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('agrees with a whole-body parse on bodies built from every kind of block line', () => {
    for (const [i, body] of generated(4000, 7, LINES).entries()) same(body, () => `generated ${i}: ${JSON.stringify(body)}`);
  });

  it('agrees on bodies of the lines it reads itself, where most chunks take the fast path', () => {
    const plain = ['plain [a](a.md) text', 'lazy [l](l.md)', '# H [h](h.md)', '## Dup', '- item [i](i.md)', '* star', '```', '~~~', '```ts', '', '', '', 'word `[c](c.md)`'];
    // One line in a few that only just differs from a plain one (setext underlines, indentation, a table, a fence with a backtick).
    const nearMiss = ['===', '---', '\t[tab](t.md)', '  [two](t.md)', '   ```', '| x | [y](y.md) |', '|---|', '- ', '1. [o](o.md)', '> [q](q.md)', '#tag', '``` a`b', '- - -'];
    const pool = [...plain, ...plain, ...plain, ...nearMiss];
    for (const [i, body] of generated(3000, 11, pool).entries()) same(body, () => `plain ${i}: ${JSON.stringify(body)}`);
  });

  it('agrees on tables and the lines around them', () => {
    const pool = [
      '| a | [b](b.md) |', '|---|---|', '|:--|--:|', '| --- | :-: |', '--- | ---', '- | -', '|-|', '||', 'a | b [c](c.md)', 'no pipe [n](n.md)', '| one |', '| x | y | z [z](z.md) |',
      '| esc \\| pipe [e](e.md) |', '| `code | x` |', '', '', '', '# H', '- item', '> q', '```', '  | indented |', '1. one', '[^1]: f', '<b>x</b>', 'plain [p](p.md)',
    ];
    for (const [i, body] of generated(4000, 17, pool).entries()) same(body, () => `table ${i}: ${JSON.stringify(body)}`);
    const tables = ['| a | b |\n|---|---|\n| [c](c.md) | d |\n| e |\n| f | g | [h](h.md) |\n', 'x | [y](y.md)\n--|--\nrow [r](r.md)\n\n# After\n', '| h |\n|:-:|\n',
      // A header without a pipe is a paragraph; an escaped pipe does not split a cell.
      'no pipe [n](n.md)\n|---|\n| x | y [y](y.md) |\n', '| a |\n|---|\n| b \\| [c](c.md) |\n'];
    for (const body of tables) same(body, body);
  });

  it('agrees where a container may continue past a blank line', () => {
    const pool = ['- item [i](i.md)', '1. one [o](o.md)', '> q [q](q.md)', '', '', '\t[tab](t.md)', '    [four](f.md)', '  [two](t.md)', '   [three](h.md)', 'plain [p](p.md)', '```', '   ```', '  ~~~'];
    for (const [i, body] of generated(3000, 13, pool).entries()) same(body, () => `container ${i}: ${JSON.stringify(body)}`);
  });

  it('agrees on the bench workspace and on the corpora', () => {
    const bench = testdir({});
    generateWorkspace(bench, 300, 20261130);
    for (const dir of [bench, DEMO, FIXTURES]) for (const { path, body } of markdownBodies(dir)) same(body, path);
  });

  it('does not cut a body whose HTML block (indented or not) holds a fence line', () => {
    for (const indent of ['', ' ', '   ']) {
      const body = `${indent}<div>\n\`\`\`\n\n\`\`\`\n[x](x.md)\n\nz [z](z.md)\n\`\`\`\n`;
      same(body, body);
      expect(extractMarkdown(body, 1).links, body).toEqual([]);
    }
  });

  it('tracks a fence line that follows a definition whose title is not closed (the fence ends it)', () => {
    const body = '[a]: /url "\n```\n"\n\n```\n[x](x.md)\n\nz [z](z.md)\n```\n';
    same(body, body);
    expect(extractMarkdown(body, 1).links).toEqual([
      { url: 'x.md', line: 6 },
      { url: 'z.md', line: 8 },
    ]);
  });

  it('keeps line numbers of definitions and of the nesting limit when chunks are parsed apart', () => {
    const deep = `${'> '.repeat(120)}[deep](d.md)`;
    for (const body of [`# A\n\n[x]: x.md\n\n${deep}\n`, `para\n\n${deep}\n\n${deep}\n`, `text\n\n- a\n\n${deep}\n`]) same(body, body);
  });

  it('reads plain bodies without markdown-it, and hands it only the chunks it cannot read', () => {
    const parse = vi.spyOn(md, 'parse');
    const body = '# Title\n\nSome [text](a.md).\n\n- one [b](b.md)\n- two\nlazy\n\n```ts\n[no](no.md)\n```\n\n## End\n';
    const info = extractMarkdown(body, 1);
    expect(parse).not.toHaveBeenCalled();
    expect(info.links).toEqual([
      { url: 'a.md', line: 3 },
      { url: 'b.md', line: 5 },
    ]);
    expect(info.anchors).toEqual(['title', 'end']);
    extractMarkdown('# Title\n\n| a | [b](b.md) |\n|---|---|\n\n> quote [q](q.md)\n\nafter [c](c.md)\n', 1);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parse.mock.calls[0]![0]).toBe('> quote [q](q.md)\n\n');
  });
});
