/**
 * The executables load the MCP server and the CLI each from one CommonJS bundle with V8's code
 * cache (src/bin/load-server.ts): the cache the build made must be one this Node takes, and a
 * cache that does not fit (another Node, a damaged file) or none at all must only cost time.
 */
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

describe('the server bundle, the CLI bundle and their code caches', () => {
  it.each(['server', 'cli'])('the cache the build wrote is taken by this Node for the %s bundle', (name) => {
    const script = new Script(Module.wrap(readFileSync(join(BIN, `${name}.cjs`), 'utf8')), { filename: join(BIN, `${name}.cjs`), cachedData: readFileSync(join(BIN, `${name}.cache`)) });
    expect(script.cachedDataRejected).toBe(false);
  });

  it("the CLI's cache was made after a load ran: it holds more than the bundle's top level", () => {
    // A cache taken before anything ran would hold little beyond the module's top level; the
    // build's is taken at the exit of a real `docugraph validate`.
    const script = new Script(Module.wrap(readFileSync(join(BIN, 'cli.cjs'), 'utf8')), { filename: join(BIN, 'cli.cjs') });
    const bare = script.createCachedData().length;
    expect(readFileSync(join(BIN, 'cli.cache')).length).toBeGreaterThan(2 * bare);
  });

  it('a damaged cache, or none, still loads the server and the CLI', () => {
    mkdirSync(COPY, { recursive: true });
    for (const name of ['server', 'cli']) {
      copyFileSync(join(BIN, `${name}.cjs`), join(COPY, `${name}.cjs`));
      writeFileSync(join(COPY, `${name}.cache`), Buffer.from('not a code cache at all'));
    }
    expect(typeof loadServer(COPY).main).toBe('function');
    expect(typeof loadCli(COPY).runCli).toBe('function');
    for (const name of ['server', 'cli']) rmSync(join(COPY, `${name}.cache`));
    expect(typeof loadServer(COPY).main).toBe('function');
    expect(typeof loadCli(COPY).runCli).toBe('function');
  });
});
