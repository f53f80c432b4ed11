/**
 * Headless Chromium for the browser tests (issue 27): Debian's package at /usr/bin/chromium
 * (or CHROMIUM), driven by puppeteer-core — never a downloaded browser. `.ci/run` installs it,
 * so CI never skips; a machine without it skips those tests and says why.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

declare const document: { body: { dataset: Record<string, string | undefined> } };

export const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM)`);

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
}

/** A page that records console errors and warnings, uncaught exceptions and failed requests. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  return { page, problems };
}

/** Waits until the page has drawn payload number `count` (body[data-ready] counts them). */
export async function drawn(page: Page, count = 1): Promise<void> {
  await page.waitForFunction((n: number) => Number(document.body.dataset['ready'] ?? '0') >= n, { timeout: 20_000 }, count);
}
