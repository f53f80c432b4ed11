/**
 * Versioning: changesets is set up for this single public package, and CHANGELOG.md is at
 * package.json's version (server.json's is checked in server-json.test.ts, the action's in
 * action.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as { name: string; version: string; scripts: Record<string, string> };

describe('release metadata', () => {
  it('changesets publishes this package publicly from main', () => {
    expect(JSON.parse(read('.changeset/config.json'))).toMatchObject({ access: 'public', baseBranch: 'main', changelog: '@changesets/cli/changelog' });
    expect(pkg.scripts['version-packages']).toBe('changeset version && node scripts/sync-version.mjs');
  });

  it("CHANGELOG.md is changesets' file for this package, newest version first, at package.json's version", () => {
    const changelog = read('CHANGELOG.md');
    expect(changelog.startsWith(`# ${pkg.name}\n\n## `)).toBe(true);
    // After the changes waiting to be released (changelog.test.ts), the newest release.
    expect(/^## (\d\S*)$/m.exec(changelog)?.[1]).toBe(pkg.version);
  });
});
