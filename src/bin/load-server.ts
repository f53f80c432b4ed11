/**
 * Loads the MCP server for the executables: `server.cjs` beside this file, one CommonJS
 * bundle of `mcp/main` and everything it uses (the SDK, zod, the core), compiled with V8's
 * code cache `server.cache` when there is one. Compiling that bundle was about a fifth of the
 * time from spawn to `initialize` answered; the cache holds the bytecode of the functions a
 * start-up runs, made by `npm run build` (`scripts/bundle-bins.mjs`) with this Node. V8
 * refuses a cache made by another version or with other flags (then the bundle is compiled as
 * usual), and one that does not match the bundle byte for byte. Node 20 has no code cache for
 * ES modules, hence CommonJS here. See docs/decisions.md, "Start-up".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

type Server = typeof import('../mcp/main.js');

/** Set by the build only: where to write the code cache when the process exits. */
const CODE_CACHE_OUT = 'DOCUGRAPH_BUILD_CODE_CACHE';

/** The server's module (`main`), from the bundle in `dir` (default: beside this file). */
export function loadServer(dir: string = dirname(fileURLToPath(import.meta.url))): Server {
  const file = join(dir, 'server.cjs');
  const source = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(join(dir, 'server.cache'));
  } catch {
    // No cache (not built yet, or removed): compiled as usual.
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const out = process.env[CODE_CACHE_OUT];
  if (out !== undefined && out !== '') {
    // After a start-up has run (the build sends `initialize` and a few requests, then closes stdin).
    process.once('exit', () => writeFileSync(out, script.createCachedData()));
  }
  const module = { exports: {} as Server };
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  run(module.exports, createRequire(file), module, file, dir);
  return module.exports;
}
