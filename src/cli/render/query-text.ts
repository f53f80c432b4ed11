/**
 * The text that `impact` and `graph` print on a terminal (`--format text`, the default
 * there): a table of what a change affects, and each document with what it depends on.
 * Cells come from documents, so they pass through `safe-text.ts`; widths are found in one
 * loop.
 */
import { groupThousands, type GraphView, type Impact } from '../../core/index.js';
import { safeInline, safeLineStart } from './safe-text.js';

/** `impact <id>`: one line per dependent, nearest first, after a line that says how many. */
export function renderImpactText(impact: Impact): string {
  const count = impact.impacted.length;
  const head =
    count === 0
      ? `Nothing depends on ${safeInline(impact.nodeId)}.`
      : `Changing ${safeInline(impact.nodeId)} affects ${groupThousands(count)} ${count === 1 ? 'document' : 'documents'}${impact.truncated ? ' within --max-depth (more lie deeper)' : ''}:`;
  const code = codeText(impact);
  if (count === 0) return `${head}\n${code}`;
  const rows: [string, string, string, string][] = [['DEPTH', 'ID', 'VIA', 'TITLE']];
  for (const node of impact.impacted) rows.push([String(node.depth), safeInline(node.id), node.via.map(safeInline).join(', '), safeInline(node.title)]);
  return `${head}\n${table(rows)}${code}`;
}

/** With tracing on (TRACE §5): the source lines tagged with the document or what it affects. */
function codeText(impact: Impact): string {
  if (impact.code === undefined || impact.code.length === 0) return '';
  const rows = impact.code.map((c) => [`${safeInline(c.path)}:${c.line}`, c.relation, safeInline(c.id)]);
  return `\nCode to look at (${groupThousands(rows.length)} ${rows.length === 1 ? 'line' : 'lines'} tagged in the sources):\n${table(rows).replace(/^(?=.)/gm, '  ')}`;
}

/** `graph --format text`: each document (id, title), then what it depends on within the view. */
export function renderGraphText(view: GraphView): string {
  const upstream = new Map<string, string[]>();
  for (const edge of view.edges) {
    let list = upstream.get(edge.from);
    if (list === undefined) upstream.set(edge.from, (list = []));
    list.push(safeInline(edge.to));
  }
  let out = '';
  for (const node of view.nodes) {
    out += `${safeLineStart(node.id)}  ${safeInline(node.title)}\n`;
    const deps = upstream.get(node.id);
    if (deps !== undefined) out += `  depends on ${deps.join(', ')}\n`;
  }
  const nodes = view.nodes.length;
  const edges = view.edges.length;
  out += `${groupThousands(nodes)} ${nodes === 1 ? 'document' : 'documents'}, ${groupThousands(edges)} ${edges === 1 ? 'dependency' : 'dependencies'}${view.truncated ? ' (cut at --max-depth)' : ''}\n`;
  return out;
}

/** Rows padded to their widest cell, the last column left as it is; a final newline. */
function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return `${rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n')}\n`;
}
