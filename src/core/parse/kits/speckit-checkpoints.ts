/**
 * A Spec Kit phase's checkpoint line that ends with the requirements the phase delivers (`**Checkpoint**: Reviews are editable in place;
 * edits touch only that week (SC-005, FR-005, FR-012).`: Kalpesh-Vala/prep-tracker, a line after each story's tasks, D-571): those ids
 * are the phase's tasks', as a purpose line's list at its end is (speckit-mappings.ts, D-495). The phase is the outermost heading the
 * line is under (`## Phase 4: …` over `### Implementation for User Story 2`), not the file's one title; only the list in parentheses
 * that closes the line, not ids its prose names (`**Checkpoint**: FR-002 work can begin`). And only in a file whose tasks cite requirement
 * ids themselves (`withCheckpoints`): where none does, checkpoints that name a few would hold the feature's every requirement to
 * coverage (prep-tracker's 002, 003, 005: a review of the first reading). Linear: one pass over the lines.
 */
import { forEachLineOutsideFences } from '../block-lines.js';
import { REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';
import type { KitItem, KitRef } from './kit-read.js';
import type { Outline } from './outline.js';
import { LISTED_AT_END } from './speckit-mappings.js';

/** `**Checkpoint**:` (the colon inside the bold or after it), in a few languages. */
const CHECKPOINT_LABEL = /^[ \t]*\*\*(?:checkpoints?|检查点|檢查點|チェックポイント|체크포인트|punto[ \t]+de[ \t]+control|ponto[ \t]+de[ \t]+verificação)(?:\*\*[ \t]*[:：]|[ \t]*[:：][ \t]*\*\*)/i;
const ANY_CHECKPOINT = /checkpoint|检查点|檢查點|チェックポイント|체크포인트|punto de control|ponto de verifica/i;

/** A checkpoint line's list: its file line, the list, the line as written. */
export interface CheckpointList {
  readonly line: number;
  readonly listed: string;
  readonly written: string;
}

/** The checkpoint lists of `outline`, by the outline index of the phase heading each is under; `titles`: how many level-1 headings the file has. */
export function checkpointLists(outline: Outline, titles: number): Map<number, CheckpointList[]> {
  const out = new Map<number, CheckpointList[]>();
  const { entries, body, bodyLine } = outline;
  if (!ANY_CHECKPOINT.test(body)) return out;
  // The heading open at each level (1–6) as the lines go by.
  const open: (number | undefined)[] = [];
  let next = 0;
  forEachLineOutsideFences(body, (text, k) => {
    const line = bodyLine + k;
    for (; next < entries.length && entries[next]!.line <= line; next += 1) {
      const entry = entries[next]!;
      if (entry.kind !== 'heading') continue;
      open.length = entry.level;
      open[entry.level] = next;
    }
    if (!CHECKPOINT_LABEL.test(text)) return;
    const listed = LISTED_AT_END.exec(text)?.[1];
    if (listed === undefined) return;
    const phase = open.find((heading, level) => heading !== undefined && (level > 1 || titles > 1));
    if (phase === undefined) return;
    let lists = out.get(phase);
    if (lists === undefined) out.set(phase, (lists = []));
    lists.push({ line, listed, written: text.trim() });
  });
  return out;
}

/** A reference a checkpoint line gave. */
const ofCheckpoint = (ref: KitRef): boolean => ref.relation === 'implements' && CHECKPOINT_LABEL.test(ref.written);
/** A requirement's id as a reference names it (`<feature>/FR-001`, `<feature>/SC-002`): its prefix, the kind coverage counts by. */
const REQUIREMENT_REF = new RegExp(`/(${REQUIREMENT_PREFIX})(?:-[A-Z]+)?-\\d`);
const kindOf = (ref: KitRef): string | undefined => REQUIREMENT_REF.exec(ref.id)?.[1];

/**
 * `items`, their checkpoints' references to requirements of a kind kept only where a task cites that kind otherwise (its own lines, a
 * heading, a mapping): an `FR-` a checkpoint names where tasks cite `SC-` ids alone would hold every `FR-` to coverage (KITS §7).
 */
export function withCheckpoints(items: KitItem[]): KitItem[] {
  if (!items.some((item) => item.refs.some(ofCheckpoint))) return items;
  const cited = new Set<string>();
  for (const item of items) if (item.type === 'task') for (const ref of item.refs) if (ref.relation === 'implements' && !ofCheckpoint(ref)) cited.add(kindOf(ref) ?? '');
  const kept = (ref: KitRef): boolean => !ofCheckpoint(ref) || cited.has(kindOf(ref) ?? '');
  return items.map((item) => (item.refs.every(kept) ? item : { ...item, refs: item.refs.filter(kept) }));
}
