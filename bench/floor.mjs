/**
 * The floor of the benchmark: Node reading every `.md` file of a workspace, and nothing else.
 *
 *   node bench/floor.mjs <dir>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
let bytes = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.md')) bytes += readFileSync(join(entry.parentPath, entry.name)).length;
}
process.stdout.write(`${bytes}\n`);
