/**
 * `docugraph search "<words>"` (CONTEXT §4): the tasks, requirements, stories and document
 * sections that best match the words, best first — a table at a terminal, JSON otherwise (the
 * `search` tool's hits).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { formatJson, SEARCH_KINDS, SEARCH_STATES, searchList, type SearchKind } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { safeInline } from '../render/safe-text.js';
import { defaultFormat } from './queries.js';


export function registerSearch(program: Command, ctx: CliContext): void {
  program
    .command('search')
    .description('Find the tasks, requirements, stories and document sections that best match some words, best first (search).')
    .argument('<words...>', 'what to look for, e.g. lock the account after failed logins')
    .addOption(new Option('--kind <kind>', 'only this kind').choices(SEARCH_KINDS))
    .addOption(new Option('--state <state>', 'only tasks in this work state (open: ready or blocked)').choices(SEARCH_STATES))
    .option('--scope <folder>', 'only what lies under this folder')
    .addOption(
      new Option('--limit <n>', 'at most this many hits (default 10)').argParser((value: string) => {
        if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('Expected an integer ≥ 1.');
        return Number(value);
      }),
    )
    .addOption(new Option('--format <format>', 'text (a table; the default on a terminal) or json (the hits; the default otherwise)').choices(['text', 'json']))
    .action(async (words: string[], options: { kind?: SearchKind; state?: (typeof SEARCH_STATES)[number]; scope?: string; limit?: number; format?: 'text' | 'json' }, command: Command) => {
      const workspace = await ctx.load(command.optsWithGlobals());
      const list = searchList(workspace, { query: words.join(' '), kind: options.kind, state: options.state, scope: options.scope });
      const shown = Math.min(list.length, options.limit ?? 10);
      const hits = Array.from({ length: shown }, (_, i) => list.item(i));
      if ((options.format ?? defaultFormat(ctx)) === 'json') {
        ctx.print(formatJson({ hits, total: list.length }), 'json');
        return;
      }
      if (hits.length === 0) {
        ctx.io.stdout.write('No match.\n');
        return;
      }
      for (const [i, hit] of hits.entries()) {
        const what = hit.heading === undefined ? hit.title : hit.heading;
        ctx.io.stdout.write(`${i + 1}. ${safeInline(hit.id)} (${hit.kind}${hit.state === undefined ? '' : `, ${hit.state}`}) — ${safeInline(what)}\n   ${safeInline(hit.place)}: ${safeInline(hit.snippet)}\n`);
      }
      if (list.length > shown) ctx.io.stdout.write(`… ${list.length - shown} more (--limit)\n`);
    });
}
