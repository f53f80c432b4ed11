/**
 * Issue 57 over MCP: the server serves this workspace's graph with its sources in it — a bundle
 * crosses into the platform repository, `validate_traceability` reports the sources' findings
 * (here SOURCE_MOVED after the platform moved past its pin), and `list_tasks` filters by the
 * source's name. The fixture is test/fixtures/sources (written by hand).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitFiles, git } from '../helpers/git-repo.js';
import { connect, textOf } from '../helpers/server-process.js';
import { sourcePair } from '../helpers/source-pair.js';

describe('the MCP server with a source', () => {
  it('serves the combined graph', async () => {
    const { service, platform } = sourcePair();
    const pinned = git(platform, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(service, 'docugraph.lock.json'), `{\n  "version": 1,\n  "sources": {\n    "platform": {\n      "commit": "${pinned}"\n    }\n  }\n}\n`);
    commitFiles(platform, { 'docs/req-12.md': '---\nid: REQ-12\ntitle: Tokens expire\n---\n\nThirty minutes.\n' });
    const { client } = await connect({ args: ['--workspace', service] });
    try {
      const bundle = textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'SVC-2' } }));
      expect(bundle).toContain('- `platform:REQ-12` depth=2: required by `SVC-1`');
      expect(bundle).toContain('path: ../platform/docs/req-12.md');
      const report = JSON.parse(textOf(await client.callTool({ name: 'validate_traceability', arguments: {} }))) as { valid: boolean; warnings: { code: string; message: string }[] };
      expect(report.valid).toBe(true);
      expect(report.warnings.map((w) => w.code)).toEqual(['SOURCE_MOVED']);
      expect(report.warnings[0]!.message).toContain('1 changed (`platform:REQ-12`); here, `SVC-1` depends on what changed');
      const tasks = JSON.parse(textOf(await client.callTool({ name: 'list_tasks', arguments: { root: 'platform', type: 'task' } }))) as { tasks: { id: string }[] };
      expect(tasks.tasks.map((t) => t.id)).toEqual(['platform:auth/T1']);
      // A change in the platform's working tree shows: the server reads its sources again.
      writeFileSync(join(platform, 'docs/req-12.md'), '---\nid: REQ-12\ntitle: Tokens expire sooner\n---\n\nFifteen minutes.\n');
      const until = Date.now() + 10_000;
      let seen = '';
      while (Date.now() < until && !seen.includes('Tokens expire sooner')) {
        seen = textOf(await client.callTool({ name: 'get_task_context', arguments: { taskId: 'SVC-1' } }));
        if (!seen.includes('Tokens expire sooner')) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen).toContain('### platform:REQ-12 — Tokens expire sooner\n');
    } finally {
      await client.close();
    }
  });
});
