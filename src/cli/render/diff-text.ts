/**
 * `docugraph diff --format text` and `--format markdown` (TRACE §4): what a change to the
 * documents affects, for a person on a terminal, and for a pull-request comment (a summary line,
 * then sections of at most 50 rows, each followed by "and N more"). Every value from a document
 * or from git passes through `safe-text.ts` (and, in Markdown, is escaped as text).
 */
import { severityOf, type Capped, type Diagnostic, type DiffSide, type WorkspaceDiff } from '../../core/index.js';
import { safeInline } from './safe-text.js';

/** The most rows of one Markdown section. */
export const MARKDOWN_ROWS = 50;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `HEAD~1 (1a2b3c4d5e6f)`, or `the working tree`. */
export function sideName(side: DiffSide): string {
  if (side.revision === null) return 'the working tree';
  if (side.commit === null) return safeInline(side.revision);
  // A commit id given as the revision is shown once.
  if (side.revision.length >= 7 && side.commit.startsWith(side.revision)) return side.commit.slice(0, 12);
  return `${safeInline(side.revision)} (${side.commit.slice(0, 12)})`;
}

/** The one-line summary both formats open with. */
export function diffSummary(diff: WorkspaceDiff): string {
  const d = diff.documents;
  const parts = [
    [d.added.count, 'added'],
    [d.removed.count, 'removed'],
    [d.changed.count, 'changed'],
    [d.moved.count, 'moved'],
    [d.statusChanged.count, 'with a new status'],
  ].filter(([n]) => (n as number) > 0).map(([n, what]) => `${n as number} ${what as string}`);
  const documents = parts.length === 0 ? 'no document changed' : `documents: ${parts.join(', ')}`;
  const edges = diff.edges.added.count + diff.edges.removed.count === 0 ? '' : `; links: ${diff.edges.added.count} added, ${diff.edges.removed.count} removed`;
  const findings = diff.diagnostics;
  return `${documents}${edges}; ${count(diff.impact.count, 'document')} to re-read; ${count(findings.introduced.count, 'finding')} introduced, ${findings.fixed.count} fixed`;
}

export function renderDiffText(diff: WorkspaceDiff): string {
  const lines = [`${sideName(diff.base)} → ${sideName(diff.head)}: ${diffSummary(diff)}`];
  const section = <T>(title: string, list: Capped<T>, row: (item: T) => string) => {
    if (list.count === 0) return;
    lines.push('', `${title} (${list.count})`);
    for (const item of list.items) lines.push(`  ${row(item)}`);
    if (list.count > list.items.length) lines.push(`  and ${list.count - list.items.length} more`);
  };
  const s = safeInline;
  section('Re-read', diff.impact, (i) => `${s(i.id)}  depth ${i.depth}, because ${i.because.map(s).join(', ')} changed  ${s(i.path)}`);
  section('Added', diff.documents.added, (d) => `${s(d.id)}  ${s(d.path)}`);
  section('Removed', diff.documents.removed, (d) => `${s(d.id)}  ${s(d.path)}`);
  section('Changed', diff.documents.changed, (d) => `${s(d.id)}  ${s(d.path)}`);
  section('Moved', diff.documents.moved, (m) => `${s(m.id)}  ${s(m.from ?? '')} → ${s(m.to ?? '')}`);
  section('Status changed', diff.documents.statusChanged, (m) => `${s(m.id)}  ${m.from === null ? 'none' : s(m.from)} → ${m.to === null ? 'none' : s(m.to)}`);
  section('Links added', diff.edges.added, (e) => `${s(e.from)} → ${s(e.to)} (${s(e.relation)})`);
  section('Links removed', diff.edges.removed, (e) => `${s(e.from)} → ${s(e.to)} (${s(e.relation)})`);
  section('Findings introduced', diff.diagnostics.introduced, (d) => findingText(d));
  section('Findings fixed', diff.diagnostics.fixed, (d) => findingText(d));
  return `${lines.join('\n')}\n`;
}

function findingText(d: Diagnostic): string {
  return `${safeInline(d.path)}${d.line === null ? '' : `:${d.line}`}  ${d.code}  ${safeInline(d.message)}`;
}

/** Text inside a Markdown table cell or paragraph: control characters visible, Markdown and HTML syntax escaped, no line break, no pipe. */
export function markdownText(text: string): string {
  return safeInline(text)
    .replace(/[\\`*_[\]#!|~]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function renderDiffMarkdown(diff: WorkspaceDiff): string {
  const out = [`**DocuGraph**, ${markdownText(sideName(diff.base))} → ${markdownText(sideName(diff.head))}: ${markdownText(diffSummary(diff))}.`];
  const t = markdownText;
  const table = <T>(title: string, list: Capped<T>, header: string[], row: (item: T) => string[]) => {
    if (list.count === 0) return;
    out.push('', `### ${title} (${list.count})`, '', `| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
    const shown = list.items.slice(0, MARKDOWN_ROWS);
    for (const item of shown) out.push(`| ${row(item).join(' | ')} |`);
    if (list.count > shown.length) out.push('', `and ${list.count - shown.length} more`);
  };
  table('Re-read', diff.impact, ['document', 'title', 'depth', 'because', 'path'], (i) => [t(i.id), t(i.title), String(i.depth), i.because.map(t).join(', '), t(i.path)]);
  table('Added', diff.documents.added, ['document', 'title', 'path'], (d) => [t(d.id), t(d.title), t(d.path)]);
  table('Removed', diff.documents.removed, ['document', 'title', 'path'], (d) => [t(d.id), t(d.title), t(d.path)]);
  table('Changed', diff.documents.changed, ['document', 'title', 'path'], (d) => [t(d.id), t(d.title), t(d.path)]);
  table('Moved', diff.documents.moved, ['document', 'from', 'to'], (m) => [t(m.id), t(m.from ?? ''), t(m.to ?? '')]);
  table('Status changed', diff.documents.statusChanged, ['document', 'from', 'to'], (m) => [t(m.id), t(m.from ?? 'none'), t(m.to ?? 'none')]);
  table('Links added', diff.edges.added, ['from', 'to', 'relation'], (e) => [t(e.from), t(e.to), t(e.relation)]);
  table('Links removed', diff.edges.removed, ['from', 'to', 'relation'], (e) => [t(e.from), t(e.to), t(e.relation)]);
  const finding = (d: Diagnostic) => [severityOf(d.code), d.code, `${t(d.path)}${d.line === null ? '' : `:${d.line}`}`, t(d.message)];
  table('Findings introduced', diff.diagnostics.introduced, ['severity', 'code', 'where', 'message'], finding);
  table('Findings fixed', diff.diagnostics.fixed, ['severity', 'code', 'where', 'message'], finding);
  return `${out.join('\n')}\n`;
}
