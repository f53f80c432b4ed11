/**
 * compileGlobs against git itself: a fixed table of tricky rules, each in a `.gitignore` of its
 * own directory of one scratch repository, every path asked of `git check-ignore --no-index`
 * at once. Directories exist (git tells them by `lstat`, asked without a trailing slash, as in
 * a walk); files need not. Then nested `.gitignore` files, through a whole load, against the
 * files git leaves unignored. git is required: without it the test fails, saying so.
 * Left out on purpose (see docs/decisions.md, "globs"): names beyond ASCII (git compares
 * bytes, DocuGraph characters, as `ignore` does) and a `**` run beside a literal, which git
 * takes for a `**` segment (see compile-globs.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileGlobs } from '../../../src/core/read/compile-globs.js';
import { loadWorkspace } from '../../../src/core/index.js';
import { verdict } from '../../helpers/glob-cases.js';
import { testdir } from '../../helpers/testdir.js';

const PATHS = ['a', 'b', 'a/b', 'a/b/', 'a/x/b', 'a/x/y/b', 'x/a', 'x/a/b', 'a/', 'x/', 'x/a/', 'ab', 'abc', 'ab/c', 'abx/c', 'c', 'x/c', 'a/b/c', 'a/x/b/c', 'd/a/b', 'a.md', 'x/a.md'];

/** Rule sets, each asked about `PATHS` and its own paths. */
const TABLE: readonly (readonly [rules: readonly string[], paths?: readonly string[]])[] = [
  [['**']], [['/**']], [['**/']], [['a/**']], [['a/**/']], [['**/a']], [['**/a/']], [['a/**/b']], [['a/***/b']], [['***']],
  [['a**']], [['**a']], [['a/**b']], [['a/b**']], [['**/**']], [['a/**/**/b']], [['a/**/*']], [['*/**']], [['a/*/**']], [['**/b/**']],
  [['/a']], [['a/b']], [['/a/b/']], [['//a']], [['a//b']], [['a/']], [['a/*']], [['*/b']], [['/*']], [['*']], [['*/']], [['./a']], [['a/../b']],
  [['a\\/b']], [['\\/a']], [['a\\/']], [['a\\/**']], [['**\\/b']], [['a/**\\/b']], [['a\\/**\\/b']],
  [['!a']], [['a', '!a/b']], [['a/', '!a/b']], [['a/*', '!a/b']], [['a/**', '!a/b']], [['*', '!a']], [['*', '!a/']], [['b', '!a/']], [['!']],
  [['\\!a'], ['!a']], [['!\\!a'], ['!a']], [['#a'], ['#a']], [['\\#a'], ['#a']], [[' #a'], [' #a', '#a']],
  [['a\\ '], ['a ', 'a\\']], [['a\\  '], ['a ', 'a  ']], [['a \\ '], ['a  ', 'a ']], [['a\\\\ '], ['a\\', 'a\\ ']], [['a\\\\\\ '], ['a\\ ', 'a\\']], [['a\t'], ['a\t']],
  [['[]a]'], [']']], [['[!]a]'], [']']], [['[^a]'], ['^']], [['[a-]'], ['-']], [['[-a]'], ['-']], [['[z-a]'], ['z', 'm']], [['[a\\]]'], [']', '\\']],
  [['[[:alpha:]]'], ['1', '[']], [['[[:foo:]]'], ['f']], [['[[:alpha:]'], ['[', ':']], [['[[:]'], ['[', ':']], [['[[:a]'], ['[', ':']], [['[a']], [['a[/]b'], ['ab']],
  [['[/a]']], [['[!/]x'], ['ax', 'b/x']], [['\\a']], [['a\\\\b'], ['a\\b']], [['a\\']], [['a\\\\'], ['a\\']], [['[\\\\]'], ['\\', ']']], [['\\\\['], ['[', '\\[']],
  [['[a-\\\\]]'], [']', '\\']], [['[\\\\-a]'], ['-', '\\']], [['[a-\\z]'], ['m', 'z']], [['[!]'], ['!']], [['[]'], [']']], [['[!]]'], [']']], [['[]-a]'], [']', '^', '-']],
  [['a\\ b '], ['a b', 'a b ']], [['*.md'], ['.md', 'x/.md']], [['a*b*c'], ['aXbYc', 'abcc', 'acb']], [['*a*a*a*b'], ['aaab', 'aab', 'xaxaxab']], [['a?c'], ['ac']],
  [['[[:digit:][:upper:]]'], ['1', 'A']], [['[[:space:]]'], [' ', '\t', '\v']], [['[[:punct:]]'], ['!', '_']], [['[a-z[:digit:]]'], ['1', '-']],
  [['[[:alpha:]-z]'], ['-', 'z', 'y']], [['[a-[:alpha:]]'], ['-']], [['x[a-b-c]'], ['xa', 'x-', 'xc']], [['[[:blank:][:cntrl:]]'], [' ', '\t', '\x01', '\x7f']],
  [['[[:graph:]][[:print:]]'], ['a ', ' a', '~~']], [['[[:xdigit:]][[:lower:]]'], ['fa', 'Ga', 'fA']], [['[[:alnum:]]'], ['Z', '_']],
  [['a\\*'], ['a*']], [['a\\?'], ['a?']], [['*\\*'], ['a*', '*']], [['\\**'], ['*a']], [['**/a/**/b/**'], ['x/a/y/b/z']], [['a/**/b/']],
  [['foo/**/'], ['foo/', 'foo/a/', 'foo/a', 'foo/a/b']], [['**/foo/**'], ['foo', 'foo/', 'foo/a', 'x/foo/a']],
  // git 2.39 itself crashes (SIGSEGV) on this rule from about 25 directories deep.
  [['a/**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/b'], ['a/a/a/a/a/a/a/a/a/a/a/b', 'a/a/a/a/a/a/a/a/a/a/b', `${'a/'.repeat(20)}b`, `${'a/'.repeat(20)}x.md`]],
];

let gitFailure: string | null = null;

beforeAll(() => {
  const version = spawnSync('git', ['--version'], { encoding: 'utf8' });
  if (version.error !== undefined || version.status !== 0) {
    gitFailure = `git is needed by this test (git check-ignore is the reference it compares with) and could not be run: ${version.error?.message ?? version.stderr}; install git`;
  }
});

/** git's answer for each `[directory, path]` (the path relative to that directory's `.gitignore`). */
function gitAnswers(root: string, probes: readonly (readonly [dir: string, path: string])[], rulesOf: (dir: string) => readonly string[]): string[] {
  const input = probes.map(([dir, path]) => `${dir}/${path.endsWith('/') ? path.slice(0, -1) : path}`).join('\0');
  const run = spawnSync('git', ['-C', root, 'check-ignore', '--no-index', '-v', '-n', '-z', '--stdin'], { input: `${input}\0`, encoding: 'utf8', env: hermetic() });
  if (run.status !== 0 && run.status !== 1) throw new Error(`git check-ignore failed (${run.status ?? run.signal}): ${run.stderr}${run.error?.message ?? ""}`);
  const fields = run.stdout.split('\0');
  return probes.map(([dir], at) => {
    const [source, line] = fields.slice(at * 4, at * 4 + 2);
    if (source === '') return 'none';
    return rulesOf(dir)[Number(line) - 1]!.startsWith('!') ? 'unignored' : 'ignored';
  });
}

/** No user or system configuration (a global excludes file would change the answers). */
function hermetic(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: '/nonexistent' };
}

function gitInit(root: string): void {
  const init = spawnSync('git', ['init', '-q', root], { encoding: 'utf8', env: hermetic() });
  if (init.status !== 0) throw new Error(`git init failed: ${init.stderr}`);
}

describe('compileGlobs against git check-ignore', () => {
  it('a table of tricky rules: every path gets git’s answer', () => {
    if (gitFailure !== null) throw new Error(gitFailure);
    const root = testdir({});
    gitInit(root);
    const probes: (readonly [string, string])[] = [];
    const rules = new Map<string, readonly string[]>();
    TABLE.forEach(([lines, extra], at) => {
      const paths = [...PATHS, ...(extra ?? [])].filter((path) => !path.startsWith(':') && !path.startsWith('/'));
      // Files and directories apart: a file `a` and a directory `a` cannot both exist.
      for (const [suffix, list] of [['f', paths.filter((p) => !p.endsWith('/'))], ['d', paths.filter((p) => p.endsWith('/'))]] as const) {
        const dir = `c${at}${suffix}`;
        mkdirSync(join(root, dir));
        writeFileSync(join(root, dir, '.gitignore'), `${lines.join('\n')}\n`);
        rules.set(dir, lines);
        for (const path of list) {
          if (suffix === 'd') mkdirSync(join(root, dir, path), { recursive: true });
          probes.push([dir, path]);
        }
      }
    });
    const git = gitAnswers(root, probes, (dir) => rules.get(dir)!);
    const wrong = probes.flatMap(([dir, path], at) => {
      const ours = verdict(compileGlobs(rules.get(dir)!.join('\n')).test(path));
      return ours === git[at] ? [] : [`${JSON.stringify(rules.get(dir))} on ${JSON.stringify(path)}: git says ${git[at]}, compileGlobs ${ours}`];
    });
    expect(probes.length).toBeGreaterThan(2_000);
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 60_000);

  it('nested .gitignore files: a load keeps exactly the Markdown files git leaves unignored', () => {
    if (gitFailure !== null) throw new Error(gitFailure);
    const files: Record<string, string> = {
      '.gitignore': '*.tmp.md\nbuild/\n/top-only.md\ndocs/**/draft-*.md\n!docs/keep/**\n',
      'docs/.gitignore': '!*.tmp.md\ngenerated/\n/local.md\n',
      'docs/sub/.gitignore': '*.md\n!keep-*.md\n',
      'docs/keep/.gitignore': 'x*.md\n',
    };
    const docs = [
      'a.md', 'a.tmp.md', 'top-only.md', 'build/a.md', 'x/build/b.md', 'docs/top-only.md', 'docs/b.tmp.md', 'docs/local.md',
      'docs/x/local.md', 'docs/generated/c.md', 'docs/draft-1.md', 'docs/x/draft-2.md', 'docs/keep/draft-3.md', 'docs/keep/x1.md',
      'docs/sub/d.md', 'docs/sub/keep-d.md', 'docs/sub/deeper/e.md', 'docs/sub/deeper/keep-e.md', 'other/sub/f.md',
    ];
    const root = testdir({ ...files, ...Object.fromEntries(docs.map((path) => [path, '# doc\n'])) });
    gitInit(root);
    const listed = spawnSync('git', ['-C', root, 'ls-files', '--others', '--exclude-standard', '-z'], { encoding: 'utf8', env: hermetic() });
    expect(listed.status, listed.stderr).toBe(0);
    const gitKeeps = listed.stdout.split('\0').filter((path) => path.endsWith('.md')).sort();
    expect(gitKeeps.length).toBeGreaterThan(3);
    expect(gitKeeps.length).toBeLessThan(docs.length);
    expect(loadWorkspace(root).files).toEqual(gitKeeps);
  });
});
