/** linkOnPath: the first part of a path that is a symbolic link, found without following one (D-552). */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkOnPath } from '../../../src/core/read/linked-path.js';
import { linkedKitFolders } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';

describe('a path that runs through a symbolic link', () => {
  it('names the first part that is a link, from the root down; none for a real path, a missing one, or a file in the way', () => {
    const root = testdir({ 'real/specs/a/tasks.md': '- [ ] 1. A\n', 'file.md': '# F\n' });
    symlinkSync('real', join(root, '.kiro'));
    mkdirSync(join(root, 'openspec'));
    symlinkSync('../real/specs', join(root, 'openspec/changes'));
    symlinkSync('/nonexistent', join(root, 'specs'));
    expect(linkOnPath(root, '.kiro/specs')).toBe('.kiro');
    expect(linkOnPath(root, 'openspec/changes')).toBe('openspec/changes');
    expect(linkOnPath(root, 'specs')).toBe('specs');
    expect(linkOnPath(root, 'real/specs')).toBeNull();
    expect(linkOnPath(root, 'missing/specs')).toBeNull();
    expect(linkOnPath(root, 'file.md/specs')).toBeNull();
    // The kits' folders: each link once, sorted; a dangling one too (nothing is read through it either); `specs` only beside `.specify/`.
    expect(linkedKitFolders(root)).toEqual(['.kiro', 'openspec/changes']);
    mkdirSync(join(root, '.specify/memory'), { recursive: true });
    expect(linkedKitFolders(root)).toEqual(['.kiro', 'openspec/changes', 'specs']);
    expect(linkedKitFolders(testdir({ '.kiro/specs/a/tasks.md': '- [ ] 1. A\n' }))).toEqual([]);
  });
});
