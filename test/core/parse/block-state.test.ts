/**
 * The faster block state sets exactly the fields markdown-it's own constructor sets, with the
 * same values, on every kind of line (indentation with spaces and tabs, blank and space-only
 * lines, a last line with or without a line break).
 */
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { useFastBlockState } from '../../../src/core/parse/block-state.js';

describe('fast block state', () => {
  it('equals the original on random texts', () => {
    const original = new MarkdownIt();
    const fast = new MarkdownIt();
    useFastBlockState(fast);
    expect(fast.block.State).not.toBe(original.block.State);
    const pieces = [' ', '  ', '\t', '\n', '\n', 'a', 'b c', '#', '- ', '    x', ' \t ', '```'];
    let seed = 9;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const texts = ['', '\n', ' ', '\t', 'a', 'a\n', ' \n', 'a\n  ', 'a\n\t', '\n\n', '  a\n\tb\n \t c'];
    for (let n = 0; n < 5000; n += 1) texts.push(Array.from({ length: Math.floor(next() * 14) }, () => pieces[Math.floor(next() * pieces.length)]!).join(''));
    for (const text of texts) {
      const env = {};
      const a = new original.block.State(text, original, env, []);
      const b = new fast.block.State(text, fast, env, []);
      expect(Object.getPrototypeOf(b)).toBe(Object.getPrototypeOf(a));
      expect(Object.keys(b)).toEqual(Object.keys(a));
      const fields = (s: object) => Object.fromEntries(Object.entries(s).filter(([key]) => key !== 'md'));
      expect(fields(b), JSON.stringify(text)).toEqual(fields(a));
    }
  });

  it('parses to the same tokens', () => {
    const original = new MarkdownIt();
    const fast = new MarkdownIt();
    useFastBlockState(fast);
    const text = '# T\n\n  para\n\ttabbed\n\n- a\n  - b\n\n```\ncode\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n   ';
    expect(JSON.stringify(fast.parse(text, {}))).toBe(JSON.stringify(original.parse(text, {})));
  });
});
