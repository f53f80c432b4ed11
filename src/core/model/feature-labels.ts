/**
 * The labels a feature's documents give things of a requirement's shape that are no items (model/kit-targets.ts): a
 * table row's first cell (`| SC-01 | … |`, a plan's test table) and a quickstart's scenario heading (`## SC-006 — …`).
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

/** The labels that name table rows in each feature's documents (not its items), read per feature on first need. */
export class TableRows {
  private documents: Map<string, DocNode[]> | undefined;
  private readonly labels = new Map<string, Set<string>>();

  constructor(private readonly nodes: ReadonlyMap<string, DocNode>) {}

  has(feature: string, label: string): boolean {
    let labels = this.labels.get(feature);
    if (labels === undefined) {
      labels = new Set();
      for (const doc of (this.documents ??= this.byFeature()).get(feature) ?? []) {
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
