import { accessSync, constants, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, longest first (seconds of one worker, measured on a 2-core
 * machine; docs/decisions.md, "A faster npm test"). They start first, so that the run does
 * not end with one of them still going while the other workers are idle. Vitest orders files
 * by their last duration only when it has a cache of a previous run, which a fresh clone
 * (and CI) has not.
 */
const SLOW_FIRST = [
  'test/e2e/http-streams.test.ts',
  'test/complexity/stages.test.ts',
  'test/fuzz/stack-depth.test.ts',
  'test/packaging/action.test.ts',
  'test/complexity/load.test.ts',
  'test/e2e/package.test.ts',
  'test/e2e/live.test.ts',
  'test/complexity/view.test.ts',
  'test/e2e/sdk-client.test.ts',
  'test/e2e/inspector.test.ts',
  'test/e2e/protocol-edges.test.ts',
  'test/fuzz/http-streams.test.ts',
  'test/fuzz/cli-large-workspace.test.ts',
  'test/packaging/mcpb.test.ts',
  'test/e2e/http-concurrency.test.ts',
  'test/fuzz/markdown-nesting.test.ts',
  'test/fuzz/request-ids.test.ts',
  'test/fuzz/subscriptions.test.ts',
  'test/e2e/http-security.test.ts',
  'test/fuzz/protocol-lines.test.ts',
  'test/core/read/read-ahead.test.ts',
  'test/view/view-browser.test.ts',
  'test/e2e/http-sessions.test.ts',
  'test/e2e/http-slow-clients.test.ts',
  'test/e2e/read-ahead.test.ts',
  'test/complexity/work-state.test.ts',
  'test/e2e/cli.test.ts',
  'test/fuzz/cli-output.test.ts',
  'test/fuzz/protocol-edges.test.ts',
  'test/core/live/live-workspace.test.ts',
  'test/core/parse/markdown-differential.test.ts',
  'test/e2e/work-state.test.ts',
];

/**
 * Vitest's own order (failed first, then by cached duration), with SLOW_FIRST ahead of it,
 * and the projects one after another: the isolated files, then the shared ones (PROJECTS).
 * A worker that runs files in turn (`isolate: false`) is kept for the next file only when the
 * next file in the queue belongs to its project; otherwise vitest stops it, and a new process
 * starts (importing vitest, the SDK and the core again). Interleaved, the projects had 22
 * worker processes start in one run; one after another, one per isolated file (4) and one
 * per worker of the others. The complexity files are a group of their own that runs after
 * both (below).
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return PROJECTS.indexOf(file.project.name) * (SLOW_FIRST.length + 1) + (at === -1 ? SLOW_FIRST.length : at);
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** The projects in the order their files start (see SlowFirst). */
const PROJECTS = ['waiting', 'isolated', 'shared', 'complexity'];

/**
 * Files that spend most of their time waiting — on timers (stall, idle and request timeouts),
 * a server's watcher, sockets a client pauses — not computing: each takes a few times more
 * wall-clock time than CPU. They run first, as a group of their own (`sequence.groupOrder`),
 * on more workers than cores, while the type checks (scripts/test.mjs) take the time they
 * leave idle; one worker per core would leave a core idle while such a file waits.
 */
const WAITING = [
  'test/fuzz/http-streams.test.ts',
  'test/fuzz/protocol-edges.test.ts',
  'test/e2e/http-slow-clients.test.ts',
  'test/e2e/http-sessions.test.ts',
  'test/fuzz/http-slow-clients.test.ts',
  'test/e2e/work-state.test.ts',
  'test/fuzz/protocol-lines.test.ts',
  'test/fuzz/subscriptions.test.ts',
];

/**
 * Files that run in a process of their own. The rest share a process per worker, file after
 * file (`isolate: false`): each file then spends no time starting a process and importing
 * vitest, the SDK and the core again (about 0.7 s of CPU a file). Helpers register their
 * cleanups through test/helpers/after-every-test.ts for that reason.
 */
const ISOLATED = [
  // vi.mock replaces a module for the whole file: node:fs wrapped (fs-recorder.ts), the loader.
  'test/fuzz/symlinks.test.ts',
  'test/fuzz/core-documents.test.ts',
  'test/fuzz/ignore-files.test.ts',
  'test/fuzz/cli-large-workspace.test.ts',
];

/**
 * Timed by the process's CPU time (test/helpers/complexity.ts): a group of their own
 * (`sequence.groupOrder`), which starts once every other file has ended, on two workers that
 * take the files in turn. The ratios are then measured beside one other
 * CPU-bound ratio, not beside servers, browsers and their clients, and nothing else shares
 * their processes.
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
    env: ramTmpdir(),
    // Processes, not threads: the complexity tests time their runs by the process's CPU time,
    // so a worker must hold one test file at a time.
    pool: 'forks',
    // One worker per core (at least two), from two per core. With the projects one after
    // another (SlowFirst), 4 workers took 141–146 s here (272–280 s of CPU) and 2 took 123 s
    // (234 s) back to back; alternating 2 and 3 workers on the final tree showed no difference
    // beyond the VM's drift. The fewer, the less CPU (neighbours evict each other's caches
    // less); the cores are busy about 85% of the run either way, the rest being files waiting
    // on servers and timers (scripts/test.mjs runs the type checks in that time).
    // docs/decisions.md, "A faster npm test", fourth pass.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowFirst },
    projects: [
      { extends: true, test: { name: 'waiting', include: WAITING, isolate: false, maxWorkers: 2 * Math.max(2, availableParallelism()), sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'complexity', include: COMPLEXITY, isolate: false, maxWorkers: 2, sequence: { groupOrder: 2 } } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...ISOLATED, ...COMPLEXITY, ...WAITING], isolate: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
