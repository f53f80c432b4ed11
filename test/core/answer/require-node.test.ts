/**
 * Ids as people write them (issue 53): `EIP-1559` finds the document `1559` when the repository
 * writes that prefix with its numbers (in file names, `eip-1559.md`, or titles, `EIP-1559: …`);
 * a prefix it never writes, or two ids that could be meant, is a "did you mean", never a guess.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, getAcceptanceCriteria, loadWorkspace, TaskNotFoundError } from '../../../src/core/index.js';
import { requireNode } from '../../../src/core/answer/require-node.js';
import { testdir } from '../../helpers/testdir.js';

const CONFIG = 'fields:\n  id: eip\n  dependsOn: [requires]\n  separator: ","\n';
const eip = (n: string, extra = '') => `---\neip: ${n}\ntitle: Proposal ${n}\nstatus: Draft\n${extra}---\n# Proposal\n`;

function eips(files: Record<string, string> = {}) {
  return loadWorkspace(
    testdir({
      'docugraph.yml': CONFIG,
      'EIPS/eip-1559.md': eip('1559', 'requires: 2718\n'),
      'EIPS/eip-2718.md': eip('2718'),
      ...files,
    }),
  );
}

/** What `requireNode` says for `written`: the id found, or the error's message. */
function lookup(workspace: ReturnType<typeof loadWorkspace>, written: string): string {
  try {
    return requireNode(workspace, written).id;
  } catch (error) {
    if (error instanceof TaskNotFoundError) return `error: ${error.message}`;
    throw error;
  }
}

describe('an id written with the prefix the repository uses', () => {
  it('EIP-1559, eip-1559, EIP1559 and EIP 1559 are the document 1559 (the prefix of its file names)', () => {
    const workspace = eips();
    for (const written of ['EIP-1559', 'eip-1559', 'EIP1559', 'EIP 1559', 'Eip_1559']) expect(lookup(workspace, written), written).toBe('1559');
    // Every query that takes an id answers for the document it names.
    expect(buildBundle(workspace, { taskId: 'EIP-1559' }).split('\n').slice(0, 1)).toEqual(['# Context bundle: 1559']);
    expect(getAcceptanceCriteria(workspace, 'EIP-1559').taskId).toBe('1559');
  });

  it('a prefix from the titles counts too, and leading zeros as the file names write them (PEP-8 is pep-0008.md)', () => {
    const workspace = loadWorkspace(
      testdir({
        'docugraph.yml': 'fields:\n  id: pep\n',
        'peps/pep-0008.md': '---\npep: 8\ntitle: Style Guide\n---\n',
        'peps/twenty.md': '---\npep: 20\ntitle: "PEP 20: The Zen"\n---\n',
      }),
    );
    expect(lookup(workspace, 'PEP-8')).toBe('8');
    expect(lookup(workspace, 'pep-0008')).toBe('8');
    expect(lookup(workspace, 'PEP20')).toBe('20');
  });

  it('a prefix the repository never writes is not guessed: the id is offered instead', () => {
    expect(lookup(eips(), 'ERC-2718')).toBe('error: Cannot find document `ERC-2718`; did you mean `2718`? Ids are case-sensitive.');
  });

  it('two ids that could be meant are both offered, never one picked', () => {
    const workspace = eips({ 'EIPS/eip-0020.md': eip('"0020"'), 'EIPS/eip-20.md': eip('20') });
    expect(lookup(workspace, 'EIP-20')).toBe('error: Cannot find document `EIP-20`; did you mean `0020`, `20`? Ids are case-sensitive.');
    expect(lookup(workspace, '20')).toBe('20');
  });

  it('an exact id is always itself; ids that are not numbers learn no prefix', () => {
    const workspace = loadWorkspace(testdir({ 'docs/task-a.md': '---\nid: a\ntitle: A\n---\n', 'docs/be-2.md': '---\nid: BE-2\ntitle: B\n---\n', 'docs/x.md': '---\nid: "2"\ntitle: Two\n---\n' }));
    expect(lookup(workspace, 'BE-2')).toBe('BE-2');
    expect(lookup(workspace, 'TASK-a')).toMatch(/^error: /);
    // `be-2.md` holds BE-2, not 2: no prefix `be` is learned from it.
    expect(lookup(workspace, 'BE2')).toMatch(/^error: .*did you mean .*`BE-2`/);
  });
});

describe('a kit item\'s id written without its feature (round 49: `context T090` said "no id is close to it")', () => {
  const kit = () =>
    loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [speckit]\n',
        'specs/001-coach/spec.md': '# Spec\n\n- **FR-001**: Coach\n',
        'specs/001-coach/tasks.md': '- [ ] T090 Final check (FR-001)\n- [ ] T001 Set up\n',
        'specs/002-plans/spec.md': '# Spec\n\n- **FR-001**: Plans\n',
        'specs/002-plans/tasks.md': '- [ ] T001 Set up plans\n',
      }),
    );

  it('is the one item of that id in some feature; the bundle and the criteria answer with the id found', () => {
    const ws = kit();
    expect(lookup(ws, 'T090')).toBe('001-coach/T090');
    // A task's number as a Kiro or OpenSpec file writes it (`1.1`), whose id is `T1.1` (round 50).
    const kiro = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/auth/tasks.md': '- [ ] 1. Login\n  - [ ] 1.1 Form\n' }));
    expect(lookup(kiro, '1.1')).toBe('auth/T1.1');
    expect(buildBundle(ws, { taskId: 'T090' })).toContain('# Context bundle: 001-coach/T090');
  });

  it('offers, first, each item it could be when two features have it; nothing for a document\'s id part or a path', () => {
    const ws = kit();
    expect(lookup(ws, 'T001')).toMatch(/^error: .*`001-coach\/T001`.*`002-plans\/T001`/);
    expect(lookup(ws, 'FR-001')).toMatch(/`001-coach\/FR-001`.*`002-plans\/FR-001`/);
    expect(lookup(ws, 'spec')).toMatch(/^error: /);
    expect(lookup(ws, '001-coach/T091')).toMatch(/^error: /);
  });

  it('beside a document whose id is a number (`90`, whose prefix `T` the repository never writes), `T090` is still the item (a review)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-coach/tasks.md': '- [ ] T090 Final check\n',
      'docs/adr.md': '---\nid: "90"\ntitle: ADR 90\n---\n# ADR\n',
    });
    expect(lookup(loadWorkspace(root), 'T090')).toBe('001-coach/T090');
  });
});
