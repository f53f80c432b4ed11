#!/usr/bin/env node
/**
 * `npm test` (after `pretest`, which is `npm run build`): the two type checks of
 * `npm run typecheck` (the TypeScript sources and tests; the page in web/), by TypeScript 7
 * (`typescript-native`) on one thread each, and `vitest run` side by side. The type checks
 * run at a lower priority (nice 10), in the time the test files leave idle while they wait on
 * servers, sockets and timers (about 4 s of CPU; TypeScript 5.9 took 25). Each type check's
 * output is printed after vitest's; `npm test` fails when vitest or either type check fails.
 * See docs/decisions.md, "A faster npm test (issue 22)".
 *
 * Arguments go to vitest: `npm test -- test/golden` runs those files (and still type-checks).
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

/** The processes this one started: a SIGINT or SIGTERM sent to it is passed on to them. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 128 + (signal === 'SIGINT' ? 2 : 15);
  });
}

/** Starts `args` with Node; it is forgotten once it has ended. */
function start(args, options) {
  const child = spawn(process.execPath, args, { cwd: root, ...options });
  children.add(child);
  child.on('close', () => children.delete(child));
  return child;
}

/** Runs a type check in the background at nice 10; resolves with its exit code and output. */
function typecheck(args) {
  return new Promise((resolve) => {
    const child = start([tsc, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      setPriority(child.pid, 10);
    } catch {
      // A machine that does not allow it runs the check at the normal priority.
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name: `tsc ${args.join(' ')}`, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ name: `tsc ${args.join(' ')}`, code: code ?? (signal === null ? 1 : 128), output }));
  });
}

const checks = [typecheck(['-p', 'tsconfig.json', '--noEmit', '--singleThreaded']), typecheck(['-p', 'web/tsconfig.json', '--singleThreaded'])];
const tests = await new Promise((resolve) => {
  const child = start([vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('error', () => resolve(1));
  child.on('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
});
let failed = tests !== 0;
for (const { name, code, output } of await Promise.all(checks)) {
  process.stdout.write(output);
  if (code !== 0) {
    process.stderr.write(`npm test: ${name} failed (exit ${code})\n`);
    failed = true;
  }
}
// A signal passed on has set the exit code already (128 + its number).
process.exitCode ??= failed ? 1 : 0;
