/**
 * The prefixes of Spec Kit's numbered requirements (KITS §2, §7), in the languages teams write
 * them: `FR-001`, `SC-001`, `NFR-001`, and Portuguese or Spanish `RF-001` (requisito funcional),
 * `RNF-001` (não funcional / no funcional), `CS-001` (critério de sucesso; henriquelopeslima/l1face), `CE-001`
 * (criterio de éxito).
 * Each prefix's item type, and the kind its ids share for coverage and "did you mean" (`RF-` is
 * a functional requirement as `FR-` is).
 */
import type { DocNode } from './types.js';

/**
 * Each prefix: the item type, the kind (`itemKind`) of its ids, and whether it is another
 * language's than the template's (`local`: see `LOCAL_PREFIXES`).
 */
export const REQUIREMENT_PREFIXES: Readonly<Record<string, { readonly type: string; readonly kind: string; readonly local: boolean }>> = {
  FR: { type: 'functional-requirement', kind: 'FR', local: false },
  SC: { type: 'success-criterion', kind: 'SC', local: false },
  NFR: { type: 'non-functional-requirement', kind: 'NFR', local: false },
  RF: { type: 'functional-requirement', kind: 'FR', local: true },
  RNF: { type: 'non-functional-requirement', kind: 'NFR', local: true },
  CS: { type: 'success-criterion', kind: 'SC', local: true },
  // Spanish `CE-001` (criterio de éxito: velosergio/Monolegal).
  CE: { type: 'success-criterion', kind: 'SC', local: true },
};

/** The kinds their ids have (`FR`, `SC`, `NFR`). */
export const REQUIREMENT_KINDS: ReadonlySet<string> = new Set(Object.values(REQUIREMENT_PREFIXES).map((prefix) => prefix.kind));

/** The prefixes as a regular expression's alternation (`FR|SC|…`). */
export const REQUIREMENT_PREFIX = Object.keys(REQUIREMENT_PREFIXES).join('|');

/**
 * The prefixes of another language than the template's: a reference to one that names no item
 * is an error only in a feature that writes items of that prefix (`RF-433` in an English task
 * is a radio part, not a missing requirement).
 */
export const LOCAL_PREFIXES: ReadonlySet<string> = new Set(Object.keys(REQUIREMENT_PREFIXES).filter((prefix) => REQUIREMENT_PREFIXES[prefix]!.local));

/**
 * A team's part code between a requirement's prefix and its number, when it writes one: `FR-SEC-19`, `FR-D-001` (fridge-planner),
 * `FR-AUTHZ-001` (Bzyczek7/PolishedCharts) — one to five capitals (the source of a regular expression, optional).
 */
export const PART_CODE = '(?:-[A-Z]{1,5})?';

/** A kit item id's last part's prefix (`RF` of `…/RF-001`, `FR` of `…/FR-SEC-19`). */
const PREFIX = new RegExp(`\\/([A-Z]{2,3})${PART_CODE}-\\d[^/]*$`);

/** Each feature's requirement prefixes, as `<feature>/RF`, from its items' ids (one pass over the nodes). */
export function prefixesByFeature(nodes: ReadonlyMap<string, DocNode>): Set<string> {
  const out = new Set<string>();
  for (const [id, node] of nodes) {
    if (node.item === undefined) continue;
    const prefix = PREFIX.exec(id);
    if (prefix !== null) out.add(`${id.slice(0, prefix.index)}/${prefix[1]!}`);
  }
  return out;
}

/**
 * Whether `id` (`<feature>/RF-433`, `<feature>/RF-001-003`) is in another language's prefix that
 * its feature writes no item of; `prefixed` gives `prefixesByFeature`, asked only for such an id.
 */
export function foreignPrefix(id: string, prefixed: () => ReadonlySet<string>): boolean {
  return unwrittenPrefix(id, prefixed, LOCAL_PREFIXES);
}

/** Whether `id` (`<feature>/FR-1.1`) has a prefix (of `among`: any by default) its feature writes no item of; `prefixed` as for `foreignPrefix`. */
function unwrittenPrefix(id: string, prefixed: () => ReadonlySet<string>, among?: ReadonlySet<string>): boolean {
  const prefix = PREFIX.exec(id);
  return prefix !== null && (among === undefined || among.has(prefix[1]!)) && !prefixed().has(`${id.slice(0, prefix.index)}/${prefix[1]!}`);
}

/** A requirement a Kiro team names with a prefix, or its criterion: `FR-1`, `NFR-2.3`, `FR-6b.1` (kiro-requirements.ts); group 1 the requirement, 2 the criterion's number. */
export const PREFIXED = new RegExp(`^((?:${REQUIREMENT_PREFIX})-\\d+[a-z]?)(?:\\.(\\d+))?$`);

/** Each prefixed requirement some kit item of its feature writes (`<feature>/FR-1`: itself, or a criterion `FR-1.1`), with its criteria's ids (in the nodes' order). */
export function prefixedRequirements(nodes: ReadonlyMap<string, DocNode>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [id, node] of nodes) {
    if (node.item === undefined) continue;
    const slash = id.lastIndexOf('/');
    const written = PREFIXED.exec(id.slice(slash + 1));
    if (written === null) continue;
    const key = `${id.slice(0, slash)}/${written[1]!}`;
    let criteria = out.get(key);
    if (criteria === undefined) out.set(key, (criteria = []));
    if (written[2] !== undefined && node.type === 'acceptance-criterion') criteria.push(id);
  }
  return out;
}

/** The one requirement prefix a written list names ids of (`FR` of `_Requirements: FR-1.1, 1.2_`), or `null` (none, or two). */
export function carriedPrefix(written: string): string | null {
  const prefixes = new Set([...written.matchAll(WRITTEN_PREFIX)].map((m) => m[1]!));
  return prefixes.size === 1 ? [...prefixes][0]! : null;
}
const WRITTEN_PREFIX = new RegExp(`(?<![\\w-])(${REQUIREMENT_PREFIX})-\\d`, 'g');

/** The features with a Kiro requirement numbered `R<n>` (`Requirement 1`). */
export function kiroNumbered(nodes: ReadonlyMap<string, DocNode>): Set<string> {
  const out = new Set<string>();
  for (const [id, node] of nodes) if (node.item !== undefined && node.type === 'requirement' && /\/R\d[^/]*$/.test(id)) out.add(id.slice(0, id.lastIndexOf('/')));
  return out;
}

/** Whether `feature` writes items of no requirement prefix but `prefix` (`prefixed`: `prefixesByFeature`). */
export function onlyPrefix(feature: string, prefix: string, prefixed: ReadonlySet<string>): boolean {
  return Object.keys(REQUIREMENT_PREFIXES).every((other) => other === prefix || !prefixed.has(`${feature}/${other}`));
}
