import { accessSync, constants, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, longest first within each group (measured on a 2-core machine;
 * docs/decisions.md, "A faster npm test"). They start first, so that a group does not end
 * with one of them still going while the other workers are idle. Vitest orders files by
 * their last duration only when it has a cache of a previous run, which a fresh clone (and
 * CI) has not.
 */
const SLOW_FIRST = [
  // The first group: the isolated files and the files that mostly wait. The CPU-bound ones
  // (the isolated files, the read-ahead workers) spread out, so that they start as the
  // first long waits end, not all at the end (where the cores were half idle).
  'test/fuzz/cli-large-workspace.test.ts',
  'test/fuzz/http-streams.test.ts',
  'test/fuzz/symlinks.test.ts',
  'test/e2e/http-slow-clients.test.ts',
  'test/e2e/http-sessions.test.ts',
  'test/fuzz/core-documents.test.ts',
  'test/e2e/live.test.ts',
  'test/e2e/http-stall.test.ts',
  'test/core/read/read-ahead.test.ts',
  'test/fuzz/http-slow-clients.test.ts',
  'test/fuzz/protocol-lines.test.ts',
  'test/fuzz/protocol-edges.test.ts',
  'test/e2e/work-state.test.ts',
  'test/fuzz/subscriptions.test.ts',
  // The shared files.
  'test/e2e/http-streams.test.ts',
  'test/fuzz/stack-depth.test.ts',
  'test/e2e/package.test.ts',
  'test/packaging/action.test.ts',
  'test/e2e/read-ahead.test.ts',
  'test/e2e/inspector.test.ts',
  'test/view/view-browser.test.ts',
  'test/view/layout-browser.test.ts',
  'test/packaging/mcpb.test.ts',
  'test/e2e/protocol-edges.test.ts',
  'test/e2e/http-security.test.ts',
  'test/e2e/sdk-client.test.ts',
  'test/core/parse/markdown-differential.test.ts',
  'test/e2e/http-concurrency.test.ts',
  'test/e2e/cli.test.ts',
  'test/core/check/remark-differential.test.ts',
  'test/fuzz/cli-output.test.ts',
  'test/docs-mcp.test.ts',
  'test/core/parse/large-input.test.ts',
  'test/e2e/process.test.ts',
  'test/e2e/catalog.test.ts',
  // The complexity files.
  'test/complexity/stages.test.ts',
  'test/complexity/view.test.ts',
  'test/complexity/load.test.ts',
  'test/complexity/work-state.test.ts',
  'test/complexity/globs.test.ts',
];

/**
 * Vitest's own order (failed first, then by cached duration), with SLOW_FIRST ahead of it,
 * group by group (GROUPS). A worker that runs files in turn (`isolate: false`) is kept for the
 * next file only when the next file in the queue belongs to its project; otherwise vitest
 * stops it, and a new process starts (importing vitest, the SDK and the core again).
 * Interleaved, the projects had 22 worker processes start in one run; kept together, about
 * one per isolated file and one per worker of the others.
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return GROUPS.findIndex((group) => group.includes(file.project.name)) * (SLOW_FIRST.length + 1) + (at === -1 ? SLOW_FIRST.length : at);
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The projects, group by group in the order the groups run (`sequence.groupOrder`), each
 * group ending before the next starts: first the isolated files and the files that mostly
 * wait (WAITING) on two workers per core, then the other files on one worker per core, then
 * the complexity files on two.
 */
const GROUPS = [['isolated', 'waiting'], ['shared'], ['complexity']];

/** Workers of the first group (two per core), most of whose files wait. */
const FIRST_GROUP_WORKERS = 2 * Math.max(2, availableParallelism());

/**
 * Files that spend much of their time waiting — on timers (stall, idle and request timeouts),
 * a server's watcher, sockets a client pauses, worker threads — rather than computing: run
 * alone, each takes 1.3–3.2 times more wall-clock time than CPU (the isolated files 0.8–0.9).
 * Among one worker per core, they left a core idle while they waited (the cores were busy
 * 62–87% of the minute they ran in); in the first group, on two workers per core beside the
 * isolated files (which are CPU-bound), the cores stay busy.
 */
const WAITING = [
  'test/e2e/http-stall.test.ts',
  'test/e2e/live.test.ts',
  'test/fuzz/http-streams.test.ts',
  'test/fuzz/protocol-edges.test.ts',
  'test/e2e/http-slow-clients.test.ts',
  'test/e2e/http-sessions.test.ts',
  'test/fuzz/http-slow-clients.test.ts',
  'test/e2e/work-state.test.ts',
  'test/fuzz/protocol-lines.test.ts',
  'test/fuzz/subscriptions.test.ts',
  'test/core/read/read-ahead.test.ts',
];

/**
 * Files that run in a process of their own (in the first group). The rest share a process per
 * worker, file after file (`isolate: false`): each file then spends no time starting a
 * process and importing vitest, the SDK and the core again (about 0.7 s of CPU a file).
 * Helpers register their cleanups through test/helpers/after-every-test.ts for that reason.
 */
const ISOLATED = [
  // vi.mock replaces a module for the whole file: node:fs wrapped (fs-recorder.ts), the loader.
  'test/fuzz/symlinks.test.ts',
  'test/fuzz/core-documents.test.ts',
  'test/fuzz/ignore-files.test.ts',
  'test/fuzz/cli-large-workspace.test.ts',
  // checkLinks counted.
  'test/core/live/kept-links.test.ts',
  // `gc` exposed, which changes V8's flags for the process (a code cache is refused after it).
  'test/core/released-memory.test.ts',
];

/**
 * Timed by the process's CPU time (test/helpers/complexity.ts): the last group, which starts
 * once every other file has ended, on two workers that take the files in turn. The ratios
 * are then measured beside one other CPU-bound ratio, not beside servers, browsers and their
 * clients, and nothing else shares their processes. A ratio over the bound is measured once
 * more from the start (`retry: 1`, new inputs and a new calibration): linear stages read up
 * to 10.0 against the bound of 10 on this 2-core VM as the host's load comes and goes, while
 * a quadratic part over the bound is over it both times (docs/decisions.md, "A faster npm
 * test", fifth pass).
 */
const COMPLEXITY = ['test/complexity/**'];

/**
 * Where the tests' temporary folders go (TMPDIR, read by os.tmpdir()): a RAM file system
 * (`/dev/shm`) when the machine has one that is writable and has room (4 GiB free; a
 * container's 64 MiB does not qualify), else the system's default. Tests write and remove
 * thousands of small files; on a disk's file system that was up to 0.4 ms of kernel time per
 * file under load (6 s of CPU for one 16,000-file workspace), on tmpfs about 0.03 ms.
 */
function ramTmpdir(): Record<string, string> {
  const dir = '/dev/shm';
  try {
    accessSync(dir, constants.W_OK);
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= 4 * 1024 ** 3 ? { TMPDIR: dir } : {};
  } catch {
    return {};
  }
}

export default defineConfig({
  plugins: [
    {
      // Vitest starts its workers with `--conditions development` (from Vite's default server
      // conditions), which loads packages' development builds: micromark and mdast, the
      // Markdown references of the differential tests, then run with their internal
      // assertions on, ~1.4× slower. Without it, packages load as Node loads them for users
      // (no package in `dependencies` has a development build).
      name: 'no-development-condition',
      configResolved(config) {
        const conditions = config.ssr.resolve?.conditions;
        if (conditions !== undefined) (config.ssr.resolve as { conditions: string[] }).conditions = conditions.filter((c) => c !== 'development|production' && c !== 'development');
      },
    },
  ],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/pack-dir.ts'],
    // No on-disk index in the tests (nor in ~/.cache): the tests of the index turn it on themselves.
    env: { ...ramTmpdir(), DOCUGRAPH_NO_CACHE: '1' },
    // Processes, not threads: the complexity tests time their runs by the process's CPU time,
    // so a worker must hold one test file at a time.
    pool: 'forks',
    // One worker per core (at least two) for the shared files, from two per core. With the
    // projects one after another (SlowFirst), 4 workers took 141–146 s here (272–280 s of CPU)
    // and 2 took 123 s (234 s) back to back; alternating 2 and 3 workers showed no difference
    // beyond the VM's drift. The fewer, the less CPU (neighbours evict each other's caches
    // less). The files that mostly wait run on more workers, in the first group (GROUPS).
    // docs/decisions.md, "A faster npm test", fourth and fifth passes.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowFirst },
    projects: [
      { extends: true, test: { name: 'waiting', include: WAITING, isolate: false, maxWorkers: FIRST_GROUP_WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true, maxWorkers: FIRST_GROUP_WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'complexity', include: COMPLEXITY, isolate: false, maxWorkers: 2, retry: 1, sequence: { groupOrder: 2 } } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...ISOLATED, ...COMPLEXITY, ...WAITING], isolate: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
