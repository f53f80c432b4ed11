/**
 * `analyze_impact` (CATALOG, TRACE §4): every document that depends on a given one, transitively,
 * a page at a time; or, with `since`, what changed since a git revision and what to re-read.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { analyzeImpact, type CodeLocation, CONFIG_FILE, createRevisionCache, type ImpactedNode, diffWorkspaces, InvalidArgumentError, loadRevision, readConfig, sourcesOf, type Capped, type LoadedRevision, type PageArguments, type RevisionCache, type Workspace } from '../../core/index.js';
import { pagedJsonAnswer, type Rendered } from '../paged-result.js';
import { registerTool } from '../register-tool.js';
import { depthSchema, idSchema, pageInput, revisionSchema } from '../schemas.js';
import type { ServerState } from '../server-state.js';

export const analyzeImpactInput = z.object({
  nodeId: idSchema('nodeId').optional().describe('Id of the document that changes.'),
  since: revisionSchema.describe('Instead of nodeId: a revision; "HEAD" = uncommitted edits.'),
  maxDepth: depthSchema('maxDepth').describe('Levels to follow. Default: all.'),
  ...pageInput,
});

/**
 * analyze_impact's answer: `{ nodeId, impacted, truncated }`, or with `since` the diff (`since`,
 * `base`, `head`, `documents`, `edges`, `impact`, `diagnostics`, and `note` when the revision
 * was read with today's docugraph.yml instead of its own).
 */
const answerSchema = z.object({}).loose();

/** The most entries of each list but `impact` (which is paged) in an answer with `since`. */
const SINCE_CAP = 50;

/** The base workspaces a server loaded last, per server state: asking `since: "HEAD"` again loads nothing from git but the commit id. */
const revisions = new WeakMap<ServerState, RevisionCache>();
/** The revision load running (or the last one), per server state. */
const loading = new WeakMap<ServerState, Promise<void>>();

function noop(): void {}

export function registerAnalyzeImpact(server: McpServer, state: ServerState): void {
  registerTool(
    server,
    state,
    {
      name: 'analyze_impact',
      title: 'Analyze impact',
      description:
        'Lists every document that depends on nodeId (or implements, verifies, refines it), transitively: what to revisit when it changes, ' +
        'with depth, via and relations; code: source lines tagged with them. TASK_NOT_FOUND: unknown id. ' +
        'With since (a git revision) instead: what changed since, and impact (what to re-read).',
      input: analyzeImpactInput,
      // Two shapes of answer (nodeId, since), each spelled out in the description: one lean schema for both keeps tools/list small.
      output: answerSchema,
    },
    async ({ nodeId, since, maxDepth, limit, cursor }) => {
      if ((nodeId === undefined) === (since === undefined)) throw new InvalidArgumentError('Pass exactly one of nodeId (a document id) and since (a git revision such as "HEAD").', { argument: 'nodeId' });
      const workspace = await state.workspace();
      const page = since === undefined ? impactPage(workspace, nodeId!, maxDepth, { limit, cursor }) : await changesPage(workspace, since, state, { limit, cursor });
      return { content: page.texts.map((text) => ({ type: 'text', text })), structuredContent: page.value as Record<string, unknown> };
    },
  );
}

/**
 * A page of the impact of `nodeId`, as analyze_impact answers it; the `docugraph://impact/{nodeId}`
 * resource answers its first page (`textOnly`), so that its cursor continues with the tool.
 */
export function impactPage(workspace: Workspace, written: string, maxDepth: number | undefined, args: PageArguments, textOnly = false): Rendered {
  const impact = analyzeImpact(workspace, written, maxDepth);
  // The id found (`1559` for `EIP-1559`).
  const nodeId = impact.nodeId;
  return pagedJsonAnswer(
    {
      tool: 'analyze_impact',
      noun: 'impacted documents',
      items: impact.impacted,
      scope: `analyze_impact\n${JSON.stringify([nodeId, maxDepth ?? null])}`,
      snapshot: workspace,
      build: (impacted, more, start) => ({
        nodeId,
        impacted,
        truncated: impact.truncated || more !== null,
        // With tracing on (TRACE §5): the code of the page's documents, and of nodeId on the first page.
        ...(impact.code === undefined ? {} : { code: pageCode(impact.code, nodeId, impacted, start) }),
        ...(more === null ? {} : { nextCursor: more.nextCursor }),
      }),
      textOnly,
    },
    args,
  );
}

/** The traces of a page: those to its documents, and to `nodeId` on the first page (`start` 0), in the answer's order. */
function pageCode(code: readonly CodeLocation[], nodeId: string, impacted: readonly ImpactedNode[], start: number): CodeLocation[] {
  const ids = new Set(impacted.map((node) => node.id));
  if (start === 0) ids.add(nodeId);
  return code.filter((c) => ids.has(c.id));
}

/** `note`, when the revision was read with today's configuration instead of its own. */
function configNote(base: LoadedRevision): { note?: string } {
  if (base.replacedConfig === null) return {};
  const why = base.replacedConfig === 'absent' ? `${base.revision} has no ${CONFIG_FILE}` : `${base.revision}'s ${CONFIG_FILE} differs from today's`;
  return { note: `${why}: it was read with today's, so only the documents' changes show.` };
}

/** A page of what changed since `since` (the live workspace against that revision): `impact` paged, the other lists capped. */
async function changesPage(workspace: Workspace, since: string, state: ServerState, args: PageArguments): Promise<Rendered> {
  let cache = revisions.get(state);
  if (cache === undefined) revisions.set(state, (cache = createRevisionCache()));
  // One revision load at a time per server: calls that arrive meanwhile wait (and then find
  // their commit in the cache), so a burst of calls never runs many loads at once.
  // Read with today's docugraph.yml when the revision's own is absent or another (issue 53): a diff of documents, not of configurations.
  const turn = (loading.get(state) ?? Promise.resolve()).then(() => loadRevision(workspace.root, since, { env: state.env ?? {}, cache, config: readConfig(workspace.root), sources: sourcesOf(workspace) }));
  loading.set(state, turn.then(noop, noop));
  const base = await turn;
  const diff = diffWorkspaces(base.workspace, workspace, { base: { revision: base.revision, commit: base.commit }, head: { revision: null, commit: null }, cap: Number.POSITIVE_INFINITY });
  const cap = <T>(list: Capped<T>): Capped<T> => ({ count: list.count, items: list.items.slice(0, SINCE_CAP) });
  const capAll = (lists: object) => Object.fromEntries(Object.entries(lists as Record<string, Capped<unknown>>).map(([key, list]) => [key, cap(list)]));
  const documents = capAll(diff.documents);
  const edges = capAll(diff.edges);
  const diagnostics = capAll(diff.diagnostics);
  return pagedJsonAnswer(
    {
      tool: 'analyze_impact',
      noun: 'documents to re-read',
      items: diff.impact.items,
      scope: `analyze_impact\nsince\n${base.commit}`,
      snapshot: workspace,
      build: (items, more) => ({ since, base: diff.base, head: diff.head, documents, edges, impact: { count: diff.impact.count, items }, diagnostics, ...configNote(base), ...more }),
    },
    args,
  );
}
