/**
 * Temporary workspaces built from `{ 'path/file.md': 'content' }`, removed after each test.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEveryTest } from './after-every-test.js';

const created: string[] = [];

afterEveryTest(() => {
  while (created.length > 0) rmSync(created.pop()!, { recursive: true, force: true });
});

/** A file's content: text (written as UTF-8), raw bytes, or a symbolic link to a target. */
export type Entry = string | Uint8Array | { symlink: string };

/** Writes `files` into a new temporary directory and returns its real path. */
export function testdir(files: Readonly<Record<string, Entry>>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-test-')));
  created.push(root);
  writeFiles(root, files);
  return root;
}

/** Writes more files into an existing directory, in the given order. */
export function writeFiles(root: string, files: Readonly<Record<string, Entry>>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    if (typeof content === 'object' && 'symlink' in content) symlinkSync(content.symlink, full);
    else writeFileSync(full, content);
  }
}

/** A document with frontmatter from `fields` (values written as YAML flow) and a body. */
export function doc(fields: Readonly<Record<string, string | readonly string[]>>, body = ''): string {
  const lines = Object.entries(fields).map(([key, value]) =>
    Array.isArray(value) ? `${key}: [${value.join(', ')}]` : `${key}: ${value as string}`,
  );
  return `---\n${lines.join('\n')}\n---\n${body}`;
}
