/**
 * `inlineText` (a heading's text as shown) answers plain text without the inline parser; the
 * answer must be the parser's, on plain titles and on every inline construct beside them.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from 'markdown-it';
import { inlineText } from '../../../src/core/parse/markdown.js';
import { parsers } from '../../../src/core/parse/markdown-parser.js';

const { md } = parsers();

/** The parser's answer, as `inlineText` gave it before the fast path. */
function parsed(content: string): string {
  const children: Token[] = [];
  md.inline.parse(content, md, {}, children);
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'text_special' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak') text += '\n';
  }
  return text;
}

describe('inlineText', () => {
  const plain = ['Requirement 3: Sign in', 'Task 2.1 — cache the token', '要件 3: ログイン', '  padded  ', 'a: b, c; (d) {e} #f $g %h ^i +j =k |l', 'http://example.com/x', 'x\u0000y', ''];
  const marked = ['**Bold** title', '`code` and _em_', '[link](x.md) text', 'a &amp; b', 'esc\\*aped', '<b>html</b>', '~~gone~~', '![img](a.png)', 'line\nbreak', 'trailing  \nhard'];
  it.each([...plain, ...marked])('%j: the inline parser’s text', (content) => {
    expect(inlineText(content)).toBe(parsed(content));
  });
});
