/**
 * In-process proof that the core never reads outside its workspace: `wrapFs` wraps every
 * `node:fs` function that takes a path, and while recording is on it checks each call against
 * a sentinel directory that lies OUTSIDE the workspace (symbolic links planted in the
 * workspace point into it):
 * - a path argument inside the sentinel directory is a violation (it was touched);
 * - every file actually opened (`openSync`, `readFileSync`, …) is `fstat`ed on its handle and
 *   compared by device and inode with the sentinel's entries, so a file reached through a
 *   symbolic link (even one swapped in during the call) is caught;
 * - every directory listed (`readdirSync`, `opendirSync`) is compared the same way, before
 *   and after the call.
 *
 * Use it from a test file with (vi.mock is hoisted, so the factory imports this module):
 * ```ts
 * vi.mock('node:fs', async (importOriginal) =>
 *   (await import('./fs-recorder.js')).wrapFs(await importOriginal<typeof import('node:fs')>()));
 * ```
 * This module must not import `node:fs` itself: it uses the original module it wraps.
 */
import { resolve, sep } from 'node:path';

type Fs = typeof import('node:fs');
type AnyFunction = (...args: unknown[]) => unknown;

/** Synchronous functions whose first argument is a path (or a file descriptor). */
const SYNC_PATH_FUNCTIONS = [
  'accessSync', 'existsSync', 'lstatSync', 'openSync', 'opendirSync', 'readFileSync', 'readdirSync', 'readlinkSync',
  'realpathSync', 'statSync', 'statfsSync', 'createReadStream',
] as const;
/** Callback functions whose first argument is a path. */
const ASYNC_PATH_FUNCTIONS = ['access', 'exists', 'lstat', 'open', 'opendir', 'readFile', 'readdir', 'readlink', 'realpath', 'stat'] as const;
/** `fs.promises` functions whose first argument is a path. */
const PROMISE_PATH_FUNCTIONS = ['access', 'lstat', 'open', 'opendir', 'readFile', 'readdir', 'readlink', 'realpath', 'stat'] as const;

interface State {
  recording: boolean;
  sentinel: string | null;
  inodes: Set<string>;
  violations: string[];
  calls: number;
  original: Fs | null;
}

const state: State = { recording: false, sentinel: null, inodes: new Set(), violations: [], calls: 0, original: null };

/** The recorder the tests drive. */
export const fsRecorder = {
  /**
   * Sets the sentinel directory (absolute real path) and remembers the device and inode of
   * it and of every entry below it. Call it after the sentinel is fully written.
   */
  watch(sentinel: string): void {
    const fs = original();
    state.sentinel = sentinel;
    state.inodes = new Set();
    const visit = (path: string) => {
      const stat = fs.lstatSync(path);
      state.inodes.add(key(stat));
      if (stat.isDirectory()) for (const name of fs.readdirSync(path)) visit(`${path}/${name}`);
    };
    visit(sentinel);
  },
  /** Starts checking calls (and forgets earlier violations). */
  start(): void {
    state.recording = true;
    state.violations = [];
    state.calls = 0;
  },
  /** Stops checking; returns the violations seen since `start`. */
  stop(): string[] {
    state.recording = false;
    return [...state.violations];
  },
  /** Runs `body` with recording on; returns its result and the violations. */
  during<T>(body: () => T): { result: T; violations: string[] } {
    this.start();
    try {
      return { result: body(), violations: [...state.violations] };
    } finally {
      state.recording = false;
    }
  },
  /** How many wrapped calls were seen since `start` (to prove the wrapper is in place). */
  calls(): number {
    return state.calls;
  },
};

function original(): Fs {
  if (state.original === null) throw new Error('fs-recorder: node:fs is not wrapped; add the vi.mock call to the test file');
  return state.original;
}

function key(stat: { dev: number | bigint; ino: number | bigint }): string {
  return `${stat.dev}:${stat.ino}`;
}

function pathOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value.protocol === 'file:' ? decodeURIComponent(value.pathname) : null;
  if (value instanceof Uint8Array) return Buffer.from(value).toString();
  return null;
}

function violation(text: string): void {
  if (state.violations.length < 50) state.violations.push(text);
}

/** A path argument inside the sentinel directory. */
function checkPath(fn: string, value: unknown): void {
  state.calls += 1;
  const path = pathOf(value);
  if (path === null || state.sentinel === null || path.includes('\0')) return;
  const absolute = resolve(path);
  if (absolute === state.sentinel || absolute.startsWith(state.sentinel + sep)) violation(`${fn}(${JSON.stringify(path)}) names a path inside the sentinel directory`);
}

/** An open file descriptor that refers to a sentinel entry. */
function checkFd(fn: string, value: unknown, fd: number): void {
  if (state.inodes.size === 0) return;
  try {
    if (state.inodes.has(key(original().fstatSync(fd)))) violation(`${fn}(${JSON.stringify(pathOf(value))}) opened a sentinel entry (through a symbolic link)`);
  } catch {
    // A descriptor that cannot be inspected is not a sentinel entry we can prove.
  }
}

/** A directory path that (following links) is a sentinel directory. */
function checkDirectory(fn: string, value: unknown): void {
  const path = pathOf(value);
  if (path === null || state.inodes.size === 0) return;
  try {
    if (state.inodes.has(key(original().statSync(path)))) violation(`${fn}(${JSON.stringify(path)}) listed a sentinel directory (through a symbolic link)`);
  } catch {
    // Gone or not listable: nothing was listed from the sentinel.
  }
}

function wrapSync(fs: Fs, name: string, fn: AnyFunction): AnyFunction {
  const wrapped = (...args: unknown[]) => {
    if (!state.recording) return fn(...args);
    if (typeof args[0] !== 'number') checkPath(name, args[0]);
    switch (name) {
      case 'openSync': {
        const fd = fn(...args) as number;
        checkFd(name, args[0], fd);
        return fd;
      }
      case 'readFileSync': {
        if (typeof args[0] === 'number') return fn(...args);
        // Read through a descriptor we can fstat: exactly what readFileSync(path) reads.
        const options = args[1];
        const flag = typeof options === 'object' && options !== null && 'flag' in options ? String((options as { flag: unknown }).flag) : 'r';
        const fd = fs.openSync(args[0] as string, flag);
        try {
          checkFd(name, args[0], fd);
          return fn(fd, options);
        } finally {
          fs.closeSync(fd);
        }
      }
      case 'readdirSync':
      case 'opendirSync': {
        checkDirectory(name, args[0]);
        const result = fn(...args);
        checkDirectory(name, args[0]);
        return result;
      }
      default:
        return fn(...args);
    }
  };
  return Object.assign(wrapped, fn);
}

function wrapRecordOnly(name: string, fn: AnyFunction): AnyFunction {
  const wrapped = function (this: unknown, ...args: unknown[]) {
    if (state.recording && typeof args[0] !== 'number') checkPath(name, args[0]);
    return fn.apply(this, args);
  };
  return Object.assign(wrapped, fn);
}

/** `fs` with every path-taking function wrapped (see the module comment). */
export function wrapFs(fs: Fs): Fs {
  state.original = fs;
  const out: Record<string, unknown> = { ...fs };
  for (const name of SYNC_PATH_FUNCTIONS) {
    const fn = (fs as unknown as Record<string, AnyFunction | undefined>)[name];
    if (typeof fn === 'function') out[name] = wrapSync(fs, name, fn);
  }
  // realpathSync.native is its own function.
  const realpath = out['realpathSync'] as AnyFunction & { native?: AnyFunction };
  out['realpathSync'] = Object.assign(realpath, { native: wrapSync(fs, 'realpathSync.native', fs.realpathSync.native as AnyFunction) });
  for (const name of ASYNC_PATH_FUNCTIONS) {
    const fn = (fs as unknown as Record<string, AnyFunction | undefined>)[name];
    if (typeof fn === 'function') out[name] = wrapRecordOnly(name, fn);
  }
  const promises: Record<string, unknown> = { ...fs.promises };
  for (const name of PROMISE_PATH_FUNCTIONS) {
    const fn = (fs.promises as unknown as Record<string, AnyFunction | undefined>)[name];
    if (typeof fn === 'function') promises[name] = wrapRecordOnly(`promises.${name}`, fn.bind(fs.promises));
  }
  out['promises'] = promises;
  out['default'] = { ...out };
  return out as unknown as Fs;
}
