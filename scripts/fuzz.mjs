#!/usr/bin/env node
/**
 * `npm run fuzz`: the fuzz and fault suite of `npm test` (test/fuzz), the Markdown
 * differential (test/core/parse/markdown-differential.test.ts), the live workspace's
 * read-your-writes rounds (test/core/live/live-workspace.test.ts) and the live server under
 * changes (test/e2e/live.test.ts, http-concurrency.test.ts), with more random cases per
 * generator and a fresh seed, and no per-test time limit. `npm test` runs the same files with
 * their short default counts (docs/decisions.md, "A faster npm test").
 *
 *   npm run fuzz                          # 100 cases per generator, seed from the clock
 *   npm run fuzz -- --runs 1000 --seed 7  # replay or lengthen
 *   npm run fuzz -- --runs 50 test/fuzz/protocol-lines.test.ts
 *
 * It sets FUZZ_RUNS and FUZZ_SEED (read by test/helpers/prng.ts) and runs
 * `vitest run` on those files (or on the files given). Build first: `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  if (value === undefined || !/^\d+$/.test(value)) {
    process.stderr.write(`fuzz: ${name} needs an integer ≥ 0\n`);
    process.exit(2);
  }
  return value;
};
const runs = option('--runs', '100');
const seed = option('--seed', String(Date.now() % 2 ** 32));
const files = args.length > 0 ? args : ['test/fuzz', 'test/core/parse/markdown-differential.test.ts', 'test/core/live/live-workspace.test.ts', 'test/e2e/live.test.ts', 'test/e2e/http-concurrency.test.ts'];

if (!existsSync(new URL('../dist/bin/docugraph-mcp.js', import.meta.url))) {
  process.stderr.write('fuzz: dist/ is missing; run `npm run build` first\n');
  process.exit(2);
}
process.stdout.write(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed} (replay with --runs ${runs} --seed ${seed})\n`);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
});
process.exit(result.status ?? 1);
