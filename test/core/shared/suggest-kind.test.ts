/**
 * The kind of a kit item's id (shared/suggest-kind.ts), by the shape of its last part: what
 * "did you mean" and coverage by feature (KITS §7) read.
 */
import { describe, expect, it } from 'vitest';
import { itemKind } from '../../../src/core/shared/suggest-kind.js';

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
