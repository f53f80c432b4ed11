/**
 * What discovery reads of the kit folders `init` found, with the `.gitignore` files honoured or
 * not (D-519): discovery's own listing decides — a folder listed, a folder above it, `*.md`
 * beside `!README.md`, a deeper `.gitignore` re-including, `.docugraphignore` (which
 * `gitignore:` cannot change), a change that holds only delta specs a folder down.
 */
import { describe, expect, it } from 'vitest';
import { surveyRepository } from '../../../src/core/model/survey-repository.js';
import { testdir } from '../../helpers/testdir.js';

const feature = (folder: string): Record<string, string> => ({ [`${folder}/spec.md`]: '- **FR-001**: The system MUST work.\n', [`${folder}/tasks.md`]: '- [ ] T001 Work (FR-001)\n' });
const gitignored = (files: Record<string, string | { symlink: string }>) => surveyRepository(testdir({ 'README.md': '# R\n', ...files })).gitignored;

describe('the kit folders a .gitignore keeps from being read (D-519)', () => {
  it('every kit file: all, and the rest is surveyed as gitignore: false reads it (a prompt record .gitignore hid is excluded)', () => {
    const root = testdir({ '.gitignore': '*.md\n!README.md\nspecs/\n', 'README.md': '# R\n', ...feature('specs/001-a'), ...feature('specs/002-b'), 'history/prompts/001-a/001-x.spec.prompt.md': '---\nid: 001\n---\n# x\n' });
    const survey = surveyRepository(root);
    expect(survey.gitignored).toEqual({ folders: ['specs/001-a', 'specs/002-b'], all: true });
    expect(survey.agentFiles.map((a) => [a.pattern, a.files])).toEqual([['*.prompt.md', 1]]);
    expect(survey.keys.files).toBe(5);
    expect(surveyRepository(root, false).gitignored).toEqual({ folders: [], all: false });
  });

  it('some folders: named, not all — judged on every kit file, not only the folders listed (20 a kit)', () => {
    const many: Record<string, string> = { '.gitignore': 'specs/0*/\n' };
    for (let n = 1; n <= 20; n += 1) Object.assign(many, feature(`specs/0${String(n).padStart(2, '0')}-f`));
    Object.assign(many, feature('specs/101-kept'));
    const found = gitignored(many);
    expect(found.all).toBe(false);
    expect(found.folders).toHaveLength(20);
    expect(gitignored({ '.gitignore': 'specs/002-b/\n', ...feature('specs/001-a'), ...feature('specs/002-b') })).toEqual({ folders: ['specs/002-b'], all: false });
  });

  it('a .kiro listed, an OpenSpec change holding only delta specs under *.md; not a folder a deeper .gitignore re-includes, nor one .docugraphignore skips too', () => {
    expect(gitignored({ '.gitignore': '.kiro\n', '.kiro/specs/auth/tasks.md': '- [ ] 1. Sign in\n' })).toEqual({ folders: ['.kiro/specs/auth'], all: true });
    expect(gitignored({ '.gitignore': '*.md\n!README.md\n', 'openspec/changes/add-x/specs/cli/spec.md': '## ADDED Requirements\n\n### Requirement: X\nThe CLI SHALL x.\n\n#### Scenario: x\n- **WHEN** x\n- **THEN** x\n' })).toEqual({ folders: ['openspec/changes/add-x'], all: true });
    expect(gitignored({ '.gitignore': '*.md\n!README.md\n', 'specs/.gitignore': '!*.md\n', ...feature('specs/001-a') })).toEqual({ folders: [], all: false });
    expect(gitignored({ '.gitignore': 'specs/\n', '.docugraphignore': 'specs/\n', ...feature('specs/001-a') })).toEqual({ folders: [], all: false });
    // A .gitignore that is a symbolic link ignores nothing, as in discovery.
    expect(gitignored({ '.gitignore': { symlink: 'x.gitignore' }, 'x.gitignore': 'specs/\n', ...feature('specs/001-a') })).toEqual({ folders: [], all: false });
  });
});
