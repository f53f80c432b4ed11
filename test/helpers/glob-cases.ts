/**
 * Generated gitignore rules and paths for the glob tests: small alphabets, so that rules and
 * paths meet often, with every piece of the syntax (wildcards, classes, escapes, `**`,
 * anchoring, `!`, trailing `/` and spaces, line ends).
 */
import type { GlobTest } from '../../src/core/read/compile-globs.js';
import type { Rng } from './prng.js';

const PIECES = [
  'a', 'b', 'ab', '.md', '*', '*', '**', '***', '?', '[ab]', '[!a]', '[^b]', '[a-c]', '[]a]', '[z-a]', '[a-]',
  '[[:alpha:]]', '[[:digit:]x]', '[[:nope:]]', '[', ']', '\\[', '\\*', '\\?', '\\a', '\\ ', '\\\\', '\\', ' ', '-',
  '!', '#', '{a,b}', '$', '(', '+', '^', '|', 'é', '😀', '\t', '\r', '\n', '\uFEFF',
] as const;

/** Names paths are made of (no `.` or `..`: paths are relative and normalised). */
const NAMES = [
  'a', 'b', 'ab', 'ba', 'aa', 'a.md', 'b.md', 'x.md', 'c', '1', '-', ']', '*', '?', '[ab]', 'a b', 'a ', ' ', '\\',
  'a\\b', '#a', '!a', '{a,b}', '$', '(a', '+', '^', '|', 'é', 'éa', '😀', '\t', 'a\r', '\n', '\uFEFFa',
] as const;

/** A random gitignore line. */
export function randomPattern(rng: Rng): string {
  const segment = () => Array.from({ length: rng.int(1, 3) }, () => rng.pick(PIECES)).join('');
  const count = rng.int(1, 4);
  let pattern = '';
  for (let i = 0; i < count; i += 1) pattern += (i === 0 ? '' : rng.chance(0.1) ? '\\/' : '/') + (rng.chance(0.25) ? rng.pick(['**', '*']) : segment());
  if (rng.chance(0.2)) pattern = `/${pattern}`;
  if (rng.chance(0.2)) pattern += '/';
  if (rng.chance(0.2)) pattern = `!${pattern}`;
  if (rng.chance(0.1)) pattern += rng.pick([' ', '  ', '\\ ', '\t']);
  return pattern;
}

/** Random paths and every directory above them (with a trailing `/`), in random order. */
export function randomPaths(rng: Rng, count: number): string[] {
  const paths = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const names = Array.from({ length: rng.int(1, 5) }, () => rng.pick(NAMES));
    for (let depth = 1; depth < names.length; depth += 1) paths.add(`${names.slice(0, depth).join('/')}/`);
    paths.add(names.join('/') + (rng.chance(0.3) ? '/' : ''));
  }
  const list = [...paths];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Rules where DocuGraph follows git and `ignore` differs: a `**` beside an escaped slash
 * (`**\/b`, `a\/**`), which git reads as a `**` and `ignore` as a `*`.
 */
export function followsGit(pattern: string): boolean {
  return /\*\*\\\/|\\\/\*\*/.test(pattern);
}

/** An answer in one word, for messages and tables. */
export function verdict(test: GlobTest): 'ignored' | 'unignored' | 'none' {
  return test.ignored ? 'ignored' : test.unignored ? 'unignored' : 'none';
}
