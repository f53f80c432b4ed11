/**
 * The executables load the MCP server from one CommonJS bundle with V8's code cache
 * (src/bin/load-server.ts): the cache the build made must be one this Node takes, and a cache
 * that does not fit (another Node, a damaged file) or none at all must only cost time.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadServer } from '../../src/bin/load-server.js';
import { ROOT } from '../helpers/paths.js';

const BIN = join(ROOT, 'dist', 'bin');
// Two levels below the project, as dist/bin is: the bundle finds package.json the same way.
const COPY = join(ROOT, 'dist', `code-cache-test-${process.pid}`);
afterAll(() => rmSync(COPY, { recursive: true, force: true }));

describe('the server bundle and its code cache', () => {
  it('the cache the build wrote is taken by this Node for this bundle', () => {
    const script = new Script(Module.wrap(readFileSync(join(BIN, 'server.cjs'), 'utf8')), { filename: join(BIN, 'server.cjs'), cachedData: readFileSync(join(BIN, 'server.cache')) });
    expect(script.cachedDataRejected).toBe(false);
  });

  it('a damaged cache, or none, still loads the server', () => {
    mkdirSync(COPY, { recursive: true });
    copyFileSync(join(BIN, 'server.cjs'), join(COPY, 'server.cjs'));
    writeFileSync(join(COPY, 'server.cache'), Buffer.from('not a code cache at all'));
    expect(typeof loadServer(COPY).main).toBe('function');
    rmSync(join(COPY, 'server.cache'));
    expect(typeof loadServer(COPY).main).toBe('function');
  });
});
