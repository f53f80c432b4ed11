/**
 * Forms a fiftieth round of held-out repositories wrote (D-528), each case modelled on the lines quoted:
 * - catsy86-ops/dluznik (0ff0ed0), .kiro/specs/debt-management-app/requirements.md:21-32 and tasks.md:8-16, 70-76: Polish
 *   `### Wymaganie 1: Rejestracja i Autentykacja Użytkownika` over `#### Kryteria Akceptacji` and `1. WHEN Użytkownik …, THE
 *   System SHALL …`, cited `    - _Wymagania: 1.1, 14.1_` and `**Validates: Requirements 1.1, 1.2**`: no requirement read, 33
 *   false LINK_BROKEN (every `Validates` line), and the `_Wymagania:_` citations lost.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const requirements = (word: string, criteria: string) =>
  ['# Dokument wymagań', '', '## Wymagania', '', `### ${word} 1: Rejestracja i Autentykacja Użytkownika`, '', '**Historia użytkownika:** Jako nowy użytkownik, chcę się zarejestrować.', '', `#### ${criteria}`, '', '1. WHEN Użytkownik przesyła formularz rejestracji, THE System SHALL utworzyć nowe konto', '2. WHEN adres email jest już zarejestrowany, THE System SHALL zwrócić błąd', ''].join('\n');

describe('forms of a fiftieth round', () => {
  it('Kiro in Polish: `### Wymaganie 1:` is requirement 1, its criteria numbered under `#### Kryteria Akceptacji`, cited by `_Wymagania: 1.1_`', () => {
    const tasks = ['- [x] 1. Konfiguracja projektu', '  - [x] 1.1 Inicjalizacja projektu TypeScript', '    - _Wymagania: 1.1_', '  - [~] 1.2 Testy property-based', '    - **Validates: Requirements 1.1, 1.2**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/debt/requirements.md': requirements('Wymaganie', 'Kryteria Akceptacji'), '.kiro/specs/debt/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id} ${n.item!.line}`)).toEqual(['debt/R1 5', 'debt/R1.1 11', 'debt/R1.2 12']);
    expect(ws.relationsOut.get('debt/T1.1')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements debt/R1.1', 'refines debt/T1']);
    expect(ws.relationsOut.get('debt/T1.2')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['verifies debt/R1.1', 'verifies debt/R1.2', 'refines debt/T1']);
    expect(ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`)).toEqual(['COVERAGE_MISSING debt/R1.2']);
  });

  it('a label in a word that is also prose (`Krav`, `Kebutuhan`, `yêu cầu`) cites only opened by `_` or `**`, singular or plural (a review)', () => {
    const tasks = ['- [ ] 1. Svenska', '  - Krav: 1 sekund svarstid', '- [ ] 2. Indonesian', '  - Kebutuhan: 2 server untuk produksi', '- [ ] 3. Xử lý yêu cầu: 2 người dùng', '- [ ] 4. Polski', '  - _Wymaganie: 1.2_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': requirements('Wymaganie', 'Kryteria Akceptacji'), '.kiro/specs/f/tasks.md': tasks }));
    expect(['T1', 'T2', 'T3', 'T4'].map((t) => (ws.relationsOut.get(`f/${t}`) ?? []).map((e) => e.id).join())).toEqual(['', '', '', 'f/R1.2']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('the word for requirement in other languages near those seen: Turkish, Vietnamese, Dutch, Ukrainian, Czech, Finnish, Greek', () => {
    for (const [word, label] of [
      ['Gereksinim', 'Gereksinimler'],
      ['Yêu cầu', 'Yêu cầu'],
      ['Vereiste', 'Vereisten'],
      ['Вимога', 'Вимоги'],
      ['Požadavek', 'Požadavky'],
      ['Vaatimus', 'Vaatimukset'],
      ['Απαίτηση', 'Απαιτήσεις'],
    ] as const) {
      const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': requirements(word, 'Acceptance Criteria'), '.kiro/specs/f/tasks.md': `- [ ] 1. Build\n  - _${label}: 1.1, 1.2_\n` }));
      expect(ws.relationsOut.get('f/T1')?.map((e) => e.id), word).toEqual(['f/R1.1', 'f/R1.2']);
      expect(ws.diagnostics, word).toEqual([]);
    }
  });
});
