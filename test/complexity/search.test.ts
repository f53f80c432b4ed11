/**
 * Complexity (issue 55): the search index over every document's sections, and a query over it,
 * stay near-linear in the workspace's size (t(4n)/t(n), see complexity.ts) — documents of a few
 * sections each, words from a fixed vocabulary, so that common words have long postings.
 */
import { describe, expect, it } from 'vitest';
import { searchList } from '../../src/core/answer/search.js';
import { indexAfter, sectionIndex } from '../../src/core/answer/section-index.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { mulberry32 } from '../helpers/prng.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';
import { buildBundle, loadWorkspace } from '../../src/core/index.js';
import { testdir } from '../helpers/testdir.js';

const WORDS = ['session', 'cookie', 'lockout', 'account', 'theme', 'palette', 'export', 'report', 'queue', 'token', 'album', 'upload', 'index', 'cache', 'billing', 'invite'];

function workspace(n: number) {
  const rand = mulberry32(n);
  const words = (k: number) => Array.from({ length: k }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
  return syntheticWorkspace(Array.from({ length: n }, (_, i) => ({ id: `D-${String(i).padStart(7, '0')}`, body: `# Doc ${i}\n\n${words(20)}\n\n## One\n\n${words(30)}\n\n## Two\n\n${words(30)}\n` })));
}

describe('near-linear search (issue 55)', () => {
  it('the index of every section, then a query that many sections match, its first page made', () => {
    const r = measureRatio(workspace, (ws) => {
      // A copy of every node is another snapshot of other documents: its index is made afresh
      // (indexes are kept per snapshot, and the next takes only the nodes it shares with the last).
      const copy = { ...ws, nodes: new Map([...ws.nodes].map(([id, node]) => [id, { ...node }])) };
      const list = searchList(copy, { query: 'session lockout account' });
      for (let i = 0; i < Math.min(20, list.length); i += 1) list.item(i);
    }, { start: 500, max: 16_000 });
    expect(nearLinear(r), r.summary).toBe(true);
    const ws = workspace(100);
    expect(sectionIndex(ws).units).toHaveLength(300);
  });

  it('the index of a next snapshot that shares all but one of its n documents with the last (their units taken as they were)', () => {
    const r = measureRatio((n) => {
      const ws = workspace(n);
      const nodes = new Map(ws.nodes);
      const first = ws.ids[0]!;
      const node = ws.nodes.get(first)!;
      nodes.set(first, { ...node, text: `${node.text}\n## Three\n`, body: `${node.body}\n## Three\n` });
      return { next: { ...ws, nodes }, before: { nodes: ws.nodes, index: indexAfter(ws, null) } };
    }, ({ next, before }) => {
      const index = indexAfter(next, before);
      expect(index.scanned).toBe(4);
    }, { start: 2_000, max: 32_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  });

  it('a kit task among n tasks and n/4 headings: the index (each task under its heading) and its bundle with the work around it', () => {
    const kit = (n: number) => {
      const rand = mulberry32(n);
      const lines = ['# Tasks', ''];
      for (let i = 1; i <= n; i += 1) {
        if (i % 4 === 1) lines.push(`## Phase ${i}: ${WORDS[Math.floor(rand() * WORDS.length)]}`, '');
        lines.push(`- [ ] T${String(i).padStart(6, '0')} Build \`${WORDS[Math.floor(rand() * WORDS.length)]}Store${i % 50}\` for ${WORDS[Math.floor(rand() * WORDS.length)]} ${WORDS[Math.floor(rand() * WORDS.length)]}`);
      }
      return loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/tasks.md': `${lines.join('\n')}\n`, '.specify/memory/constitution.md': `# Rules\n\n## Sessions\n\n${WORDS.join(' ')}\n` }));
    };
    const r = measureRatio(kit, (ws) => {
      const last = ws.ids.filter((id) => id.startsWith('001-x/T')).at(-1)!;
      buildBundle({ ...ws }, { taskId: last, maxTokens: 20_000 });
    }, { start: 200, max: 8_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  });

  it('a kit task among n documents, a quarter of them naming its feature (CONTEXT §3): the names of every document read once', () => {
    const docs = (n: number) => {
      const files: Record<string, string> = {
        'docugraph.yml': 'kits: [speckit]\n',
        'specs/001-lockout/tasks.md': '- [ ] T001 Lock the account after five failed logins, see [notes](../../notes/d-0000000.md#one)\n',
      };
      for (let i = 0; i < n; i += 1) files[`notes/d-${String(i).padStart(7, '0')}.md`] = `---\nid: D-${i}\n---\n# Note ${i}\n\n## One\n\n${i % 4 === 0 ? 'About specs/001-lockout: ' : ''}${WORDS[i % WORDS.length]} account\n\n## Two\n\nsession ${WORDS[(i * 7) % WORDS.length]}\n`;
      return loadWorkspace(testdir(files));
    };
    const r = measureRatio(docs, (ws) => {
      const bundle = buildBundle({ ...ws }, { taskId: '001-lockout/T001', maxTokens: 20_000 });
      expect(bundle).toContain('names the feature `001-lockout`');
    }, { start: 200, max: 3_200 });
    expect(nearLinear(r), r.summary).toBe(true);
  });
});
