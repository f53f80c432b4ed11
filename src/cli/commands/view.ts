/**
 * `docugraph view`: the graph in a browser (issue 27). Serves a page on 127.0.0.1 over the
 * live workspace until interrupted (`--port`, `--open`), or with `--out <dir>` writes the
 * same page as one self-contained file, data embedded, that opens from file:// — `<dir>/index.html`,
 * or the file itself when the path ends in `.html` (`--out graph.html`). The page's server
 * (src/view/) is loaded only for this command.
 */
import { spawn } from 'node:child_process';
import { platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { buildViewModel, DocugraphError, InvalidArgumentError as UsageError, openLiveWorkspace, replaceFileText, viewJson } from '../../core/index.js';
import { cannotWrite, entryAt, prepareDirectory } from '../output-dir.js';
import { checkedRoot, type CliContext, type GlobalOptions } from '../context.js';
import { safeInline } from '../render/safe-text.js';
import { pollSwitch, untilStopped } from '../until-stopped.js';

interface ViewOptions {
  readonly port: number;
  readonly host?: string;
  readonly open?: boolean;
  readonly out?: string;
}

export function registerView(program: Command, ctx: CliContext): void {
  program
    .command('view')
    .description('See the graph in a browser: a live page on 127.0.0.1 (until interrupted), or with --out a static page.')
    .addOption(
      new Option('--port <n>', 'the port on 127.0.0.1 (0: any free port)').default(3940).argParser((value: string) => {
        if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('Expected a port number, 0–65535.');
        return Number(value);
      }),
    )
    .option('--host <address>', 'only 127.0.0.1: the page is served to this machine alone')
    .option('--open', 'open the page in the default browser')
    .option('--out <path>', 'write the page with its data to <path> when it ends in .html, else to <path>/index.html, instead of serving it')
    .action(async (options: ViewOptions, command: Command) => {
      const globals = command.optsWithGlobals<{ workspace?: string }>();
      if (options.host !== undefined && options.host !== '127.0.0.1') {
        throw new UsageError(`docugraph view serves on 127.0.0.1 only (got --host ${options.host}): the page shows every document, so it is never offered to other machines.`);
      }
      const { viewPage } = await import('../../common/view-page.js');
      if (options.out !== undefined) {
        const workspace = await ctx.load(globals);
        const { dir, name } = pagePath(resolve(ctx.io.cwd, options.out));
        const page = join(dir, name);
        if (name !== 'index.html' && entryAt(page) === 'directory') throw new UsageError(`cannot write ${safeInline(page)}: it is a folder; pick a file you can write to (a path ending in .html), or a folder for index.html.`);
        prepareDirectory(dir);
        if (entryAt(page) === 'link' || entryAt(page) === 'directory') throw cannotWrite(dir, `\`${name}\` there is ${entryAt(page) === 'link' ? 'a symbolic link, which DocuGraph never writes through' : 'a folder'}`);
        try {
          replaceFileText(dir, name, viewPage('static', viewJson(buildViewModel(workspace, { criteria: true }))));
        } catch (error) {
          if (error instanceof DocugraphError) throw cannotWrite(dir, error.message.replace(/^`[^`]*` cannot be written: /, '').replace(/; nothing was changed$/, ''));
          throw error;
        }
        ctx.io.stderr.write(`docugraph: wrote ${page} (${workspace.ids.length} documents; open it in a browser)\n`);
        return;
      }
      await serve(ctx, ctx.workspacePath(globals), options, globals);
    });
}

/** Where `--out` writes: the file itself when the path ends in `.html` (any case), else `index.html` in that folder. */
function pagePath(out: string): { dir: string; name: string } {
  return /\.html$/i.test(out) ? { dir: dirname(out), name: basename(out) } : { dir: out, name: 'index.html' };
}

async function serve(ctx: CliContext, path: string, options: ViewOptions, globals: GlobalOptions): Promise<void> {
  const { createViewServer } = await import('../../view/serve-view.js');
  const poll = pollSwitch();
  const root = checkedRoot(path);
  const cache = ctx.cacheOptions(globals, root);
  const sources = async () => (await ctx.sources(globals, path)).loaded;
  const live = openLiveWorkspace(root, { persistent: true, log: (line) => void ctx.io.stderr.write(`docugraph: ${line}\n`), onPoll: poll.onPoll, ...(cache === undefined ? {} : { cache }), sources });
  const server = createViewServer(live, options.port);
  let url: string;
  try {
    url = await server.listen();
  } catch (error) {
    live.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'EADDRINUSE' ? `port ${options.port} on 127.0.0.1 is in use: choose another with --port <n> (0: any free port).` : `cannot listen on 127.0.0.1:${options.port}: ${(error as Error).message}`);
  }
  ctx.io.stderr.write(`docugraph: the graph is at ${url} (live, read-only, this machine only; Ctrl-C stops)\n`);
  if (options.open === true) openBrowser(url);
  await untilStopped(ctx.io, live, poll);
  await server.close();
  live.close();
}

/** The platform's opener (`open`, `start`, else `xdg-open`); a failure to open is not an error. */
function openBrowser(url: string): void {
  const [command, args] = platform() === 'darwin' ? ['open', [url]] : platform() === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    spawn(command, args, { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  } catch {
    // No opener: the URL is printed.
  }
}
