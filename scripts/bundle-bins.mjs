/**
 * Bundles the two executables (`dist/bin/*.js`, as tsc wrote them) into self-contained files,
 * in place: Node then starts them from a few files instead of resolving and compiling some 270
 * modules (the MCP SDK, zod, markdown-it and DocuGraph's own), which was most of the time from
 * spawn to `initialize` answered. Dynamic imports stay separate chunks (`docugraph validate`
 * still never loads the SDK). `yaml` and `ignore` are loaded with `require` when needed and
 * stay in `node_modules`; so does everything the library entry (`dist/core`) imports.
 * See docs/decisions.md, "Start-up".
 */
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ['dist/bin/docugraph.js', 'dist/bin/docugraph-mcp.js'],
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
  // A quarter less source for V8 to parse at every start (about 30 ms of ~400 on the bench
  // machine); names stay, so a stack trace still says which function failed.
  minifyWhitespace: true,
  minifySyntax: true,
});
// tsc's source maps describe the files this replaced.
for (const name of ['docugraph.js.map', 'docugraph-mcp.js.map']) rmSync(`${root}dist/bin/${name}`, { force: true });
// Executable, as npm makes them when it installs the package: in a clone, `npx docugraph`
// (and the committed .mcp.json) runs the project's own bin file directly.
for (const name of ['docugraph.js', 'docugraph-mcp.js']) chmodSync(`${root}dist/bin/${name}`, 0o755);
