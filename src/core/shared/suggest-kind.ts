/**
 * "Did you mean" by kind for spec kit items (KITS §7): a missing criterion is answered with a
 * criterion, a story with a story, a requirement with a requirement — never a task for a
 * requirement, however close its id. The kind of an item's id is read from its last part's
 * shape (`R2.3`, `R2`, `T4.1`, `US1`, `FR-001`); any other id is answered from every id.
 */
import { createSuggester, type Suggester } from './suggest.js';

/** The kind of a kit item's id by the shape of its last part, or `null` (a document's id, a slug). */
export function itemKind(id: string): string | null {
  const slash = id.lastIndexOf('/');
  if (slash === -1) return null;
  const tail = id.slice(slash + 1);
  if (/^R\d+\.\d+$/.test(tail)) return 'criterion';
  if (/^R\d+$/.test(tail)) return 'requirement';
  if (/^T(?:#|\d)/.test(tail)) return 'task';
  if (/^US-?\d+$/.test(tail)) return 'story';
  const prefix = /^(FR|SC|NFR)-\d/.exec(tail);
  return prefix === null ? null : prefix[1]!;
}

/** `base` (a suggester over `ids`), but a kit item's id is answered only with ids of its kind. */
export function byKind(base: Suggester, ids: readonly string[]): Suggester {
  const kinds = new Map<string, Suggester>();
  const of = (kind: string): Suggester => {
    let suggester = kinds.get(kind);
    if (suggester === undefined) kinds.set(kind, (suggester = createSuggester(ids.filter((id) => itemKind(id) === kind))));
    return suggester;
  };
  return {
    best: (wanted) => {
      const kind = itemKind(wanted);
      return kind === null ? base.best(wanted) : of(kind).best(wanted);
    },
    some: (wanted, limit) => {
      const kind = itemKind(wanted);
      return kind === null ? base.some(wanted, limit) : of(kind).some(wanted, limit);
    },
  };
}
