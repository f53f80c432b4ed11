/**
 * Issue 57: what a link into a source's checkout finds — a Markdown file the source reads, or,
 * for a Markdown file it does not read (its own `include`/`exclude`, its ignore files), whether
 * one is there on disk at all: a link to a file that is there is not broken, whatever the
 * source reads (its entry is looked at with `lstat`, never followed).
 */
import { lstatSync } from 'node:fs';
import { resolve } from 'node:path';
import { sourceFileOf, type LoadedSources, type SourceFile } from '../model/source-findings.js';

export function sourceFileOnDisk(root: string, sources: LoadedSources, path: string): SourceFile {
  const found = sourceFileOf(sources, path);
  if (found?.kind !== 'missing') return found;
  try {
    lstatSync(resolve(root, path));
    return { source: found.source, kind: 'other' };
  } catch {
    return found;
  }
}
