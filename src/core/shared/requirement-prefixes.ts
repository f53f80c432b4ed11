/**
 * The prefixes of Spec Kit's numbered requirements (KITS §2, §7), in the languages teams write
 * them: `FR-001`, `SC-001`, `NFR-001`, and Portuguese or Spanish `RF-001` (requisito funcional),
 * `RNF-001` (não funcional / no funcional), `CS-001` (critério de sucesso; henriquelopeslima/l1face).
 * Each prefix's item type, and the kind its ids share for coverage and "did you mean" (`RF-` is
 * a functional requirement as `FR-` is).
 */

/** Each prefix: the item type, and the kind (`itemKind`) of its ids. */
export const REQUIREMENT_PREFIXES: Readonly<Record<string, { readonly type: string; readonly kind: string }>> = {
  FR: { type: 'functional-requirement', kind: 'FR' },
  SC: { type: 'success-criterion', kind: 'SC' },
  NFR: { type: 'non-functional-requirement', kind: 'NFR' },
  RF: { type: 'functional-requirement', kind: 'FR' },
  RNF: { type: 'non-functional-requirement', kind: 'NFR' },
  CS: { type: 'success-criterion', kind: 'SC' },
};

/** The prefixes as a regular expression's alternation (`FR|SC|…`). */
export const REQUIREMENT_PREFIX = Object.keys(REQUIREMENT_PREFIXES).join('|');

/**
 * The prefixes of another language than the template's: a reference to one that names no item
 * is an error only in a feature that writes items of that prefix (`RF-433` in an English task
 * is a radio part, not a missing requirement).
 */
export const LOCAL_PREFIXES: ReadonlySet<string> = new Set(['RF', 'RNF', 'CS']);
