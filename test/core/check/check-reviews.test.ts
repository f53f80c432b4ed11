/**
 * TRACE §3: fingerprints, `docugraph.lock.json`, suspect and stale reviews, the report's
 * `reviews`, and a live index that follows the lock file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, loadWorkspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { fingerprintOf, sameFingerprint } from '../../../src/core/model/fingerprint.js';
import { parseLockFile } from '../../../src/core/parse/lock-file.js';
import { doc, testdir } from '../../helpers/testdir.js';

const REQ = doc({ id: 'REQ-01', title: 'Projects', status: 'approved' }, 'A project has a name.\n');
const BE = doc({ id: 'BE-02', title: 'Create a project', depends_on: ['REQ-01'] }, 'Build it.\n');

function fingerprint(files: Record<string, string | Uint8Array>, id = 'REQ-01'): string {
  const ws = loadWorkspace(testdir(files));
  return fingerprintOf(ws.nodes.get(id)!);
}

function lock(reviewed: Record<string, string>): string {
  return `${JSON.stringify({ version: 1, reviewed }, null, 2)}\n`;
}

describe('fingerprints (hand-computed: sha256 of "{title}\\n\\n{body}", first 16 hex digits)', () => {
  it('is the hash of the display title and the body without trailing newlines', () => {
    // printf 'Projects\n\nA project has a name.' | sha256sum
    expect(fingerprint({ 'req.md': REQ })).toBe('3fb341925f6a1038');
    expect(fingerprint({ 'req.md': `${REQ}\n\n\n` })).toBe('3fb341925f6a1038');
  });

  it('changes with the body and with the title', () => {
    expect(fingerprint({ 'req.md': doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a unique name.\n') })).toBe('6a12dc2cfbaa1011');
    expect(fingerprint({ 'req.md': doc({ id: 'REQ-01', title: 'Project names' }, 'A project has a name.\n') })).toBe('93c668fd31a0aabe');
  });

  it('is the same with CRLF line ends and with a BOM', () => {
    expect(fingerprint({ 'req.md': REQ.replace(/\n/g, '\r\n') })).toBe('3fb341925f6a1038');
    expect(fingerprint({ 'req.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(REQ)]) })).toBe('3fb341925f6a1038');
  });

  it('ignores the status, the dependencies and every other frontmatter key', () => {
    expect(fingerprint({ 'req.md': doc({ id: 'REQ-01', title: 'Projects', status: 'draft' }, 'A project has a name.\n') })).toBe('3fb341925f6a1038');
    const more = doc({ id: 'REQ-01', title: 'Projects', type: 'requirement', owner: 'ana', depends_on: ['X-1'] }, 'A project has a name.\n');
    expect(fingerprint({ 'req.md': more, 'x.md': doc({ id: 'X-1' }) })).toBe('3fb341925f6a1038');
  });

  it('sameFingerprint agrees with comparing fingerprints, hashed or not', () => {
    const node = (text: string) => loadWorkspace(testdir({ 'req.md': text })).nodes.get('REQ-01')!;
    const texts = [REQ, `${REQ}\n\n`, REQ.replace('a name', 'a unique name'), doc({ id: 'REQ-01', title: 'Project names' }, 'A project has a name.\n'), doc({ id: 'REQ-01', title: 'Projects', status: 'draft' }, 'A project has a name.\n')];
    for (const a of texts) {
      for (const b of texts) {
        const [x, y] = [node(a), node(b)];
        const fresh = sameFingerprint(x, y);
        expect(fresh, `${a} / ${b}`).toBe(fingerprintOf(x) === fingerprintOf(y));
        expect(sameFingerprint(x, y)).toBe(fresh);
      }
    }
  });

  it('uses the display title: the first heading when there is no title key', () => {
    // printf 'Projects\n\n# Projects\n\nA project has a name.' | sha256sum
    const text = '---\nid: REQ-01\n---\n# Projects\n\nA project has a name.\n';
    expect(fingerprint({ 'req.md': text })).toBe('11c53484eb17ff9c');
  });
});

describe('reviews from docugraph.lock.json', () => {
  it('are off without the file: no key in the report, no finding', () => {
    const report = buildReport(loadWorkspace(testdir({ 'req.md': REQ, 'be.md': BE })));
    expect(Object.keys(report)).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'errors', 'warnings', 'valid']);
    expect(report.warnings).toEqual([]);
  });

  it('count a link reviewed against the current text as reviewed', () => {
    const ws = loadWorkspace(testdir({ 'req.md': REQ, 'be.md': BE, 'docugraph.lock.json': lock({ 'BE-02 -> REQ-01': '3fb341925f6a1038' }) }));
    const report = buildReport(ws);
    expect(report.reviews).toEqual({ reviewed: 1, suspect: 0, unreviewed: 0 });
    expect(report.warnings).toEqual([]);
    expect(formatReport(report)).toContain('"valid": true,\n  "reviews": {\n    "reviewed": 1,');
  });

  it('report a link whose target changed as LINK_SUSPECT on the line of its entry', () => {
    const changed = doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a unique name.\n');
    const ws = loadWorkspace(testdir({ 'req.md': changed, 'be.md': BE, 'docugraph.lock.json': lock({ 'BE-02 -> REQ-01': '3fb341925f6a1038' }) }));
    const report = buildReport(ws);
    expect(report.reviews).toEqual({ reviewed: 0, suspect: 1, unreviewed: 0 });
    expect(report.warnings).toEqual([
      {
        code: 'LINK_SUSPECT',
        message: 'BE-02 → REQ-01 is suspect: `REQ-01` changed since `BE-02` was reviewed against it; check BE-02, then run `docugraph review BE-02`',
        nodeId: 'BE-02',
        path: 'be.md',
        line: 4,
      },
    ]);
    expect(ws.reviews.suspect).toEqual(new Map([['BE-02', ['REQ-01']]]));
  });

  it('count links without a review as unreviewed, and report a review of a link that is gone as REVIEW_STALE', () => {
    const other = doc({ id: 'QA-01', title: 'Check', depends_on: ['REQ-01'] });
    const ws = loadWorkspace(testdir({ 'req.md': REQ, 'be.md': BE, 'qa.md': other, 'docugraph.lock.json': lock({ 'BE-02 -> REQ-01': '3fb341925f6a1038', 'BE-02 -> REQ-09': '0123456789abcdef', 'OLD-1 -> REQ-01': '0123456789abcdef' }) }));
    const report = buildReport(ws);
    expect(report.reviews).toEqual({ reviewed: 1, suspect: 0, unreviewed: 1 });
    expect(report.warnings.map((d) => [d.code, d.path, d.line, d.message])).toEqual([
      ['REVIEW_STALE', 'docugraph.lock.json', 5, 'the review of `BE-02 -> REQ-09` is stale: that link no longer exists; `docugraph review BE-02` drops it'],
      ['REVIEW_STALE', 'docugraph.lock.json', 6, 'the review of `OLD-1 -> REQ-01` is stale: that link no longer exists; delete its line, or run `docugraph review` on any document, which drops it'],
    ]);
  });

  it('an empty lock file of the right shape turns reviews on with every link unreviewed', () => {
    const report = buildReport(loadWorkspace(testdir({ 'req.md': REQ, 'be.md': BE, 'docugraph.lock.json': lock({}) })));
    expect(report.reviews).toEqual({ reviewed: 0, suspect: 0, unreviewed: 1 });
  });
});

describe('reviews of typed relations', () => {
  it('cover implements, verifies and refines (one review per pair, on the first entry), never related or supersedes', () => {
    const qa = doc({ id: 'QA-01', title: 'Tests', verifies: ['REQ-01'], related: ['BE-02'] });
    const impl = doc({ id: 'BE-03', title: 'Impl', depends_on: ['REQ-01'], implements: ['REQ-01'] });
    const ws = loadWorkspace(testdir({ 'req.md': REQ, 'be.md': BE, 'qa.md': qa, 'impl.md': impl, 'docugraph.lock.json': lock({ 'QA-01 -> REQ-01': 'ffffffffffffffff' }) }));
    const report = buildReport(ws);
    // BE-02 -> REQ-01, BE-03 -> REQ-01 (depends_on and implements: one link), QA-01 -> REQ-01 (verifies); not QA-01 -> BE-02 (related).
    expect(report.reviews).toEqual({ reviewed: 0, suspect: 1, unreviewed: 2 });
    expect(report.warnings.map((d) => [d.code, d.nodeId, d.line])).toEqual([['LINK_SUSPECT', 'QA-01', 4]]);
  });
});

describe('a lock file that is not the shape DocuGraph writes', () => {
  const problem = (text: string) => {
    const state = parseLockFile(text);
    return state.kind === 'invalid' ? state.diagnostics.map((d) => [d.line, d.message]) : state.kind;
  };

  it('is CONFIG_INVALID on the lock file, with the line and what to do', () => {
    expect(problem('{\n  "version": 1,\n  "reviewed": {\n    "A -> B": "0123456789abcdef",\n  }\n}\n')).toEqual([
      [5, expect.stringMatching(/^`docugraph\.lock\.json` is not valid JSON \(.*\); fix it, or delete it and review the links again with `docugraph review`$/)],
    ]);
    expect(problem('{\n  "version": 2,\n  "reviewed": {}\n}\n')).toEqual([[2, expect.stringContaining('`version` must be 1')]]);
    expect(problem('{\n  "version": 1,\n  "reviewed": {\n    "A->B": "0123456789abcdef"\n  }\n}\n')).toEqual([[4, expect.stringContaining('the key `A->B` is not `FROM -> TO` (two document ids)')]]);
    expect(problem('{\n  "version": 1,\n  "reviewed": {\n    "A -> B": "0123"\n  }\n}\n')).toEqual([[4, expect.stringContaining('the review of `A -> B` is not 16 lower-case hex digits')]]);
    expect(problem('{\n  "version": 1,\n  "reviewed": {},\n  "extra": true\n}\n')).toEqual([[4, expect.stringContaining('it has the key `extra`')]]);
    expect(problem('[]\n')).toEqual([[null, expect.stringContaining('it is not a JSON object')]]);
    expect(problem('{\n  "version": 1,\n  "reviewed": {\n    "A -> B": "0123456789abcdef",\n    "A -> B": "0123456789abcdef"\n  }\n}\n')).toEqual([[5, expect.stringContaining('the key `A -> B` appears twice')]]);
  });

  it('names merge conflict markers and how to resolve them', () => {
    const text = '{\n  "version": 1,\n  "reviewed": {\n<<<<<<< HEAD\n    "A -> B": "0123456789abcdef"\n=======\n    "A -> C": "0123456789abcdef"\n>>>>>>> other\n  }\n}\n';
    expect(problem(text)).toEqual([[4, '`docugraph.lock.json` holds merge conflict markers: keep the lines of both sides (each is the review of one link), remove the markers, then run `docugraph validate`']]);
  });

  it('makes the workspace invalid and turns reviews off', () => {
    const report = buildReport(loadWorkspace(testdir({ 'req.md': REQ, 'be.md': BE, 'docugraph.lock.json': 'not json' })));
    expect(report.valid).toBe(false);
    expect(report.errors.map((d) => [d.code, d.path])).toEqual([['CONFIG_INVALID', 'docugraph.lock.json']]);
    expect(report.reviews).toBeUndefined();
  });

  it('is refused when it is a symbolic link, never followed', () => {
    const root = testdir({ 'req.md': REQ, 'be.md': BE, 'real.json': lock({ 'BE-02 -> REQ-01': '3fb341925f6a1038' }), 'docugraph.lock.json': { symlink: 'real.json' } });
    const report = buildReport(loadWorkspace(root));
    expect(report.errors.map((d) => [d.code, d.path])).toEqual([['CONFIG_INVALID', 'docugraph.lock.json']]);
    expect(report.errors[0]!.message).toMatch(/^`docugraph\.lock\.json` cannot be read: .*symbolic link.*; make it a regular file/);
    expect(report.reviews).toBeUndefined();
  });
});

describe('a live index', () => {
  it('follows the lock file: created, edited, deleted, without reading any document again', () => {
    const root = testdir({ 'req.md': REQ, 'be.md': BE });
    const index = createWorkspaceIndex(root);
    const first = index.refresh('all');
    expect(buildReport(first).reviews).toBeUndefined();
    writeFileSync(join(root, 'docugraph.lock.json'), lock({ 'BE-02 -> REQ-01': 'ffffffffffffffff' }));
    const suspect = index.refresh(['docugraph.lock.json']);
    expect(buildReport(suspect).reviews).toEqual({ reviewed: 0, suspect: 1, unreviewed: 0 });
    expect(suspect.nodes.get('REQ-01')).toBe(first.nodes.get('REQ-01'));
    expect(index.changedIds()).toEqual(new Set());
    writeFileSync(join(root, 'docugraph.lock.json'), lock({ 'BE-02 -> REQ-01': '3fb341925f6a1038' }));
    expect(buildReport(index.refresh(['docugraph.lock.json'])).reviews).toEqual({ reviewed: 1, suspect: 0, unreviewed: 0 });
    // The same text again: the same snapshot.
    const same = index.workspace();
    expect(index.refresh(['docugraph.lock.json'])).toBe(same);
    expect(index.refresh('all')).toBe(same);
    // An edit to the target makes the link suspect.
    writeFileSync(join(root, 'req.md'), doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a unique name.\n'));
    expect(buildReport(index.refresh(['req.md'])).reviews).toEqual({ reviewed: 0, suspect: 1, unreviewed: 0 });
    writeFileSync(join(root, 'docugraph.lock.json'), 'broken');
    expect(buildReport(index.refresh(['docugraph.lock.json'])).errors.map((d) => d.code)).toEqual(['CONFIG_INVALID']);
  });
});
