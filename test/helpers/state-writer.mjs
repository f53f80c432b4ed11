/**
 * A writer process for the fault tests of KITS §6 (test/e2e/write-faults.test.ts): it sets the
 * task `<id>` of the workspace `<root>` done and back to do, `<rounds>` times (forever with 0),
 * through the built core, printing one line per write.
 *
 *   node state-writer.mjs <root> <id> <rounds>
 */
import { loadWorkspace, writeTaskState } from '../../dist/core/index.js';

const [root, id, rounds] = process.argv.slice(2);
const workspace = loadWorkspace(root);
for (let i = 0; Number(rounds) === 0 || i < Number(rounds); i += 1) {
  writeTaskState(workspace, id, i % 2 === 0 ? 'done' : 'todo');
  process.stdout.write(`${i}\n`);
}
