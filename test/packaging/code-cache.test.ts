/**
 * The executables load the MCP server and the CLI each from one CommonJS bundle with V8's code
 * cache (src/bin/load-server.ts): the cache the build made must be one this Node takes, and a
 * cache that does not fit (another Node, a damaged file, a bundle edited since) or none at all
 * must only cost time — never stop the process, never run other code than the bundle's.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCli, loadServer } from '../../src/bin/load-server.js';
import { ROOT } from '../helpers/paths.js';

const BIN = join(ROOT, 'dist', 'bin');
// Two levels below the project, as dist/bin is: the bundle finds package.json the same way.
const COPY = join(ROOT, 'dist', `code-cache-test-${process.pid}`);
afterAll(() => rmSync(COPY, { recursive: true, force: true }));

/** A cache file: the SHA-1 of the bundle and the data, then V8's data. */
const DIGEST = 20;

/** Copies `name`'s bundle and cache into COPY (fresh). */
function copy(name: string): void {
  mkdirSync(COPY, { recursive: true });
  copyFileSync(join(BIN, `${name}.cjs`), join(COPY, `${name}.cjs`));
  copyFileSync(join(BIN, `${name}.cache`), join(COPY, `${name}.cache`));
}

/** `docugraph --help` run from the CLI bundle in COPY, in a process of its own (a cache V8 cannot read stops the process). */
function helpFromCopy(): { status: number | null; stdout: string; stderr: string } {
  const loader = join(BIN, 'load-server.js');
  const code = `const { loadCli } = await import(${JSON.stringify(loader)}); process.exitCode = await loadCli(${JSON.stringify(COPY)}).runCli({ argv: ['--help'], env: {}, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr }, () => {}) ?? 0;`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the server bundle, the CLI bundle and their code caches', () => {
  it.each(['server', 'cli'])('the cache the build wrote opens with the digest of the %s bundle and its data, and this Node takes the data', (name) => {
    const source = readFileSync(join(BIN, `${name}.cjs`));
    const cache = readFileSync(join(BIN, `${name}.cache`));
    const data = cache.subarray(DIGEST);
    expect(createHash('sha1').update(source).update(data).digest().equals(cache.subarray(0, DIGEST))).toBe(true);
    const script = new Script(Module.wrap(source.toString('utf8')), { filename: join(BIN, `${name}.cjs`), cachedData: data });
    expect(script.cachedDataRejected).toBe(false);
  });

  it("the CLI's cache was made after a load ran: it holds more than the bundle's top level", () => {
    // A cache taken before anything ran would hold little beyond the module's top level; the
    // build's is taken at the exit of a real `docugraph validate`.
    const script = new Script(Module.wrap(readFileSync(join(BIN, 'cli.cjs'), 'utf8')), { filename: join(BIN, 'cli.cjs') });
    const bare = script.createCachedData().length;
    expect(readFileSync(join(BIN, 'cli.cache')).length).toBeGreaterThan(2 * bare);
  });

  it.each(['server', 'cli'])("the %s cache names no path of the machine that built it (V8 shows a cache's script name in stack traces)", (name) => {
    expect(readFileSync(join(BIN, `${name}.cache`)).includes(ROOT)).toBe(false);
  });

  it.each(['server', 'cli'])('the %s bundle runs in strict mode, as the ES modules it is made of', (name) => {
    const source = `${readFileSync(join(BIN, `${name}.cjs`), 'utf8')}\n;module.exports.strictProbe = (function () { return this === undefined; })();`;
    const module = { exports: {} as { strictProbe?: boolean } };
    const run = new Script(Module.wrap(source), { filename: join(COPY, `${name}-probe.cjs`) }).runInThisContext() as (e: object, r: NodeJS.Require, m: object, f: string, d: string) => void;
    run(module.exports, Module.createRequire(join(BIN, `${name}.cjs`)), module, join(BIN, `${name}.cjs`), BIN);
    expect(module.exports.strictProbe).toBe(true);
  });

  it('a damaged cache, or none, still loads the server and the CLI', () => {
    for (const name of ['server', 'cli']) {
      copy(name);
      writeFileSync(join(COPY, `${name}.cache`), Buffer.from('not a code cache at all'));
    }
    expect(typeof loadServer(COPY).main).toBe('function');
    expect(typeof loadCli(COPY).runCli).toBe('function');
    for (const name of ['server', 'cli']) rmSync(join(COPY, `${name}.cache`));
    expect(typeof loadServer(COPY).main).toBe('function');
    expect(typeof loadCli(COPY).runCli).toBe('function');
  });

  it("a cache damaged inside V8's data (its header intact) is not given to V8: the CLI runs (V8 alone stops the process)", () => {
    copy('cli');
    const cache = readFileSync(join(COPY, 'cli.cache'));
    cache.writeUInt32LE(0xffffffff, DIGEST + Math.floor((cache.length - DIGEST) / 2));
    writeFileSync(join(COPY, 'cli.cache'), cache);
    const run = helpFromCopy();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: docugraph');
  });

  it('a bundle edited to the same length runs as edited, not as its old cache (V8 compares lengths only)', () => {
    copy('cli');
    const source = readFileSync(join(COPY, 'cli.cjs'), 'utf8');
    expect(source).toContain('Audit ids, frontmatter');
    writeFileSync(join(COPY, 'cli.cjs'), source.replace('Audit ids, frontmatter', 'AUDIT IDS, FRONTMATTER'));
    const run = helpFromCopy();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('AUDIT IDS, FRONTMATTER');
  });
});
