#!/usr/bin/env node
/**
 * `npm test`'s first step (`pretest`): `npm run build` and the two type checks of
 * `npm run typecheck` (the Node sources and tests; the page in web/) side by side. Each is
 * mostly one single-threaded `tsc`, and they do not depend on each other (the tests import
 * `src`; the suites that need `dist/` run after this): three at once keep both cores busy
 * until the end, where two in turn (the type checks) left one core idle for the web check.
 * Each one's output is printed whole when all have ended, in this order; the step fails when
 * any fails. See docs/decisions.md, "A faster npm test (issue 22)".
 *
 * The build here is `npm run build`'s own command with its `tsc` given `--noCheck`: it emits
 * the same JavaScript and declarations without type-checking `src` a second time, since the
 * first type check beside it checks `src` with the same options (and the tests with it).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

/** Runs `command args…`; resolves with its exit code and everything it printed. */
function run(name, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal === null ? 1 : 128), output }));
  });
}

/** `npm run build`'s command, its `tsc` emitting without a check of its own (see above). */
function buildCommand() {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const tscStep = 'tsc -p tsconfig.build.json';
  if (!scripts.build.includes(`${tscStep} `)) throw new Error(`pretest: package.json's build script no longer runs \`${tscStep}\`; update scripts/pretest.mjs`);
  return scripts.build.replace(`${tscStep} `, `${tscStep} --noCheck `);
}

// What `npm run` gives a script: the project's bins on PATH.
const bins = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const buildEnv = { ...process.env, PATH: `${bins}${delimiter}${process.env.PATH ?? ''}` };

const results = await Promise.all([
  run('npm run build (tsc --noCheck)', buildCommand(), [], { shell: true, env: buildEnv }),
  // The two halves of `npm run typecheck`.
  run('tsc -p tsconfig.json --noEmit', process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit']),
  run('tsc -p web/tsconfig.json', process.execPath, [tsc, '-p', 'web/tsconfig.json']),
]);
for (const { name, code, output } of results) {
  process.stdout.write(output);
  if (code !== 0) process.stderr.write(`pretest: ${name} failed (exit ${code})\n`);
}
process.exitCode = results.every(({ code }) => code === 0) ? 0 : 1;
