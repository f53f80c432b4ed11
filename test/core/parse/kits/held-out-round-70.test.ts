/**
 * A form a seventieth round of held-out repositories wrote (D-553), modelled on the lines quoted:
 * neutryx-lab/neutryx-rust at a12965b (Kiro, cc-sdd in English and Japanese), .kiro/specs/enzyme-autodiff-integration/requirements.md:24-33:
 * `### Requirement 1: Nightly Feature 有効化`, its `**Objective:** As a 開発者, …` line, then the criteria right under it with no heading,
 * `1. When \`enzyme-ad\` feature が有効化された時, the pricer_pricing shall \`#![feature(autodiff)]\` を有効化する` — EARS with `shall` in
 * small letters. No criterion was read: 30 false LINK_BROKEN (every `_Requirements: 1.1, …_`).
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (requirements: string) =>
  loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/enzyme/requirements.md': requirements, '.kiro/specs/enzyme/tasks.md': '- [ ] 1. Enable the feature\n  - _Requirements: 1.1, 1.2_\n' }));
const items = (ws: ReturnType<typeof load>) => [...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => `${n.id.slice('enzyme/'.length)} ${n.item!.line}`);

describe('Kiro criteria right under the requirement, EARS with `shall` in small letters', () => {
  it('`1. When …, the pricer_pricing shall …` under `### Requirement 1:` and its Objective line are its criteria', () => {
    const text = [
      '## Requirements', // 1
      '', // 2
      '### Requirement 1: Nightly Feature 有効化', // 3
      '', // 4
      '**Objective:** As a 開発者, I want `#![feature(autodiff)]` を有効化する仕組み, so that Enzyme マクロが使用可能になる', // 5
      '', // 6
      '1. When `enzyme-ad` feature が有効化された時, the pricer_pricing shall `#![feature(autodiff)]` を有効化する', // 7
      '2. When `enzyme-ad` feature が無効の時, the pricer_pricing shall stable Rust でコンパイル可能な状態を維持する', // 8
      '', // 9
    ].join('\n');
    const ws = load(text);
    expect(items(ws)).toEqual(['R1 3', 'R1.1 7', 'R1.2 8']);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => f.code)).toEqual([]);
  });

  it('a list right under a requirement whose first item is no EARS clause is not its criteria, as before', () => {
    const text = ['### Requirement 1: Notes', '', '1. The team will decide later', '2. Maybe shallow copies', ''].join('\n');
    expect(items(load(text))).toEqual(['R1 1']);
  });
});
