/**
 * Reading a repository's code for `docugraph init` (TRACE §5): the top folders (relative to the
 * link root) whose files hold trace tags, so that `init` can propose `trace.sources`. Every file
 * but Markdown (documents are not sources) is looked at, with the reads of trace sources
 * (no links, `.gitignore` honoured, binary and large files skipped), up to a bound.
 */
import { parseTraceTags } from '../parse/trace-tags.js';
import { isMarkdownName } from '../read/discover-files.js';
import { compileSources, listSources, readSource } from '../read/trace-sources.js';
import { compareStrings } from '../shared/sort.js';

/** The most files `init` reads for tags: a survey, not a load. */
export const MAX_SURVEYED_SOURCES = 20_000;

/** A folder (or a file at the root) whose files hold tags, and how many do. */
export interface TraceFolder {
  /** `src`, or a file at the link root (`setup.py`). */
  readonly dir: string;
  readonly files: number;
  /** Whether `dir` is a file at the root rather than a folder. */
  readonly file: boolean;
}

export function surveyTraces(linkRoot: string): TraceFolder[] {
  const listing = listSources(linkRoot, compileSources(['*']), true);
  const folders = new Map<string, TraceFolder>();
  for (const path of listing.files.filter((file) => !isMarkdownName(file)).slice(0, MAX_SURVEYED_SOURCES)) {
    const text = readSource(linkRoot, path);
    if (text === null || parseTraceTags(text).length === 0) continue;
    const slash = path.indexOf('/');
    const dir = slash === -1 ? path : path.slice(0, slash);
    const known = folders.get(dir);
    folders.set(dir, { dir, files: (known?.files ?? 0) + 1, file: slash === -1 });
  }
  return [...folders.values()].sort((a, b) => compareStrings(a.dir, b.dir));
}
