/**
 * Issue 53, item 2: one document or item gets at most MAX_FINDINGS_PER_NODE findings of a kind
 * one by one (`LINK_BROKEN` for its dependencies, for its other relations; `STATUS_INCONSISTENT`),
 * then one more finding that says how many more there are; a kit item's references stand for
 * at most MAX_ITEM_REFS ids, the rest counted in one `REFS_CAPPED`.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { numberList } from '../../../src/core/parse/kits/kit-read.js';
import { doc, testdir } from '../../helpers/testdir.js';

/** The documented caps (docs/kits.md): MAX_FINDINGS_PER_NODE and MAX_ITEM_REFS, written out so that this file fails on the behaviour, not on a missing constant. */
const MAX_FINDINGS_PER_NODE = 10;
const MAX_ITEM_REFS = 500;

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

describe('findings per node (issue 53, item 2)', () => {
  it('a document naming 25 missing ids in depends_on and 13 in implements: 10 findings each, and one that counts the rest', () => {
    const w = loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ids('GONE', 25), implements: ids('NONE', 13) }) }));
    const broken = w.diagnostics.filter((d) => d.code === 'LINK_BROKEN');
    expect(broken).toHaveLength(2 * (MAX_FINDINGS_PER_NODE + 1));
    expect(broken.filter((d) => d.message.includes('`GONE-'))).toHaveLength(MAX_FINDINGS_PER_NODE + 1);
    const more = broken.filter((d) => d.message.startsWith('`A` has '));
    expect(more.map((d) => d.message)).toEqual([
      '`A` has 15 more dependencies that name no document, not listed one by one (the first: `GONE-11`); fix the 10 that are listed, then validate again',
      '`A` has 3 more relation entries that name no document, not listed one by one (the first: `NONE-11`); fix the 10 that are listed, then validate again',
    ]);
    // At the line of the first one not listed: `depends_on` is line 4, `implements` line 5.
    expect(more.map((d) => d.line)).toEqual([4, 5]);
  });

  it('a document that is done and depends on 12 open ones: 10 STATUS_INCONSISTENT and one for the other 2', () => {
    const files: Record<string, string> = { 'a.md': doc({ id: 'A', title: 'A', status: 'done', depends_on: ids('OPEN', 12) }) };
    for (const id of ids('OPEN', 12)) files[`${id}.md`] = doc({ id, title: id, status: 'todo' });
    const w = loadWorkspace(testdir(files));
    const found = w.diagnostics.filter((d) => d.code === 'STATUS_INCONSISTENT');
    expect(found).toHaveLength(MAX_FINDINGS_PER_NODE + 1);
    expect(found.filter((d) => d.message.startsWith('`A` has 2 more dependencies that are still open, not listed one by one (the first: `OPEN-11`)'))).toHaveLength(1);
  });

  it('exactly 10 missing ids: 10 findings, none that counts more', () => {
    const w = loadWorkspace(testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ids('GONE', MAX_FINDINGS_PER_NODE) }) }));
    expect(w.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toHaveLength(MAX_FINDINGS_PER_NODE);
  });
});

describe('kit references per item (issue 53, item 2)', () => {
  it('numberList makes at most `room` numbers and counts the rest, a range by arithmetic', () => {
    expect(numberList('1.1-1.7, 2, 3.1–3.3')).toEqual({ numbers: ['1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '2', '3.1', '3.2', '3.3'], more: 0 });
    expect(numberList('1.1-1.7, 2, 3.1–3.3', 4)).toEqual({ numbers: ['1.1', '1.2', '1.3', '1.4'], more: 7 });
    expect(numberList('1.1-1.99, 2.1-2.99', 0)).toEqual({ numbers: [], more: 198 });
    expect(numberList('1-99', 1)).toEqual({ numbers: ['1'], more: 98 });
  });

  it('a task whose ranges name 600 ids keeps 500 and says so once; one whose ranges outnumber its characters keeps as many as it has', () => {
    const ranges = Array.from({ length: 6 }, (_, r) => `${r + 1}.1-${r + 1}.100`).join(', ');
    const w = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/f/tasks.md': `- [ ] 1. Wide\n  - _Requirements: ${ranges}_\n  - ${'Long text. '.repeat(60)}\n- [ ] 2. Short\n  - _Requirements: 1.1-1.99_\n`,
      }),
    );
    expect(w.nodes.get('f/T1')!.relations!.implements!.ids).toHaveLength(MAX_ITEM_REFS);
    const short = w.nodes.get('f/T2')!;
    expect(short.relations!.implements!.ids).toHaveLength(short.text.length);
    const capped = w.diagnostics.filter((d) => d.code === 'REFS_CAPPED');
    expect(capped.map((d) => [d.nodeId, d.line, d.message.slice(0, d.message.indexOf(' —'))])).toEqual([
      ['f/T1', 2, '`f/T1` names 600 ids (ranges expanded): the first 500 are read and 100 are not'],
      ['f/T2', 5, `\`f/T2\` names 99 ids (ranges expanded): the first ${short.text.length} are read and ${99 - short.text.length} are not`],
    ]);
  });
});
