/**
 * The MCP App of get_dependency_graph (issue 27): the tool names its `ui://` resource, the
 * resource is the view's page in `app` mode, and the answer itself is what it was. In
 * Chromium, a minimal host (an iframe and the SEP-1865 handshake over postMessage) sends
 * the tool's real answer, and the page draws the demo's graph from it.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspace, selectGraph } from '../../src/core/index.js';
import { HAS_CHROMIUM, launchChromium } from '../helpers/chromium.js';
import { connectInMemory } from '../helpers/in-memory.js';
import { DEMO } from '../helpers/paths.js';

declare const document: { body: { dataset: Record<string, string | undefined> }; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
declare const window: { addEventListener(type: string, f: (e: { data: Record<string, unknown>; source: unknown }) => void): void; __log: string[]; callTool(name: string, args: unknown): Promise<unknown> };

const demo = loadWorkspace(DEMO);

describe('the MCP App', () => {
  it('is linked from get_dependency_graph alone, readable as text/html;profile=mcp-app, and not listed', async () => {
    const { client } = await connectInMemory(demo);
    const { tools } = await client.listTools();
    const linked = tools.filter((t) => t._meta !== undefined).map((t) => [t.name, t._meta]);
    expect(linked).toEqual([['get_dependency_graph', { ui: { resourceUri: 'ui://docugraph/graph.html' } }]]);
    const read = await client.readResource({ uri: 'ui://docugraph/graph.html' });
    const [content] = read.contents as { mimeType: string; text: string }[];
    expect(content!.mimeType).toBe('text/html;profile=mcp-app');
    expect(content!.text).toContain('<meta name="docugraph-mode" content="app">');
    expect(content!.text).toMatch(/content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; connect-src 'none'/);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).not.toContain('ui://docugraph/graph.html');
  });

  it('leaves the answer as it was: the JSON graph, nothing added', async () => {
    const { client } = await connectInMemory(demo);
    const result = await client.callTool({ name: 'get_dependency_graph', arguments: {} });
    expect(result.structuredContent).toEqual(JSON.parse(JSON.stringify(selectGraph(demo))));
    expect(result._meta).toBeUndefined();
  });
});

describe.skipIf(!HAS_CHROMIUM)('the MCP App in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => void (browser = await launchChromium()), 30_000);
  afterAll(async () => await browser?.close());

  it('draws the answer a host sends it, after the ui/initialize handshake', async () => {
    const { client } = await connectInMemory(demo);
    const html = ((await client.readResource({ uri: 'ui://docugraph/graph.html' })).contents[0] as { text: string }).text;
    const answer = await client.callTool({ name: 'get_dependency_graph', arguments: { rootId: 'BE-03' } });
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
    page.on('pageerror', (e) => void problems.push(String(e)));
    // The host's side of tools/call: through to the server, as a host proxies an App's calls.
    await page.exposeFunction('callTool', (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }));
    await page.setContent('<!doctype html><body><iframe id="app" style="width:1000px;height:700px"></iframe></body>');
    await page.evaluate(
      (app: string, result: unknown) => {
        const frame = (document as unknown as { getElementById(id: string): { srcdoc: string; contentWindow: { postMessage(m: unknown, o: string): void } } }).getElementById('app');
        window.__log = [];
        window.addEventListener('message', (event) => {
          const message = event.data;
          window.__log.push(String(message['method'] ?? 'response'));
          const post = (m: object) => frame.contentWindow.postMessage({ jsonrpc: '2.0', ...m }, '*');
          if (message['method'] === 'ui/initialize') post({ id: message['id'], result: { protocolVersion: '2026-01-26', hostInfo: { name: 'test-host', version: '1' }, hostCapabilities: {}, hostContext: {} } });
          if (message['method'] === 'tools/call') {
            const params = message['params'] as { name: string; arguments: unknown };
            void window.callTool(params.name, params.arguments).then((r) => post({ id: message['id'], result: r }));
          }
          if (message['method'] === 'ui/notifications/initialized') {
            post({ method: 'ui/notifications/tool-input', params: { arguments: { rootId: 'BE-03' } } });
            post({ method: 'ui/notifications/tool-result', params: result });
          }
        });
        frame.srcdoc = app;
      },
      html,
      answer,
    );
    const frame = await (await page.waitForSelector('#app'))!.contentFrame();
    await frame.waitForFunction(() => document.body.dataset['ready'] === '1', { timeout: 15_000 });
    // An MCP Apps host allows no worker: the layouts ran on the page (issue 58).
    expect(await frame.evaluate(() => (window as unknown as { __docugraphView: { layouts(): string } }).__docugraphView.layouts())).toBe('page');
    await frame.click('#toggle');
    const ids = await frame.$$eval('#list-body tr td:first-child', (cells) => cells.map((c) => c.textContent));
    expect(ids.sort()).toEqual(selectGraph(demo, { rootId: 'BE-03' }).nodes.map((n) => n.id));
    expect(await frame.$eval('#summary', (e) => e.textContent)).toMatch(/^\d+ documents/);
    // The panel's acceptance criteria and the copy button go through the host to the server.
    await frame.type('#search', 'BE-03');
    await page.keyboard.press('Enter');
    await frame.waitForSelector('#panel:not([hidden])');
    await frame.waitForFunction(() => !(document.querySelectorAll('#panel-criteria li')[0]?.textContent ?? 'Loading').startsWith('Loading'));
    const criteria = await frame.$$eval('#panel-criteria li', (items) => items.map((i) => i.textContent));
    expect(criteria.length).toBeGreaterThan(1);
    expect(criteria[0]).toMatch(/^☐ /);
    await frame.click('#copy');
    await frame.waitForFunction(() => (document.querySelectorAll('#copied')[0]?.textContent ?? '') !== '');
    expect(await page.evaluate(() => window.__log)).toEqual(expect.arrayContaining(['ui/initialize', 'ui/notifications/initialized', 'ui/notifications/size-changed', 'tools/call']));
    expect((await page.evaluate(() => window.__log)).filter((m) => m === 'tools/call')).toHaveLength(2);
    expect(problems).toEqual([]);
    expect(readFileSync(new URL('../../dist/web/view.html', import.meta.url), 'utf8')).toContain('__DATA__');
    await page.close();
  });
});
