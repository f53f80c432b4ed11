/**
 * Reading a repository's code for `docugraph init` (TRACE §5): the top folders (relative to the
 * link root) whose files hold trace tags, so that `init` can propose `trace.sources`. Every file
 * but Markdown (documents are not sources) is looked at, with the reads of trace sources
 * (no links, `.gitignore` honoured, binary and large files skipped), up to a bound. DocuGraph's
 * own files (`docugraph.yml`, whose commented example holds a tag, and the lock file) are never
 * sources: `init --force` must not read its own output as code.
 */
import { parseTraceTags } from '../parse/trace-tags.js';
import { isMarkdownName } from '../read/discover-files.js';
import { compileSources, listSources, readSource } from '../read/trace-sources.js';
import { CONFIG_FILE, LOCK_FILE } from '../shared/config-types.js';
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

/** Every file below the link root that could be a source (`.gitignore` honoured, no links), in the order listed. */
export function listRepositoryFiles(linkRoot: string): readonly string[] {
  return listSources(linkRoot, compileSources(['*']), true).files;
}

/** `files`: {@link listRepositoryFiles} of `linkRoot`. */
export function surveyTraces(linkRoot: string, files: readonly string[] = listRepositoryFiles(linkRoot)): TraceFolder[] {
  const folders = new Map<string, TraceFolder>();
  const ours = (path: string) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return name === CONFIG_FILE || name === LOCK_FILE;
  };
  for (const path of files.filter((file) => !isMarkdownName(file) && !ours(file)).slice(0, MAX_SURVEYED_SOURCES)) {
    const text = readSource(linkRoot, path);
    if (text === null || parseTraceTags(text).length === 0) continue;
    const slash = path.indexOf('/');
    const dir = slash === -1 ? path : path.slice(0, slash);
    const known = folders.get(dir);
    folders.set(dir, { dir, files: (known?.files ?? 0) + 1, file: slash === -1 });
  }
  return [...folders.values()].sort((a, b) => compareStrings(a.dir, b.dir));
}
