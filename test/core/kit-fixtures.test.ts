/**
 * The spec-kit fixtures (test/fixtures/kits/*): folders modelled on each kit's own templates
 * and on public repositories (each fixture's README says which, at which commit), with the
 * nodes, edges, states and findings each should give worked out by hand in its expected.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, type Workspace } from '../../src/core/index.js';

const root = fileURLToPath(new URL('../fixtures/kits/', import.meta.url));
const fixtures = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

interface Expected {
  readonly nodes: readonly { id: string; type: string; title: string; state: string; path: string; line?: number; end?: number }[];
  readonly edges: readonly { from: string; relation: string; to: string }[];
  readonly findings: readonly { code: string; path: string; line: number | null }[];
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function actual(ws: Workspace): Expected {
  const nodes = ws.ids.map((id) => {
    const node = ws.nodes.get(id)!;
    const place = node.item === undefined ? {} : { line: node.item.line, end: node.item.end };
    return { id, type: node.type ?? '', title: node.title, state: ws.states.get(id)!.state, path: node.path, ...place };
  });
  const edges: { from: string; relation: string; to: string }[] = [];
  for (const id of ws.ids) {
    for (const to of ws.upstream.get(id) ?? []) edges.push({ from: id, relation: 'depends_on', to });
    for (const edge of ws.relationsOut.get(id) ?? []) edges.push({ from: id, relation: edge.relation, to: edge.id });
  }
  edges.sort((a, b) => byCodeUnits(a.from, b.from) || byCodeUnits(a.relation, b.relation) || byCodeUnits(a.to, b.to));
  const findings = ws.diagnostics.map((d) => ({ code: d.code, path: d.path, line: d.line }));
  findings.sort((a, b) => byCodeUnits(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || byCodeUnits(a.code, b.code));
  return { nodes, edges, findings };
}

describe('spec-kit fixtures', () => {
  it('there are fixtures of each kit: its own template and three public repositories', () => {
    for (const kit of ['kiro', 'speckit', 'openspec']) expect(fixtures.filter((name) => name.startsWith(`${kit}-`)).length, kit).toBeGreaterThanOrEqual(4);
  });

  it.each(fixtures)('%s: the nodes, edges, states and findings read by hand', (name) => {
    const expected = JSON.parse(readFileSync(`${root}${name}/expected.json`, 'utf8')) as Expected;
    const got = actual(loadWorkspace(`${root}${name}`));
    const sortFindings = [...expected.findings].sort((a, b) => byCodeUnits(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || byCodeUnits(a.code, b.code));
    expect(got.nodes).toEqual(expected.nodes);
    expect(got.edges).toEqual(expected.edges);
    expect(got.findings).toEqual(sortFindings.map((f) => ({ code: f.code, path: f.path, line: f.line })));
  });
});
