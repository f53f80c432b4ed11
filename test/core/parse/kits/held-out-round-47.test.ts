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

  describe('a review of the first version', () => {
    const kiro = (files: Record<string, string>) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', ...files }));
    const ids = (ws: ReturnType<typeof loadWorkspace>) => [...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id} ${n.item!.line}`);
    const broken = (ws: ReturnType<typeof loadWorkspace>) => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').length;

    it('a paragraph that opens as a clause and numbers its lines keeps them (`WHILE the device is offline:` / `1.1. THE app SHALL …`), in requirements and bugfix alike', () => {
      const requirements = ['# Requirements Document', '', '### Requirement 1: Offline mode', '', '#### Acceptance Criteria', '', 'WHILE the device is offline:', "1.1. THE app SHALL queue the user's changes", '1.2. THE app SHALL show an offline banner', ''].join('\n');
      const ws = kiro({ '.kiro/specs/f/requirements.md': requirements, '.kiro/specs/f/tasks.md': '- [ ] 1. Offline\n  - _Requirements: 1.1, 1.2_\n' });
      expect([ids(ws), broken(ws)]).toEqual([['f/R1 3', 'f/R1.1 8', 'f/R1.2 9'], 0]);
      const bugfix = ['# Bugfix Requirements Document', '', '### Current Behavior (Defect)', '', '1.1 WHEN the cart holds 100 items THEN checkout crashes', '', '### Expected Behavior (Correct)', '', 'WHEN the cart holds more than 99 items:', '2.1 WHEN the user opens checkout THEN the system SHALL show the summary', '2.2 WHEN the user pays THEN the system SHALL place the order', ''].join('\n');
      const fix = kiro({ '.kiro/specs/bug/bugfix.md': bugfix, '.kiro/specs/bug/tasks.md': '- [ ] 1. Test\n  - _Requirements: 1.1_\n- [ ] 2. Fix\n  - _Requirements: 2.1, 2.2_\n' });
      expect([ids(fix), broken(fix)]).toEqual([['bug/R1 3', 'bug/R1.1 5', 'bug/R2 7', 'bug/R2.1 10', 'bug/R2.2 11'], 0]);
    });

    it('a clause paragraph neither hides the criteria heading nor breaks a list that goes on after a group heading, and outside a named criteria heading is none', () => {
      const unnamed = ['### Requirement 1: Export', '', '#### Summary', '', 'THE system SHALL let users export their data.', '', '#### Done when', '', '1. WHEN a user asks for an export THEN the system SHALL email a link', '2. WHEN the link is older than a day THEN the system SHALL refuse it', ''].join('\n');
      const continued = ['### Requirement 1: Agent', '', '#### Acceptance Criteria', '', '1. WHEN an alert fires THE SRE_Agent SHALL open an incident', '2. WHEN the incident closes THE SRE_Agent SHALL write a summary', '', '#### Multimodal', '', 'THE SRE_Agent SHALL accept images as well as text.', '', '3. WHEN an image is attached THE SRE_Agent SHALL describe it', '4. WHEN an image is too large THE SRE_Agent SHALL reject it', ''].join('\n');
      const outside = ['### Requirement 1: Export', '', 'THE system SHALL let users export their data.', '', '#### Acceptance Criteria', '', '- WHEN a user asks for an export THEN the system SHALL email a link', ''].join('\n');
      const tasks = '- [ ] 1. Export\n  - _Requirements: 1.1, 1.2_\n';
      expect(ids(kiro({ '.kiro/specs/f/requirements.md': unnamed, '.kiro/specs/f/tasks.md': tasks }))).toEqual(['f/R1 1', 'f/R1.1 9', 'f/R1.2 10']);
      expect(ids(kiro({ '.kiro/specs/f/requirements.md': continued, '.kiro/specs/f/tasks.md': tasks }))).toEqual(['f/R1 1', 'f/R1.1 5', 'f/R1.2 6', 'f/R1.3 12', 'f/R1.4 13']);
      expect(ids(kiro({ '.kiro/specs/f/requirements.md': outside, '.kiro/specs/f/tasks.md': tasks }))).toEqual(['f/R1 1']);
    });

    it('only what a heading strikes through is gone: `### ~~Draft:~~ User Story 3 - Export` is US3; a struck story no live one replaces stays the story it was', () => {
      const speckit = (spec: string, tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-p/spec.md': spec, 'specs/003-p/tasks.md': tasks }));
      const drafted = speckit('### User Story 1 - Profile (Priority: P1)\n\n### ~~Draft:~~ User Story 3 - Export (Priority: P2)\n', '- [ ] T001 [US1] Profile\n- [ ] T003 [US3] Export\n');
      expect([ids(drafted), broken(drafted)]).toEqual([['003-p/US1 1', '003-p/US3 3'], 0]);
      const dropped = speckit('### User Story 1 - Profile (Priority: P1)\n\n### ~~User Story 2 - Biometrics (Priority: P2)~~ (out of scope)\n', '- [ ] T001 [US1] Profile\n- [x] T003 [US2] Biometric spike\n');
      expect([ids(dropped), broken(dropped)]).toEqual([['003-p/US1 1', '003-p/US2 3'], 0]);
    });
  });
});
