/**
 * Forms a twenty-fourth round of public repositories wrote, judged by hand on 22cee82 before
 * anything was changed for them (108 reference findings, 9 false); each case is modelled on the
 * lines quoted, its items and references worked out by hand:
 * - 0kam/echoroo at 9ea0179: a range of compound ids written with two dots glued, `(FR-011-110..115)`
 *   (specs/011-zero-email-deployment/tasks.md line 321: read as FR-011-110 alone, 14 false
 *   COVERAGE_MISSING), and ranges over a letter inserted later, `(FR-076a〜c)` and `FR-014〜015a`
 *   (specs/006-permissions-redesign/tasks.md lines 360, 87: 4 more); `FR-076a/076d` (spec.md line 1009);
 * - 7Republik/reservo-spot at ac954c1: tasks as Spanish headings with their done mark, `### ✅ Tarea 1.1:
 *   Migración - Campo de umbral rápido` (.kiro/specs/02-estadisticas-check-in/tasks.md: 16 unread, and the
 *   file's title `# 02 - Dashboard de Estadísticas de Check-in - Tareas` read as a task T02);
 * - yoppyyyy/yoneko-utawaku at the round's commit: `- **Depends on**: T-2, T-5` under `### Task 6: データ読み込みと初期化`
 *   (.kiro/specs/mvp/tasks.md line 70: the 16 dependencies of the file dropped).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { requirementIds } from '../../../../src/core/parse/kits/speckit-ids.js';
import { testdir } from '../../../helpers/testdir.js';

const idsIn = (text: string): string[] => [...requirementIds(text)].flatMap((written) => written.ids);

describe('forms of a twenty-fourth round', () => {
  it('Spec Kit: `FR-011-110..115` runs over the last part, `FR-076a〜c` over the letters, `FR-014〜015a` to FR-015 then FR-015a', () => {
    expect(idsIn('(FR-011-110..115): success')).toEqual(['FR-011-110', 'FR-011-111', 'FR-011-112', 'FR-011-113', 'FR-011-114', 'FR-011-115']);
    expect(idsIn('(FR-076a〜c)')).toEqual(['FR-076a', 'FR-076b', 'FR-076c']);
    expect(idsIn('FR-014〜015a の範囲')).toEqual(['FR-014', 'FR-015', 'FR-015a']);
    expect(idsIn('(FR-076a/076d)')).toEqual(['FR-076a', 'FR-076d']);
    // Not ranges: three dots and a space, a letter going back, a word after the letter.
    expect(idsIn('SC-002... 15 users')).toEqual(['SC-002']);
    expect(idsIn('FR-003..5 min timeout')).toEqual(['FR-003']);
    expect(idsIn('FR-076c〜a')).toEqual(['FR-076c']);
    expect(idsIn('FR-014〜015abc')).toEqual(['FR-014']);
    const spec = ['- **FR-011-110**: a', '- **FR-011-111**: b', '- **FR-011-112**: c', '- **FR-076a**: d', '- **FR-076b**: e', '- **FR-076c**: f', ''].join('\n');
    const tasks = ['- [x] T291 [P] Add `test_bulk_invitation.py` (FR-011-110..112): success with 10 emails', '- [ ] T820 [P] outbox processor 経由で 60s 以内 revoke (FR-076a〜c)', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/011-zero/spec.md': spec, 'specs/011-zero/tasks.md': tasks }));
    expect(ws.relationsOut.get('011-zero/T291')!.map((edge) => edge.id)).toEqual(['011-zero/FR-011-110', '011-zero/FR-011-111', '011-zero/FR-011-112']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('Kiro: `### ✅ Tarea 1.1: Migración` is task 1.1, done; the file’s title `# 02 - Dashboard … - Tareas` is no task', () => {
    const tasks = [
      '# 02 - Dashboard de Estadísticas de Check-in - Tareas', // 1
      '', // 2
      '## Fase 1: Setup y Migración de Base de Datos', // 3
      '', // 4
      '### ✅ Tarea 1.1: Migración - Campo de umbral rápido', // 5
      '**Criterios:**', // 6
      '- [x] Migración creada', // 7
      '', // 8
      '### Tarea 2.1: Definir tipos de estadísticas', // 9
      '- [x] Tipos definidos', // 10
      '- [ ] Tipos exportados', // 11
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/02-stats/tasks.md': tasks }));
    const read = [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title, n.item!.line, n.status]);
    expect(read).toEqual([
      ['02-stats/T1.1', 'Migración - Campo de umbral rápido', 5, 'done'],
      ['02-stats/T2.1', 'Definir tipos de estadísticas', 9, 'in-progress'],
    ]);
  });

  it('Kiro: `### タスク 1.1 ✅: …` is task 1.1 (the number read whole), `## Tarefa 1:` over boxes `1.1`, `1.2` their parent', () => {
    // Modelled on nonnta-ww/bulr-app-mvp at 7f73de6 (.kiro/specs/entry-flow/tasks.md lines 11, 91) and
    // Brunobiu/FreteGOBR (.kiro/specs/dashboard-redesign/tasks.md lines 3-9).
    const japanese = ['# 実装タスク — entry-flow', '', '### タスク 1.1 ✅: entry スキーマの追加', '- [ ] `entry.ts` — 新規作成', '', '### タスク 1.2 ✅: Drizzle migration の生成と適用', ''].join('\n');
    const portuguese = ['# Tarefas', '', '## Tarefa 1: Criar Hooks de Suporte', '', '- [x] 1.1 Criar hook `useViewPreference`', '- [x] 1.2 Criar hook `useIsMobile`', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/entry/tasks.md': japanese, '.kiro/specs/dash/tasks.md': portuguese }));
    const read = (scope: string) => [...ws.nodes.values()].filter((n) => n.type === 'task' && n.id.startsWith(scope)).map((n) => [n.id, n.title, n.status]);
    expect(read('entry/')).toEqual([
      ['entry/T1.1', 'entry スキーマの追加', 'done'],
      ['entry/T1.2', 'Drizzle migration の生成と適用', 'done'],
    ]);
    expect(read('dash/')).toEqual([
      ['dash/T1', 'Criar Hooks de Suporte', 'done'],
      ['dash/T1.1', 'Criar hook `useViewPreference`', 'done'],
      ['dash/T1.2', 'Criar hook `useIsMobile`', 'done'],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('Kiro: `- **Depends on**: T-2, T-5` under `### Task 6:` names tasks 2 and 5', () => {
    const tasks = [
      '### Task 2: HTMLシェル作成',
      '- **ID**: T-2',
      '- **Depends on**: なし',
      '- [x] `site/index.html` を作成',
      '',
      '### Task 5: サンプルJSONデータ作成',
      '- **ID**: T-5',
      '- **Depends on**: なし',
      '- [x] streams.json',
      '',
      '### Task 6: データ読み込みと初期化',
      '- **ID**: T-6',
      '- **Depends on**: T-2, T-5',
      '- [ ] `fetch()` で取得',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/mvp/tasks.md': tasks }));
    expect(ws.nodes.get('mvp/T6')!.dependsOn).toEqual(['mvp/T2', 'mvp/T5']);
    expect(ws.nodes.get('mvp/T2')!.dependsOn).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

describe('a review of the twenty-fourth round’s change', () => {
  it('a range’s end that writes the prefix of an id of several parts repeats every part (`FR-011-002–FR-011-005`, `NFR-2-1 – NFR-2-3`)', () => {
    expect(idsIn('FR-011-002–FR-011-005')).toEqual(['FR-011-002', 'FR-011-003', 'FR-011-004', 'FR-011-005']);
    expect(idsIn('SC-015-001 through SC-015-007')).toEqual(['SC-015-001', 'SC-015-002', 'SC-015-003', 'SC-015-004', 'SC-015-005', 'SC-015-006', 'SC-015-007']);
    expect(idsIn('NFR-2-1 – NFR-2-3')).toEqual(['NFR-2-1', 'NFR-2-2', 'NFR-2-3']);
    // Another id's parts: the two ends, no range.
    expect(idsIn('FR-011-002..FR-012-003')).toEqual(['FR-011-002', 'FR-012-003']);
    // A part with a letter narrower than the first number, or a dotted end, is no id of the list.
    expect(idsIn('FR-001/2d')).toEqual(['FR-001']);
    expect(idsIn('FR-001..3.5')).toEqual(['FR-001']);
  });

  it('Kiro: `### タスク 1-1: DB設計` is no task 1 (the boxes under it are read as before)', () => {
    const tasks = ['### タスク 1-1: DB設計', '- [ ] 1.1 テーブル作成', '', '### タスク 1-2: API実装', '- [ ] 1.2 エンドポイント', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id)).toEqual(['a/T1.1', 'a/T1.2']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });
});
