/**
 * The kind of a kit item's id (shared/suggest-kind.ts), by the shape of its last part: what
 * "did you mean" and coverage by feature (KITS §7) read.
 */
import { describe, expect, it } from 'vitest';
import { byKind, itemKind } from '../../../src/core/shared/suggest-kind.js';
import { createSuggester } from '../../../src/core/shared/suggest.js';

describe('itemKind', () => {
  it.each([
    ['auth/R2', 'requirement'],
    ['auth/R2.3', 'criterion'],
    ['auth/R12.10', 'criterion'],
    ['auth/T4.1', 'task'],
    ['auth/T10a', 'task'],
    ['change/x/T#3', 'task'],
    ['001-a/US1', 'story'],
    ['user-stories/US-011', 'story'],
    ['001-a/FR-001', 'FR'],
    ['001-a/FR-011-002', 'FR'],
    ['001-a/SC-004', 'SC'],
    ['001-a/NFR-003', 'NFR'],
  ])('%s is a %s', (id, kind) => expect(itemKind(id)).toBe(kind));

  it.each(['BE-02', 'auth/design', 'auth/R', 'auth/R2.', 'auth/R2.x', 'auth/Rx', 'auth/Tasks', 'x/US', 'x/USA', 'x/FR-', 'x/FR-SEC-1', 'x/requirements'])('%s is no kit item kind', (id) => expect(itemKind(id)).toBeNull());
});

describe('byKind', () => {
  const ids = ['009-tickets/FR-050', '009-tickets/FR-055', '010-gate/FR-049', '010-gate/FR-050', '010-gate/T047', '011-shop/FR-055', '012-cart/FR-060'];
  const suggest = byKind(createSuggester(ids), ids);

  it('offers, beside the nearest id of its kind, the one item of another feature that has its last part (`(FR-055 equivalente)`: Victor77-coder/Ticket.com)', () => {
    expect(suggest.best('010-gate/FR-060')).toBe('010-gate/FR-050');
    expect(suggest.elsewhere('010-gate/FR-060')).toBe('012-cart/FR-060');
  });

  it('not when several features have it, nor when none does', () => {
    expect(suggest.elsewhere('010-gate/FR-055')).toBeNull();
    expect(suggest.elsewhere('010-gate/FR-051')).toBeNull();
  });
});

describe('byKind, a criterion\'s part', () => {
  it('is answered with a criterion, never a task: `_Requirements: 6.2.1_` in a feature with no requirements.md (Gosu0101/WPAIS, a fifty-third round)', () => {
    const ids = ['api-layer/T6.1', 'api-layer/T6.2', 'api-layer/tasks'];
    expect(byKind(createSuggester(ids), ids).best('api-layer/R6.2.1')).toBeNull();
  });
});

describe('byKind, a Kiro number', () => {
  const ids = ['gaps/R2.1', 'gaps/R2.10', 'learner/R2.11', 'gaps/T6', 'learner/T7'];
  const suggest = byKind(createSuggester(ids), ids);

  it('is answered from its own feature alone: `_Requirements: 2.11_` names no other feature\'s criterion (Cohortle-inc/cohortle)', () => {
    expect(suggest.best('gaps/R2.11')).toBe('gaps/R2.1');
    expect(suggest.elsewhere('gaps/R2.11')).toBeNull();
    expect(suggest.elsewhere('gaps/T7')).toBeNull();
  });
});
