/**
 * The outline scan (src/core/parse/kits/outline-scan.ts) must give exactly the outline that
 * markdown-it's block parse gives: every entry compared, on generated kit files built from the
 * lines that decide list nesting, on the kit bench's repository and on the fixtures.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { outlineOf } from '../../../../src/core/parse/kits/outline.js';
import { parsers } from '../../../../src/core/parse/markdown-parser.js';

const { md } = parsers();
import { expectEqual } from '../../../helpers/many-checks.js';
import { markdownBodies } from '../../../helpers/markdown-bodies.js';
import { FIXTURES, ROOT } from '../../../helpers/paths.js';
import { testdir } from '../../../helpers/testdir.js';

const { generateKits } = (await import(join(ROOT, 'bench', 'kits.mjs'))) as { generateKits: (dir: string, items: number) => unknown };

function same(body: string, label: string | (() => string)): void {
  expectEqual(outlineOf(body, 4), outlineOf(body, 4, false), label);
}

function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** Bodies of random lines from `pool`, each indented by 0–9 spaces one time in three. */
function generated(count: number, seed: number, pool: readonly string[]): string[] {
  const rand = random(seed);
  return Array.from({ length: count }, () => {
    const lines = Array.from({ length: 1 + Math.floor(rand() * 30) }, () => {
      const line = pool[Math.floor(rand() * pool.length)]!;
      return rand() < 0.35 ? ' '.repeat(Math.floor(rand() * 10)) + line : line;
    });
    return lines.join('\n') + (rand() < 0.5 ? '\n' : '');
  });
}

/** What kit files hold: nested boxes, numbered criteria, metadata bullets, prose, headings; and lines another block rule takes. */
const KIT_LINES = [
  '- [ ] 1. Set up the project', '- [x] 2.1 Write the model', '  - [ ] 2.2 Wire it', '    - _Requirements: 1.1, 2.3_', '- [ ]* 3.1 Optional test', '* [X] T001 [P] [US1] Create src/a.ts',
  '1. WHEN a user signs in THEN the system SHALL log it', '2. IF x THEN y', '10. ten', '2) paren', '1.1. THE system SHALL', '1.2 THE thing', '3.',
  '### Requirement 1: Sign in', '#### Acceptance Criteria', '## Phase 2', '# Tasks', '##### Group', '## Closed ##', '#', '# ',
  '**User Story:** As a user, I want x', 'plain prose line', 'lazy continuation', '- **FR-001**: System MUST do x', '+ plus item', '-dash word', '2024. a year',
  '', '', '', '', '', '',
  // Lines the scan leaves to markdown-it.
  '```', '~~~', '> quote', '<!-- note -->', '---', '***', '===', '| a | b |', '[x]: y.md', '- ', '-', '#tag', '  # indented heading', '\ttab', '- # item heading', '-     five spaces',
];

describe('the outline scan', () => {
  it('agrees with markdown-it on generated kit files (nesting by indentation, lazy lines, paragraphs interrupted)', () => {
    for (const [i, body] of generated(6000, 5, KIT_LINES).entries()) same(body, () => `generated ${i}: ${JSON.stringify(body)}`);
  });

  it('agrees on files of only the lines it reads itself', () => {
    const plain = KIT_LINES.slice(0, KIT_LINES.indexOf('```'));
    for (const [i, body] of generated(6000, 9, plain).entries()) same(body, () => `plain ${i}: ${JSON.stringify(body)}`);
  });

  it('agrees on the kit bench repository and the fixtures', () => {
    const dir = testdir({});
    generateKits(dir, 3000);
    for (const root of [dir, FIXTURES]) for (const { path, body, line } of markdownBodies(root)) expectEqual(outlineOf(body, line), outlineOf(body, line, false), path);
  });

  it('reads a plain kit file without markdown-it, and leaves one with a form it does not read to it', () => {
    const parse = vi.spyOn(md, 'parse');
    const body = '# Tasks\n\n- [ ] 1. Set up\n  - [ ] 1.1 Model\n    - _Requirements: 1.1_\nlazy\n\n1.1. THE system SHALL log\n1.2. THE system SHALL keep\n';
    const outline = outlineOf(body, 1);
    expect(parse).not.toHaveBeenCalled();
    expect(outline.entries.map((e) => [e.kind, e.level, e.line, e.last, e.text, e.number, e.parent])).toEqual([
      ['heading', 1, 1, 1, 'Tasks', null, -1],
      // An item runs on over the blank line after it (markdown-it's map; the kit readers drop trailing blank lines).
      ['item', 1, 3, 7, '[ ] 1. Set up', null, -1],
      ['item', 2, 4, 7, '[ ] 1.1 Model', null, 1],
      ['item', 3, 5, 7, '_Requirements: 1.1_\nlazy', null, 2],
      ['line', 0, 8, 8, 'THE system SHALL log', '1.1', -1],
      ['line', 0, 9, 9, 'THE system SHALL keep', '1.2', -1],
    ]);
    outlineOf('- [ ] 1. Set up\n\n```\n- [ ] 2. not a task\n```\n', 1);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });
});
