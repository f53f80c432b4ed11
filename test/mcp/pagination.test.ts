/**
 * CATALOG § Bounded answers, lists: `limit`/`cursor` on list_tasks, analyze_impact and
 * validate_traceability, `summary`, the default 20,000-token page, refused cursors, and the
 * pages of `resources/list` — in-process, on generated (seeded) workspaces.
 */
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildReport, formatJson, listTasks, type Workspace } from '../../src/core/index.js';
import { estimateTokens } from '../../src/core/answer/token-budget.js';
import { documentUri } from '../../src/mcp/resources.js';
import { RESOURCE_PAGE_TOKENS } from '../../src/mcp/resource-list.js';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { FUZZ_SEED, fuzzRuns, nastyString, Rng } from '../helpers/prng.js';
import { syntheticWorkspace, type SyntheticDoc } from '../helpers/synthetic-workspace.js';

type Answer = Record<string, unknown>;
interface ToolResult {
  readonly content?: unknown;
  readonly structuredContent?: Answer;
  readonly isError?: boolean;
}

/** A workspace of `count` documents with random titles, dependencies (some missing, some in cycles). */
function generated(rng: Rng, count: number): Workspace {
  const ids = Array.from({ length: count }, (_, i) => `${rng.pick(['A', 'B', 'C'])}-${i}`);
  const docs: SyntheticDoc[] = ids.map((id) => ({
    id,
    title: rng.chance(0.05) ? 'long '.repeat(rng.int(1, 400)) : `${rng.pick(['Keep', 'Drop', 'Ship'])} ${nastyString(rng, 3)}`,
    dependsOn: Array.from({ length: rng.int(0, 3) }, () => (rng.chance(0.1) ? `MISSING-${rng.int(0, 9)}` : rng.pick(ids))),
  }));
  return syntheticWorkspace(docs);
}

/** A workspace whose lists are far over 20,000 tokens: every document depends on HUB and on a missing one. */
function big(count: number): Workspace {
  const docs: SyntheticDoc[] = [{ id: 'HUB', title: 'The hub' }];
  for (let i = 0; i < count; i += 1) docs.push({ id: `D-${String(i).padStart(5, '0')}`, title: `Document ${i} ${'t'.repeat(100)}`, dependsOn: ['HUB', `GONE-${i}`] });
  return syntheticWorkspace(docs);
}

const texts = (result: ToolResult) => (result.content as { type: string; text: string }[]).map((c) => c.text);
/** ≈ tokens of an answer as sent: each text as a JSON string, and `structuredContent` (which repeats the value). */
const sentTokens = (value: unknown, textItems: readonly string[]) =>
  Math.ceil((Buffer.byteLength(JSON.stringify(value)) + textItems.reduce((sum, text) => sum + Buffer.byteLength(JSON.stringify(text)), 0)) / 4);
const tokensOf = (result: ToolResult) => sentTokens(result.structuredContent, texts(result));

function errorOf(result: ToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true);
  return JSON.parse(textOf(result)) as { code: string; message: string };
}

/** The items of an answer, in order: the list of list_tasks or analyze_impact, the findings of a report. */
function itemsOf(answer: Answer): unknown[] {
  if ('tasks' in answer) return answer['tasks'] as unknown[];
  if ('impacted' in answer) return answer['impacted'] as unknown[];
  return [...(answer['errors'] as unknown[]), ...(answer['warnings'] as unknown[])];
}

/**
 * Every page of `name` with `args`, following `nextCursor` (with `limits()` as each page's
 * `limit`); checks what every page says about stopping early.
 */
async function walk(client: Client, name: string, args: Answer, limits: () => number | undefined = () => undefined): Promise<{ items: unknown[]; pages: ToolResult[] }> {
  const items: unknown[] = [];
  const pages: ToolResult[] = [];
  let cursor: string | undefined;
  for (;;) {
    const limit = limits();
    const result = (await client.callTool({ name, arguments: { ...args, ...(limit === undefined ? {} : { limit }), ...(cursor === undefined ? {} : { cursor }) } })) as ToolResult;
    expect(result.isError ?? false, textOf(result)).toBe(false);
    const answer = result.structuredContent!;
    expect(JSON.parse(textOf(result))).toEqual(answer);
    const page = itemsOf(answer);
    // Only an empty list has an empty page.
    if (pages.length > 0 || answer['nextCursor'] !== undefined) expect(page.length).toBeGreaterThan(0);
    if (limit !== undefined) expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    pages.push(result);
    if (answer['nextCursor'] === undefined) {
      expect(result.content).toHaveLength(1);
      return { items, pages };
    }
    expect(answer['truncated']).toBe(true);
    expect(Object.keys(answer).slice(-2)).toEqual(['truncated', 'nextCursor']);
    const hint = texts(result)[1]!;
    expect(hint).toContain(`call ${name} again with the same arguments and "cursor": "${answer['nextCursor'] as string}"`);
    cursor = answer['nextCursor'] as string;
  }
}

describe('walking every page with cursor gives exactly the unpaginated list (generated workspaces)', () => {
  it('list_tasks, analyze_impact and validate_traceability, with a different limit on each page', async () => {
    for (let run = 0; run < fuzzRuns(8); run += 1) {
      const rng = new Rng(FUZZ_SEED).fork(run);
      const workspace = generated(rng, rng.int(1, 150));
      const { client } = await connectInMemory(workspace);
      const limits = () => (rng.chance(0.2) ? undefined : rng.int(1, 9));
      const label = `seed ${FUZZ_SEED} run ${run}`;

      const query = rng.pick([undefined, 'keep', 'A-', 'zzz']);
      const filters = query === undefined ? {} : { query };
      const tasks = await walk(client, 'list_tasks', filters, limits);
      // The tool's entries: the core's, each with its file's version (KITS §6).
      expect(tasks.items, label).toEqual(withVersions(workspace, listTasks(workspace, filters).tasks));

      const nodeId = rng.pick(workspace.ids);
      const maxDepth = rng.pick([undefined, 0, 1, 2]);
      const impact = analyzeImpact(workspace, nodeId, maxDepth);
      const args = maxDepth === undefined ? { nodeId } : { nodeId, maxDepth };
      if (impact.impacted.length > 0) {
        const walked = await walk(client, 'analyze_impact', args, limits);
        expect(walked.items, label).toEqual(impact.impacted);
        for (const page of walked.pages) {
          expect(page.structuredContent!['nodeId']).toBe(nodeId);
          expect(page.structuredContent!['truncated']).toBe(impact.truncated || page.structuredContent!['nextCursor'] !== undefined);
        }
      }

      const report = buildReport(workspace);
      const walked = await walk(client, 'validate_traceability', {}, limits);
      expect(walked.items, label).toEqual([...report.errors, ...report.warnings]);
      const counts = countByHand(report);
      for (const page of walked.pages) {
        const answer = page.structuredContent!;
        // The page's findings; the workspace's description and counts.
        expect(answer).toMatchObject({ workspacePath: report.workspacePath, nodeCount: report.nodeCount, edgeCount: report.edgeCount, valid: report.valid });
        if (walked.pages.length > 1) expect(answer['counts']).toEqual(counts);
        expect(Object.keys(answer).slice(0, 6)).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'errors', 'warnings', 'valid']);
      }
    }
  }, 60_000);

  it('an answer that fits is the whole list, byte for byte as before (no counts, truncated or nextCursor)', async () => {
    const workspace = generated(new Rng(FUZZ_SEED).fork(999), 40);
    const { client } = await connectInMemory(workspace);
    const listed = (await client.callTool({ name: 'list_tasks', arguments: {} })) as ToolResult;
    expect(texts(listed)).toEqual([formatJson({ tasks: withVersions(workspace, listTasks(workspace).tasks) })]);
    const report = (await client.callTool({ name: 'validate_traceability', arguments: { limit: 10_000 } })) as ToolResult;
    expect(texts(report)).toEqual([formatJson(buildReport(workspace))]);
    const nodeId = workspace.ids[0]!;
    const impact = (await client.callTool({ name: 'analyze_impact', arguments: { nodeId } })) as ToolResult;
    expect(texts(impact)).toEqual([formatJson(analyzeImpact(workspace, nodeId))]);
  });
});

const BIG = big(3_000);

describe('the default page: as many items as fit in 20,000 tokens, as sent', () => {
  const workspace = BIG;

  it.each([
    ['list_tasks', {}, 'tasks'],
    ['analyze_impact', { nodeId: 'HUB' }, 'impacted'],
    ['validate_traceability', {}, 'errors'],
  ] as const)('%s stops early under the budget, says so, and the pages add up to the whole list', async (name, args, key) => {
    const { client } = await connectInMemory(workspace);
    const first = (await client.callTool({ name, arguments: args })) as ToolResult;
    const answer = first.structuredContent!;
    expect(answer).toMatchObject({ truncated: true, nextCursor: expect.any(String) });
    expect(tokensOf(first)).toBeLessThanOrEqual(20_000);
    // Full: one more item would not have fitted.
    const page = answer[key] as unknown[];
    const next = itemsOf(fullAnswer(name, args))[page.length];
    const grown = { ...answer, [key]: [...page, next] };
    expect(sentTokens(grown, [formatJson(grown), texts(first)[1]!])).toBeGreaterThan(20_000);
    // And the whole message a client reads stays well under its 25,000.
    expect(Math.ceil(Buffer.byteLength(JSON.stringify(first)) / 4)).toBeLessThan(20_100);
    const total = itemsOf(fullAnswer(name, args)).length;
    expect(texts(first)[1]).toMatch(new RegExp(`^This answer stops early: \\S+( \\S+)? 1–${page.length} of ${total === 3_001 ? '3,001' : '3,000'}\\. `));

    const walked = await walk(client, name, args);
    expect(walked.pages.length).toBeGreaterThan(3);
    for (const p of walked.pages) expect(tokensOf(p)).toBeLessThanOrEqual(20_000);
    expect(walked.items).toEqual(itemsOf(fullAnswer(name, args)));
  }, 60_000);
});

/** The unpaginated answer, from the core. */
function fullAnswer(name: string, args: Answer): Answer {
  if (name === 'list_tasks') return { tasks: withVersions(BIG, listTasks(BIG).tasks) } as unknown as Answer;
  if (name === 'analyze_impact') return analyzeImpact(BIG, args['nodeId'] as string) as unknown as Answer;
  return buildReport(BIG) as unknown as Answer;
}

describe('cursors that cannot be resumed are INVALID_ARGUMENT', () => {
  const rng = new Rng(FUZZ_SEED).fork(7);
  const workspace = generated(rng, 60);

  it('stale: the list changed since the cursor was issued', async () => {
    let current = workspace;
    const { client } = await connectInMemory(workspace, { workspace: () => current });
    const call = async (name: string, args: Answer) => (await client.callTool({ name, arguments: args })) as ToolResult;
    const cursors = {
      list_tasks: (await call('list_tasks', { limit: 2 })).structuredContent!['nextCursor'] as string,
      validate_traceability: (await call('validate_traceability', { limit: 1 })).structuredContent!['nextCursor'] as string,
    };
    current = syntheticWorkspace([
      ...workspace.ids.map((id) => ({ id, title: workspace.nodes.get(id)!.title, dependsOn: workspace.nodes.get(id)!.dependsOn })),
      { id: '0-new', title: 'New', dependsOn: ['MISSING-new'] },
    ]);
    for (const [name, cursor] of Object.entries(cursors)) {
      const error = errorOf(await call(name, { cursor }));
      expect(error.code).toBe('INVALID_ARGUMENT');
      expect(error.message).toMatch(/^cursor no longer matches: the list changed since it was issued/);
      expect(error.message).toContain(`Call ${name} again without cursor to start from the first page.`);
    }
  });

  it('robust: a change that leaves the list as it was keeps the cursor valid', async () => {
    const docs = ['K-1', 'K-2', 'K-3'].map((id) => ({ id, title: `Keep ${id}` }));
    let current = syntheticWorkspace([...docs, { id: 'X-1', title: 'Other' }]);
    const { client } = await connectInMemory(current, { workspace: () => current });
    const first = (await client.callTool({ name: 'list_tasks', arguments: { query: 'keep', limit: 1 } })) as ToolResult;
    current = syntheticWorkspace([...docs, { id: 'X-1', title: 'Other, renamed' }, { id: 'X-2', title: 'Another' }]);
    const second = (await client.callTool({ name: 'list_tasks', arguments: { query: 'keep', cursor: first.structuredContent!['nextCursor'] } })) as ToolResult;
    expect(second.isError ?? false).toBe(false);
    expect(second.structuredContent!['tasks']).toEqual([expect.objectContaining({ id: 'K-2' }), expect.objectContaining({ id: 'K-3' })]);
  });

  it('by prefix: an edit after the cursor keeps it valid and shows on the next page; an edit before it does not', async () => {
    const docs = ['K-1', 'K-2', 'K-3'].map((id) => ({ id, title: `Keep ${id}` }));
    let current = syntheticWorkspace(docs);
    const { client } = await connectInMemory(current, { workspace: () => current });
    const call = async (args: Answer) => (await client.callTool({ name: 'list_tasks', arguments: { query: 'keep', ...args } })) as ToolResult;
    const first = await call({ limit: 1 });
    const cursor = first.structuredContent!['nextCursor'] as string;
    current = syntheticWorkspace([docs[0]!, docs[1]!, { id: 'K-3', title: 'Keep K-3, renamed' }, { id: 'K-4', title: 'Keep K-4' }]);
    const second = await call({ cursor });
    expect(second.isError ?? false, textOf(second)).toBe(false);
    expect((second.structuredContent!['tasks'] as { id: string; title: string }[]).map((t) => `${t.id} ${t.title}`)).toEqual(['K-2 Keep K-2', 'K-3 Keep K-3, renamed', 'K-4 Keep K-4']);
    current = syntheticWorkspace([{ id: 'K-1', title: 'Keep K-1, renamed' }, ...docs.slice(1)]);
    expect(errorOf(await call({ cursor })).message).toMatch(/^cursor no longer matches/);
  });

  it('forged: made up, edited, or issued for other arguments', async () => {
    const { client } = await connectInMemory(workspace);
    const call = async (name: string, args: Answer) => (await client.callTool({ name, arguments: args })) as ToolResult;
    const nodeId = workspace.ids.find((id) => analyzeImpact(workspace, id).impacted.length > 2)!;
    const issued = (await call('list_tasks', { limit: 3 })).structuredContent!['nextCursor'] as string;
    const [offset, tag] = Buffer.from(issued, 'base64url').toString('utf8').split('.') as [string, string];
    const edited = Buffer.from(`${Number(offset) + 1}.${tag}`, 'utf8').toString('base64url');
    const cases: [string, Answer, string][] = [
      ['list_tasks', { cursor: 'abc' }, 'not one this server issued'],
      ['list_tasks', { cursor: Buffer.from('0.AAAA').toString('base64url') }, 'not one this server issued'],
      ['list_tasks', { cursor: `${issued}=` }, 'not one this server issued'],
      ['list_tasks', { cursor: edited }, 'no longer matches'],
      ['list_tasks', { cursor: Buffer.from('99999.AAAAAAAAAAAAAAAA').toString('base64url') }, 'no longer matches'],
      ['list_tasks', { cursor: issued, query: 'A-' }, 'no longer matches'],
      ['analyze_impact', { nodeId, cursor: issued }, 'no longer matches'],
      ['validate_traceability', { cursor: issued }, 'no longer matches'],
    ];
    for (const [name, args, message] of cases) {
      const error = errorOf(await call(name, args));
      expect(error.code, JSON.stringify(args)).toBe('INVALID_ARGUMENT');
      expect(error.message).toContain(message);
      expect(error.message).toContain('without cursor');
    }
    // The real cursor still works.
    expect((await call('list_tasks', { cursor: issued })).isError ?? false).toBe(false);
    expect(errorOf(await call('list_tasks', { limit: 0 })).message).toContain('limit must be an integer ≥ 1');
  });
});

describe('validate_traceability summary', () => {
  it('counts per code of the whole workspace, no findings, in one answer', async () => {
    const workspace = BIG;
    const { client } = await connectInMemory(workspace);
    for (const args of [{ summary: true }, { summary: true, limit: 1 }]) {
      const result = (await client.callTool({ name: 'validate_traceability', arguments: args })) as ToolResult;
      const report = buildReport(workspace);
      expect(Object.keys(result.structuredContent!)).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'valid', 'counts']);
      expect(result.structuredContent).toEqual({
        workspacePath: report.workspacePath,
        nodeCount: 3_001,
        edgeCount: 3_000,
        valid: false,
        counts: { LINK_BROKEN: 3_000 },
      });
      expect(result.content).toHaveLength(1);
    }
    const mixed = generated(new Rng(FUZZ_SEED).fork(3), 120);
    const { client: other } = await connectInMemory(mixed);
    const summary = (await other.callTool({ name: 'validate_traceability', arguments: { summary: true } })) as ToolResult;
    const counts = summary.structuredContent!['counts'] as Record<string, number>;
    expect(counts).toEqual(countByHand(buildReport(mixed)));
    expect(Object.keys(counts)).toEqual(Object.keys(counts).sort());
  });
});

describe('resources/list pages', () => {
  it('a big workspace in pages of at most 10,000 tokens that add up to every resource; a bad cursor is -32602', async () => {
    const workspace = BIG;
    const { client } = await connectInMemory(workspace);
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      // The SDK client's listResources() without a cursor walks every page itself: ask for one page at a time.
      const page = await client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } });
      expect(estimateTokens(JSON.stringify(page))).toBeLessThanOrEqual(RESOURCE_PAGE_TOKENS);
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBeGreaterThan(3);
    expect(uris).toEqual(['docugraph://validation', 'docugraph://ready', ...workspace.ids.map(documentUri)]);
    await expect(client.listResources({ cursor: 'forged' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('without cursor') });
  }, 30_000);

  it('a small workspace is one page', async () => {
    const workspace = generated(new Rng(FUZZ_SEED).fork(5), 30);
    const { client } = await connectInMemory(workspace);
    const page = await client.request({ method: 'resources/list', params: {} });
    expect(page.nextCursor).toBeUndefined();
    expect(page.resources).toHaveLength(32);
    expect(page.resources[2]).toEqual({
      uri: documentUri(workspace.ids[0]!),
      name: workspace.ids[0],
      title: workspace.nodes.get(workspace.ids[0]!)!.title,
      description: 'task · todo · ' + workspace.nodes.get(workspace.ids[0]!)!.path,
      mimeType: 'text/markdown',
    });
  });
});

/** Findings per code, counted without the server's code. */
function countByHand(report: ReturnType<typeof buildReport>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of [...report.errors, ...report.warnings]) counts[d.code] = (counts[d.code] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
