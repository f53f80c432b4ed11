/**
 * Link paths: a relative or root-absolute link resolved to a path (without `.`, `..` or empty
 * segments), and paths moved between the link root (the repository) and the workspace root
 * below it. Pure string work: nothing here touches the disk.
 */

/**
 * `path` resolved against the directory `base` (segments), as a root-relative path without
 * `.`, `..`, empty segments or a trailing slash (`''` is the root); `null` when it leaves the
 * root. What `posix.normalize(posix.join(…))` gives, in one pass.
 */
export function resolvePath(base: readonly string[], path: string): string | null {
  return resolveFrom(base.join('/'), path);
}

/** `resolvePath` with the directory as a path (`''` for the root): no arrays for the usual link. */
export function resolveFrom(dir: string, path: string): string | null {
  let out = dir;
  for (let start = 0; start <= path.length; ) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const length = end - start;
    const dot = length > 0 && length < 3 && path.charCodeAt(start) === 0x2e && path.charCodeAt(end - 1) === 0x2e;
    if (length === 0 || (dot && length === 1)) {
      // `a//b`, `./a`: nothing.
    } else if (dot) {
      if (out === '') return null;
      const slash = out.lastIndexOf('/');
      out = slash === -1 ? '' : out.slice(0, slash);
    } else {
      // The usual rest of a link (`area/part/file.md`: no `.` or empty segment after the
      // leading `..`) is appended whole.
      const rest = start === 0 ? path : path.slice(start);
      if (!rest.endsWith('/') && !rest.includes('/.') && !rest.includes('//')) return out === '' ? rest : `${out}/${rest}`;
      out = out === '' ? path.slice(start, end) : `${out}/${path.slice(start, end)}`;
    }
    start = end + 1;
  }
  return out;
}

/**
 * A link's decoded path as a workspace path (with leading `..` above the workspace): a
 * root-absolute one from `rootDir` (a path relative to the link root: `''`, or the site root),
 * any other from the workspace directory `dir`; `null` when it climbs above the link root.
 */
export function resolveLink(rawPath: string, dir: string, rootDir: string, workspaceDir: readonly string[]): string | null {
  if (rawPath.startsWith('/')) {
    const resolved = resolveFrom(rootDir, rawPath);
    return resolved === null ? null : workspacePath(resolved, workspaceDir);
  }
  // Most links stay inside the workspace: resolved against the file's own directory, the
  // result is already the workspace path. The others resolve below the link root.
  const inside = resolveFrom(dir, rawPath);
  if (inside !== null || workspaceDir.length === 0) return inside;
  const resolved = resolvePath(dir === '' ? workspaceDir : [...workspaceDir, dir], rawPath);
  return resolved === null ? null : workspacePath(resolved, workspaceDir);
}

/**
 * A path relative to the link root, made relative to the workspace root (`workspaceDir` below
 * the link root): unchanged inside the workspace, with leading `..` segments above it.
 */
export function workspacePath(linkPath: string, workspaceDir: readonly string[]): string {
  if (workspaceDir.length === 0) return linkPath;
  const parts = linkPath === '' ? [] : linkPath.split('/');
  let common = 0;
  while (common < workspaceDir.length && common < parts.length && parts[common] === workspaceDir[common]) common += 1;
  const up: string[] = new Array<string>(workspaceDir.length - common).fill('..');
  return [...up, ...parts.slice(common)].join('/');
}

/** The inverse of `workspacePath`: a workspace-relative path (maybe with leading `..`) relative to the link root. */
export function linkRootPath(path: string, workspaceDir: readonly string[]): string {
  return resolvePath(workspaceDir, path) ?? path;
}

/** Whether a workspace-relative target lies above the workspace root. */
export function isAboveWorkspace(path: string): boolean {
  return path === '..' || path.startsWith('../');
}

/** A link's path or fragment percent-decoded; a malformed escape leaves the text as written. */
export function decodeLinkPart(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
