/**
 * How users are told to run DocuGraph: every client snippet in the README goes through the
 * npm package (`npx -y docugraph mcp …`), never a path into a clone; the CI example
 * (docs/cli.md) uses this repository's action at the package's version; and the repository's
 * own `.mcp.json` is portable and starts the server from the repository root, as Claude Code
 * starts it.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/server-process.js';
import { ROOT, TOOL_NAMES } from '../helpers/paths.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const cliPage = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The section of a page (the README unless told) under a `## ` heading, up to the next one. */
function section(heading: string, page = readme): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The fenced code blocks of a text, with their language. */
function blocks(text: string): { lang: string; code: string }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

interface ServerEntry { command: string; args: string[]; type?: string }

describe('client configuration', () => {
  const install = section('Use with your MCP client') + section('Quick start');

  it('every JSON and TOML snippet starts the server through the package', () => {
    const entries: ServerEntry[] = [];
    for (const { lang, code } of blocks(install)) {
      if (lang === 'json') {
        const config = JSON.parse(code) as { mcpServers?: Record<string, ServerEntry>; servers?: Record<string, ServerEntry> };
        entries.push(...Object.values(config.mcpServers ?? config.servers ?? {}));
      } else if (lang === 'toml') {
        const command = /^command = "(.*)"$/m.exec(code)?.[1];
        const args = /^args = (\[.*\])$/m.exec(code)?.[1];
        entries.push({ command: command!, args: JSON.parse(args!) as string[] });
      }
    }
    // Claude Code, Codex (TOML), Gemini, VS Code, Cursor, Claude Desktop, JetBrains.
    expect(entries).toHaveLength(7);
    for (const entry of entries) {
      expect(entry.command).toBe('npx');
      expect(entry.args.slice(0, 3)).toEqual(['-y', 'docugraph', 'mcp']);
    }
  });

  it('the command lines do too (or the command a clone links), and nothing points into a clone', () => {
    // Every `claude mcp add …` / `codex mcp add …` that gives a command (after `--`).
    const commands = [...install.matchAll(/(claude|codex) mcp add [^`\n]* -- [^`\n]*/g)].map((m) => m[0]);
    expect(commands.length).toBeGreaterThanOrEqual(3);
    // Through the package (npx), or, until it is published, its command linked from a clone (`npm link`).
    for (const line of commands) expect(line).toMatch(/^(claude|codex) mcp add docugraph -- (npx -y )?docugraph mcp --workspace \.$/);
    expect(commands.filter((line) => line.includes('npx -y docugraph mcp')).length).toBeGreaterThanOrEqual(2);
    // Never a path into a clone; a tarball only as `npm pack` names it.
    expect(install).not.toMatch(/dist\/bin|\/path\/to\/docugraph/);
    expect(install.match(/\S+\.tgz/g) ?? []).toEqual(['./docugraph-*.tgz']);
  });

  it("the CI example uses this repository's action at the package's version", () => {
    const workflows = blocks(section('In GitHub Actions', cliPage)).filter((b) => b.lang === 'yaml').map((b) => parse(b.code) as { jobs: Record<string, { steps: { uses?: string; run?: string }[] }> });
    const steps = workflows.flatMap((w) => Object.values(w.jobs).flatMap((job) => job.steps));
    expect(steps.map((s) => s.uses)).toContain(`docugraph/docugraph@v${pkg.version}`);
    expect(steps.filter((s) => s.run !== undefined)).toEqual([]);
  });

  it("this repository's .mcp.json is portable and starts the server from the repository root", async () => {
    const config = JSON.parse(readFileSync(join(ROOT, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, ServerEntry> };
    const entry = config.mcpServers['docugraph']!;
    expect(entry.command).toBe('npx');
    expect(entry.args.slice(0, 3)).toEqual(['-y', 'docugraph', 'mcp']);
    expect(entry.args.filter((arg) => isAbsolute(arg))).toEqual([]);
    // Inside the clone, npx runs the project's own `docugraph` (the build), so this needs no network.
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^npm_/i.test(key)) env[key] = value;
    const { client } = await connect({ command: npx, args: entry.args, node: false, cwd: ROOT, env });
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
  });
});
