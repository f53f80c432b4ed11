#!/usr/bin/env node
/**
 * `bench/kits-real.mjs` on every gold set of bench/gold/kits (after npm run build): one row per
 * repository — tasks readable, references read as meant, reference findings judged real or false
 * — and the share of false findings by role (dev: looked at while building; held-out: not).
 *
 *   node bench/kits-real-all.mjs <repos>   (<repos>/<kit>-<owner>-<name>: each repository's kit folders at its gold's commit)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GOLD = fileURLToPath(new URL('gold/kits/', import.meta.url));
const ONE = fileURLToPath(new URL('kits-real.mjs', import.meta.url));
const repos = process.argv[2];
if (repos === undefined) {
  process.stderr.write('usage: node bench/kits-real-all.mjs <folder of extracted repositories>\n');
  process.exit(2);
}
const totals = {};
for (const kit of ['kiro', 'speckit', 'openspec']) {
  for (const file of readdirSync(join(GOLD, kit)).filter((f) => f.endsWith('.json')).sort()) {
    const name = file.slice(0, -5);
    const repo = join(repos, `${kit}-${name}`);
    if (!existsSync(repo)) {
      process.stdout.write(`${name}: no ${repo} (fetch it at the gold's commit)\n`);
      continue;
    }
    const run = spawnSync(process.execPath, [ONE, join(GOLD, kit, file), repo, kit], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (run.status !== 0) {
      process.stdout.write(`${name}: failed\n${run.stderr}`);
      continue;
    }
    const r = JSON.parse(run.stdout);
    const { LINK_BROKEN: lb, COVERAGE_MISSING: cm } = r.findings;
    process.stdout.write(`${kit.padEnd(8)} ${name.padEnd(38)} ${r.role.padEnd(8)} tasks ${r.tasksReadable.padEnd(8)} references ${r.references.read}/${r.references.meant}  LINK_BROKEN ${lb.real} real ${lb.false} false  COVERAGE_MISSING ${cm.real} real ${cm.false} false\n`);
    const t = (totals[r.role] ??= { real: 0, false: 0 });
    t.real += lb.real + cm.real;
    t.false += lb.false + cm.false;
  }
}
for (const [role, t] of Object.entries(totals)) process.stdout.write(`${role}: ${t.false} of ${t.real + t.false} reference findings false (${((100 * t.false) / Math.max(1, t.real + t.false)).toFixed(1)} %)\n`);
