/**
 * "Did you mean" by kind for spec kit items (KITS §7): a missing criterion is answered with a
 * criterion, a story with a story, a requirement with a requirement — never a task for a
 * requirement, however close its id. The kind of an item's id is read from its last part's
 * shape (`R2.3`, `R2`, `T4.1`, `US1`, `FR-001`, `RF-001`); any other id is answered from every id.
 */
import { createSuggester, SCAN_LIMIT, type Suggester } from './suggest.js';
import { REQUIREMENT_PREFIXES } from './requirement-prefixes.js';

/**
 * The kind of a kit item's id by the shape of its last part, or `null` (a document's id, a
 * slug). Read character by character: coverage asks it of every reference a workspace's tasks
 * write.
 */
export function itemKind(id: string): string | null {
  const at = id.lastIndexOf('/') + 1;
  if (at === 0) return null;
  const first = id.charCodeAt(at);
  if (first === 0x52 /* R */ && isDigit(id.charCodeAt(at + 1))) return digitsAfter(id, at + 1);
  if (first === 0x54 /* T */) {
    const next = id.charCodeAt(at + 1);
    // `T12`, `T#3` (a box numbered by its place), `TASK-001` (mixseek/mixseek-core).
    return next === 0x23 /* # */ || isDigit(next) || (id.startsWith('ASK-', at + 1) && isDigit(id.charCodeAt(at + 5))) ? 'task' : null;
  }
  if (first === 0x55 /* U */ && id.charCodeAt(at + 1) === 0x53 /* S */) {
    const from = id.charCodeAt(at + 2) === 0x2d /* - */ ? at + 3 : at + 2;
    // `US3.5`: a story inserted after 3 (Spec Kit).
    const dot = id.indexOf('.', from);
    // `US1b`: a story inserted after 1.
    const end = dot === -1 ? id.length : dot;
    const digitsEnd = end - 1 > from && /[a-z]/.test(id[end - 1]!) ? end - 1 : end;
    return from < id.length && (dot === -1 ? allDigits(id, from, digitsEnd) : dot > from && dot + 1 < id.length && allDigits(id, from, digitsEnd) && allDigits(id, dot + 1)) ? 'story' : null;
  }
  // `FR-001`, and `RF-001` of the same kind (shared/requirement-prefixes.ts).
  const dash = id.indexOf('-', at);
  if (dash === -1 || dash - at > 3 || !isDigit(id.charCodeAt(dash + 1))) return null;
  return REQUIREMENT_PREFIXES[id.slice(at, dash)]?.kind ?? null;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Whether `id[from, to)` is all digits. */
function allDigits(id: string, from: number, to = id.length): boolean {
  for (let i = from; i < to; i += 1) if (!isDigit(id.charCodeAt(i))) return false;
  return true;
}

/** `R` then digits (`requirement`), or digits, a dot and digits (`criterion`), the digits maybe with a capital after (`R16A`, `R10B.1`: one inserted later); else `null`. */
function digitsAfter(id: string, from: number): string | null {
  let i = from;
  while (i < id.length && isDigit(id.charCodeAt(i))) i += 1;
  if (i === from) return null;
  // `R7B` (inserted after 7), `R7B.1`; `R5a.1`, a lettered group's criterion (D-536), never `R5a`.
  const letter = id.charCodeAt(i);
  if (i < id.length && ((letter >= 0x41 && letter <= 0x5a) || (letter >= 0x61 && letter <= 0x7a && id.charCodeAt(i + 1) === 0x2e))) i += 1;
  if (i === id.length) return 'requirement';
  if (id.charCodeAt(i) !== 0x2e /* . */ || i + 1 === id.length || !allDigits(id, i + 1)) return null;
  return 'criterion';
}

/**
 * The kind a missing id is answered from: its `itemKind`, and a criterion's part (`R6.2.1`, cited `6.2.1`: Gosu0101/WPAIS, a
 * fifty-third round) a criterion — never a task, as it was when it had no kind. (Coverage keeps `itemKind`: such an id is no
 * criterion a requirement's implementation covers.)
 */
function suggestedKind(id: string): string | null {
  return itemKind(id) ?? (CRITERION_PART.test(id) ? 'criterion' : null);
}
const CRITERION_PART = /\/R\d+[A-Za-z]?(?:\.\d+){2,}$/;

/** `base` (a suggester over `ids`), but a kit item's id is answered only with ids of its kind. */
export function byKind(base: Suggester, ids: readonly string[]): Suggester & { readonly elsewhere: (wanted: string) => string | null } {
  const kinds = new Map<string, Suggester>();
  let twins: ReadonlyMap<string, string> | undefined;
  let tails: ReadonlyMap<string, string | null> | undefined;
  // Kinds numbered per feature (`R2.11`, `T4`) are answered from their feature's own ids first (where the whole workspace's, past
  // the suggester's index, answered no id longer than it indexes: `…/role-switching-multi-role-support/R10.10`), compared without
  // the feature they share (`R10.10` to `R10.1`), scanned when a few, else through the index (a review found a scan of thousands slow).
  let byFeature: Map<string, Map<string, string[]>> | undefined;
  const of = (kind: string, wanted: string): { readonly suggester: Suggester; readonly feature: string } => {
    const feature = PER_FEATURE.has(kind) ? wanted.slice(0, wanted.lastIndexOf('/') + 1) : '';
    const key = `${kind}\0${feature}`;
    let suggester = kinds.get(key);
    if (suggester === undefined) {
      const same = feature === '' ? ids.filter((id) => itemKind(id) === kind) : ((byFeature ??= perFeature(ids)).get(kind)?.get(feature) ?? []).map((id) => id.slice(feature.length));
      kinds.set(key, (suggester = createSuggester(same, feature === '' ? SCAN_LIMIT : FEATURE_SCAN_LIMIT)));
    }
    return { suggester, feature };
  };
  const own = (kind: string, wanted: string): { readonly best: string | null; readonly some: (limit: number) => string[] } => {
    const { suggester, feature } = of(kind, wanted);
    const tail = wanted.slice(feature.length);
    const best = suggester.best(tail);
    return { best: best === null ? null : feature + best, some: (limit) => suggester.some(tail, limit).map((id) => feature + id) };
  };
  return {
    best: (wanted) => {
      const kind = suggestedKind(wanted);
      // Where none of its feature's is near (a misspelled feature's name), every feature's.
      return (twins ??= qualifiedTwins(ids)).get(wanted) ?? (kind === null ? base.best(wanted) : (own(kind, wanted).best ?? of(kind, '').suggester.best(wanted)));
    },
    // An id written with its prefix (`FR-055`) may be another feature's; a Kiro number (`2.11`) is its own feature's, a task's or story's too.
    elsewhere: (wanted) => {
      const kind = itemKind(wanted);
      return kind === null || PER_FEATURE.has(kind) ? null : elsewhere((tails ??= lastParts(ids)), wanted);
    },
    some: (wanted, limit) => {
      const kind = suggestedKind(wanted);
      if (kind === null) return base.some(wanted, limit);
      // Its feature's first, then every feature's (`002-auth/T045` for `001-auth/T045`: a review), each once.
      const mine = own(kind, wanted).some(limit);
      if (mine.length >= limit) return mine;
      const seen = new Set(mine);
      return [...mine, ...of(kind, '').suggester.some(wanted, limit).filter((id) => !seen.has(id))].slice(0, limit);
    },
  };
}

/**
 * For each OpenSpec change requirement named with its capability (`change/<name>/<capability>/<slug>`,
 * D-484), the id without it (`change/<name>/<slug>`, which an older reference still names) → the
 * first such id; made once, by one pass over `ids`.
 */
function qualifiedTwins(ids: readonly string[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const at = id.indexOf('change/');
    if (at !== 0 && !(at > 0 && id[at - 1] === ':')) continue;
    const parts = id.slice(at).split('/');
    if (parts.length !== 4) continue;
    const plain = `${id.slice(0, at)}change/${parts[1]!}/${parts[3]!}`;
    if (!out.has(plain)) out.set(plain, id);
  }
  return out;
}

/** Past this many ids of a kind in one feature, its suggester is an index (one edit away), not a scan of them all. */
const FEATURE_SCAN_LIMIT = 200;

/** The ids of each kind numbered per feature, by kind and feature (the id up to its last `/`, kept). One pass over `ids`. */
function perFeature(ids: readonly string[]): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const id of ids) {
    const kind = itemKind(id);
    if (kind === null || !PER_FEATURE.has(kind)) continue;
    let features = out.get(kind);
    if (features === undefined) out.set(kind, (features = new Map()));
    const feature = id.slice(0, id.lastIndexOf('/') + 1);
    const list = features.get(feature);
    if (list === undefined) features.set(feature, [id]);
    else list.push(id);
  }
  return out;
}

/** The kinds whose ids are numbers of their feature's own (`R2.11`, `T4`, `US3`): never answered from another feature. */
const PER_FEATURE: ReadonlySet<string> = new Set(['requirement', 'criterion', 'task', 'story']);

/**
 * Each prefixed kit item's last part (`FR-055`) → its id, when one feature alone has it (`null` when several do):
 * a reference to `FR-055` in a feature that stops at FR-050 may mean that one (`(FR-055 equivalente)` in
 * Victor77-coder/Ticket.com's 010-gate-validation, written of 009-my-tickets-sharing's; `(033 FR-008a)` in
 * jnroesch/juggerhub's 036; a fifty-second round) — or be a number past its own feature's last (a review), so it is
 * offered beside the feature's own nearest id, not instead of it.
 */
function lastParts(ids: readonly string[]): ReadonlyMap<string, string | null> {
  const out = new Map<string, string | null>();
  for (const id of ids) {
    const kind = itemKind(id);
    if (kind === null || PER_FEATURE.has(kind)) continue;
    const tail = id.slice(id.lastIndexOf('/') + 1);
    out.set(tail, out.has(tail) ? null : id);
  }
  return out;
}

/** The one item of another feature with `wanted`'s last part, or `null`. */
function elsewhere(tails: ReadonlyMap<string, string | null>, wanted: string): string | null {
  const found = tails.get(wanted.slice(wanted.lastIndexOf('/') + 1));
  return found === undefined || found === null || found === wanted ? null : found;
}
