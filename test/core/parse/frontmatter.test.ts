import { describe, expect, it } from 'vitest';
import { parseFrontmatter, type FrontmatterResult } from '../../../src/core/parse/frontmatter.js';

function ok(text: string) {
  const result = parseFrontmatter(text);
  if (result.kind !== 'ok') throw new Error(`expected frontmatter, got ${JSON.stringify(result)}`);
  return result;
}

describe('parseFrontmatter (META-01 §2)', () => {
  it('reads a mapping and says where the body starts', () => {
    const result = ok('---\nid: A\ntitle: Alpha\n---\n# Body\n');
    expect(result.data).toEqual({ id: 'A', title: 'Alpha' });
    expect(result.body).toBe('# Body\n');
    expect(result.bodyLine).toBe(5);
    expect(result.entries.get('title')?.line).toBe(3);
  });

  it('nesting near the YAML library\'s stack limit is the same finding however deep the stack already is (issue 38: warm and cold loads differed)', () => {
    const nested = (n: number) => `---\nid: A\nx: ${'['.repeat(n)}${']'.repeat(n)}\n---\n`;
    const deep = (n: number, depth: number): FrontmatterResult => (depth === 0 ? parseFrontmatter(nested(n)) : deep(n, depth - 1));
    for (const n of [401, 700, 950]) {
      for (const depth of [0, 2000, 5000]) expect(deep(n, depth), `${n} at ${depth}`).toMatchObject({ kind: 'invalid', message: 'frontmatter is nested too deeply to be read; flatten it' });
    }
    expect(deep(300, 5000)).toMatchObject({ kind: 'ok' });
  });

  it('allows trailing spaces on the fences and `...` as the closing line', () => {
    const result = ok('---   \nid: A\n...  \nbody');
    expect(result.data).toEqual({ id: 'A' });
    expect(result.body).toBe('body');
  });

  it('is not frontmatter when the first line is anything but `---`', () => {
    expect(parseFrontmatter('# Title\n---\nid: A\n---\n').kind).toBe('none');
    expect(parseFrontmatter(' ---\nid: A\n---\n').kind).toBe('none');
    expect(parseFrontmatter('----\nid: A\n---\n').kind).toBe('none');
    expect(parseFrontmatter('').kind).toBe('none');
  });

  it('reports unclosed frontmatter on line 1 and checks no body', () => {
    const result = parseFrontmatter('---\nid: A\ntitle: never closed\n');
    expect(result).toMatchObject({ kind: 'invalid', line: 1, body: null });
    expect(parseFrontmatter('---')).toMatchObject({ kind: 'invalid', line: 1 });
  });

  it('gives the file line of a YAML syntax error', () => {
    const result = parseFrontmatter('---\nid: A\ntitle: [unclosed}\n---\n');
    expect(result).toMatchObject({ kind: 'invalid', line: 3 });
    if (result.kind === 'invalid') expect(result.message).toMatch(/^frontmatter is not valid YAML: /);
  });

  it('an error at the end of the YAML is on the last YAML line, not on the closing fence', () => {
    expect(parseFrontmatter('---\nid: A\ntitle: T\nx: [unclosed\n---\n')).toMatchObject({ kind: 'invalid', line: 4 });
    expect(parseFrontmatter('---\nid: A\ntitle: "unterminated\n---\n')).toMatchObject({ kind: 'invalid', line: 3 });
  });

  it('treats duplicate keys as an error at the repeated key', () => {
    const result = parseFrontmatter('---\nid: A\ntitle: One\nstatus: todo\ntitle: Two\n---\n');
    expect(result).toMatchObject({ kind: 'invalid', line: 5 });
  });

  it('rejects a top level that is not a mapping, and says what the frontmatter was', () => {
    expect(parseFrontmatter('---\n- a\n- b\n---\n')).toMatchObject({ kind: 'invalid', line: 2, source: '- a\n- b' });
    expect(parseFrontmatter('---\n\njust text\n---\n')).toMatchObject({ kind: 'invalid', line: 3 });
    expect(parseFrontmatter('---\nnull\n---\n')).toMatchObject({ kind: 'invalid', line: 2 });
    expect(parseFrontmatter('---\nid: A\nno close\n')).toMatchObject({ kind: 'invalid', line: 1, source: 'id: A\nno close\n' });
  });

  it('empty frontmatter (nothing, blank lines, comments) is an empty mapping (META-01 rev 3 §2)', () => {
    for (const text of ['---\n---\nbody', '---\n\n   \n---\nbody', '---\n# front matter for Jekyll\n---\nbody']) {
      expect(parseFrontmatter(text), JSON.stringify(text)).toMatchObject({ kind: 'ok', data: {}, body: 'body' });
    }
  });

  it('parses YAML 1.2: `no`, `on` and dates stay strings, numbers stay numbers', () => {
    const result = ok('---\nid: A\na: no\nb: on\nc: 2026-01-01\nd: 007\n---\n');
    expect(result.data).toEqual({ id: 'A', a: 'no', b: 'on', c: '2026-01-01', d: 7 });
  });

  it('keeps unknown keys and records the line of every list item', () => {
    const result = ok('---\nid: A\ndepends_on:\n  - B\n  - C\nowner: team\n---\n');
    expect(result.data['owner']).toBe('team');
    expect(result.entries.get('depends_on')?.itemLines).toEqual([4, 5]);
  });

  it('refuses alias bombs instead of expanding them', () => {
    const bomb = ['---', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 12; i += 1) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`);
    bomb.push('id: A', '---', '');
    expect(parseFrontmatter(bomb.join('\n')).kind).toBe('invalid');
  });
});

describe('the YAML library stays quiet', () => {
  it('a key that is a collection emits no process warning (the warning would quote the document on stderr, unescaped)', async () => {
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listener);
    try {
      const result = parseFrontmatter('---\nid: A\n{ a: b }: c\n? [x, y]\n: z\n---\n');
      expect(result.kind).toBe('ok');
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    expect(warnings).toEqual([]);
  });
});
