/**
 * The labels a feature's documents give things of a requirement's shape that are no items (model/kit-targets.ts): a
 * table row's first cell (`| SC-01 | … |`, a plan's test table), a quickstart's scenario heading (`## SC-006 — …`), and
 * the numbers a table gives requirements (`| 8.2 (REQ-BL-008) | … |`); and the ids a team codes requirements with in
 * their headings (`### REQ-BL-008: …`).
 */
import { forEachLineOutsideFences } from '../parse/block-lines.js';
import type { DocNode } from '../shared/types.js';

/** A team's label of a requirement's shape (`SC-01`, `FR-012`, `NFR-3`, `FR-011-002`): what a table row may be named. */
const LABEL_SOURCE = '[A-Z]{2,4}-\\d+(?:-\\d+)?[a-z]?';
export const LABEL = new RegExp(`^${LABEL_SOURCE}$`);
/** A table row whose first cell is such a label (`| SC-01 | … |`, bold or code allowed). */
const ROW = new RegExp(`^[ \\t]*\\|[ \\t]*(?:\\*\\*|\`)?(${LABEL_SOURCE})(?:\\*\\*|\`)?[ \\t]*\\|`, 'gm');
/**
 * A quickstart's heading that opens with such a label: a scenario the team names so (`## SC-006 — Editar horario de clase
 * existente`: VictorHugo1985/Escolastica); not in another document, where it may describe a requirement the spec lacks (a review).
 */
const SCENARIO = new RegExp(`^#{1,6}[ \\t]+(?:\\*\\*|\`)?(${LABEL_SOURCE})(?:\\*\\*|\`)?(?=[ \\t:：—–-]|\\.(?!\\d)|$)`);

/**
 * A table row whose first cell is a number and what it stands for in parentheses (`| 8.2 (REQ-BL-008) | … |`,
 * `| 4B (REQ-MT-004B) |`, `| 5.1 (非機能 / セキュリティ) |`: the numbers a Kiro design.md's traceability gives requirements
 * that requirements.md codes, wildlife-creator/bijiyu).
 */
const NUMBERED_ROW = /^[ \t]*\|[ \t]*(\d+[A-Z]?(?:\.\d+)?)[ \t]*[(（]([^)）|\n]*)[)）][ \t]*\|/gm;

/** The labels that name table rows in each feature's documents (not its items), read per feature on first need. */
export class TableRows {
  private documents: Map<string, DocNode[]> | undefined;
  private readonly labels = new Map<string, Set<string>>();
  private readonly numbers = new Map<string, Map<string, string>>();

  constructor(private readonly nodes: ReadonlyMap<string, DocNode>) {}

  /** What the first row numbered `number` (no leading zeros) of a feature's documents stands for, trimmed; `undefined` when none is. */
  numbered(feature: string, number: string): string | undefined {
    let rows = this.numbers.get(feature);
    if (rows === undefined) {
      rows = new Map();
      for (const doc of this.documentsOf(feature)) {
        for (const row of doc.text.matchAll(NUMBERED_ROW)) {
          const key = row[1]!.replace(/^0+(?=\d)/, '');
          if (!rows.has(key)) rows.set(key, row[2]!.trim());
        }
      }
      this.numbers.set(feature, rows);
    }
    return rows.get(number);
  }

  has(feature: string, label: string): boolean {
    let labels = this.labels.get(feature);
    if (labels === undefined) {
      labels = new Set();
      for (const doc of this.documentsOf(feature)) {
        for (const row of doc.text.matchAll(ROW)) labels.add(row[1]!);
        if (!doc.id.endsWith('/quickstart')) continue;
        forEachLineOutsideFences(doc.text, (line) => {
          const scenario = SCENARIO.exec(line);
          if (scenario !== null) labels!.add(scenario[1]!);
        });
      }
      this.labels.set(feature, labels);
    }
    return labels.has(label);
  }

  private documentsOf(feature: string): readonly DocNode[] {
    return (this.documents ??= this.byFeature()).get(feature) ?? [];
  }

  /** The documents of each feature: nodes that are no item, by their id's folder part. */
  private byFeature(): Map<string, DocNode[]> {
    const out = new Map<string, DocNode[]>();
    for (const [id, node] of this.nodes) {
      // A tasks file's table maps requirements to tasks (D-485): its rows name requirements, they are none.
      if (node.item !== undefined || node.type === 'tasks') continue;
      const slash = id.lastIndexOf('/');
      if (slash < 0) continue;
      const feature = id.slice(0, slash);
      let list = out.get(feature);
      if (list === undefined) out.set(feature, (list = []));
      list.push(node);
    }
    return out;
  }
}

/** A Kiro requirement heading that writes the team's id for it: `### REQ-JP-004: …`. */
const CODED_HEADING = /^#{1,6}[ \t]+(REQ-[A-Z]{1,6}-\d+[A-Z]?)(?![\w-])/;

/** Kiro requirements a team codes: each by the id its heading writes (`<feature>/REQ-JP-004` → `<feature>/R4`), and the features that code them. */
export interface CodedRequirements {
  readonly byId: ReadonlyMap<string, string>;
  readonly features: ReadonlySet<string>;
}

export function codedRequirements(nodes: ReadonlyMap<string, DocNode>): CodedRequirements {
  const byId = new Map<string, string>();
  const features = new Set<string>();
  for (const [id, node] of nodes) {
    if (node.type !== 'requirement' || node.item === undefined) continue;
    const heading = CODED_HEADING.exec(node.text);
    if (heading === null) continue;
    const feature = id.slice(0, id.lastIndexOf('/'));
    byId.set(`${feature}/${heading[1]!}`, id);
    features.add(feature);
  }
  return { byId, features };
}
