/**
 * vitest's `setupFiles` (vitest.config.ts): evaluated for every test file, also in a worker
 * that runs several files in turn, so this hook belongs to each file.
 */
import { afterEach } from 'vitest';
import { runCleanups } from './after-every-test.js';

afterEach(runCleanups);
