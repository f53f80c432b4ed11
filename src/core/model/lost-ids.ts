/**
 * Ids lost to frontmatter that does not parse (issue 37): a file whose DocuGraph frontmatter
 * is invalid still has an id line, and a dependency on that id is explained by the broken
 * frontmatter, not by "no document has that id". Kept per path across patches, like the
 * misspelled keys.
 */
import type { BrokenTarget } from './build-graph.js';
import type { FileAnalysis } from './file-analysis.js';
import { compareStrings } from '../shared/sort.js';
import type { Diagnostic } from '../shared/types.js';

/** What `updateLost` reads of a file's results. */
type PerFileAnalysis = Pick<ReadonlyMap<string, { readonly analysis: FileAnalysis }>, 'get'>;

/** `lost` with the `changed` files' ids: the same map when none of them had or has one. */
export function updateLost(lost: ReadonlyMap<string, string>, changed: ReadonlySet<string>, perFile: PerFileAnalysis): ReadonlyMap<string, string> {
  let next: Map<string, string> | null = null;
  for (const file of changed) {
    const id = perFile.get(file)?.analysis.lostId;
    if (id === lost.get(file)) continue;
    next ??= new Map(lost);
    if (id === undefined) next.delete(file);
    else next.set(file, id);
  }
  return next ?? lost;
}

/**
 * Broken entries whose id a file with invalid frontmatter was meant to give: the message says
 * which file, and that its frontmatter is what to fix (not the id, nor a missing document).
 */
export function explainLost(diagnostics: readonly Diagnostic[], broken: readonly BrokenTarget[], lost: ReadonlyMap<string, string>): readonly Diagnostic[] {
  if (lost.size === 0 || diagnostics.length === 0) return diagnostics;
  const pathOf = new Map<string, string>();
  for (const [path, id] of lost) {
    const known = pathOf.get(id);
    if (known === undefined || compareStrings(path, known) < 0) pathOf.set(id, path);
  }
  return diagnostics.map((d, i) => {
    const { target, head } = broken[i]!;
    const path = pathOf.get(target);
    return path === undefined ? d : { ...d, message: `${head}; \`${path}\` would give it, but its frontmatter is invalid: fix the frontmatter there (its FRONTMATTER_INVALID says where)` };
  });
}
