/**
 * The MCP Bundle: `scripts/build-mcpb.mjs` (what `npm run bundle` runs after building) packs
 * `docugraph.mcpb`; the test unpacks it with `@anthropic-ai/mcpb`, turns its manifest into a
 * command with the same function Claude Desktop uses (`getMcpConfigForManifest`, the user
 * having picked the demo as the documents folder), and drives that server with the SDK client.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getMcpConfigForManifest, hasRequiredConfigMissing, unpackExtension, validateManifest, type McpbManifestAny } from '@anthropic-ai/mcpb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, textOf } from '../helpers/server-process.js';
import { DEMO, TOOL_NAMES } from '../helpers/paths.js';
import { packedTarball } from '../helpers/packed-tarball.js';

const script = fileURLToPath(new URL('../../scripts/build-mcpb.mjs', import.meta.url));
const golden = readFileSync(new URL('../golden/BE-02.code.bundle.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; engines: { node: string } };

describe('docugraph.mcpb', { timeout: 180_000 }, () => {
  let dir: string;
  let unpacked: string;
  let manifest: McpbManifestAny;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-mcpb-test-')));
    // The run's one `npm pack` (shared with the other packaging tests), not one more.
    const { tarball } = await packedTarball();
    execFileSync(process.execPath, [script, '--tarball', tarball, '--out', join(dir, 'docugraph.mcpb')], { stdio: ['ignore', 'ignore', 'pipe'] });
    unpacked = join(dir, 'unpacked');
    expect(await unpackExtension({ mcpbPath: join(dir, 'docugraph.mcpb'), outputDir: unpacked, silent: true })).toBe(true);
    manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as McpbManifestAny;
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has a valid manifest for this version, with a required documents folder', () => {
    expect(validateManifest(join(unpacked, 'manifest.json'))).toBe(true);
    expect(manifest).toMatchObject({
      name: 'docugraph',
      version: pkg.version,
      server: { type: 'node', entry_point: 'dist/bin/docugraph-mcp.js' },
      compatibility: { runtimes: { node: pkg.engines.node } },
      user_config: { workspace: { type: 'directory', required: true } },
    });
    expect(manifest.tools?.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    // Without the folder, a host does not start the server.
    expect(hasRequiredConfigMissing({ manifest, userConfig: {} })).toBe(true);
  });

  it('holds the package and its runtime dependencies, nothing for development', () => {
    for (const file of ['dist/bin/docugraph-mcp.js', 'dist/core/index.js', 'node_modules/@modelcontextprotocol/server/package.json', 'node_modules/yaml/package.json', 'README.md', 'LICENSE']) {
      expect(existsSync(join(unpacked, file)), file).toBe(true);
    }
    for (const file of ['node_modules/vitest', 'node_modules/typescript', 'node_modules/typescript-native', 'node_modules/@anthropic-ai', 'src', 'test', 'package-lock.json']) {
      expect(existsSync(join(unpacked, file)), file).toBe(false);
    }
  });

  it('the server inside it, started as a host starts it, answers tools/list and get_task_context', async () => {
    const config = await getMcpConfigForManifest({ manifest, extensionPath: unpacked, systemDirs: { HOME: tmpdir() }, userConfig: { workspace: DEMO }, pathSeparator: sep });
    expect(config).toMatchObject({ command: 'node', args: [`${unpacked}/dist/bin/docugraph-mcp.js`, '--workspace', DEMO] });
    // `node` is the host's own Node.js; here, this one.
    const { client } = await connect({ command: process.execPath, args: config!.args!, node: false });
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    const bundle = await client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02' } });
    expect(textOf(bundle)).toBe(golden);
  });
});
