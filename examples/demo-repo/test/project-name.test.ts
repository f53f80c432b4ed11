import { describe, expect, it } from 'vitest';
import { nameProblem, normaliseName, uniquenessKey } from '../src/domain/project-name.js';

// docugraph: verifies REQ-01
describe('project names', () => {
  it('trims and collapses whitespace', () => {
    expect(normaliseName('  Roadmap   2025 ')).toBe('Roadmap 2025');
  });

  it('rejects names without a letter or digit', () => {
    expect(nameProblem('---')).toBe('the name must contain a letter or a digit');
  });

  it('compares names case-insensitively', () => {
    expect(uniquenessKey('Roadmap  2025')).toBe(uniquenessKey('roadmap 2025'));
  });
});
