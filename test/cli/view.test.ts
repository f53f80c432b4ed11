/**
 * `docugraph view --out` (issue 53): a folder gets `index.html`; a path that ends in `.html` is
 * the file itself, its folder made when missing; what cannot be that file is refused, untouched.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { DEMO } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

const view = (out: string) => runInProcess(['-w', DEMO, 'view', '--out', out], { cwd: DEMO });

describe('view --out', () => {
  it('a path ending in .html is a file, not a folder', async () => {
    const dir = testdir({});
    const result = await view(join(dir, 'site', 'graph.html'));
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(`docugraph: wrote ${join(dir, 'site', 'graph.html')} (15 documents; open it in a browser)\n`);
    expect(lstatSync(join(dir, 'site', 'graph.html')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'site', 'graph.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    expect(readdirSync(join(dir, 'site'))).toEqual(['graph.html']);
  });

  it('a folder still gets index.html; a folder named like a page is refused', async () => {
    const dir = testdir({});
    expect((await view(join(dir, 'out'))).code).toBe(0);
    expect(existsSync(join(dir, 'out', 'index.html'))).toBe(true);
    mkdirSync(join(dir, 'page.html'));
    const refused = await view(join(dir, 'page.html'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`docugraph: cannot write ${join(dir, 'page.html')}: it is a folder; pick a file you can write to (a path ending in .html), or a folder for index.html.\n`);
  });
});
