/**
 * MCP-G0 §3.2: which directories `validate_traceability` may audit. Only the server's
 * workspace, directories passed with `--allow-path`, and roots the client declared.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
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
 * the directory to audit. Confinement is decided before the target is touched: first
 * lexically, then one component at a time from the allowed directory down, never following a
 * symbolic link — a path through a link is not allowed whatever the link points at, so the
 * answer says nothing about what exists outside the allowed places.
 */
export function resolveAllowedDirectory(path: string, allowed: readonly string[], hint: string): string {
  const base = allowed.filter((dir) => isInside(path, dir)).sort((a, b) => b.length - a.length)[0];
  if (base === undefined) throw notAllowed(path, hint);
  const rest = relative(base, path);
  let at = base;
  for (const part of rest === '' ? [] : rest.split(sep)) {
    at = join(at, part);
    let stats;
    try {
      stats = lstatSync(at);
    } catch (error) {
      throw new WorkspaceNotFoundError(path, `\`${path}\` does not exist; pass an existing directory of Markdown documents.`, { cause: error });
    }
    if (stats.isSymbolicLink()) {
      throw new PathNotAllowedError(
        path,
        `\`${path}\` runs through the symbolic link \`${at}\`, and DocuGraph never follows symbolic links; pass the real path of a directory inside the allowed places. ${hint}`,
      );
    }
    if (!stats.isDirectory()) {
      throw new WorkspaceNotFoundError(path, `\`${path}\` is not a directory; pass the directory that holds the Markdown documents.`);
    }
  }
  // `base` is a real path and nothing below it is a link: `at` is the real path too.
  return at;
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
