/**
 * The `docugraph` command line: every command and format, exit codes, usage errors, and the
 * same bytes as the MCP tools. Each kind of run is made once by the built CLI, spawned (its
 * exit code, its two streams on pipes, its working directory and environment); the variants
 * run the same code in-process (`cli`), which is what the built CLI bundles. The built CLI
 * hands every command's exit code and streams to the process the same way
 * (src/bin/docugraph.ts), so the kinds are: the workspace from the working directory and from
 * the environment, findings (exit 1) and the tools' bytes on a pipe, a usage error (exit 2),
 * a bundle byte for byte and a failed query on stderr, JSON because stdout is a pipe, the
 * version, and the server.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildReport, ERROR_CODES, formatJson, listTasks, loadWorkspace, renderDot, renderMermaid, selectGraph, WARNING_CODES } from '../../src/core/index.js';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { CLI, DEMO, FIXTURES, ROOT } from '../helpers/paths.js';
import { connect } from '../helpers/server-process.js';
import { testdir } from '../helpers/testdir.js';

const golden = readFileSync(new URL('../golden/BE-02.code.bundle.md', import.meta.url), 'utf8');

function docugraph(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...options.env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same run in-process: argv, working directory and environment as `docugraph` gives them. */
function cli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return runInProcess(args, { cwd: options.cwd ?? ROOT, env: { PATH: process.env['PATH'] ?? '', ...options.env } });
}

describe('docugraph validate', () => {
  it('exit 0 on a valid workspace, 1 on each negative fixture', async () => {
    expect(await cli(['validate', DEMO])).toMatchObject({ code: 0, stderr: '' });
    for (const name of ['cycle', 'broken-dependency', 'self-cycle', 'broken-md-link', 'invalid-frontmatter', 'duplicate-id']) {
      expect((await cli(['validate', join(FIXTURES, name)])).code, name).toBe(1);
    }
  });

  it('takes the workspace from [dir], --workspace, DOCUGRAPH_WORKSPACE, else the current directory', async () => {
    const fromCwd = docugraph(['validate'], { cwd: DEMO });
    expect(fromCwd).toMatchObject({ code: 0, stderr: '' });
    expect(fromCwd.stdout).toMatch(/^valid: .*15 documents/);
    expect(docugraph(['validate'], { cwd: ROOT, env: { DOCUGRAPH_WORKSPACE: DEMO } }).code).toBe(0);
    expect((await cli(['validate', '--workspace', join(FIXTURES, 'cycle')])).code).toBe(1);
    expect((await cli(['-w', join(FIXTURES, 'cycle'), 'validate'])).code).toBe(1);
    expect((await cli(['validate', DEMO], { env: { DOCUGRAPH_WORKSPACE: join(FIXTURES, 'cycle') } })).code).toBe(0);
  });

  it('text: grouped by file as `path:line  CODE  message`, a summary, no colour when not a terminal', () => {
    const { code, stdout } = docugraph(['validate', join(FIXTURES, 'broken-md-link')]);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^doc-a\.md:12  MD_LINK_BROKEN  link `\.\/missing\.md` is broken/);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^doc-b\.md:15  MD_ANCHOR_BROKEN  /);
    expect(lines[4]).toBe('invalid: 1 error, 1 warning in 2 files (4 files read, 3 documents, 1 dependency)');
    expect(stdout).not.toContain('\x1b[');
  });

  it('--strict makes warnings fail', async () => {
    const root = testdir({ 'a.md': '---\nid: A\n---\n[x](#nowhere)\n' });
    expect((await cli(['validate', root])).code).toBe(0);
    const strict = await cli(['validate', root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('invalid (--strict): 0 errors, 2 warnings');
  });

  it('json: the same bytes as the validate_traceability tool', async () => {
    const workspace = loadWorkspace(join(FIXTURES, 'cycle'));
    const { client } = await connectInMemory(workspace);
    const tool = textOf(await client.callTool({ name: 'validate_traceability', arguments: {} }));
    const cli = docugraph(['validate', join(FIXTURES, 'cycle'), '--format', 'json']);
    expect(cli.stdout).toBe(tool);
    expect(cli.code).toBe(1);
  });

  it('github: one workflow annotation per finding, paths relative to the checkout', async () => {
    const { code, stdout } = await cli(['validate', 'test/fixtures/broken-dependency', '--format', 'github'], { cwd: ROOT });
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('::error file=test/fixtures/broken-dependency/tasks/TASK-1.md,line=8,title=LINK_BROKEN::`depends_on` names `DEC-404`, but no document has that id; did you mean `DEC-001`?');
    expect(lines[1]).toMatch(/^::error file=test\/fixtures\/broken-dependency\/tasks\/TASK-1\.md,line=9,title=LINK_BROKEN::/);
    expect(lines[2]).toBe('DocuGraph: invalid, 2 errors, 0 warnings (4 files read, 3 documents)');
    const warn = await cli(['validate', join(FIXTURES, 'broken-md-link'), '--format', 'github'], { env: { GITHUB_WORKSPACE: FIXTURES } });
    expect(warn.stdout).toContain('::warning file=broken-md-link/doc-b.md,line=15,title=MD_ANCHOR_BROKEN::');
  });

  it('sarif: valid against the SARIF 2.1.0 JSON schema, one rule per code, one result per finding', async () => {
    const require = createRequire(import.meta.url);
    const Ajv = require('ajv-draft-04') as typeof import('ajv-draft-04').default;
    const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
    const schemaPath = join(require.resolve('@microsoft/jest-sarif/package.json'), '..', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
    // The official schema has a pattern that is not valid with the `u` flag: compile without it.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).toBe(false);
    for (const workspace of [DEMO, join(FIXTURES, 'invalid-frontmatter'), join(FIXTURES, 'broken-md-link'), join(FIXTURES, 'cycle')]) {
      const { stdout } = await cli(['validate', workspace, '--format', 'sarif']);
      const sarif = JSON.parse(stdout) as { version: string; runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; level: string; locations: unknown[] }[] }[] };
      expect(validate(sarif), JSON.stringify(validate.errors, null, 2)).toBe(true);
      expect(sarif.version).toBe('2.1.0');
      expect(sarif.runs[0]!.tool.driver.rules).toHaveLength(ERROR_CODES.length + WARNING_CODES.length);
      const report = buildReport(loadWorkspace(workspace));
      expect(sarif.runs[0]!.results).toHaveLength(report.errors.length + report.warnings.length);
    }
    const { stdout } = await cli(['validate', 'test/fixtures/broken-md-link', '--format', 'sarif']);
    const result = (JSON.parse(stdout) as { runs: { results: unknown[] }[] }).runs[0]!.results[0];
    expect(result).toMatchObject({
      ruleId: 'MD_LINK_BROKEN',
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'test/fixtures/broken-md-link/doc-a.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 12 } } }],
    });
  });

  it('usage errors exit 2 with the reason on stderr', async () => {
    const spawned = docugraph(['validate', '--bogus'], { cwd: DEMO });
    expect(spawned.code).toBe(2);
    expect(spawned.stdout).toBe('');
    expect(spawned.stderr.length).toBeGreaterThan(10);
    for (const args of [['validate', '--format', 'xml'], ['validate', '--bogus'], ['validate', '/no/such/dir'], ['frobnicate'], ['context'], ['context', 'BE-02', '--max-depth', '-1'], ['context', 'BE-02', '--max-depth', '100000000000000000000'], ['impact', 'BE-02', '--max-depth', '1e20'], ['graph', '--direction', 'up']]) {
      const result = await cli(args, { cwd: DEMO });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.length).toBeGreaterThan(10);
    }
  });
});

describe('docugraph context | graph | impact | tasks', () => {
  const workspace = loadWorkspace(DEMO);

  it('context prints the bundle byte for byte; errors go to stderr with exit 1', async () => {
    expect(docugraph(['context', 'BE-02'], { cwd: DEMO })).toEqual({ code: 0, stdout: golden, stderr: '' });
    expect((await cli(['context', 'BE-02', '--max-depth', '1', '-w', DEMO])).stdout).toMatch(/^# Context bundle: BE-02\nmaxDepth: 1\ntruncated: true\n/);
    const missing = docugraph(['context', 'BE-2', '-w', DEMO]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('did you mean `BE-02`');
    const cycle = await cli(['context', 'CYC-TASK', '-w', join(FIXTURES, 'cycle')]);
    expect(cycle).toMatchObject({ code: 1, stdout: '' });
    expect(cycle.stderr).toContain('Run `docugraph validate` to see every cycle');
  });

  it('graph: json, mermaid and dot, the same as the tool', async () => {
    expect(docugraph(['graph', '-w', DEMO]).stdout).toBe(formatJson(selectGraph(workspace)));
    expect((await cli(['graph', '-w', DEMO, '--root', 'BE-02', '--direction', 'both', '--max-depth', '1', '--format', 'mermaid'])).stdout).toBe(
      renderMermaid(workspace, selectGraph(workspace, { rootId: 'BE-02', direction: 'both', maxDepth: 1 }), 'BE-02'),
    );
    expect((await cli(['graph', '-w', DEMO, '--format', 'dot'])).stdout).toBe(renderDot(workspace, selectGraph(workspace)));
    expect((await cli(['graph', '-w', DEMO, '--root', 'NOPE'])).code).toBe(1);
  });

  it('impact and tasks: the same JSON as the tools; tasks also as a table', async () => {
    expect((await cli(['impact', 'DEC-001', '-w', DEMO])).stdout).toBe(formatJson(analyzeImpact(workspace, 'DEC-001')));
    expect((await cli(['impact', 'DEC-001', '--max-depth', '1', '-w', DEMO])).stdout).toBe(formatJson(analyzeImpact(workspace, 'DEC-001', 1)));
    expect((await cli(['tasks', '--type', 'task', '--status', 'todo', '-w', DEMO])).stdout).toBe(formatJson({ tasks: withVersions(workspace, listTasks(workspace, { type: 'task', status: 'todo' }).tasks) }));
    const table = (await cli(['tasks', '--query', 'project', '--format', 'text', '-w', DEMO])).stdout.split('\n');
    expect(table[0]).toMatch(/^ID +TYPE +STATUS +STATE +BLOCKED BY +TITLE$/);
    expect(table).toContain('BE-02   task         todo      ready    -              POST /v1/projects endpoint');
  });

  it('--help for every command, --version everywhere', async () => {
    for (const command of ['validate', 'context', 'graph', 'impact', 'tasks', 'mcp']) {
      const help = await cli([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: docugraph ${command}`);
      expect(help.stdout).toContain('--workspace <dir>');
    }
    expect((await cli(['--help'])).stdout).toMatch(/Commands:[\s\S]*validate[\s\S]*context[\s\S]*graph[\s\S]*impact[\s\S]*tasks[\s\S]*mcp/);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(docugraph(['--version']).stdout).toBe(`${version.version}\n`);
    expect((await cli(['tasks', '--version'])).stdout).toBe(`${version.version}\n`);
  });
});

describe('docugraph mcp', () => {
  it('serves the workspace over STDIO like docugraph-mcp', async () => {
    const { client } = await connect({ command: CLI, args: ['mcp', '--workspace', DEMO] });
    const result = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02' } });
    expect(textOf(result)).toBe(golden);
  });

  it('defaults to the current directory', async () => {
    const { client } = await connect({ command: CLI, args: ['mcp'], cwd: join(FIXTURES, 'cycle') });
    const report = await client.callTool({ name: 'validate_traceability', arguments: {} });
    expect(report.structuredContent).toMatchObject({ workspacePath: join(FIXTURES, 'cycle'), valid: false });
  });
});
