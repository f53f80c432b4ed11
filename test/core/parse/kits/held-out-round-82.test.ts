/**
 * A form an eighty-second round wrote (D-570), modelled on the lines quoted: j5ik2o/takt-sdd at fe3d5f5 (Kiro, Japanese),
 * .kiro/specs/retire-legacy-workflow-surface/tasks.md:46, in task 4's own bullets, `タスク 6 の _Depends:_ 4 はこの破壊経路を防ぐ順序制約である`
 * ("task 6's _Depends:_ 4 is the ordering constraint that prevents this breakage"): read as task 4 depending on itself, a false
 * LINK_CYCLE; its own `_Depends:_ 1.2` follows.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('a dependency a task\'s prose quotes of its own number', () => {
  it('is no dependency on itself (no LINK_CYCLE); its own label is read', () => {
    const tasks = [
      '- [x] 1.2 共通基盤を整える',
      '',
      '- [x] 4. installer の init 退役と依存伝播の縮小を行う',
      '  - openspec 依存宣言の削除（タスク 6）を本タスクより先に行うと…。タスク 6 の _Depends:_ 4 はこの破壊経路を防ぐ順序制約である',
      '  - _Depends:_ 1.2',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/retire/tasks.md': tasks }));
    expect(ws.nodes.get('retire/T4')!.dependsOn).toEqual(['retire/T1.2']);
    expect(buildReport(ws).errors.filter((f) => f.code === 'LINK_CYCLE')).toEqual([]);
  });
});

