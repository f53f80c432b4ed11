/**
 * vitest's `globalSetup` (vitest.config.ts): a folder for the run's one `npm pack` of the
 * project (test/helpers/packed-tarball.ts), made before the workers start and removed after
 * the last file. It only makes the folder, so that it holds up no worker: the first test file
 * that needs the tarball packs it there.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder test/helpers/packed-tarball.ts packs into, one per project of the run. */
    packDir: string;
  }
}

/** Makes the folder and provides it to the project's workers; returns its removal. */
export function setup(project: TestProject): () => void {
  // The workers' temporary folder (TMPDIR, set in vitest.config.ts), not this process's.
  const base = project.config.env['TMPDIR'] ?? tmpdir();
  const dir = realpathSync(mkdtempSync(join(base, 'docugraph-pack-')));
  project.provide('packDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
