#!/usr/bin/env node
/**
 * `dist/bin/build-id.txt`: a digest of the code a build runs (every `.js` and `.cjs` of
 * `dist/bin`, by name and content; not the V8 code cache). The on-disk index is keyed by the
 * package's version and this id (src/common/version.ts), so that a clone rebuilt at another
 * commit, whose version is the same, reads its workspace again instead of keeping what an older
 * build made of it. Run last by `npm run build`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The id of the code in `dir`: 16 hex digits of a SHA-256 over each `.js`/`.cjs` file's name and bytes, in code-unit order. */
export function buildId(dir) {
  const hash = createHash('sha256');
  const names = readdirSync(dir)
    .filter((name) => /\.c?js$/.test(name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) hash.update(`${name}\0`).update(readFileSync(join(dir, name))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../dist/bin/', import.meta.url));
  writeFileSync(join(dir, 'build-id.txt'), `${buildId(dir)}\n`);
}
