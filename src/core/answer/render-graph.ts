/**
 * Mermaid and Graphviz DOT renderings of a `GraphView`. Labels are escaped so that any title
 * renders; nodes in a cycle and nodes with errors are styled so a person sees them at once.
 */
import { severityOf } from '../shared/codes.js';
import type { GraphEdge, GraphNode, GraphView } from './select-graph.js';
import type { Relation } from '../shared/relations.js';
import type { Workspace } from '../shared/types.js';

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

/** How each node is marked (`nodeMarks`), worked out once and passed to every rendering of one answer. */
export type NodeMarks = ReturnType<typeof nodeMarks>;

/** A Mermaid flowchart (`flowchart TD`), ready to paste into a GitHub comment. */
export function renderMermaid(workspace: Workspace, view: GraphView, rootId?: string, marks: NodeMarks = nodeMarks(workspace)): string {
  const key = new Map(view.nodes.map((node, index) => [node.id, `n${index}`]));
  const lines = ['flowchart TD'];
  for (const node of view.nodes) lines.push(mermaidNodeLine(key.get(node.id)!, node));
  for (const edge of view.edges) lines.push(mermaidEdgeLine(key.get(edge.from)!, key.get(edge.to)!, edge.relation));
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

/** A node's line of a Mermaid flowchart, under its key (`n0`, `n1`, …). */
function mermaidNodeLine(key: string, node: GraphNode): string {
  return `  ${key}["${escapeMermaid(`${node.id}: ${node.title}`)}"]`;
}

/** An edge's line of a Mermaid flowchart: `depends_on` solid, the other relations dashed and labelled (TRACE §1). */
function mermaidEdgeLine(fromKey: string, toKey: string, relation: Relation): string {
  return relation === 'depends_on' ? `  ${fromKey} --> ${toKey}` : `  ${fromKey} -. ${relation} .-> ${toKey}`;
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
export function renderDot(workspace: Workspace, view: GraphView, rootId?: string, marks: NodeMarks = nodeMarks(workspace)): string {
  const lines = [
    'digraph docugraph {',
    '  graph [rankdir=TB];',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica"];',
  ];
  for (const node of view.nodes) lines.push(dotNodeLine(node, marks, rootId));
  for (const edge of view.edges) lines.push(dotEdgeLine(edge));
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** A node's statement of a DOT digraph, with its marks. */
function dotNodeLine(node: GraphNode, marks: NodeMarks, rootId?: string): string {
  const attrs = [`label="${escapeDot(node.id)}\\n${escapeDot(node.title)}"`];
  if (marks.cycle.has(node.id)) attrs.push(`fillcolor="${CYCLE_STYLE.fill}"`, `color="${CYCLE_STYLE.stroke}"`, 'penwidth=3');
  else if (marks.error.has(node.id)) attrs.push(`fillcolor="${ERROR_STYLE.fill}"`, `color="${ERROR_STYLE.stroke}"`, 'penwidth=2', 'style="rounded,filled,dashed"');
  if (node.id === rootId) attrs.push('peripheries=2');
  return `  "${escapeDot(node.id)}" [${attrs.join(', ')}];`;
}

/** An edge's statement of a DOT digraph: `depends_on` solid, the other relations dashed and labelled (TRACE §1). */
function dotEdgeLine(edge: GraphEdge): string {
  const style = edge.relation === 'depends_on' ? '' : ` [style=dashed, label="${edge.relation}"]`;
  return `  "${escapeDot(edge.from)}" -> "${escapeDot(edge.to)}"${style};`;
}

/** DOT double-quoted string content: backslashes and quotes escaped, control characters dropped. */
export function escapeDot(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[\\"]/g, (ch) => `\\${ch}`);
}

/**
 * At least the bytes a node adds to a page of a diagram of `view` as an answer carries it (each
 * line escaped as a JSON string): its line, and for each of its edges the edge's line and the line of the node it
 * reaches (drawn on the page when it is not on it), with keys as long as the view's longest,
 * and its place in a `class` list.
 */
export function diagramNodeBytes(
  view: GraphView,
  edgesOf: (id: string) => readonly GraphEdge[],
  format: 'mermaid' | 'dot',
  marks: NodeMarks,
  rootId: string | undefined,
): (node: GraphNode) => number {
  const key = `n${view.nodes.length}`;
  const byId = new Map(view.nodes.map((node) => [node.id, node]));
  const nodeLine = (node: GraphNode) => (format === 'mermaid' ? mermaidNodeLine(key, node) : dotNodeLine(node, marks, rootId));
  const sent = (line: string) => Buffer.byteLength(JSON.stringify(`${line}\n`), 'utf8') - 2;
  return (node) => {
    let bytes = sent(nodeLine(node)) + key.length + 1;
    for (const edge of edgesOf(node.id)) {
      bytes += sent(format === 'mermaid' ? mermaidEdgeLine(key, key, edge.relation) : dotEdgeLine(edge)) + sent(nodeLine(byId.get(edge.to)!)) + key.length + 1;
    }
    return bytes;
  };
}
