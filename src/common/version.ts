import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package version, read from package.json (two levels up from dist/common or src/common). */
export const VERSION: string = (require('../../package.json') as { version: string }).version;

/**
 * What the on-disk index is keyed by: the version and, in a build, the id of the build's code
 * (`dist/bin/build-id.txt`, scripts/build-id.mjs). A clone rebuilt at another commit keeps its
 * version, and an index an older build made would give that build's findings; with the id, the
 * workspace is read again once. Without the file (running from the sources): the version.
 */
export function cacheVersion(): string {
  if (cached === undefined) {
    try {
      const id = readFileSync(new URL('../bin/build-id.txt', import.meta.url), 'utf8').trim();
      cached = /^[0-9a-f]{16}$/.test(id) ? `${VERSION}+${id}` : VERSION;
    } catch {
      cached = VERSION;
    }
  }
  return cached;
}

let cached: string | undefined;
