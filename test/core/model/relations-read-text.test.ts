/**
 * Relations that read other items' text (KITS §7: `FR-039c` names FR-039 where FR-039 writes a clause `(c)`): an assembly
 * that reuses the last one's graph because no node's own edges changed makes them again, so that an edit of FR-039 alone
 * resolves (or breaks) T137's reference — as a fresh assembly does. Both ways of reuse: a patch (the changed files named)
 * and a whole assembly over the same structure.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleWorkspace, createAssemblyCache, type PerFile } from '../../../src/core/model/assemble-workspace.js';
import { createFileReader } from '../../../src/core/model/read-files.js';
import { loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { DEFAULT_CONFIG } from '../../../src/core/shared/config-types.js';
import { testdir } from '../../helpers/testdir.js';

const FILES = ['specs/001-access/spec.md', 'specs/001-access/tasks.md'];
const spec = (clauses: string) => `# Spec\n\n- **FR-039**: The screens MUST meet four conditions: ${clauses}.\n`;

function read(root: string): PerFile {
  const reader = createFileReader(root, { ...DEFAULT_CONFIG, kits: ['speckit'] });
  try {
    return new Map(reader.readMany(FILES, 0).map((r, i) => [FILES[i]!, { analysis: r.analysis, links: null }]));
  } finally {
    reader.close();
  }
}

const cited = (ws: Workspace) => [ws.relationsOut.get('001-access/T137')?.map((e) => e.id) ?? [], ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.nodeId)];

describe.each([
  ['a patch', true],
  ['a whole assembly over the same structure', false],
] as const)('relations that read text, after %s', (_name, named) => {
  it('follow an edit of the text they read, not of the node that cites', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', [FILES[0]!]: spec('(a) keyboard'), [FILES[1]!]: '- [ ] T137 Label `field.tsx` (FR-039c).\n' });
    const discovery = { files: FILES, entries: new Set(FILES), diagnostics: [] };
    const cache = createAssemblyCache();
    const first = assembleWorkspace(root, discovery, read(root), cache);
    expect(cited(first)).toEqual([[], ['001-access/T137']]);
    for (const [clauses, want] of [
      ['(a) keyboard, (b) contrast, (c) labels', [['001-access/FR-039'], []]],
      ['(a) keyboard', [[], ['001-access/T137']]],
    ] as const) {
      writeFileSync(join(root, FILES[0]!), spec(clauses));
      const ws = assembleWorkspace(root, discovery, read(root), cache, named ? new Set([FILES[0]!]) : undefined);
      expect(cited(ws), clauses).toEqual(want);
      expect(cited(loadWorkspace(root))).toEqual(want);
    }
  });
});
