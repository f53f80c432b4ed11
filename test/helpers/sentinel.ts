/**
 * A sentinel directory OUTSIDE every test workspace: files and a folder that symbolic links
 * planted in a workspace point into. Nothing in it may ever be opened; its unique marker
 * text must never appear in any output. Removed after each test.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEveryTest } from './after-every-test.js';

const created: string[] = [];
afterEveryTest(() => {
  while (created.length > 0) rmSync(created.pop()!, { recursive: true, force: true });
});

export interface Sentinel {
  /** Real absolute path of the sentinel directory. */
  readonly dir: string;
  /** Text found only in the sentinel's files. */
  readonly marker: string;
  /** A Markdown document with valid frontmatter (id `SENTINEL-LEAK`). */
  readonly doc: string;
  /** An ignore file that would ignore every Markdown file. */
  readonly ignore: string;
  /** A sub-directory holding another document. */
  readonly subdir: string;
}

/** Creates a sentinel directory. */
export function makeSentinel(): Sentinel {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-sentinel-')));
  created.push(dir);
  const marker = `SENTINEL-${Math.random().toString(36).slice(2)}-MARKER`;
  const text = `---\nid: SENTINEL-LEAK\ntitle: ${marker}\n---\n# ${marker}\n\n## Acceptance criteria\n\n- ${marker}\n`;
  const doc = join(dir, 'secret.md');
  writeFileSync(doc, text);
  const ignore = join(dir, 'ignore');
  writeFileSync(ignore, `*.md\n# ${marker}\n`);
  const subdir = join(dir, 'inner');
  mkdirSync(subdir);
  writeFileSync(join(subdir, 'leak.md'), text.replace('SENTINEL-LEAK', 'SENTINEL-INNER'));
  mkdirSync(join(subdir, 'exists-dir'));
  return { dir, marker, doc, ignore, subdir };
}
