/**
 * What a kit reference that names no item means after all (KITS §7), by what the other files of
 * the workspace hold — the model's part of reading references as people mean them:
 * - `US-011` names, when its feature has no such story, the story of that number in a file the
 *   features share (`.kiro/specs/user-stories.md`: `user-stories/US-011`);
 * - a team's own tag for a Kiro requirement (`### Requirement 7 (FR-SEC)`) names it: `FR-SEC`
 *   is `R7`, `FR-SEC-19` its criterion `R7.19`; a tag no requirement of the feature has is
 *   prose, not an error;
 * - `[US3]` (or `US3` in a task's text) in a Spec Kit feature whose spec.md numbers no story is
 *   no error (nothing to resolve it by); `US1.2` in a task's text, where the feature has no such
 *   story but has US1, is US1 (its scenario 2);
 * - `1.1–10.5`, a Kiro range across requirements, names the criteria between its ends that
 *   exist (the reader gives the ends, and `R1.1…10.5` for what lies between), at most
 *   `MAX_RANGE` of them; `5.3`, which no item is, the criterion 3 of requirement 5's lettered
 *   group that holds it (`R5b.3`: kit-criteria.ts);
 * - `SC-01` that no item is, written as the first cell of a table row in a document of the feature (a plan's test table)
 *   or opening a heading of its quickstart.md (a scenario), names that row: the team's own name, not a broken reference.
 * - `FR-029-030`, which no item is, names `FR-029` to `FR-030` when both are items (a range
 *   written with a dash, mixseek/mixseek-core).
 * - `R4.1` that no item is, where the requirement writes criterion 1 in parts (`1a.`, `1b.`), names
 *   those parts;
 * - `R5.1` that no item is, where the feature's requirements.md, which gives no requirement in
 *   Kiro's form, numbers a section `5.1` (`### 5.1 Safety`) or labels a criterion `**AC 5.1**`,
 *   names that section: no error, and no link;
 * - `FR-039c` that no item is, where `FR-039` writes a clause `(c)`, names FR-039 (that clause);
 * - Kiro requirements a team codes (`### REQ-BL-008: …`, read as `R8`): `REQ-BL-008` names it, `011` names `R11`, and a number
 *   a table of the feature's documents gives (`| 8.2 (REQ-BL-008) | … |`, design.md's traceability) names the requirement of
 *   its row, or nothing to report (`| 5.1 (非機能 / セキュリティ) |`);
 * - `6.1` in a Kiro feature that names its requirements `FR-6` (`### FR-6: …`) and numbers none `Requirement 6` names `FR-6.1`
 *   (not in a list that writes a prefix);
 * - `RF-433`, `CS-2`, `RNF-1` (a prefix of another language than the template's) in a feature
 *   that writes no item of that prefix is prose (a radio part, say), not a missing requirement.
 * - an OpenSpec change's `MODIFIED Requirement: X` that the capability lacks stays broken, with
 *   the open change that adds it named (`hint`).
 * Each lookup is built once, on the first reference that needs it.
 */
import { MAX_RANGE } from '../parse/kits/number-list.js';
import { CROSS, KiroCriteria } from './kit-criteria.js';
import { SHARED_STORIES } from '../read/kit-paths.js';
import { compareStrings } from '../shared/sort.js';
import { itemKind } from '../shared/suggest-kind.js';
import { rootOfId } from '../shared/id-shape.js';
import { carriedPrefix, foreignPrefix, kiroNumbered, onlyPrefix, PREFIXED, prefixedRequirements, prefixesByFeature, REQUIREMENT_PREFIX } from '../shared/requirement-prefixes.js';
import type { DocNode } from '../shared/types.js';
import { sectionNumbers, wholeSectionNumbers } from './section-numbers.js';
import { codedRequirements, LABEL, TableRows, type CodedRequirements } from './feature-labels.js';
import { REQUIREMENT_TAIL, unfiledFeatures } from './unfiled-features.js';

/**
 * What a missing target is: another id, the ids a range stands for, nothing to report (`drop`), or broken (`null`); `unfiled`:
 * a requirement of a feature that has no requirements file (one finding for the feature: build-relations.ts).
 */
export type KitTarget = { readonly id: string; readonly hint?: string; readonly unfiled?: true } | { readonly ids: readonly string[] } | 'drop' | null;

/** A team's tag as a Kiro reference writes it: `FR-SEC`, `NFR-THREAD`, and a criterion of it, `FR-SEC-19`. */
export const TEAM_TAG = /^([A-Z]{2,}(?:-[A-Z]{2,})+)(?:-(\d+))?$/;
/** A Kiro requirement heading with a tag: `### Requirement 7 (FR-SEC)`. */
const TAGGED_HEADING = /^#{1,6}[ \t]+Requirement[ \t]+(\d+)[ \t]*\(([A-Z]{2,}(?:-[A-Z]{2,})+)\)/;

export function kitTargets(nodes: ReadonlyMap<string, DocNode>): (target: string, written: string) => KitTarget {
  let shared: Map<string, string | null> | undefined;
  let tags: Map<string, string> | undefined, added: Map<string, string> | undefined;
  let storied: Set<string> | undefined, parted: Set<string> | undefined, prefixed: Set<string> | undefined;
  let criteria: KiroCriteria | undefined;
  let rows: TableRows | undefined;
  let numbered: Map<string, Set<string>> | undefined, wholeSections: Map<string, Set<string>> | undefined;
  let requirements: Map<string, string[]> | undefined;
  let numberedFeatures: Set<string> | undefined;
  let coded: CodedRequirements | undefined;
  let unfiled: Set<string> | undefined;
  return (target, written) => {
    const slash = target.lastIndexOf('/');
    const feature = target.slice(0, slash);
    const tail = target.slice(slash + 1);
    // An OpenSpec change's MODIFIED (or REMOVED) requirement that the capability does not have but another open change adds
    // (1776686596/PackLens, AGIBuild/AGI.Kapster): broken — OpenSpec archives such a delta only once the capability has it —
    // with the change that adds it named.
    if (DELTA_REF.test(written)) {
      const base = (added ??= addedByChanges(nodes)).get(target);
      if (base === undefined) return null;
      // The change is the id's first two parts (`change/<name>`): a requirement two of its capabilities name alike is `change/<name>/<capability>/<slug>` (D-484).
      const change = base.split('/').slice(0, 2).join('/');
      return { id: target, hint: `\`${change}\` adds it (\`${base}\`): archive that change first, as OpenSpec archives a delta's MODIFIED requirement only into a spec that has it` };
    }
    if (itemKind(target) === 'story') {
      const dot = tail.indexOf('.');
      // `US1.2` in a task's words where the feature has no such story: story US1 (its scenario 2, say); a `[US1.2]` mark names that story alone.
      if (dot !== -1 && !written.startsWith('[') && nodes.has(`${feature}/${tail.slice(0, dot)}`)) return { id: `${feature}/${tail.slice(0, dot)}` };
      // A story with a letter (`US1b`) that the feature has not: in a task's words it is prose (`after all US1s pass`); a mark names it.
      const lettered = /[a-z]$/i.test(tail);
      if (lettered && !written.startsWith('[')) return 'drop';
      // A story inserted later (`US3.5`, `US1b`) is never a shared file's.
      shared ??= sharedStories(nodes);
      const story = dot !== -1 || lettered ? undefined : shared.get(`${rootOfId(target)}${Number(/\d+$/.exec(tail)?.[0])}`);
      if (story !== undefined && story !== null) return { id: story };
      // A Spec Kit feature (its spec.md) that numbers no story: nothing to resolve `[US3]` or `US3` by; nor, with no spec.md, a phase
      // heading's (`## Phase 12: User Story 9`: finance-manager) or a task's words' — unless its kit root shares a stories file (a review).
      const unstoried = !(storied ??= storyFeatures(nodes)).has(feature);
      return unstoried && (written.startsWith('[') || nodes.has(`${feature}/spec`) || !shared.has(`${rootOfId(target)}*`)) ? 'drop' : null;
    }
    // A requirement of a Kiro feature that has a tasks.md and no requirements.md (BrightonDube/BizPilot2: never committed, in 29
    // features, 1,102 citations): broken, said once for the feature (build-relations.ts).
    if (REQUIREMENT_TAIL.test(tail) && (unfiled ??= unfiledFeatures(nodes)).has(feature)) return { id: target, hint: `\`${feature}\` has no requirements.md`, unfiled: true };
    const cross = CROSS.exec(tail);
    if (cross !== null) {
      const between = (criteria ??= new KiroCriteria(nodes)).between(feature, cross);
      return between.length === 0 ? 'drop' : { ids: between };
    }
    if (LABEL.test(tail) && (rows ??= new TableRows(nodes)).has(feature, tail)) return 'drop';
    // `4.1` where requirement 4 writes its first criterion in parts, `1a.` and `1b.` (inakanou/ArchiTrack): those parts.
    // A Kiro criterion's id of two numbers (`R5.3`), which the lookups below read in their ways.
    const criterion = CRITERION.test(tail);
    if (criterion && nodes.has(`${target}a`)) {
      const parts: string[] = [];
      for (let code = 97; code <= 122 && nodes.has(`${target}${String.fromCharCode(code)}`); code += 1) parts.push(`${target}${String.fromCharCode(code)}`);
      return { ids: parts };
    }
    // `5.3` where requirement 5's criterion 3 is in a lettered group (`##### 5b.` over `3.`: D-536): that one, when one group holds it.
    const holders = criterion ? (criteria ??= new KiroCriteria(nodes)).lettered(target) : [];
    if (holders.length === 1) return { id: holders[0]! };
    if (holders.length > 1) return { id: target, hint: `requirement ${tail.slice(1, tail.indexOf('.'))} numbers its criteria anew in lettered groups: ${holders.map((id) => `\`${id}\``).join(', ')}` };
    // `5a.4` (or `5A.1`) where criterion 4 is group 5b's: broken, with the one that has its number said.
    const letter = GROUP_REF.exec(tail);
    const holder = letter === null ? [] : (criteria ??= new KiroCriteria(nodes)).lettered(`${feature}/R${letter[1]!}.${letter[2]!}`);
    if (holder.length === 1) return { id: target, hint: `criterion ${letter![2]!} of requirement ${letter![1]!} is \`${holder[0]!}\`` };
    // `1.2` after `FR-1.1` in one list (`_Requirements: FR-1.1, 1.2_`), in a feature whose requirements are all named with that prefix: `FR-1.2`.
    const carried = criterion ? carriedPrefix(written) : null;
    if (carried !== null && nodes.has(`${feature}/${carried}-${tail.slice(1)}`) && !(numberedFeatures ??= kiroNumbered(nodes)).has(feature) && onlyPrefix(feature, carried, (prefixed ??= prefixesByFeature(nodes)))) return { id: `${feature}/${carried}-${tail.slice(1)}` };
    // `6.1` with no prefix where the feature names its requirements `FR-6` and numbers none `Requirement 6`: `FR-6.1`, as Kiro's
    // tasks cite (tkrrrrkt/EPM-UIMOCK: `_Requirements: 6.1, 11.1_` of rows `| FR-6.1 | … |`, D-556). Not in a Spec Kit feature (its spec.md),
    // nor in a list that writes a prefix (`NFR-2, 2.1` leaves `2.1` to Kiro: round 32's review).
    // A whole number too (`_Requirements: 1_` of `### FR-1: Login`), where the feature numbers no section so (`6` may be a section's:
    // reviews); `FR-` before `NFR-6.1` (EPM-UIMOCK writes `NFR-` in full).
    const wholeNumber = !criterion && WHOLE.test(tail) && (wholeSections ??= wholeSectionNumbers(nodes)).get(feature)?.has(tail.slice(1)) !== true;
    const functional = (criterion || wholeNumber) && !PREFIX_WRITTEN.test(written) ? `${feature}/FR-${tail.slice(1)}` : '';
    if (functional !== '' && nodes.get(functional)?.item !== undefined && !nodes.has(`${feature}/spec`) && !(numberedFeatures ??= kiroNumbered(nodes)).has(feature)) return { id: functional };
    // `_Requirements: 5.1_` where the feature's requirements.md numbers its sections (`### 5.1 Safety`, `**AC 3.2.1**:`, `### 9. Title` for `9`): that section.
    const section = SECTION_REF.exec(tail);
    if (section !== null && (numbered ??= sectionNumbers(nodes)).get(feature)?.has(section[1]!) === true) return 'drop';
    const pair = PAIR.exec(tail);
    // Not where the feature writes ids of two numbers itself (`FR-001-002`, a part of FR-001): there it is a stale one.
    if (pair !== null && !(parted ??= partedIds(nodes)).has(`${feature}/${pair[1]!}-${pair[2]!}`)) {
      const range = pairRange(nodes, feature, pair[1]!, pair[2]!, pair[3]!);
      if (range !== null) return { ids: range };
    }
    // `FR-001A` where the spec writes `FR-001a` (or the other way): that requirement, its letter's case aside.
    const lettered = LETTERED_ID.exec(tail);
    const other = lettered === null ? undefined : `${feature}/${lettered[1]!}${lettered[2] === lettered[2]!.toLowerCase() ? lettered[2]!.toUpperCase() : lettered[2]!.toLowerCase()}`;
    if (other !== undefined && nodes.has(other)) return { id: other };
    // `FR-039c` that no item is, where FR-039 writes a clause `(c)` (renato-quintupil/unab-foodvoice: conditions (a)–(d);
    // 0kam/echoroo's FR-101): that clause of FR-039. Not a retired `FR-011a` of an FR-011 with no clauses (a review).
    const clause = CLAUSE.exec(tail);
    const whole = clause === null ? undefined : nodes.get(`${feature}/${clause[1]!}`);
    if (whole !== undefined && (whole.text.includes(`(${clause![2]!})`) || whole.text.includes(`（${clause![2]!}）`))) return { id: whole.id };
    // `RF-433` in a feature that writes no `RF-` item: not a requirement of another language.
    if (foreignPrefix(target, () => (prefixed ??= prefixesByFeature(nodes)))) return 'drop';
    const named = PREFIXED.exec(tail);
    if (named !== null && !nodes.has(`${feature}/spec`)) {
      const requirement = `${feature}/${named[1]!}`;
      const criteria = (requirements ??= prefixedRequirements(nodes)).get(requirement);
      // `FR-13.1` where requirement `FR-13` is an item with no criterion read (its criteria are unnumbered boxes under a bold label:
      // yeemio/owlclaw): that requirement, whose lines hold them.
      if (named[2] !== undefined && criteria?.length === 0 && nodes.get(requirement)?.type === 'requirement') return { id: requirement };
      // `FR-1` whole, where no heading is FR-1 but criteria FR-1.1, … are (`#### FR-1.1：…` under `### 3.1 模板管理（FR-1）`): those criteria.
      if (named[2] === undefined && criteria !== undefined && criteria.length > 0 && !nodes.has(requirement)) return { ids: criteria.slice(0, MAX_RANGE) };
      // `FR-1.1` in a feature that writes no `FR-` item (a Kiro feature's tasks: no spec.md): its requirements name them in a form not
      // read as items (a paragraph, a table), as before any was (D-503): prose, not a missing requirement.
      if (!(prefixed ??= prefixesByFeature(nodes)).has(`${feature}/${named[1]!.slice(0, named[1]!.indexOf('-'))}`)) return 'drop';
    }
    // `REQ-JP-004` where a requirement's heading writes that id (`### REQ-JP-004: …`, read as `R4`: wildlife-creator/bijiyu): that requirement.
    // (`REQ-FN-010B`, `REQ-F-002` too, which are no team tag: where no heading writes them, nothing, as before they were read.)
    const codedId = CODED_ID.test(tail);
    const headed = codedId || TEAM_TAG.test(tail) ? (coded ??= codedRequirements(nodes)).byId.get(`${feature}/${tail}`) : undefined;
    if (headed !== undefined) return { id: headed };
    if (codedId && !TEAM_TAG.test(tail)) return 'drop';
    const kiro = KIRO_REF.exec(tail);
    if (kiro !== null) {
      // `011`, `010B` where the requirement is `R11`, `R10B` (written `REQ-ADM-011`): that requirement, or its criterion.
      const plain = `${feature}/R${kiro[1]!.replace(/^0+(?=\d)/, '')}${kiro[2] === undefined ? '' : `.${Number(kiro[2])}`}`;
      if (plain !== target && nodes.has(plain)) return { id: plain };
      // In a feature whose requirements are coded, `8.2` that a table of its documents numbers (design.md's `| 8.2 (REQ-BL-008) | … |`,
      // `| 5.1 (非機能 / セキュリティ) |`): the requirement the row names, or the team's own number for what no item is. (Not in
      // another feature, where `| 1.3 (beta) |` is a version's row, and `1.3` a missing criterion: a review.)
      const row = (coded ??= codedRequirements(nodes)).features.has(feature) ? (rows ??= new TableRows(nodes)).numbered(feature, plain.slice(plain.lastIndexOf('/') + 2)) : undefined;
      if (row !== undefined) {
        const named = coded.byId.get(`${feature}/${row}`);
        return named === undefined ? 'drop' : { id: named };
      }
    }
    // `14.1` where requirement 14 lists no criterion (cnusergroup/ug-point-store: its criteria written under 需求 15 by mistake): said so
    // (last: a coded requirement's number a design table gives, `| 8.2 (REQ-BL-008) |`, names it above).
    const owner = criterion ? `${feature}/${tail.slice(0, tail.indexOf('.'))}` : '';
    if (owner !== '' && nodes.get(owner)?.type === 'requirement' && !(criteria ??= new KiroCriteria(nodes)).lists(owner)) return { id: target, hint: `requirement ${owner.slice(owner.lastIndexOf('/') + 2)} (\`${owner}\`) has no acceptance criterion that DocuGraph reads` };
    const tag = TEAM_TAG.exec(tail);
    if (tag === null) return null;
    const requirement = (tags ??= requirementTags(nodes)).get(`${feature}/${tag[1]!}`);
    if (requirement === undefined) return 'drop';
    return { id: tag[2] === undefined ? requirement : `${requirement}.${Number(tag[2])}` };
  };
}

/** A requirement's prefixed id written in a reference list (`FR-1.1, NFR-1.1, 2.1`). */
const PREFIX_WRITTEN = new RegExp(`(?<![\\w-])(?:${REQUIREMENT_PREFIX})-\\d`);
/** A Kiro requirement's or criterion's id as a task cites it: `R11`, `R010B`, `R8.2`. */
const KIRO_REF = /^R(\d+[A-Z]?)(?:\.(\d+))?$/;
/** A coded requirement's id as a task writes it (`REQ-BL-008`, `REQ-F-002`, `REQ-FN-010B`). */
const CODED_ID = /^REQ-[A-Z]{1,6}-\d+[A-Z]?$/;
/** A requirement's id with a letter after its number, either case (`FR-004A`, `FR-004a`). */
const LETTERED_ID = new RegExp(`^((?:${REQUIREMENT_PREFIX})-\\d+)([a-zA-Z])$`);
/** A requirement's id with a clause's letter (`FR-039c`): the requirement's id. */
const CLAUSE = new RegExp(`^((?:${REQUIREMENT_PREFIX})-\\d+)([a-z])$`);

/** The stories of the files the features share, by kit root and number (`api:11`; `null`: two share it, and neither is guessed); `api:*`: the root has such a file. */
function sharedStories(nodes: ReadonlyMap<string, DocNode>): Map<string, string | null> {
  const stories = new Map<string, string | null>();
  for (const [id, node] of nodes) {
    if (node.type !== 'user-story' || node.item === undefined || !node.item.file.endsWith(`/${SHARED_STORIES}`)) continue;
    const n = Number(/\d+$/.exec(id)?.[0] ?? NaN);
    const key = `${rootOfId(id)}${n}`;
    stories.set(`${rootOfId(id)}*`, null);
    if (!Number.isNaN(n)) stories.set(key, stories.has(key) ? null : id);
  }
  return stories;
}

/** The features (a kit item's id without its last part) that hold a user story. */
function storyFeatures(nodes: ReadonlyMap<string, DocNode>): Set<string> {
  const features = new Set<string>();
  for (const [id, node] of nodes) if (node.type === 'user-story' && node.item !== undefined) features.add(id.slice(0, id.lastIndexOf('/')));
  return features;
}

/** Each Kiro requirement's tag (`<feature>/FR-SEC` → `<feature>/R7`), from its heading line. */
function requirementTags(nodes: ReadonlyMap<string, DocNode>): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [id, node] of nodes) {
    if (node.type !== 'requirement' || node.item === undefined) continue;
    const heading = TAGGED_HEADING.exec(node.text);
    if (heading !== null) tags.set(`${id.slice(0, id.lastIndexOf('/'))}/${heading[2]!}`, id);
  }
  return tags;
}

/** How a delta spec names the capability's requirement it changes (read-openspec.ts). */
const DELTA_REF = /^(?:MODIFIED|REMOVED) Requirement: /;
/** A change's delta spec of a capability: `change/<name>/specs/<capability>/spec`. */
const DELTA_FILE = /^change\/[^/]+\/specs\/([^/]+)\/spec$/;

/** The requirements open changes add, by the id the capability would give them (`<capability>/<slug>` → the first change's item, in id order). */
function addedByChanges(nodes: ReadonlyMap<string, DocNode>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, node] of nodes) {
    if (node.item === undefined || node.type !== 'requirement') continue;
    const delta = DELTA_FILE.exec(node.item.file);
    if (delta === null) continue;
    const key = `${delta[1]!}/${id.slice(id.lastIndexOf('/') + 1)}`;
    const kept = out.get(key);
    if (kept === undefined || compareStrings(id, kept) < 0) out.set(key, id);
  }
  return out;
}

/** A Spec Kit id of two numbers (`FR-029-030`), which the readers take whole (`FR-011-002` is a team's own id). */
const PAIR = new RegExp(`^(${REQUIREMENT_PREFIX})-(\\d+)-(\\d+)$`);
/** The requirements (`<feature>/FR-001`) that have parts of their own (`FR-001-002` is an item). */
function partedIds(nodes: ReadonlyMap<string, DocNode>): Set<string> {
  const parted = new Set<string>();
  for (const [id, node] of nodes) {
    if (node.item === undefined) continue;
    const slash = id.lastIndexOf('/');
    const pair = PAIR.exec(id.slice(slash + 1));
    if (pair !== null) parted.add(`${id.slice(0, slash)}/${pair[1]!}-${pair[2]!}`);
  }
  return parted;
}

/**
 * `FR-029-030` that names no item, as a range: the ids from its first number to its second that
 * the feature has — when both ends are items, the second number is greater and written as wide
 * (mixseek/mixseek-core: `FR-029-030` for FR-029 and FR-030); else `null`.
 */
function pairRange(nodes: ReadonlyMap<string, DocNode>, feature: string, kind: string, from: string, to: string): string[] | null {
  const [a, b] = [Number(from), Number(to)];
  if (to.length !== from.length || b <= a || b - a >= MAX_RANGE) return null;
  const name = (n: number): string => `${feature}/${kind}-${String(n).padStart(from.length, '0')}`;
  if (!nodes.has(name(a)) || !nodes.has(name(b))) return null;
  const ids: string[] = [];
  for (let n = a; n <= b; n += 1) if (nodes.has(name(n))) ids.push(name(n));
  return ids;
}

/** A Kiro criterion's id's numbers: `R2.3`. */
const CRITERION = /^R(\d+)\.(\d+)$/;
/** A lettered group's criterion as cited (`R5a.4`, `R5A.1`): its requirement's number and its own. */
const GROUP_REF = /^R(\d+)[A-Za-z]\.(\d+)$/;

/** A Kiro criterion's id of two numbers or more (`R5.1`, `R3.2.1`). */
const SECTION_REF = /^R(\d+(?:\.\d+)*)$/;
/** A requirement's whole number as a Kiro citation writes it (`R6`). */
const WHOLE = /^R\d+$/;
