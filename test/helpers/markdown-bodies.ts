/**
 * The Markdown bodies of every `.md` file under a folder (BOM dropped, line endings
 * normalised, frontmatter cut off as the core does), for the differential tests of the
 * Markdown stage.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontmatter } from '../../src/core/parse/frontmatter.js';

export interface MarkdownBody {
  readonly path: string;
  readonly body: string;
  /** File line of the body's first line. */
  readonly line: number;
}

export function markdownBodies(dir: string): MarkdownBody[] {
  const out: MarkdownBody[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.toLowerCase().endsWith('.md')) continue;
    const path = join(entry.parentPath, entry.name);
    const fm = parseFrontmatter(readFileSync(path, 'utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
    if (fm.body !== null) out.push({ path, body: fm.body, line: fm.bodyLine });
  }
  return out;
}
