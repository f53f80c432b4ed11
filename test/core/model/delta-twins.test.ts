/**
 * One requirement name in two capabilities' delta specs of an OpenSpec change: Reamd7/Kode-cli-rust
 * at c978855 adds `### Requirement: 错误类型` to message-model (openspec/changes/migrate-docs-to-specs/
 * specs/message-model/spec.md line 89) and to config-loading (…/config-loading/spec.md line 239).
 * OpenSpec keeps requirements by capability: no duplicate. Both were `change/migrate-docs-to-specs/错误类型`
 * (KITS §2), and the second an ID_DUPLICATE error; each is now named with its capability.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, openLiveWorkspace } from '../../../src/core/index.js';
import { nextSnapshot } from '../../helpers/next-snapshot.js';
import { testdir } from '../../helpers/testdir.js';

const MESSAGE = ['# Message and Model Specification', '', '## ADDED Requirements', '', '### Requirement: 错误类型', 'The system SHALL define typed errors for model operations.', '', '#### Scenario: API 错误', '- **WHEN** AI API 返回错误', ''].join('\n');
const CONFIG = ['# Config Loading', '', '## ADDED Requirements', '', '### Requirement: 错误类型', 'The system SHALL provide specific error types for configuration failures.', '', '#### Scenario: ConfigLoadError', '- **WHEN** 配置加载失败', ''].join('\n');
const files = (config = CONFIG) => ({
  'docugraph.yml': 'kits: [openspec]\n',
  'openspec/changes/migrate-docs-to-specs/proposal.md': '# Proposal\n\n## Why\n\nMove the docs into specs.\n',
  'openspec/changes/migrate-docs-to-specs/specs/message-model/spec.md': MESSAGE,
  'openspec/changes/migrate-docs-to-specs/specs/config-loading/spec.md': config,
});

describe('one requirement name in two capabilities of a change (Kode-cli-rust)', () => {
  it('names each with its capability: no ID_DUPLICATE, both read', () => {
    const ws = loadWorkspace(testdir(files()));
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
    const ids = [...ws.nodes.keys()].filter((id) => id.endsWith('错误类型')).sort();
    expect(ids).toEqual(['change/migrate-docs-to-specs/config-loading/错误类型', 'change/migrate-docs-to-specs/message-model/错误类型']);
    expect(ws.nodes.get(ids[0]!)!.path).toBe('openspec/changes/migrate-docs-to-specs/specs/config-loading/spec.md');
    expect(ws.nodes.get(ids[1]!)!.item!.line).toBe(5);
    expect(ws.nodes.has('change/migrate-docs-to-specs/错误类型')).toBe(false);
  });

  it('an older reference to the id without the capability is broken, and "did you mean" names a capability\'s (a review of this change)', () => {
    const ws = loadWorkspace(testdir({ ...files(), 'docs/note.md': '---\nid: note\ntitle: Note\ndepends_on: [change/migrate-docs-to-specs/错误类型]\n---\n# Note\n' }));
    const broken = ws.diagnostics.filter((d) => d.path === 'docs/note.md');
    expect(broken).toHaveLength(1);
    expect(broken[0]!.message).toContain('did you mean `change/migrate-docs-to-specs/config-loading/错误类型`?');
  });

  it('a MODIFIED requirement that another change adds names that change, not `change/<name>/<capability>` (a review of this change)', () => {
    const ws = loadWorkspace(
      testdir({
        ...files(),
        'openspec/specs/message-model/spec.md': '# Message model\n\n## Requirements\n\n### Requirement: Messages\nThe system SHALL send messages.\n',
        'openspec/changes/later/specs/message-model/spec.md': '## MODIFIED Requirements\n\n### Requirement: 错误类型\nThe system SHALL define typed errors.\n',
      }),
    );
    const broken = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' && d.path.includes('/later/'));
    expect(broken.map((d) => d.message.slice(d.message.indexOf('; ') + 2))).toEqual([
      '`change/migrate-docs-to-specs` adds it (`change/migrate-docs-to-specs/message-model/错误类型`): archive that change first, as OpenSpec archives a delta\'s MODIFIED requirement only into a spec that has it',
    ]);
  });

  it('a name repeated inside one delta spec is still ID_DUPLICATE (the same capability twice)', () => {
    const ws = loadWorkspace(testdir({ ...files(), 'openspec/changes/migrate-docs-to-specs/specs/message-model/spec.md': `${MESSAGE}\n### Requirement: 错误类型\nThe system SHALL say it twice.\n` }));
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([11]);
  });

  it('a live workspace renames them again after an edit, and back when the twin goes', async () => {
    const root = testdir(files());
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    try {
      const first = await live.snapshot();
      expect(first.nodes.has('change/migrate-docs-to-specs/config-loading/错误类型')).toBe(true);
      writeFileSync(join(root, 'openspec/changes/migrate-docs-to-specs/specs/config-loading/spec.md'), CONFIG.replace('specific error types', 'typed errors'));
      const second = await nextSnapshot(live, first);
      expect(second.nodes.get('change/migrate-docs-to-specs/config-loading/错误类型')!.text).toContain('typed errors');
      expect(second.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
      writeFileSync(join(root, 'openspec/changes/migrate-docs-to-specs/specs/config-loading/spec.md'), CONFIG.replace('错误类型', '配置错误'));
      const third = await nextSnapshot(live, second);
      expect([...third.nodes.keys()].filter((id) => id.includes('错误类型'))).toEqual(['change/migrate-docs-to-specs/错误类型']);
    } finally {
      await live.close();
    }
  });
});
