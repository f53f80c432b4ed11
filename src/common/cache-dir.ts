/**
 * Where the on-disk index lives (issue 38), as the surfaces decide it: off with `--no-cache` or
 * `DOCUGRAPH_NO_CACHE`, or `cache: false` in docugraph.yml; in the workspace's own dot-folder
 * when docugraph.yml says `cache: .docugraph`; else in the user's cache folder —
 * `$XDG_CACHE_HOME/docugraph`, else `~/Library/Caches/docugraph` on macOS,
 * `%LOCALAPPDATA%\docugraph\Cache` on Windows, `~/.cache/docugraph` elsewhere. Without a home
 * to put it in (no `HOME`), there is none. The user's secret, which signs the answers an index
 * keeps, lives in the user's cache folder even when the index lives in the workspace.
 */
import { isAbsolute, join } from 'node:path';
import type { WorkspaceConfig } from '../core/index.js';

/** Whether `DOCUGRAPH_NO_CACHE` turns the index off (set to anything but `''` or `0`). */
export function cacheOff(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env['DOCUGRAPH_NO_CACHE'];
  return value !== undefined && value !== '' && value !== '0';
}

/** The cache folder for the workspace at `root` with `config`, or `null`: no on-disk index. */
export function cacheDirOf(root: string, config: WorkspaceConfig, env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): string | null {
  if (cacheOff(env) || config.cache === false) return null;
  if (typeof config.cache === 'string') return join(root, config.cache);
  return userCacheDir(env, platform);
}

/** The user's cache folder for DocuGraph, or `null` when the environment names no home. */
export function userCacheDir(env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): string | null {
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg !== undefined && xdg !== '' && isAbsolute(xdg)) return join(xdg, 'docugraph');
  if (platform === 'win32') {
    const local = env['LOCALAPPDATA'];
    return local !== undefined && local !== '' && isAbsolute(local) ? join(local, 'docugraph', 'Cache') : null;
  }
  const home = env['HOME'];
  if (home === undefined || home === '' || !isAbsolute(home)) return null;
  return platform === 'darwin' ? join(home, 'Library', 'Caches', 'docugraph') : join(home, '.cache', 'docugraph');
}
