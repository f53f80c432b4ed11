/**
 * Running a built binary under bounds: a time limit (the whole process group is killed when
 * it is reached), an optional address-space limit (`ulimit -v`, so a runaway allocation
 * aborts the child instead of eating the machine), and optionally under
 * `strace -f -y` to list every file the process opened, with the real path of each
 * descriptor, so a file reached through a symbolic link shows its target.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEveryTest } from './after-every-test.js';

/** Whether `strace` is installed (the strace assertions run only then; in-process checks always run). */
export const HAS_STRACE = spawnSync('sh', ['-c', 'command -v strace'], { encoding: 'utf8' }).status === 0;

/**
 * `--seccomp-bpf` when this strace and kernel take it (a run that says nothing on stderr): the
 * traced process then stops only at the calls asked for, not at every call, which made a
 * traced CLI run cost twice the CPU of an untraced one.
 */
const SECCOMP = HAS_STRACE && (() => {
  const probe = spawnSync('strace', ['-f', '--seccomp-bpf', '-qq', '-e', 'trace=openat', '-o', '/dev/null', 'true'], { encoding: 'utf8' });
  return probe.status === 0 && probe.stderr === '';
})();

/** The strace command line that records the calls in `trace` (a `-e trace=` set) into `file`. */
export function straceCommand(trace: string, file: string): string[] {
  return ['strace', '-f', ...(SECCOMP ? ['--seccomp-bpf'] : []), '-qq', '-y', '-s', '4096', '-e', `trace=${trace}`, '-o', file];
}

/** `strace -e trace=` sets: opens only, or every call that takes a file name. */
export const TRACE_OPENS = 'openat,open,openat2';
export const TRACE_FILES = '%file';

const groups = new Set<number>();
const traceDirs: string[] = [];
afterEveryTest(() => {
  for (const pid of groups) killGroup(pid);
  groups.clear();
  while (traceDirs.length > 0) rmSync(traceDirs.pop()!, { recursive: true, force: true });
});
process.once('exit', () => {
  for (const pid of groups) killGroup(pid);
});

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export interface BoundedOptions {
  readonly timeoutMs: number;
  /** What to write to stdin before closing it; `null` leaves stdin open. */
  readonly input?: string | null;
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  /** Address-space limit in KiB (`ulimit -v`). */
  readonly memoryKb?: number;
  /** Trace with strace (when installed): which calls (`TRACE_OPENS` or `TRACE_FILES`). */
  readonly trace?: string;
}

export interface BoundedResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** `true` when the time limit killed it. */
  readonly timedOut: boolean;
  readonly ms: number;
  /** The strace lines (empty without `trace` or without strace). */
  readonly trace: readonly string[];
}

/** Runs `node script args…` within the bounds. */
export function runNode(script: string, args: readonly string[], options: BoundedOptions): Promise<BoundedResult> {
  let command = [process.execPath, script, ...args];
  let traceFile: string | null = null;
  if (options.trace !== undefined && HAS_STRACE) {
    const dir = mkdtempSync(join(tmpdir(), 'docugraph-trace-'));
    traceDirs.push(dir);
    traceFile = join(dir, 'trace');
    command = [...straceCommand(options.trace, traceFile), ...command];
  }
  const limit = options.memoryKb === undefined ? '' : `ulimit -v ${options.memoryKb}; `;
  const started = performance.now();
  const child = spawn('sh', ['-c', `${limit}exec "$@"`, 'sh', ...command], {
    detached: true,
    env: { PATH: process.env['PATH'] ?? '', ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  const pid = child.pid!;
  groups.add(pid);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {});
  if (options.input !== null) child.stdin.end(options.input ?? '');
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(pid);
  }, options.timeoutMs);
  return new Promise((resolvePromise) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(pid);
      groups.delete(pid);
      const trace = traceFile === null ? [] : readTrace(traceFile);
      resolvePromise({ code, signal, stdout, stderr, timedOut, ms: performance.now() - started, trace });
    });
  });
}

function readTrace(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
  } catch {
    return [];
  }
}

/** Trace lines that name `dir` or anything inside it (as an argument or as an opened descriptor's path). */
export function linesTouching(trace: readonly string[], dir: string): string[] {
  const needles = [`"${dir}"`, `"${dir}/`, `<${dir}>`, `<${dir}/`];
  return trace.filter((line) => needles.some((needle) => line.includes(needle)));
}

/** Starts a background process (its own group), killed after the test. Returns its pid. */
export function startBackground(script: string, args: readonly string[]): { pid: number; ready: Promise<void>; exited: Promise<void> } {
  const child = spawn(process.execPath, [script, ...args], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = child.pid!;
  groups.add(pid);
  const ready = new Promise<void>((resolveReady) => child.stdout.once('data', () => resolveReady()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  return { pid, ready, exited };
}

/** Stops a background process started with `startBackground`. */
export function stopBackground(pid: number): void {
  killGroup(pid);
  groups.delete(pid);
}
