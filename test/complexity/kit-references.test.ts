/**
 * Issue 53, item 2: a spec kit's references are bounded. `_Requirements: 1.1-1.99, 2.1-2.99, …_`
 * once multiplied into millions of links and findings (a 0.8 MB tasks.md: 147 s and 4.2 GB).
 * Now one item's references stand for at most MAX_ITEM_REFS ids and never more than its lines
 * have characters (so a file's ids never outnumber its bytes), an item gets at most
 * MAX_FINDINGS_PER_NODE findings of a kind and one more that counts the rest, and the work per
 * file is linear in its bytes: measured at n and 4n.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../src/core/index.js';
import { readKitFile } from '../../src/core/parse/kits/read-kit.js';
import { MAX_ITEM_REFS } from '../../src/core/parse/kits/kit-read.js';
import { taskRepeats } from '../../src/core/model/task-copies.js';
import { kitPlaceOf } from '../../src/core/read/kit-paths.js';
import { MAX_FINDINGS_PER_NODE } from '../../src/core/shared/cap.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { testdir } from '../helpers/testdir.js';
import { citesEveryRequirement } from '../../src/cli/kit-hints.js';

/** Twenty requirements of ten criteria each. */
function requirements(): string {
  const lines = ['# Requirements', ''];
  for (let r = 1; r <= 20; r += 1) {
    lines.push(`### Requirement ${r}: Part ${r}`, '', '#### Acceptance Criteria', '');
    for (let c = 1; c <= 10; c += 1) lines.push(`${c}. WHEN ${r}.${c} THEN the system SHALL answer`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

const RANGES = Array.from({ length: 20 }, (_, i) => `${i + 1}.1-${i + 1}.99`).join(', ');

/** `n` tasks, each citing twenty ranges of 99 criteria (1,980 ids, 1,780 of which do not exist) in a line of 230 bytes. */
function rangeTasks(n: number): string {
  let text = '# Implementation Plan\n\n';
  for (let t = 1; t <= n; t += 1) text += `- [${t % 2 === 0 ? 'x' : ' '}] ${t}. Task ${t}\n  - _Requirements: ${RANGES}_\n  - _Depends: 1-99_\n`;
  return text;
}

describe('kit references are bounded (issue 53, item 2)', () => {
  it('tasks citing ranges of 99 criteria: ids at most the bytes, a few findings an item, time linear at n and 4n tasks', () => {
    const build = (n: number) => testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/big/requirements.md': requirements(), '.kiro/specs/big/tasks.md': rangeTasks(n) });
    const r = measureRatio(build, (root) => void buildReport(loadWorkspace(root)), { start: 20, max: 800, targetMs: 40 });
    expect(nearLinear(r), r.summary).toBe(true);

    const n = 100;
    const tasks = rangeTasks(n);
    const ws = loadWorkspace(build(n));
    const own = (id: string) => {
      const node = ws.nodes.get(id)!;
      return node.dependsOn.length + (node.relations?.implements?.ids.length ?? 0) + (node.relations?.verifies?.ids.length ?? 0);
    };
    const items = [...ws.nodes.values()].filter((node) => node.item !== undefined && node.type === 'task');
    expect(items).toHaveLength(n);
    // Every id a file's references stand for costs at least a byte of the file (they were 2,079 a task of 231 bytes).
    const ids = items.reduce((sum, node) => sum + own(node.id), 0);
    expect(ids).toBeGreaterThan(n);
    expect(ids).toBeLessThanOrEqual(Buffer.byteLength(tasks));
    for (const node of items) expect(own(node.id)).toBeLessThanOrEqual(Math.min(MAX_ITEM_REFS, node.text.length));
    // Per item: its implements and its dependencies each at most MAX_FINDINGS_PER_NODE broken, and one more that counts the rest; one REFS_CAPPED.
    const byItem = new Map<string, Map<string, number>>();
    for (const d of ws.diagnostics) {
      if (d.nodeId === null || !d.nodeId.startsWith('big/T')) continue;
      const codes = byItem.get(d.nodeId) ?? new Map<string, number>();
      codes.set(d.code, (codes.get(d.code) ?? 0) + 1);
      byItem.set(d.nodeId, codes);
    }
    expect(byItem.size).toBe(n);
    for (const [, codes] of byItem) {
      expect(codes.get('LINK_BROKEN')).toBeLessThanOrEqual(2 * (MAX_FINDINGS_PER_NODE + 1));
      expect(codes.get('REFS_CAPPED')).toBe(1);
      expect(codes.get('STATUS_INCONSISTENT') ?? 0).toBeLessThanOrEqual(MAX_FINDINGS_PER_NODE + 1);
    }
    const capped = ws.diagnostics.find((d) => d.code === 'REFS_CAPPED' && d.nodeId === 'big/T1')!;
    expect(capped.message).toMatch(/^`big\/T1` names 2,079 ids \(ranges expanded\): the first \d+ are read and [\d,]+ are not/);
    // Each range's ids past the requirement's ten criteria are one finding (D-534), at the line of the references.
    const broken = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' && d.nodeId === 'big/T1');
    expect(broken.map((d) => /^big\/T1 implements (`\S+` to `\S+`) .*\((\d+) ids\); the last before them that exists is (`\S+`)$/.exec(d.message)?.slice(1))).toEqual([
      ['`big/R1.11` to `big/R1.99`', '89', '`big/R1.10`'],
      ['`big/R2.11` to `big/R2.99`', '89', '`big/R2.10`'],
      ['`big/R3.11` to `big/R3.78`', '68', '`big/R3.10`'],
    ]);
    expect(broken.map((d) => d.line)).toEqual([4, 4, 4]);
  }, 120_000);

  it('one task of n reference lines (no blank line between): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('.kiro/specs/one/tasks.md', ['kiro'])!;
    const build = (n: number) => {
      const lines = ['- [ ] 1. Everything'];
      for (let k = 0; k < n; k += 1) lines.push(`  - _Requirements: ${(k % 20) + 1}.${(k % 10) + 1}_`);
      return `${lines.join('\n')}\n`;
    };
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 500, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
    const [task] = readKitFile(build(1_000), 1, place).read.items;
    expect(task!.refs.length).toBe(MAX_ITEM_REFS);
    expect(task!.cut).toEqual({ kept: MAX_ITEM_REFS, count: 1_000 - MAX_ITEM_REFS, line: MAX_ITEM_REFS + 2 });
  }, 60_000);

  it('a list of n other features\' criteria (`other-x/1.1, …`, D-534), and a name of n dashes with no slash: read in time linear at n and 4n', () => {
    const place = kitPlaceOf('.kiro/specs/one/tasks.md', ['kiro'])!;
    const build = (n: number) => `- [ ] 1. Everything\n  - _Requirements: ${'other-x/1.1, '.repeat(n / 16)}${'a-'.repeat(n)}b ${'a_'.repeat(n)}/x_\n`;
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 2_000, max: 4_000_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a heading of n tasks, then n bullets that are no task, or one line of n ids (a group\'s metadata, D-535): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('.kiro/specs/one/tasks.md', ['kiro'])!;
    // And n tasks, then one line of n ids (each task read it: a review found it quadratic).
    const tasks = (n: number) => Array.from({ length: n }, (_, k) => `- [ ] 1.${k + 1} Task\n`).join('');
    const build = (n: number) => `### Group 1\n\n${tasks(n)}${'- _Requirements: 1.1_\n'.repeat(n)}\n### Group 2\n\n${tasks(n)}- _Requirements: ${'1.1, '.repeat(n)}1.2_\n`;
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 200, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a delta\'s RENAMED line of n spaces before a stray character: read in time linear at n and 4n (a review found it cubic)', () => {
    const place = kitPlaceOf('openspec/changes/c/specs/cap/spec.md', ['openspec'])!;
    const build = (n: number) => `## RENAMED Requirements\n- FROM: Requirement: a${' '.repeat(n)}\`x\n- TO: \`### Requirement: b\`\n`;
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 2_000, max: 4_000_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a task line `_Requirements:` then n spaces before no word for all, or `All` then n spaces and a stray character: told in time linear at n and 4n', () => {
    for (const build of [(n: number) => `- [ ] 1. Test\n  - _Requirements:${' '.repeat(n)}x`, (n: number) => `- [ ] 1. Test\n  - _Requirements: All${' '.repeat(n)}x`]) {
      expect(citesEveryRequirement(build(10))).toBe(-1);
      const r = measureRatio(build, (text) => void citesEveryRequirement(text), { start: 2_000, max: 4_000_000, targetMs: 30 });
      expect(nearLinear(r), r.summary).toBe(true);
    }
    expect(citesEveryRequirement('- [ ] 1. Test\n  - _Requirements: All_\n')).toBe(14);
  }, 60_000);

  it('a tasks.md heading of a story word and n digits before a letter, or of n stories joined by `+` over a task: read in time linear at n and 4n (D-546, a review found the first quadratic)', () => {
    const place = kitPlaceOf('specs/001-x/tasks.md', ['speckit'])!;
    for (const build of [(n: number) => `## Phase 3: Story ${'1'.repeat(n)}x\n\n- [ ] T001 One\n`, (n: number) => `## Phase 4: User Story ${'1+'.repeat(n / 2)}2 - Title\n\n- [ ] T002 Two\n`]) {
      const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 2_000, max: 4_000_000, targetMs: 30 });
      expect(nearLinear(r), r.summary).toBe(true);
    }
  }, 60_000);

  it('a tasks.md mapping table of n rows, each naming ranges of tasks: read in time linear at n and 4n', () => {
    const place = kitPlaceOf('specs/001-x/tasks.md', ['speckit'])!;
    const build = (n: number) => {
      const lines = ['- [ ] T001 One', '', '| Criterion | Tasks |', '|---|---|'];
      for (let k = 0; k < n; k += 1) lines.push(`| SC-${String((k % 900) + 1).padStart(3, '0')}: a criterion | T001-T050, T${(k % 900) + 1} |`);
      return `${lines.join('\n')}\n`;
    };
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 200, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('one task line of n fields, each a dependency phrase in a field of its own (D-523): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('specs/001-x/tasks.md', ['speckit'])!;
    const build = (n: number) => {
      const fields = ['- [ ] T002 Two | Dependencies: T001'];
      for (let k = 0; k < n; k += 1) fields.push(`Tests: pass after T${(k % 900) + 1}`);
      return `- [ ] T001 One\n${fields.join(' | ')}\n- [ ] T003 Three; dependencies: T002; ${'acceptance: green after T001; '.repeat(n)}\n`;
    };
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 200, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
    // A field that opens with n spaces before its phrases (a review found its label read again for every phrase: quadratic).
    const spaced = (n: number) => `- [ ] T001 One\n- [ ] T002 Two | Dependencies: T001 | Tests${' '.repeat(n)}x ${'after T001 '.repeat(Math.ceil(n / 16))}\n`;
    const s = measureRatio(spaced, (text) => void readKitFile(text, 1, place), { start: 200, max: 256_000, targetMs: 30 });
    expect(nearLinear(s), s.summary).toBe(true);
    const items = readKitFile(build(50), 1, place).read.items;
    expect(items.map((item) => item.refs.filter((ref) => ref.relation === 'depends_on').map((ref) => ref.id))).toEqual([[], ['001-x/T001'], ['001-x/T002']]);
  }, 60_000);

  it('a spec.md requirement and a tasks.md mapping whose bold runs into n spaces (D-523): read in time linear at n and 4n (a review found them cubic)', () => {
    const spec = kitPlaceOf('specs/001-x/spec.md', ['speckit'])!;
    const tasks = kitPlaceOf('specs/001-x/tasks.md', ['speckit'])!;
    // And the title in the bold (D-532, D-533: `- **FR-002:` then spaces with no bold's end: a review found it quadratic), a plain mapping (`- SC-001 (`), a table's first cell.
    const requirement = (n: number) => `- **FR-001 - ${' '.repeat(n)}x\n- **FR-002 （${' '.repeat(n)}x\n- **FR-003:${' '.repeat(n)}\n- **FR-004 — ${' '.repeat(n)}x\n`;
    const mapping = (n: number) => `- [ ] T001 Build A\n\n- **FR-001**: T001${' '.repeat(n)}x\n- **FR-002**：T001（${' '.repeat(n)}x\n- SC-001 (${' '.repeat(n)}x\n| FR-003${' , FR-004'.repeat(n / 8)} x | T001 |\n- FR-001: T001${'.'.repeat(n)}x\n\n**References**: FR-001${' ('.repeat(n / 2)}\n`;
    for (const [build, place] of [[requirement, spec], [mapping, tasks]] as const) {
      const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 500, max: 1_000_000, targetMs: 30 });
      expect(nearLinear(r), r.summary).toBe(true);
    }
  }, 60_000);

  it('a line of n pairs `FR-001→T001 · …` (D-544), and one pair of n notes: read in time linear at n and 4n', () => {
    const tasks = kitPlaceOf('specs/001-x/tasks.md', ['speckit'])!;
    const build = (n: number) => `- [ ] T001 Build A\n\n${Array.from({ length: n / 16 }, (_, k) => `FR-${String(k % 999).padStart(3, '0')}→T001/T002`).join(' · ')}\nFR-001${'(x)'.repeat(n / 4)}→T001 · FR-002→${'T001/'.repeat(n / 8)}\n`;
    const r = measureRatio(build, (text) => void readKitFile(text, 1, tasks), { start: 500, max: 1_000_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a task of n words, its number written again n times (D-525\'s recaps): the repeats are told in time linear at n and 4n (a review found it quadratic)', () => {
    const place = kitPlaceOf('.kiro/specs/one/tasks.md', ['kiro'])!;
    const build = (n: number) => {
      // (Under a heading of their own: repeats that go on from the task line after line are copies, D-543.)
      const lines = [`- [ ] 1. ${Array.from({ length: n }, (_, k) => `word${k}`).join(' ')}`, '', '## Pending', ''];
      for (let k = 0; k < n; k += 1) lines.push(`- [ ] 1. word${k % 7}`);
      return readKitFile(`${lines.join('\n')}\n`, 1, place).read.items;
    };
    const r = measureRatio(build, (items) => void taskRepeats(items, null), { start: 500, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
    // Each repeat says a word of the task's, on one line, in its state, in a list of such: a recap.
    expect(taskRepeats(build(100), null).recaps.size).toBe(100);
  }, 60_000);

  it('a requirements.md of n lettered groups, n bold-numbered criteria, n addenda and a line of n spaces after a label (D-536, D-537): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('.kiro/specs/one/requirements.md', ['kiro'])!;
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const build = (n: number) => {
      const lines = ['### Requirement 1: Groups', '', '#### Acceptance Criteria', ''];
      for (let k = 0; k < n; k += 1) lines.push(`##### 1${letters[k % 26]!}. Group`, '', `${k + 1}. THE system SHALL do ${k}`, '');
      lines.push('### Requirement 2: Bold', '');
      for (let k = 0; k < n; k += 1) lines.push(`**2.${k + 1}** The system shall do ${k}`, '- a detail', '');
      for (let k = 0; k < n; k += 1) lines.push(`Requirement 2 への追加Acceptance Criteria:`, `${n + k + 1}. The system shall add ${k}`, '');
      lines.push(`Requirement 3 ${'Acceptance Criteria '.repeat(n / 20)}${' '.repeat(n)}x`, `1. x`, '');
      return `${lines.join('\n')}\n`;
    };
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 200, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it('a requirements.md of n numbered groups (`##### 1.k …`, D-554), a tasks.md of n tasks, each with its lines written flat (D-555), and a table of n criteria (D-556): read in time linear at n and 4n', () => {
    const requirementsPlace = kitPlaceOf('.kiro/specs/one/requirements.md', ['kiro'])!;
    const tasksPlace = kitPlaceOf('.kiro/specs/one/tasks.md', ['kiro'])!;
    const build = (n: number) => {
      const lines = ['### Requirement 1: Groups', '', '#### Acceptance Criteria', ''];
      for (let k = 1; k <= n; k += 1) lines.push(`##### 1.${k} Group`, '1. THE system SHALL do it', '2. THE system SHALL undo it', '');
      const tasks = ['# Implementation Plan', '', '- [ ] 1. Parent'];
      for (let k = 1; k <= n; k += 1) tasks.push(` - [ ] 1.${k} Task ${k}`, '  - a step', '  - _Requirements: 1.1.1_', '');
      const table = ['### FR-1: Table', '', '#### Acceptance Criteria', '', '| ID | 要件 |', '|----|------|'];
      for (let k = 1; k <= n; k += 1) table.push(`| FR-1.${k} | The service shall do ${k} |`);
      return { requirements: `${lines.join('\n')}\n`, tasks: `${tasks.join('\n')}\n`, table: `${table.join('\n')}\n` };
    };
    const r = measureRatio(build, (files) => {
      void readKitFile(files.requirements, 1, requirementsPlace);
      void readKitFile(files.tasks, 1, tasksPlace);
      void readKitFile(files.table, 1, requirementsPlace);
    }, { start: 200, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it("a Kiro tasks.md's traceability table of n rows, each a range of tasks and of criteria, and a heading task's n label paragraphs (D-539, D-540): read in time linear at n and 4n", () => {
    const place = kitPlaceOf('.kiro/specs/one/tasks.md', ['kiro'])!;
    const build = (n: number) => {
      const lines = ['## Task 1: One', '- [ ] 1.1 Sub', ''];
      for (let k = 0; k < n; k += 1) lines.push(`**Validates: Requirements ${(k % 900) + 1}.1**`, '');
      lines.push('| Task | 対応要件 |', '|---|---|');
      for (let k = 0; k < n; k += 1) lines.push(`| 1.1-1.9, ${(k % 900) + 1} | ${(k % 50) + 1}.1-${(k % 50) + 1}.9, 3.1 |`);
      return `${lines.join('\n')}\n`;
    };
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 200, max: 64_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 60_000);

  it("a Kiro table requirement's heading of n spaces (D-557's review), a Spec Kit tasks.md of n `Validate in` lines, a purpose line of n ids after `per` (D-558) and n tasks without boxes (D-560): read in time linear at n and 4n", () => {
    const requirementsPlace = kitPlaceOf('.kiro/specs/one/requirements.md', ['kiro'])!;
    const tasksPlace = kitPlaceOf('specs/001-one/tasks.md', ['speckit'])!;
    const build = (n: number) => {
      const table = ['### FR-1: Table', `#### Notes${' '.repeat(n)}end`, '| FR-1.1 | The service shall do it |', ''].join('\n');
      const ids = Array.from({ length: n }, (_, k) => `FR-${k + 1}`).join(', ');
      const boxed = ['## Phase 1', '', `**Purpose**: Setup per ${ids}`, '', '- [ ] T001 Setup', ''];
      for (let k = 1; k <= n; k += 1) boxed.push(`- **SC-${k}** (target ${k}): Validate in T001, T00${k % 9}`);
      const plain = ['# Tasks', ''];
      for (let k = 1; k <= n; k += 1) plain.push(`- T${k} Do part ${k} (FR-${k})`);
      return { table, boxed: `${boxed.join('\n')}\n`, plain: `${plain.join('\n')}\n` };
    };
    // Each file measured on its own, so that no linear part hides another's quadratic one.
    for (const [file, place] of [['table', requirementsPlace], ['boxed', tasksPlace], ['plain', tasksPlace]] as const) {
      const r = measureRatio((n) => build(n)[file], (text) => void readKitFile(text, 1, place), { start: 200, max: 64_000, targetMs: 30 });
      expect(nearLinear(r), `${file}: ${r.summary}`).toBe(true);
    }
  }, 90_000);

  it('n boxes that stand for ranges or lists of tasks, n such boxes that recap tasks written above, and one box listing n ids (D-565): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('specs/001-one/tasks.md', ['speckit'])!;
    const build = (n: number) => {
      const ranged = ['# Tasks', ''];
      for (let k = 0; k < n; k += 1) ranged.push(k % 2 === 0 ? `- [x] T${10 * k + 1}-T${10 * k + 10} Part ${k}` : `- [ ] T${10 * k + 1}, T${10 * k + 2} and T${10 * k + 3} [P] Part ${k}`);
      const recaps = ['# Tasks', ''];
      for (let k = 1; k <= n; k += 1) recaps.push(`- [ ] T${k} Part ${k}`);
      for (let k = 1; k < n; k += 1) recaps.push(`- [ ] T${k}-T${k + 1}: recap`, `- [ ] T${k}, T${k + 1}: recap`);
      const listed = `- [ ] ${Array.from({ length: n }, (_, k) => `T${k + 1}`).join(', ')}x Part\n`;
      return { ranged: `${ranged.join('\n')}\n`, recaps: `${recaps.join('\n')}\n`, listed };
    };
    for (const file of ['ranged', 'recaps', 'listed'] as const) {
      const r = measureRatio((n) => build(n)[file], (text) => void readKitFile(text, 1, place), { start: 200, max: 32_000, targetMs: 30 });
      expect(nearLinear(r), `${file}: ${r.summary}`).toBe(true);
    }
  }, 90_000);

  it('a tasks.md of n table rows under phase headings, one row of n cells, one dependency cell of n ids, and one row of n comments left open (D-568): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('specs/001-one/tasks.md', ['speckit'])!;
    const build = (n: number) => {
      const rows = ['# Tasks', ''];
      for (let k = 1; k <= n; k += 1) {
        if (k % 20 === 1) rows.push('', `## Phase ${k}: User Story ${k} - Part`, '', '| ID | Task | Status | Depends on |', '| --- | --- | --- | --- |');
        rows.push(`| T${String(k).padStart(4, '0')} | [US1] Do part ${k} per FR-${k} | ${k % 2 === 0 ? 'done' : '[ ]'} | T${String(k - 1).padStart(4, '0')} |`);
      }
      const wide = `| ID | Task |\n| --- | --- |\n| T0001 | ${Array.from({ length: n }, (_, k) => `cell ${k}`).join(' | ')} |\n`;
      const waits = `| ID | Task | Depends on |\n| --- | --- | --- |\n| T0001 | Build | ${Array.from({ length: n }, (_, k) => `T${k + 2}`).join(', ')} |\n`;
      // A row of n comments opened and never closed (a review found the line's comments dropped in quadratic time).
      const comments = `| ID | Task |\n| --- | --- |\n| T0001 | ${'<!-- '.repeat(n)} |\n`;
      return { rows: `${rows.join('\n')}\n`, wide, waits, comments };
    };
    for (const file of ['rows', 'wide', 'waits', 'comments'] as const) {
      const r = measureRatio((n) => build(n)[file], (text) => void readKitFile(text, 1, place), { start: 200, max: 32_000, targetMs: 30 });
      expect(nearLinear(r), `${file}: ${r.summary}`).toBe(true);
    }
  }, 90_000);

  it('a tasks.md of n phases, each with sub-headings, its tasks and a checkpoint line listing ids (D-571): read in time linear at n and 4n', () => {
    const place = kitPlaceOf('specs/001-one/tasks.md', ['speckit'])!;
    const build = (n: number) => {
      const lines = ['# Tasks', ''];
      for (let k = 1; k <= n; k += 1) lines.push(`## Phase ${k}: Part`, '', '### Implementation', `- [ ] T${k} Build part ${k} (FR-${k})`, '', `**Checkpoint**: Part ${k} works (SC-${k}, FR-${k + 1}).`, '');
      return `${lines.join('\n')}\n`;
    };
    const r = measureRatio(build, (text) => void readKitFile(text, 1, place), { start: 200, max: 32_000, targetMs: 30 });
    expect(nearLinear(r), r.summary).toBe(true);
  }, 90_000);
});
