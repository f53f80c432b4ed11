/**
 * What `docugraph validate` says on stderr about a repository's spec kits (issue 54), beside its
 * report: kit folders read as plain pages, kit folders none of whose files was read, kit files
 * that gave no item in a form DocuGraph reads, and features not held to coverage. Each is one
 * line, capped, with what to do.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { compareStrings, CONFIG_FILE, forEachLineOutsideFences, linkedKitFolders, surveyKits, type DocNode, type Workspace } from '../core/index.js';
import type { CliContext } from './context.js';
import { safeInline } from './render/safe-text.js';

/**
 * The kit lines of a `validate` of `workspace` (`whole`: not of some files only). On stderr in
 * every format — a CI job (`--format github`, `json`) must hear of a kit folder read as nothing
 * too — but the coverage line, which is for people.
 */
export function kitHints(ctx: CliContext, workspace: Workspace, format: string, whole: boolean): void {
  linkedKitsHint(ctx, workspace.root);
  kitHint(ctx, workspace.root);
  if (!whole) return;
  unreadKitsHint(ctx, workspace);
  taskLessHint(ctx, workspace);
  requirementLessHint(ctx, workspace);
  scenarioLessHint(ctx, workspace);
  looseDeltaHint(ctx, workspace);
  citesAllHint(ctx, workspace);
  if (format === 'text') untracedHint(ctx, workspace);
}

/**
 * A repository with spec-kit folders and no `docugraph.yml` (issue 54): its kit files were read
 * as plain pages. One line on stderr says which folders are there and how to read them as items.
 */
function kitHint(ctx: CliContext, root: string): void {
  if (hasConfig(root)) return;
  const kits = surveyKits(root);
  if (kits.length === 0) return;
  const seen = kits.map((k) => `${k.kit}: ${someOf(k.folders, 2, k.count)}`).join('; ');
  ctx.io.stderr.write(
    `docugraph: spec-kit folders are here (${safeInline(seen)}), read as plain pages: with \`kits: [${kits.map((k) => k.kit).join(', ')}]\` in docugraph.yml their requirements and tasks are items — \`docugraph init\` writes it\n`,
  );
}

/**
 * A folder where a kit keeps its features that is a symbolic link (foxey/imaprest: `.kiro/specs` → `../.specs`): DocuGraph never
 * follows one, so none of its kit files is read, and no other line can find them. One line on stderr names it and what to do.
 */
function linkedKitsHint(ctx: CliContext, root: string): void {
  const linked = linkedKitFolders(root);
  if (linked.length === 0) return;
  const one = linked.length === 1;
  ctx.io.stderr.write(
    `docugraph: ${safeInline(linked.join(', '))} ${one ? 'is a symbolic link (or runs through one)' : 'are symbolic links (or run through one)'}, which DocuGraph never follows, so none of the kit files there is read — keep the folder itself at that path (a link the other way round is fine)\n`,
  );
}

/**
 * Kit folders (found by listing, as `init` finds them) none of whose files was read: a
 * docugraph.yml whose `kits:` does not name their kit, or a `.gitignore` that lists them though
 * they are committed (possesion/zvuchi-vocal: `.kiro` in .gitignore; `init` said "kits kiro (2
 * folders)", then `validate` read nothing and said nothing). One line on stderr names them and
 * what to check.
 */
function unreadKitsHint(ctx: CliContext, workspace: Workspace): void {
  if (!hasConfig(workspace.root)) return;
  const unread = surveyKits(workspace.root).flatMap((k) => k.folders.filter((folder) => !holdsRead(workspace.files, folder)).map((folder) => `${k.kit}: ${folder}`));
  if (unread.length === 0) return;
  const shown = someOf(unread, 3);
  ctx.io.stderr.write(
    `docugraph: ${unread.length === 1 ? 'a kit folder holds' : `${unread.length} kit folders hold`} files none of which was read (${safeInline(shown)}): check that \`kits:\` in docugraph.yml names the kit and that .gitignore, .docugraphignore or \`exclude\` does not skip the folder (\`gitignore: false\` reads what .gitignore lists)\n`,
  );
}

/**
 * Kit tasks files DocuGraph read no task from, though they hold more than headings: their tasks
 * are written in a form it does not read (YILIXING/my-meeting-recording's Spec Kit folders number
 * them as headings with no box, `### 1.1.1 [P] 创建项目目录结构`: 101 tasks, and `validate` said the
 * folder was valid and nothing else). One line on stderr names them and the forms it reads.
 */
function taskLessHint(ctx: CliContext, workspace: Workspace): void {
  // A kit's tasks file is a document of type `tasks` whose id its folder gives (`<feature>/tasks`, `change/<name>/tasks`).
  const taskless = itemlessFiles(workspace, 'tasks', (node) => node.type === 'task', (body) => body.replace(HTML_COMMENT, '').replace(SETEXT_HEADING, '').split('\n').some(holdsWork));
  if (taskless.length === 0) return;
  // Boxes inside fenced code are code, as CommonMark (and GitHub) has them (ngothuonghoanganh/bakery-cms: every phase's `- [x] T001 …`
  // in a ```text block, 294 tasks; the line said "reads tasks written as checkboxes" of a file written so — a sixty-sixth round).
  const fenced = itemlessFiles(workspace, 'tasks', (node) => node.type === 'task', boxInFence);
  const inCode = fenced.length === 0 ? '' : `; ${fenced.length === 1 ? 'one' : fenced.length} of them (${safeInline(someOf(fenced, 3))}) ${fenced.length === 1 ? 'writes its' : 'write their'} boxes inside fenced code (\`\`\`), which is code, not tasks: take the fences away to read them`;
  ctx.io.stderr.write(
    `docugraph: ${taskless.length === 1 ? 'a kit tasks file gives' : `${taskless.length} kit tasks files give`} no task (${safeInline(someOf(taskless, 3))}): DocuGraph reads tasks written as checkboxes (\`- [ ] T001 …\`, \`- [ ] 1.1 …\`), task headings (\`### T001: …\`, \`### Task 1: …\`) or a table's rows (\`| T001 | … |\`), so none there is checked, traced or listed${inCode}\n`,
  );
}

/** Whether `body` holds a checkbox inside fenced code (`- [x] T001 …` in a ```text block). */
function boxInFence(body: string): boolean {
  const outside = new Set<number>();
  forEachLineOutsideFences(body, (_line, index) => outside.add(index));
  return body.split('\n').some((line, index) => !outside.has(index) && FENCED_BOX.test(line));
}
/** A checkbox line (`- [ ] …`, `* [x] …`). */
const FENCED_BOX = /^[ \t]*[-*+][ \t]+\[[ xX]\][ \t]+\S/;

/** An HTML comment that opens a line, to its end (or the file's, unclosed), as CommonMark reads one (a review: not a `<!--` in a line's code). */
const HTML_COMMENT = /^[ \t]{0,3}<!--[\s\S]*?(?:-->|(?![\s\S]))/gm;
/** A heading underlined (`Tasks` over `=====`); not a list item, a table row, a quote or a fence over a rule (a review). */
const SETEXT_HEADING = /^(?![ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|\||>|```|~~~))[^\n]+\n[ \t]*(?:=+|-+)[ \t]*$/gm;
/** A line that is no work: blank, a heading not numbered, a setext underline or thematic break, a link list of a table of contents. */
const NO_WORK = /^\s*(?:#{1,6}(?!\s+\d)(?:\s.*)?|(?:[-=*_]\s*){3,}|[-*+]\s+\[[^\]]*\]\(#[^)]*\)\s*)?$/;
/** Whether a line of a tasks file holds work: anything but `NO_WORK` (a numbered heading is a task DocuGraph did not read: `### 1.1 [P] …`). */
const holdsWork = (line: string): boolean => !NO_WORK.test(line);

/**
 * Kiro requirements files DocuGraph read no requirement or criterion from, though they hold lists:
 * their requirements are written in a form it does not read (y047aka/elm-motorsport-analysis:
 * `- FR-01: …` bullets and a plain `## Acceptance Criteria` list, 19 items; `validate` said nothing,
 * a forty-fifth round). One line on stderr names them and the forms it reads.
 */
function requirementLessHint(ctx: CliContext, workspace: Workspace): void {
  // A Kiro feature's requirements.md is a document of type `requirements` whose id its folder gives.
  const bare = itemlessFiles(workspace, 'requirements', (node) => node.type !== 'task', (body) => LIST_ITEM.test(body.replace(HTML_COMMENT, '')));
  if (bare.length === 0) return;
  ctx.io.stderr.write(
    `docugraph: ${bare.length === 1 ? 'a Kiro requirements file gives' : `${bare.length} Kiro requirements files give`} no requirement (${safeInline(someOf(bare, 3))}): DocuGraph reads requirements written as headings (\`### Requirement 1: …\`, \`### 1. …\`, \`### FR-1: …\`) over their numbered acceptance criteria, so none there is traced or held to coverage\n`,
  );
}

/**
 * OpenSpec spec files DocuGraph read no requirement or scenario from, though they hold headings: their requirements are
 * written in a form it does not read (Interstellar-Roam/city: `### REQ-1: 发送短信验证码` over `#### Scenario:` blocks, in
 * three specs; `validate` said nothing, a fifty-fifth round). One line on stderr names them and the form it reads.
 */
function scenarioLessHint(ctx: CliContext, workspace: Workspace): void {
  // An OpenSpec spec (`openspec/specs/<cap>/spec.md`, or a change's delta) is a document of type `spec` whose id ends `/spec`; Spec Kit's spec.md too, so by path.
  const bare = itemlessFiles(workspace, 'spec', (node) => node.type !== 'task', (body) => {
    // Not in fenced code (a heading in an example is none: a review). A delta that only modifies, removes or renames
    // (`### Requirement: …` that names the capability's) gives no item, rightly.
    let headed = false;
    let named = false;
    forEachLineOutsideFences(body.replace(HTML_COMMENT, ''), (line) => {
      headed ||= SUB_HEADING.test(line);
      named ||= REQUIREMENT_HEADING.test(line);
    });
    return headed && !named;
  }).filter((path) => OPENSPEC_PATH.test(path));
  if (bare.length === 0) return;
  ctx.io.stderr.write(
    `docugraph: ${bare.length === 1 ? 'an OpenSpec spec file gives' : `${bare.length} OpenSpec spec files give`} no requirement (${safeInline(someOf(bare, 3))}): DocuGraph reads an OpenSpec requirement only as a \`### Requirement: <name>\` heading over its \`#### Scenario: …\` blocks, so none written otherwise is traced or listed\n`,
  );
}

/**
 * A read OpenSpec change's delta specs written straight into its `specs/` folder, with no capability's folder
 * (bed72/Trocado: `openspec/changes/2026-05-12-notifications-list/specs/spec.md`, in nine changes: 41 requirements and 103
 * scenarios read as nothing, and nothing said, a fifty-ninth round). OpenSpec reads a change's deltas only at
 * `specs/<capability>/spec.md`, and so does DocuGraph: one line on stderr names them and where they go.
 */
function looseDeltaHint(ctx: CliContext, workspace: Workspace): void {
  const changes = new Set<string>();
  for (const node of workspace.nodes.values()) if (node.item === undefined && CHANGE_FILE.test(node.path) && /(?:^|\/)change\/[^/]+\/(?:proposal|tasks|design)$/.test(node.id)) changes.add(node.path.slice(0, node.path.lastIndexOf('/')));
  const loose = workspace.files.filter((path) => {
    const match = LOOSE_DELTA.exec(path);
    return match !== null && changes.has(match[1]!);
  });
  if (loose.length === 0) return;
  ctx.io.stderr.write(
    `docugraph: ${loose.length === 1 ? 'an OpenSpec delta spec is' : `${loose.length} OpenSpec delta specs are`} outside a capability's folder (${safeInline(someOf(loose, 3))}): OpenSpec reads a change's deltas only at \`specs/<capability>/spec.md\`, and DocuGraph as it does, so none of their requirements is read — move each into the folder of the capability it changes\n`,
  );
}

/**
 * Kit tasks that cite every requirement in a word, not by id: `_Requirements: All_` under a README or final-check task, `_需求:
 * 所有需求_`, `_Requisitos: todos_` (three rounds saw them: khaoyai's, booking-polish's, and a sixty-seventh round's, whose features
 * then said COVERAGE_MISSING of requirements the team took as covered). A citation names ids, so such a task covers none; one line
 * on stderr names the lines, so that the findings are not read as the tool missing them.
 */
function citesAllHint(ctx: CliContext, workspace: Workspace): void {
  const found: string[] = [];
  let count = 0;
  for (const node of workspace.nodes.values()) {
    if (node.item === undefined || node.type !== 'task') continue;
    const at = citesEveryRequirement(node.text);
    if (at === -1) continue;
    count += 1;
    if (found.length < 3) found.push(`${node.path}:${node.item.line + countLines(node.text, at)}`);
  }
  if (count === 0) return;
  found.sort(compareStrings);
  ctx.io.stderr.write(
    `docugraph: ${count === 1 ? 'a kit task cites' : `${count} kit tasks cite`} every requirement in a word, not by id (${safeInline(someOf(found, 3, count))}): a citation names ids, so ${count === 1 ? 'it covers' : 'they cover'} none of them — cite the ids a task implements (ranges work: \`_Requirements: 1.1-2.3_\`), or leave a task of cross-cutting work uncited\n`,
  );
}

/**
 * A requirements label whose value is a word for all of them (`_Requirements: All_`, `**需求**：所有需求`, `_Requisitos: todos_`), at a
 * line's start. No two parts of it take the same spaces (a line of many spaces is read once: a complexity test).
 */
const CITES_ALL = /^[ \t]*(?:[-*+][ \t]+)?[_*]{0,2}(?:Requirements?|Reqs?|需求|要件|요구사항|Requisitos?|Requerimientos?|Exigences?|Anforderungen)[_*]{0,2}[ \t]*[:：][ \t]*(?:[_*]{1,2}[ \t]*)?(?:all(?:[ \t]+requirements)?|todos|todas|tous|toutes|alle|所有(?:需求)?|全部(?:需求)?|すべて|全て|모두|전체)(?:[ \t]*[_*]{1,2})?[ \t.。]*$/im;

/** Where in a task's `text` a line cites every requirement in a word (`_Requirements: All_`), or -1. */
export function citesEveryRequirement(text: string): number {
  return text.search(CITES_ALL);
}

/** How many line breaks `text` holds before `at`. */
function countLines(text: string, at: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/** A change's own file (`openspec/changes/<name>/proposal.md`). */
const CHANGE_FILE = /(?:^|\/)openspec\/changes\/[^/]+\/(?:proposal|tasks|design)\.md$/;
/** A delta spec right in a change's `specs/` folder (not a README or notes there: a review); group 1: the change's folder. */
const LOOSE_DELTA = /^((?:.*\/)?openspec\/changes\/[^/]+)\/specs\/spec\.md$/;

/** A heading below the spec's sections (`### REQ-1: …`, `#### Scenario: …`): where requirements would be. */
const SUB_HEADING = /^[ \t]{0,3}#{3,6}[ \t]+\S/;
/** A requirement as OpenSpec writes it, read or named (`### Requirement: Password Sign-In`, in its Chinese `### 需求：Wails 日志适配`). */
const REQUIREMENT_HEADING = /^[ \t]{0,3}###[ \t]+(?:Requirement\b|需求(?:[ \t]+\d+)?[ \t]*[:：])/i;
/** A file of an OpenSpec folder (at the root, or a package's). */
const OPENSPEC_PATH = /(?:^|\/)openspec\/(?:specs|changes)\//;

/**
 * The kit files of document type `type` (id `<folder>/<type>`; not a source's, whose findings stay its own: docs/monorepos.md)
 * that give no item `counts`, though their body `holds` something: sorted.
 */
function itemlessFiles(workspace: Workspace, type: string, counts: (item: DocNode) => boolean, holds: (body: string) => boolean): string[] {
  const given = new Set<string>();
  for (const node of workspace.nodes.values()) if (node.item !== undefined && counts(node)) given.add(node.path);
  const out: string[] = [];
  for (const node of workspace.nodes.values()) {
    if (node.type !== type || node.item !== undefined || !node.id.endsWith(`/${type}`) || node.path.startsWith('../') || given.has(node.path)) continue;
    if (holds(node.body)) out.push(node.path);
  }
  return out.sort(compareStrings);
}

/** The first `shown` of `list` and how many more (of `total`). */
function someOf(list: readonly string[], shown: number, total = list.length): string {
  return `${list.slice(0, shown).join(', ')}${total > shown ? ` and ${total - shown} more` : ''}`;
}

/** A list item that says something (a bullet or a number, then text). */
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S/m;

/** Whether some file of `files` (sorted by code unit) is under `folder`: a binary search for the first path at or after `folder/`. */
function holdsRead(files: readonly string[], folder: string): boolean {
  const prefix = `${folder}/`;
  let low = 0;
  let high = files.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (files[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return low < files.length && files[low]!.startsWith(prefix);
}

/**
 * Kit features whose tasks cite no requirement by id (or that have no tasks.md) are not held to
 * coverage (KITS §7): no finding says so, and `coverage` lists them. One line on stderr says how
 * many there are and where to see them, so that a clean report is not read as full coverage.
 */
function untracedHint(ctx: CliContext, workspace: Workspace): void {
  // (A traced feature's defect clauses are listed by `coverage`, not counted here: the feature is held.)
  const features = new Set((workspace.coverage?.untraced ?? []).filter((row) => row.count > 0 && row.reason !== 'defects').map((row) => row.feature));
  if (features.size === 0) return;
  const one = features.size === 1;
  // In part: a feature whose tasks cite its `FR-` ids and none of its `SC-` ones is held for the first only (oihub's summary had
  // counted such a feature as not held while reporting its requirements: a forty-fifth round).
  const why = one ? 'its tasks cite none of its items of a kind by id, or it has no tasks.md' : 'their tasks cite none of their items of a kind by id, or they have no tasks.md';
  ctx.io.stderr.write(`docugraph: ${one ? 'one kit feature is' : `${features.size} kit features are`} not held to coverage, in whole or in part (${why}); \`docugraph coverage\` lists ${one ? 'it' : 'them'}\n`);
}

function hasConfig(root: string): boolean {
  try {
    lstatSync(join(root, CONFIG_FILE));
    return true;
  } catch {
    return false;
  }
}
