/**
 * Issue 10 on the command line: `docugraph init`, the nearest docugraph.yml, an invalid one,
 * and `validate <files>` for pre-commit hooks.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/parse/config.js';
import { SCHEMA_FILE, schemaLines } from '../../src/common/schema-ref.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { doc, testdir } from '../helpers/testdir.js';

function run(argv: string[], cwd: string) {
  return runInProcess(argv, { cwd });
}

describe('docugraph init', () => {
  it('in an empty folder: a commented, valid docugraph.yml and example documents that validate', async () => {
    const root = testdir({});
    const init = await run(['init'], root);
    expect(init.code).toBe(0);
    const config = readFileSync(join(root, 'docugraph.yml'), 'utf8');
    expect(config).toContain('# yaml-language-server: $schema=');
    // It names a file that exists (issue 53): the package's own copy, until the package is on npm.
    const named = /^# yaml-language-server: \$schema=(\S+)$/m.exec(config)![1]!;
    expect(named.startsWith('file://')).toBe(true);
    expect(JSON.parse(readFileSync(fileURLToPath(named), 'utf8'))).toMatchObject({ $schema: expect.any(String) });
    expect(config).toContain("# (this machine's copy of DocuGraph's schema; once the package is on npm: https://unpkg.com/docugraph/schema/docugraph.schema.json)");
    expect(parseConfig(config).diagnostics).toEqual([]);
    // Its commented example of tracing is valid once uncommented.
    const traced = parseConfig(config.replace(/^# (trace:|coverage:|  sources:|  requirement:)/gm, '$1'));
    expect(traced.diagnostics).toEqual([]);
    expect(traced.config.trace.sources).toEqual(['src/**', 'test/**']);
    expect(traced.config.coverage).toHaveLength(1);
    const validate = await run(['validate', '--format', 'json'], root);
    expect(validate.code).toBe(0);
    expect(JSON.parse(validate.stdout)).toMatchObject({ nodeCount: 3, edgeCount: 3, valid: true, errors: [], warnings: [] });
    expect((await run(['context', 'TASK-01'], root)).stdout).toContain('- `DEC-001` depth=1: required by `TASK-01`');
  });

  it("names the schema relative to docugraph.yml when DocuGraph is installed in the repository (every clone has it), and the published one when it has no copy", () => {
    const root = testdir({ 'node_modules/docugraph/schema/docugraph.schema.json': '{}\n' });
    expect(schemaLines(root, join(root, 'node_modules/docugraph/schema/docugraph.schema.json'))).toEqual(['# yaml-language-server: $schema=node_modules/docugraph/schema/docugraph.schema.json']);
    expect(schemaLines(root, join(root, 'gone.json'))).toEqual(['# yaml-language-server: $schema=https://unpkg.com/docugraph/schema/docugraph.schema.json']);
    expect(existsSync(SCHEMA_FILE)).toBe(true);
  });

  it('never overwrites, and writes no examples into a folder that has files', async () => {
    const root = testdir({ 'notes.md': '# notes\n' });
    expect((await run(['init'], root)).code).toBe(0);
    expect((await run(['validate'], root)).code).toBe(0);
    const again = await run(['init'], root);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('in an existing repository: reads it, writes what it needs, and validate then shows the graph it meant', async () => {
    const root = testdir({});
    cpSync(fileURLToPath(new URL('../fixtures/r23-eips/', import.meta.url)), root, { recursive: true });
    rmSync(join(root, 'docugraph.yml'));
    const before = JSON.parse((await run(['validate', '--format', 'json'], root)).stdout) as { nodeCount: number };
    expect(before.nodeCount).toBe(0);
    const init = await run(['init'], root);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toBe(`Wrote docugraph.yml in ${root} (id key "eip"; dependency key "requires"; comma lists split).\nNext: docugraph validate\n`);
    expect(readFileSync(join(root, 'docugraph.yml'), 'utf8')).toContain('# 5 of 5 frontmatter blocks have "eip:"');
    const after = await run(['validate', '--format', 'json'], root);
    expect(JSON.parse(after.stdout)).toMatchObject({ nodeCount: 5, edgeCount: 4, errors: [{ code: 'LINK_BROKEN', path: 'EIPS/eip-1155.md' }] });
  });

  it("a Spec Kit Plus repository: init leaves its prompt history records out, so validate reports only the kit's findings", async () => {
    // The shape of ISMAIL-AHMED-SHAH/Todo-Evolution at d23e3e2: records with `id: 004` (a number to YAML), repeated ids, and YAML that does not parse.
    const record = (id: string, extra = '') => `---\nid: ${id}\ntitle: A session\nstage: tasks\n${extra}---\n\n## Prompt\n`;
    const root = testdir({
      'specs/001-todo/spec.md': '# Feature Specification: Todo\n\n## Requirements\n\n- **FR-001**: System MUST add a todo\n',
      'specs/001-todo/tasks.md': '# Tasks\n\n- [ ] T001 Add the todo command (FR-001)\n',
      'history/prompts/001-todo/004-phase-3.tasks.prompt.md': record('004'),
      'history/prompts/001-todo/1-phase-5.green.prompt.md': record('1'),
      'history/prompts/general/1-setup.general.prompt.md': record('1'),
      'history/prompts/constitution/002-uv.constitution.prompt.md': record('002', 'command: /sp.constitution - id: uv description: | x\n'),
    });
    const before = JSON.parse((await run(['validate', '--format', 'json'], root)).stdout) as { errors: { path: string }[] };
    expect(before.errors.filter((e) => e.path.startsWith('history/')).length).toBeGreaterThan(0);
    const init = await run(['init'], root);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('agent files *.prompt.md excluded');
    const after = JSON.parse((await run(['validate', '--format', 'json'], root)).stdout) as { errors: unknown[]; warnings: unknown[]; nodeCount: number };
    expect(after).toMatchObject({ errors: [], warnings: [] });
    // spec.md and tasks.md, FR-001 and T001.
    expect(after.nodeCount).toBe(4);
  });

  it("an EIP repository: init maps its status words, so ready lists the open proposals, not the moved stubs", async () => {
    const root = testdir({
      'EIPS/eip-1.md': doc({ eip: '1', title: 'Purpose', status: 'Living' }),
      'EIPS/eip-20.md': doc({ eip: '20', status: 'Moved' }, 'This file was moved to the ERCs repository.\n'),
      'EIPS/eip-721.md': doc({ eip: '721', status: 'Moved' }, 'This file was moved to the ERCs repository.\n'),
      'EIPS/eip-1559.md': doc({ eip: '1559', title: 'Fee market', status: 'Final' }),
      'EIPS/eip-7000.md': doc({ eip: '7000', title: 'A draft', status: 'Draft', requires: '1559' }),
      'EIPS/eip-3.md': doc({ eip: '3', title: 'Gone', status: 'Withdrawn' }),
    });
    const init = await run(['init'], root);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('status "Moved" dropped');
    const ready = JSON.parse((await run(['ready', '--format', 'json'], root)).stdout) as { tasks: { id: string }[] };
    expect(ready.tasks.map((t) => t.id)).toEqual(['7000']);
  });

  it('--force replaces an existing file, and only with --force; a repository with DocuGraph\'s own keys gets the commented defaults', async () => {
    const root = testdir({ 'docugraph.yml': 'requireId: true\n', 'a.md': doc({ id: 'A', title: 'a', depends_on: ['B'] }), 'b.md': doc({ id: 'B', title: 'b' }) });
    expect((await run(['init'], root)).code).toBe(1);
    expect(readFileSync(join(root, 'docugraph.yml'), 'utf8')).toBe('requireId: true\n');
    const forced = await run(['init', '--force'], root);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain("(the files use DocuGraph's own keys: nothing to map)");
    expect(readFileSync(join(root, 'docugraph.yml'), 'utf8')).toContain('requireId: false');
    expect(existsSync(join(root, `docugraph.yml.${process.pid}.tmp`))).toBe(false);
  });

  it('init --force where init wrote before: its own docugraph.yml is no trace source, and the commented defaults stay (issue 37)', async () => {
    const root = testdir({});
    expect((await run(['init'], root)).code).toBe(0);
    const first = readFileSync(join(root, 'docugraph.yml'), 'utf8');
    // The template's example tag (`// docugraph: implements REQ-01`) was read as a trace source.
    expect(first).toContain('docugraph: implements');
    const forced = await run(['init', '--force'], root);
    expect(forced.code).toBe(0);
    const second = readFileSync(join(root, 'docugraph.yml'), 'utf8');
    expect(second).not.toContain('sources: ["/docugraph.yml"]');
    expect(second).toBe(first);
  });

  it('on documents in formats it does not read: says what it found and what to do, not "nothing to map" (issue 37)', async () => {
    const root = testdir({
      'docs/index.rst': 'Title\n=====\n',
      'docs/usage.rst': 'Usage\n=====\n',
      'reqs/system.sdoc': '[DOCUMENT]\nTITLE: System\n',
      'spec/system_requirements.md': '# System\n\n### Login\n`req~login~1`\n\nUsers log in.\n\n### Logout\n`req~logout~2`\n',
      'notes.md': 'Nothing ~ here~1\n',
    });
    const init = await run(['init'], root);
    expect(init.code).toBe(0);
    const lines = init.stdout.split('\n');
    expect(lines[0]).toMatch(/^Wrote docugraph\.yml in .*\(the files use DocuGraph's own keys: nothing to map\)\.$/);
    expect(lines.slice(1, 4)).toEqual([
      'Found 2 reStructuredText files (.rst) — not read: DocuGraph reads Markdown (.md) files only; convert the documents it should check and serve to Markdown (`pandoc -f rst -t gfm`), with `id:` frontmatter to make them documents.',
      'Found 1 StrictDoc file (.sdoc) — not read: DocuGraph reads Markdown (.md) files only; write the requirements an agent needs as Markdown documents, or export them (`strictdoc export --formats=rst`) and convert that with pandoc, with `id:` frontmatter to make them documents.',
      'Found 2 OpenFastTrace items (`req~…~1`) in 1 Markdown file — not read as items: DocuGraph reads that file as a page (links checked); to trace them, give each item a file of its own with `id:` and `depends_on:` frontmatter, or keep them in a spec kit (docs/kits.md).',
    ]);
    expect(lines[4]).toBe('Next: docugraph validate');
    const only = testdir({ 'a.rst': 'A\n=\n' });
    expect((await run(['init'], only)).stdout).toContain('(no Markdown file found).\nFound 1 reStructuredText file (.rst)');
  });

  it('a docugraph.yml that is a dangling symbolic link is never written through; a file as the folder is one line, exit 2', async () => {
    const root = testdir({ 'docugraph.yml': { symlink: '/nonexistent/docugraph-target.yml' } });
    const result = await run(['init'], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`docugraph: ${join(root, 'docugraph.yml')} is a symbolic link, which DocuGraph never writes through; nothing was written.\n`);
    expect((await run(['init', '--force'], root)).code).toBe(1);
    expect(lstatSync(join(root, 'docugraph.yml')).isSymbolicLink()).toBe(true);
    expect(existsSync('/nonexistent/docugraph-target.yml')).toBe(false);
    const file = testdir({ 'plain.txt': 'x' });
    const onFile = await run(['init', 'plain.txt'], file);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toMatch(/^docugraph: cannot write into .*plain\.txt: it is a file, not a folder; pick a folder you can write to\.\n$/);
  });

  it('init into /proc or /sys: one line and exit 2, nothing written (a recursive mkdir spun there forever)', async () => {
    for (const target of ['/proc/docugraph-x/docs', '/sys/docugraph-x']) {
      const result = await run(['init', target], '/tmp');
      expect(result.code, target).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^docugraph: cannot write into ${target}: [a-z ]+ \\((ENOENT|EPERM|EACCES|EROFS)\\); pick a folder you can write to\\.\n$`));
      expect(existsSync(target)).toBe(false);
    }
  });
});

describe('the workspace of the command line', () => {
  it('with no workspace given: the nearest directory at or above that holds a docugraph.yml', async () => {
    const root = testdir({ 'docugraph.yml': '', 'docs/tasks/t.md': doc({ id: 'T', title: 't', depends_on: ['S'] }), 'docs/specs/s.md': doc({ id: 'S', title: 's' }) });
    const result = await run(['validate', '--format', 'json'], join(root, 'docs/tasks'));
    expect(JSON.parse(result.stdout)).toMatchObject({ workspacePath: root, nodeCount: 2, valid: true });
  });

  it('an invalid docugraph.yml is a usage error naming the file and line', async () => {
    const root = testdir({ 'docugraph.yml': 'gitignore: false\nrequireId: maybe\n', 'a.md': '# a\n' });
    const result = await run(['validate'], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docugraph.yml:2: `requireId` must be `true` or `false`');
  });
});

describe('validate <files>', () => {
  it('reports the findings of those files only, and fails only for theirs', async () => {
    const root = testdir({
      'docugraph.yml': '',
      'good.md': doc({ id: 'G', title: 'g' }, '[ok](bad.md)\n'),
      'bad.md': doc({ id: 'B', title: 'b', depends_on: ['MISSING'] }),
    });
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub/x.md'), '[x](nowhere.md)\n');
    const good = await run(['validate', 'good.md', '--format', 'json'], root);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ nodeCount: 2, errors: [], valid: true });
    const both = await run(['validate', 'bad.md', 'sub/x.md'], root);
    expect(both.code).toBe(1);
    expect(both.stdout).toContain('bad.md:4  LINK_BROKEN');
    expect(both.stdout).toContain('sub/x.md:1  MD_LINK_BROKEN');
    const outside = await run(['validate', '../elsewhere.md'], root);
    expect(outside.code).toBe(2);
  });

  it('a path that does not exist (a mistyped folder) is a usage error, not an empty pass', async () => {
    const root = testdir({ 'docugraph.yml': '', 'docs/a.md': doc({ id: 'A', title: 'a', depends_on: ['MISSING'] }) });
    const typo = await run(['validate', 'dcos'], root);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('docugraph: `dcos` does not exist; pass the workspace directory, or Markdown files of the workspace.\n');
    expect(typo.stdout).toBe('');
    expect((await run(['validate', 'docs'], root)).code).toBe(1);
  });
});

describe('a folder with nothing to read (issue 28)', () => {
  it('is exit 2 with one line saying where it looked and what was skipped, unless --allow-empty', async () => {
    const empty = testdir({ 'notes.txt': 'x' });
    const none = await run(['validate'], empty);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toBe(`docugraph: no Markdown file to read in ${empty}: there is no *.md file in it or below; pass the folder that holds your documents, or --allow-empty to accept an empty one.\n`);
    const allowed = await run(['validate', '--allow-empty'], empty);
    expect(allowed).toMatchObject({ code: 0, stdout: 'valid: 0 errors, 0 warnings (0 files read, 0 documents, 0 dependencies)\n' });
    const skipped = testdir({ '.gitignore': 'build/\n', 'build/a.md': '# a\n', 'build/b.md': '# b\n', '.github/c.md': '# c\n' });
    expect((await run(['validate'], skipped)).stderr).toContain('of the *.md files below it, 2 skipped by .gitignore, .docugraphignore or docugraph.yml (include, exclude), and 1 in dot-folders or node_modules, which are never read;');
    // A typo'd folder given to validate is the same usage error, not an empty pass.
    mkdirSync(join(empty, 'docs-typo'));
    expect((await run(['validate', 'docs-typo'], empty)).code).toBe(2);
  });
});

describe('several problems in docugraph.yml', () => {
  it('are listed on one line, each with its line number', async () => {
    const root = testdir({ 'docugraph.yml': 'requireId: maybe\nlinks:\n  root: nowhere\n', 'a.md': doc({ id: 'A', title: 'a' }) });
    const result = await run(['validate'], root);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^docugraph: docugraph\.yml:1: [^\n]*; docugraph\.yml:3: [^\n]*\n$/);
    expect(result.stderr).not.toContain('\\n');
  });
});

describe('a symbolic link with a Markdown name (issue 28)', () => {
  it('is skipped, and validate names it once on stderr; the report is unchanged', async () => {
    const outside = testdir({ 'secret.md': doc({ id: 'S-1', title: 'outside' }) });
    const root = testdir({ 'a.md': doc({ id: 'A-1', title: 'A' }), 'docs/linked.md': { symlink: join(outside, 'secret.md') } });
    const result = await run(['validate'], root);
    expect(result).toMatchObject({ code: 0, stdout: 'valid: 0 errors, 0 warnings (1 file read, 1 document, 0 dependencies)\n' });
    expect(result.stderr).toBe('docugraph: skipped `docs/linked.md`: a symbolic link, never followed (copy the document into the workspace to check it)\n');
    // With nothing else to read, the link is named before the usage error.
    const onlyLink = testdir({ 'linked.md': { symlink: join(outside, 'secret.md') } });
    const empty = await run(['validate'], onlyLink);
    expect(empty.code).toBe(2);
    expect(empty.stderr.split('\n')[0]).toBe('docugraph: skipped `linked.md`: a symbolic link, never followed (copy the document into the workspace to check it)');
  });
});

describe('validate on a repository with spec-kit folders and no docugraph.yml (issue 54)', () => {
  it('says on stderr that the kit folders are there and how to read them as items; with docugraph.yml, nothing', async () => {
    const root = testdir({
      'docs/a.md': doc({ id: 'A', title: 'A' }),
      '.kiro/specs/auth/tasks.md': '- [ ] 1. Do\n',
      'specs/001-a/tasks.md': '- [ ] T001 Do\n',
    });
    const plain = await run(['validate'], root);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe(
      'docugraph: spec-kit folders are here (kiro: .kiro/specs/auth; speckit: specs/001-a), read as plain pages: with `kits: [kiro, speckit]` in docugraph.yml their requirements and tasks are items — `docugraph init` writes it\n',
    );
    writeFileSync(join(root, 'docugraph.yml'), 'kits: [kiro, speckit]\n');
    expect((await run(['validate'], root)).stderr).toBe('');
  });

  it('says on stderr how many kit features are not held to coverage (their tasks cite no requirement by id), so a clean report is not read as full coverage', async () => {
    // Modelled on PabloHerreraTajamar/Speckit-demo (a held-out round): FR- requirements that no task cites by id.
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-auth/spec.md': '- **FR-001**: The system MUST sign users in.\n',
      'specs/001-auth/tasks.md': '- [ ] T001 Build the sign-in form\n',
      'specs/002-crud/spec.md': '- **FR-001**: The system MUST list tasks.\n',
      'specs/002-crud/tasks.md': '- [ ] T001 List the tasks (FR-001)\n',
    });
    const text = await run(['validate'], root);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe('docugraph: one kit feature is not held to coverage, in whole or in part (its tasks cite none of its items of a kind by id, or it has no tasks.md); `docugraph coverage` lists it\n');
    // The JSON report is a machine's: nothing on stderr.
    expect((await run(['validate', '--format', 'json'], root)).stderr).toBe('');
    mkdirSync(join(root, 'specs/003-more'));
    writeFileSync(join(root, 'specs/003-more/spec.md'), '- **FR-001**: The system MUST export.\n');
    expect((await run(['validate'], root)).stderr).toBe('docugraph: 2 kit features are not held to coverage, in whole or in part (their tasks cite none of their items of a kind by id, or they have no tasks.md); `docugraph coverage` lists them\n');
  });

  it('says on stderr when kit folders hold files none of which was read: a .gitignore that lists them, or `kits:` without their kit', async () => {
    // Modelled on possesion/zvuchi-vocal at 716acf1 (a held-out round): `.kiro` committed, and listed in .gitignore (line 41).
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.gitignore': 'node_modules\n.kiro\n',
      'README.md': '# Vocal\n',
      '.kiro/specs/user-authentication/requirements.md': '### Requirement 1: Sign in\n#### Acceptance Criteria\n1. WHEN a user signs in THEN the system SHALL check the password\n',
      '.kiro/specs/user-authentication/tasks.md': '- [ ] 1. Sign-in form\n  - _Requirements: 1.1_\n',
    });
    const hint =
      'docugraph: a kit folder holds files none of which was read (kiro: .kiro/specs/user-authentication): check that `kits:` in docugraph.yml names the kit and that .gitignore, .docugraphignore or `exclude` does not skip the folder (`gitignore: false` reads what .gitignore lists)\n';
    const ignored = await run(['validate'], root);
    expect(ignored.code).toBe(0);
    expect(ignored.stderr).toBe(hint);
    // Every format says it on stderr (a round's helper ran `--format json` on a repository whose .gitignore lists `openspec/`: 0 nodes, and no word); stdout is the report alone.
    const json = await run(['validate', '--format', 'json'], root);
    expect(json.stderr).toBe(hint);
    expect(JSON.parse(json.stdout).valid).toBe(true);
    writeFileSync(join(root, 'docugraph.yml'), 'kits: [kiro]\ngitignore: false\n');
    expect((await run(['validate'], root)).stderr).toBe('');
    writeFileSync(join(root, 'docugraph.yml'), 'kits: [speckit]\ngitignore: false\n');
    expect((await run(['validate'], root)).stderr).toBe(hint);
  });

  it('init on a repository whose .gitignore lists its committed kit folders writes `gitignore: false`, so that validate reads them (D-519)', async () => {
    // Modelled on DvornikovDV/VKR at b592ded (a fortieth round): `specs/` and `*.md` (but `!README.md`) in .gitignore, nine Spec Kit features committed.
    const root = testdir({
      '.gitignore': 'node_modules/\n*.md\n!README.md\nspecs/\n',
      'README.md': '# VKR\n',
      'specs/001-cloud/spec.md': '# Spec\n\n- **FR-001**: The server MUST store telemetry.\n',
      'specs/001-cloud/tasks.md': '- [ ] T001 Store telemetry (FR-001)\n',
      // A prompt history record the .gitignore hid from the survey: read once .gitignore is off, so init excludes it (a review).
      'history/prompts/001-cloud/001-store.spec.prompt.md': '---\nid: 001\nstage: spec\n---\n# Store\n',
    });
    const init = await run(['init'], root);
    expect(init.code).toBe(0);
    expect(init.stdout.split('\n')[0]).toBe(`Wrote docugraph.yml in ${root} (agent files *.prompt.md excluded; kits speckit (1 folder); .gitignore not honoured: it lists the kit folders).`);
    const config = readFileSync(join(root, 'docugraph.yml'), 'utf8');
    expect(config).toContain('# .gitignore lists the kit folders (specs/001-cloud), so none of them would be read: this line reads them, and the rest .gitignore lists (delete it to honour .gitignore again)\ngitignore: false\n');
    const validate = await run(['validate', '--format', 'json'], root);
    expect(validate.stderr).toBe('');
    expect(JSON.parse(validate.stdout)).toMatchObject({ valid: true });
    expect((await run(['tasks', '--format', 'json'], root)).stdout).toContain('001-cloud/T001');
  });

  it('says on stderr when a kit tasks file gives no task though it holds more than headings: its tasks are in a form DocuGraph does not read', async () => {
    // Modelled on YILIXING/my-meeting-recording at 3aa04a3 (a thirty-fifth round): 101 tasks numbered as headings, no box; `validate` said nothing.
    // Since D-511 those are read (specs/001-core, specs/003-heads: not named); a numbered list with no box is not (JadeQYuan/TourMind).
    const tasks = ['# Tasks 001: 任务列表', '', '## 1.1 项目脚手架搭建', '', '### 1.1.1 [P] 创建项目目录结构', '**依赖**: 无', '', '### 1.1.2 [P] 创建 `pyproject.toml`', '**依赖**: 1.1.1', ''].join('\n');
    const root = testdir({
      'docugraph.yml': 'kits: [speckit, kiro]\n',
      'specs/001-core/spec.md': '# Spec\n\n### User Story 1 - Upload (Priority: P1)\n',
      'specs/001-core/tasks.md': tasks,
      // Headings alone, with a comment, a rule or a table of contents (a placeholder), and a file whose tasks are read: no word of them.
      'specs/002-next/spec.md': '# Spec\n',
      'specs/002-next/tasks.md': '# Tasks\n\n<!-- Generated by /speckit.tasks;\nfill in below -->\n\nTasks\n=====\n\n---\n\n- [Phase 1](#phase-1)\n\n## Phase 1\n',
      // A list item over a rule, and a `<!--` inside a heading's code, are work (a review).
      'specs/004-rule/spec.md': '# Spec\n',
      'specs/004-rule/tasks.md': '# Tasks\n\n- Write the API\n---\n',
      'specs/005-code/spec.md': '# Spec\n',
      'specs/005-code/tasks.md': '# Tasks\n\n## Escape `<!--` in templates\n\n- Write the escaper\n',
      // Numbered headings alone are tasks (D-511); a numbered list is work DocuGraph does not read.
      'specs/003-heads/spec.md': '# Spec\n',
      'specs/003-heads/tasks.md': '# Tasks\n\n## Phase 1: Setup\n\n### 1.1 [P] Create project structure\n### 1.2 Add pyproject.toml\n',
      'specs/006-list/spec.md': '# Spec\n',
      'specs/006-list/tasks.md': '# Tasks: 通用多文件上传组件\n\n1. 新建 `ImageMultiUpload.vue` 组件\n2. 编写组件和页面使用文档\n',
      '.kiro/specs/done/tasks.md': '- [x] 1. Ship it\n',
    });
    const hint =
      'docugraph: 3 kit tasks files give no task (specs/004-rule/tasks.md, specs/005-code/tasks.md, specs/006-list/tasks.md): DocuGraph reads tasks written as checkboxes (`- [ ] T001 …`, `- [ ] 1.1 …`), task headings (`### T001: …`, `### Task 1: …`) or a table\'s rows (`| T001 | … |`), so none there is checked, traced or listed\n';
    const text = await run(['validate'], root);
    expect(text.code).toBe(0);
    expect(text.stderr.split('\n').filter((line) => line.includes('no task ('))).toEqual([hint.trimEnd()]);
    expect((await run(['validate', '--format', 'json'], root)).stderr).toContain(hint);
    writeFileSync(join(root, 'specs/001-core/tasks.md'), `${tasks}- [ ] T003 Write the upload test\n`);
    writeFileSync(join(root, 'specs/003-heads/tasks.md'), '# Tasks\n\n- [ ] T001 Create project structure\n');
    for (const folder of ['004-rule', '005-code', '006-list']) writeFileSync(join(root, `specs/${folder}/tasks.md`), '# Tasks\n\n- [ ] T001 Do it\n');
    expect((await run(['validate'], root)).stderr).not.toContain('no task (');
    // A source's tasks file is the source's own (a review): validating the workspace that reads it says nothing of it.
    const platform = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '# S\n', 'specs/001-a/tasks.md': '# Tasks\n\n1. Do it\n' });
    const here = testdir({ 'docugraph.yml': `sources:\n  platform:\n    path: ${JSON.stringify(platform)}\n`, 'svc.md': doc({ id: 'SVC-1', title: 'Svc', depends_on: ['platform:001-a/spec'] }) });
    const sourced = await run(['validate'], here);
    expect(sourced.code).toBe(0);
    expect(sourced.stderr).not.toContain('no task (');
  });

  it('says so when a kit tasks file that gives no task writes its boxes inside fenced code', async () => {
    // Modelled on ngothuonghoanganh/bakery-cms at 7edcd0f (a sixty-sixth round): specs/001-base-infrastructure-setup/tasks.md writes each
    // phase's boxes in a ```text block (294 tasks), and the line said DocuGraph reads tasks written as checkboxes.
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      'specs/001-base/spec.md': '# Spec\n',
      'specs/001-base/tasks.md': '# Tasks\n\n## Phase 1: Setup\n\n```text\n- [x] T001 [BE] Create the monorepo\n- [ ] T002 [BE] Add the linter\n```\n',
      'specs/002-list/spec.md': '# Spec\n',
      'specs/002-list/tasks.md': '# Tasks\n\n1. Write the API\n\n```text\nnpm run build\n```\n',
    });
    const line = (await run(['validate'], root)).stderr.split('\n').find((l) => l.includes('no task ('));
    expect(line).toBe(
      'docugraph: 2 kit tasks files give no task (specs/001-base/tasks.md, specs/002-list/tasks.md): DocuGraph reads tasks written as checkboxes (`- [ ] T001 …`, `- [ ] 1.1 …`), task headings (`### T001: …`, `### Task 1: …`) or a table\'s rows (`| T001 | … |`), so none there is checked, traced or listed; one of them (specs/001-base/tasks.md) writes its boxes inside fenced code (```), which is code, not tasks: take the fences away to read them',
    );
  });

  it('says on stderr when a Kiro requirements file gives no requirement though it holds lists: its requirements are in a form DocuGraph does not read', async () => {
    // Modelled on y047aka/elm-motorsport-analysis at 9d5fb6f (a forty-fifth round): `- FR-01:` bullets and a plain `## Acceptance Criteria` list, read as nothing, and nothing said.
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/compare/requirements.md': '# Requirements\n\n## 機能要件\n- FR-01: 2台の車両を選択できる\n- FR-02: 差分を表示する\n',
      '.kiro/specs/compare/tasks.md': '- [ ] 1. 比較ビュー\n',
      // Read as Kiro writes them, prose alone, or a comment: no word of them.
      '.kiro/specs/read/requirements.md': '### Requirement 1: Show\n\n#### Acceptance Criteria\n\n1. WHEN opened THEN the system SHALL show it\n',
      '.kiro/specs/prose/requirements.md': '# Requirements\n\nThe widget compares two cars.\n\n<!--\n- TODO: list them\n-->\n',
    });
    const hint =
      'docugraph: a Kiro requirements file gives no requirement (.kiro/specs/compare/requirements.md): DocuGraph reads requirements written as headings (`### Requirement 1: …`, `### 1. …`, `### FR-1: …`) over their numbered acceptance criteria, so none there is traced or held to coverage\n';
    const text = await run(['validate'], root);
    expect(text.code).toBe(0);
    expect(text.stderr.split('\n').filter((line) => line.includes('no requirement ('))).toEqual([hint.trimEnd()]);
    expect((await run(['validate', '--format', 'json'], root)).stderr).toContain(hint);
    writeFileSync(join(root, '.kiro/specs/compare/requirements.md'), '### Requirement 1: Compare\n\n#### Acceptance Criteria\n\n1. WHEN two cars are chosen THEN the system SHALL show the difference\n');
    expect((await run(['validate'], root)).stderr).not.toContain('no requirement (');
  });

  it('says on stderr when an OpenSpec spec file gives no requirement though it holds headings under its sections', async () => {
    // Modelled on Interstellar-Roam/city (a fifty-fifth round): `### REQ-1: 发送短信验证码` over `#### Scenario:` blocks, in a spec and a
    // change's delta, read as nothing and nothing said (D-534).
    const scenario = '#### Scenario: 正常发送\n- GIVEN 一个合法的手机号\n- WHEN 调用 send-code\n- THEN 返回 code=0\n';
    const root = testdir({
      'docugraph.yml': 'kits: [openspec]\n',
      'openspec/specs/user-auth/spec.md': `# User Auth Spec\n\n## Requirements\n\n### REQ-1: 发送短信验证码\n系统应支持发送验证码。\n\n${scenario}`,
      'openspec/changes/add-auth/proposal.md': '# Add auth\n\n## Why\n\nLogin.\n',
      'openspec/changes/add-auth/specs/user-auth/spec.md': `## ADDED Requirements\n\n### REQ-2: 验证码登录\n系统应支持登录。\n\n${scenario}`,
      // Read as OpenSpec writes them; a delta that only modifies a requirement (no item of its own, rightly); a purpose alone.
      'openspec/specs/read/spec.md': `# Read\n\n## Requirements\n\n### Requirement: Read it\nThe system SHALL read.\n\n${scenario}`,
      'openspec/changes/add-auth/specs/read/spec.md': `## MODIFIED Requirements\n\n### Requirement: Read it\nThe system SHALL read twice.\n\n${scenario}`,
      // The same in OpenSpec's Chinese (laolishu/daf-wails-template at 2a49943, a sixty-eighth round: `## 修改需求` over `### 需求：Wails 日志适配`
      // in ten deltas, which the line named as giving no requirement).
      'openspec/specs/logger/spec.md': `# logger\n\n## 需求\n\n### 需求：Wails 日志适配\n系统必须提供适配器。\n\n${scenario}`,
      'openspec/changes/add-auth/specs/logger/spec.md': `# logger 规范增量\n\n## 修改需求\n\n### 需求：Wails 日志适配\n系统必须提供 Wails 日志适配器。\n\n${scenario}`,
      'openspec/specs/purpose/spec.md': '# Purpose\n\n## Purpose\n\nWhy it exists.\n',
      // A heading in a fenced example is none (a review); nor does a fenced `### Requirement:` silence the hint.
      'openspec/specs/fenced/spec.md': '# Fenced\n\n## Purpose\n\nA report looks like this:\n\n```markdown\n### Report title\n```\n',
      'openspec/specs/fenced-req/spec.md': `# Fenced\n\n## Requirements\n\n### REQ-9: 导出\n\n${scenario}\n~~~\n### Requirement: Example\n~~~\n`,
      // A Spec Kit feature's spec.md (a document of the same type) is not OpenSpec's.
      'specs/001-a/spec.md': '# Spec\n\n### Notes\n\nNone.\n',
    });
    const hint =
      'docugraph: 3 OpenSpec spec files give no requirement (openspec/changes/add-auth/specs/user-auth/spec.md, openspec/specs/fenced-req/spec.md, openspec/specs/user-auth/spec.md): DocuGraph reads an OpenSpec requirement only as a `### Requirement: <name>` heading over its `#### Scenario: …` blocks, so none written otherwise is traced or listed\n';
    const text = await run(['validate'], root);
    expect(text.stderr.split('\n').filter((line) => line.includes('no requirement ('))).toEqual([hint.trimEnd()]);
    expect((await run(['validate', '--format', 'json'], root)).stderr).toContain(hint);
    writeFileSync(join(root, 'openspec/specs/user-auth/spec.md'), `# User Auth Spec\n\n## Requirements\n\n### Requirement: Send a code\nThe system SHALL send a code.\n\n${scenario}`);
    writeFileSync(join(root, 'openspec/changes/add-auth/specs/user-auth/spec.md'), `## ADDED Requirements\n\n### Requirement: Log in\nThe system SHALL log in.\n\n${scenario}`);
    rmSync(join(root, 'openspec/specs/fenced-req'), { recursive: true });
    expect((await run(['validate'], root)).stderr).not.toContain('no requirement (');
  });

  it('says on stderr when a folder where a kit keeps its features is a symbolic link, which is never followed', async () => {
    // Modelled on foxey/imaprest at 1b1e9d2 (a sixty-eighth round): `.kiro/specs` is a link to `../.specs`, where the specs are;
    // nothing was read and nothing said.
    const root = testdir({
      'docugraph.yml': 'kits: [kiro, openspec]\n',
      '.specs/move-copy-and-search/requirements.md': '### Requirement 1: Move\n\n#### Acceptance Criteria\n\n1. WHEN moved THEN the system SHALL keep it\n',
      '.specs/move-copy-and-search/tasks.md': '- [ ] 1. Move it\n  - _Requirements: 1.1_\n',
      '.kiro/steering/product.md': '# Product\n',
      'openspec/specs/auth/spec.md': '# Auth\n\n## Requirements\n\n### Requirement: Log in\nThe system SHALL log in.\n\n#### Scenario: Log in\n- **WHEN** asked\n- **THEN** logged in\n',
    });
    symlinkSync('../.specs', join(root, '.kiro/specs'));
    const hint =
      'docugraph: .kiro/specs is a symbolic link (or runs through one), which DocuGraph never follows, so none of the kit files there is read — keep the folder itself at that path (a link the other way round is fine)\n';
    const text = await run(['validate'], root);
    expect(text.stderr.split('\n').filter((line) => line.includes('symbolic link'))).toEqual([hint.trimEnd()]);
    expect((await run(['validate', '--format', 'json'], root)).stderr).toContain(hint);
    // The folder itself at that path (the link the other way round): read, and no line.
    rmSync(join(root, '.kiro/specs'));
    cpSync(join(root, '.specs'), join(root, '.kiro/specs'), { recursive: true });
    rmSync(join(root, '.specs'), { recursive: true });
    symlinkSync('.kiro/specs', join(root, '.specs'));
    const after = await run(['validate', '--format', 'json'], root);
    expect(after.stderr).not.toContain('symbolic link');
    expect(JSON.parse(after.stdout).nodeCount).toBeGreaterThan(3);
  });

  it('says on stderr which tasks cite every requirement in a word, which covers none of them', async () => {
    // Modelled on Sarawut-Posan/khaoyai at 04193bf (a sixty-fifth round), .kiro/specs/admin-panel/tasks.md:72: `- [x] 10. Testing and
    // refinement` over `  - _Requirements: All_`, and a sixty-seventh round's `_需求: 所有需求_`: cited nothing, and nothing said.
    const requirements = '### Requirement 1: Edit\n\n#### Acceptance Criteria\n\n1. WHEN saved THEN the system SHALL store it\n2. WHEN stored THEN the system SHALL show it\n';
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/admin-panel/requirements.md': requirements,
      '.kiro/specs/admin-panel/tasks.md': '- [x] 9. Build the form\n  - _Requirements: 1.1_\n\n- [x] 10. Testing and refinement\n  - Test all CRUD operations for each section\n  - _Requirements: All_\n',
      '.kiro/specs/user/requirements.md': requirements,
      '.kiro/specs/user/tasks.md': '- [ ] 1. 表单\n  - _需求: 1.1_\n- [ ] 2. 最终检查\n  - _需求: 所有需求_\n',
      // Words after a label that are no such word, and "all" in a task's prose, are not it.
      '.kiro/specs/other/requirements.md': requirements,
      '.kiro/specs/other/tasks.md': '- [ ] 1. Check that all requirements pass\n  - _Requirements: 1.1, 1.2_\n  - Requirements: all of them are listed in 1.1\n',
    });
    const hint =
      'docugraph: 2 kit tasks cite every requirement in a word, not by id (.kiro/specs/admin-panel/tasks.md:6, .kiro/specs/user/tasks.md:4): a citation names ids, so they cover none of them — cite the ids a task implements (ranges work: `_Requirements: 1.1-2.3_`), or leave a task of cross-cutting work uncited\n';
    const text = await run(['validate'], root);
    expect(text.stderr.split('\n').filter((line) => line.includes('in a word'))).toEqual([hint.trimEnd()]);
    const json = await run(['validate', '--format', 'json'], root);
    expect(json.stderr).toContain(hint);
    // The findings it explains: criterion 1.2 of both features, uncited.
    const report = JSON.parse(json.stdout) as { errors: { code: string; nodeId: string }[]; warnings: { code: string; nodeId: string }[] };
    expect([...report.errors, ...report.warnings].filter((f) => f.code === 'COVERAGE_MISSING').map((f) => f.nodeId)).toEqual(['admin-panel/R1.2', 'user/R1.2']);
    writeFileSync(join(root, '.kiro/specs/admin-panel/tasks.md'), '- [x] 9. Build the form\n  - _Requirements: 1.1, 1.2_\n');
    writeFileSync(join(root, '.kiro/specs/user/tasks.md'), '- [ ] 1. 表单\n  - _需求: 1.1, 1.2_\n');
    expect((await run(['validate'], root)).stderr).not.toContain('in a word');
  });

  it("says on stderr when a change's delta specs lie outside a capability's folder, which OpenSpec does not read", async () => {
    // Modelled on bed72/Trocado at c609855 (a fifty-ninth round): `openspec/changes/2026-05-12-notifications-list/specs/spec.md` in nine
    // changes, 41 requirements read as nothing and nothing said (D-539).
    const delta = '## ADDED Requirements\n\n### Requirement: List notifications\nThe system SHALL list them.\n\n#### Scenario: Open\n- **WHEN** opened\n- **THEN** listed\n';
    const root = testdir({
      'docugraph.yml': 'kits: [openspec]\n',
      'openspec/changes/notifications-list/proposal.md': '# Notifications list\n\n## Why\n\nUsers miss them.\n',
      'openspec/changes/notifications-list/specs/spec.md': delta,
      // A README or notes beside it holds no delta (a review): not named.
      'openspec/changes/notifications-list/specs/notes.md': '# Notes\n',
      'openspec/changes/notifications-list/specs/README.md': '# Specs of this change\n\nEach capability has a folder here.\n',
      // In a capability's folder, as OpenSpec writes it: read; a folder that is no change read by DocuGraph says nothing.
      'openspec/changes/delete-all/tasks.md': '- [ ] 1.1 Delete them\n',
      'openspec/changes/delete-all/specs/notifications/spec.md': delta,
      'docs/openspec/changes/example/specs/spec.md': delta,
    });
    const hint =
      "docugraph: an OpenSpec delta spec is outside a capability's folder (openspec/changes/notifications-list/specs/spec.md): OpenSpec reads a change's deltas only at `specs/<capability>/spec.md`, and DocuGraph as it does, so none of their requirements is read — move each into the folder of the capability it changes\n";
    const text = await run(['validate'], root);
    expect(text.stderr.split('\n').filter((line) => line.includes("outside a capability's folder"))).toEqual([hint.trimEnd()]);
    expect((await run(['validate', '--format', 'json'], root)).stderr).toContain(hint);
    rmSync(join(root, 'openspec/changes/notifications-list/specs/spec.md'));
    expect((await run(['validate'], root)).stderr).not.toContain("outside a capability's folder");
  });
});

