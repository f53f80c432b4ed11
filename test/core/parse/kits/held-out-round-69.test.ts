/**
 * A form a sixty-ninth round of held-out repositories wrote (D-551), modelled on the lines quoted:
 * AleLlontop/GT-Logistica at 5b13a6f (Spec Kit, Spanish), specs/006-gestion-facturacion/tasks.md:161: `- [X] T054 [US2] Implementar
 * \`…/ConsultarFacturables.cs\`: … para que la pantalla los muestre con la palabra que lo explica (FR-015 a FR-019a)` — a range whose end
 * carries the letter of a requirement inserted after FR-019; only its two ends were read (four false COVERAGE_MISSING: FR-016 to FR-019).
 * The same repository writes one number's inserted requirements as a range too (`## A. Catálogo … (FR-017 a FR-017d)`).
 * 0xRabbidfly/pepedawn at 09b5418 (Spec Kit), specs/001-build-a-simple/tasks.md:80: `- [X] T031-MIN [P] Create simple title page in
 * \`frontend/index.html\`` — 15 tasks `T031-MIN` … `T055-MIN` read by their place, not readable by their id.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const fr = (n: string) => `- **FR-${n}**: El sistema DEBE cumplir ${n}.`;
const SPEC = ['# Especificación', '', '## Requisitos', '', ...['015', '016', '017', '017a', '017b', '017c', '017d', '018', '019', '019a', '020'].map(fr), ''].join('\n');

const implemented = (line: string) => {
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/006-facturacion/spec.md': SPEC, 'specs/006-facturacion/tasks.md': `# Tareas\n\n${line}\n` }));
  return (ws.relationsOut.get('006-facturacion/T054') ?? []).map((e) => `${e.relation} ${e.id.slice('006-facturacion/'.length)}`);
};

describe('a range whose end carries an inserted requirement\'s letter', () => {
  it('`(FR-015 a FR-019a)` runs from FR-015 to FR-019, then FR-019a; written with a dash or `to`, the same', () => {
    const all = ['FR-015', 'FR-016', 'FR-017', 'FR-018', 'FR-019', 'FR-019a'].map((id) => `implements ${id}`);
    expect(implemented('- [X] T054 [US2] Implementar `ConsultarFacturables.cs`: la palabra que lo explica (FR-015 a FR-019a)')).toEqual(all);
    expect(implemented('- [ ] T054 Implement the listing (FR-015–FR-019a)')).toEqual(all);
    expect(implemented('- [ ] T054 Implement the listing (FR-015 to FR-019a)')).toEqual(all);
  });

  it('`FR-017 a FR-017d` is FR-017 and its inserted FR-017a to FR-017d; a letter glued to a word after the end is no id\'s', () => {
    expect(implemented('- [ ] T054 Catálogo (FR-017 a FR-017d)')).toEqual(['FR-017', 'FR-017a', 'FR-017b', 'FR-017c', 'FR-017d'].map((id) => `implements ${id}`));
    expect(implemented('- [ ] T054 Listado (FR-015 a FR-016abc)')).toEqual(['implements FR-015']);
  });

  it('a number with a unit after an id is no range\'s end (`FR-015 — 30s TTL`, `FR-015 to 17k rows`: a review); a capital letter is an inserted id\'s too', () => {
    expect(implemented('- [ ] T054 Cache the listing (FR-015 — 30s TTL)')).toEqual(['implements FR-015']);
    expect(implemented('- [ ] T054 Page the listing, FR-015 to 17k rows')).toEqual(['implements FR-015']);
    expect(implemented('- [ ] T054 Cache it (FR-015 – 2s target)')).toEqual(['implements FR-015']);
    const upper = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/006-facturacion/spec.md': SPEC.replace('FR-019a', 'FR-019A'), 'specs/006-facturacion/tasks.md': '# Tareas\n\n- [ ] T054 Listado (FR-018 a FR-019A)\n' }));
    expect(upper.relationsOut.get('006-facturacion/T054')!.map((e) => e.id.slice('006-facturacion/'.length))).toEqual(['FR-018', 'FR-019', 'FR-019A']);
  });

  it('a Spec Kit task id with a word after a dash, `T031-MIN`, is that task\'s id, beside `T030` and `T037`', () => {
    const tasks = ['# Tasks', '', '- [X] T030 [P] Add puzzle proof submission interface in `frontend/src/main.js`', '- [X] T031-MIN [P] Create simple title page in `frontend/index.html`', '- [X] T033-MIN Connect frontend to contract', '- [ ] T037 Add network switching', '', 'T031-MIN: Simple title page (index.html) ✅', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-build-a-simple/spec.md': SPEC, 'specs/001-build-a-simple/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id.slice('001-build-a-simple/'.length)} ${n.item!.line} ${n.status} ${n.title}`)).toEqual([
      'T030 3 done Add puzzle proof submission interface in `frontend/src/main.js`',
      'T031-MIN 4 done Create simple title page in `frontend/index.html`',
      'T033-MIN 5 done Connect frontend to contract',
      'T037 6 todo Add network switching',
    ]);
  });
});
