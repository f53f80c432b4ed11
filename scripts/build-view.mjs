/**
 * Builds the page of `docugraph view` (issue 27) from web/: the browser code bundled by
 * esbuild into one minified script, inlined with the style sheet into web/page.html, so the
 * page is one self-contained file (no remote script, font or style; it works offline and from
 * file://). Writes dist/web/view.html, with `__CSP__`, `__MODE__` and `__DATA__` left for
 * src/common/view-page.ts to fill, and dist/web/view.json with the SHA-256 hashes of the inline
 * script and style that the Content-Security-Policy allows (and nothing else).
 * See docs/decisions.md, "Seeing the graph (issue 27)".
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const elkVersion = JSON.parse(readFileSync(join(root, 'node_modules/elkjs/package.json'), 'utf8')).version;
const result = await build({
  absWorkingDir: root,
  entryPoints: ['web/entry.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  minify: true,
  legalComments: 'none',
  // The layout library bundled in the page (issue 58), its licence and where its source is.
  banner: { js: `/*! elkjs ${elkVersion} (the Eclipse Layout Kernel): EPL-2.0 OR GPL-3.0-or-later, source at https://github.com/kieler/elkjs */` },
  logLevel: 'warning',
});
// `</script` cannot end the element: in a string or a pattern, `<\/` means the same.
const script = result.outputFiles[0].text.trim().replace(/<\/(script)/gi, '<\\/$1');
const style = readFileSync(join(root, 'web/style.css'), 'utf8').trim();
const page = readFileSync(join(root, 'web/page.html'), 'utf8');
for (const part of [script, style]) {
  if (/__(CSP|MODE|DATA|STYLE|SCRIPT)__/.test(part)) throw new Error('build-view: a placeholder appears in the script or the style');
}
const html = page.replace('__STYLE__', () => style).replace('__SCRIPT__', () => script);
const hash = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
mkdirSync(join(root, 'dist/web'), { recursive: true });
writeFileSync(join(root, 'dist/web/view.html'), html);
writeFileSync(join(root, 'dist/web/view.json'), `${JSON.stringify({ script: hash(script), style: hash(style) }, null, 2)}\n`);
