/**
 * CONTEXT §3, beyond the feature folder (answer/beyond-folder.ts): a document an item of the
 * bundle links to, and the sections of other documents that name the task's feature, join a
 * kit task's bundle as those sections, each with its reason. Bundles written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';

const requirements = '# Requirements\n\n### Requirement 1: Lock the account\n\n#### Acceptance Criteria\n\n1. WHEN five logins fail THEN the system SHALL lock the account\n';
const sessions = '---\nid: sessions\n---\n# Sessions\n\n## Tokens\n\nTokens live an hour.\n\n## Lockout timer\n\nA locked account opens again after fifteen minutes.\n';
const spike = '---\nid: spike\n---\n# Spike notes\n\n## Unrelated\n\nNothing here.\n\n## Auth\n\nFor .kiro/specs/user-auth the lockout counter must be per account, not per address.\n';

/** The inclusion report's lines of `bundle`. */
const report = (bundle: string) => bundle.slice(bundle.indexOf('## Inclusion report\n') + 20, bundle.indexOf('\n\n## Documents')).split('\n');

describe('beyond the feature folder (CONTEXT §3)', () => {
  it('a document that names the feature by its folder\'s name alone, as a word of its prose (`user-auth`, not `user-authority`)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/user-auth/requirements.md': requirements,
      '.kiro/specs/user-auth/tasks.md': '# Tasks\n\n- [ ] 1. Lock the account after five failed logins\n  - _Requirements: 1.1_\n',
      'notes/plain.md': '---\nid: plain\n---\n# Notes\n\n## Other\n\nThe user-authority service is unrelated.\n\n## Auth\n\nIn user-auth the counter is per account.\n',
    });
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'user-auth/T1', commands: 'cli' });
    expect(report(bundle).filter((line) => line.includes('names the feature'))).toEqual(['- `plain` depth=1: names the feature `user-auth` (notes/plain.md) — 1 of 3 sections (≈13 tokens)']);
    expect(bundle).toContain("#### ## Auth (lines 10-12) — names the feature `user-auth`; matches the task's words: account\n");
  });

  it('the linked section of a document the task links to, and the section of another document that names the feature', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/user-auth/requirements.md': requirements,
      '.kiro/specs/user-auth/tasks.md': '# Tasks\n\n- [ ] 1. Lock the account after five failed logins, as [the notes](../../../docs/sessions.md#lockout-timer) say\n  - _Requirements: 1.1_\n',
      'docs/sessions.md': sessions,
      'notes/spike.md': spike,
    });
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'user-auth/T1', commands: 'cli' });
    expect(report(bundle)).toEqual([
      '- `user-auth/T1` depth=0: requested task',
      '- `user-auth/R1.1` depth=1: implemented by `user-auth/T1`',
      '- `user-auth/R1` depth=2: refined by `user-auth/R1.1`',
      '- `sessions` depth=1: linked from `user-auth/T1` (.kiro/specs/user-auth/tasks.md:3) — 1 of 3 sections (≈18 tokens)',
      '- `spike` depth=1: names the feature `user-auth` (notes/spike.md) — 1 of 3 sections (≈23 tokens)',
    ]);
    expect(bundle).toContain('#### ## Lockout timer (lines 10-12) — the section the link names (#lockout-timer)\n\n## Lockout timer\n\nA locked account opens again after fifteen minutes.\n');
    expect(bundle).toContain("#### ## Auth (lines 10-12) — names the feature `user-auth`; matches the task's words: account, lockout\n");
    expect(bundle).not.toContain('Tokens live an hour.');
    expect(bundle).not.toContain('Nothing here.');
  });

  it('a link without an anchor to a small document gives it whole; a link to a page (no id), out of the root or to another site gives nothing', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/user-auth/requirements.md': requirements,
      '.kiro/specs/user-auth/tasks.md': '# Tasks\n\n- [ ] 1. Lock it; see [notes](../../../docs/sessions.md), [readme](../../../README.md), [up](../../../../x.md), [web](https://example.com/a.md)\n  - _Requirements: 1.1_\n',
      'docs/sessions.md': sessions,
      'README.md': '# Readme\n\nNo id: a page.\n',
    });
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'user-auth/T1', commands: 'cli' });
    expect(report(bundle).filter((line) => line.includes('linked from'))).toEqual(['- `sessions` depth=1: linked from `user-auth/T1` (.kiro/specs/user-auth/tasks.md:3) — 3 of 3 sections (≈34 tokens)']);
    expect(bundle).toContain('Tokens live an hour.');
    expect(bundle).not.toContain('No id: a page.');
  });

  it('a plain folder name counts only with its parent (`specs/auth`), a name two kits share names neither alone, and a document of the feature itself is no "beyond"', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro, speckit]\n',
      '.kiro/specs/auth/requirements.md': requirements,
      '.kiro/specs/auth/tasks.md': '# Tasks\n\n- [ ] 1. Lock the account\n  - _Requirements: 1.1_\n',
      '.kiro/specs/auth/notes.md': '---\nid: auth-notes\n---\n# Notes\n\n## Auth\n\nThe auth lockout lives in specs/auth.\n',
      'specs/001-pay/tasks.md': '- [ ] T001 Pay\n',
      'specs/001-pay/plan.md': '# Plan\n\n## Accounts\n\nThe auth module locks the account.\n\n## Later\n\nAfter .kiro/specs/auth is done, the lockout moves here.\n',
    });
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'auth/T1', commands: 'cli' });
    expect(report(bundle).filter((line) => line.includes('names the feature'))).toEqual(['- `001-pay/plan` depth=1: names the feature `auth` (specs/001-pay/plan.md) — 1 of 3 sections (≈17 tokens)']);
    expect(bundle).toContain('#### ## Later (lines 7-9) — names the feature `auth`\n');
  });

  it('one folder name in two packages: the parent and name name neither, the whole folder path names its own', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\nroots: [packages/api, packages/web]\n',
      'packages/api/specs/001-login/tasks.md': '- [ ] T001 Lock the account\n',
      'packages/web/specs/001-login/tasks.md': '- [ ] T001 Show the lock\n',
      'notes/a.md': '---\nid: a\n---\n# A\n\n## Both\n\nsee specs/001-login for the lock\n\n## Web\n\nsee packages/web/specs/001-login for the lock\n',
    });
    const ws = loadWorkspace(root);
    expect(report(buildBundle(ws, { taskId: 'api:001-login/T001', commands: 'cli' })).filter((line) => line.includes('names the feature'))).toEqual([]);
    expect(report(buildBundle(ws, { taskId: 'web:001-login/T001', commands: 'cli' })).filter((line) => line.includes('names the feature'))).toEqual(['- `a` depth=1: names the feature `001-login` (notes/a.md) — 1 of 3 sections (≈14 tokens)']);
  });

  it('a document that names the task or what it implements by its full id (`auth/R1.1`) joins as that section', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/auth/requirements.md': requirements,
      '.kiro/specs/auth/tasks.md': '# Tasks\n\n- [ ] 1. Lock the account\n  - _Requirements: 1.1_\n',
      'notes/decisions.md': '---\nid: decisions\n---\n# Decisions\n\n## Other\n\nUnrelated.\n\n## Lockout\n\nauth/R1.1 counts failures per account, not per address.\n',
    });
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'auth/T1', commands: 'cli' });
    expect(report(bundle).filter((line) => line.includes('names'))).toEqual(['- `decisions` depth=1: names `auth/R1.1` (notes/decisions.md) — 1 of 3 sections (≈17 tokens)']);
    expect(bundle).toContain("#### ## Lockout (lines 10-12) — names `auth/R1.1`; matches the task's words: account\n");
  });
});
