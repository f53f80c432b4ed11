/**
 * Setting a task's state on disk (KITS §6), byte for byte: each file before and after, written
 * out by hand — only the box's character or the `status` value differs, whatever the file's
 * shape (comments, quoting, flow and block lists, CRLF, a BOM, no `status` yet, a `status:` in
 * the body). And what is refused: a stale version, a requirement, frontmatter that does not
 * parse, a read-only file, a symbolic link.
 */
import { chmodSync, readdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, nodeVersion, writeTaskState, type TaskState } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';

/** Writes `before` as `file` (with `config` as docugraph.yml), sets `id` to `state`, and returns the file's text after. */
function afterWrite(file: string, before: string | Uint8Array, id: string, state: TaskState, config = 'kits: [kiro, speckit, openspec]\n'): string {
  const root = testdir({ 'docugraph.yml': config, [file]: before });
  writeTaskState(loadWorkspace(root), id, state);
  return readFileSync(join(root, file), 'latin1');
}

const doc = (frontmatter: string, body = '# Title\n\nText.\n') => `---\n${frontmatter}---\n${body}`;

describe('a document: only the status value changes', () => {
  it.each([
    ['a plain value', 'id: T-1\ntitle: One\nstatus: todo\n', 'done', 'id: T-1\ntitle: One\nstatus: done\n'],
    ['a trailing comment: its spacing kept', 'id: T-1\ntitle: One\nstatus: todo    # set by hand\ntype: task\n', 'done', 'id: T-1\ntitle: One\nstatus: done    # set by hand\ntype: task\n'],
    ['double quotes stay double quotes', 'id: T-1\ntitle: One\nstatus: "to do"\n', 'in_progress', 'id: T-1\ntitle: One\nstatus: "in-progress"\n'],
    ["single quotes stay single quotes", "id: T-1\ntitle: 'One'\nstatus: 'todo'\n", 'done', "id: T-1\ntitle: 'One'\nstatus: 'done'\n"],
    ['key order, a block list and comments around it', '# tracked\nstatus: in-progress\nid: T-1\ndepends_on:\n  - A   # first\n  - B\ntitle: One\n', 'todo', '# tracked\nstatus: todo\nid: T-1\ndepends_on:\n  - A   # first\n  - B\ntitle: One\n'],
    ['a flow list and a flow mapping', 'id: T-1\ntitle: One\ndepends_on: [A, B]\nextra: {a: 1, b: [2, 3]}\nstatus: todo\n', 'done', 'id: T-1\ntitle: One\ndepends_on: [A, B]\nextra: {a: 1, b: [2, 3]}\nstatus: done\n'],
    ['no status yet: added as the last key', 'id: T-1\ntitle: One # the title\n', 'in_progress', 'id: T-1\ntitle: One # the title\nstatus: in-progress\n'],
    ['an empty status', 'id: T-1\nstatus:\ntitle: One\n', 'done', 'id: T-1\nstatus: done\ntitle: One\n'],
    ['a null status', 'id: T-1\nstatus: ~\ntitle: One\n', 'todo', 'id: T-1\nstatus: todo\ntitle: One\n'],
  ])('%s', (_name, frontmatter, state, expected) => {
    const body = '# One\n\nstatus: todo (in the body: not frontmatter)\n';
    expect(afterWrite('t.md', doc(frontmatter, body), 'T-1', state as TaskState, '')).toBe(doc(expected, body));
  });

  it('a flow mapping for the whole frontmatter keeps its shape', () => {
    expect(afterWrite('t.md', '---\n{id: T-1, title: One, status: todo}\n---\nBody.\n', 'T-1', 'done', '')).toBe('---\n{id: T-1, title: One, status: done}\n---\nBody.\n');
  });

  it('CRLF line ends and a BOM stay as they are; an added key ends its line the same way', () => {
    const bom = '\u00ef\u00bb\u00bf';
    const before = Buffer.from('\ufeff---\r\nid: T-1\r\ntitle: One\r\nstatus: todo\r\n---\r\nBody.\r\n', 'utf8');
    expect(afterWrite('t.md', before, 'T-1', 'done', '')).toBe(`${bom}---\r\nid: T-1\r\ntitle: One\r\nstatus: done\r\n---\r\nBody.\r\n`);
    expect(afterWrite('t.md', Buffer.from('---\r\nid: T-1\r\ntitle: One\r\n---\r\nBody.\r\n'), 'T-1', 'done', '')).toBe('---\r\nid: T-1\r\ntitle: One\r\nstatus: done\r\n---\r\nBody.\r\n');
  });

  it('the words come from docugraph.yml: the first done word, status.write for open work', () => {
    const config = 'status:\n  done: [shipped, done]\n  write: { in_progress: doing, todo: open }\n';
    expect(afterWrite('t.md', doc('id: T-1\ntitle: One\nstatus: open\n'), 'T-1', 'done', config)).toBe(doc('id: T-1\ntitle: One\nstatus: shipped\n'));
    expect(afterWrite('t.md', doc('id: T-1\ntitle: One\nstatus: open\n'), 'T-1', 'in_progress', config)).toBe(doc('id: T-1\ntitle: One\nstatus: doing\n'));
    // A word YAML would read as something else is quoted.
    expect(afterWrite('t.md', doc('id: T-1\ntitle: One\nstatus: open\n'), 'T-1', 'todo', 'status:\n  write: { todo: "null" }\n')).toBe(doc('id: T-1\ntitle: One\nstatus: "null"\n'));
  });
});

describe('a kit task: only the character in its box changes', () => {
  it.each([
    ['kiro', '.kiro/specs/a/tasks.md', '# Plan\n\n- [ ] 1. One\n  - [ ] 1.1 Sub\n    - _Requirements: 1.1_\n- [x] 2. Two\n', 'a/T1.1', 'done', '# Plan\n\n- [ ] 1. One\n  - [x] 1.1 Sub\n    - _Requirements: 1.1_\n- [x] 2. Two\n'],
    ['kiro, optional task', '.kiro/specs/a/tasks.md', '- [ ]* 3. Tests\n', 'a/T3', 'in_progress', '- [-]* 3. Tests\n'],
    ['spec kit, reopened', 'specs/001-a/tasks.md', '---\ndescription: "x"\n---\n\n- [X] T001 [P] [US1] Done once\n- [ ] T002 Next\n', '001-a/T001', 'todo', '---\ndescription: "x"\n---\n\n- [ ] T001 [P] [US1] Done once\n- [ ] T002 Next\n'],
    ['openspec', 'openspec/changes/c/tasks.md', '## 1. Group\n- [~] 1.1 Started\n- [ ] 1.2 Not yet\n', 'change/c/T1.2', 'done', '## 1. Group\n- [~] 1.1 Started\n- [x] 1.2 Not yet\n'],
    ['CRLF', '.kiro/specs/a/tasks.md', '- [ ] 1. One\r\n- [ ] 2. Two\r\n', 'a/T2', 'done', '- [ ] 1. One\r\n- [x] 2. Two\r\n'],
  ])('%s', (_name, file, before, id, state, expected) => {
    expect(afterWrite(file, before, id, state as TaskState)).toBe(expected);
  });

  it('setting the state a task already has writes nothing', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/tasks.md': '- [X] 1. Done\n' });
    const result = writeTaskState(loadWorkspace(root), 'a/T1', 'done');
    expect(result).toMatchObject({ changed: false, from: 'done', to: 'done', line: 1 });
    expect(readFileSync(join(root, '.kiro/specs/a/tasks.md'), 'utf8')).toBe('- [X] 1. Done\n');
  });

  it('the task is found in the file as it is now, even when the snapshot is older', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/tasks.md': '- [ ] 1. One\n' });
    const old = loadWorkspace(root);
    writeFileSync(join(root, '.kiro/specs/a/tasks.md'), '# Plan\n\nIntro.\n\n- [ ] 1. One\n');
    expect(writeTaskState(old, 'a/T1', 'done')).toMatchObject({ changed: true, line: 5 });
    expect(readFileSync(join(root, '.kiro/specs/a/tasks.md'), 'utf8')).toBe('# Plan\n\nIntro.\n\n- [x] 1. One\n');
  });
});

describe('what is refused, with nothing written', () => {
  it('a version that no longer matches: STALE_STATE', () => {
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n') });
    const ws = loadWorkspace(root);
    const version = nodeVersion(ws.nodes.get('T-1')!);
    writeFileSync(join(root, 't.md'), doc('id: T-1\ntitle: One, edited\nstatus: todo\n'));
    expect(() => writeTaskState(ws, 'T-1', 'done', { expect: version })).toThrow(expect.objectContaining({ code: 'STALE_STATE', message: expect.stringContaining('changed since the version you had') }));
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe(doc('id: T-1\ntitle: One, edited\nstatus: todo\n'));
    // The version as it is now is accepted.
    const now = nodeVersion(loadWorkspace(root).nodes.get('T-1')!);
    expect(writeTaskState(ws, 'T-1', 'done', { expect: now }).changed).toBe(true);
  });

  it('a requirement (no box), an unknown id with suggestions, a bad state', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/a/requirements.md': '### Requirement 1\n\n#### Acceptance Criteria\n\n1. WHEN a THEN b\n' });
    const ws = loadWorkspace(root);
    expect(() => writeTaskState(ws, 'a/R1', 'done')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('not a task') }));
    expect(() => writeTaskState(ws, 'a/R2', 'done')).toThrow(expect.objectContaining({ code: 'TASK_NOT_FOUND', message: expect.stringContaining('did you mean `a/R1`') }));
    expect(() => writeTaskState(ws, 'a/R1', 'finished' as TaskState)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('a status other keys alias is refused (they would change too); an aliased status gives way to the word', () => {
    const anchored = doc('id: T-1\ntitle: One\nstatus: &s todo\nphase: *s\n');
    const root = testdir({ 't.md': anchored });
    expect(() => writeTaskState(loadWorkspace(root), 'T-1', 'done')).toThrow(
      expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringContaining('`t.md`:4: its `status` is anchored (`&s`) and other keys use it (`*s`)') }),
    );
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe(anchored);
    // An anchor no key uses is kept, with the new word; an alias as the status is replaced by the word alone.
    expect(afterWrite('t.md', doc('id: T-1\ntitle: One\nstatus: &s todo\n'), 'T-1', 'done', '')).toBe(doc('id: T-1\ntitle: One\nstatus: &s done\n'));
    expect(afterWrite('t.md', doc('base: &b todo\nid: T-1\ntitle: One\nstatus: *b\n'), 'T-1', 'done', '')).toBe(doc('base: &b todo\nid: T-1\ntitle: One\nstatus: done\n'));
  });

  it('lone-CR line ends: the status is written, the line ends kept (it was refused as invalid YAML)', () => {
    expect(afterWrite('t.md', '---\rid: T-1\rtitle: One\rstatus: todo\r---\rBody.\r', 'T-1', 'done', '')).toBe('---\rid: T-1\rtitle: One\rstatus: done\r---\rBody.\r');
    expect(afterWrite('t.md', '---\rid: T-1\rtitle: One\r---\rBody.\r', 'T-1', 'done', '')).toBe('---\rid: T-1\rtitle: One\rstatus: done\r---\rBody.\r');
  });

  it('a key written twice is refused with its line', () => {
    const twice = doc('id: T-1\ntitle: One\nstatus: todo\ntitle: Two\n');
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n') });
    const ws = loadWorkspace(root);
    writeFileSync(join(root, 't.md'), twice);
    expect(() => writeTaskState(ws, 'T-1', 'done')).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringMatching(/^`t\.md`:5: frontmatter is not valid YAML: Map keys must be unique; nothing was written/) }));
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe(twice);
  });

  it('frontmatter that no longer parses is refused with its line, never repaired', () => {
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n') });
    const ws = loadWorkspace(root);
    const broken = doc('id: T-1\ntitle: [One\nstatus: todo\n');
    writeFileSync(join(root, 't.md'), broken);
    expect(() => writeTaskState(ws, 'T-1', 'done')).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringMatching(/^`t\.md`:\d+: .*never repairs frontmatter/) }));
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe(broken);
  });

  it('a read-only file', () => {
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n') });
    chmodSync(join(root, 't.md'), 0o444);
    expect(() => writeTaskState(loadWorkspace(root), 'T-1', 'done')).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringContaining('is read-only; make it writable (`chmod u+w t.md`)') }));
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe(doc('id: T-1\ntitle: One\nstatus: todo\n'));
  });

  it('the mode of the file is kept; nothing but the file is left in its folder', () => {
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n') });
    chmodSync(join(root, 't.md'), 0o640);
    writeTaskState(loadWorkspace(root), 'T-1', 'done');
    expect(readdirSync(root)).toEqual(['t.md']);
  });

  it('a symbolic link swapped in before the rename is not written through, nor replaced', () => {
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n'), 'outside.txt': 'untouched\n' });
    const ws = loadWorkspace(root);
    const swap = () => {
      unlinkSync(join(root, 't.md'));
      symlinkSync('outside.txt', join(root, 't.md'));
    };
    expect(() => writeTaskState(ws, 'T-1', 'done', { hooks: { beforeRename: swap } })).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringContaining('symbolic link') }));
    expect(readFileSync(join(root, 'outside.txt'), 'utf8')).toBe('untouched\n');
    expect(readdirSync(root).sort()).toEqual(['outside.txt', 't.md']);
    // And a link there from the start is refused at once.
    expect(() => writeTaskState(ws, 'T-1', 'done')).toThrow(expect.objectContaining({ code: 'WRITE_REFUSED', message: expect.stringContaining('symbolic link') }));
  });

  it('a file an editor saved while the new one was being written is not replaced (STALE_STATE)', () => {
    const root = testdir({ 't.md': doc('id: T-1\ntitle: One\nstatus: todo\n') });
    const edited = doc('id: T-1\ntitle: One, by hand\nstatus: todo\n');
    expect(() => writeTaskState(loadWorkspace(root), 'T-1', 'done', { hooks: { beforeRename: () => writeFileSync(join(root, 't.md'), edited) } })).toThrow(expect.objectContaining({ code: 'STALE_STATE' }));
    expect(readFileSync(join(root, 't.md'), 'utf8')).toBe(edited);
    expect(readdirSync(root)).toEqual(['t.md']);
  });
});
