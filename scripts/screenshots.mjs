/**
 * The pictures of `docugraph view` in the docs, shot in headless Chromium (/usr/bin/chromium or
 * CHROMIUM), each workspace exported with `docugraph view --out`:
 * - docs/view-demo.png: the demo, every group open, centred on BE-02 with its panel open;
 * - docs/view-overview-800.png: a generated spec-kit repository of about 800 items
 *   (bench/kits.mjs: Kiro, Spec Kit and OpenSpec features) at its first frame, the overview;
 * - docs/view-group.png: the same with its first Kiro feature opened into its items (issue 58).
 *
 *   npm run build && node scripts/screenshots.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { generateKits } from '../bench/kits.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'docugraph-shots-'));
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Exports `workspace` and opens the page at 1280×760 once its first picture is drawn. */
async function open(workspace, name) {
  const out = join(dir, name);
  execFileSync(process.execPath, [join(root, 'dist/bin/docugraph.js'), '-w', workspace, 'view', '--out', out], { stdio: 'ignore' });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 760 });
  await page.goto(pathToFileURL(join(out, 'index.html')).href);
  await page.waitForSelector('body[data-ready]');
  return page;
}

try {
  const demo = await open(join(root, 'examples/demo-repo'), 'demo');
  await demo.type('#search', 'BE-02');
  await demo.keyboard.press('Enter');
  await demo.waitForSelector('#panel:not([hidden])');
  await frame(demo);
  await demo.screenshot({ path: join(root, 'docs/view-demo.png') });
  await demo.close();

  generateKits(join(dir, 'kits'), 800);
  const kits = await open(join(dir, 'kits'), 'kits');
  await frame(kits);
  await kits.screenshot({ path: join(root, 'docs/view-overview-800.png') });
  const first = await kits.evaluate(() => window.__docugraphView.names().find((name) => name.startsWith('.kiro/')));
  await kits.evaluate((name) => window.__docugraphView.toggle(name), first);
  await kits.waitForFunction((name) => {
    const view = window.__docugraphView;
    const g = view.names().indexOf(name);
    return view.picture().groups.some((box) => box.group === g && box.open);
  }, {}, first);
  await frame(kits);
  await kits.screenshot({ path: join(root, 'docs/view-group.png') });
  await kits.close();
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
