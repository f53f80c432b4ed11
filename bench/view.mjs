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
console.log('| documents | first frame | pan/zoom frame (median, max) | search `BE-00001` |');
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
  const canvas = await page.$('#canvas');
  const box = await canvas.boundingBox();
  const frames = [];
  for (let k = 0; k < 12; k += 1) {
    const t = Date.now();
    await page.mouse.move(box.x + 300 + k * 20, box.y + 300);
    if (k % 3 === 0) await page.mouse.wheel({ deltaY: k % 2 === 0 ? -200 : 200 });
    else {
      await page.mouse.down();
      await page.mouse.move(box.x + 340 + k * 20, box.y + 330, { steps: 2 });
      await page.mouse.up();
    }
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    frames.push(Date.now() - t);
  }
  frames.sort((a, b) => a - b);
  const t = Date.now();
  await page.type('#search', 'BE-00001');
  await page.waitForFunction(() => document.querySelectorAll('#found-list li').length > 0, { timeout: 60_000 });
  const search = Date.now() - t;
  await page.close();
  return { size, first, frame: `${frames[6]} ms, ${frames[11]} ms`, search };
}
