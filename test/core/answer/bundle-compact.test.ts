/**
 * A kit task's bundle says what it must in few tokens (issue 55): a long kit item title is cut
 * in its header (its lines follow whole), and the sections a cut document leaves out are named
 * by their own heading, lines and tokens, the legend said once, the rest past the cap counted.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../../src/core/index.js';
import { leftOut } from '../../../src/core/answer/left-out.js';
import { shortTitle } from '../../../src/core/answer/document-section.js';
import type { Section } from '../../../src/core/parse/sections.js';
import { testdir } from '../../helpers/testdir.js';

const section = (heading: string, line: number, end: number, level = 2): Section => ({ level, heading, trail: `## Parent › ${'#'.repeat(level)} ${heading}`, line, end, from: 0, to: 0 });

describe('shortTitle', () => {
  it('keeps a title of 80 characters or fewer, and cuts a longer one after its last whole word with an ellipsis', () => {
    expect(shortTitle('Users can reset a password')).toBe('Users can reset a password');
    const long = 'System MUST expose REST endpoint `POST /api/v1/users/register` accepting a JSON body with fields: `email` (string, required)';
    const cut = shortTitle(long);
    expect(cut).toBe('System MUST expose REST endpoint `POST /api/v1/users/register` accepting a JSON…');
    expect([...cut].length).toBeLessThanOrEqual(80);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    // Inside a word: the word is left out whole.
    expect(shortTitle(`${'word '.repeat(15)}abcdefghij more`)).toBe(`${'word '.repeat(15).trimEnd()}…`);
  });

  it('counts what a reader sees as one character (an emoji, a flag, a family) and never cuts one in two (a review of this change)', () => {
    const cut = shortTitle(`${'😀'.repeat(30)} ${'😀'.repeat(60)}`);
    expect(cut).toBe(`${'😀'.repeat(30)} ${'😀'.repeat(48)}…`);
    const flags = shortTitle('🇫🇷'.repeat(90));
    expect(flags).toBe(`${'🇫🇷'.repeat(79)}…`);
    const family = '👨‍👩‍👧';
    expect(shortTitle(family.repeat(85))).toBe(`${family.repeat(79)}…`);
  });

  it('never cuts a control character’s escape in two: the title is cut first, then made visible', () => {
    const title = `${'x'.repeat(78)}\u0007 and more words`;
    expect(shortTitle(title)).toBe(`${'x'.repeat(78)}\\u0007…`);
    expect(shortTitle(`a\u0007b`)).toBe('a\\u0007b');
  });
});

describe('leftOut', () => {
  it('names each section by its own heading, one line by its number, tokens after; the opening as Opening', () => {
    const line = leftOut([
      { section: { ...section('', 1, 3, 0), trail: '' }, tokens: 12 },
      { section: section('Components', 5, 5), tokens: 4 },
      { section: section('Palette', 11, 51, 3), tokens: 1270 },
    ]);
    expect(line).toBe('Left out (heading (lines, ≈tokens)): Opening (1-3, ≈12); Components (5, ≈4); Palette (11-51, ≈1270)');
  });

  it('lists at most 30 and counts the rest with their tokens', () => {
    const many = Array.from({ length: 33 }, (_, i) => ({ section: section(`S${i}`, 10 + i * 2, 11 + i * 2), tokens: 10 + i }));
    const line = leftOut(many);
    expect(line).toContain('S29 (68-69, ≈39); and 3 more (≈123)');
    expect(line).not.toContain('S30');
  });

  it('says so of a heading without text', () => {
    expect(leftOut([{ section: section('', 58, 67), tokens: 143 }])).toBe('Left out (heading (lines, ≈tokens)): (a heading without text) (58-67, ≈143)');
  });

  it('keeps a heading that holds a line break on one line', () => {
    expect(leftOut([{ section: section('a\nb', 3, 4), tokens: 2 }])).not.toContain('\n');
  });
});

describe('a kit bundle', () => {
  it('gives a requirement with a long title under a short header, its lines whole', () => {
    const requirement = 'Users MUST be able to reset a forgotten password by following a single-use link sent to the address of their account';
    const dir = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-reset/spec.md': `# Reset\n\n## Requirements\n\n- **FR-001**: ${requirement}\n`,
      'specs/001-reset/tasks.md': '# Tasks\n\n- [ ] T001 Send the reset link (FR-001)\n',
    });
    const bundle = buildBundle(loadWorkspace(dir), { taskId: '001-reset/T001' });
    expect(bundle).toContain('### 001-reset/FR-001 — Users MUST be able to reset a forgotten password by following a single-use link…\npath: ');
    expect(bundle).toContain(`- **FR-001**: ${requirement}\n`);
  });
});
