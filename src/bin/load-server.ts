/**
 * Loads the executables' two CommonJS bundles, each beside this file and compiled with its V8
 * code cache when there is one: `server.cjs` (`mcp/main` and everything it uses: the SDK,
 * zod, the core; cache `server.cache`) and `cli.cjs` (`cli/main` and the core; cache
 * `cli.cache`). Compiling the server's bundle was about a fifth of the time from spawn to
 * `initialize` answered, and compiling the CLI's functions some 6 % of a 10,000-document
 * `validate`; a cache holds the bytecode of the functions a run made by `npm run build`
 * (`scripts/bundle-bins.mjs`) compiled, with this Node. V8 refuses a cache made by another
 * version or with other flags (then the bundle is compiled as usual), and one that does not
 * match the bundle byte for byte. Node 20 has no code cache for ES modules, hence CommonJS
 * here. See docs/decisions/D-178 and D-508.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

type Server = typeof import('../mcp/main.js');
type Cli = typeof import('../cli/main.js');

/** Set by the build only: where to write the code cache of the bundle whose cache file has that name, when the process exits. */
const CODE_CACHE_OUT = 'DOCUGRAPH_BUILD_CODE_CACHE';

const HERE = (): string => dirname(fileURLToPath(import.meta.url));

/** The server's module (`main`), from the bundle in `dir` (default: beside this file). */
export function loadServer(dir: string = HERE()): Server {
  return loadBundle<Server>(dir, 'server');
}

/** The CLI's module (`runCli`), from the bundle in `dir` (default: beside this file). */
export function loadCli(dir: string = HERE()): Cli {
  return loadBundle<Cli>(dir, 'cli');
}

/** Runs `<name>.cjs` of `dir` as a CommonJS module, compiled with `<name>.cache` when V8 takes it; its exports. */
function loadBundle<T>(dir: string, name: 'server' | 'cli'): T {
  const file = join(dir, `${name}.cjs`);
  const source = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(join(dir, `${name}.cache`));
  } catch {
    // No cache (not built yet, or removed): compiled as usual.
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const out = process.env[CODE_CACHE_OUT];
  if (out !== undefined && out !== '' && basename(out) === `${name}.cache`) {
    // After a run has compiled what it needs (the build runs one, then lets it exit).
    process.once('exit', () => writeFileSync(out, script.createCachedData()));
  }
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  run(module.exports as object, createRequire(file), module, file, dir);
  return module.exports;
}
