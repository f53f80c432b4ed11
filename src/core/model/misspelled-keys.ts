/**
 * `FIELD_MISSPELLED` once per key for the whole workspace (META-01 §3): a key meant as a field
 * is one decision the user makes once (map it, or rename it), however many files use it. The
 * finding stands on the first file in path order that gives the key a value, at its line, and
 * says how many files do.
 */
import { compareStrings } from '../shared/sort.js';
import type { Diagnostic } from '../shared/types.js';
import type { FileAnalysis } from './analyze-file.js';
import type { MisspelledUse } from './field-keys.js';

/** For each misspelled key, the files that give it a value (path → use). */
export type KeyUses = ReadonlyMap<string, ReadonlyMap<string, MisspelledUse>>;

/** The uses in every file of `files` (in path order). */
export function collectKeyUses(files: readonly string[], analysisOf: (path: string, i: number) => FileAnalysis): KeyUses {
  const uses = new Map<string, Map<string, MisspelledUse>>();
  files.forEach((path, i) => addUses(uses, path, analysisOf(path, i).misspelled));
  return uses;
}

/** `previous` with the uses of the `changed` files replaced (a new map: `previous` stays as it was). */
export function updateKeyUses(previous: KeyUses, changed: Iterable<string>, analysisOf: (path: string) => FileAnalysis | undefined): KeyUses {
  const paths = [...changed];
  const touched = paths.some((path) => (analysisOf(path)?.misspelled.length ?? 0) > 0) || [...previous.values()].some((byPath) => paths.some((path) => byPath.has(path)));
  if (!touched) return previous;
  const uses = new Map<string, Map<string, MisspelledUse>>();
  for (const [key, byPath] of previous) {
    const kept = new Map(byPath);
    for (const path of paths) kept.delete(path);
    if (kept.size > 0) uses.set(key, kept);
  }
  for (const path of paths) addUses(uses, path, analysisOf(path)?.misspelled ?? []);
  return uses;
}

/** One `FIELD_MISSPELLED` per key, on its first file; `nodeIdOf` gives a file's node id. */
export function misspelledDiagnostics(uses: KeyUses, nodeIdOf: (path: string) => string | null): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const byPath of uses.values()) {
    let first: string | null = null;
    for (const path of byPath.keys()) if (first === null || compareStrings(path, first) < 0) first = path;
    const use = byPath.get(first!)!;
    const count = byPath.size;
    const files = count === 1 ? '1 file gives it a value' : `${count.toLocaleString('en-US')} files give it a value; this is the first`;
    out.push({ code: 'FIELD_MISSPELLED', message: `${use.message}; ${files}`, nodeId: nodeIdOf(first!), path: first!, line: use.line });
  }
  return out;
}

function addUses(uses: Map<string, Map<string, MisspelledUse>>, path: string, found: readonly MisspelledUse[]): void {
  for (const use of found) {
    let byPath = uses.get(use.key);
    if (byPath === undefined) uses.set(use.key, (byPath = new Map()));
    // A key appears once per mapping (duplicates are invalid YAML): the first is the one.
    if (!byPath.has(path)) byPath.set(path, use);
  }
}
