/**
 * What `docugraph init` finds of a repository's trace tags (TRACE §5): the top folders whose
 * files hold tags, from the repository root, Markdown and ignored files left out.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surveyRepository } from '../../../src/core/model/survey-repository.js';
import { surveyTraces } from '../../../src/core/model/survey-traces.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('surveyTraces', () => {
  it('counts the files with tags per top folder; Markdown, ignored folders and files without tags do not count', () => {
    const root = testdir({
      '.gitignore': 'dist/\n',
      'src/a.ts': '// docugraph: implements REQ-01\n',
      'src/deep/b.go': '// docugraph: verifies REQ-01\n',
      'src/c.ts': '// no tag\n',
      'test/a.test.ts': '# docugraph: verifies REQ-01\n',
      'setup.py': '# docugraph: implements REQ-02\n',
      'docs/guide.md': 'Write `// docugraph: implements REQ-01` in a comment.\n',
      'dist/a.js': '// docugraph: implements REQ-01\n',
      'lib/near.ts': '// docugraph: implement REQ-01\n',
    });
    expect(surveyTraces(root)).toEqual([
      { dir: 'setup.py', files: 1, file: true },
      { dir: 'src', files: 2, file: false },
      { dir: 'test', files: 1, file: false },
    ]);
  });

  it('reads from the repository root when the workspace is a folder of it', () => {
    const repo = testdir({ 'docs/req.md': doc({ id: 'REQ-01', title: 'R' }), 'app/x.ts': '// docugraph: implements REQ-01\n' });
    mkdirSync(join(repo, '.git'));
    expect(surveyRepository(join(repo, 'docs')).traceFolders).toEqual([{ dir: 'app', files: 1, file: false }]);
  });
});
