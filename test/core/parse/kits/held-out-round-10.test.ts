/**
 * Forms a tenth round of public repositories wrote, judged by hand before anything was changed
 * for them (held out); each case is modelled on the lines quoted, its items and references
 * worked out by hand:
 * - Salk-Harnessing-Plants-Initiative/bloom at 0e551e2: a delta's `## RENAMED Requirements`
 *   (`- FROM:` / `- TO:`), then `## MODIFIED Requirements` under the new name
 *   (openspec/changes/add-cyl-blob-upload/specs/cyl-ingest-cli/spec.md lines 1-8); task ids
 *   written with a letter (`- [x] C2.1 …`, `P2.0`, `V.1`:
 *   openspec/changes/devendor-bloommcp-analysis/tasks.md lines 37-45);
 * - mauriciocruzdeveloper/appMcDron3.0 at 4e30e4f: OpenSpec tasks written as headings `#### T0.1: Title`,
 *   their boxes their steps, `**Dependencies:** T1.1` (openspec/changes/add-repuestos-state/tasks.md
 *   lines 10-24, 180-190);
 * - 1330482928/kai-code-agent at 51c98a2: `openspec/config.yaml`, whose prose says "baseURL", is no Hugo
 *   configuration (line 30).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { loadWorkspace } from '../../../../src/core/index.js';
import { surveyRepository } from '../../../../src/core/model/survey-repository.js';
import { testdir } from '../../../helpers/testdir.js';

/** Each item as `id "title" line-end [box]`, then its references as `relation id @line (written)`. */
const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, kitPlaceOf(path, ['openspec'])!);
  return {
    items: found.items.map((i) => `${i.id} "${i.title}" ${i.line}-${i.end}${i.box === null ? '' : ` [${i.box}]`}`),
    refs: [...found.documentRefs, ...found.items.flatMap((i) => i.refs)].map((r) => `${r.relation} ${r.id} @${r.line} (${r.written})`),
  };
};

describe('an OpenSpec delta that renames a requirement (bloom)', () => {
  const delta = [
    '## RENAMED Requirements', // 1
    '', // 2
    '- FROM: `### Requirement: Blobs pass through without upload`', // 3
    '- TO: `### Requirement: Blob handling defaults to pass-through; --predictions-dir constructs and uploads`', // 4
    '', // 5
    '## MODIFIED Requirements', // 6
    '', // 7
    '### Requirement: Blob handling defaults to pass-through; --predictions-dir constructs and uploads', // 8
    '', // 9
    'The command SHALL forward the envelope unchanged.', // 10
  ].join('\n');

  it('the old name refines the capability\'s requirement, and so does the MODIFIED one written under the new name (OpenSpec applies RENAMED first)', () => {
    expect(read('openspec/changes/add-cyl-blob-upload/specs/cyl-ingest-cli/spec.md', delta)).toEqual({
      items: [],
      refs: [
        'refines cyl-ingest-cli/blobs-pass-through-without-upload @3 (RENAMED Requirement: Blobs pass through without upload)',
        'refines cyl-ingest-cli/blobs-pass-through-without-upload @8 (MODIFIED Requirement: Blob handling defaults to pass-through; --predictions-dir constructs and uploads)',
      ],
    });
  });

  it('in a workspace: no LINK_BROKEN while the capability has the old name; a rename of a requirement it lacks is one LINK_BROKEN, at the rename', () => {
    const files = {
      'docugraph.yml': 'kits: [openspec]\n',
      'openspec/specs/cyl-ingest-cli/spec.md': '# cyl-ingest-cli\n\n## Requirements\n\n### Requirement: Blobs pass through without upload\n\nThe command SHALL pass blobs through.\n',
      'openspec/changes/add-cyl-blob-upload/proposal.md': '# Add blob upload\n',
      'openspec/changes/add-cyl-blob-upload/specs/cyl-ingest-cli/spec.md': `${delta}\n`,
    };
    const ws = loadWorkspace(testdir(files));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    expect(ws.relationsOut.get('change/add-cyl-blob-upload/specs/cyl-ingest-cli/spec')).toEqual([{ relation: 'refines', id: 'cyl-ingest-cli/blobs-pass-through-without-upload' }]);
    const renamed = loadWorkspace(testdir({ ...files, 'openspec/specs/cyl-ingest-cli/spec.md': '# cyl-ingest-cli\n\n### Requirement: Something else\n\nText.\n' }));
    expect(renamed.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => `${d.line} ${d.message.replace(/;.*$/, '')}`)).toEqual([
      '3 change/add-cyl-blob-upload/specs/cyl-ingest-cli/spec refines `cyl-ingest-cli/blobs-pass-through-without-upload` (written `RENAMED Requirement: Blobs pass through without upload`), which does not exist',
    ]);
  });

  it('a FROM and TO outside RENAMED, or a TO without its FROM, rename nothing', () => {
    const text = ['## MODIFIED Requirements', '- FROM: `### Requirement: Old`', '- TO: `### Requirement: New`', '### Requirement: New', 'Text.', '## RENAMED Requirements', '- TO: `### Requirement: Other`'].join('\n');
    expect(read('openspec/changes/c/specs/cap/spec.md', text).refs).toEqual(['refines cap/new @4 (MODIFIED Requirement: New)']);
  });
});

describe('OpenSpec tasks written `#### T0.1: Title` (appMcDron3.0)', () => {
  it('each heading a task by its number, its boxes its steps, `**Dependencies:** T1.1` a dependency', () => {
    const text = [
      '## Phase 0: Database Migration', // 1
      '', // 2
      '#### T0.1: Migrar Base de Datos Supabase', // 3
      '**Dependencies:** Ninguna', // 4
      '- [ ] Conectar a Supabase Dashboard', // 5
      '- [x] Abrir SQL Editor', // 6
      '', // 7
      '#### T1.1: Actualizar Metadata', // 8
      '- [ ] Cambiar etapa', // 9
      '', // 10
      '#### T1.2: Actualizar Enum Etapas ✅', // 11
      '**Dependencies:** T1.1', // 12
      '- [x] Mover Repuestos', // 13
      '', // 14
      '#### T2 Sin separador', // 15
    ].join('\n');
    const found = read('openspec/changes/add-repuestos-state/tasks.md', text);
    const scope = 'change/add-repuestos-state';
    expect(found.items).toEqual([
      `${scope}/T0.1 "Migrar Base de Datos Supabase" 3-4 [ ]`,
      `${scope}/T#1 "Conectar a Supabase Dashboard" 5-5 [ ]`,
      `${scope}/T#2 "Abrir SQL Editor" 6-6 [x]`,
      `${scope}/T1.1 "Actualizar Metadata" 8-8 [ ]`,
      `${scope}/T#3 "Cambiar etapa" 9-9 [ ]`,
      `${scope}/T1.2 "Actualizar Enum Etapas" 11-12 [x]`,
      `${scope}/T#4 "Mover Repuestos" 13-13 [x]`,
    ]);
    expect(found.refs).toEqual([
      `refines ${scope}/T0.1 @5 (nested under)`,
      `refines ${scope}/T0.1 @6 (nested under)`,
      `refines ${scope}/T1.1 @9 (nested under)`,
      `depends_on ${scope}/T1.1 @12 (**Dependencies:** T1.1)`,
      `refines ${scope}/T1.2 @13 (nested under)`,
    ]);
  });
});

describe('OpenSpec task ids written with a letter (bloom)', () => {
  it('`C2.1`, `P2.0`, `V.1` are the tasks\' ids as written; `T1.1` is task 1.1; `V2 migration` and `Add C2.1` are no ids', () => {
    const text = [
      '## 0. Heads-up', // 1
      '- [x] 0.1 Send the heads-up', // 2
      '### C2 — Lock the parity invariants', // 3
      '- [x] C2.1 Add `test_no_shipped_module_imports_vendored_analysis`', // 4
      '- [ ] **C2.2** Add `test_vendored_analysis_modules_absent`', // 5
      '- [ ] P2.0 Move the module', // 6
      '- [ ] V.1 `openspec validate devendor --strict` passes.', // 7
      '- [ ] T1.1 Written with its T', // 8
      '- [ ] V2 migration notes', // 9
      '- [ ] Add C2.1 to the list', // 10
    ].join('\n');
    const scope = 'change/devendor';
    expect(read('openspec/changes/devendor/tasks.md', text).items).toEqual([
      `${scope}/T0.1 "Send the heads-up" 2-2 [x]`,
      `${scope}/C2.1 "Add \`test_no_shipped_module_imports_vendored_analysis\`" 4-4 [x]`,
      `${scope}/C2.2 "Add \`test_vendored_analysis_modules_absent\`" 5-5 [ ]`,
      `${scope}/P2.0 "Move the module" 6-6 [ ]`,
      `${scope}/V.1 "\`openspec validate devendor --strict\` passes." 7-7 [ ]`,
      `${scope}/T1.1 "Written with its T" 8-8 [ ]`,
      `${scope}/T0.2 "V2 migration notes" 9-9 [ ]`,
      `${scope}/T0.3 "Add C2.1 to the list" 10-10 [ ]`,
    ]);
  });
});

describe('init: OpenSpec\'s config.yaml is no Hugo configuration (kai-code-agent)', () => {
  it('a `config.yaml` whose prose says "baseURL" is not Hugo\'s; one with a `baseURL` key is', () => {
    const openspec = 'schema: spec-driven\ncontext: |\n  Provider preset: Minimax Global maps to baseURL https://api.minimax.io/v1 and internal provider openai.\n';
    expect(surveyRepository(testdir({ 'openspec/config.yaml': openspec, 'openspec/specs/a/spec.md': '# A\n', 'config.yaml': openspec })).site).toBeNull();
    expect(surveyRepository(testdir({ 'config.yaml': 'baseURL: https://x.test/\ntitle: Docs\n', 'content/a.md': '# A\n' })).site).toMatchObject({ generator: 'Hugo', config: 'config.yaml', siteRoot: 'content' });
  });
});
