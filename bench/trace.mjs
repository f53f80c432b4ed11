/**
 * The scan of trace sources (issue 26, TRACE §5) beside the read floor of the same files: a
 * generated source tree of `<files>` files (100 per folder, ~2 KB each, one in ten with a
 * `docugraph:` tag naming one of the workspace's documents) under a one-document workspace.
 * Both in this process, interleaved, after one warm-up read of every file:
 *
 *   - floor: Node walking the tree and reading every file (`readdirSync` + `readFileSync`);
 *   - scan: `loadWorkspace` with `trace.sources: ["src/**"]`, less the same load without it
 *     (one document: the rest of the load is a few milliseconds).
 *
 * Prints `{ files, floor, scan, traces }` (medians in ms) as JSON.
 *
 *   node bench/trace.mjs [files=10000] [runs=7]
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWorkspace } from '../dist/core/index.js';

const files = Number(process.argv[2] ?? 10000);
const runs = Number(process.argv[3] ?? 7);
const base = mkdtempSync(join(tmpdir(), 'docugraph-bench-trace-'));
const root = join(base, 'traced');
const plain = join(base, 'plain');

const line = (i) => `export const value${i} = compute(${i}, 'some text to make the file look like code');\n`;
const body = Array.from({ length: 28 }, (_, i) => line(i)).join('');

try {
  for (const dir of [root, plain]) mkdirSync(dir);
  for (const dir of [root, plain]) writeFileSync(join(dir, 'req.md'), '---\nid: REQ-01\ntitle: Requirement\n---\n');
  writeFileSync(join(root, 'docugraph.yml'), 'trace:\n  sources: ["src/**"]\n');
  for (let i = 0; i < files; i += 1) {
    const dir = join(root, 'src', `m${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.ts`), i % 10 === 0 ? `// docugraph: implements REQ-01\n${body}` : body);
  }
  const floor = () => {
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else readFileSync(path);
      }
    };
    walk(join(root, 'src'));
  };
  const time = (body) => {
    const start = performance.now();
    const value = body();
    return { ms: performance.now() - start, value };
  };
  floor();
  const floors = [];
  const scans = [];
  let traces = 0;
  for (let run = 0; run < runs; run += 1) {
    floors.push(time(floor).ms);
    const traced = time(() => loadWorkspace(root));
    const untraced = time(() => loadWorkspace(plain));
    scans.push(traced.ms - untraced.ms);
    traces = traced.value.traces.byId.get('REQ-01')?.length ?? 0;
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  process.stdout.write(`${JSON.stringify({ files, floor: median(floors), scan: median(scans), traces })}\n`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
