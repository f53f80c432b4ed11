/**
 * `trace:` and `coverage:` of docugraph.yml (TRACE §5): what they read, and each problem as
 * `CONFIG_INVALID` at its line.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/parse/config.js';
import { DEFAULT_CONFIG } from '../../../src/core/shared/config-types.js';
import { expectSchemaAgrees } from '../../helpers/config-schema.js';

const problems = (text: string) => parseConfig(text).diagnostics.map((d) => `${d.line}: ${d.message}`);

describe('trace and coverage settings', () => {
  it('default to tracing off and no rules', () => {
    expect(DEFAULT_CONFIG.trace).toEqual({ sources: [] });
    expect(DEFAULT_CONFIG.coverage).toEqual([]);
    expect(parseConfig('include: ["**/*.md"]\n').config.trace.sources).toEqual([]);
  });

  it('read the source globs and the rules, types in normal form, sorted, relations in the table order', () => {
    const { config, diagnostics } = parseConfig('trace:\n  sources: [src/**, "test/**/*.ts", "!src/generated/"]\ncoverage:\n  Requirement: [verifies, implements, verifies]\n  design_note: refines\n');
    expect(diagnostics).toEqual([]);
    expect(config.trace.sources).toEqual(['src/**', 'test/**/*.ts', '!src/generated/']);
    expect(config.coverage).toEqual([
      { type: 'design-note', relations: ['refines'] },
      { type: 'requirement', relations: ['implements', 'verifies'] },
    ]);
  });

  it('report each problem at its line', () => {
    expect(problems('trace:\n  source: [src/**]\n')).toEqual(['2: unknown setting `trace.source`; did you mean `trace.sources`? The settings are `trace.sources`']);
    expect(problems('trace:\n  sources: src/**\n')).toEqual(['2: `trace.sources` must be a list of non-empty strings, e.g. `trace.sources: [a, b]`']);
    expect(problems('trace:\n  sources: ["../other/**"]\n')[0]).toMatch(/^2: `trace.sources` pattern `..\/other\/\*\*` climbs out with `..`/);
    expect(problems('coverage: [requirement]\n')[0]).toMatch(/^1: `coverage` must be a mapping of document types to relations/);
    expect(problems('coverage:\n  requirement: [implements, tests]\n')).toEqual(['2: `coverage.requirement` names `tests`, which is not a relation; the relations are `depends_on`, `implements`, `verifies`, `refines`, `related`, `supersedes`']);
    expect(problems('coverage:\n  requirement: implements\n  REQUIREMENT: verifies\n')[0]).toMatch(/^3: `coverage` lists the type `requirement` twice/);
    expect(problems('coverage:\n  requirement: 3\n')[0]).toMatch(/^2: `coverage.requirement` must be a list of non-empty strings/);
  });

  it('an invalid file keeps the defaults', () => {
    expect(parseConfig('trace:\n  sources: [src/**]\ncoverage:\n  requirement: [nope]\n').config).toBe(DEFAULT_CONFIG);
  });
});

describe('the JSON Schema agrees on trace and coverage', () => {
  it('valid and invalid shapes get the same verdict from both', () => {
    const samples = [
      'trace:\n  sources: [src/**, "test/**/*.ts"]\ncoverage:\n  requirement: [implements, verifies]\n  epic: refines\n',
      'trace:\n  sources: []\n',
      'trace:\n  sources: src/**\n',
      'trace:\n  files: [src/**]\n',
      'trace: [src/**]\n',
      'coverage:\n  requirement: [implements, tests]\n',
      'coverage:\n  requirement: tests\n',
      'coverage:\n  requirement: 3\n',
      'coverage: [requirement]\n',
    ];
    expectSchemaAgrees(samples);
  });
});
