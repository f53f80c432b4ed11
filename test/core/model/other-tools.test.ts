/**
 * Repositories shaped by other tools (issue 23, META-01 rev 3 §2–3): numbered proposals with
 * integer ids and comma lists, frontmatter written for Jekyll, Hugo, Ruby or Go, and a key
 * reported once for the whole workspace. The expected findings are each fixture's EXPECTED.md.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/model/analyze-file.js';
import { buildReport, loadWorkspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { testdir } from '../../helpers/testdir.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url));
const findings = (report: ReturnType<typeof buildReport>) => [...report.errors, ...report.warnings].map((d) => `${d.code} ${d.path}:${d.line} ${d.nodeId}`);

describe('r23-eips: numbered proposals are a graph once the keys are mapped', () => {
  const workspace = loadWorkspace(fixture('r23-eips'));
  const report = buildReport(workspace);

  it('integer ids are their decimal digits; `requires: 20, 165` is split on the separator', () => {
    expect(workspace.ids).toEqual(['1155', '165', '20', '7000', '721']);
    const edges = [...workspace.upstream].flatMap(([from, to]) => to.map((id) => `${from}->${id}`)).sort();
    expect(edges).toEqual(['1155->165', '7000->721', '721->165', '721->20']);
    expect(report.edgeCount).toBe(4);
  });

  it('the one broken entry names the key the file used, `requires`', () => {
    expect(findings(report)).toEqual(['LINK_BROKEN EIPS/eip-1155.md:5 1155']);
    expect(report.errors[0]!.message).toBe('`requires` names `9999`, but no document has that id; fix the id or add the missing document');
  });
});

describe('r23-other-yaml: frontmatter another tool owns is a page', () => {
  it('only blocks that claim an id or dependency key are FRONTMATTER_INVALID; the pages\' links are checked', () => {
    const report = buildReport(loadWorkspace(fixture('r23-other-yaml')));
    expect(findings(report)).toEqual([
      'FRONTMATTER_INVALID claimed-by-dependency.md:3 null',
      'FRONTMATTER_INVALID claimed.md:4 null',
      'MD_LINK_BROKEN ruby-yaml.md:8 null',
      'MD_LINK_BROKEN unclosed-other.md:4 null',
    ]);
    expect(report).toMatchObject({ nodeCount: 1, edgeCount: 0 });
    // No hint where the line shows none of the usual causes.
    expect(report.errors[0]!.message).toBe('frontmatter is not valid YAML: Missing closing "quote');
  });

  it('a claim is a key at column 0: an indented or quoted `id:` claims nothing', () => {
    const codes = (text: string) => analyzeText('x.md', text).diagnostics.map((d) => d.code);
    expect(codes('---\nid: A\ntags: [a\n---\n')).toEqual(['FRONTMATTER_INVALID']);
    expect(codes('---\nmeta:\n  id: A\ntags: [a\n---\n')).toEqual([]);
    expect(codes('---\ntitle: "id: A\n---\n')).toEqual([]);
    expect(codes('---\ndepends_on: [A\n---\n')).toEqual(['FRONTMATTER_INVALID']);
    // The configured keys claim, the defaults then do not.
    const eips = { fields: { id: 'eip', title: 'title', type: 'type', status: 'status', dependsOn: ['requires'], separator: ',' }, requireId: false };
    expect(analyzeText('x.md', '---\neip: 1\nx: [a\n---\n', eips).diagnostics.map((d) => d.code)).toEqual(['FRONTMATTER_INVALID']);
    expect(analyzeText('x.md', '---\nid: 1\nx: [a\n---\n', eips).diagnostics.map((d) => d.code)).toEqual([]);
  });

  it('empty frontmatter, with or without comments, is an empty mapping: a page', () => {
    for (const text of ['---\n---\n# Jekyll\n', '---\n\n---\nbody\n', '---\n# a Hugo comment\n---\n']) {
      const analysis = analyzeText('x.md', text);
      expect(analysis.node).toBeNull();
      expect(analysis.diagnostics).toEqual([]);
    }
  });
});

describe('r23-backlog: FIELD_MISSPELLED once per key, never on empty values', () => {
  it('one warning on the first file that gives `dependencies` a value, with the count', () => {
    const report = buildReport(loadWorkspace(fixture('r23-backlog')));
    expect(findings(report)).toEqual(['FIELD_MISSPELLED backlog/tasks/task-2 - Task-2.md:5 task-2']);
    expect(report.warnings[0]!.message).toMatch(/; 2 files give it a value; this is the first$/);
    expect(report).toMatchObject({ valid: true, nodeCount: 5, edgeCount: 0 });
  });

  it('the live index moves the warning as files change, as a fresh load would', () => {
    const task = (id: string, deps: string) => `---\nid: ${id}\ntitle: ${id}\ndependencies: ${deps}\n---\n`;
    const root = testdir({ 'a.md': task('A', '[]'), 'b.md': task('B', '[A]'), 'c.md': task('C', '[A]') });
    const index = createWorkspaceIndex(root);
    const live = () => findings(buildReport(index.workspace()));
    const fresh = () => findings(buildReport(loadWorkspace(root)));
    const counts = () => buildReport(index.workspace()).warnings.map((d) => /(\d+) files? give/.exec(d.message)?.[1]);
    index.refresh('all');
    expect(live()).toEqual(['FIELD_MISSPELLED b.md:4 B']);
    expect(counts()).toEqual(['2']);
    // The first file gives the key a value: the warning moves to it, the count grows.
    writeFileSync(join(root, 'a.md'), task('A', '[C]'));
    index.refresh(['a.md']);
    expect(live()).toEqual(['FIELD_MISSPELLED a.md:4 A']);
    expect(counts()).toEqual(['3']);
    expect(live()).toEqual(fresh());
    // Emptied and deleted: back to one file, then none.
    writeFileSync(join(root, 'a.md'), task('A', '[]'));
    rmSync(join(root, 'b.md'));
    index.refresh(['a.md', 'b.md']);
    expect(live()).toEqual(['FIELD_MISSPELLED c.md:4 C']);
    expect(counts()).toEqual(['1']);
    renameSync(join(root, 'c.md'), join(root, 'c.txt'));
    index.refresh(['c.md', 'c.txt']);
    expect(live()).toEqual([]);
    expect(live()).toEqual(fresh());
  });
});
