/**
 * The floor of a warm start (issue 38): Node listing every folder of a workspace and `stat`-ing
 * every `.md` file in it (with nanosecond times, as the on-disk index compares them), and
 * nothing else.
 *
 *   node bench/stat-floor.mjs <dir>
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
let files = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.md')) {
    lstatSync(join(entry.parentPath, entry.name), { bigint: true });
    files += 1;
  }
}
process.stdout.write(`${files}\n`);
