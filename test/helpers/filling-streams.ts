/**
 * Workspaces whose changes fill a stream's sockets (test/e2e/http-streams.test.ts,
 * test/e2e/http-stall.test.ts): documents with ids of 1,003 or 1,004 characters, so that a
 * document's URI is just under the 1,024 characters a subscription may name
 * (SUBSCRIPTION_LIMITS). What fills the sockets is bytes; the server's cost is mostly per
 * update (the SDK's send, GC): the biggest updates there can be fill them with the fewest.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { doc, testdir } from './testdir.js';

/** The padding of the ids that fill a stream's sockets. */
export const FILL_PAD = 1_000;
/** Documents a change of all of which is ≈92 KB of updates per stream (82 × ≈1,120 bytes). */
export const FILL_DOCS = 82;

/** The id of document `i`; `pad` makes it longer (and its notifications bigger). */
export const idOf = (i: number, pad: number) => `D-${i}${'x'.repeat(pad)}`;

/** Rewrites `count` documents atomically (a rename each); edit `n` retitles them, so the listing changes. */
export function edit(root: string, n: number, count = 1, pad = 0): void {
  for (let i = 0; i < count; i += 1) {
    writeFileSync(join(root, `d${i}.tmp`), doc({ id: idOf(i, pad), title: `D ${i} v${n}` }, `body ${n}\n`));
    renameSync(join(root, `d${i}.tmp`), join(root, `d${i}.md`));
  }
}

/** A temporary workspace of `documents` documents, `d0.md` …, with ids padded by `pad`. */
export function workspace(documents: number, pad = 0): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < documents; i += 1) files[`d${i}.md`] = doc({ id: idOf(i, pad), title: `D ${i}` });
  return testdir(files);
}
