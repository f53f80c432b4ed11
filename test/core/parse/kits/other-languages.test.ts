/**
 * Spec Kit dependencies and ranges written in another language (KITS §7: a template in another
 * language reads the same), modelled on miquelblanch/homelab-ai-monitoring eb2eb22
 * (specs/001-inventario-cobertura-homelab, 019-remediacion-automatica, 026-reiniciar-agentes-relays
 * tasks.md; prose new, shapes kept). References written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';

const refs = (text: string) =>
  readKitFile(text, 1, kitPlaceOf('specs/001-a/tasks.md', ['speckit'])!).read.items.flatMap((i) =>
    i.refs.filter((r) => r.relation !== 'refines').map((r) => `${i.id.slice(6)} ${r.relation} ${r.id.slice(6)} @${r.line} (${r.written})`),
  );

describe('Spec Kit tasks in Spanish and other languages', () => {
  it('`depende de`, its list and a hyphen range, the phrase wrapping across lines', () => {
    const text = [
      '- [ ] T016 [US1] Consolidar el inventario (FR-007 a FR-009; depende de T004, T006-T008)', // 1
      '- [ ] T020 Revisar los agentes — depende de T003,', // 2
      '  T009', // 3
      '- [ ] T021 Reiniciar el relé — depende', // 4
      '  de T005', // 5
      '- [ ] T022 Depende de T001. Después, tras validar T020, limpiar.', // 6
    ].join('\n');
    expect(refs(text)).toEqual([
      'T016 implements US1 @1 ([US1])',
      'T016 implements FR-007 @1 (FR-007 a FR-009)',
      'T016 implements FR-008 @1 (FR-007 a FR-009)',
      'T016 implements FR-009 @1 (FR-007 a FR-009)',
      'T016 depends_on T004 @1 (depende de T004, T006-T008)',
      'T016 depends_on T006 @1 (depende de T004, T006-T008)',
      'T016 depends_on T007 @1 (depende de T004, T006-T008)',
      'T016 depends_on T008 @1 (depende de T004, T006-T008)',
      'T020 depends_on T003 @2 (depende de T003,\n  T009)',
      'T020 depends_on T009 @2 (depende de T003,\n  T009)',
      'T021 depends_on T005 @4 (depende\n  de T005)',
      // `tras validar T020` dates a check, it orders nothing: no phrase names a task right after it.
      'T022 depends_on T001 @6 (Depende de T001)',
    ]);
  });

  it('French, Italian, German and Portuguese phrases and labels; a word range needs the prefix written again', () => {
    const text = [
      '- [ ] T030 Exporter (dépend de T010 et T011)', // 1
      '- [ ] T031 Esportare (dipende da T012)', // 2
      '- [ ] T032 Exportieren, abhängig von T013 und T014', // 3
      '- [ ] T033 Exportar. Dependências: T015, T016', // 4
      '- [ ] T034 FR-001 a 3 pessoas; FR-004 bis FR-005', // 5
    ].join('\n');
    expect(refs(text)).toEqual([
      'T030 depends_on T010 @1 (dépend de T010 et T011)',
      'T030 depends_on T011 @1 (dépend de T010 et T011)',
      'T031 depends_on T012 @2 (dipende da T012)',
      'T032 depends_on T013 @3 (abhängig von T013 und T014)',
      'T032 depends_on T014 @3 (abhängig von T013 und T014)',
      'T033 depends_on T015 @4 (Dependências: T015, T016)',
      'T033 depends_on T016 @4 (Dependências: T015, T016)',
      'T034 implements FR-001 @5 (FR-001)',
      'T034 implements FR-004 @5 (FR-004 bis FR-005)',
      'T034 implements FR-005 @5 (FR-004 bis FR-005)',
    ]);
  });
});
