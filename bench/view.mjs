/**
 * `docugraph view` in headless Chromium (issue 27): for each size, a generated workspace
 * (bench/generate.mjs) exported with `docugraph view --out`, opened from file://, timed from
 * navigation to the first frame drawn; then the time of frames while panning and zooming, and
 * of a search. Prints a Markdown table (docs/decisions.md, "Seeing the graph").
 *
 *   npm run build && node bench/view.mjs [sizes…]      (default 1000 10000 100000)
 *
 * Needs Chromium at /usr/bin/chromium (or CHROMIUM=path).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { generateWorkspace } from './generate.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) throw new Error(`no Chromium at ${chromium}: apt-get install -y chromium, or set CHROMIUM`);
const sizes = process.argv.slice(2).map(Number);
const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const rows = [];
const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox'] });
try {
  for (const size of sizes.length > 0 ? sizes : [1000, 10000, 100000]) {
    const dir = mkdtempSync(join(base, 'docugraph-view-bench-'));
    try {
      generateWorkspace(join(dir, 'ws'), size);
      execFileSync(process.execPath, [join(root, 'dist/bin/docugraph.js'), 'view', '-w', join(dir, 'ws'), '--out', join(dir, 'out')], { stdio: 'ignore' });
      rows.push(await measure(pathToFileURL(join(dir, 'out', 'index.html')).href, size));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
console.log('| documents | first frame | pan/zoom frame (median, max of 12) | search `BE-00001` (to the next frame) |');
console.log('|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.size.toLocaleString('en')} | ${r.first} ms | ${r.frame} | ${r.search} ms |`);

async function measure(url, size) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const start = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const first = Date.now() - start;
  // Timed inside the page (no round trips to the browser): a frame after each zoom or pan step,
  // and a search typed at once (the input event, the lists, the next frame).
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
    input.value = 'BE-00001';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    if (document.querySelectorAll('#found-list li').length === 0) throw new Error('the search found nothing');
    return Math.round(performance.now() - t0);
  });
  const frame = `${frames[6]} ms, ${frames[11]} ms`;
  await page.close();
  return { size, first, frame, search };
}
