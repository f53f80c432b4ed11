/**
 * CONTEXT §3, beyond the feature folder: the documents outside a kit task's feature folder that
 * bind its work join its bundle as the sections that do —
 * - a document an item of the bundle links to (the task, its parent, what it implements or
 *   verifies): the linked section when the link names one (`../auth/design.md#sessions`), else
 *   the document whole when small, or its opening and the sections that match the task's words;
 * - the sections of any other document that name the task's feature: its folder's name when it
 *   says something of its own (`001-user-auth`, `add-2fa`: a dash, an underscore or a digit in
 *   it), or its folder with its parent (`specs/auth`, `changes/add-auth`), as a spike note or
 *   another feature's plan writes it; the three that best match the task's words.
 * Pages (Markdown without an id, outside the kits) have no text in the workspace and do not join.
 */
import { posix } from 'node:path';
import { extractMarkdown } from '../parse/markdown.js';
import type { Section } from '../parse/sections.js';
import { decodeLinkPart, resolveFrom } from '../check/link-paths.js';
import { DEFAULT_CONTEXT } from '../shared/config-types.js';
import { inlinePath } from '../shared/inline-path.js';
import { compareStrings } from '../shared/sort.js';
import type { DocNode, Workspace } from '../shared/types.js';
import { perTask, pickSections, type PickedSections } from './picked-sections.js';
import { sectionIndex } from './section-index.js';
import { estimateTokens } from './token-budget.js';
import { sharesRealWords, shownWords, taskQuery } from './task-words.js';

/** At most this many linked documents join one bundle. */
const MAX_LINKED = 3;
/** At most this many sections that name the feature join one bundle. */
const MAX_NAMING = 3;
/** Of a large linked document without an anchor, at most this many sections that match the task's words (beside its opening). */
const MAX_MATCHED = 2;

/** The documents beyond `taskId`'s feature folder that join its bundle, linked ones first, then by id. */
export const beyondFolder: (workspace: Workspace, taskId: string) => readonly PickedSections[] = perTask((workspace, taskId) => {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined || task.type !== 'task') return [];
  const folder = posix.dirname(task.path);
  const outside = (node: DocNode): boolean => node.item === undefined && !node.path.startsWith(`${folder}/`);
  const linked = linkedDocuments(workspace, task, outside);
  const naming = namingSections(workspace, taskId, folder, outside, new Set(linked.map((p) => p.id)));
  return [...linked, ...naming];
});

/** The documents outside the folder that the task's bundle items link to, as sections. */
function linkedDocuments(workspace: Workspace, task: DocNode, outside: (node: DocNode) => boolean): PickedSections[] {
  const sources = [task.id];
  for (const edge of workspace.relationsOut.get(task.id) ?? []) if (edge.relation !== 'related' && edge.relation !== 'supersedes') sources.push(edge.id);
  const byPath = documentsByPath(workspace);
  const found = new Map<string, { reason: string; anchor: string | null }>();
  for (const source of sources) {
    const node = workspace.nodes.get(source);
    if (node?.item === undefined) continue;
    for (const link of extractMarkdown(node.text, node.item.line).links) {
      const target = resolveLink(node.path, link.url);
      if (target === null) continue;
      const id = byPath.get(target.path);
      if (id === undefined || id === task.id || found.has(id) || !outside(workspace.nodes.get(id)!)) continue;
      found.set(id, { reason: `linked from \`${source}\` (${inlinePath(node.path)}:${link.line})`, anchor: target.anchor });
      if (found.size === MAX_LINKED) break;
    }
    if (found.size === MAX_LINKED) break;
  }
  const out: PickedSections[] = [];
  for (const [id, { reason, anchor }] of found) {
    const sections = linkedSections(workspace, task.id, id, anchor);
    if (sections.size > 0) out.push({ id, reason, sections });
  }
  return out;
}

/** Of linked document `id`: the section `anchor` names; else all of it when small; else its opening and its best matches. */
function linkedSections(workspace: Workspace, taskId: string, id: string, anchor: string | null): Map<number, string> {
  const index = sectionIndex(workspace);
  const sections = index.sectionsOf(id);
  const node = workspace.nodes.get(id)!;
  const out = new Map<number, string>();
  if (anchor !== null) {
    const k = sectionOfAnchor(node, sections, anchor);
    if (k !== null) return new Map([[k, `the section the link names (#${anchor})`]]);
  }
  if (estimateTokens(node.text) <= (workspace.context ?? DEFAULT_CONTEXT).wholeUnder) {
    sections.forEach((_section, k) => out.set(k, 'the linked document'));
    return out;
  }
  sections.forEach((section, k) => {
    if (section.level === 0) out.set(k, 'the opening of the linked document');
  });
  const owner = new Map<number, { id: string; k: number }>();
  index.unitsOf(id).forEach((unit, k) => owner.set(unit, { id, k }));
  for (const picked of pickSections(workspace, taskId, owner, () => '', MAX_MATCHED, 0.5)) for (const [k, reason] of picked.sections) out.set(k, reason);
  return new Map([...out].sort(([a], [b]) => a - b));
}

/**
 * The place among `sections` of the one holding the heading whose anchor is `anchor`, or
 * `null`: the anchors the link checks compute (`extractMarkdown`, GitHub's, in document order),
 * the first of them the opening's own headings (a `#` title), one each for the sections after.
 */
function sectionOfAnchor(node: DocNode, sections: readonly Section[], anchor: string): number | null {
  const { anchors } = extractMarkdown(node.body, node.bodyLine);
  const at = anchors.indexOf(anchor.toLowerCase());
  if (at === -1) return null;
  const opening = sections[0]?.level === 0 ? 1 : 0;
  const inOpening = anchors.length - (sections.length - opening);
  if (inOpening < 0) return null;
  return at < inOpening ? (opening === 1 ? 0 : null) : opening + at - inOpening;
}

/** A relative link's target inside the workspace, as the link checks resolve it (`resolveFrom`, `decodeLinkPart`); `null` for another site, a root-absolute path, this file, or a path out of the root. */
function resolveLink(from: string, url: string): { path: string; anchor: string | null } | null {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:|^\/\/|^#|^\//.test(url)) return null;
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const query = beforeHash.indexOf('?');
  const written = decodeLinkPart(query === -1 ? beforeHash : beforeHash.slice(0, query));
  const anchor = hash === -1 ? '' : decodeLinkPart(url.slice(hash + 1));
  const dir = from.lastIndexOf('/') === -1 ? '' : from.slice(0, from.lastIndexOf('/'));
  const path = written === '' ? null : resolveFrom(dir, written);
  return path === null || path === '' ? null : { path, anchor: anchor === '' ? null : anchor };
}

const byPathMade = new WeakMap<Workspace, Map<string, string>>();

/** Each document's id by its path (items share their file's path and are not documents). */
function documentsByPath(workspace: Workspace): Map<string, string> {
  let map = byPathMade.get(workspace);
  if (map === undefined) {
    map = new Map();
    for (const [id, node] of workspace.nodes) if (node.item === undefined && !map.has(node.path)) map.set(node.path, id);
    byPathMade.set(workspace, map);
  }
  return map;
}

/**
 * The sections outside the folder that name it, or name by its full id the task or what it
 * implements, verifies or refines (`auth/R1.1`, `api:auth/T2`), best matches of the task's words
 * first, at most `MAX_NAMING`.
 */
function namingSections(workspace: Workspace, taskId: string, folder: string, outside: (node: DocNode) => boolean, linked: ReadonlySet<string>): PickedSections[] {
  const names = namesIndex(workspace);
  const index = sectionIndex(workspace);
  const owner = new Map<number, { id: string; k: number }>();
  const named = new Map<number, string>();
  const items = [taskId, ...(workspace.relationsOut.get(taskId) ?? []).filter((e) => e.relation === 'implements' || e.relation === 'verifies' || e.relation === 'refines').map((e) => e.id)];
  const name = posix.basename(folder);
  for (const [key, shown] of [[folder, `the feature \`${name}\``], ...items.map((id) => [`#${id}`, `\`${id}\``] as const)] as const) {
    for (const { id, k } of names.get(key) ?? []) {
      if (linked.has(id) || !outside(workspace.nodes.get(id)!)) continue;
      // A section of a document, or of a kit file's prose (a section that holds items is theirs).
      const unit = index.unitsOf(id)[k] ?? index.proseOf(id).get(k);
      if (unit === undefined) continue;
      owner.set(unit, { id, k });
      if (!named.has(unit)) named.set(unit, shown);
    }
  }
  if (owner.size === 0) return [];
  const query = taskQuery(workspace, taskId);
  const scores = index.bm25.scores(query, (unit) => owner.has(unit));
  const ranked = [...owner].map(([unit, place]) => ({ unit, ...place, score: scores.get(unit) ?? 0 }));
  ranked.sort((a, b) => b.score - a.score || compareStrings(a.id, b.id) || a.k - b.k);
  const byDocument = new Map<string, Map<number, string>>();
  const firstNamed = new Map<string, string>();
  for (const { unit, id, k, score } of ranked.slice(0, MAX_NAMING)) {
    const matched = score > 0 ? index.bm25.matched(query, unit) : [];
    // Only words of its own say it matches (not `the`).
    const words = sharesRealWords(matched) ? shownWords(matched).slice(0, 4) : [];
    let sections = byDocument.get(id);
    if (sections === undefined) byDocument.set(id, (sections = new Map()));
    const shown = named.get(unit)!;
    if (!firstNamed.has(id)) firstNamed.set(id, shown);
    sections.set(k, `names ${shown}${words.length > 0 ? `; matches the task's words: ${words.join(', ')}` : ''}`);
  }
  return [...byDocument.keys()].sort(compareStrings).map((id) => ({ id, reason: `names ${firstNamed.get(id)!} (${inlinePath(workspace.nodes.get(id)!.path)})`, sections: new Map([...byDocument.get(id)!].sort(([a], [b]) => a - b)) }));
}

const namesMade = new WeakMap<Workspace, Map<string, { id: string; k: number }[]>>();

/**
 * Per kit feature folder, the sections of the workspace's documents that name it (made once per
 * workspace, one pass over its documents' text): a word of the text (`[\w.-]` between slashes)
 * that is the folder's name when that name says something of its own, or the folder's parent
 * and name written together (`specs/auth`).
 */
function namesIndex(workspace: Workspace): Map<string, { id: string; k: number }[]> {
  let made = namesMade.get(workspace);
  if (made !== undefined) return made;
  made = new Map();
  namesMade.set(workspace, made);
  const byName = new Map<string, string>();
  const byPair = new Map<string, string>();
  const folders = new Set<string>();
  // A name (or parent and name) two features share — `auth` of two kits, `specs/001-x` of two packages — names neither alone; their whole folder path does.
  const claim = (map: Map<string, string>, key: string, folder: string): void => void map.set(key, map.has(key) && map.get(key) !== folder ? '' : folder);
  for (const [, node] of workspace.nodes) {
    if (node.item === undefined || node.type !== 'task') continue;
    const folder = posix.dirname(node.path);
    if (folders.has(folder)) continue;
    folders.add(folder);
    const name = posix.basename(folder);
    claim(byPair, `${posix.basename(posix.dirname(folder))}/${name}`, folder);
    if (/[-_\d]/.test(name) && name.length >= 5) claim(byName, name, folder);
  }
  if (folders.size === 0) return made;
  // Keys: a feature folder's path; `#<id>` for a kit item named by its full id. Each once per section.
  const index = sectionIndex(workspace);
  for (const id of workspace.ids) {
    const node = workspace.nodes.get(id)!;
    if (node.item !== undefined) continue;
    index.sectionsOf(id).forEach((section, k) => {
      const seen = new Set<string>();
      const record = (key: string): void => {
        if (seen.has(key)) return;
        seen.add(key);
        let list = made!.get(key);
        if (list === undefined) made!.set(key, (list = []));
        list.push({ id, k });
      };
      for (const word of node.text.slice(section.from, section.to).matchAll(/(?:[\w.-]+:)?[\w.-]+(?:\/[\w.-]+)*/g)) {
        // A word of one part (most of a text's): its name alone, without the work of a path.
        if (!word[0].includes('/') && !word[0].includes(':')) {
          const named = byName.get(word[0]);
          if (named !== undefined && named !== '') record(named);
          continue;
        }
        // A kit item's full id (`auth/R1.1`, `api:auth/T2`; a trailing `.` ends the sentence, not the id).
        const written = word[0].replace(/\.$/, '');
        if (written.includes('/') && workspace.nodes.get(written)?.item !== undefined) record(`#${written}`);
        const parts = word[0].replace(/^(?:[\w.-]+:)?\.\//, '').replace(/^[\w.-]+:/, '').split('/');
        for (let i = 0; i < parts.length; i += 1) {
          // The folder's whole path (`platform/billing/specs/001-x`), else its parent and name, else its name.
          const whole = i > 1 ? parts.slice(0, i + 1).join('/') : undefined;
          const pair = i > 0 ? byPair.get(`${parts[i - 1]!}/${parts[i]!}`) : undefined;
          const named = (whole !== undefined && folders.has(whole) ? whole : undefined) ?? (pair !== undefined && pair !== '' ? pair : undefined) ?? byName.get(parts[i]!);
          if (named !== undefined && named !== '') record(named);
        }
      }
    });
  }
  return made;
}

