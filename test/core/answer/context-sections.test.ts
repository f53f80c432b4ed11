/**
 * CONTEXT §1 and §4, the parts: the words a text gives (any script), BM25 over units, a
 * document's sections; and a kit task's bundle cut to the sections that name or match it —
 * every reason true of the bytes beside it, the sections left out named, `sections: "all"`
 * giving the bundle as before, and the feature's uncited items joining as matches.
 */
import { describe, expect, it } from 'vitest';
import { Bm25 } from '../../../src/core/answer/bm25.js';
import { buildBundle, loadWorkspace, openLiveWorkspace } from '../../../src/core/index.js';
import { indexAfter, sectionIndex } from '../../../src/core/answer/section-index.js';
import { sectionsOf } from '../../../src/core/parse/sections.js';
import { termsOf } from '../../../src/core/shared/words.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexAnswers } from '../../helpers/index-answers.js';
import { nextSnapshot } from '../../helpers/next-snapshot.js';
import { doc, testdir } from '../../helpers/testdir.js';

describe('termsOf', () => {
  it('lowercases runs of letters and digits, splits CamelCase too, folds English plurals', () => {
    expect(termsOf('The SessionStore keeps sessions; policies, access and status.')).toEqual(['the', 'sessionstore', 'session', 'store', 'keep', 'session', 'policy', 'access', 'and', 'status']);
    expect(termsOf('parseHTTPDate R1.2 FR-003')).toEqual(['parsehttpdate', 'parse', 'http', 'date', 'r1', '2', 'fr', '003']);
  });

  it('reads Han, kana and Hangul as pairs of characters, and other scripts as words', () => {
    expect(termsOf('写入配置')).toEqual(['写入', '入配', '配置']);
    expect(termsOf('OpenClaw 配置')).toEqual(['openclaw', 'open', 'claw', '配置']);
    expect(termsOf('ログイン')).toEqual(['ログ', 'グイ', 'イン']);
    expect(termsOf('Überprüfung der Sitzung')).toEqual(['überprüfung', 'der', 'sitzung']);
  });
});

describe('Bm25', () => {
  it('ranks the unit that holds the rarer words more often first, and scores only units that hold a word', () => {
    const units = [termsOf('session cookie expiry'), termsOf('session session store'), termsOf('unrelated text here'), termsOf('the session')];
    const bm25 = new Bm25(units);
    const scores = bm25.scores(termsOf('cookie expiry'));
    expect([...scores.keys()]).toEqual([0]);
    const session = bm25.scores(termsOf('session store'));
    expect([...session.entries()].sort((a, b) => b[1] - a[1])[0]![0]).toBe(1);
    expect(session.has(2)).toBe(false);
    expect(bm25.matched(termsOf('store of sessions'), 1)).toEqual(['store', 'session']);
    // Same input, same numbers.
    expect(new Bm25(units).scores(termsOf('session store'))).toEqual(session);
  });
});

describe('sectionsOf', () => {
  it('gives the opening, then each heading to the next heading, with its trail; a heading in fenced code is none', () => {
    const text = '---\nid: D\n---\n# Design\n\nIntro.\n\n## Components\n\nText.\n\n### SessionStore\n\n```\n## not a heading\n```\n\n## Errors\n\nNever throw.\n\n';
    const sections = sectionsOf(text, text.slice(text.indexOf('# Design')), 4);
    expect(sections.map((s) => [s.trail, s.line, s.end])).toEqual([
      ['', 1, 6],
      ['## Components', 8, 10],
      ['## Components › ### SessionStore', 12, 16],
      ['## Errors', 18, 20],
    ]);
    for (const s of sections) expect(text.slice(s.from, s.to).split('\n')).toHaveLength(s.end - s.line + 1);
    expect(text.slice(sections[2]!.from, sections[2]!.to)).toBe('### SessionStore\n\n```\n## not a heading\n```');
  });
});

/** A Kiro feature whose design is long: one section names the task's code, one its criterion, one matches its words, the rest are about other things. */
function kiroFeature(): string {
  const filler = (topic: string) => Array.from({ length: 40 }, (_, i) => `Paragraph ${i} about ${topic} and nothing the task needs, written at some length to make the design large.`).join('\n');
  return testdir({
    'docugraph.yml': 'kits: [kiro]\n',
    '.kiro/specs/auth/requirements.md':
      '# Requirements\n\n## Requirements\n\n### Requirement 1: Sessions\n\n**User Story:** As a user, I want to stay signed in.\n\n#### Acceptance Criteria\n\n1. WHEN a user signs in THEN the system SHALL issue a session cookie\n2. WHEN a session cookie expires THEN the system SHALL sign the user out\n\n### Requirement 2: Lockout\n\n**User Story:** As an admin, I want brute force stopped.\n\n#### Acceptance Criteria\n\n1. WHEN five failed logins happen THEN the system SHALL lock the account for fifteen minutes\n\n### Requirement 3: Themes\n\n#### Acceptance Criteria\n\n1. WHEN a user picks a theme THEN the system SHALL remember the palette\n',
    '.kiro/specs/auth/design.md': `# Design\n\nOverview of the auth design.\n\n## Components\n\n### SessionStore\n\nThe \`SessionStore\` keeps each session in Redis with its expiry.\n\n### Palette\n\n${filler('colours and palettes')}\n\n## Lockout rules\n\nAfter five failed logins the account is locked; failed login attempts are counted per account.\n\n## Traceability\n\nRequirement 1.1 is met by the login endpoint.\n\n## Deployment\n\n${filler('deployment and hosting')}\n\n## Theming\n\n${filler('themes')}\n`,
    '.kiro/specs/auth/tasks.md': '# Tasks\n\n- [ ] 1. Store sessions\n  - Create `SessionStore` in src/auth/session-store.ts\n  - _Requirements: 1.1_\n- [ ] 2. Count failed logins per account and lock the account after five failed logins\n',
  });
}

describe("a kit task's bundle (CONTEXT §1, §2)", () => {
  it('gives a large design as its opening and the sections that name or match the task, each reason true of its bytes', () => {
    const ws = loadWorkspace(kiroFeature());
    const bundle = buildBundle(ws, { taskId: 'auth/T1', maxTokens: 20_000 });
    const design = bundle.slice(bundle.indexOf('### auth/design — '));
    expect(design).toContain('path: .kiro/specs/auth/design.md\nsections: ');
    const kept = [...design.matchAll(/^#### (.*) \(lines (\d+)-(\d+)\) — (.*)$/gm)].map((m) => [m[1], m[4]]);
    expect(kept).toEqual([
      ['Opening', 'the opening'],
      ['## Components › ### SessionStore', 'names `SessionStore`'],
      ['## Traceability', 'names R1.1'],
    ]);
    // Each kept section is the file's lines it says, whole.
    const file = ws.nodes.get('auth/design')!.text.split('\n');
    for (const m of design.matchAll(/^#### .* \(lines (\d+)-(\d+)\) — .*\n\n/gm)) {
      const text = file.slice(Number(m[1]) - 1, Number(m[2])).join('\n');
      expect(design.slice(m.index + m[0].length).startsWith(text)).toBe(true);
    }
    // Each section left out by its own heading, lines and tokens (a one-line section by its line), the legend said once.
    expect(design).toMatch(/^Left out \(heading \(lines, ≈tokens\)\): Components \(5, ≈\d+\); Palette \(11-\d+, ≈\d+\); /m);
    expect(design).not.toContain('Paragraph 0 about deployment');
    expect(bundle).toMatch(/- `auth\/design` depth=1: required by `auth\/T1` — 3 of 8 sections \(≈\d+ tokens\)/);
  });

  it('adds the sections that match the task words, and the uncited criteria of its feature that match it, never as implements', () => {
    const ws = loadWorkspace(kiroFeature());
    const bundle = buildBundle(ws, { taskId: 'auth/T2', maxTokens: 20_000 });
    const match = /^#### ## Lockout rules \(lines \d+-\d+\) — matches the task's words: (.*)$/m.exec(bundle);
    expect(match).not.toBeNull();
    const after = bundle.slice(match!.index + match![0].length);
    const section = after.slice(0, after.search(/\n(#### |Left out |### )/));
    for (const word of match![1]!.split(', ')) expect(termsOf(section)).toContain(word);
    expect(bundle).toMatch(/- `auth\/R2\.1` depth=1: matches the task's words: [a-z, ]+ \(not cited\)/);
    expect(bundle).not.toContain('`auth/R3.1`');
    expect(ws.relationsOut.get('auth/T2') ?? []).toEqual([]);
  });

  it('with sections "all", every document whole, as before sections were cut', () => {
    const ws = loadWorkspace(kiroFeature());
    const whole = buildBundle(ws, { taskId: 'auth/T1', maxTokens: 20_000, sections: 'all' });
    expect(whole).toContain(`path: .kiro/specs/auth/design.md\n\n${ws.nodes.get('auth/design')!.text.replace(/\n+$/, '')}\n`);
    expect(whole).not.toContain('sections: ');
    expect(whole).not.toContain('(not cited)');
    // Same input, same bytes.
    expect(buildBundle(loadWorkspace(kiroFeature()), { taskId: 'auth/T1', maxTokens: 20_000 })).toBe(buildBundle(ws, { taskId: 'auth/T1', maxTokens: 20_000 }));
  });
});

/** A Kiro feature of twelve tasks, each making one class, and a large design with a source tree that lists every class. */
function treeFeature(): string {
  const classes = ['UserRepository', 'EmailAddress', 'PasswordHasher', 'SessionToken', 'LoginThrottle', 'AuditJournal', 'ProfileMapper', 'AvatarStore', 'InviteLedger', 'RoleMatrix', 'TokenSigner', 'ConsentRecord'];
  const filler = Array.from({ length: 100 }, (_, i) => `Paragraph ${i} about hosting, written at some length to make the design large enough to be cut.`).join('\n');
  const tree = classes.map((name) => `    ├── ${name}.java`).join('\n');
  return testdir({
    'docugraph.yml': 'kits: [kiro]\n',
    '.kiro/specs/users/requirements.md': '# Requirements\n\n### Requirement 1: Accounts\n\n#### Acceptance Criteria\n\n1. WHEN a user registers THEN the system SHALL keep the account\n',
    '.kiro/specs/users/design.md': `# Design\n\nOverview.\n\n## Source tree\n\n\`\`\`text\nsrc/main/java/\n${tree}\n\`\`\`\n\n## Persistence\n\nThe \`UserRepository\` keeps accounts in Postgres.\n\n## Registration\n\nThe \`RegisterUserService\` checks the form.\n\n## Hosting\n\n${filler}\n`,
    '.kiro/specs/users/tasks.md': `# Tasks\n\n${classes.map((name, i) => `- [ ] ${i + 1}. Create \`${name}\`\n  - _Requirements: 1.1_\n`).join('')}- [ ] 13. Create \`User\`\n  - _Requirements: 1.1_\n`,
  });
}

describe("a kit task's bundle: what a section names in passing (CONTEXT §1)", () => {
  const kept = (bundle: string) => [...bundle.slice(bundle.indexOf('### users/design — ')).matchAll(/^#### (.*) \(lines \d+-\d+\) — (.*)$/gm)].map((m) => [m[1], m[2]]);

  it('a section that lists the code of most of the file\'s tasks (a source tree) names none of them in particular', () => {
    const ws = loadWorkspace(treeFeature());
    const sections = kept(buildBundle(ws, { taskId: 'users/T1', maxTokens: 20_000 }));
    expect(sections).toContainEqual(['## Persistence', 'names `UserRepository`']);
    expect(sections.filter(([heading, reason]) => heading === '## Source tree' && reason!.startsWith('names'))).toEqual([]);
  });

  it('a section that lists the code of a few of them still names those', () => {
    const root = treeFeature();
    // Three classes in the tree, not twelve.
    const design = join(root, '.kiro/specs/users/design.md');
    writeFileSync(design, readFileSync(design, 'utf8').replace(/(    ├── (?:EmailAddress|PasswordHasher|SessionToken|LoginThrottle|AuditJournal|ProfileMapper|AvatarStore|InviteLedger|RoleMatrix)\.java\n)/g, ''));
    const sections = kept(buildBundle(loadWorkspace(root), { taskId: 'users/T1', maxTokens: 20_000 }));
    expect(sections).toContainEqual(['## Source tree', 'names `UserRepository`']);
  });

  it('a code name is named whole: `User` is not named by `RegisterUserService` or `UserRepository`', () => {
    const sections = kept(buildBundle(loadWorkspace(treeFeature()), { taskId: 'users/T13', maxTokens: 20_000 }));
    expect(sections.filter(([, reason]) => reason!.startsWith('names'))).toEqual([]);
  });
});

describe("a live workspace's next index", () => {
  it('outlines only the documents an edit changed: the others keep their sections', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'a' }, '# A\n\n## One\n\ntext\n'), 'b.md': doc({ id: 'B', title: 'b' }, '# B\n\n## Two\n') });
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    try {
      const first = await live.snapshot();
      const before = sectionIndex(first);
      writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'b' }, '# B\n\n## Three\n'));
      const second = await nextSnapshot(live, first);
      const after = sectionIndex(second);
      expect(after).not.toBe(before);
      expect(after.sectionsOf('A')).toBe(before.sectionsOf('A'));
      // It follows the last index made (D-456): B's two sections scanned, A's taken as they were — the index made afresh all the same.
      expect(after.scanned).toBe(2);
      expect(after.units).toHaveLength(4);
      const words = ['text one', 'three', 'a b'];
      expect(indexAnswers(after, words)).toEqual(indexAnswers(indexAfter(second, null), words));
      expect(after.sectionsOf('B').map((s) => s.heading)).toEqual(['', 'Three']);
      expect(before.sectionsOf('B').map((s) => s.heading)).toEqual(['', 'Two']);
    } finally {
      await live.close();
    }
  });
});
