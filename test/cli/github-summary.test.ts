import { describe, expect, it } from 'vitest';
import { renderGithub } from '../../src/cli/render/github.js';
import type { ValidationReport } from '../../src/core/index.js';

const finding = (code: string) => ({ code, message: 'm', nodeId: null, path: 'a.md', line: 1 });

describe('the --format github summary line', () => {
  it('says "1 error" and "1 warning" in the singular, and counts the files read and the documents', () => {
    const report = { workspacePath: '/w', nodeCount: 1, edgeCount: 0, errors: [finding('LINK_BROKEN')], warnings: [finding('MD_LINK_BROKEN')], valid: false } as unknown as ValidationReport;
    const lines = renderGithub(report, (path) => path, 1).trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe('DocuGraph: invalid, 1 error, 1 warning (1 file read, 1 document)');
  });

  it('counts every file read, documents or not', () => {
    const report = { workspacePath: '/w', nodeCount: 2, edgeCount: 0, errors: [], warnings: [], valid: true } as unknown as ValidationReport;
    expect(renderGithub(report, (path) => path, 5)).toBe('DocuGraph: valid, 0 errors, 0 warnings (5 files read, 2 documents)\n');
  });
});
