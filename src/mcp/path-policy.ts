/**
 * MCP-G0 §3.2: which directories `validate_traceability` may audit. Only the server's
 * workspace, directories passed with `--allow-path`, and roots the client declared.
 */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PathNotAllowedError, WorkspaceNotFoundError } from '../core/index.js';

/** `true` when `path` is `dir` or inside it (both absolute and normalised). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The absolute path a request names: relative paths are relative to the server's workspace. */
export function requestedPath(workspaceRoot: string, path: string): string {
  return resolve(workspaceRoot, path);
}

/**
 * Checks `path` (absolute) against `allowed` directories (absolute real paths) and returns
 * the real path of the directory to audit. The lexical check comes first, so nothing outside
 * the allowed places is touched; the real path is checked again so a symbolic link cannot
 * lead out of them.
 */
export function resolveAllowedDirectory(path: string, allowed: readonly string[], hint: string): string {
  if (!allowed.some((dir) => isInside(path, dir))) throw notAllowed(path, hint);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    throw new WorkspaceNotFoundError(path, `\`${path}\` does not exist; pass an existing directory of Markdown documents.`, { cause: error });
  }
  if (!allowed.some((dir) => isInside(real, dir))) throw notAllowed(path, hint);
  if (!statSync(real).isDirectory()) {
    throw new WorkspaceNotFoundError(path, `\`${path}\` is not a directory; pass the directory that holds the Markdown documents.`);
  }
  return real;
}

function notAllowed(path: string, hint: string): PathNotAllowedError {
  return new PathNotAllowedError(
    path,
    `\`${path}\` is outside the directories this server may read (its workspace, --allow-path directories and the client's roots). ${hint}`,
  );
}

/** Real paths of `file://` roots; other URIs and roots that do not exist are left out. */
export function rootDirectories(uris: readonly string[]): string[] {
  const dirs: string[] = [];
  for (const uri of uris) {
    if (!uri.startsWith('file://')) continue;
    try {
      dirs.push(realpathSync(fileURLToPath(uri)));
    } catch {
      // A root that does not exist cannot contain anything to audit.
    }
  }
  return dirs;
}
