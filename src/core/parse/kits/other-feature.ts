/**
 * A Kiro list of requirements that cites another feature's criteria by its folder's name
 * (`_Requirements: web-admin-dashboard/2.1, 2.2, 2.3_`: sobrinkedos/myEasyApp, a fifty-fifth
 * round): the name applies to the numbers after it, up to the next such name. Without this the
 * first number was dropped (a number glued to letters is none) and the others named the citing
 * feature's criteria — wrong edges, and a requirement "covered" by a task that never cited it.
 */

/**
 * A feature's name that opens the list or a part of it (after `,` or `;`), a slash, then a number (`web-admin-dashboard/2.1`,
 * `R3`): not one in the middle of a part (`1.1 (see design-doc/3.2)`: a review), nor one after a slash (a path).
 */
const FEATURE_AT = /(?<![A-Za-z0-9._/-])([A-Za-z0-9][A-Za-z0-9._-]*)\/(?=R?\d)/g;
/**
 * In a dependency: a feature's name, then a slash, or a space and the word for task (`documents-management タスク11.4, 11.8`:
 * yuitosuenaga/daiso-portal-mock; `helpdesk-portal-layout タスク9`, `auth-flow task 2.1`), then a number: that feature's tasks.
 */
const TASK_FEATURE_AT = /(?<![A-Za-z0-9._/-])([A-Za-z0-9][A-Za-z0-9._-]*)(?:\/|[ \t]+(?:タスク|任务|任務|[Tt]asks?)?[ \t]*)(?=\d)/g;
/** What may stand before such a name, spaces aside: the list's start or a separator (`opensPart`). */
const SEPARATORS = ',;、，；';

/** Whether the text before `at` is a list's start or a separator, spaces aside (a scan back, not a lookbehind of spaces: that was quadratic in them). */
function opensPart(value: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (value[k] === ' ' || value[k] === '\t')) k -= 1;
  return k < 0 || SEPARATORS.includes(value[k]!);
}
/**
 * A feature folder's name as teams write them: small letters and digits, two words or more joined by `-` or `_`, opening
 * with a letter — not a requirement's id (`FR-1.1/1.2`, `NFR-security/1.1`) nor a date (`2024-05/12`): a review.
 */
const FEATURE_NAME = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/;
/** A name whose last part is a number (`phase-1`): a step's, not a feature folder's. */
const NUMBERED_NAME = /[-_]\d+$/;

/**
 * The parts of a list value, each with the feature it names (`null`: the citing feature's own), in order. A feature kept a
 * folder deeper, by stage (`scope` `stage1/app-core`), names its sibling (`stage1/web-admin-dashboard`). `tasks`: a dependency's
 * list, where the name may stand before the word for task (`TASK_FEATURE_AT`).
 */
export function featureParts(value: string, scope: string, tasks = false): { readonly feature: string | null; readonly text: string }[] {
  const out: { feature: string | null; text: string }[] = [];
  const stage = scope.includes('/') ? scope.slice(0, scope.lastIndexOf('/') + 1) : '';
  let feature: string | null = null;
  let from = 0;
  for (const match of value.matchAll(tasks ? TASK_FEATURE_AT : FEATURE_AT)) {
    // (In a dependency, not a numbered step's name: `phase-1 2.1`, `step_2 3`.)
    if (!FEATURE_NAME.test(match[1]!) || !opensPart(value, match.index) || (tasks && NUMBERED_NAME.test(match[1]!))) continue;
    out.push({ feature, text: value.slice(from, match.index) });
    feature = `${stage}${match[1]!}`;
    from = match.index + match[0].length;
  }
  out.push({ feature, text: value.slice(from) });
  return out;
}
