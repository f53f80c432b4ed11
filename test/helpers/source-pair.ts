/**
 * Issue 57's fixture (test/fixtures/sources): the service and the platform side by side in a
 * temporary folder, each made a git repository with one commit.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitAll, git } from './git-repo.js';
import { testdir } from './testdir.js';

export const SOURCES_FIXTURE = fileURLToPath(new URL('../fixtures/sources', import.meta.url));

export function sourcePair(): { service: string; platform: string } {
  const dir = testdir({});
  cpSync(SOURCES_FIXTURE, dir, { recursive: true });
  const service = join(dir, 'service');
  const platform = join(dir, 'platform');
  for (const repo of [service, platform]) (git(repo, 'init', '-q', '-b', 'main'), commitAll(repo, 'first'));
  return { service, platform };
}
