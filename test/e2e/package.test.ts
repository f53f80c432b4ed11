/**
 * The package as users get it: `npm pack`, what the tarball holds and what its manifest says,
 * `npm install` of the tarball into an unrelated project (quietly), both bins, the library,
 * `npx <tarball>`, and the Claude Code one-liner started from an empty directory with no
 * clone around.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, textOf } from '../helpers/server-process.js';
import { DEMO, ROOT, TOOL_NAMES } from '../helpers/paths.js';
import { packedTarball } from '../helpers/packed-tarball.js';
import { testdir } from '../helpers/testdir.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const quiet = ['--no-audit', '--no-fund', '--prefer-offline'];
/** The lifecycle scripts npm runs when a package is installed as a dependency. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];

/** What a client's process gets: the user's environment, less npm's own `npm run` variables. */
function userEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^npm_/i.test(key)) env[key] = value;
  return env;
}

describe('the npm package', { timeout: 180_000 }, () => {
  let dir: string;
  let tarball: string;
  let files: string[];
  let manifest: Record<string, unknown>;
  let installStderr: string;

  beforeAll(async () => {
    // Shared by every test here, so not a per-test `testdir`.
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-package-')));
    // The run's one `npm pack` of the project, shared with test/packaging/action.test.ts.
    ({ tarball, files } = await packedTarball());
    manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
    mkdirSync(join(dir, 'project'));
    writeFileSync(join(dir, 'project', 'package.json'), JSON.stringify({ name: 'unrelated', version: '1.0.0', private: true, type: 'module' }));
    const install = spawnSync(npm, ['install', tarball, ...quiet, '--loglevel=warn'], { cwd: join(dir, 'project'), encoding: 'utf8', env: userEnv() });
    if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.stderr}`);
    installStderr = install.stderr;
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ships the bins, the library, the schema, README and LICENSE; no tests, fixtures, maps or sources', () => {
    for (const file of ['package.json', 'README.md', 'LICENSE', 'dist/bin/docugraph.js', 'dist/bin/docugraph-mcp.js', 'dist/bin/read-ahead-worker.js', 'dist/bin/markdown-ahead-worker.js', 'dist/bin/stat-ahead-worker.js', 'dist/bin/index-read-worker.js', 'dist/bin/build-id.txt', 'dist/core/index.js', 'dist/core/index.d.ts', 'schema/docugraph.schema.json']) {
      expect(files).toContain(file);
    }
    // The bins are esbuild bundles: their dynamic imports and shared code are chunks beside them.
    expect(files.filter((f) => /^dist\/bin\/(chunk|main)-[A-Z0-9]+\.js$/.test(f)).length).toBeGreaterThan(0);
    expect(files.filter((f) => /(^|\/)(test|tests|fixtures|src|examples|bench)\//.test(f) || /\.map$/.test(f) || (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)))).toEqual([]);
    // The MCP server: one CommonJS bundle and its V8 code cache (see src/bin/load-server.ts).
    expect(files).toContain('dist/bin/server.cjs');
    expect(files).toContain('dist/bin/server.cache');
    // The CLI: the same (see src/bin/load-server.ts).
    expect(files).toContain('dist/bin/cli.cjs');
    expect(files).toContain('dist/bin/cli.cache');
    // The YAML library as one file, loaded beside them (src/core/parse/yaml.ts).
    expect(files).toContain('dist/bin/yaml.cjs');
    // Exactly these kinds of file: nothing else slips in (tsc's unbundled dist/mcp and dist/cli stay out).
    expect(files.filter((f) => !/^(package\.json|README\.md|LICENSE|dist\/bin\/[^/]+\.js|dist\/bin\/(server|cli)\.(cjs|cache)|dist\/bin\/build-id\.txt|dist\/bin\/yaml\.cjs|dist\/core\/(?:[a-z]+\/){0,2}[^/]+\.(js|d\.ts)|dist\/web\/view\.(html|json)|schema\/docugraph\.schema\.json)$/.test(f))).toEqual([]);
  });

  it('the packed manifest has no install scripts and says where the project lives', () => {
    const scripts = manifest['scripts'] as Record<string, string>;
    expect(Object.keys(scripts).filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
    expect(manifest).toMatchObject({
      name: 'docugraph',
      repository: { type: 'git', url: 'git+https://github.com/docugraph/docugraph.git' },
      homepage: 'https://github.com/docugraph/docugraph#readme',
      bugs: { url: 'https://github.com/docugraph/docugraph/issues' },
      mcpName: 'io.github.docugraph/docugraph',
      engines: { node: '>=20' },
    });
  });

  it('installs without a warning (no install script to approve, no engine mismatch)', () => {
    expect(installStderr).toBe('');
  });

  it('npm publish --dry-run finds nothing to correct', () => {
    const run = spawnSync(npm, ['publish', '--dry-run', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', env: userEnv() });
    expect(run.status, run.stderr).toBe(0);
    // Being logged in is the publisher's business, not the package's.
    const warnings = run.stderr.split('\n').filter((line) => /\bwarn\b/i.test(line) && !/requires you to be logged in/.test(line));
    expect(warnings).toEqual([]);
    expect(run.stderr).toMatch(/docugraph@\d+\.\d+\.\d+/);
  });

  it('docugraph runs from the installed package', () => {
    const bin = join(dir, 'project', 'node_modules', '.bin', 'docugraph');
    const run = spawnSync(bin, ['validate', DEMO], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^valid: 0 errors, 0 warnings \(16 files read, 15 documents/);
  });

  it('docugraph view --out from the installed package writes the built page with its data', () => {
    const bin = join(dir, 'project', 'node_modules', '.bin', 'docugraph');
    const run = spawnSync(bin, ['-w', DEMO, 'view', '--out', join(dir, 'site')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const html = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    expect(html).toContain('<meta name="docugraph-mode" content="static">');
    expect(html).toContain('"BE-02"');
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
    const version = spawnSync(npx, ['--yes', `./${basename(tarball)}`, '--version'], { cwd: dirname(tarball), encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    // Named the same way, so npx takes the install it made for the line above from its cache.
    const server = spawnSync(npx, ['--yes', '--package', `./${basename(tarball)}`, 'docugraph-mcp', '--version'], { cwd: dirname(tarball), encoding: 'utf8' });
    expect(server.status, server.stderr).toBe(0);
    // Before the server runs, stdout is not the protocol: the version goes there (issue 28).
    expect(server.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("the README's Claude Code one-liner, from the tarball in a folder with no clone around, answers tools/list", async () => {
    // `claude mcp add docugraph -- npx -y docugraph mcp --workspace .`: Claude Code starts the
    // command in the project folder. Here the package is the tarball (not published yet), named
    // with `file:` (npx takes a bare absolute path for a command to run).
    const project = testdir({});
    cpSync(DEMO, project, { recursive: true });
    const { client } = await connect({
      command: npx,
      args: ['-y', `file:${tarball}`, 'mcp', '--workspace', '.'],
      node: false,
      cwd: project,
      env: { ...userEnv(), npm_config_prefer_offline: 'true' },
    });
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    // `.` is the folder it was started in: the copied demo.
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02', maxDepth: 0 } });
    expect(textOf(result)).toContain('path: docs/tasks/backend/BE-02-create-project-endpoint.md\n');
  });
});
