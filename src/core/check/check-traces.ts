/**
 * TRACE §5: the traces of the source files against the documents, and coverage. A trace whose
 * id names no node is `TRACE_BROKEN` on its source file and line (with "did you mean"); every
 * other trace joins its node's list. For each coverage rule, each document of its type that is
 * not dropped needs an incoming edge of each listed relation, from a document or a trace;
 * otherwise `COVERAGE_MISSING` on it. Without `trace.sources` and coverage rules the workspace
 * is returned as it is.
 */
import { type ContextOptions, type CoverageRule, DEFAULT_CONTEXT } from '../shared/config-types.js';
import { normalStatus, relationRank, type Relation } from '../shared/relations.js';
import { compareDiagnostics, compareStrings } from '../shared/sort.js';
import { createSuggester, type Suggester } from '../shared/suggest.js';
import type { Coverage, CoverageGap, CoverageRow, Diagnostic, Trace, UntracedFeature, Workspace } from '../shared/types.js';
import { defectClause } from './defect-clauses.js';
import { citedByFeature, judgedByFeature, requirementCoverage } from './feature-coverage.js';

/** What the sources hold: every trace, and how many files were read. `null`: tracing is off. */
export interface TraceScan {
  /** Sorted by path, then line (then relation, id). */
  readonly traces: readonly Trace[];
  readonly files: number;
  /** The absolute path of the link root the paths are relative to. */
  readonly root: string;
}

/** The workspace with its traces, coverage and their findings. */
export function applyTraces(workspace: Workspace, scan: TraceScan | null, rules: readonly CoverageRule[]): Workspace {
  if (scan === null && rules.length === 0) return workspace;
  const diagnostics: Diagnostic[] = [];
  const byId = new Map<string, Trace[]>();
  if (scan !== null) {
    // Made on the first broken trace: most scans have none, and an index of many ids costs a pass.
    let suggest: Suggester | undefined;
    for (const trace of scan.traces) {
      if (!workspace.nodes.has(trace.id)) {
        suggest ??= createSuggester(workspace.ids);
        diagnostics.push({ code: 'TRACE_BROKEN', message: brokenMessage(trace, suggest.best(trace.id)), nodeId: null, path: trace.path, line: trace.line });
        continue;
      }
      const list = byId.get(trace.id);
      if (list === undefined) byId.set(trace.id, [trace]);
      else list.push(trace);
    }
    for (const list of byId.values()) list.sort(byLocation);
  }
  const traces = scan === null ? workspace.traces : Object.freeze({ enabled: true, byId, files: scan.files, root: scan.root });
  const coverage = rules.length === 0 ? null : coverageRows(workspace, byId, rules, diagnostics);
  if (diagnostics.length === 0) return Object.freeze({ ...workspace, traces, coverage });
  return Object.freeze({ ...workspace, diagnostics: [...workspace.diagnostics, ...diagnostics].sort(compareDiagnostics), traces, coverage });
}

/** Relation (table order), then path, then line: the order of a node's locations in a bundle. */
function byLocation(a: Trace, b: Trace): number {
  return relationRank(a.relation) - relationRank(b.relation) || compareStrings(a.path, b.path) || a.line - b.line;
}

function brokenMessage(trace: Trace, guess: string | null): string {
  const head = `\`docugraph: ${trace.relation}\` names \`${trace.id}\`, but no document has that id`;
  return guess === null ? `${head}; fix the id or add the missing document` : `${head}; did you mean \`${guess}\`?`;
}

/** Each rule's counts, sorted by type, then relation (table order), and a gap and a finding per document and missing relation. */
function coverageRows(workspace: Workspace, byId: ReadonlyMap<string, readonly Trace[]>, rules: readonly CoverageRule[], out: Diagnostic[]): Coverage {
  const wanted = new Map<string, string[]>(rules.map((rule) => [rule.type, []]));
  const untraced: UntracedFeature[] = [];
  let cited: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  let throughRequirement: ((id: string) => boolean) | undefined;
  // Each type in normal form once (a workspace has few types, and 100,000 nodes).
  const normal = new Map<string, string>();
  // By the nodes as stored, not looked up by id: each list is sorted below, where its order counts.
  for (const [id, node] of workspace.nodes) {
    if (node.type === null) continue;
    let type = normal.get(node.type);
    if (type === undefined) normal.set(node.type, (type = normalStatus(node.type)));
    const list = wanted.get(type);
    if (list !== undefined && workspace.states.get(id)?.state !== 'dropped') list.push(id);
  }
  for (const list of wanted.values()) list.sort(compareStrings);
  const rows: CoverageRow[] = [];
  const missing: CoverageGap[] = [];
  for (const rule of rules) {
    let ids = wanted.get(rule.type)!;
    if (rule.byFeature === true) {
      const by = judgedByFeature(rule, ids, (cited ??= citedByFeature(workspace)), defectClause(workspace));
      ids = by.judged;
      untraced.push(...by.untraced);
    }
    for (const relation of rule.relations) {
      let covered = 0;
      for (const id of ids) {
        if (hasIncoming(workspace, byId, id, relation) || (relation === 'implements' && rule.byFeature === true && (throughRequirement ??= requirementCoverage(workspace))(id))) {
          covered += 1;
          continue;
        }
        const node = workspace.nodes.get(id)!;
        // A test task that verifies it is said (Kiro's `**Validates: Requirements 2.3**`): "nothing implements it" read as a misreading (reviews).
        const verifiers = relation === 'implements' ? (workspace.relationsIn.get(id)?.filter((edge) => edge.relation === 'verifies') ?? []) : [];
        const others = verifiers.length > 1 ? ` (and ${verifiers.length - 1} more)` : '';
        const verified = verifiers.length === 0 ? '' : `; \`${verifiers[0]!.id}\`${others} ${verifiers.length > 1 ? 'verify' : 'verifies'} it, which coverage does not count as implementing it`;
        // A task that will not be done (`[SKIP]`) and cites it: said, so that the finding does not read as a misreading (D-542).
        const dropped = workspace.relationsIn.get(id)?.find((edge) => edge.relation === relation && workspace.states.get(edge.id)?.state === 'dropped');
        const skipped = dropped === undefined ? '' : `; \`${dropped.id}\`, which ${VERBS[relation]} it, is dropped`;
        const message = `${id} has nothing that ${VERBS[relation]} it (coverage: ${rule.type} needs ${rule.relations.join(', ')})${verified}${skipped}`;
        out.push({ code: 'COVERAGE_MISSING', message, nodeId: id, path: node.path, line: node.item?.line ?? null });
        missing.push({ id, type: rule.type, relation, path: node.path, ...(node.item === undefined ? {} : { line: node.item.line }) });
      }
      rows.push({ type: rule.type, relation, covered, total: ids.length });
    }
  }
  missing.sort((a, b) => compareStrings(a.id, b.id) || relationRank(a.relation) - relationRank(b.relation));
  return untraced.length === 0 ? { rows, missing } : { rows, missing, untraced };
}

const VERBS: Readonly<Record<Relation, string>> = {
  depends_on: 'depends on',
  implements: 'implements',
  verifies: 'verifies',
  refines: 'refines',
  related: 'is related to',
  supersedes: 'supersedes',
};

/** Whether `id` has an incoming edge of `relation` from a document that is not dropped (a skipped task implements nothing: D-542), or a trace. */
function hasIncoming(workspace: Workspace, byId: ReadonlyMap<string, readonly Trace[]>, id: string, relation: Relation): boolean {
  if (relation === 'depends_on') return (workspace.downstream.get(id)?.length ?? 0) > 0;
  if (workspace.relationsIn.get(id)?.some((edge) => edge.relation === relation && workspace.states.get(edge.id)?.state !== 'dropped') === true) return true;
  return byId.get(id)?.some((trace) => trace.relation === relation) === true;
}

/** The workspace with `context:` of its configuration (CONTEXT §1); the same object under the default. */
export function withContext(workspace: Workspace, context: ContextOptions): Workspace {
  return context === DEFAULT_CONTEXT ? workspace : Object.freeze({ ...workspace, context });
}
