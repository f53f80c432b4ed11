/**
 * Mermaid and DOT renderings, checked with the real tools: Mermaid's own parser (in a
 * happy-dom window) and Graphviz (compiled to WebAssembly) rendering SVG.
 */
import { readFileSync } from 'node:fs';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspace, renderDot, renderMermaid, selectGraph, type Workspace } from '../../../src/core/index.js';
import { escapeMermaid } from '../../../src/core/answer/render-graph.js';
import { DEMO } from '../../helpers/paths.js';
import { doc, testdir } from '../../helpers/testdir.js';

interface MermaidDiagram {
  db: { getVertices(): Map<string, { text: string; classes: string[] }>; getEdges(): { start: string; end: string }[] };
}
let mermaid: { parse(text: string): Promise<unknown>; mermaidAPI: { getDiagramFromText(text: string): Promise<MermaidDiagram> } };
let graphviz: Awaited<ReturnType<typeof Graphviz.load>>;

beforeAll(async () => {
  const window = new Window();
  Object.assign(globalThis, { window, document: window.document });
  mermaid = ((await import('mermaid')) as unknown as { default: typeof mermaid }).default;
  graphviz = await Graphviz.load();
});

/** Parses with Mermaid and returns the vertices' labels as a browser would show them. */
async function parseMermaid(text: string): Promise<{ labels: Map<string, string>; classes: Map<string, string[]>; edges: [string, string][] }> {
  await mermaid.parse(text);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  const labels = new Map<string, string>();
  const classes = new Map<string, string[]>();
  for (const [id, vertex] of diagram.db.getVertices()) {
    labels.set(id, decodeMermaid(vertex.text));
    classes.set(id, vertex.classes);
  }
  return { labels, classes, edges: diagram.db.getEdges().map((e) => [e.start, e.end]) };
}

/** Mermaid's entity round trip: its placeholder for `#…;`, then HTML entities. */
function decodeMermaid(text: string): string {
  const html = text.replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';');
  return html.replace(/&(#\d+|quot|lt|gt|amp);/g, (_, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : ({ quot: '"', lt: '<', gt: '>', amp: '&' } as Record<string, string>)[name]!,
  );
}

const NASTY = [
  'Quotes "double" and \'single\'',
  'Hash #35; and #quot; look-alikes',
  '<b>HTML</b> & ampersand',
  'Back`ticks` and [brackets] {braces} (parens) |pipes|',
  'Backslash \\ and slash / and end',
  'Ünïcödé — dashes – and emoji 😀',
  'subgraph end click style classDef',
  '%% not a comment ;; semicolons:',
];

function nastyWorkspace(): Workspace {
  const files: Record<string, string> = {};
  NASTY.forEach((title, i) => {
    files[`n${i}.md`] = `---\nid: N${i}\ntitle: ${JSON.stringify(title)}\ndepends_on: [${i === 0 ? 'N7' : `N${i - 1}`}]\n---\n`;
  });
  files['err.md'] = doc({ id: 'ERR', title: 'Has a broken dependency', depends_on: ['GONE'] });
  files['ok.md'] = doc({ id: 'OK', title: 'Fine', depends_on: ['ERR'] });
  return loadWorkspace(testdir(files));
}

describe('renderMermaid', () => {
  it('the demo workspace parses with Mermaid, with every node and edge', async () => {
    const ws = loadWorkspace(DEMO);
    const view = selectGraph(ws);
    const parsed = await parseMermaid(renderMermaid(ws, view));
    expect([...parsed.labels.values()].sort()).toEqual(view.nodes.map((n) => `${n.id}: ${n.title}`).sort());
    expect(parsed.edges).toHaveLength(view.edges.length);
  });

  it('any title renders as itself; cycles and errors are styled', async () => {
    const ws = nastyWorkspace();
    const view = selectGraph(ws);
    const text = renderMermaid(ws, view, 'OK');
    const parsed = await parseMermaid(text);
    const byId = new Map(view.nodes.map((n, i) => [`n${i}`, n]));
    for (const [key, label] of parsed.labels) expect(label).toBe(`${byId.get(key)!.id}: ${byId.get(key)!.title}`);
    for (const [key, node] of byId) {
      const classes = parsed.classes.get(key)!;
      if (node.id.startsWith('N')) expect(classes).toContain('cycle');
      else if (node.id === 'ERR') expect(classes).toEqual(['error']);
      else expect(classes).toEqual(['root']);
    }
  });

  it('the README shows the demo graph exactly as it is rendered now', () => {
    const ws = loadWorkspace(DEMO);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`mermaid\n${renderMermaid(ws, selectGraph(ws))}\`\`\`\n`);
  });

  it('escapes only what needs escaping', () => {
    expect(escapeMermaid('BE-02: POST /v1/projects (draft)')).toBe('BE-02: POST /v1/projects (draft)');
    expect(escapeMermaid('a "b" #c <d>')).toBe('a #quot;b#quot; #35;c #60;d#62;');
  });

  it('an empty workspace is still a valid flowchart', async () => {
    const ws = loadWorkspace(testdir({ 'README.md': '# nothing' }));
    await expect(mermaid.parse(renderMermaid(ws, selectGraph(ws)))).resolves.toBeTruthy();
  });
});

describe('renderDot', () => {
  it('renders with Graphviz: one SVG node per document, one edge per dependency, titles intact', () => {
    const ws = nastyWorkspace();
    const view = selectGraph(ws);
    const svg = graphviz.dot(renderDot(ws, view, 'OK'));
    expect(svg.match(/<g id="node\d+" class="node">/g)).toHaveLength(view.nodes.length);
    expect(svg.match(/<g id="edge\d+" class="edge">/g)).toHaveLength(view.edges.length);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
      m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    );
    for (const node of view.nodes) expect(texts).toContain(node.title);
    expect(svg).toContain('fill="#f8d7da"');
    expect(svg).toContain('fill="#fff3cd"');
  });

  it('the demo graph around BE-02 renders', () => {
    const ws = loadWorkspace(DEMO);
    const svg = graphviz.dot(renderDot(ws, selectGraph(ws, { rootId: 'BE-02', direction: 'both' }), 'BE-02'));
    expect(svg.match(/class="node"/g)).toHaveLength(12);
  });
});
