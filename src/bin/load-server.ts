/**
 * Loads the executables' two CommonJS bundles, each beside this file and compiled with its V8
 * code cache when there is one: `server.cjs` (`mcp/main` and everything it uses: the SDK,
 * zod, the core; cache `server.cache`) and `cli.cjs` (`cli/main` and the core; cache
 * `cli.cache`). Compiling the server's bundle was about a fifth of the time from spawn to
 * `initialize` answered, and compiling the CLI's functions some 6 % of a 10,000-document
 * `validate`; a cache holds the bytecode of the functions a run made by `npm run build`
 * (`scripts/bundle-bins.mjs`) compiled, with this Node. Node 20 has no code cache for ES
 * modules, hence CommonJS here. See docs/decisions/D-178 and D-508.
 *
 * V8 itself checks only a cache's header (its version and flags, the source's length): a cache
 * damaged inside stops the process, and one beside a bundle edited to the same length runs the
 * old code. So a cache file opens with the SHA-1 of the bundle's bytes and the cache's own, and
 * is given to V8 only when that matches; else (and when V8 refuses it: another Node, other
 * flags) the bundle is compiled as usual.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

type Server = typeof import('../mcp/main.js');
type Cli = typeof import('../cli/main.js');

/** Set by the build only: where to write the code cache of the bundle whose cache file has that name, when the process exits. */
const CODE_CACHE_OUT = 'DOCUGRAPH_BUILD_CODE_CACHE';
/** The length of the digest a cache file opens with. */
const DIGEST = 20;

const HERE = (): string => dirname(fileURLToPath(import.meta.url));

/** The server's module (`main`), from the bundle in `dir` (default: beside this file). */
export function loadServer(dir: string = HERE()): Server {
  return loadBundle<Server>(dir, 'server');
}

/** The CLI's module (`runCli`), from the bundle in `dir` (default: beside this file). */
export function loadCli(dir: string = HERE()): Cli {
  return loadBundle<Cli>(dir, 'cli');
}

/** The digest a cache file of `data` for the bundle `source` opens with. */
function digestOf(source: Buffer, data: Buffer): Buffer {
  return createHash('sha1').update(source).update(data).digest();
}

/** The V8 cache data of `<name>.cache` in `dir` when it is there and made for `source`, else `undefined`. */
function cacheFor(dir: string, name: string, source: Buffer): Buffer | undefined {
  let file: Buffer;
  try {
    file = readFileSync(join(dir, `${name}.cache`));
  } catch {
    // No cache (not built yet, or removed): compiled as usual.
    return undefined;
  }
  if (file.length <= DIGEST) return undefined;
  const data = file.subarray(DIGEST);
  return digestOf(source, data).equals(file.subarray(0, DIGEST)) ? data : undefined;
}

/** Runs `<name>.cjs` of `dir` as a CommonJS module, compiled with `<name>.cache` when it fits; its exports. */
function loadBundle<T>(dir: string, name: 'server' | 'cli'): T {
  const file = join(dir, `${name}.cjs`);
  const bytes = readFileSync(file);
  const out = process.env[CODE_CACHE_OUT];
  const building = out !== undefined && out !== '' && basename(out) === `${name}.cache`;
  // A cache names the script as it was compiled, and V8 shows that name in stack traces wherever the
  // package is installed: the build's is a name of no machine, not the path of the one that built it.
  const script = building
    ? new Script(Module.wrap(bytes.toString('utf8')), { filename: `docugraph/dist/bin/${name}.cjs` })
    : new Script(Module.wrap(bytes.toString('utf8')), { filename: file, cachedData: cacheFor(dir, name, bytes) });
  if (building) {
    // After a run has compiled what it needs (the build runs one, then lets it exit).
    process.once('exit', () => {
      const data = script.createCachedData();
      writeFileSync(out, Buffer.concat([digestOf(bytes, data), data]));
    });
  }
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  run(module.exports as object, createRequire(file), module, file, dir);
  return module.exports;
}
