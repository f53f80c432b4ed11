/**
 * compileGlobs: gitignore semantics (gitignore(5)) case by case, the order of rules across
 * the hash maps and the scanned lists, the places where it follows git rather than the
 * `ignore` package, and its memory of directories. Against `ignore` at random:
 * test/fuzz/globs-differential.test.ts; against git itself: globs-git.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compileGlobs } from '../../../src/core/read/compile-globs.js';
import { verdict } from '../../helpers/glob-cases.js';

type Case = readonly [rules: string, path: string, answer: 'ignored' | 'unignored' | 'none'];

const CASES: readonly Case[] = [
  // Blank lines, comments, escapes at the start.
  ['\n\n# a.md\n', 'a.md', 'none'],
  ['\\#a.md', '#a.md', 'ignored'],
  ['\\!a.md', '!a.md', 'ignored'],
  ['!\\!a.md', '!a.md', 'unignored'],
  // Trailing spaces are dropped unless escaped; tabs stay.
  ['a.md   ', 'a.md', 'ignored'],
  ['a\\ ', 'a ', 'ignored'],
  ['a\\  ', 'a', 'none'],
  ['a\t', 'a', 'none'],
  // No slash: any depth; a slash at the start or in the middle: from the base only.
  ['a.md', 'x/y/a.md', 'ignored'],
  ['/a.md', 'x/a.md', 'none'],
  ['x/a.md', 'x/a.md', 'ignored'],
  ['x/a.md', 'y/x/a.md', 'none'],
  // A trailing slash: directories only; a directory ignores everything in it.
  ['docs/', 'docs', 'none'],
  ['docs/', 'docs/', 'ignored'],
  ['docs/', 'x/docs/a/b.md', 'ignored'],
  ['docs', 'docs/a.md', 'ignored'],
  ['docs/\n!docs/keep.md', 'docs/keep.md', 'ignored'],
  ['docs/*\n!docs/keep.md', 'docs/keep.md', 'unignored'],
  // `**`: leading, trailing (everything inside, not the directory itself), in the middle.
  ['**/a.md', 'a.md', 'ignored'],
  ['**/x/a.md', 'y/z/x/a.md', 'ignored'],
  ['x/**', 'x/', 'none'],
  ['x/**', 'x/a/b.md', 'ignored'],
  ['x/**/', 'x/a', 'none'],
  ['x/**/', 'x/a/', 'ignored'],
  ['x/**/a.md', 'x/a.md', 'ignored'],
  ['x/**/a.md', 'x/1/2/3/a.md', 'ignored'],
  ['x/***/a.md', 'x/1/a.md', 'ignored'],
  ['/**', 'a/b.md', 'ignored'],
  // Other runs of stars are one star: never across a slash.
  ['x**.md', 'xa.md', 'ignored'],
  ['x/**a.md', 'x/b/a.md', 'none'],
  ['x/*', 'x/a/b.md', 'ignored'],
  ['*/a.md', 'x/y/a.md', 'none'],
  // `?`, classes (ranges, negation, a leading `]`, POSIX names), escapes.
  ['?.md', 'ab.md', 'none'],
  ['[a-c].md', 'b.md', 'ignored'],
  ['[!a-c].md', 'b.md', 'none'],
  ['[^a-c].md', 'd.md', 'ignored'],
  ['[]a].md', '].md', 'ignored'],
  ['[[:digit:]].md', '7.md', 'ignored'],
  ['[[:nope:]].md', 'n.md', 'none'],
  ['[a.md', '[a.md', 'none'],
  ['\\[a].md', '[a].md', 'ignored'],
  ['\\*.md', 'a.md', 'none'],
  ['\\*.md', '*.md', 'ignored'],
  ['a.md\\', 'a.md', 'none'],
  // Case-sensitive, as git on Linux.
  ['A.md', 'a.md', 'none'],
  // Followed as git does, where `ignore` differs: a `**` beside an escaped slash.
  ['**\\/b', 'b', 'none'],
  ['**\\/b', 'x/y/b', 'ignored'],
  ['x\\/**', 'x/', 'none'],
  ['x\\/**', 'x/y', 'ignored'],
  // Followed as gitignore(5) and `ignore` say, where git's implementation differs: `**` beside
  // a literal is one star (git matches `abc` here, taking it for a `**/`).
  ['ab**/c', 'abc', 'none'],
  ['ab**/c', 'abx/y/c', 'none'],
  ['ab**/c', 'abx/c', 'ignored'],
];

describe('compileGlobs: gitignore semantics', () => {
  it.each(CASES)('%j on %j: %s', (rules, path, answer) => {
    expect(verdict(compileGlobs(rules).test(path))).toBe(answer);
    expect(verdict(compileGlobs(rules.split('\n')).test(path))).toBe(answer);
  });

  it('the last rule that matches decides, whichever list finds it', () => {
    // One rule of each kind the matcher files apart, all matching `docs/a.md`.
    const kinds = ['a.md', 'docs/a.md', '*.md', 'docs/*.md', '*/a.md', '**/a.md', 'docs/**/a.md', 'd?cs/a.md', '/docs/a.[m]d'];
    const wrong: string[] = [];
    for (const first of kinds) {
      for (const second of kinds) {
        for (const [rules, want] of [[[first, `!${second}`], 'unignored'], [[`!${first}`, second], 'ignored'], [[first, `!${second}`, first], 'ignored']] as const) {
          const got = verdict(compileGlobs(rules).test('docs/a.md'));
          if (got !== want) wrong.push(`${JSON.stringify(rules)}: ${got}, not ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('`matches` is `test().ignored`; a text and a list read alike (CR LF, BOM, list line ends)', () => {
    const text = '\uFEFFdocs/\r\n!docs/\r\n*.tmp\r\n';
    for (const rules of [text, ['\uFEFFdocs/', '!docs/\n', '*.tmp\r\n']]) {
      const matcher = compileGlobs(rules);
      expect(matcher.matches('docs/')).toBe(false);
      expect(matcher.test('docs/')).toEqual({ ignored: false, unignored: true });
      expect(matcher.matches('docs/a.tmp')).toBe(true);
      expect(matcher.matches('docs/a.md')).toBe(false);
    }
  });

  it('no rules: nothing matches', () => {
    for (const rules of ['', '# only a comment\n\n', [], ['   ', '!']]) expect(compileGlobs(rules).test('a/b.md')).toEqual({ ignored: false, unignored: false });
  });
});

describe('compileGlobs: its memory of directories', () => {
  it('answers alike asked in any order, and after dropping its memory (70,000 directories)', () => {
    const rules = 'a/**/keep/\n!a/1/**/keep/\n**/x*/\n';
    const matcher = compileGlobs(rules);
    const wrong: string[] = [];
    // The reference is a matcher with no memory: a fresh one for the first file of each of the
    // three shapes (`a/0/`, `a/1/`, `a/2/`: no `dN` starts with `x`, so the shape decides) and
    // for every 1,000th file, past the memory's drop too; the others reuse their shape's answer
    // (70,000 fresh matchers cost seconds and asked nothing new).
    const byShape: string[] = [];
    for (let i = 0; i < 70_000; i += 1) {
      const dir = `a/${i % 3}/d${i}/`;
      const fresh = i < 3 || i % 1_000 === 0 ? verdict(compileGlobs(rules).test(`${dir}keep/f.md`)) : undefined;
      if (fresh !== undefined && byShape[i % 3] !== undefined && fresh !== byShape[i % 3]) wrong.push(`${dir}keep/f.md: not its shape's answer`);
      const expected = (byShape[i % 3] ??= fresh!);
      if (matcher.test(dir).ignored) wrong.push(dir);
      if (verdict(matcher.test(`${dir}keep/f.md`)) !== expected) wrong.push(`${dir}keep/f.md`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(matcher.test('a/0/d0/keep/')).toEqual({ ignored: true, unignored: false });
    expect(matcher.test('a/1/d1/keep/')).toEqual({ ignored: false, unignored: true });
    expect(matcher.test('a/2/d2/xy/f.md')).toEqual({ ignored: true, unignored: false });
  }, 60_000);

  it('a file is answered from its directory when that was asked first, and alike when it was not', () => {
    const rules = ['docs/**/draft-*', '!docs/**/draft-keep.md', 'a/**/b/**/c'];
    const walked = compileGlobs(rules);
    for (const dir of ['docs/', 'docs/x/', 'docs/x/y/', 'a/', 'a/b/', 'a/b/b/']) walked.test(dir);
    for (const path of ['docs/x/y/draft-1.md', 'docs/x/y/draft-keep.md', 'docs/x/y/other.md', 'a/b/b/c', 'a/b/c', 'a/c']) {
      expect(walked.test(path), path).toEqual(compileGlobs(rules).test(path));
    }
    expect(walked.matches('docs/x/y/draft-1.md')).toBe(true);
    expect(walked.test('docs/x/y/draft-keep.md')).toEqual({ ignored: false, unignored: true });
    expect(walked.matches('a/b/b/c')).toBe(true);
    expect(walked.matches('a/c')).toBe(false);
  });
});
