/**
 * The project reads its own docs as a user would (issue 56): `docs/` is a DocuGraph workspace —
 * the decisions one document each under docs/decisions/, the other pages pages — and it
 * validates without an error: every decision's frontmatter is read, every `depends_on` and
 * `supersedes` names a decision, every link and anchor resolves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../src/core/index.js';
import { ROOT } from './helpers/paths.js';

describe('docs/ as a DocuGraph workspace', () => {
  const ws = loadWorkspace(join(ROOT, 'docs'));

  it('validates without an error or a warning', () => {
    const report = buildReport(ws);
    expect(report.errors.map((d) => `${d.path}:${d.line} ${d.code} ${d.message}`)).toEqual([]);
    expect(report.warnings.map((d) => `${d.path}:${d.line} ${d.code} ${d.message}`)).toEqual([]);
  });

  it('holds every decision file as a decision with an id, title, status, date and topic', () => {
    const files = readdirSync(join(ROOT, 'docs', 'decisions')).filter((name) => name.endsWith('.md'));
    const decisions = ws.ids.filter((id) => ws.nodes.get(id)!.type === 'decision');
    expect(decisions).toHaveLength(files.length);
    for (const id of decisions) {
      const node = ws.nodes.get(id)!;
      expect(id).toMatch(/^D-\d{3}$/);
      expect(node.path).toBe(`decisions/${files.find((f) => f.startsWith(`${id}-`))}`);
      expect(node.status === 'accepted' || node.status === 'superseded', id).toBe(true);
      expect(node.text, id).toMatch(/\ndate: \d{4}-\d{2}-\d{2}\n/);
      expect(node.text, id).toMatch(/\ntopic: ".+"\n/);
    }
    // The passes of a measurement build on one another.
    expect(ws.upstream.get('D-307')).toEqual(['D-301']);
  });

  it('lists every decision file in docs/decisions.md, under the topic its frontmatter names', () => {
    const index = readFileSync(join(ROOT, 'docs', 'decisions.md'), 'utf8');
    const files = readdirSync(join(ROOT, 'docs', 'decisions')).filter((name) => name.endsWith('.md'));
    expect(files.filter((name) => !index.includes(`(decisions/${name})`))).toEqual([]);
    // Under its topic: the last `## ` heading before its line is the topic's (written `## <topic>`).
    const misplaced = files.filter((name) => {
      const at = index.indexOf(`(decisions/${name})`);
      const heading = index.slice(0, at).match(/^## (.+)$/gm)?.at(-1)?.slice(3);
      const topic = /\ntopic: "(.+)"\n/.exec(readFileSync(join(ROOT, 'docs', 'decisions', name), 'utf8'))?.[1];
      return at !== -1 && heading !== topic;
    });
    expect(misplaced).toEqual([]);
  });
});
