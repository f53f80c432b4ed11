/**
 * `docugraph diff HEAD~1` beside a cold `docugraph validate` (issue 25): the generated workspace
 * copied into a new git repository, committed, 1 % of its documents edited and committed again,
 * then both commands run end to end (Node start-up included), interleaved, on that repository.
 * Prints `{ validate, diff, changed, impact }` (medians in ms) as JSON.
 *
 *   node bench/diff.mjs <generated workspace> <runs>
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../dist/bin/docugraph.js', import.meta.url));
const [source, runsArg = '5'] = process.argv.slice(2);
const runs = Number(runsArg);
const repo = mkdtempSync(join(tmpdir(), 'docugraph-bench-diff-'));
const env = { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
const git = (...args) => execFileSync('git', ['-c', 'gc.auto=0', ...args], { cwd: repo, env, stdio: 'ignore' });

try {
  cpSync(source, repo, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(repo, dir)).sort()) {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (name.startsWith('.')) continue;
      if (statSync(join(repo, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(path);
    }
  };
  walk('');
  // Every hundredth document gets a new last line.
  for (let i = 0; i < files.length; i += 100) appendFileSync(join(repo, files[i]), '\nEdited for the benchmark.\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'edit');
  git('gc', '-q');
  const time = (args) => {
    const start = performance.now();
    const result = spawnSync(process.execPath, [CLI, ...args], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
    const elapsed = performance.now() - start;
    if (result.status !== 0 && result.status !== 1) throw new Error(`docugraph ${args.join(' ')} exited with ${result.status}: ${String(result.stderr).slice(0, 500)}`);
    return { elapsed, stdout: result.stdout };
  };
  const validate = [];
  const diff = [];
  let last = null;
  for (let round = 0; round < runs; round += 1) {
    validate.push(time(['validate', '--format', 'json']).elapsed);
    const run = time(['diff', 'HEAD~1', '--format', 'json']);
    diff.push(run.elapsed);
    last = JSON.parse(String(run.stdout));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  process.stdout.write(`${JSON.stringify({ validate: median(validate), diff: median(diff), changed: last.documents.changed.count, impact: last.impact.count })}\n`);
} finally {
  rmSync(repo, { recursive: true, force: true });
}
