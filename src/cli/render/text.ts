/**
 * `validate --format text`: for people. Findings grouped by file as `path:line  CODE  message`,
 * then one summary line. Colour only when asked (a terminal without `NO_COLOR`). Paths and
 * messages carry document text, so they pass through `safe-text.ts` whatever the stream:
 * this output is read on terminals and in CI logs.
 */
import { compareDiagnostics, type Diagnostic, severityOf, type ValidationReport } from '../../core/index.js';
import { safeInline, safeLineStart } from './safe-text.js';

const paint = (on: boolean, code: string, text: string) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);

export interface TextOptions {
  readonly color: boolean;
  readonly strict: boolean;
  /** How many Markdown files were read (a wrong folder reads none, or few). */
  readonly filesRead: number;
}

export function renderText(report: ValidationReport, options: TextOptions): string {
  const findings = [...report.errors, ...report.warnings].sort(compareDiagnostics);
  const lines: string[] = [];
  let previous: string | null = null;
  for (const d of findings) {
    if (previous !== null && previous !== d.path) lines.push('');
    previous = d.path;
    lines.push(formatFinding(d, options.color));
  }
  if (lines.length > 0) lines.push('');
  lines.push(summary(report, options));
  return `${lines.join('\n')}\n`;
}

function formatFinding(d: Diagnostic, color: boolean): string {
  const path = safeLineStart(d.path);
  const where = d.line === null ? path : `${path}:${d.line}`;
  const code = paint(color, severityOf(d.code) === 'error' ? '31' : '33', d.code);
  return `${paint(color, '1', where)}  ${code}  ${safeInline(d.message)}`;
}

function summary(report: ValidationReport, options: TextOptions): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const files = new Set([...report.errors, ...report.warnings].map((d) => d.path)).size;
  const failed = !report.valid || (options.strict && report.warnings.length > 0);
  const verdict = failed ? paint(options.color, '31;1', options.strict && report.valid ? 'invalid (--strict)' : 'invalid') : paint(options.color, '32;1', 'valid');
  const problems = `${count(report.errors.length, 'error')}, ${count(report.warnings.length, 'warning')}`;
  const where = files > 0 ? ` in ${count(files, 'file')}` : '';
  const read = `${count(options.filesRead, 'file')} read`;
  return `${verdict}: ${problems}${where} (${read}, ${count(report.nodeCount, 'document')}, ${count(report.edgeCount, 'dependency').replace('dependencys', 'dependencies')})`;
}
