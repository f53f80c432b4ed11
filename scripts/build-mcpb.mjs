#!/usr/bin/env node
/**
 * `npm run bundle`: builds `docugraph.mcpb`, an MCP Bundle (a zip with a `manifest.json`) that
 * desktop clients such as Claude Desktop install in one click. The user picks the documents
 * folder when installing (`user_config.workspace`); the host runs the bundled server with its
 * own Node.js.
 *
 * 1. `npm pack` (without scripts: `npm run bundle` builds first), unpacked into a staging folder:
 *    the bundle holds exactly what the npm package holds;
 * 2. `npm ci --omit=dev` there, from the project's lockfile: the runtime dependencies only;
 * 3. `manifest.json`: name, version and links from package.json, the tools and prompts as the
 *    built server lists them;
 * 4. `mcpb pack` (`@anthropic-ai/mcpb`'s `packExtension`), which validates the manifest first.
 *
 *   node scripts/build-mcpb.mjs [--out <file.mcpb>]   # default: ./docugraph.mcpb
 *   node scripts/build-mcpb.mjs --tarball <docugraph-x.y.z.tgz> [--out …]
 *
 * `--tarball` takes a tarball `npm pack` made of this tree instead of packing it again (the
 * tests pass the one their run packed).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packExtension } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The value after `--name`, or undefined. */
function option(name) {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : undefined;
}
const out = resolve(option('--out') ?? join(root, 'docugraph.mcpb'));
const tarball = option('--tarball');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** npm's own `npm run` variables would leak the project's settings into the staging install. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/** The first sentence of a description, for the manifest's short listing. */
function firstSentence(text) {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  return (match ? match[1] : text.trim()).replace(/\s+/g, ' ');
}

/** Tools and prompts as the built server answers `tools/list` and `prompts/list`. */
async function listSurface(serverScript) {
  const empty = mkdtempSync(join(tmpdir(), 'docugraph-mcpb-ws-'));
  const client = new Client({ name: 'docugraph-build-mcpb', version: pkg.version });
  const transport = new StdioClientTransport({ command: process.execPath, args: [serverScript, '--workspace', empty, '--no-watch'], stderr: 'ignore' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const { prompts } = await client.listPrompts();
    return {
      tools: tools.map((t) => ({ name: t.name, description: firstSentence(t.description ?? t.title ?? t.name) })),
      // The manifest requires a `text`; the server writes the real message (with the bundle
      // embedded) when the prompt is used, so the text says what that message is.
      prompts: prompts.map((p) => ({
        name: p.name,
        description: firstSentence(p.description ?? p.title ?? p.name),
        ...(p.arguments?.length ? { arguments: p.arguments.map((a) => a.name) } : {}),
        text: p.description ?? p.title ?? p.name,
      })),
    };
  } finally {
    await client.close();
    rmSync(empty, { recursive: true, force: true });
  }
}

/** The bundle's manifest (MCPB manifest 0.3). */
function manifestFor(surface) {
  const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  return {
    manifest_version: '0.3',
    name: pkg.name,
    display_name: 'DocuGraph',
    version: pkg.version,
    description: 'Serves the exact upstream context a task needs from a docs-as-code repository (Markdown + YAML frontmatter).',
    long_description:
      'DocuGraph reads the Markdown documents of a folder (specs, decisions, requirements, tasks with `id` and `depends_on` in their frontmatter) as a dependency graph. `get_task_context` gives the documents a task depends on, transitively, as one Markdown bundle; `validate_traceability` checks ids, dependencies, cycles and links. It reads only the folder you choose, writes nothing, opens no socket, and follows your edits live.',
    author: { name: 'DocuGraph contributors', url: repository },
    repository: { type: 'git', url: repository },
    homepage: pkg.homepage,
    documentation: pkg.homepage,
    support: pkg.bugs.url,
    license: pkg.license,
    keywords: pkg.keywords,
    server: {
      type: 'node',
      entry_point: 'dist/bin/docugraph-mcp.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/dist/bin/docugraph-mcp.js', '--workspace', '${user_config.workspace}'],
      },
    },
    tools: surface.tools,
    tools_generated: false,
    prompts: surface.prompts,
    prompts_generated: false,
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: pkg.engines.node },
    },
    user_config: {
      workspace: {
        type: 'directory',
        title: 'Documents folder',
        description: "The folder that holds your Markdown documents: your repository's root, or its docs/ folder.",
        required: true,
      },
    },
  };
}

const staging = mkdtempSync(join(tmpdir(), 'docugraph-mcpb-'));
try {
  const packed = tarball !== undefined ? resolve(tarball) : JSON.parse(execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', staging], { cwd: root, encoding: 'utf8', env }))[0].filename;
  execFileSync('tar', ['-xzf', packed], { cwd: staging });
  const bundle = join(staging, 'package');
  copyFileSync(join(root, 'package-lock.json'), join(bundle, 'package-lock.json'));
  execFileSync(npm, ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: bundle, stdio: ['ignore', 'ignore', 'inherit'], env });
  rmSync(join(bundle, 'package-lock.json'));
  rmSync(join(bundle, 'node_modules', '.package-lock.json'), { force: true });
  const surface = await listSurface(join(bundle, 'dist', 'bin', 'docugraph-mcp.js'));
  writeFileSync(join(bundle, 'manifest.json'), `${JSON.stringify(manifestFor(surface), null, 2)}\n`);
  mkdirSync(dirname(out), { recursive: true });
  // What `mcpb pack <dir> <out>` runs; it validates the manifest first.
  if (!(await packExtension({ extensionPath: bundle, outputPath: out, silent: true }))) throw new Error(`mcpb pack failed for ${bundle}`);
  process.stderr.write(`${out}\n`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
