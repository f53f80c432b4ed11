/**
 * What the helpers undo after every test (temporary folders, spawned processes, open
 * clients): each helper registers its cleanup here once, when it is first imported, and
 * `setup.ts` (vitest's `setupFiles`, run for every test file) runs them all after each test.
 * A helper cannot call `afterEach` itself: a worker that runs several files in turn
 * (`isolate: false`, see vitest.config.ts) evaluates a module once, so the hook would belong
 * to the first file that imported it and to no other.
 */

const cleanups: (() => unknown)[] = [];

/** Registers `cleanup` to run after every test of every file (once per process: call it at a module's top level). */
export function afterEveryTest(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

/**
 * Runs every registered cleanup, the last registered first (as vitest runs `afterEach`
 * hooks), each even when one before it failed; then rethrows the first failure.
 */
export async function runCleanups(): Promise<void> {
  let failure: { error: unknown } | null = null;
  for (let i = cleanups.length - 1; i >= 0; i -= 1) {
    try {
      await cleanups[i]!();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure !== null) throw failure.error;
}
