/**
 * Mermaid and Graphviz DOT renderings of a `GraphView`. Labels are escaped so that any title
 * renders; nodes in a cycle and nodes with errors are styled so a person sees them at once.
 */
import { severityOf } from './codes.js';
import type { GraphView } from './select-graph.js';
import type { Workspace } from './types.js';

/** How each node is marked: in a cycle, with an error (but not in a cycle), or neither. */
export function nodeMarks(workspace: Workspace): { cycle: ReadonlySet<string>; error: ReadonlySet<string> } {
  const cycle = new Set(workspace.cycleOf.keys());
  const error = new Set<string>();
  for (const d of workspace.diagnostics) {
    if (d.nodeId !== null && severityOf(d.code) === 'error' && !cycle.has(d.nodeId)) error.add(d.nodeId);
  }
  return { cycle, error };
}

const CYCLE_STYLE = { fill: '#f8d7da', stroke: '#c00000' };
const ERROR_STYLE = { fill: '#fff3cd', stroke: '#b58105' };

/** A Mermaid flowchart (`flowchart TD`), ready to paste into a GitHub comment. */
export function renderMermaid(workspace: Workspace, view: GraphView, rootId?: string): string {
  const marks = nodeMarks(workspace);
  const key = new Map(view.nodes.map((node, index) => [node.id, `n${index}`]));
  const lines = ['flowchart TD'];
  for (const node of view.nodes) lines.push(`  ${key.get(node.id)!}["${escapeMermaid(`${node.id}: ${node.title}`)}"]`);
  for (const edge of view.edges) lines.push(`  ${key.get(edge.from)!} --> ${key.get(edge.to)!}`);
  const classes: [string, string, string[]][] = [
    ['cycle', `fill:${CYCLE_STYLE.fill},stroke:${CYCLE_STYLE.stroke},stroke-width:3px,color:#000`, view.nodes.filter((n) => marks.cycle.has(n.id)).map((n) => key.get(n.id)!)],
    ['error', `fill:${ERROR_STYLE.fill},stroke:${ERROR_STYLE.stroke},stroke-width:2px,stroke-dasharray:5 3,color:#000`, view.nodes.filter((n) => marks.error.has(n.id)).map((n) => key.get(n.id)!)],
    ['root', 'stroke-width:4px', rootId !== undefined && key.has(rootId) ? [key.get(rootId)!] : []],
  ];
  for (const [name, style, members] of classes) {
    if (members.length === 0) continue;
    lines.push(`  classDef ${name} ${style}`, `  class ${members.join(',')} ${name}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Mermaid label text inside double quotes: characters that could end the label or be read
 * as markup become Mermaid entity codes (`#quot;`, `#35;`, …), which Mermaid renders as the
 * characters themselves.
 */
export function escapeMermaid(text: string): string {
  return text.replace(/["#&<>`[\]{}|\\]|[\u0000-\u001f\u007f]/g, (ch) => (ch === '"' ? '#quot;' : `#${ch.codePointAt(0)!};`));
}

/** A Graphviz digraph, ready for `dot -Tsvg`. */
export function renderDot(workspace: Workspace, view: GraphView, rootId?: string): string {
  const marks = nodeMarks(workspace);
  const lines = [
    'digraph docugraph {',
    '  graph [rankdir=TB];',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica"];',
  ];
  for (const node of view.nodes) {
    const attrs = [`label="${escapeDot(node.id)}\\n${escapeDot(node.title)}"`];
    if (marks.cycle.has(node.id)) attrs.push(`fillcolor="${CYCLE_STYLE.fill}"`, `color="${CYCLE_STYLE.stroke}"`, 'penwidth=3');
    else if (marks.error.has(node.id)) attrs.push(`fillcolor="${ERROR_STYLE.fill}"`, `color="${ERROR_STYLE.stroke}"`, 'penwidth=2', 'style="rounded,filled,dashed"');
    if (node.id === rootId) attrs.push('peripheries=2');
    lines.push(`  "${escapeDot(node.id)}" [${attrs.join(', ')}];`);
  }
  for (const edge of view.edges) lines.push(`  "${escapeDot(edge.from)}" -> "${escapeDot(edge.to)}";`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** DOT double-quoted string content: backslashes and quotes escaped, control characters dropped. */
export function escapeDot(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[\\"]/g, (ch) => `\\${ch}`);
}
