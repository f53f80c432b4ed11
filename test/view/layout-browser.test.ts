/**
 * The view's layout in Chromium (issue 58): static pages of generated graphs of 50, 800 and
 * 5,000 nodes and of a real OpenSpec repository (test/fixtures/view), each checked from the
 * picture's own data as the page drew it — no two boxes overlap, no edge passes through a box
 * other than its ends, the overview's text at least 10 px at Fit — then a group opened by a
 * click, and checked again. Layouts run on the page's worker.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIONS, viewJson, viewOfGraph, type ViewModel } from '../../src/core/index.js';
import { viewPage } from '../../src/common/view-page.js';
import { COUNT_PX, NAME_PX, type Picture, type Rect } from '../../web/layout.js';
import { drawn, HAS_CHROMIUM, launchChromium, watchedPage } from '../helpers/chromium.js';
import { checkPicture } from '../helpers/picture-check.js';
import { folderGraph, specGraph } from '../helpers/view-graphs.js';
import { linksOfGroups, type Shelves } from '../../web/shelves.js';

declare const window: { __docugraphView: { picture(): unknown; groupOf(): number[]; names(): string[]; open(): string[]; camera(): { scale: number; tx: number; ty: number }; layouts(): string } };

/** A payload of a generated graph (every node a todo task; groups as generated). */
function generated(n: number): ViewModel {
  const graph = specGraph(n);
  const model = viewOfGraph({
    nodes: graph.ids.map((id, i) => ({ id, title: `Item ${id}`, type: 'task', status: i % 3 === 0 ? 'done' : 'todo', path: graph.paths[i]! })),
    edges: Array.from({ length: graph.edges.length / 3 }, (_, e) => ({ from: graph.ids[graph.edges[e * 3]!]!, to: graph.ids[graph.edges[e * 3 + 1]!]!, relation: RELATIONS[graph.edges[e * 3 + 2]!]! })),
  });
  return { ...model, group: graph.group, groups: graph.groups };
}

function butlers(): ViewModel {
  return JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, '../fixtures/view/butlers.view.json.gz'))).toString('utf8')) as ViewModel;
}

interface Drawn {
  readonly picture: Picture;
  readonly groupOf: number[];
  readonly camera: { scale: number; tx: number; ty: number };
}

async function drawnPicture(page: Page): Promise<Drawn> {
  const raw = await page.evaluate(() => ({ picture: window.__docugraphView.picture(), groupOf: window.__docugraphView.groupOf(), camera: window.__docugraphView.camera() }));
  const picture = raw.picture as Picture & { items: [number, Rect][]; shelves?: Shelves & { rowOf: [number, number][] } };
  const shelves = picture.shelves === undefined ? {} : { shelves: { ...picture.shelves, rowOf: new Map(picture.shelves.rowOf) } };
  return { picture: { ...picture, items: new Map(picture.items), ...shelves }, groupOf: raw.groupOf, camera: raw.camera };
}

/** A payload of `n` documents in `folders` folders with many links between them. */
function folders(n: number, count: number): ViewModel {
  const graph = folderGraph(n, count);
  return viewOfGraph({
    nodes: graph.ids.map((id, i) => ({ id, title: `Doc ${i}`, type: 'spec', status: i % 4 === 0 ? 'done' : 'todo', path: graph.paths[i]! })),
    edges: Array.from({ length: graph.edges.length / 3 }, (_, e) => ({ from: graph.ids[graph.edges[e * 3]!]!, to: graph.ids[graph.edges[e * 3 + 1]!]!, relation: 'depends_on' as const })),
  });
}

describe.skipIf(!HAS_CHROMIUM)('the layered, grouped view in Chromium (issue 58)', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-layout-')));
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['50 generated nodes', () => generated(50), false],
    ['800 generated nodes', () => generated(800), true],
    ['5,000 generated nodes', () => generated(5000), true],
    ['a real OpenSpec repository (Tzeusy/butlers, 3,646 nodes in 254 groups)', butlers, true],
    ['1,000 documents in 250 folders, linked every which way (the overview on shelves)', () => folders(1000, 250), true],
  ] as const)('%s: no overlaps, no edge through a box; the overview readable at Fit; a group opened by a click', { timeout: 60_000 }, async (name, make, overview) => {
    const model = make();
    const file = join(dir, `${name.replace(/\W+/g, '-')}.html`);
    writeFileSync(file, viewPage('static', viewJson(model)));
    const { page, problems } = await watchedPage(browser);
    await page.goto(pathToFileURL(file).href);
    await drawn(page);
    const first = await drawnPicture(page);
    // ELK on the page's worker (an overview on shelves needs none until a group opens).
    expect(await page.evaluate(() => window.__docugraphView.layouts())).toBe(first.picture.shelves === undefined ? 'worker' : 'none');
    expect(checkPicture(first.picture, first.groupOf)).toEqual({ overlaps: [], through: [] });
    const closed = first.picture.groups.filter((box) => !box.open);
    if (!overview) {
      // Few nodes: every group open, every node drawn.
      expect(closed).toEqual([]);
      expect(first.picture.items.size).toBe(model.ids.length);
      expect(problems).toEqual([]);
      await page.close();
      return;
    }
    // The overview: every group a closed box, its text (drawn at NAME_PX and COUNT_PX world pixels, times the camera's scale) at least 10 px at Fit.
    expect(first.picture.items.size).toBe(0);
    expect(closed.length).toBe(new Set(first.groupOf).size);
    expect(first.camera.scale * Math.min(COUNT_PX, NAME_PX)).toBeGreaterThanOrEqual(10);
    // A click on the largest box on screen opens that group into its items.
    const canvas = (await (await page.$('#canvas'))!.boundingBox())!;
    const onScreen = (box: Rect) => {
      const x = box.x * first.camera.scale + first.camera.tx;
      const y = box.y * first.camera.scale + first.camera.ty;
      return x >= 0 && y >= 0 && x + box.w * first.camera.scale <= canvas.width && y + box.h * first.camera.scale <= canvas.height;
    };
    const target = closed.find(onScreen)!;
    expect(target).toBeDefined();
    await page.mouse.click(canvas.x + (target.x + 20) * first.camera.scale + first.camera.tx, canvas.y + (target.y + 20) * first.camera.scale + first.camera.ty);
    await page.waitForFunction((g: number) => (window.__docugraphView.picture() as { groups: { group: number; open: boolean }[] }).groups.some((b) => b.group === g && b.open), { timeout: 20_000 }, target.group);
    const opened = await drawnPicture(page);
    expect(await page.evaluate(() => window.__docugraphView.layouts())).toBe('worker');
    const members = first.groupOf.filter((g) => g === target.group).length;
    expect(opened.picture.items.size).toBe(members);
    expect(checkPicture(opened.picture, opened.groupOf)).toEqual({ overlaps: [], through: [] });
    // On shelves, the open groups' links are drawn (the page draws linksOfGroups of them), routed around every box.
    if (opened.picture.shelves !== undefined) {
      const links = linksOfGroups(opened.picture, opened.picture.shelves, opened.picture.groups.filter((box) => box.open).map((box) => box.group));
      expect(links.length).toBeGreaterThan(0);
      expect(links.every((link) => link.from === target.group || link.to === target.group)).toBe(true);
      expect(checkPicture({ ...opened.picture, links }, opened.groupOf)).toEqual({ overlaps: [], through: [] });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a double click on a closed box opens and closes it: what is drawn is what the page holds open', { timeout: 30_000 }, async () => {
    const file = join(dir, 'double.html');
    writeFileSync(file, viewPage('static', viewJson(generated(800))));
    const { page, problems } = await watchedPage(browser);
    await page.goto(pathToFileURL(file).href);
    await drawn(page);
    const first = await drawnPicture(page);
    const box = first.picture.groups[0]!;
    const canvas = (await (await page.$('#canvas'))!.boundingBox())!;
    const at = { x: canvas.x + (box.x + 20) * first.camera.scale + first.camera.tx, y: canvas.y + (box.y + 20) * first.camera.scale + first.camera.ty };
    // The second click comes while the first one's layout is running.
    await page.mouse.click(at.x, at.y);
    await page.mouse.click(at.x, at.y);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await drawnPicture(page);
    const openNow = await page.evaluate(() => window.__docugraphView.open());
    const names = await page.evaluate(() => window.__docugraphView.names());
    expect(after.picture.groups.filter((b) => b.open).map((b) => names[b.group])).toEqual(openNow);
    expect(openNow).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on the overview, search, the keyboard and a filter open groups: a match is opened and centred, Enter opens the group the arrows are on, a narrow filter opens every group left', { timeout: 30_000 }, async () => {
    const model = generated(800);
    const file = join(dir, 'open-ways.html');
    writeFileSync(file, viewPage('static', viewJson(model)));
    const { page, problems } = await watchedPage(browser);
    await page.goto(pathToFileURL(file).href);
    await drawn(page);
    const openGroups = async () => (await drawnPicture(page)).picture.groups.filter((b) => b.open).map((b) => b.group);
    const settled = (want: number) => page.waitForFunction((n: number) => (window.__docugraphView.picture() as { groups: { open: boolean }[] }).groups.filter((b) => b.open).length === n, { timeout: 20_000 }, want);
    expect(await openGroups()).toEqual([]);
    // A search's Enter opens the first match's group, selects the match and centres it.
    const target = model.ids.findIndex((id) => id.startsWith('f004/T'));
    await page.type('#search', model.ids[target]!);
    await page.keyboard.press('Enter');
    await settled(1);
    await page.waitForSelector('#panel:not([hidden])');
    expect(await page.$eval('#panel-facts', (e) => e.textContent)).toContain(model.ids[target]!);
    const opened = await drawnPicture(page);
    expect(opened.picture.groups.filter((b) => b.open).map((b) => b.group)).toEqual([opened.groupOf[target]]);
    const item = opened.picture.items.get(target)!;
    const canvas = (await (await page.$('#canvas'))!.boundingBox())!;
    const centre = { x: (item.x + item.w / 2) * opened.camera.scale + opened.camera.tx, y: (item.y + item.h / 2) * opened.camera.scale + opened.camera.ty };
    expect(Math.abs(centre.x - canvas.width / 2)).toBeLessThan(2);
    expect(Math.abs(centre.y - canvas.height / 2)).toBeLessThan(2);
    // On a fresh overview, the arrows reach a closed group (the top left one first, then the one below it); Enter opens it.
    await page.reload();
    await drawn(page);
    const boxes = (await drawnPicture(page)).picture.groups;
    const topLeft = [...boxes].sort((a, b) => a.x + a.y - (b.x + b.y))[0]!;
    const below = boxes.filter((b) => b.y > topLeft.y + topLeft.h && Math.abs(b.x + b.w / 2 - (topLeft.x + topLeft.w / 2)) < topLeft.w).sort((a, b) => a.y - b.y)[0];
    await page.focus('#canvas');
    await page.keyboard.press('ArrowDown');
    if (below !== undefined) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await settled(1);
    expect(await openGroups()).toEqual([(below ?? topLeft).group]);
    // A filter that leaves 150 documents or fewer opens every group left.
    await page.select('#state', 'done');
    const shown = Number(/· (\d+) shown/.exec((await page.$eval('#summary', (e) => e.textContent)) ?? '')?.[1]);
    expect(shown).toBeGreaterThan(150);
    await page.select('#folder', '.kiro/specs/feature-002');
    await page.waitForFunction(() => {
      const picture = window.__docugraphView.picture() as { groups: { open: boolean }[]; items: unknown[] };
      return picture.groups.length === 1 && picture.groups[0]!.open && picture.items.length > 0;
    }, { timeout: 20_000 });
    const narrowed = await drawnPicture(page);
    expect(narrowed.picture.items.size).toBe(Number(/· (\d+) shown/.exec((await page.$eval('#summary', (e) => e.textContent)) ?? '')?.[1]));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lays out on the page when no worker can start (a Content-Security-Policy that allows none)', { timeout: 30_000 }, async () => {
    const file = join(dir, 'no-worker.html');
    const page0 = viewPage('static', viewJson(generated(50)));
    expect(page0).toContain('worker-src blob:');
    writeFileSync(file, page0.replace('worker-src blob:', "worker-src 'none'"));
    const { page, problems } = await watchedPage(browser);
    await page.goto(pathToFileURL(file).href);
    await drawn(page);
    expect(await page.evaluate(() => window.__docugraphView.layouts())).toBe('page');
    const laid = await drawnPicture(page);
    expect(laid.picture.items.size).toBe(50);
    // The refused worker is the only complaint.
    expect(problems.filter((p) => !/worker/i.test(p))).toEqual([]);
    await page.close();
  });
});
