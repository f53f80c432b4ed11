#!/usr/bin/env node
/**
 * `docugraph view` in headless Chromium (issues 27 and 58): for each size, a generated spec-kit
 * repository (bench/kits.mjs: Kiro, Spec Kit and OpenSpec features of about 100 items), or a
 * real one given with --real, exported with `docugraph view --out`, opened from file:// in a
 * 1280×800 window and timed from navigation to the first frame drawn (the first picture laid out
 * and painted); then the frames while panning and zooming, and a search. With --baseline, the
 * same workspaces exported by another checkout's build (its dist/bin/docugraph.js) and timed in
 * turn with this one, interleaved, medians of --runs (default 3).
 *
 * Prints JSON rows `{ name, nodes, groups, first, baseline?, frame, search }` (times in ms), one
 * per line; bench/run.mjs makes its table of them.
 *
 *   npm run build && node bench/view.mjs [--sizes 800,5000] [--real <dir>]… [--baseline <checkout>] [--runs 3]
 *
 * Needs Chromium at /usr/bin/chromium (or CHROMIUM=path).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { generateKits } from './kits.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) throw new Error(`no Chromium at ${chromium}: apt-get install -y chromium, or set CHROMIUM`);
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sizes = (option('--sizes') ?? '800,5000').split(',').filter((s) => s !== '').map(Number);
const reals = args.flatMap((a, i) => (args[i - 1] === '--real' ? [a] : []));
const baseline = option('--baseline');
const runs = Number(option('--runs') ?? 3);
const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox'] });
try {
  const cases = [...sizes.map((n) => ({ name: `${n} items`, make: (dir) => (generateKits(dir, n), dir) })), ...reals.map((dir) => ({ name: basename(dir), make: () => dir }))];
  for (const { name, make } of cases) {
    const dir = mkdtempSync(join(base, 'docugraph-view-bench-'));
    try {
      const workspace = make(join(dir, 'ws'));
      const exportWith = (cli, out) => {
        execFileSync(process.execPath, [cli, 'view', '-w', workspace, '--out', out], { stdio: 'ignore', env: { ...process.env, DOCUGRAPH_NO_CACHE: '1' } });
        return pathToFileURL(join(out, 'index.html')).href;
      };
      const url = exportWith(join(root, 'dist/bin/docugraph.js'), join(dir, 'out'));
      const old = baseline === undefined ? null : exportWith(join(baseline, 'dist/bin/docugraph.js'), join(dir, 'old'));
      const firsts = [];
      const olds = [];
      let detail = null;
      for (let run = 0; run < runs; run += 1) {
        const got = await measure(url, run === 0);
        firsts.push(got.first);
        detail ??= got;
        if (old !== null) olds.push((await measure(old, false)).first);
      }
      const row = { name, nodes: detail.nodes, groups: detail.groups, first: Math.round(median(firsts)), ...(old === null ? {} : { baseline: Math.round(median(olds)) }), frame: detail.frame, search: detail.search };
      process.stdout.write(`${JSON.stringify(row)}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

/** Navigation → first frame; with `more`, the pan/zoom frames and a search too. */
async function measure(url, more) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const start = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const first = Date.now() - start;
  const shape = await page.evaluate(() => {
    const view = window.__docugraphView;
    const summary = document.getElementById('summary').textContent;
    return { nodes: Number(/^([\d,]+) documents/.exec(summary)?.[1].replace(/,/g, '') ?? 0), groups: view === undefined ? 0 : view.names().length };
  });
  if (!more) {
    await page.close();
    return { first, ...shape };
  }
  // Timed inside the page (no round trips to the browser): a frame after each zoom or pan step.
  const frames = await page.evaluate(async () => {
    const canvas = document.getElementById('canvas');
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const times = [];
    for (let k = 0; k < 12; k += 1) {
      const t0 = performance.now();
      if (k % 2 === 0) canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: k % 4 === 0 ? -150 : 150, clientX: 700, clientY: 450, bubbles: true, cancelable: true }));
      else {
        canvas.dispatchEvent(new PointerEvent('pointerdown', { clientX: 600, clientY: 400, pointerId: 1, bubbles: true }));
        canvas.dispatchEvent(new PointerEvent('pointermove', { clientX: 660, clientY: 430, pointerId: 1, bubbles: true }));
        canvas.dispatchEvent(new PointerEvent('pointerup', { clientX: 660, clientY: 430, pointerId: 1, bubbles: true }));
      }
      await frame();
      times.push(Math.round(performance.now() - t0));
    }
    return times.sort((a, b) => a - b);
  });
  const search = await page.evaluate(async () => {
    const input = document.getElementById('search');
    const t0 = performance.now();
    input.value = 'e';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    if (document.querySelectorAll('#found-list li').length === 0) throw new Error('the search found nothing');
    return Math.round(performance.now() - t0);
  });
  await page.close();
  return { first, ...shape, frame: `${frames[6]} ms, ${frames[11]} ms`, search };
}
