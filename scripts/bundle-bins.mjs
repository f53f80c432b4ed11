/**
 * Bundles the two executables (`dist/bin/*.js`, as tsc wrote them) into self-contained files,
 * in place: Node then starts them from a few files instead of resolving and compiling some 270
 * modules (the MCP SDK, zod, markdown-it and DocuGraph's own), which was most of the time from
 * spawn to `initialize` answered. The workers of a large load are entries too, beside them. Dynamic imports stay separate chunks (`docugraph validate`
 * still never loads the SDK). The MCP server itself is a CommonJS bundle, `server.cjs`, with
 * V8's code cache `server.cache` (see src/bin/load-server.ts). `yaml` is loaded
 * with `require` when needed, from `yaml.cjs` beside them (one bundled file); the library entry
 * (`dist/core`) loads it, and everything else it imports, from `node_modules`.
 * See docs/decisions.md, "Start-up".
 */
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Whitespace and syntax minified: a quarter less source for V8 to parse at every start; names stay, so a stack trace still says which function failed. */
const minify = process.env.NO_MINIFY ? {} : { minifyWhitespace: true, minifySyntax: true };
await build({
  absWorkingDir: root,
  // The workers (src/core/read/read-ahead.ts, src/core/parse/markdown-ahead.ts, src/core/read/stat-ahead.ts, src/core/store/index-read.ts) are loaded from beside the code that starts them.
  entryPoints: { docugraph: 'dist/bin/docugraph.js', 'docugraph-mcp': 'dist/bin/docugraph-mcp.js', 'read-ahead-worker': 'dist/core/read/read-ahead-worker.js', 'markdown-ahead-worker': 'dist/core/parse/markdown-ahead-worker.js', 'stat-ahead-worker': 'dist/core/read/stat-ahead-worker.js', 'index-read-worker': 'dist/core/store/index-read-worker.js' },
  outdir: 'dist/bin',
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  // Chunks sit beside the entries: code that finds `package.json` relative to itself still does.
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // CommonJS dependencies inside an ES module bundle need a `require`.
  banner: { js: "import { createRequire as __docugraphRequire } from 'node:module'; const require = __docugraphRequire(import.meta.url);" },
  legalComments: 'eof',
  logLevel: 'warning',
  ...minify,
});
// The YAML library as one file beside the executables (src/core/parse/yaml.ts loads it from
// there): its 74 files took 20–30 ms to load, one file 6.
await build({
  absWorkingDir: root,
  entryPoints: ['node_modules/yaml/dist/index.js'],
  outfile: 'dist/bin/yaml.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  banner: { js: `/*! yaml ${JSON.parse(readFileSync(join(root, 'node_modules/yaml/package.json'), 'utf8')).version} (https://github.com/eemeli/yaml), ISC licence */` },
  legalComments: 'eof',
  logLevel: 'warning',
  ...minify,
});
// The MCP server as one CommonJS file, and the CLI too (`src/bin/load-server.ts` compiles each with
// its code cache); `docugraph view`'s page server inside the CLI's (a dynamic import in a script
// compiled by `vm` would need a module loader).
for (const [entry, outfile] of [['dist/mcp/main.js', 'dist/bin/server.cjs'], ['dist/cli/main.js', 'dist/bin/cli.cjs']]) {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta.url': '__docugraphUrl' },
    // Strict, as the ES modules it is made of (the directive must open the file to count).
    banner: { js: "'use strict';const __docugraphUrl = require('node:url').pathToFileURL(__filename).href;" },
    legalComments: 'eof',
    logLevel: 'warning',
    ...minify,
  });
}
try {
  await writeCodeCache();
} catch (error) {
  // The cache only makes start-up faster: without it the server is compiled as usual.
  process.stderr.write(`bundle-bins: no code cache for the server (${error.message}); start-up will be slower\n`);
}
try {
  await writeCliCodeCache();
} catch (error) {
  process.stderr.write(`bundle-bins: no code cache for the CLI (${error.message}); commands will be slower\n`);
}
// tsc's source maps describe the files this replaced.
for (const name of ['docugraph.js.map', 'docugraph-mcp.js.map']) rmSync(`${root}dist/bin/${name}`, { force: true });
// Executable, as npm makes them when it installs the package: in a clone, `npx docugraph`
// (and the committed .mcp.json) runs the project's own bin file directly.
for (const name of ['docugraph.js', 'docugraph-mcp.js']) chmodSync(`${root}dist/bin/${name}`, 0o755);

/**
 * `dist/bin/server.cache`: V8's code cache of `server.cjs` after a real start-up — the server
 * spawned on an empty folder, sent `initialize`, `tools/list` and `prompts/list`, then stdin
 * closed — so it holds the functions a start-up runs, compiled by this Node.
 */
async function writeCodeCache() {
  const cache = join(root, 'dist', 'bin', 'server.cache');
  rmSync(cache, { force: true });
  const empty = mkdtempSync(join(tmpdir(), 'docugraph-cache-'));
  try {
    const child = spawn(process.execPath, [join(root, 'dist', 'bin', 'docugraph-mcp.js'), '--workspace', empty], {
      env: { ...process.env, DOCUGRAPH_BUILD_CODE_CACHE: cache },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'docugraph-build', version: '0' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'prompts/list' },
    ];
    let answered = 0;
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        buffered = buffered.slice(end + 1);
        answered += 1;
        if (answered === 3) child.stdin.end();
      }
    });
    child.stdin.write(requests.map((r) => `${JSON.stringify(r)}\n`).join(''));
    // A server that does not answer must not hang the build.
    const timer = setTimeout(() => child.kill(), 30_000);
    const code = await new Promise((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    if (code !== 0 || !existsSync(cache)) throw new Error(`the server did not write its code cache (exit ${code})`);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

/**
 * `dist/bin/cli.cache`: V8's code cache of `cli.cjs` after a real run — `docugraph validate`
 * on the project's own docs/ (frontmatter, links, anchors, some 500 documents; an empty folder
 * when there is none), so it holds the functions a load and its checks run.
 */
async function writeCliCodeCache() {
  const cache = join(root, 'dist', 'bin', 'cli.cache');
  rmSync(cache, { force: true });
  const docs = join(root, 'docs');
  const empty = existsSync(docs) ? null : mkdtempSync(join(tmpdir(), 'docugraph-cache-'));
  try {
    const child = spawn(process.execPath, [join(root, 'dist', 'bin', 'docugraph.js'), 'validate', empty ?? docs, '--format', 'json', '--allow-empty'], {
      env: { ...process.env, DOCUGRAPH_BUILD_CODE_CACHE: cache, DOCUGRAPH_NO_CACHE: '1' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    const code = await new Promise((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    // 0 or 1 (findings): it ran; anything else is a failure to look at.
    if ((code !== 0 && code !== 1) || !existsSync(cache)) throw new Error(`docugraph validate did not write the code cache (exit ${code})`);
  } finally {
    if (empty !== null) rmSync(empty, { recursive: true, force: true });
  }
}
