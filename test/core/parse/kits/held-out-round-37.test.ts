/**
 * Forms a thirty-seventh round of public repositories wrote, judged by hand on 11a0d67 before anything was changed
 * for them:
 * - renato-quintupil/unab-foodvoice (3b09244): a task cites `(FR-039c)` (specs/001-acceso-y-usuarios/tasks.md line 369),
 *   clause (c) of `- **FR-039**: … cuatro condiciones … (a) … (b) …` (spec.md line 505): LINK_BROKEN, the round's one
 *   false finding of 57.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a thirty-seventh round', () => {
  it('Spec Kit: `FR-039c` names FR-039 where FR-039 writes a clause (c); `FR-007b` beside `FR-007a`, or of an FR-011 with no clauses, is missing', () => {
    const spec = [
      '# Especificación',
      '',
      '- **FR-007**: El sistema DEBE registrar.',
      '- **FR-007a**: El sistema DEBE registrar también el origen.',
      '- **FR-039**: Las pantallas DEBEN cumplir cuatro condiciones: (a) teclado, (b) contraste, (c) etiquetas, (d) foco.',
      '- **FR-011**: El filtro de respuestas es obligatorio.',
      '',
    ].join('\n');
    // A retired `FR-011a` of an FR-011 that writes no clause stays broken (0kam/echoroo; a review).
    const tasks = ['- [X] T137 Anotar `campo.tsx` (FR-039c).', '- [X] T138 Registrar el origen (FR-007b).', '- [X] T139 Sincronizar (FR-011a).', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-acceso/spec.md': spec, 'specs/001-acceso/tasks.md': tasks }));
    expect(ws.relationsOut.get('001-acceso/T137')!.map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 001-acceso/FR-039']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => `${d.line} ${d.message.slice(0, 60)}`)).toEqual(['2 001-acceso/T138 implements `001-acceso/FR-007b` (written `FR', '3 001-acceso/T139 implements `001-acceso/FR-011a` (written `FR']);
  });
});
