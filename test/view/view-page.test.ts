/**
 * The page's Content-Security-Policy, whole, in each mode (issues 27 and 58): the one inline
 * script and style by hash; a worker only from a blob: URL, and only where the page lays out on
 * a worker (live, static) — which only the hashed script can make; a connection only to its own
 * server in `live`; nothing else.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageCsp, viewPage } from '../../src/common/view-page.js';

const hashes = JSON.parse(readFileSync(new URL('../../dist/web/view.json', import.meta.url), 'utf8')) as { script: string; style: string };

describe('the view page\'s policy', () => {
  it.each([
    ['live', "'self'", 'blob:'],
    ['static', "'none'", 'blob:'],
    ['app', "'none'", "'none'"],
  ] as const)('%s', (mode, connect, worker) => {
    expect(pageCsp(mode)).toBe(`default-src 'none'; script-src '${hashes.script}'; style-src '${hashes.style}'; connect-src ${connect}; worker-src ${worker}; img-src 'none'; base-uri 'none'; form-action 'none'`);
    expect(viewPage(mode)).toContain(`content="${pageCsp(mode)}"`);
  });
});
