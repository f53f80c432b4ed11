/**
 * `docugraph diff --format github|sarif` (TRACE §4): for CI. `github`: a `::warning` annotation
 * on each document to re-read, naming what changed upstream of it, and one per finding the
 * change introduces, then a summary line (the Markdown job summary is written by the command).
 * `sarif`: the same as SARIF 2.1.0 results, a rule per diagnostic code and `DOC_IMPACTED`.
 */
import { CODE_DESCRIPTIONS, type DiagnosticCode, ERROR_CODES, severityOf, WARNING_CODES, type WorkspaceDiff } from '../../core/index.js';
import { escapeData, escapeProperty } from './github.js';
import { artifactLocation, ruleName } from './sarif.js';
import { diffSummary } from './diff-text.js';

/** What each document a change touches became: `changed`, `added`, `removed`. */
function touchedBy(diff: WorkspaceDiff): (id: string) => string {
  const what = new Map<string, string>();
  for (const d of diff.documents.added.items) what.set(d.id, 'added');
  for (const d of diff.documents.removed.items) what.set(d.id, 'removed');
  for (const d of diff.documents.changed.items) what.set(d.id, 'changed');
  return (id) => `${id} (${what.get(id) ?? 'changed'})`;
}

/** Why a document is to be re-read, in one sentence. */
function impactMessage(id: string, because: readonly string[], touched: (id: string) => string): string {
  return `${id} builds on ${because.map(touched).join(', ')}: re-read ${id} against ${because.length === 1 ? 'it' : 'them'}`;
}

export function renderDiffGithub(diff: WorkspaceDiff, toRepoPath: (path: string) => string): string {
  const touched = touchedBy(diff);
  const lines: string[] = [];
  for (const item of diff.impact.items) {
    lines.push(`::warning file=${escapeProperty(toRepoPath(item.path))},title=${escapeProperty(`Re-read ${item.id}`)}::${escapeData(impactMessage(item.id, item.because, touched))}`);
  }
  for (const d of diff.diagnostics.introduced.items) {
    const props = [`file=${escapeProperty(toRepoPath(d.path))}`];
    if (d.line !== null) props.push(`line=${d.line}`);
    props.push(`title=${escapeProperty(d.code)}`);
    lines.push(`::${severityOf(d.code)} ${props.join(',')}::${escapeData(d.message)}`);
  }
  lines.push(`DocuGraph: ${escapeData(diffSummary(diff))}`);
  return `${lines.join('\n')}\n`;
}

const CODES: readonly DiagnosticCode[] = [...ERROR_CODES, ...WARNING_CODES];
const IMPACTED = 'DOC_IMPACTED';

export function renderDiffSarif(diff: WorkspaceDiff, version: string, toRepoPath: (path: string) => string): object {
  const touched = touchedBy(diff);
  const rules = [
    ...CODES.map((code) => ({ id: code, name: ruleName(code), shortDescription: { text: CODE_DESCRIPTIONS[code] }, defaultConfiguration: { level: severityOf(code) } })),
    { id: IMPACTED, name: ruleName(IMPACTED), shortDescription: { text: 'A document builds on documents this change adds, removes or changes: re-read it.' }, defaultConfiguration: { level: 'warning' } },
  ];
  const location = (path: string, line: number | null) => [{ physicalLocation: { artifactLocation: artifactLocation(toRepoPath(path)), ...(line === null ? {} : { region: { startLine: line } }) } }];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'DocuGraph', version, rules } },
        results: [
          ...diff.impact.items.map((item) => ({
            ruleId: IMPACTED,
            ruleIndex: CODES.length,
            level: 'warning',
            message: { text: impactMessage(item.id, item.because, touched) },
            locations: location(item.path, null),
            properties: { nodeId: item.id, depth: item.depth, because: item.because },
          })),
          ...diff.diagnostics.introduced.items.map((d) => ({
            ruleId: d.code,
            ruleIndex: CODES.indexOf(d.code),
            level: severityOf(d.code),
            message: { text: d.message },
            locations: location(d.path, d.line),
            ...(d.nodeId === null ? {} : { properties: { nodeId: d.nodeId } }),
          })),
        ],
      },
    ],
  };
}
