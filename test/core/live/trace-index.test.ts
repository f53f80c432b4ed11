/**
 * Live traces (TRACE §5): a tag added to or removed from a source file shows in the next
 * snapshot — in watch mode (the watcher follows the source folders, above the workspace too)
 * and in the poll fallback — and a source folder created later is followed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLiveWorkspace, type LiveMode, type LiveWorkspace } from '../../../src/core/live/live-workspace.js';
import type { Workspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

const open: LiveWorkspace[] = [];
afterEach(() => {
  while (open.length > 0) open.pop()!.close();
});

const traces = (ws: Workspace) => [...ws.traces.byId.values()].flat().map((t) => `${t.path}:${t.line} ${t.id}`);
const codes = (ws: Workspace) => ws.diagnostics.map((d) => d.code);

describe.each(['watch', 'poll'] as const)('live traces (%s)', (mode: LiveMode) => {
  it('a tag added, changed or removed shows in the next snapshot, with its findings', async () => {
    const repo = testdir({ 'docs/req.md': doc({ id: 'REQ-01', title: 'R', type: 'requirement' }), 'docs/docugraph.yml': 'trace:\n  sources: ["src/**"]\ncoverage:\n  requirement: implements\n', 'src/a.ts': 'export {};\n' });
    mkdirSync(join(repo, '.git'));
    const live = openLiveWorkspace(join(repo, 'docs'), { mode, settleMs: 20 });
    open.push(live);
    let ws = await live.snapshot();
    expect(traces(ws)).toEqual([]);
    expect(codes(ws)).toEqual(['COVERAGE_MISSING']);
    writeFileSync(join(repo, 'src/a.ts'), 'export {};\n// docugraph: implements REQ-01\n');
    ws = await live.snapshot();
    expect(traces(ws)).toEqual(['src/a.ts:2 REQ-01']);
    expect(codes(ws)).toEqual([]);
    writeFileSync(join(repo, 'src/a.ts'), '// docugraph: implements REQ-1\n');
    ws = await live.snapshot();
    expect(codes(ws)).toEqual(['COVERAGE_MISSING', 'TRACE_BROKEN']);
    mkdirSync(join(repo, 'src/deep/er'), { recursive: true });
    await live.snapshot();
    writeFileSync(join(repo, 'src/deep/er/b.ts'), '# docugraph: implements REQ-01\n');
    ws = await live.snapshot();
    expect(traces(ws)).toEqual(['src/deep/er/b.ts:1 REQ-01']);
    rmSync(join(repo, 'src'), { recursive: true });
    ws = await live.snapshot();
    expect(traces(ws)).toEqual([]);
  });
});
