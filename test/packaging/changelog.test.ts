/**
 * CHANGELOG.md says what the build holds (issue 53): its Unreleased section lists every change
 * waiting in `.changeset/` (scripts/changelog-unreleased.mjs), and a release removes it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a script of the repository, in JavaScript
import { unreleasedSection, withSection } from '../../scripts/changelog-unreleased.mjs';
import { ROOT } from '../helpers/paths.js';

const section = unreleasedSection as (dir?: string) => string | null;
const replace = withSection as (changelog: string, section: string | null) => string;

describe('CHANGELOG.md', () => {
  it('lists every change waiting in .changeset/ in its Unreleased section (`npm run changelog` writes it)', () => {
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    expect(replace(changelog, section()), 'run `npm run changelog`').toBe(changelog);
  });

  it('makes the section from each changeset, minor changes first, and a release removes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'changesets-'));
    writeFileSync(join(dir, 'b-fix.md'), "---\n'docugraph': patch\n---\n\nA fix: it no longer breaks. More words.\n");
    writeFileSync(join(dir, 'a-feature.md'), '---\n"docugraph": minor\n---\n\nA feature that does a great many useful things for everyone who reads it. Details here.\n');
    writeFileSync(join(dir, 'README.md'), 'not a changeset\n');
    const made = section(dir)!;
    // The first sentence; a short one (a heading) with the next.
    expect(made.split('\n').filter((line) => line.startsWith('- '))).toEqual(['- (minor) A feature that does a great many useful things for everyone who reads it.', '- (patch) A fix: it no longer breaks. More words.']);
    const changelog = '# docugraph\n\n## 0.1.0\n\n- First.\n';
    const written = replace(changelog, made);
    expect(written.startsWith(`# docugraph\n\n${made}\n## 0.1.0\n`)).toBe(true);
    // Written again: the same; after a release (no changesets left): the section goes.
    expect(replace(written, made)).toBe(written);
    expect(replace(written, null)).toBe(changelog);
  });
});
