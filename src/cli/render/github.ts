/**
 * `validate --format github`: GitHub Actions workflow commands, one annotation per finding
 * (`::error file=…,line=…,title=CODE::message`), so a pull request shows each on its line.
 */
import { compareDiagnostics, severityOf, type ValidationReport } from '../../core/index.js';
import { safeWorkflowText } from './safe-text.js';

/**
 * `toRepoPath` turns a workspace path into the path GitHub knows (relative to the
 * repository checkout).
 */
export function renderGithub(report: ValidationReport, toRepoPath: (path: string, code?: string) => string, filesRead: number): string {
  const findings = [...report.errors, ...report.warnings].sort(compareDiagnostics);
  const lines = findings.map((d) => {
    const props = [`file=${escapeProperty(toRepoPath(d.path, d.code))}`];
    if (d.line !== null) props.push(`line=${d.line}`);
    props.push(`title=${escapeProperty(d.code)}`);
    return `::${severityOf(d.code)} ${props.join(',')}::${escapeData(d.message)}`;
  });
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(`DocuGraph: ${report.valid ? 'valid' : 'invalid'}, ${count(report.errors.length, 'error')}, ${count(report.warnings.length, 'warning')} (${count(filesRead, 'file')} read, ${count(report.nodeCount, 'document')})`);
  return `${lines.join('\n')}\n`;
}

/**
 * Workflow-command message escaping: `%`, CR and LF as GitHub documents (`%25`, `%0D`,
 * `%0A`); other control characters written visibly and `##[` broken (see `safe-text.ts`).
 */
export function escapeData(text: string): string {
  return safeWorkflowText(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property escaping (also `:` and `,`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
