/**
 * Loads with hostile or large ignore rules (issue 21), timed in-process: the review's
 * 60-byte `.gitignore` rule (`a/**` eleven times, then `/b`) with a document 40 directories
 * deep, and 60,000 plain `exclude` entries in `docugraph.yml` over 2,000 documents (1,000 of
 * them excluded), with the same workspaces without the rules for the floor. To compare two
 * builds, point it at another build's library entry:
 *
 *   npm run build && node bench/globs.mjs                       # this checkout
 *   node bench/globs.mjs /elsewhere/dist/core/index.js [runs]   # another build
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = resolve(process.argv[2] ?? new URL('../dist/core/index.js', import.meta.url).pathname);
const runs = Number(process.argv[3] ?? 3);
const { loadWorkspace } = await import(pathToFileURL(entry).href);

function workspace(files) {
  const root = mkdtempSync(join(tmpdir(), 'docugraph-globs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const doc = (id) => `---\nid: ${id}\ntitle: ${id}\n---\n# ${id}\n`;
const deep = { 'top.md': doc('TOP'), [`${'a/'.repeat(40)}deep.md`]: doc('DEEP') };
const many = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`docs/d${i % 20}/file${i}.md`, doc(`D-${i}`)]));
// Short, to stay within the 1 MiB `docugraph.yml`: one in 60 names a document (1,000 of the
// 2,000 are excluded), by its path or its name; the rest name nothing that exists.
const excludes = Array.from({ length: 60_000 }, (_, i) => {
  if (i % 60 !== 0) return i % 2 === 0 ? `o${i}` : `docs/o${i}`;
  const n = i / 60;
  return n % 2 === 0 ? `file${n}.md` : `docs/d${n % 20}/file${n}.md`;
});

const cases = [
  ['deep document, no rules', deep],
  ['deep document, .gitignore `a/**` ×11 then `/b`', { ...deep, '.gitignore': `${'a/**/'.repeat(11)}b\n` }],
  ['2,000 documents, no rules', many],
  ['2,000 documents, 60,000 plain excludes', { ...many, 'docugraph.yml': `exclude: [${excludes.join(', ')}]\n` }],
];

process.stdout.write(`${entry}, best of ${runs}\n`);
for (const [name, files] of cases) {
  const root = workspace(files);
  let best = Infinity;
  let count = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    count = loadWorkspace(root).files.length;
    best = Math.min(best, performance.now() - started);
  }
  rmSync(root, { recursive: true, force: true });
  process.stdout.write(`${name.padEnd(48)} ${best.toFixed(0).padStart(7)} ms  (${count} files)\n`);
}
