/**
 * A Kiro list of requirements that cites another feature's criteria by its folder's name
 * (`_Requirements: web-admin-dashboard/2.1, 2.2, 2.3_`: sobrinkedos/myEasyApp, a fifty-fifth
 * round): the name applies to the numbers after it, up to the next such name. Without this the
 * first number was dropped (a number glued to letters is none) and the others named the citing
 * feature's criteria — wrong edges, and a requirement "covered" by a task that never cited it.
 */

/** Where a feature's name opens a list part: a folder name and a slash before a number (`web-admin-dashboard/2.1`, `auth_flow/R3`). */
const FEATURE_AT = /(?<![^\s,;、，；(])([A-Za-z0-9][A-Za-z0-9._-]*)\/(?=R?\d)/g;
/** A feature folder's name as teams write them: two words or more joined by `-` or `_` (not `design/3.2`, a file's section). */
const FEATURE_NAME = /[A-Za-z0-9][-_][A-Za-z0-9]/;

/** The parts of a list value, each with the feature it names (`null`: the citing feature's own), in order. */
export function featureParts(value: string): { readonly feature: string | null; readonly text: string }[] {
  const out: { feature: string | null; text: string }[] = [];
  let feature: string | null = null;
  let from = 0;
  for (const match of value.matchAll(FEATURE_AT)) {
    if (!FEATURE_NAME.test(match[1]!)) continue;
    out.push({ feature, text: value.slice(from, match.index) });
    feature = match[1]!;
    from = match.index + match[0].length;
  }
  out.push({ feature, text: value.slice(from) });
  return out;
}
