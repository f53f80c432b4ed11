/**
 * `docugraph cache`: the on-disk index of a workspace (issue 38) — where it is and how large
 * (`cache status`), and removing it (`cache clear`). The next load after a clear reads every file.
 */
import type { Command } from 'commander';
import { cacheFileOf, cacheFileSize, groupThousands, readConfig, removeCacheFile } from '../../core/index.js';
import { cacheDirOf, cacheOff } from '../../common/cache-dir.js';
import { checkedRoot, type CliContext, type GlobalOptions } from '../context.js';
import { safeInline } from '../render/safe-text.js';

export function registerCache(program: Command, ctx: CliContext): void {
  const cache = program.command('cache').description("The workspace's on-disk index, which lets a start skip the files unchanged since the last one: `status` or `clear`.");
  cache
    .command('status')
    .description('Say where the index of the workspace is, and how large, or why there is none.')
    .action((_options: unknown, command: Command) => {
      const found = locate(ctx, command.optsWithGlobals<GlobalOptions>());
      if (found.why !== null) return void ctx.io.stdout.write(`No index: ${found.why}.\n`);
      const file = cacheFileOf(found.where!, found.root);
      const size = cacheFileSize(file);
      ctx.io.stdout.write(size === null ? `No index yet for ${safeInline(found.root)}; the next load writes ${safeInline(file.path)}.\n` : `${safeInline(file.path)}: ${groupThousands(size)} bytes, the index of ${safeInline(found.root)}.\n`);
    });
  cache
    .command('clear')
    .description('Remove the index of the workspace: the next load reads every file (and writes it again).')
    .action((_options: unknown, command: Command) => {
      const found = locate(ctx, command.optsWithGlobals<GlobalOptions>());
      // Turned off now, an index may still be there from before: it is looked for where it would be.
      if (found.where === null) return void ctx.io.stdout.write(`No index to remove: ${found.why ?? 'no cache folder'}.\n`);
      const file = cacheFileOf(found.where, found.root);
      ctx.io.stdout.write(removeCacheFile(file) ? `Removed ${safeInline(file.path)}.\n` : `No index to remove for ${safeInline(found.root)}.\n`);
    });
}

/** The workspace, where its index is or would be were it on, and why there is none (`null`: it is on). */
function locate(ctx: CliContext, options: GlobalOptions): { root: string; where: string | null; why: string | null } {
  const root = checkedRoot(ctx.workspacePath(options));
  const config = readConfig(root).config;
  const where = cacheDirOf(root, config.cache === false ? { ...config, cache: null } : config, { ...ctx.io.env, DOCUGRAPH_NO_CACHE: '' });
  const why =
    options.cache === false
      ? '--no-cache turns it off'
      : cacheOff(ctx.io.env)
        ? 'DOCUGRAPH_NO_CACHE turns it off'
        : config.cache === false
          ? 'docugraph.yml says `cache: false`'
          : where === null
            ? 'there is no cache folder (set HOME or XDG_CACHE_HOME)'
            : null;
  return { root, where, why };
}
