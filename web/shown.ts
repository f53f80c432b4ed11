/**
 * What the picture shows (issue 58), from what the filters leave visible: the groups with a shown
 * node, each with its shown nodes; which of them are open; each group's counts by work state and
 * its nodes with errors. Pure.
 */
import type { PictureSpec } from './layout.js';
import { isCompound } from './layout-compound.js';
import type { Graph } from './model.js';

/** At most this many shown nodes, every shown group opens by itself. */
export const OPEN_ALL = 150;

export interface GroupCounts {
  readonly states: readonly number[];
  readonly errors: number;
  readonly total: number;
}

export interface Shown {
  readonly spec: PictureSpec;
  readonly counts: ReadonlyMap<number, GroupCounts>;
  /** Says what `spec` lays out: the same key, the same picture. */
  readonly key: string;
  /** How many nodes are shown. */
  readonly total: number;
}

/** `visible`: which nodes the filters leave (`null`: all); `open`: the names of the open groups. */
export function shownOf(graph: Graph, visible: Uint8Array | null, open: ReadonlySet<string>, aspect: number): Shown {
  const { model, groups } = graph;
  const shown = new Map<number, number[]>();
  const counts = new Map<number, GroupCounts>();
  const openGroups = new Set<number>();
  const parts: string[] = [];
  let total = 0;
  groups.members.forEach((members, g) => {
    const own = visible === null ? (members as number[]) : members.filter((i) => visible[i] === 1);
    if (own.length === 0) return;
    shown.set(g, own);
    total += own.length;
    const states = new Array<number>(model.states.length).fill(0);
    let errors = 0;
    for (const i of own) {
      states[model.state[i]!]! += 1;
      if ((model.flags[i]! & 1) !== 0) errors += 1;
    }
    counts.set(g, { states, errors, total: own.length });
    const isOpen = open.has(groups.names[g]!);
    if (isOpen) openGroups.add(g);
    parts.push(`${g}${isOpen ? '+' : ''}:${visible === null ? '*' : own.join(',')}`);
  });
  const ratio = Math.round(aspect * 4) / 4;
  // A compound picture is laid out the same for any window: a resize does not lay it out again.
  const shape = isCompound(total, shown.keys(), openGroups) ? '*' : String(ratio);
  return { spec: { edges: model.edges, groupOf: groups.of, shown, open: openGroups, aspect: ratio }, counts, key: `${shape}|${parts.join(';')}`, total };
}
