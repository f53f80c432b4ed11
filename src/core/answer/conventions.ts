/**
 * CONTEXT §3, the kit's conventions: the documents that bind every feature of a kit — Kiro's
 * steering (`.kiro/steering/*.md`), Spec Kit's constitution (`.specify/memory/`), OpenSpec's
 * `openspec/project.md` — join a kit task's bundle as their sections that best match the
 * task's words (a kit's conventions run long; a task needs a rule or two of them). A Kiro
 * steering file says when it applies in its frontmatter (`inclusion: always`, the default;
 * `fileMatch` with `fileMatchPattern`: when the task names a matching path; `manual`: only when
 * asked for), and DocuGraph follows it.
 */
import { compileGlobs } from '../read/compile-globs.js';
import { kitPlaceAnywhere } from '../read/kit-paths.js';
import { KIT_NAMES, type KitName } from '../shared/config-types.js';
import type { DocNode, Workspace } from '../shared/types.js';
import { inlinePath } from '../shared/inline-path.js';
import { frontmatterOf } from '../model/frontmatter-of.js';
import { sectionIndex } from './section-index.js';
import { idsUnder, perTask, pickSections, type PickedSections } from './picked-sections.js';
import { rootOfId } from '../shared/id-shape.js';

/** Where each kit's conventions are, by the prefix of their ids (read/kit-paths.ts). */
const PREFIX: Readonly<Record<KitName, string>> = { kiro: 'steering/', speckit: 'memory/', openspec: 'openspec/project' };
/** At most this many sections of the kit's conventions join one bundle, the best matches of the task's words. */
const MAX_SECTIONS = 3;
/** A section joins when its score is at least this share of the best convention section's. */
const FLOOR = 0.5;

/**
 * The convention documents of `taskId`'s kit that apply to it and have a section that matches
 * its words (BM25 over their sections; the task's lines and what it implements), best sections
 * first across them, at most 3 sections in all; by id.
 */
export const conventionsOf: (workspace: Workspace, taskId: string) => readonly PickedSections[] = perTask((workspace, taskId) => {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined) return [];
  const kit = kitPlaceAnywhere(task.path, KIT_NAMES)?.kit;
  if (kit === undefined) return [];
  // Under a kit root (`api:auth/T1`), the root's own conventions (`api:steering/…`).
  const root = rootOfId(taskId);
  const index = sectionIndex(workspace);
  const owner = new Map<number, { id: string; k: number }>();
  const reasons = new Map<string, string>();
  for (const id of idsUnder(workspace, `${root}${PREFIX[kit]}`)) {
    const node = workspace.nodes.get(id)!;
    if (node.type !== 'conventions' || kitPlaceAnywhere(node.path, [kit])?.conventions !== true) continue;
    const when = applies(node, task);
    if (when === null) continue;
    reasons.set(id, when);
    index.unitsOf(id).forEach((unit, k) => owner.set(unit, { id, k }));
  }
  return pickSections(workspace, taskId, owner, (id) => `the kit's conventions (${reasons.get(id)!})`, MAX_SECTIONS, FLOOR);
});

/** Why a convention document applies to `task` (`inclusion: always`), or `null` when it does not. */
function applies(node: DocNode, task: DocNode): string | null {
  const front = frontmatterOf(node);
  const written = front['inclusion'];
  // A mode shown in the reason is a word: anything else reads as the default.
  const inclusion = typeof written === 'string' && /^[A-Za-z]+$/.test(written) ? written : 'always';
  if (inclusion === 'manual') return null;
  // `always`, the default, and any other mode (Kiro's `auto`: when the agent finds it relevant, as the matching sections are).
  if (inclusion !== 'fileMatch') return `${inlinePath(node.path)}, inclusion: ${inclusion}`;
  const pattern = front['fileMatchPattern'];
  if (typeof pattern !== 'string' || pattern === '') return null;
  const matcher = compileGlobs([pattern]);
  for (const path of task.text.match(/(?:[\w.-]+\/)*[\w.-]+\.[A-Za-z]{1,5}\b/g) ?? []) {
    if (!path.startsWith('/') && !path.startsWith('./') && !path.includes('..') && matcher.matches(path)) return `${inlinePath(node.path)}: the task names \`${path}\`, which ${inlinePath(pattern)} matches`;
  }
  return null;
}
