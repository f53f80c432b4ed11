/**
 * CONTEXT §1: a large document in a kit task's bundle given as sections — its opening, every
 * section that names something in the bundle (an item's id, the kit's words for it, a code name
 * or path from the task's lines), then the sections that best match the task's words — each
 * with its reason, and the sections left out named so that an agent can ask for them.
 */
import type { Section } from '../parse/sections.js';
import type { BundleOptions, Workspace } from '../shared/types.js';
import { type ContextOptions, DEFAULT_CONTEXT } from '../shared/config-types.js';
import { REQUIREMENT_PREFIX } from '../shared/requirement-prefixes.js';
import { singleLine } from '../parse/markdown.js';
import { DEFAULT_MAX_TOKENS, estimateTokens } from './token-budget.js';
import { sectionIndex } from './section-index.js';
import { conventionsOf } from './conventions.js';
import { featureProseOf } from './feature-prose.js';
import { beyondFolder } from './beyond-folder.js';
import { taskQuery } from './task-words.js';
import { outlineTest } from './file-tasks.js';
import { leftOut } from './left-out.js';

/** The opening is cut to this many tokens. */
const OPENING_TOKENS = 400;
/** At most this many sections of a document join for matching the task's words. */
const MAX_MATCHED = 3;

/** What a bundle's documents are cut for: the names in the bundle, and the task's words. */
export interface CutFor {
  readonly names: readonly Name[];
  readonly query: readonly string[];
  /** The best score of any section of the bundle's cut documents, for the floor. */
  best: number | null;
  /** Documents given as picked sections only — the kit's conventions (conventions.ts), the feature's spec prose (feature-prose.ts), documents beyond the feature folder (beyond-folder.ts) — with why each section is there. */
  readonly conventions: ReadonlyMap<string, ReadonlyMap<number, string>>;
  /** `context:` of the configuration: the size, floor and share. */
  readonly context: ContextOptions;
  /** Whether a section outlines the work of the task's whole file (file-tasks.ts): what it names is then named in passing. */
  readonly outline: (text: string) => boolean;
}

/** Something a section may name: how it is shown in a reason, and whether a text names it. */
export interface Name {
  readonly shown: string;
  readonly test: (text: string) => boolean;
}

export interface KeptSection {
  readonly section: Section;
  readonly text: string;
  readonly reason: string;
}

export interface DocumentCut {
  readonly kept: readonly KeptSection[];
  readonly left: readonly { readonly section: Section; readonly tokens: number }[];
  readonly tokens: number;
}

/**
 * How the bundle of `taskId` cuts its large documents (CONTEXT `context.sections`): `all` (every
 * large document: a kit item's bundle under `auto`, any bundle under `always`), `budget` (only
 * those the budget would leave out: another bundle under `auto`), or `none`.
 */
export function cutsDocuments(workspace: Workspace, taskId: string): 'all' | 'budget' | 'none' {
  const sections = (workspace.context ?? DEFAULT_CONTEXT).sections;
  if (sections === 'never') return 'none';
  return sections === 'always' || workspace.nodes.get(taskId)?.item !== undefined ? 'all' : 'budget';
}

/** Items deeper than this in a bundle are not looked for by name (a dependency's dependency names nothing the task needs). */
const NAMED_DEPTH = 2;

const NO_JOINED: ReadonlyMap<string, string> = new Map();

/** What the bundle of `taskId` with its closure's `depths` cuts its documents for (`joined`: the documents the work around the task brought, with their reasons). */
export function cutFor(workspace: Workspace, taskId: string, depths: ReadonlyMap<string, number>, joined: ReadonlyMap<string, string> = NO_JOINED): CutFor {
  const names: Name[] = [];
  for (const [id, depth] of [...depths].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const node = workspace.nodes.get(id)!;
    if (node.item !== undefined && depth <= NAMED_DEPTH) names.push(...itemNames(id, node.title, node.type));
  }
  const task = workspace.nodes.get(taskId)!;
  names.push(...codeNames(task.text));
  // Picked sections only for a document that joined for them (not one the task requires anyway, which is cut or whole as any other).
  const picked = [...conventionsOf(workspace, taskId), ...featureProseOf(workspace, taskId), ...beyondFolder(workspace, taskId)].filter((c) => joined.has(c.id));
  const conventions = new Map(picked.map((c) => [c.id, c.sections] as const));
  return { names, query: taskQuery(workspace, taskId), best: null, conventions, context: workspace.context ?? DEFAULT_CONTEXT, outline: outlineTest(workspace, taskId) };
}

/** The cut of document `id` for `cut` within a budget of `maxTokens`, or `null` when it is given whole. */
export function cutDocument(workspace: Workspace, id: string, cut: CutFor, maxTokens: number): DocumentCut | null {
  const node = workspace.nodes.get(id)!;
  const convention = cut.conventions.get(id);
  const { wholeUnder, matchFloor, documentShare } = cut.context;
  if (node.item !== undefined || (convention === undefined && estimateTokens(node.text) <= wholeUnder)) return null;
  const index = sectionIndex(workspace);
  const sections = index.sectionsOf(id);
  if (sections.length < 2) return null;
  if (convention !== undefined) return keptOnly(node.text, sections, convention);
  const units = index.unitsOf(id);
  const scores = index.bm25.scores(cut.query, (unit) => units.includes(unit));
  const best = Math.max(cut.best ?? 0, ...scores.values());
  const reasons = new Map<number, string>();
  let tokens = 0;
  sections.forEach((section, k) => {
    const text = node.text.slice(section.from, section.to);
    if (section.level === 0) {
      reasons.set(k, 'the opening');
      return;
    }
    const named = cut.names.filter((name) => name.test(text)).map((name) => name.shown);
    // A section that names every requirement (an index, a traceability table), or the code of most of the file's tasks (a source tree), names none in particular.
    if (named.length > 0 && (isCatalog(text, named.length) || cut.outline(text))) return;
    if (named.length > 0) reasons.set(k, `names ${named.slice(0, 3).join(', ')}${named.length > 3 ? ` and ${named.length - 3} more` : ''}`);
  });
  for (const k of reasons.keys()) tokens += estimateTokens(node.text.slice(sections[k]!.from, sections[k]!.to));
  // Then the best matches, in score order (ties: file order), over the floor and within the share.
  const ranked = units.map((unit, k) => ({ k, unit, score: scores.get(unit) ?? 0 })).filter((r) => r.score > 0 && r.score >= best * matchFloor && !reasons.has(r.k));
  ranked.sort((a, b) => b.score - a.score || a.k - b.k);
  let matched = 0;
  for (const { k, unit } of ranked) {
    if (matched === MAX_MATCHED) break;
    const size = estimateTokens(node.text.slice(sections[k]!.from, sections[k]!.to));
    if (tokens + size > maxTokens * documentShare) continue;
    tokens += size;
    matched += 1;
    reasons.set(k, `matches the task's words: ${index.bm25.matched(cut.query, unit).slice(0, 4).join(', ')}`);
  }
  const kept: KeptSection[] = [];
  const left: { section: Section; tokens: number }[] = [];
  sections.forEach((section, k) => {
    const text = node.text.slice(section.from, section.to);
    const reason = reasons.get(k);
    if (reason === undefined) left.push({ section, tokens: estimateTokens(text) });
    else kept.push({ section, text: section.level === 0 ? capped(text, OPENING_TOKENS) : text, reason });
  });
  return { kept, left, tokens };
}

/** A document given as the sections picked for the task (conventions.ts, feature-prose.ts, beyond-folder.ts), each with its reason. */
function keptOnly(text: string, sections: readonly Section[], picked: ReadonlyMap<number, string>): DocumentCut {
  const kept: KeptSection[] = [];
  const left: { section: Section; tokens: number }[] = [];
  let tokens = 0;
  sections.forEach((section, k) => {
    const part = text.slice(section.from, section.to);
    const reason = picked.get(k);
    if (reason === undefined) left.push({ section, tokens: estimateTokens(part) });
    else {
      kept.push({ section, text: part, reason });
      tokens += estimateTokens(part);
    }
  });
  return { kept, left, tokens };
}

/** How a bundle renders its documents: whole, or cut (`render` gives `null` for a document given whole). */
export interface DocumentCutter {
  /** `true`: every large document is cut; `false`: only those the bundle's budget would leave out (`sections: auto` outside kits). */
  readonly always: boolean;
  /** The text after a cut document's two header lines, or `null` when it is given whole. */
  render(id: string): string | null;
  /** Whether document `id` is given cut (`render` gives text), without making the text. */
  cuts(id: string): boolean;
  /** What the inclusion report adds to a cut document's line (`''` when whole). */
  summary(id: string): string;
  /** Whether the cut of document `id` keeps every line from `line` to `end` (`false` when it is not cut). */
  covers(id: string, line: number, end: number): boolean;
}

/** The cutter of the bundle of `taskId` (its closure `included`), or `null` when it gives every document whole. */
export function documentCutter(workspace: Workspace, taskId: string, closure: { readonly depths: ReadonlyMap<string, number>; readonly matches?: ReadonlyMap<string, string> }, options: BundleOptions): DocumentCutter | null {
  const cuts = options.sections === 'all' ? 'none' : cutsDocuments(workspace, taskId);
  if (cuts === 'none' || (cuts === 'budget' && options.maxTokens === undefined)) return null;
  const on = cutFor(workspace, taskId, closure.depths, closure.matches);
  const budget = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const made = new Map<string, DocumentCut | null>();
  const cutOf = (id: string): DocumentCut | null => {
    if (!made.has(id)) made.set(id, cutDocument(workspace, id, on, budget));
    return made.get(id)!;
  };
  const whole = options.commands === 'cli' ? `\`docugraph context ${taskId} --whole\`` : `get_task_context with sections "all"`;
  return {
    always: cuts === 'all',
    render(id) {
      const cut = cutOf(id);
      if (cut === null) return null;
      const all = cut.kept.length + cut.left.length;
      let out = `sections: ${cut.kept.length} of ${all} (≈${cut.tokens} of ${estimateTokens(workspace.nodes.get(id)!.text)} tokens); the whole document: ${whole}, or docugraph://docs/${encodeURIComponent(id)}\n`;
      for (const { section, text, reason } of cut.kept) out += `\n#### ${section.level === 0 ? 'Opening' : singleLine(section.trail)} (lines ${section.line}-${section.end}) — ${reason}\n\n${text.replace(/\n+$/, '')}\n`;
      if (cut.left.length > 0) out += `\n${leftOut(cut.left)}\n`;
      return out;
    },
    cuts: (id) => cutOf(id) !== null,
    covers(id, line, end) {
      const cut = cutOf(id);
      return cut !== null && cut.kept.some(({ section }) => section.line <= line && end <= section.end);
    },
    summary(id) {
      const cut = cutOf(id);
      return cut === null ? '' : ` — ${cut.kept.length} of ${cut.kept.length + cut.left.length} sections (≈${cut.tokens} tokens)`;
    },
  };
}

/** A kit id written in a text: `R1.2`, a requirement's (`FR-003`, `RF-003`: shared/requirement-prefixes.ts), a story's (`US1`), `T012`. */
const NUMBERED_ID = new RegExp(`\\b(?:R\\d+(?:\\.\\d+)*|(?:${REQUIREMENT_PREFIX}|US)-?\\d+|T\\d{3})\\b`, 'g');

/** The distinct kit numbers a text names (`R1.2`, `Requirements 1.2, 3.4`, `FR-003`, `US1`, `T012`). */
function numbersNamed(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(/\b(?:Requirements?|Req\.?|criteri(?:on|a)|AC)\s*:?\s*((?:\d+(?:\.\d+)*\s*(?:,|and|&)?\s*)+)/gi)) for (const n of match[1]!.match(/\d+(?:\.\d+)*/g) ?? []) out.add(`R${n}`);
  for (const match of text.matchAll(NUMBERED_ID)) out.add(match[0]);
  return out;
}

/** Whether a section that names `named` of the bundle's items names so many others that it is an index of them all. */
function isCatalog(text: string, named: number): boolean {
  const all = numbersNamed(text).size;
  return all > 8 && named * 4 < all;
}

/** `text` cut at a line break to at most `max` tokens. */
function capped(text: string, max: number): string {
  if (estimateTokens(text) <= max) return text;
  const cut = text.slice(0, max * 4);
  const at = cut.lastIndexOf('\n');
  return at > 0 ? cut.slice(0, at) : cut;
}

/** `name` written as a whole: not inside a longer identifier (`User` is not named by `RegisterUserService`). */
function wholeName(name: string): RegExp {
  return new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways a document may name a kit item: its id's last part (`R1.2`, `FR-003`, `T2.1`), the kit's words for it, a requirement's title. */
function itemNames(id: string, title: string, type: string | null): Name[] {
  const tail = id.slice(id.lastIndexOf('/') + 1);
  const out: Name[] = [];
  const numbered = /^([RT])(\d+[a-z]?(?:\.\d+)*)$/.exec(tail);
  if (numbered !== null) {
    const [, letter, number] = numbered;
    const word = letter === 'R' ? '(?:Requirements?|Req\\.?|criteri(?:on|a)|AC)' : 'Tasks?';
    // `Requirements 1.2, 3.4`, `_Requirements: 1.2_`: the number among a list after the word.
    const list = new RegExp(`\\b${word}\\s*:?\\s*(?:\\d+[a-z]?(?:\\.\\d+)*\\s*(?:,|and|&)\\s*)*${escape(number!)}(?![.\\d])`, 'i');
    const plain = new RegExp(`\\b${escape(tail)}(?![.\\d])`);
    out.push({ shown: tail, test: (text) => plain.test(text) || list.test(text) });
  } else if (/^[A-Z]+-?\d/.test(tail)) {
    const story = /^US-?0*(\d+)$/.exec(tail);
    const plain = story === null ? new RegExp(`\\b${escape(tail)}(?![.\\d-]\\d)`) : new RegExp(`\\b(?:US-?0*${story[1]}|User Story ${story[1]})(?!\\d)`, 'i');
    out.push({ shown: tail, test: (text) => plain.test(text) });
  }
  // A requirement or story written with a title (OpenSpec's `### Requirement: Decisions page`): its title.
  if ((type === 'requirement' || type === 'story') && title.length >= 12 && !/^[\d.\s]+$/.test(title)) {
    const phrase = title.toLowerCase();
    out.push({ shown: `"${title.length > 40 ? `${title.slice(0, 40)}…` : title}"`, test: (text) => text.toLowerCase().includes(phrase) });
  }
  return out;
}

/** Code names and paths written in a task's lines: `SessionStore`, `server/lib/events.ts` (a path by its file name too). */
function codeNames(text: string): Name[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/`([^`\n]{3,80})`/g)) found.add(match[1]!.trim());
  for (const match of text.matchAll(/(?:^|[\s(])((?:[\w.-]+\/)+[\w.-]+\.[A-Za-z]{1,5})(?=[\s),.;:`]|$)/gm)) found.add(match[1]!);
  // A file's name without its extension (`CostEngine` of `src/services/CostEngine.ts`).
  for (const name of [...found]) {
    const stem = /(?:^|\/)([A-Za-z][\w-]{5,})\.[A-Za-z]{1,5}$/.exec(name);
    if (stem !== null) found.add(stem[1]!);
  }
  const out: Name[] = [];
  for (const name of [...found].sort()) {
    if (name.length < 3 || /\s/.test(name) && name.length > 40) continue;
    const base = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : null;
    const whole = wholeName(name);
    const baseWhole = base !== null && base.length >= 6 ? wholeName(base) : null;
    out.push({ shown: `\`${name}\``, test: (text) => whole.test(text) || (baseWhole !== null && baseWhole.test(text)) });
  }
  return out;
}
