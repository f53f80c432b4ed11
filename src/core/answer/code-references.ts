/**
 * TRACE §5: the code of a bundle and of an impact analysis — where the source files name the
 * included (or impacted) documents. A bundle lists, per node, at most 20 locations, by relation
 * (table order), then path, then line; an impact answer lists every trace, by path, then line.
 */
import { inlinePath } from '../shared/inline-path.js';
import { relationRank, TRACE_PHRASES, type TraceRelation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { Workspace } from '../shared/types.js';

/** The most locations a bundle lists for one node. */
export const MAX_LOCATIONS = 20;

/** A trace in an impact answer (TRACE §5): the node it names, where, and how. */
export interface CodeLocation {
  readonly id: string;
  readonly path: string;
  readonly line: number;
  readonly relation: TraceRelation;
}

/**
 * The `## Code references` section of a bundle over `included`, with the blank line before it
 * (as every optional section has), or `''` when no included node has traces.
 */
export function codeReferences(workspace: Workspace, included: Iterable<string>): string {
  if (!workspace.traces.enabled) return '';
  const ids = [...included].filter((id) => workspace.traces.byId.has(id)).sort(compareStrings);
  if (ids.length === 0) return '';
  let out = '\n## Code references\n';
  for (const id of ids) {
    const traces = workspace.traces.byId.get(id)!;
    const shown = traces.slice(0, MAX_LOCATIONS).map((t) => `${TRACE_PHRASES[t.relation]} \`${shownPath(t.path)}:${t.line}\``);
    const more = traces.length > MAX_LOCATIONS ? `; and ${traces.length - MAX_LOCATIONS} more` : '';
    out += `- \`${id}\`: ${shown.join('; ')}${more}\n`;
  }
  return out;
}

/**
 * A source path inside a code span: as written, or — when it holds a backtick, a line break or
 * a control character, which could end the span or the line — as a JSON string with those escaped.
 */
function shownPath(path: string): string {
  const inline = inlinePath(path);
  if (!inline.includes('`')) return inline;
  return (inline === path ? JSON.stringify(path) : inline).replace(/`/g, '\\u0060');
}

/** The traces to `ids` (the analysed node and what it impacts), sorted by path, then line, then relation, then id. */
export function codeLocations(workspace: Workspace, ids: Iterable<string>): CodeLocation[] {
  const out: CodeLocation[] = [];
  for (const id of new Set(ids)) for (const t of workspace.traces.byId.get(id) ?? []) out.push({ id, path: t.path, line: t.line, relation: t.relation });
  return out.sort((a, b) => compareStrings(a.path, b.path) || a.line - b.line || relationRank(a.relation) - relationRank(b.relation) || compareStrings(a.id, b.id));
}
