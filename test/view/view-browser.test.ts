/**
 * `docugraph view` in a real browser (issue 27): the built CLI serves a copy of the demo, and
 * headless Chromium checks the page — no console errors, the demo's nodes, search, the panel
 * from a click, a live update after an edit, a hostile title shown as text — and the static
 * export from file://. One browser for the file, and one more server, of the demo itself, for
 * the tests without a browser (each leaves it as it found it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawn, HAS_CHROMIUM, launchChromium, watchedPage } from '../helpers/chromium.js';
import { CLI, DEMO } from '../helpers/paths.js';
import { loadWorkspace, selectGraph } from '../../src/core/index.js';
import { MAX_EVENT_STREAMS } from '../../src/view/serve-view.js';

// The page's globals, inside the functions puppeteer runs in the browser.
declare const document: { body: { dataset: Record<string, string | undefined> }; querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): { length: number } };
declare const window: Record<string, unknown>;

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

/** `docugraph view` of the demo, started by the first test without a browser that needs it. */
let demoView: Promise<{ server: ChildProcess; url: string }> | undefined;
const demoServer = () => (demoView ??= startView(DEMO));
afterAll(async () => {
  if (demoView !== undefined) (await demoView).server.kill();
});

describe.skipIf(!HAS_CHROMIUM)('docugraph view in Chromium', () => {
  let browser: Browser;
  let server: ChildProcess;
  let url: string;
  let dir: string;
  let workspace: string;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-view-')));
    workspace = join(dir, 'demo');
    cpSync(DEMO, workspace, { recursive: true });
    writeFileSync(join(workspace, 'docs', 'hostile.md'), `---\nid: EVIL-1\ntitle: '${HOSTILE}'\nstatus: todo\ndepends_on: [BE-02]\n---\nBody.\n`);
    [browser, { server, url }] = await Promise.all([launchChromium(), startView(workspace)]);
  }, 60_000);

  afterAll(async () => {
    server?.kill();
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads without console errors, under its Content-Security-Policy, and shows the demo', async () => {
    const { page, problems } = await watchedPage(browser);
    const response = await page.goto(url);
    expect(response!.headers()['content-security-policy']).toMatch(/default-src 'none'; script-src 'sha256-[^']+'; style-src/);
    await drawn(page);
    // The layout ran on a worker made from the page's own script (issue 58).
    expect(await page.evaluate(() => (window['__docugraphView'] as { layouts(): string }).layouts())).toBe('worker');
    await page.click('#toggle');
    const ids = await page.$$eval('#list-body tr td:first-child', (cells) => cells.map((c) => c.textContent));
    const demo = selectGraph(loadWorkspace(DEMO));
    expect(ids.sort()).toEqual([...demo.nodes.map((n) => n.id), 'EVIL-1'].sort());
    expect(await page.$eval('#summary', (e) => e.textContent)).toMatch(/^16 documents/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('finds BE-02 by search, and a click on it opens its panel', { timeout: 15_000 }, async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(url);
    await drawn(page);
    await page.type('#search', 'BE-02');
    await page.waitForFunction(() => document.querySelector('#found-list li')?.textContent?.startsWith('BE-02 — POST /v1/projects endpoint') === true);
    // Enter centres the graph on the first match; closing its panel, then a click on the middle of the canvas opens it again.
    await page.keyboard.press('Enter');
    await page.waitForSelector('#panel:not([hidden])');
    await page.click('#close');
    expect(await page.$eval('#panel', (e) => (e as unknown as { hidden: boolean }).hidden)).toBe(true);
    const box = (await (await page.$('#canvas'))!.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector('#panel:not([hidden])');
    expect(await page.$eval('#panel-title', (e) => e.textContent)).toBe('POST /v1/projects endpoint');
    const facts = await page.$eval('#panel-facts', (e) => e.textContent);
    expect(facts).toContain('docs/tasks/backend/BE-02-create-project-endpoint.md');
    expect(facts).toMatch(/Downstream\d+ direct/);
    await page.waitForFunction(() => !document.querySelector('#panel-criteria li')?.textContent?.startsWith('Loading'));
    expect(await page.$$eval('#panel-criteria li', (items) => items.length)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works from the keyboard, lists what to do next, and has a list view of the same data', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(url);
    await drawn(page);
    expect(await page.$eval('#next-list li', (e) => e.textContent)).toMatch(/^BE-02 — POST \/v1\/projects endpoint \(unblocks \d+\)$/);
    await page.focus('#canvas');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#panel:not([hidden])');
    const title = await page.$eval('#panel-title', (e) => e.textContent);
    expect(title).not.toBe('');
    await page.keyboard.press('Escape');
    expect(await page.$eval('#panel', (e) => (e as unknown as { hidden: boolean }).hidden)).toBe(true);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => (document as unknown as { activeElement: { id: string } }).activeElement.id)).toBe('search');
    await page.click('#toggle');
    expect(await page.$eval('#list-caption', (e) => e.textContent)).toBe('16 documents');
    await page.click('#list-body tr:first-child button');
    await page.waitForSelector('#panel:not([hidden])');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('filters by state, by type, and to the closure of the selected document', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(url);
    await drawn(page);
    const shown = async () => /· (\d+) shown/.exec((await page.$eval('#summary', (e) => e.textContent)) ?? '')?.[1];
    await page.select('#state', 'ready');
    expect(await shown()).toBe('2');
    await page.select('#state', '');
    await page.select('#type', 'decision');
    expect(await shown()).toBe('4');
    await page.select('#type', '');
    await page.type('#search', 'BE-02');
    await page.keyboard.press('Enter');
    await page.select('#way', 'upstream');
    expect(await shown()).toBe('9');
    await page.select('#way', 'downstream');
    expect(await shown()).toBe('5');
    // The list view shows the same: the search's matches among the shown documents, or all of them.
    await page.click('#toggle');
    expect(await page.$$eval('#list-body tr td:first-child', (cells) => cells.map((c) => c.textContent))).toEqual(['BE-02']);
    await page.click('#search', { count: 3 });
    await page.keyboard.press('Backspace');
    expect((await page.$$eval('#list-body tr td:first-child', (cells) => cells.map((c) => c.textContent))).sort()).toEqual(['BE-02', 'BE-03', 'BE-04', 'EVIL-1', 'FE-01']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows an edit on disk within a second or two, in place', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(url);
    await drawn(page);
    await page.type('#search', 'BE-02');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#panel:not([hidden])');
    const file = join(workspace, 'docs/tasks/backend/BE-02-create-project-endpoint.md');
    const started = Date.now();
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: POST /v1/projects endpoint', 'title: Create projects over HTTP'));
    await drawn(page, 2);
    await page.waitForFunction(() => document.querySelector('#panel-title')?.textContent === 'Create projects over HTTP', { timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders a hostile title as text: no element, no script', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(url);
    await drawn(page);
    await page.type('#search', 'EVIL-1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#panel:not([hidden])');
    expect(await page.$eval('#panel-title', (e) => e.textContent)).toBe(HOSTILE);
    expect(await page.$$('img')).toHaveLength(0);
    expect(await page.$$eval('script', (s) => s.length)).toBe(2);
    expect(await page.evaluate(() => window['__pwned'])).toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the static export opens from file://, with its data and no server', async () => {
    const out = join(dir, 'site');
    runCli(['-w', workspace, 'view', '--out', out]);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toContain('<img src=x');
    const { page, problems } = await watchedPage(browser);
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    await drawn(page);
    expect(await page.$eval('#summary', (e) => e.textContent)).toMatch(/^16 documents/);
    await page.type('#search', 'BE-02');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#panel:not([hidden])');
    await page.waitForFunction(() => document.querySelectorAll('#panel-criteria li').length > 0 && !document.querySelector('#panel-criteria li')!.textContent!.startsWith('Loading'));
    expect(await page.$eval('#copy', (e) => e.textContent)).toBe('Copy the context command');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe.skipIf(!HAS_CHROMIUM)('docugraph view of spec kits in Chromium', () => {
  it('each kit folder is a block of its own, framed and filterable; the panel names the folder', { timeout: 30_000 }, async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-view-kits-')));
    const browser = await launchChromium();
    try {
      const kits = join(dir, 'kits');
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(kits, path)), { recursive: true });
        writeFileSync(join(kits, path), text);
      };
      write('docugraph.yml', 'kits: [kiro, speckit]\n');
      write('.kiro/specs/auth/requirements.md', '### Requirement 1: Sign in\n\n#### Acceptance Criteria\n\n1. WHEN sent THEN in\n');
      // One broken reference (1.9): the header says "1 error", not "1 errors" (issue 37).
      write('.kiro/specs/auth/tasks.md', '- [ ] 1. Form\n  - _Requirements: 1.1, 1.9_\n- [x] 2. Tests\n');
      write('specs/001-albums/spec.md', '# Albums\n\n- **FR-001**: MUST list\n');
      write('specs/001-albums/tasks.md', '- [ ] T001 List them (FR-001)\n');
      const out = join(dir, 'site');
      runCli(['-w', kits, 'view', '--out', out]);
      const { page, problems } = await watchedPage(browser);
      await page.goto(pathToFileURL(join(out, 'index.html')).href);
      await drawn(page);
      expect(await page.$eval('#summary', (e) => e.textContent)).toMatch(/^10 documents, \d+ links? · 1 error, 0 warnings$/);
      // Two folders: auth (requirements, tasks, R1, R1.1, T1, T2) and 001-albums (spec, tasks, FR-001, T001).
      expect(await page.$eval('#folder-label', (e) => (e as unknown as { hidden: boolean }).hidden)).toBe(false);
      expect(await page.$$eval('#folder option', (options) => options.map((o) => o.textContent))).toEqual(['all', '.kiro/specs/auth', 'specs/001-albums']);
      await page.select('#folder', '.kiro/specs/auth');
      expect(/· (\d+) shown/.exec((await page.$eval('#summary', (e) => e.textContent)) ?? '')?.[1]).toBe('6');
      await page.select('#folder', 'specs/001-albums');
      expect(/· (\d+) shown/.exec((await page.$eval('#summary', (e) => e.textContent)) ?? '')?.[1]).toBe('4');
      await page.type('#search', 'auth/T1');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#panel:not([hidden])');
      const facts = await page.$$eval('#panel-facts dt, #panel-facts dd', (cells) => cells.map((c) => c.textContent));
      expect(facts.slice(facts.indexOf('Folder'), facts.indexOf('Folder') + 2)).toEqual(['Folder', '.kiro/specs/auth']);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docugraph view without a browser', () => {
  it('refuses any address but 127.0.0.1', () => {
    const result = spawnSync(process.execPath, [CLI, '-w', DEMO, 'view', '--host', '0.0.0.0'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('127.0.0.1 only');
  });

  it('says so when its port is taken (exit 2), and serves HEAD without a body', async () => {
    const { url } = await demoServer();
    const port = new URL(url).port;
    const second = spawnSync(process.execPath, [CLI, '-w', DEMO, 'view', '--port', port], { encoding: 'utf8', timeout: 20_000 });
    expect(second.status).toBe(2);
    expect(second.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-frame-options')).toBe('DENY');
    expect(await head.text()).toBe('');
  });

  it('answers a request under another Host name (DNS rebinding) or from another site with 403, and writes nothing', async () => {
    const { url } = await demoServer();
    const port = new URL(url).port;
    const rebound = await rawGet(port, '/api/graph', { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    const foreign = await rawGet(port, '/api/graph', { host: `127.0.0.1:${port}`, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const post = await fetch(`${url}api/graph`, { method: 'POST' });
    expect(post.status).toBe(405);
    const graph = (await (await fetch(`${url}api/graph`)).json()) as { ids: string[] };
    expect(graph.ids).toContain('BE-02');
  });
});

describe('docugraph view under many pages', () => {
  it('holds at most MAX_EVENT_STREAMS event streams; one more is 503, and a closed one frees its place', async () => {
    const { url } = await demoServer();
    const { request } = await import('node:http');
    const open = (): Promise<{ status: number; close: () => void }> =>
      new Promise((resolve, reject) => {
        const req = request(`${url}api/events`, (res) => resolve({ status: res.statusCode ?? 0, close: () => req.destroy() }));
        req.on('error', reject);
        req.end();
      });
    const held = [];
    for (let i = 0; i < MAX_EVENT_STREAMS; i += 1) held.push(await open());
    expect(held.every((stream) => stream.status === 200)).toBe(true);
    const refused = await open();
    expect(refused.status).toBe(503);
    refused.close();
    held.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open();
    expect(again.status).toBe(200);
    for (const stream of [...held, again]) stream.close();
  });
});

/** Starts `docugraph view` on a free port; resolves once it printed its URL. */
function startView(root: string): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [CLI, '-w', root, 'view', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`docugraph view did not start: ${err}`)), 20_000);
    server.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(err);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ server, url: match[1]! });
      }
    });
    server.once('exit', (code) => reject(new Error(`docugraph view exited (${code}): ${err}`)));
  });
}

function runCli(args: string[]): string {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docugraph ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** A GET with exactly these headers (fetch would set Host itself). */
async function rawGet(port: string, path: string, headers: Record<string, string>): Promise<{ status: number }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, setHost: false }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end();
  });
}

export type { Page };
