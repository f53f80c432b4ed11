/**
 * The text that `impact` and `graph` print on a terminal (`--format text`, the default
 * there): a table of what a change affects, and each document with what it depends on.
 * Cells come from documents, so they pass through `safe-text.ts`; widths are found in one
 * loop.
 */
import { groupThousands, RELATIONS, type GraphView, type Impact, type Relation } from '../../core/index.js';
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

/** How `graph --format text` names each relation (TRACE §1), from the document that holds it. */
const PHRASES: Readonly<Record<Relation, string>> = {
  depends_on: 'depends on',
  implements: 'implements',
  verifies: 'verifies',
  refines: 'refines',
  related: 'related to',
  supersedes: 'supersedes',
};

/**
 * `graph --format text`: each document (id, title), then its edges within the view, one line
 * per relation in the table's order, as JSON and Mermaid name them; the last line counts the
 * dependencies (`depends_on`) apart from the other relations.
 */
export function renderGraphText(view: GraphView): string {
  const out = new Map<string, Map<Relation, string[]>>();
  const counts = new Map<Relation, number>();
  for (const edge of view.edges) {
    let byRelation = out.get(edge.from);
    if (byRelation === undefined) out.set(edge.from, (byRelation = new Map()));
    let list = byRelation.get(edge.relation);
    if (list === undefined) byRelation.set(edge.relation, (list = []));
    list.push(safeInline(edge.to));
    counts.set(edge.relation, (counts.get(edge.relation) ?? 0) + 1);
  }
  let text = '';
  for (const node of view.nodes) {
    text += `${safeLineStart(node.id)}  ${safeInline(node.title)}\n`;
    const byRelation = out.get(node.id);
    if (byRelation === undefined) continue;
    for (const relation of RELATIONS) {
      const list = byRelation.get(relation);
      if (list !== undefined) text += `  ${PHRASES[relation]} ${list.join(', ')}\n`;
    }
  }
  const nodes = view.nodes.length;
  const dependencies = counts.get('depends_on') ?? 0;
  const others = RELATIONS.filter((r) => r !== 'depends_on' && (counts.get(r) ?? 0) > 0).map((r) => `${groupThousands(counts.get(r)!)} ${r}`);
  const tail = others.length === 0 ? '' : `, ${others.join(', ')}`;
  text += `${groupThousands(nodes)} ${nodes === 1 ? 'document' : 'documents'}, ${groupThousands(dependencies)} ${dependencies === 1 ? 'dependency' : 'dependencies'}${tail}${view.truncated ? ' (cut at --max-depth)' : ''}\n`;
  return text;
}

/** Rows padded to their widest cell, the last column left as it is; a final newline. */
function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return `${rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n')}\n`;
}
