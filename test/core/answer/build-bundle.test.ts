import { describe, expect, it } from 'vitest';
import { buildBundle, GraphCycleError, InvalidArgumentError, loadWorkspace, TaskNotFoundError } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';

const FILES: Record<string, string> = {
  'tasks/t.md': '---\nid: T\ntitle: Task\ndepends_on: [B, A, MISSING]\n---\n# Task\n\nDo it.\n\n\n',
  'a.md': '---\nid: A\ntitle: Alpha\ndepends_on: [C]\n---\nAlpha body\n',
  'b.md': '---\nid: B\ntitle: Beta\ndepends_on: [C, GONE]\n---\nBeta body\n',
  'c.md': '---\nid: C\ndepends_on: [D]\n---\n# Gamma heading\n',
  'deep/d.md': '---\nid: D\ntitle: "Delta\\nline"\n---\nDelta  \n',
  'z.md': '---\nid: Z\ntitle: Zed\ndepends_on: [T]\n---\n',
  'README.md': '# Not a node\n',
};

// Written by hand from META-01 §7, not produced by the code under test.
const EXPECTED_FULL = `# Context bundle: T
maxDepth: 5
truncated: false

## Inclusion report
- \`T\` depth=0: requested task
- \`A\` depth=1: required by \`T\`
- \`B\` depth=1: required by \`T\`
- \`C\` depth=2: required by \`A\`, \`B\`
- \`D\` depth=3: required by \`C\`

## Unresolved references
- \`GONE\`: referenced by \`B\`
- \`MISSING\`: referenced by \`T\`

## Documents

### D — Delta line
path: deep/d.md

---
id: D
title: "Delta\\nline"
---
Delta  

### C — Gamma heading
path: c.md

---
id: C
depends_on: [D]
---
# Gamma heading

### A — Alpha
path: a.md

---
id: A
title: Alpha
depends_on: [C]
---
Alpha body

### B — Beta
path: b.md

---
id: B
title: Beta
depends_on: [C, GONE]
---
Beta body

### T — Task
path: tasks/t.md

---
id: T
title: Task
depends_on: [B, A, MISSING]
---
# Task

Do it.
`;

const EXPECTED_DEPTH_1 = `# Context bundle: T
maxDepth: 1
truncated: true

## Inclusion report
- \`T\` depth=0: requested task
- \`A\` depth=1: required by \`T\`
- \`B\` depth=1: required by \`T\`

## Unresolved references
- \`GONE\`: referenced by \`B\`
- \`MISSING\`: referenced by \`T\`

## Documents

### A — Alpha
path: a.md

---
id: A
title: Alpha
depends_on: [C]
---
Alpha body

### B — Beta
path: b.md

---
id: B
title: Beta
depends_on: [C, GONE]
---
Beta body

### T — Task
path: tasks/t.md

---
id: T
title: Task
depends_on: [B, A, MISSING]
---
# Task

Do it.
`;

describe('buildBundle (META-01 §7)', () => {
  it('matches the template byte for byte', () => {
    const ws = loadWorkspace(testdir(FILES));
    expect(buildBundle(ws, { taskId: 'T' })).toBe(EXPECTED_FULL);
    expect(buildBundle(ws, { taskId: 'T', maxDepth: 5 })).toBe(EXPECTED_FULL);
    expect(buildBundle(ws, { taskId: 'T', maxDepth: 3 })).toBe(EXPECTED_FULL.replace('maxDepth: 5', 'maxDepth: 3'));
  });

  it('cuts at maxDepth and says truncated', () => {
    const ws = loadWorkspace(testdir(FILES));
    expect(buildBundle(ws, { taskId: 'T', maxDepth: 1 })).toBe(EXPECTED_DEPTH_1);
    expect(buildBundle(ws, { taskId: 'T', maxDepth: 2 })).toContain('truncated: true');
  });

  it('maxDepth 0 is the task alone', () => {
    const ws = loadWorkspace(testdir(FILES));
    const bundle = buildBundle(ws, { taskId: 'T', maxDepth: 0 });
    expect(bundle.split('\n').slice(0, 12).join('\n')).toBe(
      '# Context bundle: T\nmaxDepth: 0\ntruncated: true\n\n## Inclusion report\n- `T` depth=0: requested task\n\n## Unresolved references\n- `MISSING`: referenced by `T`\n\n## Documents\n',
    );
    expect(bundle.match(/^### /gm)).toHaveLength(1);
  });

  it('leaves out the unresolved section when there is nothing unresolved, and is not truncated at the end of the closure', () => {
    const ws = loadWorkspace(testdir(FILES));
    expect(buildBundle(ws, { taskId: 'C', maxDepth: 1 })).toBe(
      '# Context bundle: C\nmaxDepth: 1\ntruncated: false\n\n## Inclusion report\n- `C` depth=0: requested task\n- `D` depth=1: required by `C`\n\n## Documents\n' +
        '\n### D — Delta line\npath: deep/d.md\n\n---\nid: D\ntitle: "Delta\\nline"\n---\nDelta  \n' +
        '\n### C — Gamma heading\npath: c.md\n\n---\nid: C\ndepends_on: [D]\n---\n# Gamma heading\n',
    );
  });

  it('a reason lists only nodes one level up; order is dependency-first, smallest ready id', () => {
    const ws = loadWorkspace(
      testdir({
        't.md': '---\nid: T\ntitle: T\ndepends_on: [A, B]\n---\n',
        'a.md': '---\nid: A\ntitle: A\ndepends_on: [B]\n---\n',
        'b.md': '---\nid: B\ntitle: B\n---\n',
      }),
    );
    const bundle = buildBundle(ws, { taskId: 'T' });
    expect(bundle).toContain('- `A` depth=1: required by `T`\n- `B` depth=1: required by `T`\n');
    expect([...bundle.matchAll(/^### (\S+)/gm)].map((m) => m[1])).toEqual(['B', 'A', 'T']);
  });

  it('gives the same bytes for CRLF and BOM files', () => {
    const crlf = Object.fromEntries(Object.entries(FILES).map(([path, text]) => [path, `\uFEFF${text.replace(/\n/g, '\r\n')}`]));
    expect(buildBundle(loadWorkspace(testdir(crlf)), { taskId: 'T' })).toBe(EXPECTED_FULL);
    const lone = Object.fromEntries(Object.entries(FILES).map(([path, text]) => [path, text.replace(/\n/g, '\r')]));
    expect(buildBundle(loadWorkspace(testdir(lone)), { taskId: 'T' })).toBe(EXPECTED_FULL);
  });

  it('TASK_NOT_FOUND with up to five suggestions, closest first', () => {
    const ws = loadWorkspace(testdir(FILES));
    try {
      buildBundle(ws, { taskId: 't' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TaskNotFoundError);
      const json = (error as TaskNotFoundError).toJSON();
      expect(json).toMatchObject({ code: 'TASK_NOT_FOUND', taskId: 't' });
      expect(json['suggestions']).toEqual(['T', 'A', 'B', 'C', 'D']);
    }
  });

  it('fails closed with GRAPH_CYCLE when a cycle touches the closure, even beyond maxDepth', () => {
    const ws = loadWorkspace(
      testdir({
        't.md': '---\nid: T\ntitle: T\ndepends_on: [A]\n---\n',
        'a.md': '---\nid: A\ntitle: A\ndepends_on: [B]\n---\n',
        'b.md': '---\nid: B\ntitle: B\ndepends_on: [C]\n---\n',
        'c.md': '---\nid: C\ntitle: C\ndepends_on: [B]\n---\n',
        'free.md': '---\nid: FREE\ntitle: F\n---\n',
      }),
    );
    let caught: unknown;
    try {
      buildBundle(ws, { taskId: 'T', maxDepth: 1 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GraphCycleError);
    expect((caught as GraphCycleError).toJSON()).toMatchObject({ code: 'GRAPH_CYCLE', cycle: ['B', 'C'], path: ['B', 'C', 'B'] });
    expect((caught as Error).message).toContain('validate_traceability');
    expect(buildBundle(ws, { taskId: 'FREE' })).toContain('truncated: false');
  });

  it('rejects a maxDepth that is not an integer ≥ 0', () => {
    const ws = loadWorkspace(testdir(FILES));
    // Past 2^53 − 1 numbers are not exact: refused, as the MCP tools and the CLI refuse them.
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => buildBundle(ws, { taskId: 'T', maxDepth: bad })).toThrow(InvalidArgumentError);
    }
    expect(buildBundle(ws, { taskId: 'T', maxDepth: Number.MAX_SAFE_INTEGER })).toContain(`maxDepth: ${Number.MAX_SAFE_INTEGER}\n`);
    expect(() => buildBundle(ws, { taskId: 5 as unknown as string })).toThrow(InvalidArgumentError);
  });
});

describe('TASK_NOT_FOUND suggestions are ranked and cut by distance (issue 28)', () => {
  it('`task-01` suggests `TASK-01` alone; nothing close, nothing suggested', () => {
    const ws = loadWorkspace(testdir({ 'a.md': '---\nid: TASK-01\n---\n', 'b.md': '---\nid: SPEC-01\n---\n', 'c.md': '---\nid: DEC-001\n---\n', 'd.md': '---\nid: TASK-02\n---\n' }));
    const suggestions = (taskId: string) => {
      try {
        buildBundle(ws, { taskId });
      } catch (error) {
        return (error as TaskNotFoundError).toJSON()['suggestions'];
      }
      return 'found';
    };
    // TASK-01 differs in case only; TASK-02 is one edit further, so it stays; SPEC-01 and DEC-001 are far.
    expect(suggestions('task-01')).toEqual(['TASK-01', 'TASK-02']);
    expect(suggestions('TASK-1')).toEqual(['TASK-01', 'TASK-02']);
    expect(suggestions('zzzzzzzz')).toEqual([]);
  });
});
