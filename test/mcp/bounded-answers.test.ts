/**
 * Issue 22, the answers that were still unbounded: `get_dependency_graph` of a large graph in
 * every format, the `docugraph://validation`, `docugraph://impact/{id}` and
 * `docugraph://graph/{id}` resources, and `prompt_audit_traceability`. Each default answer stays
 * within 20,000 tokens as sent, says how to get the rest, and its pages add up to the whole.
 */
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { buildReport, formatJson, formatReport, renderDot, renderMermaid, selectGraph, type Workspace } from '../../src/core/index.js';
import { estimateTokens } from '../../src/core/answer/token-budget.js';
import { connectInMemory } from '../helpers/in-memory.js';
import { syntheticWorkspace, type SyntheticDoc } from '../helpers/synthetic-workspace.js';

/** Every document depends on HUB, on its neighbour and on a missing one: large graphs, reports and impacts. */
function big(count: number): Workspace {
  const docs: SyntheticDoc[] = [{ id: 'HUB', title: 'The hub "quoted" & <marked>' }];
  for (let i = 0; i < count; i += 1) {
    const id = `D-${String(i).padStart(5, '0')}`;
    docs.push({ id, title: `Document ${i} ${'t'.repeat(60)}`, dependsOn: ['HUB', `GONE-${i}`, ...(i > 0 ? [`D-${String(i - 1).padStart(5, '0')}`] : [])] });
  }
  return syntheticWorkspace(docs);
}

interface Result {
  readonly content?: unknown;
  readonly structuredContent?: Record<string, unknown>;
}
const textsOf = (result: Result) => (result.content as { text: string }[]).map((c) => c.text);
/** ≈ tokens of a tool answer as sent: each text as a JSON string, and `structuredContent`. */
const sentTokens = (result: Result) =>
  Math.ceil(((result.structuredContent === undefined ? 0 : Buffer.byteLength(JSON.stringify(result.structuredContent))) + textBytes(textsOf(result))) / 4);
/** Bytes of texts as sent: each as a JSON string. */
const textBytes = (texts: readonly string[]) => texts.reduce((sum, text) => sum + Buffer.byteLength(JSON.stringify(text)), 0);
/** ≈ tokens of a resource's texts as sent. */
const resourceTokens = (contents: readonly unknown[]) => Math.ceil(textBytes(contents.map((c) => (c as { text: string }).text)) / 4);
const cursorIn = (hint: string) => /"cursor": "([^"]+)"/.exec(hint)![1]!;

/** Every page of get_dependency_graph for `args`, following the cursor in each page's hint. */
async function allPages(client: Client, args: Record<string, unknown>): Promise<Result[]> {
  const pages: Result[] = [];
  let cursor: string | undefined;
  do {
    const page = (await client.callTool({ name: 'get_dependency_graph', arguments: { ...args, ...(cursor === undefined ? {} : { cursor }) } })) as Result;
    pages.push(page);
    const texts = textsOf(page);
    cursor = texts.length > 1 ? cursorIn(texts[1]!) : undefined;
  } while (cursor !== undefined && pages.length < 1000);
  return pages;
}

const workspace = big(3000);

describe('get_dependency_graph of a graph over the budget', () => {
  it('JSON: pages of at most 20,000 tokens whose nodes and edges add up to the whole view', async () => {
    const { client } = await connectInMemory(workspace);
    const pages = await allPages(client, {});
    const view = selectGraph(workspace);
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) expect(sentTokens(page)).toBeLessThanOrEqual(20_000);
    expect(pages.slice(0, -1).every((p) => p.structuredContent!['truncated'] === true && typeof p.structuredContent!['nextCursor'] === 'string')).toBe(true);
    expect(pages.flatMap((p) => p.structuredContent!['nodes'] as unknown[])).toEqual(view.nodes);
    expect(pages.flatMap((p) => p.structuredContent!['edges'] as unknown[])).toEqual(view.edges);
  });

  it.each(['mermaid', 'dot'] as const)('%s: a diagram per page, each within the budget and well formed, together every node and edge', async (format) => {
    const { client } = await connectInMemory(workspace);
    const pages = await allPages(client, { format });
    const view = selectGraph(workspace);
    expect(pages.length).toBeGreaterThan(2);
    const nodes = new Set<string>();
    const edges = new Set<string>();
    for (const page of pages) {
      expect(sentTokens(page)).toBeLessThanOrEqual(20_000);
      const diagram = textsOf(page)[0]!;
      if (format === 'mermaid') {
        const keys = new Map<string, string>();
        for (const [, key, id] of diagram.matchAll(/^ {2}(n\d+)\["([^:]+):/gm)) keys.set(key!, id!);
        for (const [, from, to] of diagram.matchAll(/^ {2}(n\d+) --> (n\d+)$/gm)) {
          // Every edge has both ends drawn on its page.
          expect(keys.has(from!) && keys.has(to!), `${from} --> ${to}`).toBe(true);
          edges.add(`${keys.get(from!)!}>${keys.get(to!)!}`);
        }
        for (const id of keys.values()) nodes.add(id);
      } else {
        expect(diagram.startsWith('digraph docugraph {\n') && diagram.endsWith('}\n')).toBe(true);
        for (const [, id] of diagram.matchAll(/^ {2}"([^"]+)" \[label=/gm)) nodes.add(id!);
        for (const [, from, to] of diagram.matchAll(/^ {2}"([^"]+)" -> "([^"]+)";$/gm)) edges.add(`${from!}>${to!}`);
      }
    }
    expect([...nodes].sort()).toEqual(view.nodes.map((n) => n.id));
    expect([...edges].sort()).toEqual(view.edges.map((e) => `${e.from}>${e.to}`).sort());
  });

  it('a graph that fits is the whole answer, as before', async () => {
    const small = big(3);
    const { client } = await connectInMemory(small);
    const view = selectGraph(small);
    expect(textsOf((await client.callTool({ name: 'get_dependency_graph', arguments: {} })) as Result)).toEqual([formatJson(view)]);
    expect(textsOf((await client.callTool({ name: 'get_dependency_graph', arguments: { format: 'mermaid' } })) as Result)).toEqual([renderMermaid(small, view)]);
    expect(textsOf((await client.callTool({ name: 'get_dependency_graph', arguments: { format: 'dot', rootId: 'HUB', direction: 'both' } })) as Result)).toEqual([
      renderDot(small, selectGraph(small, { rootId: 'HUB', direction: 'both' }), 'HUB'),
    ]);
  });
});

describe('resources and the audit prompt of a large workspace', () => {
  it('docugraph://validation: the first page within the budget, and a cursor that validate_traceability continues', async () => {
    const { client } = await connectInMemory(workspace);
    const read = await client.readResource({ uri: 'docugraph://validation' });
    const [json, hint] = read.contents.map((c) => (c as { text: string }).text);
    expect(resourceTokens(read.contents)).toBeLessThanOrEqual(20_000);
    const first = JSON.parse(json!) as Record<string, unknown>;
    expect(first).toMatchObject({ truncated: true, valid: false });
    expect(hint).toMatch(/^This answer stops early: findings 1–[\d,]+ of [\d,]+\. For the next page, call validate_traceability again/);
    const next = (await client.callTool({ name: 'validate_traceability', arguments: { cursor: cursorIn(hint!) } })) as Result;
    const report = buildReport(workspace);
    const all = [...report.errors, ...report.warnings];
    const shown = (first['errors'] as unknown[]).length + (first['warnings'] as unknown[]).length;
    expect([...(next.structuredContent!['errors'] as unknown[]), ...(next.structuredContent!['warnings'] as unknown[])][0]).toEqual(all[shown]);
  });

  it('docugraph://impact/HUB and docugraph://graph/HUB: first pages within the budget that say how to go on', async () => {
    const { client } = await connectInMemory(workspace);
    for (const uri of ['docugraph://impact/HUB', 'docugraph://graph/HUB']) {
      const read = await client.readResource({ uri });
      expect(resourceTokens(read.contents), uri).toBeLessThanOrEqual(20_000);
      expect(read.contents).toHaveLength(2);
      expect((read.contents[1] as { mimeType: string; text: string }).text, uri).toContain('"cursor": "');
    }
  });

  it('a small workspace: each resource is the whole answer, as before', async () => {
    const small = big(3);
    const { client } = await connectInMemory(small);
    const read = await client.readResource({ uri: 'docugraph://validation' });
    expect(read.contents).toEqual([{ uri: 'docugraph://validation', mimeType: 'application/json', text: formatReport(buildReport(small)) }]);
  });

  it('prompt_audit_traceability embeds the first page and says how to read the rest', async () => {
    const { client } = await connectInMemory(workspace);
    const prompt = await client.getPrompt({ name: 'prompt_audit_traceability' });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(estimateTokens(JSON.stringify(text))).toBeLessThanOrEqual(21_000);
    expect(text).toContain('The report is long: below is its first page, and `counts` covers every finding. This answer stops early: findings 1–');
    const json = JSON.parse(text.slice(text.indexOf('```json\n') + 8, text.lastIndexOf('\n```'))) as Record<string, unknown>;
    expect(Object.keys(json['counts'] as object).length).toBeGreaterThan(0);
  });
});
