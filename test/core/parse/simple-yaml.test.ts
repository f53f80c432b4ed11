/**
 * The frontmatter fast path must give exactly what the full YAML parser gives, whenever it
 * accepts the input: a differential test over generated frontmatter and every corpus here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFullYaml, resolvePlain } from '../../../src/core/parse/frontmatter.js';
import { parseSimpleYaml } from '../../../src/core/parse/simple-yaml.js';
import { expectBe, expectEqual } from '../../helpers/many-checks.js';
import { DEMO, FIXTURES, ROOT } from '../../helpers/paths.js';

const { random } = (await import(join(ROOT, 'bench', 'generate.mjs'))) as { random: (seed: number) => () => number };

const KEYS = ['id', 'title', 'type', 'status', 'depends_on', 'owner', 'tags', 'date', 'n', 'x-y', '_k', 'true', 'null', 'Null', '1a', '__proto__', 'a b', 'id'];
const SCALARS = [
  'BE-01', 'Plain title words', '007', '0x1F', '1e3', '.5', '-5', '+1', '1.0', 'null', '~', 'NULL', 'true', 'False', 'yes', '2024-01-01',
  '"A: quoted title"', '"with \\n escape"', '""', "'it''s'", "''", "'unterminated", '"unterminated', 'x # comment', 'C#', 'a:b',
  'http://x.test/y', '- a', '-', '&anchor x', '*alias', '!tag x', '%x', '@x', '`x`', '|', '>', 'ends:', 'key: value', '{a: 1}',
  '.inf', '.NaN', '12345678901234567890', 'Ünïcödé — title', 'with   inner   spaces', 'trailing   ',
];
const FLOWS = ['[]', '[a, b]', '[BE-01, DEC-002]', '[1, 2.5, null]', '[a,, b]', '[a, b, ]', '[a, [b]]', '["q", b]', '[a: b]', '[ a ,b ]', '[a # c]', '[a, b] extra', '[x'];

function generate(rand: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const lines: string[] = [];
  const count = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < count; i += 1) {
    const r = rand();
    const key = rand() < 0.85 ? pick(KEYS.slice(0, 11)) : pick(KEYS);
    if (r < 0.55) lines.push(`${key}: ${pick(SCALARS)}`);
    else if (r < 0.7) lines.push(`${key}: ${pick(FLOWS)}`);
    else if (r < 0.85) {
      lines.push(`${key}:`);
      const indent = pick(['', '  ', '    ']);
      for (let k = Math.floor(rand() * 4); k > 0; k -= 1) {
        if (rand() < 0.1) lines.push(pick(['', '# note', '  # indented note']));
        lines.push(`${rand() < 0.05 ? ' ' : ''}${indent}- ${pick(SCALARS)}`);
      }
    } else if (r < 0.9) lines.push(pick(['', '# comment', '   ', '\t']));
    else lines.push(pick([`${key}:`, `${key}:   `, `  continued line`, `${key}: a\n  b`, `${key}:\tx`, '- top', `${key} : x`]));
  }
  return lines.join('\n');
}

/** Checks the fast path against the full parser (20,000 times: `expectBe` and `expectEqual` ask vitest only about a pair that differs). */
function compare(text: string): 'fast' | 'full' {
  const fast = parseSimpleYaml(text, resolvePlain);
  if (fast === null) return 'full';
  const full = parseFullYaml(text, '', 0);
  expectBe(full.kind, 'ok', text);
  if (full.kind !== 'ok') return 'fast';
  expectEqual(fast.data, full.data, text);
  expectEqual(Object.keys(fast.data), Object.keys(full.data), text);
  expectEqual([...fast.entries], [...full.entries], text);
  return 'fast';
}

function frontmatters(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8').replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
    const end = text.indexOf('\n---', 3);
    if (text.startsWith('---\n') && end > 0) out.push(text.slice(4, end));
  }
  return out;
}

describe('parseSimpleYaml', () => {
  it('agrees with the full parser on 20 000 generated frontmatters, and takes most simple ones', () => {
    const rand = random(7);
    const used = { fast: 0, full: 0 };
    for (let i = 0; i < 20_000; i += 1) used[compare(generate(rand))] += 1;
    expect(used.fast).toBeGreaterThan(2000);
    expect(used.full).toBeGreaterThan(3000);
  });

  it('agrees on the demo and the fixtures, and takes every demo document', () => {
    const demo = frontmatters(DEMO).filter((fm) => !fm.includes('title: no id'));
    expect(demo.map(compare).filter((way) => way === 'fast').length).toBeGreaterThanOrEqual(15);
    for (const fm of frontmatters(FIXTURES)) compare(fm);
  });

  it('declines what only the full parser may judge', () => {
    for (const text of ['', '# only a comment', 'a: 1\na: 2', 'a:\n  b: 1', 'a: [x', 'a: "esc\\"aped"', 'a: x # c', 'a: &x 1\nb: *x', 'a: |\n  text', '- a\n- b', 'a: 1\n  b']) {
      expect(parseSimpleYaml(text, resolvePlain), text).toBeNull();
    }
  });
});

describe('resolvePlain', () => {
  it('resolves plain scalars exactly as the YAML library does (core schema)', async () => {
    const { parse } = await import('yaml');
    const samples = ['007', '0o17', '0o8', '0x1F', '0xG', '1e3', '1E-3', '.5', '5.', '+1', '-0', '+0.0', 'NULL', 'Null', 'nULL', '~', '', 'true', 'True', 'tRUE', 'False', 'FALSE', '.inf', '-.Inf', '+.INF', '.NaN', '-.nan', '2024-01-01', '1.0', '1_000', '0b11', 'yes', 'no', 'on', 'BE-01', '12345678901234567890', '1e', 'e1', '.', '+', '0x', '1.2.3', '١٢', 'type', 'title', 'tags', 'todo', 'nope', 'n', 'T', 'Tru', 'fals', 'NULLS', 'FALSE0', 'null_', 'false-'];
    for (const value of samples) {
      const expected = (parse(`k: ${value}`, { version: '1.2' }) as { k: unknown }).k;
      expect(Object.is(resolvePlain(value), expected) || (typeof expected === 'number' && Number.isNaN(expected) && Number.isNaN(resolvePlain(value) as number)), value).toBe(true);
    }
  });
});
