/**
 * The page of `docugraph view` (issue 27), one self-contained HTML file built by
 * scripts/build-view.mjs into dist/web/: filled here for its mode — `live` (the server's
 * page, which fetches its data), `static` (the export, data embedded) or `app` (the MCP App,
 * which receives get_dependency_graph's answer from its host). The Content-Security-Policy
 * allows the one inline script and style by hash, a worker from a blob: URL in `live` and
 * `static` (the layout's, web/elk.ts: only the hashed script can make one), and nothing else: no other script, no
 * remote resource, no connection but the server's own in `live`. Data goes in as JSON with
 * `<`, `>` and `&` escaped (viewJson), inside a `<script type="application/json">` that never runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type PageMode = 'live' | 'static' | 'app';

interface Built {
  readonly html: string;
  readonly hashes: { readonly script: string; readonly style: string };
}

let built: Built | null = null;

/** The built page, found in dist/web/ at or above this module (src/common, dist/common or the bundled dist/bin). */
function page(): Built {
  if (built !== null) return built;
  for (let dir = dirname(fileURLToPath(import.meta.url)), k = 0; k < 5; dir = dirname(dir), k += 1) {
    const html = join(dir, 'dist', 'web', 'view.html');
    if (existsSync(html)) {
      built = { html: readFileSync(html, 'utf8'), hashes: JSON.parse(readFileSync(join(dir, 'dist', 'web', 'view.json'), 'utf8')) as Built['hashes'] };
      return built;
    }
  }
  throw new Error('the page of docugraph view is not built: run `npm run build`');
}

/** The page's Content-Security-Policy in `mode`. */
export function pageCsp(mode: PageMode): string {
  const { hashes } = page();
  return [
    "default-src 'none'",
    `script-src '${hashes.script}'`,
    `style-src '${hashes.style}'`,
    `connect-src ${mode === 'live' ? "'self'" : "'none'"}`,
    // ELK's layouts run on a worker started from a Blob of the page's own script (web/elk.ts).
    `worker-src ${mode === 'app' ? "'none'" : 'blob:'}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The page for `mode`, with `json` (already escaped for HTML, see viewJson) embedded when given. */
export function viewPage(mode: PageMode, json = ''): string {
  if (/[<>&]/.test(json)) throw new Error('viewPage: the embedded JSON must have <, > and & escaped');
  return page()
    .html.replace('__CSP__', () => pageCsp(mode))
    .replace('__MODE__', () => mode)
    .replace('__DATA__', () => json);
}
