/**
 * The negative fixtures of MCP-G0 §6: each reports its defect with the right code and line
 * (see each fixture's EXPECTED.md), and nothing else.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../src/core/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}/`, import.meta.url));
const summary = (name: string) => {
  const report = buildReport(loadWorkspace(fixture(name)));
  return {
    valid: report.valid,
    errors: report.errors.map((d) => `${d.code} ${d.path}:${d.line}`),
    warnings: report.warnings.map((d) => `${d.code} ${d.path}:${d.line}`),
  };
};

describe('negative fixtures', () => {
  it('broken-dependency: LINK_BROKEN for an unknown id and for a path', () => {
    expect(summary('broken-dependency')).toEqual({
      valid: false,
      errors: ['LINK_BROKEN tasks/TASK-1.md:8', 'LINK_BROKEN tasks/TASK-1.md:9'],
      warnings: [],
    });
  });

  it('cycle: one LINK_CYCLE on the smallest id', () => {
    expect(summary('cycle')).toEqual({ valid: false, errors: ['LINK_CYCLE cyc-a.md:7'], warnings: [] });
    const [cycle] = buildReport(loadWorkspace(fixture('cycle'))).errors;
    expect(cycle).toMatchObject({ nodeId: 'CYC-A', message: expect.stringContaining('CYC-A -> CYC-B -> CYC-C -> CYC-A') });
  });

  it('self-cycle: LINK_CYCLE for a document that depends on itself', () => {
    expect(summary('self-cycle')).toEqual({ valid: false, errors: ['LINK_CYCLE self.md:7'], warnings: [] });
  });

  it('broken-md-link: MD_LINK_BROKEN (error) and MD_ANCHOR_BROKEN (warning); code does not count', () => {
    expect(summary('broken-md-link')).toEqual({
      valid: false,
      errors: ['MD_LINK_BROKEN doc-a.md:12'],
      warnings: ['MD_ANCHOR_BROKEN doc-b.md:15'],
    });
  });

  it('invalid-frontmatter: one FRONTMATTER_INVALID per broken file that claims to be DocuGraph\'s, at the right line', () => {
    expect(summary('invalid-frontmatter')).toEqual({
      valid: false,
      errors: ['FRONTMATTER_INVALID bad-yaml.md:3', 'FRONTMATTER_INVALID duplicate-keys.md:6', 'FRONTMATTER_INVALID unclosed.md:1'],
      warnings: [],
    });
  });

  it('duplicate-id: ID_DUPLICATE on both files, and the id still resolves', () => {
    expect(summary('duplicate-id')).toEqual({
      valid: false,
      errors: ['ID_DUPLICATE team-a/DUP-1.md:2', 'ID_DUPLICATE team-b/DUP-1.md:2'],
      warnings: [],
    });
  });

  it('crlf-bom: CRLF and BOM files are valid, with the same lines as LF files', () => {
    expect(summary('crlf-bom')).toEqual({ valid: true, errors: [], warnings: [] });
    const ws = loadWorkspace(fixture('crlf-bom'));
    expect(ws.nodes.get('CRLF-SPEC')?.title).not.toMatch(/\r/);
    expect([...ws.nodes.values()].every((n) => !n.text.includes('\r') && n.text.charCodeAt(0) !== 0xfeff)).toBe(true);
  });
});
