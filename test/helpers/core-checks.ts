/**
 * Invariants every core answer must keep, for the fuzz suite: what a report, a bundle and a
 * rendering may contain, whatever the documents hold. Each check returns the problems found
 * (empty when none) instead of throwing, so one fuzz run can list every failing case.
 */
import { ERROR_CODES, WARNING_CODES, type ValidationReport, type Workspace } from '../../src/core/index.js';
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
