/**
 * KITS §7: coverage that matches the team's practice. The rules a kit brings by default (when
 * `coverage:` is not configured) are judged feature by feature: a feature's items of a kind are
 * held to coverage only when its tasks cite that kind by id — Kiro criteria when a task cites a
 * requirement or a criterion by number, Spec Kit stories when a task cites a story (`[USn]`),
 * `FR-` and `SC-` requirements when a task cites one of theirs (a tasks.md heading's ids count) — an id
 * that exists: one that names nothing is LINK_BROKEN, no practice of citing.
 * Any other feature is *not traced*: one line in `coverage` with its count, no finding per item.
 * A task that implements a whole requirement covers its criteria.
 */
import type { CoverageRule } from '../shared/config-types.js';
import { itemKind } from '../shared/suggest-kind.js';
import { REQUIREMENT_KINDS } from '../shared/requirement-prefixes.js';
import { compareStrings } from '../shared/sort.js';
import type { UntracedFeature, Workspace } from '../shared/types.js';

/** The kinds of cited id (`itemKind`) that make a feature traced for each type a kit's rule is about. */
const CITED: Readonly<Record<string, readonly string[]>> = {
  // A Kiro requirement a team names `FR-1` (its criteria `FR-1.1`): cited by those ids (D-503).
  'acceptance-criterion': ['requirement', 'criterion', ...REQUIREMENT_KINDS],
  'user-story': ['story'],
  'functional-requirement': ['FR'],
  'success-criterion': ['SC'],
};

/** The kind (as `CITED` names them) of a kit item's type. */
const KIND_OF_TYPE: ReadonlyMap<string, string> = new Map([
  ['requirement', 'requirement'],
  ['acceptance-criterion', 'criterion'],
  ['user-story', 'story'],
  ['functional-requirement', 'FR'],
  ['success-criterion', 'SC'],
  ['non-functional-requirement', 'NFR'],
]);

/** In `citedByFeature`'s kinds: a task names a story as written (`[US1]`), whether or not it exists. */
const NAMED_STORY = 'story named';

/** A kit item's feature (its scope): the id without its last part. */
export function featureOf(id: string): string {
  return id.slice(0, id.lastIndexOf('/'));
}

/** Per feature, the kinds of item its tasks cite (`implements`, `verifies`) that exist, and whether it has tasks. One pass over the nodes. */
export function citedByFeature(workspace: Workspace): ReadonlyMap<string, ReadonlySet<string>> {
  const cited = new Map<string, Set<string>>();
  // By the nodes as stored, not looked up by id (a set per feature: the order does not count).
  for (const [id, node] of workspace.nodes) {
    if (node.item === undefined || node.type !== 'task') continue;
    const feature = featureOf(id);
    let kinds = cited.get(feature);
    if (kinds === undefined) cited.set(feature, (kinds = new Set()));
    // The edges as resolved (a range written `RF-001-003` is its three ids; a heading's ids are its tasks').
    for (const { relation, id: target } of workspace.relationsOut.get(id) ?? []) {
      if (relation !== 'implements' && relation !== 'verifies') continue;
      // Only an item that exists: an id that names nothing is no practice of citing (LINK_BROKEN says so) — `T026 … (< 100ms
      // response per FR-018)` in a spec of FR-001 to FR-015 whose tasks cite by story (94mashiro/oihub) had held its requirements
      // to coverage; nor is `RF-433` where no `RF-` item is written (an English task's radio part), nor a Kiro task's `FR-1.1`
      // where the requirements name theirs in a form not read (D-503).
      const named = workspace.nodes.get(target);
      if (named?.item === undefined) continue;
      // Only the feature's own items: a task that cites another feature's criteria (`_Requirements: web-admin-dashboard/2.1_`,
      // D-534) says how the team cites there, not here (a review: 40 COVERAGE_MISSING of a feature that cites none of its own).
      if (featureOf(target) !== feature) continue;
      // The kind of the item named, not of its id's shape (`4.1` names `R4.1a` and `R4.1b`, a criterion written in parts: ArchiTrack).
      const kind = named.type === null ? undefined : KIND_OF_TYPE.get(named.type);
      if (kind !== undefined) kinds.add(kind);
    }
    // A story named as written (`[US1]`, dropped where the spec numbers none: nothing to resolve it against) is a note in `coverage` there (`judgedByFeature`).
    if (kinds.has(NAMED_STORY)) continue;
    for (const relation of ['implements', 'verifies'] as const) if (node.relations?.[relation]?.ids.some((target) => itemKind(target) === 'story') === true) kinds.add(NAMED_STORY);
  }
  return cited;
}

/**
 * Which of `ids` (the items of `rule.type`) a by-feature rule holds to coverage, and the
 * features it does not (with their counts), sorted by feature.
 */
export function judgedByFeature(
  rule: CoverageRule,
  ids: readonly string[],
  cited: ReadonlyMap<string, ReadonlySet<string>>,
  defect: (id: string) => boolean = () => false,
): { judged: string[]; untraced: UntracedFeature[] } {
  const kinds = CITED[rule.type] ?? [];
  const judged: string[] = [];
  const counts = new Map<string, number>();
  const defects = new Map<string, number>();
  for (const id of ids) {
    const feature = featureOf(id);
    const its = cited.get(feature);
    if (its === undefined || !kinds.some((kind) => its.has(kind))) counts.set(feature, (counts.get(feature) ?? 0) + 1);
    else if (rule.type === 'acceptance-criterion' && defect(id)) defects.set(feature, (defects.get(feature) ?? 0) + 1);
    else judged.push(id);
  }
  const untraced = [...counts].map(([feature, count]): UntracedFeature => ({ feature, type: rule.type, count, reason: cited.has(feature) ? 'no-ids' : 'no-tasks' }));
  for (const [feature, count] of defects) untraced.push({ feature, type: rule.type, count, reason: 'defects' });
  // Tasks that name stories (`[US1]`) in a feature whose spec.md numbers none: a note, not a finding per task.
  if (rule.type === 'user-story') {
    const storied = new Set(ids.map(featureOf));
    for (const [feature, kinds] of cited) if (kinds.has(NAMED_STORY) && !storied.has(feature)) untraced.push({ feature, type: rule.type, count: 0, reason: 'no-stories' });
  }
  untraced.sort((a, b) => compareStrings(a.feature, b.feature));
  return { judged, untraced };
}

/** A Spec Kit requirement id of two numbers (`…/FR-042-01`), or a Kiro criterion of a prefixed requirement (`…/FR-1.1`, `…/FR-6b.1`): its first part (`…/FR-042`, `…/FR-1`). */
const PART = /^(.*\/[A-Z]{2,4}-\d+(?:[a-z](?=\.))?)[-.]\d+$/;

/**
 * Whether a criterion (`auth/R2.3`) is covered through its requirement: a task implements
 * `auth/R2` whole. Each requirement is looked at once (its incoming edges hold every criterion
 * that refines it: asked per criterion, that was quadratic in a requirement's criteria).
 */
export function requirementCoverage(workspace: Workspace): (id: string) => boolean {
  const whole = new Map<string, boolean>();
  return (id) => {
    // A Spec Kit requirement's part (`FR-042-01`) under a requirement of its own (`#### FR-042: …`): covered when a task implements
    // the whole (`实现FR-042仅浏览模式`: Akujik/GymnasticMini), as a Kiro criterion is.
    const part = PART.exec(id);
    // A lettered group's criterion (`R6A.1`, D-536) is its requirement's, `R6`: the one it refines; so is a numbered group's
    // (`R4.1.2`, D-554: `R4`, where `R4.1` may be a criterion of its own listed before the groups) — a criterion whose id is not of
    // a criterion's shape counts only where it refines a requirement (`R19.1.1` refines `Requirement 19.1`, whose id criterion 1 of
    // Requirement 19 keeps: citing that criterion is no citing of the requirement).
    const refined = part !== null ? undefined : workspace.relationsOut.get(id)?.find((edge) => edge.relation === 'refines')?.id;
    if (part === null && itemKind(id) !== 'criterion' && (refined === undefined || workspace.nodes.get(refined)?.type !== 'requirement')) return false;
    const requirement = part !== null ? part[1]! : (refined ?? id.slice(0, id.lastIndexOf('.')));
    if (part !== null && !workspace.nodes.has(requirement)) return false;
    let covered = whole.get(requirement);
    if (covered === undefined) {
      covered = workspace.relationsIn.get(requirement)?.some((edge) => edge.relation === 'implements' && workspace.nodes.get(edge.id)?.type === 'task' && workspace.states.get(edge.id)?.state !== 'dropped') === true;
      whole.set(requirement, covered);
    }
    return covered;
  };
}
