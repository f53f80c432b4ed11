/**
 * `relations:` and `status:` in docugraph.yml (TRACE §1–2): what they set, and the
 * CONFIG_INVALID findings for a key claimed twice or a status word in both lists.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/parse/config.js';
import { DEFAULT_CONFIG } from '../../../src/core/shared/config-types.js';
import { expectSchemaAgrees } from '../../helpers/config-schema.js';

describe('relations and status in docugraph.yml', () => {
  it('sets the keys of each relation (a key or a list) and the status words, in normal form', () => {
    const { config, diagnostics } = parseConfig('relations:\n  verifies: [verifies, tests]\n  refines: parent\nstatus:\n  done: [Done, Shipped, shipped]\n');
    expect(diagnostics).toEqual([]);
    expect(config.relations).toEqual({ ...DEFAULT_CONFIG.relations, verifies: ['verifies', 'tests'], refines: ['parent'] });
    expect(config.status).toEqual({ done: ['done', 'shipped'], dropped: DEFAULT_CONFIG.status.dropped });
  });

  it('a word moved to the other list leaves the default one', () => {
    const { config, diagnostics } = parseConfig('status:\n  done: [Deferred]\n');
    expect(diagnostics).toEqual([]);
    expect(config.status.done).toEqual(['deferred']);
    expect(config.status.dropped).not.toContain('deferred');
  });

  it('CONFIG_INVALID: a key for two relations, for a relation and a field, depends_on, a word in both lists, a wrong shape', () => {
    const cases: [string, number, string][] = [
      ['relations:\n  verifies: [tests]\n  implements: [tests]\n', 2, 'the frontmatter key `tests` is listed for `relations.verifies` and for `relations.implements`'],
      ['relations:\n  related: [status]\n', 2, 'the frontmatter key `status` is listed for `relations.related` and for `fields.status`'],
      ['fields:\n  dependsOn: [depends_on, parent]\nrelations:\n  refines: parent\n', 4, 'the frontmatter key `parent` is listed for `relations.refines` and for `fields.dependsOn`'],
      ['relations:\n  verifies: [verifies, related]\n', 2, 'the frontmatter key `related` is listed for `relations.related` and for `relations.verifies`'],
      ['relations:\n  depends_on: [requires]\n', 2, 'the keys of `depends_on` are set by `fields.dependsOn`'],
      ['relations:\n  blocks: [x]\n', 2, 'unknown setting `relations.blocks`'],
      ['relations:\n  implements: 3\n', 2, '`relations.implements` must be a list of non-empty strings'],
      ['status:\n  done: [done]\n  dropped: [DONE]\n', 3, '`status.dropped` lists `done`, which `status.done` lists too'],
      ['status: done\n', 1, '`status` must be a mapping'],
    ];
    for (const [text, line, message] of cases) {
      const { config, diagnostics } = parseConfig(text);
      expect(config, text).toBe(DEFAULT_CONFIG);
      expect(diagnostics.map((d) => [d.code, d.line]), text).toEqual([['CONFIG_INVALID', line]]);
      expect(diagnostics[0]!.message, text).toContain(message);
    }
  });
});

describe('the JSON Schema agrees on relations and status', () => {
  it('valid and invalid shapes get the same verdict from both', () => {
    const samples = [
      'relations:\n  implements: implements\n  verifies: [verifies, tests]\n  refines: [parent]\n  related: [see_also]\n  supersedes: replaces\n',
      'status:\n  done: [done, Shipped]\n  dropped: cancelled\n',
      'relations:\n  blocks: [x]\n',
      'relations:\n  implements: 3\n',
      'relations:\n  implements: [""]\n',
      `relations:\n  related: [${Array.from({ length: 101 }, (_, i) => `k${i}`).join(', ')}]\n`,
      'relations: [implements]\n',
      'status:\n  open: [todo]\n',
      'status:\n  done: [1]\n',
      'status: done\n',
    ];
    expectSchemaAgrees(samples);
  });
});
