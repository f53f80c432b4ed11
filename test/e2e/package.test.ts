/**
 * The package as users get it: `npm pack`, install the tarball into an unrelated project,
 * run both bins; and `npx <tarball>`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, textOf } from '../helpers/server-process.js';
import { DEMO, ROOT } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const quiet = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

describe('the npm package', { timeout: 180_000 }, () => {
  let dir: string;
  let tarball: string;
  let files: string[];

  beforeAll(() => {
    // Shared by every test here, so not a per-test `testdir`.
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-package-')));
    // dist/ is already built by `npm test`; --ignore-scripts keeps pack from rebuilding it under other tests.
    const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })) as [{ filename: string; files: { path: string }[] }];
    tarball = join(dir, packed[0].filename);
    files = packed[0].files.map((f) => f.path);
    mkdirSync(join(dir, 'project'));
    writeFileSync(join(dir, 'project', 'package.json'), JSON.stringify({ name: 'unrelated', version: '1.0.0', private: true, type: 'module' }));
    execFileSync(npm, ['install', tarball, ...quiet], { cwd: join(dir, 'project'), encoding: 'utf8' });
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ships only what users need', () => {
    expect(files).toContain('package.json');
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/bin/docugraph.js');
    expect(files).toContain('dist/bin/docugraph-mcp.js');
    expect(files).toContain('dist/core/index.d.ts');
    expect(files.filter((f) => !/^(package\.json|README\.md|LICENSE|dist\/.*\.(js|d\.ts)|schema\/docugraph\.schema\.json)$/.test(f))).toEqual([]);
  });

  it('docugraph runs from the installed package', () => {
    const bin = join(dir, 'project', 'node_modules', '.bin', 'docugraph');
    const run = spawnSync(bin, ['validate', DEMO], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^valid: 0 errors, 0 warnings \(15 documents/);
  });

  it('docugraph-mcp from the installed package answers an MCP client', async () => {
    const bin = join(dir, 'project', 'node_modules', '.bin', 'docugraph-mcp');
    const { client } = await connect({ command: bin, args: ['--workspace', DEMO], node: false });
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 0 } });
    expect(textOf(result)).toMatch(/^# Context bundle: BE-02\nmaxDepth: 0\n/);
  });

  it('the library and ./package.json can be imported', () => {
    const script = "const m = await import('docugraph'); const p = await import('docugraph/package.json', { with: { type: 'json' } }); const ws = m.loadWorkspace(process.argv[1]); console.log(p.default.name, m.buildReport(ws).nodeCount);";
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, DEMO], { cwd: join(dir, 'project'), encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('docugraph 15\n');
  });

  it('npx <tarball> runs docugraph, and --package runs docugraph-mcp', () => {
    // From the tarball's own folder, so it is named as `./docugraph-x.y.z.tgz`, as people type it.
    const version = spawnSync(npx, ['--yes', `./${basename(tarball)}`, '--version'], { cwd: dir, encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const server = spawnSync(npx, ['--yes', '--package', tarball, 'docugraph-mcp', '--version'], { cwd: testdir({}), encoding: 'utf8' });
    expect(server.status, server.stderr).toBe(0);
    expect(server.stderr).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
