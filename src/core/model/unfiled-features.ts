/**
 * Kit features that cite requirements they do not have a file for (a Kiro feature with a tasks.md and no requirements.md:
 * BrightonDube/BizPilot2, never committed in 38 features): their requirements' citations are one finding for the feature
 * (build-relations.ts), not one a citation.
 */
import type { DocNode } from '../shared/types.js';

/** A Kiro requirement's id, or a criterion's, in any of the forms the readers give (`R3`, `R5.3`, `R6A.1`, `R1.1-10.5`). */
export const REQUIREMENT_TAIL = /^R\d/;

/** The features with a tasks.md (a kit document `<feature>/tasks`) but no requirements.md, spec.md or bugfix.md, and no requirement read. */
export function unfiledFeatures(nodes: ReadonlyMap<string, DocNode>): Set<string> {
  const tasks = new Set<string>();
  const filed = new Set<string>();
  for (const [id, node] of nodes) {
    const feature = id.slice(0, id.lastIndexOf('/'));
    if (node.item === undefined && node.path.endsWith('/tasks.md') && id.endsWith('/tasks')) tasks.add(feature);
    // (A bugfix spec's numbers are its clauses': bugfix.md, never a requirements.md, and a finding a citation where it gives none: a review.)
    else if ((node.item === undefined && (id.endsWith('/requirements') || id.endsWith('/spec') || id.endsWith('/bugfix'))) || node.type === 'requirement' || node.type === 'acceptance-criterion') filed.add(feature);
  }
  for (const feature of filed) tasks.delete(feature);
  return tasks;
}
