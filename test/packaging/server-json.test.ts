/**
 * `server.json`, the MCP Registry entry: valid against the registry's published JSON Schema
 * (committed in test/schemas, pinned by its SHA-256), in step with package.json, and
 * describing a command that really starts the server.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/server-process.js';
import { CLI, DEMO, TOOL_NAMES } from '../helpers/paths.js';

const require = createRequire(import.meta.url);
const Ajv = require('ajv') as typeof import('ajv').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;

const schemaText = readFileSync(new URL('../schemas/mcp-registry-server.schema.json', import.meta.url));
const schema = JSON.parse(schemaText.toString('utf8')) as { $id: string };
const server = JSON.parse(readFileSync(new URL('../../server.json', import.meta.url), 'utf8')) as ServerJson;
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string; mcpName: string; repository: { url: string } };

interface Argument { type: 'positional' | 'named'; name?: string; value?: string; isRequired?: boolean; description?: string }
interface ServerJson {
  $schema: string;
  name: string;
  version: string;
  description: string;
  repository: { url: string; source: string };
  packages: { registryType: string; identifier: string; version: string; transport: { type: string }; packageArguments: Argument[] }[];
}

let compiled: ((data: unknown) => { valid: boolean; errors: unknown }) | undefined;

/** The schema compiled once for the file (about 0.15 s of CPU each time); each call's errors are its own. */
function validator(): (data: unknown) => { valid: boolean; errors: unknown } {
  if (compiled !== undefined) return compiled;
  // The schema uses `example`, an OpenAPI keyword JSON Schema does not define: not strict.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  compiled = (data) => ({ valid: validate(data), errors: validate.errors });
  return compiled;
}

describe('server.json for the MCP Registry', () => {
  it('is checked against the exact schema the registry publishes', () => {
    expect(createHash('sha256').update(schemaText).digest('hex')).toBe('3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0');
    expect(server.$schema).toBe(schema.$id);
  });

  it('is valid against it', () => {
    const result = validator()(server);
    expect(result.errors).toBeNull();
    expect(result.valid).toBe(true);
  });

  it('the schema rejects what the registry rejects (the check is not vacuous)', () => {
    const validate = validator();
    expect(validate({ ...server, description: 'x'.repeat(101) }).valid).toBe(false);
    expect(validate({ ...server, name: 'docugraph' }).valid).toBe(false);
    expect(validate({ ...server, packages: [{ ...server.packages[0], version: 'latest' }] }).valid).toBe(false);
    expect(validate({ ...server, packages: [{ ...server.packages[0], transport: undefined }] }).valid).toBe(false);
  });

  it('names the npm package, its version and mcpName as package.json does', () => {
    const [entry] = server.packages;
    expect(server.packages).toHaveLength(1);
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(entry).toMatchObject({ registryType: 'npm', identifier: pkg.name, version: pkg.version, transport: { type: 'stdio' } });
    expect(pkg.repository.url).toBe(`git+${server.repository.url}.git`);
  });

  it('asks for the workspace as a required argument, with a description', () => {
    const workspace = server.packages[0]!.packageArguments.find((a) => a.name === '--workspace');
    expect(workspace).toMatchObject({ type: 'named', isRequired: true, format: 'filepath' });
    expect(workspace?.description).toMatch(/Markdown documents/);
  });

  it('describes a command that starts the server: `docugraph <package arguments>`', async () => {
    // A registry client runs `npx docugraph@<version>` with the package arguments; the package's
    // `docugraph` bin is the built CLI here, and the required workspace is the demo.
    const args = server.packages[0]!.packageArguments.flatMap((a): string[] => {
      if (a.type === 'positional') return [a.value!];
      if (a.name === '--workspace') return [a.name, DEMO];
      return a.isRequired ? [a.name!, 'unexpected'] : [];
    });
    expect(args).toEqual(['mcp', '--workspace', DEMO]);
    const { client } = await connect({ command: CLI, args });
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
  });
});
