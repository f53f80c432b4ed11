/**
 * Real git repositories for tests of `docugraph diff`: a temporary folder with files, made a
 * repository, and commits made with a fixed author and date (so object ids are the same on
 * every run).
 */
import { execFileSync } from 'node:child_process';
import { testdir, writeFiles, type Entry } from './testdir.js';

const ENV = {
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
};

/** Runs git in `cwd` (the test's own commands: never DocuGraph's). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A new repository holding `files`, committed as its first commit. */
export function gitRepo(files: Readonly<Record<string, Entry>>): string {
  const root = testdir(files);
  git(root, 'init', '-q', '-b', 'main');
  commitAll(root, 'first');
  return root;
}

/** Writes `files` (a `null` content deletes) and commits everything. */
export function commitFiles(root: string, files: Readonly<Record<string, Entry | null>>, message = 'change'): void {
  const write: Record<string, Entry> = {};
  for (const [path, content] of Object.entries(files)) {
    if (content === null) git(root, 'rm', '-q', '-r', '--', path);
    else write[path] = content;
  }
  writeFiles(root, write);
  commitAll(root, message);
}

export function commitAll(root: string, message: string): void {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '--allow-empty', '-m', message);
}

/** The environment the CLI gets in these tests: a PATH to find git. */
export const CLI_ENV = { PATH: ENV.PATH };
