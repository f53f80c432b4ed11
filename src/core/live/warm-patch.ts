/**
 * A warm start with a few files edited since the on-disk index was written (issue 38): when the
 * index holds the graph stages, and the edits keep what those stages read (no id moved, no
 * dependency or typed relation changed: a title, a body, a status), the start assembles the
 * index's own state first — taking the kept stages, as a start at which nothing changed — and
 * then applies the edited files as a live edit does (the assembly's patch), instead of working
 * out the whole graph again. Either way the answers are those of a cold load: the patch is the
 * live index's own, and the first assembly is of a state the stages were made from.
 */
import type { FileResults, PerFile } from '../model/assemble-workspace.js';
import type { KeptStages } from '../model/kept-stages.js';
import { sameGraphInputs } from '../model/same-structure.js';
import type { WarmStart } from '../store/index-cache.js';
import type { FileEntry } from '../check/link-checks.js';

/**
 * The per-file results of the index's own state, when a start can assemble it first: the index
 * has kept stages, and the files listed now are the files it holds (none new, none gone), and
 * each file read again (`files`: the entries after the reads) keeps the graph's inputs; else
 * `null`. Made of the index's entries, whatever the reads did since — but for the link findings
 * of the files whose links were checked again (their entries are shared with the live index,
 * which sets `links` in place): those are among the files the patch then replaces, and link
 * findings enter no graph stage.
 */
export function indexState(warm: WarmStart, files: ReadonlyMap<string, FileEntry>, listed: ReadonlySet<string>): { readonly perFile: PerFile; readonly stages: KeptStages } | null {
  const stages = warm.memo.stages;
  if (stages === null || warm.changed.size > 0 || warm.stale.size === 0 || listed.size !== warm.paths.length + warm.stale.size) return null;
  const taken = new Set(warm.paths);
  for (const path of listed) if (!taken.has(path) && !warm.stale.has(path)) return null;
  for (const [path, before] of warm.stale) {
    const now = files.get(path);
    if (now === undefined || !sameGraphInputs(before.analysis, now.analysis)) return null;
  }
  // One map of both (their keys never meet: an overlay would not do, it replaces keys its base has).
  const perFile = new Map<string, FileResults>();
  for (let i = 0; i < warm.paths.length; i += 1) perFile.set(warm.paths[i]!, warm.entries[i]!);
  for (const [path, entry] of warm.stale) perFile.set(path, entry);
  return { perFile, stages };
}
