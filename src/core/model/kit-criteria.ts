/**
 * A workspace's Kiro criteria by feature, for the references that name them otherwise than by
 * their ids (kit-targets.ts): a range across requirements (`1.1–10.5`, the criteria between its
 * ends) and a criterion of a lettered group cited without its letter (`5.3` for `R5b.3`, D-536).
 * Built once, on the first reference that needs it.
 */
import { CROSS_RANGE, MAX_RANGE } from '../parse/kits/number-list.js';
import { compareStrings } from '../shared/sort.js';
import type { DocNode } from '../shared/types.js';

/** What a Kiro reader writes between the ends of a range across requirements: `R1.1…10.5`. */
export const CROSS = new RegExp(`^R(\\d+)\\.(\\d+)${CROSS_RANGE}(\\d+)\\.(\\d+)$`);
/**
 * A Kiro criterion's id's numbers: `R2.3`; `R5b.3`, `R6A.1` (a lettered group's, or one of a requirement inserted after 6, `R6A`);
 * `R4.1.2` (a numbered group's, D-554, or one of a requirement inserted after 4, `Requirement 4.1`).
 */
const CRITERION = /^R(\d+)(?:([A-Za-z])|\.(\d+))?\.(\d+)$/;

interface Criterion {
  readonly requirement: number;
  /** The number of its numbered group (`R4.1.2`: 1), or 0. */
  readonly group: number;
  readonly n: number;
  readonly id: string;
}

export class KiroCriteria {
  /** Each feature's criteria, by requirement then criterion number. */
  private readonly byFeature = new Map<string, Criterion[]>();
  /** `<feature>/R5.3` → the lettered groups' criteria of that number (`<feature>/R5b.3`; two where the groups number anew). */
  private readonly letteredIds = new Map<string, string[]>();

  /** The requirements (`<feature>/R14`) that have a criterion read: those a criterion refines. */
  private readonly listing = new Set<string>();

  constructor(nodes: ReadonlyMap<string, DocNode>) {
    for (const [id, node] of nodes) {
      if (node.type !== 'acceptance-criterion' || node.item === undefined) continue;
      // Its requirement, the one it refines (`R6` for `R6A.1` of a lettered group, `R2` for `R2.1a` written in parts: a review).
      const parent = node.relations?.refines?.ids[0];
      if (parent !== undefined) this.listing.add(parent);
      const slash = id.lastIndexOf('/');
      const numbers = CRITERION.exec(id.slice(slash + 1));
      if (numbers === null) continue;
      const feature = id.slice(0, slash);
      let list = this.byFeature.get(feature);
      if (list === undefined) this.byFeature.set(feature, (list = []));
      list.push({ requirement: Number(numbers[1]), group: Number(numbers[3] ?? 0), n: Number(numbers[4]), id });
      // A lettered group's criterion, not one of a requirement of its own (`### Requirement 6A`).
      if (numbers[2] === undefined || nodes.has(`${feature}/R${numbers[1]!}${numbers[2]}`)) continue;
      const plain = `${feature}/R${numbers[1]!}.${numbers[4]!}`;
      const holders = this.letteredIds.get(plain);
      if (holders === undefined) this.letteredIds.set(plain, [id]);
      else if (holders.length < 5) holders.push(id);
    }
    for (const list of this.byFeature.values()) list.sort((a, b) => a.requirement - b.requirement || a.group - b.group || a.n - b.n || compareStrings(a.id, b.id));
    for (const holders of this.letteredIds.values()) if (holders.length > 1) holders.sort(compareStrings);
  }

  /**
   * The criteria of `feature` strictly between a range's two ends (the reader gives the ends themselves), at most `MAX_RANGE`;
   * a numbered group's (`R4.1.2`) where its requirement is strictly between the ends' (`3.1–5.2`), which name none of its groups.
   */
  between(feature: string, range: RegExpExecArray): string[] {
    const from = [Number(range[1]), Number(range[2])] as const;
    const to = [Number(range[3]), Number(range[4])] as const;
    const before = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    const out: string[] = [];
    for (const c of this.byFeature.get(feature) ?? []) {
      const at = [c.requirement, c.group === 0 ? c.n : c.requirement === from[0] ? -Infinity : Infinity] as const;
      if (!before(from, at)) continue;
      if (!before(at, to) || out.length === MAX_RANGE) break;
      out.push(c.id);
    }
    return out;
  }

  /**
   * The lettered groups' criteria that `R5.3` (which no item is) may name, in id order, at most five: one (`R5b.3`) where the groups
   * number on, several where they number anew (`R5a.3`, `R5b.3`).
   */
  lettered(target: string): readonly string[] {
    return this.letteredIds.get(target) ?? [];
  }

  /** Whether requirement `<feature>/R14` has a criterion read. */
  lists(requirement: string): boolean {
    return this.listing.has(requirement);
  }
}
