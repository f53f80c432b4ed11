/**
 * The executables load the YAML library from `dist/bin/yaml.cjs`, one bundled file (20–30 ms
 * less at every start that reads a `docugraph.yml`), never from node_modules; and it parses as
 * the package does.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

describe('the bundled YAML library', () => {
  it('is what the CLI loads, and it parses as the package does', () => {
    const root = testdir({ 'docugraph.yml': 'exclude: [drafts/**]\n', 'a.md': doc({ id: 'A', title: 'A' }) });
    const run = spawnSync(process.execPath, [CLI, '-w', root, 'validate'], { encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'module' } });
    expect(run.status, run.stderr).toBe(0);
    const loaded = run.stderr.split('\n').filter((line) => /load "[^"]*yaml[^"]*"/.test(line));
    expect(loaded.some((line) => line.includes(join('dist', 'bin', 'yaml.cjs')))).toBe(true);
    expect(loaded.filter((line) => line.includes(join('node_modules', 'yaml')))).toEqual([]);
    const require = createRequire(import.meta.url);
    const bundled = require(join(ROOT, 'dist', 'bin', 'yaml.cjs')) as typeof import('yaml');
    const text = 'a: [1, 2]\nb: { c: "d" }\n# comment\ne: |\n  text\n';
    expect(bundled.parse(text)).toEqual((require('yaml') as typeof import('yaml')).parse(text));
  });
});
