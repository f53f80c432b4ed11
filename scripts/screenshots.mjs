/**
 * The README's pictures of `docugraph view` (docs/view-demo.png, docs/view-1000.png): the demo
 * with BE-02's panel open, and a generated 1,000-document workspace (bench/generate.mjs), each
 * exported with `docugraph view --out` and shot in headless Chromium (/usr/bin/chromium or
 * CHROMIUM).   npm run build && node scripts/screenshots.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { generateWorkspace } from '../bench/generate.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'docugraph-shots-'));
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  generateWorkspace(join(dir, 'ws'), 1000);
  for (const [workspace, out, pick] of [[join(root, 'examples/demo-repo'), 'docs/view-demo.png', 'BE-02'], [join(dir, 'ws'), 'docs/view-1000.png', null]]) {
    execFileSync(process.execPath, [join(root, 'dist/bin/docugraph.js'), '-w', workspace, 'view', '--out', join(dir, 'out')], { stdio: 'ignore' });
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 760 });
    await page.goto(pathToFileURL(join(dir, 'out', 'index.html')).href);
    await page.waitForSelector('body[data-ready]');
    if (pick !== null) {
      await page.type('#search', pick);
      await page.keyboard.press('Enter');
      await page.waitForSelector('#panel:not([hidden])');
      await page.click('#fit');
      await new Promise((r) => setTimeout(r, 300));
    }
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(root, out) });
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
