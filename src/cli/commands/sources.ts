/**
 * `docugraph sources [--format json]` and `docugraph sources pin [names…]` (issue 57): the other
 * repositories `sources:` names, each with where it is, the commit it resolves to and the one
 * `docugraph.lock.json` pins; `pin` records the commits they resolve to now. With `review`,
 * one of the commands that write (only the lock file).
 */
import { Option, type Command } from 'commander';
import { LOCK_FILE, pinSources, StaleStateError, unchanged, WriteRefusedError, type LoadedSource } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { safeInline } from '../render/safe-text.js';

export function registerSources(program: Command, ctx: CliContext): void {
  const sources = program
    .command('sources')
    .description(`List the other repositories docugraph.yml's \`sources:\` reads, with the commits they resolve to and the pins in ${LOCK_FILE}.`)
    .addOption(new Option('--format <format>', 'text (one line a source) or json').choices(['text', 'json']).default('text'))
    .action(async (options: { format: string }, command: Command) => {
      const { loaded } = await ctx.sources(command.optsWithGlobals());
      if (options.format === 'json') {
        ctx.print(`${JSON.stringify({ sources: loaded.sources.map(sourceJson) }, null, 2)}\n`, 'json');
        return;
      }
      if (loaded.sources.length === 0) {
        ctx.io.stdout.write('No sources: docugraph.yml has no `sources:` (see docs/monorepos.md).\n');
        return;
      }
      for (const source of loaded.sources) ctx.io.stdout.write(`${safeInline(sourceLine(source))}\n`);
    });
  sources
    .command('pin')
    .description(`Pin sources (all, or those named) to the commits they resolve to now, in ${LOCK_FILE}.`)
    .argument('[names...]', 'the sources to pin, e.g. platform; default all')
    .action(async (names: string[], _options: unknown, command: Command) => {
      const { root, loaded } = await ctx.sources(command.optsWithGlobals());
      if (loaded.sources.length === 0) {
        ctx.io.stdout.write('No sources to pin: docugraph.yml has no `sources:`; nothing was written.\n');
        return;
      }
      let pinned;
      try {
        pinned = pinSources(root, loaded, names.length === 0 ? 'all' : names);
      } catch (error) {
        if (!(error instanceof WriteRefusedError || error instanceof StaleStateError)) throw error;
        ctx.io.stderr.write(`docugraph: ${safeInline(error.message)}.\n`);
        return ctx.fail(2);
      }
      for (const pin of pinned.pins) {
        const was = pin.before === null ? 'new' : pin.before === pin.after ? 'unchanged' : `was ${pin.before.slice(0, 12)}`;
        ctx.io.stdout.write(`pinned  ${safeInline(pin.name)} ${pin.after.slice(0, 12)} (${was})\n`);
      }
      for (const skip of pinned.skipped) ctx.io.stdout.write(`skipped ${safeInline(skip.name)}: ${safeInline(skip.why)}\n`);
      for (const name of pinned.dropped) ctx.io.stdout.write(`dropped ${safeInline(name)} (docugraph.yml names no such source)\n`);
      ctx.io.stdout.write(pinned.written ? `Wrote ${LOCK_FILE}.\n` : `${LOCK_FILE} is up to date.\n`);
      if (pinned.skipped.length > 0) ctx.fail(1);
    });
}

function sourceLine(source: LoadedSource): string {
  const { spec } = source;
  const at = spec.rev === null ? 'working tree' : `rev ${spec.rev}`;
  const commit = source.commit === null ? 'no commit' : source.commit.slice(0, 12);
  const pin = source.pinned === null ? 'not pinned' : source.pinned === source.commit ? 'pinned' : `pinned to ${source.pinned.slice(0, 12)}: moved${source.moved !== null && unchanged(source.moved) ? ', none of its documents changed' : ''}`;
  const state = source.state === 'ok' ? `${source.fileCount} files, ${source.nodeCount} nodes` : (source.findings[0]?.message ?? source.state);
  return `${spec.name}  ${spec.path}  ${at}  ${commit}  ${pin}  ${state}`;
}

function sourceJson(source: LoadedSource): Record<string, unknown> {
  const { spec, moved } = source;
  return {
    name: spec.name,
    path: spec.path,
    rev: spec.rev,
    url: spec.url,
    state: source.state,
    commit: source.commit,
    pinned: source.pinned,
    moved: moved === null ? null : { pinned: moved.pinned, added: moved.added.length, removed: moved.removed.length, changed: moved.changed.length, unread: moved.unread },
    files: source.fileCount,
    nodes: source.nodeCount,
    findings: source.findings.map((d) => ({ code: d.code, message: d.message })),
  };
}
