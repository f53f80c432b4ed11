/**
 * Invariants every core answer must keep, for the fuzz suite: what a report, a bundle and a
 * rendering may contain, whatever the documents hold. Each check returns the problems found
 * (empty when none) instead of throwing, so one fuzz run can list every failing case.
 */
import {
  analyzeImpact,
  buildBundle,
  buildReport,
  completeIds,
  DocugraphError,
  ERROR_CODES,
  formatReport,
  getAcceptanceCriteria,
  listTasks,
  loadWorkspace,
  nodeMarks,
  renderDot,
  renderMermaid,
  selectGraph,
  WARNING_CODES,
  type ValidationReport,
  type Workspace,
} from '../../src/core/index.js';
import { nastyString, type Rng } from './prng.js';
import { compareDiagnostics } from '../../src/core/shared/sort.js';

const CODES: ReadonlySet<string> = new Set([...ERROR_CODES, ...WARNING_CODES]);

/** C0 controls other than `\n` and `\t` (ESC, BEL, CR, NUL…) and DEL: never raw in a structured text output. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** The report's shape: known codes, lines, node ids, order, `valid`. */
export function reportProblems(report: ValidationReport, workspace: Workspace): string[] {
  const problems: string[] = [];
  const all = [...report.errors, ...report.warnings];
  for (const d of all) {
    if (!CODES.has(d.code)) problems.push(`unknown code ${d.code}`);
    if (d.line !== null && (!Number.isInteger(d.line) || d.line < 1)) problems.push(`${d.code} at ${d.path} has line ${d.line}`);
    if (d.nodeId !== null && !workspace.nodes.has(d.nodeId)) problems.push(`${d.code} at ${d.path} names node ${JSON.stringify(d.nodeId)}, which is not in the workspace`);
    if (typeof d.message !== 'string' || d.message === '') problems.push(`${d.code} at ${d.path} has no message`);
    if (typeof d.path !== 'string' || d.path === '') problems.push(`${d.code} has no path`);
  }
  for (const list of [report.errors, report.warnings]) {
    for (let i = 1; i < list.length; i += 1) if (compareDiagnostics(list[i - 1]!, list[i]!) > 0) problems.push(`diagnostics out of order at ${i}`);
  }
  if (report.valid !== (report.errors.length === 0)) problems.push('`valid` does not match the errors');
  let edges = 0;
  for (const deps of workspace.upstream.values()) edges += deps.length;
  if (edges !== report.edgeCount) problems.push(`edgeCount ${report.edgeCount} but ${edges} edges`);
  return problems;
}

const INCLUDED = /^- `([A-Za-z0-9][A-Za-z0-9._-]*)` depth=\d+: /;
const OMITTED_MARK = / — omitted \(≈\d+ tokens\)$/;
const OMITTED_ENTRY = /^- `([A-Za-z0-9][A-Za-z0-9._-]*)` ≈\d+ tokens: .* — get_task_context with taskId `\1` and maxDepth 0, or read docugraph:\/\/docs\/\1$/;
const BUDGET = /^budget: \d+ tokens, (\d+) omitted$/;

/**
 * A bundle's structure cannot be forged by document content (issue 8 §7): the part before
 * `## Documents` holds the header, one inclusion line per document, one line per unresolved
 * `depends_on` entry and, under a budget, one line per omitted document — no more lines, no
 * raw control characters — and each kept document's heading (`### id — title`) is one clean line.
 */
export function bundleProblems(bundle: string, workspace: Workspace, taskId: string): string[] {
  const problems: string[] = [];
  if (!bundle.startsWith(`# Context bundle: ${taskId}\n`)) problems.push('does not start with its header');
  const split = bundle.indexOf('\n## Documents\n');
  if (split === -1) return [...problems, 'has no `## Documents` section'];
  const prelude = bundle.slice(0, split);
  if (RAW_CONTROL.test(prelude)) problems.push(`raw control character before ## Documents: ${JSON.stringify(prelude.match(RAW_CONTROL)![0])}`);
  const lines = prelude.split('\n');
  const budget = BUDGET.exec(lines[3] ?? '');
  const included: string[] = [];
  const omitted = new Set<string>();
  let section = '';
  let unresolvedLines = 0;
  let omittedLines = 0;
  for (const line of lines.slice(budget === null ? 4 : 5)) {
    if (line.startsWith('## ')) {
      section = line;
      continue;
    }
    if (line === '') continue;
    if (section === '## Inclusion report') {
      const match = INCLUDED.exec(line);
      if (match === null) problems.push(`inclusion report line is not an inclusion: ${JSON.stringify(line.slice(0, 120))}`);
      else {
        included.push(match[1]!);
        if (OMITTED_MARK.test(line)) omitted.add(match[1]!);
      }
    } else if (section === '## Unresolved references') {
      unresolvedLines += 1;
      if (!line.startsWith('- `')) problems.push(`unresolved reference line is not an entry: ${JSON.stringify(line.slice(0, 120))}`);
    } else if (section === '## Omitted to fit the budget' && budget !== null) {
      omittedLines += 1;
      const match = OMITTED_ENTRY.exec(line);
      if (match === null || !omitted.has(match[1]!)) problems.push(`omitted list line is not an omitted document: ${JSON.stringify(line.slice(0, 120))}`);
    } else {
      problems.push(`unexpected section ${JSON.stringify(section)} before ## Documents`);
    }
  }
  const announced = budget === null ? 0 : Number(budget[1]);
  if (omitted.size !== announced || omittedLines !== announced) problems.push(`budget line says ${announced} omitted, ${omitted.size} marked, ${omittedLines} listed`);
  const missing = new Set<string>();
  for (const id of included) for (const dep of workspace.nodes.get(id)?.dependsOn ?? []) if (!workspace.nodes.has(dep)) missing.add(dep);
  if (unresolvedLines !== missing.size) problems.push(`${unresolvedLines} unresolved reference lines for ${missing.size} missing entries (a value split the list)`);
  const headings = bundle.slice(split).split('\n').filter((line) => line.startsWith('### '));
  for (const id of included) {
    const node = workspace.nodes.get(id);
    if (node === undefined || omitted.has(id)) continue;
    const heading = headings.find((line) => line.startsWith(`### ${id} — `));
    if (heading === undefined) problems.push(`no document heading for ${id}`);
    else if (RAW_CONTROL.test(heading)) problems.push(`document heading of ${id} holds a raw control character`);
    else problems.push(...pathLineProblems(bundle.slice(split), heading, id, node.path));
  }
  return problems;
}

/**
 * The line after a document's heading is `path: ` and its path on one line — as written, or a
 * JSON string when the name holds a line break or a control character — then a blank line.
 */
function pathLineProblems(documents: string, heading: string, id: string, path: string): string[] {
  const lines = documents.split('\n');
  const at = lines.indexOf(heading);
  const line = lines[at + 1] ?? '';
  if (!line.startsWith('path: ')) return [`document ${id}: the line after its heading is not its path: ${JSON.stringify(line.slice(0, 120))}`];
  const shown = line.slice('path: '.length);
  let named: unknown = shown;
  if (shown.startsWith('"')) {
    try {
      named = JSON.parse(shown);
    } catch {
      return [`document ${id}: its path line is not one JSON string: ${JSON.stringify(shown.slice(0, 120))}`];
    }
  }
  const problems: string[] = [];
  if (named !== path) problems.push(`document ${id}: its path line names ${JSON.stringify(named)}, not ${JSON.stringify(path)}`);
  if (RAW_CONTROL.test(line) || /[\u0080-\u009f\u2028\u2029]/.test(line)) problems.push(`document ${id}: its path line holds a raw control character`);
  if (lines[at + 2] !== '') problems.push(`document ${id}: no blank line after its path`);
  return problems;
}

/**
 * Runs every core stage on the workspace at `root` (choices drawn from `rng`): each must answer
 * with data or a `DocugraphError`, loading twice gives the same report (unless `reload` is
 * `false`: a second load of a huge file is seconds spent on what the fuzz cases check), and
 * reports, bundles and graphs keep their invariants. Returns the outputs and the problems found.
 */
export function exerciseEveryStage(root: string, rng: Rng, options: { readonly reload?: boolean } = {}): { outputs: string[]; problems: string[] } {
  const outputs: string[] = [];
  const problems: string[] = [];
  const guard = (what: string, body: () => string | void) => {
    try {
      const out = body();
      if (typeof out === 'string') outputs.push(out);
    } catch (error) {
      if (!(error instanceof DocugraphError)) problems.push(`${what} threw ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(error)}`);
    }
  };
  let workspace: Workspace | undefined;
  guard('loadWorkspace', () => {
    workspace = loadWorkspace(root);
  });
  if (workspace === undefined) return { outputs, problems };
  const ws = workspace;
  guard('buildReport', () => {
    const report = buildReport(ws);
    problems.push(...reportProblems(report, ws));
    const text = formatReport(report);
    JSON.parse(text);
    if (options.reload !== false && formatReport(buildReport(loadWorkspace(root))) !== text) problems.push('loading twice gave two different reports');
    return text;
  });
  // Budgets from a stream of their own, so the rest of the run draws what it drew before.
  const budgets = rng.fork(0xb0d6e7);
  // Worked out once for every rendering below, as one answer of the server does (a rendering
  // given no marks works them out itself: the whole-graph rendering after the loop does).
  const marks = nodeMarks(ws);
  for (const id of ws.ids.slice(0, 40)) {
    const maxDepth = rng.int(0, 6);
    const budget = budgets.chance(0.5) ? { maxTokens: budgets.int(1, 400) } : {};
    guard(`buildBundle(${id})`, () => {
      const bundle = buildBundle(ws, { taskId: id, maxDepth, ...budget });
      problems.push(...bundleProblems(bundle, ws, id).map((p) => `bundle of ${id}: ${p}`));
      return bundle;
    });
    guard(`getAcceptanceCriteria(${id})`, () => JSON.stringify(getAcceptanceCriteria(ws, id)));
    guard(`analyzeImpact(${id})`, () => JSON.stringify(analyzeImpact(ws, id, rng.chance(0.5) ? rng.int(0, 4) : undefined)));
    for (const direction of ['upstream', 'downstream', 'both'] as const) {
      guard(`selectGraph(${id}, ${direction})`, () => {
        const view = selectGraph(ws, { rootId: id, direction });
        const mermaid = renderMermaid(ws, view, id, marks);
        const dot = renderDot(ws, view, id, marks);
        if (RAW_CONTROL.test(mermaid) || RAW_CONTROL.test(dot)) problems.push(`graph of ${id} holds a raw control character`);
        return mermaid + dot;
      });
    }
  }
  guard('selectGraph()', () => renderMermaid(ws, selectGraph(ws)) + renderDot(ws, selectGraph(ws)));
  guard('listTasks', () => JSON.stringify(listTasks(ws, { query: nastyString(rng, 2) })) + JSON.stringify(listTasks(ws)));
  guard('completeIds', () => completeIds(ws, nastyString(rng, 2)).join('\n'));
  guard('buildBundle(unknown)', () => buildBundle(ws, { taskId: nastyString(rng, 4) || 'x' }));
  return { outputs, problems };
}
