/**
 * The `docugraph` command line: one program, subcommands over the same core as the MCP
 * server. Returns the exit code: 0 success, 1 invalid workspace or failed query, 2 usage error.
 */
import { Command, CommanderError } from 'commander';
import { closestMatch, DocugraphError } from '../core/index.js';
import { VERSION } from '../common/version.js';
import { registerCache } from './commands/cache.js';
import { registerCoverage } from './commands/coverage.js';
import { registerDiff } from './commands/diff.js';
import { registerInit } from './commands/init.js';
import { registerMcp, type StartServer } from './commands/mcp.js';
import { inCliTerms } from './render/cli-terms.js';
import { registerQueries } from './commands/queries.js';
import { registerSearch } from './commands/search.js';
import { registerReview } from './commands/review.js';
import { registerSources } from './commands/sources.js';
import { registerTaskState } from './commands/task-state.js';
import { registerValidate } from './commands/validate.js';
import { registerView } from './commands/view.js';
import { createContext, exitCodeOf, type CliContext, type CliIo } from './context.js';
import { HELP_EXAMPLES } from './help-examples.js';
import { safeInline } from './render/safe-text.js';

/** Failures that mean "you called it wrong" rather than "the answer is no". */

/** Words people type for a command, and the command they mean. */
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['next', 'ready'],
  ['todo', 'ready'],
  ['list', 'tasks'],
  ['ls', 'tasks'],
  ['check', 'validate'],
  ['lint', 'validate'],
  ['deps', 'graph'],
  ['bundle', 'context'],
  ['complete', 'done'],
  ['finish', 'done'],
  ['serve', 'mcp'],
  ['server', 'mcp'],
]);

/** Runs the CLI; resolves with the exit code, or `null` when a long-running server took over. */
export async function runCli(io: CliIo, startServer: StartServer): Promise<number | null> {
  let exitCode = 0;
  let serving = false;
  const ctx = createContext(io, (code) => (exitCode = Math.max(exitCode, code)));
  const program = buildProgram(ctx, (argv) => {
    serving = true;
    startServer(argv);
  });
  try {
    await program.parseAsync([...io.argv], { from: 'user' });
    // The answer is out: now the on-disk index of what was loaded.
    if (!serving) ctx.finish();
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse problem is a usage error.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof DocugraphError) {
      io.stderr.write(`docugraph: ${safeInline(inCliTerms(error.message))}\n`);
      return exitCodeOf(error.code);
    }
    throw error;
  }
  return serving ? null : exitCode;
}

/** The program: every command registered on `ctx`; `startServer` takes over for `docugraph mcp`. */
export function buildProgram(ctx: CliContext, startServer: StartServer): Command {
  const program = new Command('docugraph')
    .description('Docs-as-code dependency graph: validate a docs folder, print context bundles and graphs, or serve them over MCP.')
    .version(VERSION, '-V, --version', 'print the version')
    .option('-w, --workspace <dir>', 'the workspace (default: DOCUGRAPH_WORKSPACE, else the current directory)')
    .option('--no-cache', 'neither read nor write the on-disk index (also DOCUGRAPH_NO_CACHE=1): every file is read')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ writeOut: (text) => ctx.io.stdout.write(text), writeErr: (text) => ctx.io.stderr.write(text) })
    .exitOverride();
  registerValidate(program, ctx);
  registerQueries(program, ctx);
  registerSearch(program, ctx);
  registerInit(program, ctx);
  registerReview(program, ctx);
  registerSources(program, ctx);
  registerTaskState(program, ctx);
  registerDiff(program, ctx);
  registerView(program, ctx);
  registerCoverage(program, ctx);
  registerCache(program, ctx);
  registerMcp(program, ctx, startServer);
  // An unknown command: the command meant, by what people type for it (`next` is `ready`), else
  // the closest name; said as commander says it, with the name made safe for the terminal.
  program.on('command:*', (operands: string[]) => {
    const typed = operands[0] ?? '';
    const names = program.commands.map((command) => command.name());
    const meant = SYNONYMS.get(typed.toLowerCase()) ?? closestMatch(typed, names);
    program.error(`error: unknown command '${safeInline(typed)}'${meant === null ? '' : `\n(Did you mean ${meant}?)`}`, { code: 'commander.unknownCommand' });
  });
  for (const command of program.commands) {
    command.exitOverride().configureOutput(program.configureOutput()).configureHelp({ showGlobalOptions: true });
    const examples = HELP_EXAMPLES[command.name()];
    if (examples !== undefined) command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
  }
  return program;

}
