#!/usr/bin/env node
/**
 * `npm test`'s first step (`pretest`): `npm run build` and `npm run typecheck` side by side.
 * Each is mostly one single-threaded `tsc`, and they do not depend on each other (the tests
 * import `src`; the suites that need `dist/` run after this). Each one's output is printed
 * whole when both have ended, the build's first; the step fails when either fails.
 * See docs/decisions.md, "A faster npm test (issue 22)".
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; resolves with its exit code and everything it printed. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ script, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal === null ? 1 : 128), output }));
  });
}

const results = await Promise.all([run('build'), run('typecheck')]);
for (const { script, code, output } of results) {
  process.stdout.write(output);
  if (code !== 0) process.stderr.write(`pretest: npm run ${script} failed (exit ${code})\n`);
}
process.exitCode = results.every(({ code }) => code === 0) ? 0 : 1;
