/**
 * A clone of this repository validates at its root (issue 28): the test fixtures, broken on
 * purpose, and the demo's drafts stay out through the root's .docugraphignore.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../src/core/index.js';
import { ROOT } from './helpers/paths.js';

describe('the repository root', () => {
  it('has no errors and no warnings, and its documents include the demo', () => {
    const report = buildReport(loadWorkspace(ROOT));
    expect(report.errors.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([]);
    expect(report.warnings.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([]);
    expect(report.nodeCount).toBeGreaterThanOrEqual(15);
  });
});
