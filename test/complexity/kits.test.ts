/**
 * Complexity (KITS §2–5): a kit file of many items is read, linked and answered in time near
 * linear in its items, measured by the ratio t(4n)/t(n) (complexity.ts) at the sizes the issue
 * names: tasks files of 5,000 and 20,000 tasks, a requirements file of 5,000 and 20,000
 * criteria — the whole load (read, items, ids, graph, states, coverage) and the report.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildBundle, buildReport, formatReport, listTasks, loadWorkspace } from '../../src/core/index.js';
import { oneLine } from '../../src/core/parse/kits/outline.js';
import { readKitFile } from '../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../src/core/read/kit-paths.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { testdir } from '../helpers/testdir.js';

const remove = (root: string) => rmSync(root, { recursive: true, force: true });

/** A Kiro feature: `n` criteria (ten a requirement), `n` tasks in groups of ten, each citing a criterion and the task before it. */
function kiroFeature(n: number): string {
  const requirements = ['# Requirements', ''];
  for (let r = 1; r <= n / 10; r += 1) {
    requirements.push(`### Requirement ${r}: Part ${r}`, '', `**User Story:** As a user, I want part ${r}`, '', '#### Acceptance Criteria', '');
    for (let c = 1; c <= 10; c += 1) requirements.push(`${c}. WHEN event ${r}.${c} THEN the system SHALL answer`);
    requirements.push('');
  }
  const tasks = ['# Implementation Plan', ''];
  for (let g = 1; g <= n / 10; g += 1) {
    tasks.push(`- [${g % 3 === 0 ? 'x' : ' '}] ${g}. Group ${g}`);
    for (let t = 1; t < 10; t += 1) tasks.push(`  - [ ] ${g}.${t} Task ${g}.${t}`, `    - _Requirements: ${g}.${t}, ${g}.${t + 1}_`, t > 1 ? `    - _Depends: ${g}.${t - 1}_` : '    - Details');
  }
  return testdir({
    'docugraph.yml': 'kits: [kiro]\n',
    '.kiro/specs/big/requirements.md': `${requirements.join('\n')}\n`,
    '.kiro/specs/big/design.md': '# Design\n',
    '.kiro/specs/big/tasks.md': `${tasks.join('\n')}\n`,
  });
}

/** A Spec Kit feature: `n` tasks naming stories and requirements, each after the one before. */
function speckitFeature(n: number): string {
  const spec = ['# Spec', ''];
  for (let s = 1; s <= 10; s += 1) spec.push(`### User Story ${s} - Story ${s} (Priority: P1)`, '', 'Text.', '');
  spec.push('## Requirements', '');
  for (let r = 1; r <= n / 10; r += 1) spec.push(`- **FR-${String(r).padStart(3, '0')}**: System MUST do ${r}`);
  const tasks = ['# Tasks', ''];
  for (let t = 1; t <= n; t += 1) {
    const id = `T${String(t).padStart(5, '0')}`;
    const after = t > 1 ? ` (depends on T${String(t - 1).padStart(5, '0')})` : '';
    tasks.push(`- [ ] ${id} [P] [US${(t % 10) + 1}] Do FR-${String((t % (n / 10)) + 1).padStart(3, '0')}${after}`);
  }
  return testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-big/spec.md': `${spec.join('\n')}\n`, 'specs/001-big/plan.md': '# Plan\n', 'specs/001-big/tasks.md': `${tasks.join('\n')}\n` });
}

/** Load, report, the ready list and one task's bundle: what a server's first answers cost. */
function answer(root: string, task: string): void {
  const ws = loadWorkspace(root);
  formatReport(buildReport(ws));
  listTasks(ws, { state: 'ready' });
  buildBundle(ws, { taskId: task, maxTokens: 4000 });
}

describe('near-linear kits (KITS §2–5)', () => {
  it('a Kiro feature: 5,000 and 20,000 tasks and criteria', () => {
    const r = measureRatio(kiroFeature, (root) => answer(root, 'big/T1.5'), { start: 5_000, max: 20_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);

  it('a Spec Kit tasks file: 5,000 and 20,000 tasks, each depending on the one before', () => {
    const r = measureRatio(speckitFeature, (root) => answer(root, '001-big/T00002'), { start: 5_000, max: 20_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);

  it('a requirements file of 5,000 and 20,000 criteria under one requirement (one item refined by all)', () => {
    const build = (n: number) => {
      const lines = ['### Requirement 1: Everything', '', '#### Acceptance Criteria', ''];
      for (let c = 1; c <= n; c += 1) lines.push(`${c}. WHEN case ${c} THEN the system SHALL cope`);
      // One task cites a criterion by number: the feature is traced (KITS §7), every other criterion uncovered.
      return testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/wide/requirements.md': `${lines.join('\n')}\n`, '.kiro/specs/wide/tasks.md': '- [ ] 1. One\n  - _Requirements: 1.1_\n' });
    };
    const r = measureRatio(build, (root) => answer(root, 'wide/R1.7'), { start: 5_000, max: 20_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
    // Every criterion but the one cited is uncovered: one finding each, each short.
    const ws = loadWorkspace(build(5_000));
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toHaveLength(4_999);
  }, 120_000);

  it('the forms of revision 2 (KITS §7): numbered lines, placed OpenSpec tasks, ids in headings, at 2,000 and 8,000 items', () => {
    const build = (n: number) => {
      const criteria = ['### Requirement 1: Lines', '#### Acceptance Criteria', ''];
      for (let c = 1; c <= n; c += 1) criteria.push(`1.${c}. THE system SHALL do ${c}`);
      const kiroTasks: string[] = [];
      for (let t = 1; t <= n / 10; t += 1) kiroTasks.push(`- [ ] ${t}. Do ${t}`, `  - _Requirements: Core (1.${t}, 1.${t + 1}-1.${t + 3}), R1.${t}_`, `  - [ ] ${t}.1 Part`, `  - _Depends: ${t > 1 ? t - 1 : 'none'}_`);
      const change = ['## 1. Everything', ''];
      for (let t = 1; t <= n; t += 1) change.push(t % 5 === 0 ? `  - [ ] sub-step ${t}` : `- [ ] Step ${t}`);
      const phases: string[] = [];
      for (let p = 1; p <= n / 10; p += 1) {
        phases.push(`## Phase ${p} (FR-${String(p).padStart(3, '0')}–FR-${String(p + 2).padStart(3, '0')})`);
        for (let t = 1; t <= 10; t += 1) phases.push(`- [ ] T${String(p * 10 + t).padStart(5, '0')} Do it. Depends on: T${String(p * 10 + t - 1).padStart(5, '0')} (before).`);
      }
      return testdir({
        'docugraph.yml': 'kits: [kiro, speckit, openspec]\n',
        '.kiro/specs/lines/requirements.md': `${criteria.join('\n')}\n`,
        '.kiro/specs/lines/tasks.md': `${kiroTasks.join('\n')}\n`,
        'openspec/changes/big/tasks.md': `${change.join('\n')}\n`,
        'specs/001-phases/tasks.md': `${phases.join('\n')}\n`,
      });
    };
    const r = measureRatio(build, (root) => answer(root, 'lines/T2'), { start: 2_000, max: 8_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);

  it('the forms of rounds 35–37 (D-511–D-514): numbered heading tasks, T-001 headings, boxes by place, tasks numbered twice, a progress list, at 2,000 and 8,000 items', () => {
    const build = (n: number) => {
      const headings = ['# Tasks', ''];
      for (let g = 1; g <= n / 10; g += 1) {
        headings.push(`## ${g}.1 Group ${g}`);
        for (let t = 1; t <= 10; t += 1) headings.push(`### ${g}.1.${t} [P] Task ${g}.${t}`, `**依赖**: ${g > 1 ? `${g - 1}.1` : '无'}, ${g}.1.${Math.max(1, t - 1)}`);
      }
      const hyphen: string[] = [];
      for (let t = 1; t <= n / 2; t += 1) hyphen.push(`## T-${String(t).padStart(4, '0')}: Step ${t}`, '- [x] part one', '- [ ] part two', `- **依存**: T-${String(Math.max(1, t - 1)).padStart(4, '0')}`);
      const plain: string[] = [];
      for (let t = 1; t <= n; t += 1) plain.push(`- [ ] Do thing ${t}`);
      const twice: string[] = [];
      for (let t = 1; t <= n; t += 1) twice.push(`- [ ] ${t % (n / 4) || n / 4}. Task ${t}`, `  - _Requirements: 1.${(t % 9) + 1}_`);
      const progress: string[] = [];
      for (let t = 1; t <= n / 2; t += 1) progress.push(`## Task ${t}: Work ${t}`, `- [x] check ${t}`);
      progress.push('## 进度');
      for (let t = 1; t <= n / 2; t += 1) progress.push(`- [x] Task ${t}: Work ${t}`);
      return testdir({
        'docugraph.yml': 'kits: [kiro, speckit, openspec]\n',
        'specs/001-heads/spec.md': '# Spec\n',
        'specs/001-heads/tasks.md': `${headings.join('\n')}\n`,
        '.kiro/specs/hyphen/tasks.md': `${hyphen.join('\n')}\n`,
        '.kiro/specs/plain/tasks.md': `${plain.join('\n')}\n`,
        '.kiro/specs/twice/requirements.md': '### Requirement 1: One\n\n#### Acceptance Criteria\n\n1. A\n2. B\n3. C\n4. D\n5. E\n6. F\n7. G\n8. H\n9. I\n10. J\n',
        '.kiro/specs/twice/tasks.md': `${twice.join('\n')}\n`,
        'openspec/changes/progress/tasks.md': `${progress.join('\n')}\n`,
      });
    };
    const r = measureRatio(build, (root) => answer(root, 'twice/T2#2'), { start: 2_000, max: 8_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);

  it('a title of n HTML comments, then n that never close: dropped in time linear in its length', () => {
    const build = (n: number) => `Long ${'<!-- c --> word '.repeat(n)}${'<!-- '.repeat(n)}`;
    const r = measureRatio(build, (line) => void oneLine(line), { start: 1_000, max: 1_024_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  });

  it('a heading task of n closing marks or spaces (`### T001: a [P] [P] … x [P]`): its title read in time linear in its length', () => {
    const place = kitPlaceOf('specs/001-a/tasks.md', ['speckit'])!;
    for (const unit of [' ', '[P] ', '[Story: US1] ']) {
      const r = measureRatio((n) => `### T001: a${unit.repeat(n)}x [P]`, (text) => void readKitFile(text, 1, place), { start: 1_000, max: 128_000 });
      expect(nearLinear(r), `${JSON.stringify(unit)}: ${r.summary}`).toBe(true);
    }
  });

  it('an OpenSpec task numbered with n parts (`- [ ] 1.1.1…`): its groups reserved in time linear in its length (a review found it quadratic)', () => {
    const place = kitPlaceOf('openspec/changes/a/tasks.md', ['openspec'])!;
    const r = measureRatio((n) => `- [ ] ${Array.from({ length: n }, () => '1').join('.')} x\n- [ ] step\n`, (text) => void readKitFile(text, 1, place), { start: 500, max: 64_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  });

  it('a Kiro bugfix clause wrapped over n lines of `WHEN …` and no THEN, or a line of n `WHEN`s: read in time linear in n (D-521: a review found it quadratic)', () => {
    const place = kitPlaceOf('.kiro/specs/a/bugfix.md', ['kiro'])!;
    const wrapped = (n: number) => ['### Current Behavior (Defect)', '', '1.1 WHEN x opens', ...Array.from({ length: n }, () => 'WHEN a user opens it'), ''].join('\n');
    const line = (n: number) => ['### Current Behavior (Defect)', '', `1.1 ${'WHEN a user opens it '.repeat(n)}`, ''].join('\n');
    for (const build of [wrapped, line]) {
      const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 1_000, max: 64_000 });
      expect(nearLinear(r), r.summary).toBe(true);
    }
  });

  it('a Kiro requirement of n criteria written `1.k`, then n sub-headings: read in time linear in n (a review found it quadratic)', () => {
    const place = kitPlaceOf('.kiro/specs/a/requirements.md', ['kiro'])!;
    const build = (n: number) => ['### Requirement 1: One', ...Array.from({ length: n }, (_, k) => `1.${k + 1}. THE system SHALL do ${k}`), ...Array.from({ length: n }, (_, k) => `#### Part ${k}`)].join('\n');
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 1_000, max: 80_000 });
    expect(nearLinear(r), r.summary).toBe(true);
  });

  it('a bugfix.md of n sibling headings, each over a clause a task cites: its defect clauses found in time near linear in n (coverage, KITS §7)', () => {
    const build = (n: number) => {
      const lines = ['# Bugfix Requirements Document', ''];
      for (let k = 1; k <= n; k += 1) lines.push(`### ${k % 2 === 0 ? 'Current Behavior (Defect)' : `Bug ${k}`}`, '', `${k}.1 WHEN case ${k} THEN the system SHALL cope`, '');
      const cites = Array.from({ length: n }, (_, k) => `${k + 1}.1`).join(', ');
      return testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/bugfix.md': lines.join('\n'), '.kiro/specs/fix/tasks.md': `- [ ] 1. Fix\n  - _Requirements: 1.1_\n- [ ] 2. More\n  - _Requirements: ${cites}_\n` });
    };
    const r = measureRatio(build, (root) => void loadWorkspace(root).coverage, { start: 1_000, max: 4_000, targetMs: 0 }, remove);
    expect(nearLinear(r), r.summary).toBe(true);
  }, 120_000);
});
