/**
 * The server's start-up checks of the directories it is given: each a real directory, and the
 * workspace never `/` nor, as a default, the home directory — some clients spawn servers there,
 * and serving the whole disk or every project at once is never what was meant.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONFIG_FILE, DocugraphError, resolveWorkspaceRoot } from '../core/index.js';

/** Thrown for start-up problems: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** A directory given at start-up, as a real path; anything else is a usage error. */
export function startupDirectory(path: string, what: string): string {
  try {
    return resolveWorkspaceRoot(path);
  } catch (error) {
    if (error instanceof DocugraphError) throw new UsageError(`${what} ${error.message.replace(/^Workspace /, '')}`);
    throw new UsageError(`${what} \`${path}\` cannot be read: ${(error as Error).message}`);
  }
}

/** The workspace's real root; `defaulted`: it is the current directory because none was given. */
export function workspaceRoot(path: string, defaulted: boolean, env: Readonly<Record<string, string | undefined>>): string {
  const root = startupDirectory(path, 'workspace');
  const how = defaulted ? ' (the current directory, as no --workspace was given)' : '';
  const fix = 'pass --workspace <dir> or set DOCUGRAPH_WORKSPACE to the directory that holds your Markdown documents.';
  if (dirname(root) === root) throw new UsageError(`the workspace would be ${root}, the root of the filesystem${how}; ${fix}`);
  // An explicit --workspace ~ is served, and so is a home directory with a docugraph.yml.
  if (defaulted && isHome(root, env) && !hasConfig(root)) throw new UsageError(`the workspace would be ${root}, your home directory${how}; ${fix}`);
  return root;
}

/** Whether `root` (a real path) is the home directory ($HOME, or USERPROFILE on Windows). */
function isHome(root: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const home = env['HOME'] || env['USERPROFILE'];
  if (home === undefined || home === '') return false;
  try {
    return realpathSync(home) === root;
  } catch {
    return false;
  }
}

/** Whether `root` holds a docugraph.yml (a regular file, not a link). */
function hasConfig(root: string): boolean {
  try {
    return lstatSync(join(root, CONFIG_FILE)).isFile();
  } catch {
    return false;
  }
}
