/**
 * The token budget of a context bundle (CATALOG § Bounded answers), against bundles written
 * by hand in `budget/` from the spec — not produced by the code under test.
 *
 * Sizes, derived by hand: a document's size is ⌈UTF-8 bytes / 4⌉ of its section
 * `### {id} — {title}\npath: {path}\n\n{text}\n` (the dash is 3 bytes, the text has its
 * trailing newlines removed and its line endings normalised to LF).
 * - T: heading 15 + path line 11 + blank 1 + text 60 + newline 1 = 88 bytes → 22 tokens.
 * - A: 16 + 11 + 1 + text (4 + 6 + 13 + 16 + 4 + five 48-byte lines less the last newline: 239
 *   = 282) + 1 = 311 bytes → 78 tokens (its three trailing blank lines do not count).
 * - B: 15 + 11 + 1 + 36 + 1 = 64 bytes → 16 tokens (written with CRLF, measured after LF).
 * - C: "Café" is 5 bytes: 16 + 11 + 1 + 36 + 1 = 65 bytes → 17 tokens (16 if characters
 *   were counted instead of bytes).
 * Inclusion order: T (0), A (1), B (1), C (2); all together 22 + 78 + 16 + 17 = 133.
 * Dependency order: B, C, A, T.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../src/core/index.js';
import { testdir } from '../helpers/testdir.js';

const ALPHA = 'alpha alpha alpha alpha alpha alpha alpha alpha\n';
const FILES: Record<string, string> = {
  't.md': '---\nid: T\ntitle: Task\ndepends_on: [A, B, MISSING]\n---\nDo it.\n',
  'a.md': `---\nid: A\ntitle: Alpha\ndepends_on: [C]\n---\n${ALPHA.repeat(5)}\n\n\n`,
  'b.md': '---\r\nid: B\r\ntitle: Beta\r\n---\r\nBeta body.\r\n',
  'c.md': '---\nid: C\ntitle: Café\n---\nGamma....\n',
};

const golden = (name: string) => readFileSync(new URL(`./budget/${name}.bundle.md`, import.meta.url), 'utf8');

describe('context bundle under a token budget (hand-derived golden bundles)', () => {
  const workspace = loadWorkspace(testdir(FILES));
  const bundle = (maxTokens?: number) => buildBundle(workspace, maxTokens === undefined ? { taskId: 'T' } : { taskId: 'T', maxTokens });

  it('omits a middle document (A: 22 + 78 > 60) while later, smaller ones still fit (B: 38, C: 55 ≤ 60)', () => {
    expect(bundle(60)).toBe(golden('omit-middle'));
  });

  it('keeps the task alone when it is over the budget by itself (22 > 20): everything else is omitted', () => {
    expect(bundle(20)).toBe(golden('task-alone'));
    expect(bundle(1)).toBe(golden('task-alone').replace('budget: 20 tokens', 'budget: 1 tokens'));
  });

  it('at exactly the budget (133) keeps everything, with no budget line: the META-01 §7 bytes', () => {
    expect(bundle(133)).toBe(golden('at-budget'));
    expect(bundle()).toBe(golden('at-budget'));
    expect(bundle(Number.MAX_SAFE_INTEGER)).toBe(golden('at-budget'));
    // One token less and the last document walked (C, 116 + 17 = 133 > 132) no longer fits.
    const under = bundle(132);
    expect(under).toContain('truncated: true\nbudget: 132 tokens, 1 omitted\n\n## Inclusion report\n');
    expect(under).toContain('- `C` depth=2: required by `A` — omitted (≈17 tokens)\n');
    expect(under).not.toContain('### C — ');
  });

  it('the same workspace and arguments give the same bytes, whatever the order the files were written in', () => {
    const reversed = Object.fromEntries(Object.entries(FILES).reverse());
    const again = loadWorkspace(testdir(reversed));
    for (const maxTokens of [1, 20, 60, 100, 132, 133]) {
      expect(buildBundle(again, { taskId: 'T', maxTokens })).toBe(bundle(maxTokens));
    }
  });

  it('puts the budget line after `truncated: true` when the depth cut something off too', () => {
    expect(buildBundle(workspace, { taskId: 'T', maxDepth: 1, maxTokens: 60 })).toMatch(
      /^# Context bundle: T\nmaxDepth: 1\ntruncated: true\nbudget: 60 tokens, 1 omitted\n\n## Inclusion report\n- `T` depth=0: requested task\n- `A` depth=1: required by `T` — omitted \(≈78 tokens\)\n- `B` depth=1: required by `T`\n\n/,
    );
  });
});
