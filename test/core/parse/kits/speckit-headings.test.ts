/**
 * A Spec Kit requirement written as a heading of its own, modelled on
 * dmitryt/singapur-cards bdf0b5e (apps/desktop/specs/002-profile-language-search/spec.md:
 * `### FR-1: Language List Display` … under `## Functional Requirements`, cited by tasks.md
 * headings `## Phase 3: US1 — Language Management (FR-1 to FR-5)`). Items written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const items = (text: string) =>
  readKitFile(text, 1, kitPlaceOf('specs/002-a/spec.md', ['speckit'])!).read.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}`);

describe('Spec Kit requirements that are headings', () => {
  it('`### FR-1: Title`, `### NFR-003 — Title`, `### SC-2. Title`, `### FR-11 Title`: each a requirement with its section; other headings are not', () => {
    const text = [
      '# Feature Specification: Languages', // 1
      '', // 2
      '## Functional Requirements', // 3
      '', // 4
      '### FR-1: Language List Display', // 5
      '', // 6
      'The page lists every language.', // 7
      '', // 8
      '### FR-10: Dedicated Dictionaries Page', // 9
      '', // 10
      '### NFR-003 — Latency', // 11
      '### SC-2. Search under a second', // 12
      '### FR-11 without a separator', // 13
      '### Key Entities', // 14
    ].join('\n');
    expect(items(text)).toEqual([
      '002-a/FR-1 functional-requirement "Language List Display" 5-7',
      '002-a/FR-10 functional-requirement "Dedicated Dictionaries Page" 9-9',
      '002-a/NFR-003 non-functional-requirement "Latency" 11-11',
      '002-a/SC-2 success-criterion "Search under a second" 12-12',
      // A space alone after the id is a separator too (D-491: `### FR-4 子 Agent 按对象存在性条件启动`, studyzy/save-token-kit).
      '002-a/FR-11 functional-requirement "without a separator" 13-13',
    ]);
  });

  it('a tasks.md heading\'s range of them resolves: no LINK_BROKEN', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/002-a/spec.md': '## Functional Requirements\n\n### FR-1: List\n\n### FR-2: Add\n',
      'specs/002-a/tasks.md': '## Phase 3: US1 — Languages (FR-1 to FR-2)\n\n- [ ] T012 List and add\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    expect((ws.relationsOut.get('002-a/T012') ?? []).map((e) => e.id)).toEqual(['002-a/FR-1', '002-a/FR-2']);
  });
});
