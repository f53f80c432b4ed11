/**
 * Forms a forty-seventh round of held-out repositories wrote (D-524), each case modelled on the lines quoted:
 * - caraseli02/MoldovaDirect, .kiro/specs/shopping-cart/requirements.md:13-32: criteria written as EARS paragraphs under
 *   `#### EARS Format Requirements`, no number — `**WHEN** a customer clicks "Add to Cart" on a product page  ` /
 *   `**THEN** the system **SHALL** add the specified quantity to their cart  ` / `**AND** the system **SHALL** …` — cited by
 *   place (`_Requirements: 1.1, 1.2_`): no criterion read, 209 false LINK_BROKEN in three features.
 * - kot13/osetrovich-app, specs/003-user-profile/spec.md:125, 132: `### ~~User Story 4 — Код для входа и биометрия~~ (снято с
 *   scope)`, then `### User Story 4 — Push-уведомления (Priority: P3)`: the struck story was US4 and the live one ID_DUPLICATE.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (requirements: string, tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/cart/requirements.md': requirements, '.kiro/specs/cart/tasks.md': tasks }));
const criteria = (ws: ReturnType<typeof loadWorkspace>) => [...ws.nodes.values()].filter((n) => n.type === 'acceptance-criterion').map((n) => `${n.id} ${n.item!.line}-${n.item!.end} ${n.title}`);

describe('forms of a forty-seventh round', () => {
  it('Kiro criteria written as EARS paragraphs (`**WHEN** …` / `**THEN** the system **SHALL** …`) are the requirement\'s criteria, by their place', () => {
    const requirements = [
      '# Shopping Cart Requirements Document', // 1
      '', // 2
      '### Requirement 1: Add Products to Cart', // 3
      '', // 4
      '**User Story:** As a customer, I want to add products to my shopping cart, so that I can collect items.', // 5
      '', // 6
      '#### EARS Format Requirements', // 7
      '', // 8
      '**WHEN** a customer clicks "Add to Cart" on a product page  ', // 9
      '**THEN** the system **SHALL** add the specified quantity to their cart  ', // 10
      '**AND** the system **SHALL** validate the quantity against available stock', // 11
      '', // 12
      '**WHEN** a product is already in the cart  ', // 13
      '**THEN** the system **SHALL** increase the quantity by the specified amount', // 14
      '', // 15
      'When the cart is full, we show a hint (a note, not a clause).', // 16
      '', // 17
      'WHEN a product is removed THEN the system SHALL update the total', // 18
      '', // 19
      '**WHEN** the cart is shared (no clause: nothing it shall do)', // 20
      '', // 21
      '### Requirement 2: Persistence', // 22
      '', // 23
      '#### Acceptance Criteria', // 24
      '', // 25
      '1. WHEN a customer returns THEN the system SHALL restore the cart', // 26
      '', // 27
      '**WHEN** storage is unavailable  ', // 28
      '**THEN** the system **SHALL** keep the cart for the session', // 29
      '', // 30
    ].join('\n');
    const tasks = ['- [ ] 1. Cart store', '  - _Requirements: 1.1, 1.2, 1.3_', '- [ ] 2. Persistence', '  - _Requirements: 2.1_', ''].join('\n');
    const ws = load(requirements, tasks);
    expect(criteria(ws)).toEqual([
      'cart/R1.1 9-11 WHEN a customer clicks "Add to Cart" on a product page THEN the system SHALL add the specified quantity to their cart AND the system SHALL validate the quantity against available stock',
      'cart/R1.2 13-14 WHEN a product is already in the cart THEN the system SHALL increase the quantity by the specified amount',
      'cart/R1.3 18-18 WHEN a product is removed THEN the system SHALL update the total',
      // Beside a numbered list, a paragraph is no criterion: the list is.
      'cart/R2.1 26-26 WHEN a customer returns THEN the system SHALL restore the cart',
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('a Spec Kit story whose heading is struck through is out of scope, no story: the next one of its number is the story', () => {
    const spec = ['# Feature Specification', '', '### User Story 3 — Профиль (Priority: P2)', '', 'Text.', '', '### ~~User Story 4 — Код для входа и биометрия~~ (снято с scope)', '', 'Снято.', '', '### User Story 4 — Push-уведомления (Priority: P3)', '', 'Пользователь получает push.', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-user-profile/spec.md': spec, 'specs/003-user-profile/tasks.md': '- [ ] T001 [US3] Profile\n- [ ] T002 [US4] Push\n' }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'user-story').map((n) => `${n.id} ${n.item!.line} ${n.title}`)).toEqual(['003-user-profile/US3 3 Профиль', '003-user-profile/US4 11 Push-уведомления']);
    expect(ws.diagnostics).toEqual([]);
  });
});
