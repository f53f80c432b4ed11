/**
 * The `status:` section `docugraph init` proposes (issue 53): the repository's own status
 * words, each read as done, dropped or open work. The defaults (TRACE §2) know most words;
 * `SETTLED_WORDS` knows a few more that repositories use for settled work (an EIP repository's
 * `Moved` stubs, an `Archived` decision). When the repository uses one of those, the defaults
 * would count its documents as open work (`ready` would list them), so the section is proposed:
 * each list holds the words found that belong in it, most used first (`docugraph done` writes
 * the first done word). Otherwise nothing is proposed and the defaults stand.
 */
import type { StatusCount } from '../model/survey-keys.js';
import { groupThousands } from '../shared/cap.js';
import { DEFAULT_CONFIG, type StatusWords } from '../shared/config-types.js';

/** Words of settled work that the defaults read as open work, in normal form. */
export const SETTLED_WORDS: Readonly<Record<'done' | 'dropped', readonly string[]>> = Object.freeze({
  done: Object.freeze(['shipped', 'released', 'delivered', 'published', 'finished', 'fixed', 'verified']),
  dropped: Object.freeze(['moved', 'archived', 'retired', 'deprecated', 'declined', 'duplicate', 'invalid', 'discarded', 'postponed', 'not-planned', 'won-t-do', 'wontdo']),
});

/** How many words of each meaning the comment names before "and N more". */
const MAX_NAMED = 10;

export interface StatusProposal {
  /** The section's lines (comments first), or `null` when the defaults read every word found right. */
  readonly lines: readonly string[] | null;
  /** The words the section settles that the defaults do not, for the summary (`status "Moved" dropped`). */
  readonly choice: string | null;
}

/** The `status:` section for the words found (`comment` makes a document's text safe in a comment). */
export function proposeStatus(statuses: readonly StatusCount[], comment: (text: string) => string, defaults: StatusWords = DEFAULT_CONFIG.status): StatusProposal {
  const meaning = (word: string): 'done' | 'dropped' | null =>
    defaults.done.includes(word) || SETTLED_WORDS.done.includes(word) ? 'done' : defaults.dropped.includes(word) || SETTLED_WORDS.dropped.includes(word) ? 'dropped' : null;
  const extra = statuses.filter((s) => SETTLED_WORDS.done.includes(s.word) || SETTLED_WORDS.dropped.includes(s.word));
  if (extra.length === 0) return { lines: null, choice: null };
  const done = statuses.filter((s) => meaning(s.word) === 'done');
  const dropped = statuses.filter((s) => meaning(s.word) === 'dropped');
  const open = statuses.filter((s) => meaning(s.word) === null);
  const named = (list: readonly StatusCount[]) => {
    const shown = list.slice(0, MAX_NAMED).map((s) => `${comment(s.written)} (${groupThousands(s.files)})`);
    return `${shown.join(', ')}${list.length > MAX_NAMED ? ` and ${groupThousands(list.length - MAX_NAMED)} more` : ''}`;
  };
  const lines = ['# The status words found, and what each means (every other word is open work: ready or blocked):'];
  if (done.length > 0) lines.push(`#   done (finished): ${named(done)}`);
  if (dropped.length > 0) lines.push(`#   dropped (no longer work here): ${named(dropped)}`);
  if (open.length > 0) lines.push(`#   open work: ${named(open)}`);
  // Only words of the two vocabularies reach the lists: plain YAML words, at most their length.
  lines.push('status:');
  if (done.length > 0) lines.push(`  done: [${done.map((s) => s.word).join(', ')}]`);
  if (dropped.length > 0) lines.push(`  dropped: [${dropped.map((s) => s.word).join(', ')}]`);
  const choice = `status ${extra.map((s) => `"${comment(s.written)}" ${meaning(s.word)!}`).join(', ')}`;
  return { lines, choice };
}
