#!/usr/bin/env node
/**
 * `npm test`'s first step (`pretest`): `npm run build`'s own command with its `tsc` given
 * `--noCheck`: it emits the same JavaScript and declarations without type-checking `src`,
 * since `npm test` itself (scripts/test.mjs) type-checks `src` with the same options (and the
 * tests with it) beside the test run. The suites that need `dist/` run after this. See
 * docs/decisions.md, "A faster npm test (issue 22)".
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm run build`'s command, its `tsc` emitting without a check of its own (see above). */
function buildCommand() {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const tscStep = 'node node_modules/typescript-native/bin/tsc -p tsconfig.build.json';
  if (!scripts.build.includes(`${tscStep} `)) throw new Error(`pretest: package.json's build script no longer runs \`${tscStep}\`; update scripts/pretest.mjs`);
  return scripts.build.replace(`${tscStep} `, `${tscStep} --noCheck `);
}

// What `npm run` gives a script: the project's bins on PATH.
const bins = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const buildEnv = { ...process.env, PATH: `${bins}${delimiter}${process.env.PATH ?? ''}` };

const build = spawnSync(buildCommand(), { shell: true, stdio: 'inherit', env: buildEnv });
if (build.status !== 0) process.stderr.write(`pretest: npm run build (tsc --noCheck) failed (exit ${build.status ?? build.signal})\n`);
process.exitCode = build.status === 0 ? 0 : 1;
