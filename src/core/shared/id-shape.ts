/**
 * The shapes of ids: a document's (META-01 §3: `BE-02`) and a spec kit's item or file
 * (KITS §2: `auth/T2.1`, `001-albums/contracts/api`, `change/add-2fa/two-factor-authentication`,
 * whose slugs may hold any letter, and the marks that some scripts write letters with). Text of
 * one of these shapes can be shown as written inside a Markdown code span or a message; anything
 * else is shown escaped.
 */
import { echo } from './errors.js';

/** A document id (`^[A-Za-z0-9][A-Za-z0-9._-]*$`). */
export const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * One part of a kit's id (a folder's or a file's name, a number, a slug): letters and digits of
 * any script (and their marks), `.`, `_`, `-`, starting with a letter or digit; or an OpenSpec
 * task without a number, `T#<place>` (KITS §7); or the second task of a number a file writes
 * twice, `T44#2` (D-512).
 */
const KIT_PART = '(?:[\\p{L}\\p{N}][\\p{L}\\p{N}\\p{M}._-]*(?:#\\d+)?|T#\\d+)';

/** A kit root's name before a kit item's id (`api:` of `api:auth/T2.1`): a document id's shape, then a colon. */
const ROOT_PART = '(?:[A-Za-z0-9][A-Za-z0-9._-]*:)';

/**
 * The source of a pattern matching either shape (no anchors): for building others, such as the
 * lock file's keys. Ids read from another repository (issue 57) start with its name and a colon
 * (`platform:REQ-12`, `platform:api:auth/T2.1`).
 */
export const ID_SOURCE = `(?:${ROOT_PART}?[A-Za-z0-9][A-Za-z0-9._-]*|${ROOT_PART}{0,2}${KIT_PART}(?:/${KIT_PART})+)`;

const ANY_ID = new RegExp(`^${ID_SOURCE}$`, 'u');
const KIT_ID = new RegExp(`^${ROOT_PART}?${KIT_PART}(?:/${KIT_PART})+$`, 'u');
const PART = new RegExp(`^${KIT_PART}$`, 'u');
/** A document's id read from another repository (`platform:REQ-12`). */
const SOURCED_DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*:[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Whether `text` has the shape of a document's or a kit item's id (so it can be shown as written). */
export function isIdShaped(text: string): boolean {
  return DOCUMENT_ID.test(text) || SOURCED_DOCUMENT_ID.test(text) || (text.includes('/') && ANY_ID.test(text));
}

/**
 * Whether `id` is a valid id of a spec kit's file or item (KITS §2): parts joined by `/`, each
 * of letters and digits (any script), `.`, `_` and `-`, starting with a letter or digit — the
 * rule of a frontmatter id (META-01 §3), part by part. A kit's id is made of folder and file
 * names and of what a file writes: it is checked as a frontmatter id is, never trusted.
 */
export function isKitId(id: string): boolean {
  return KIT_ID.test(id);
}

/** The kit root's part of a kit id, colon included (`api:` of `api:auth/T2.1`, `platform:api:` of a source's), or `''`. */
export function rootOfId(id: string): string {
  const slash = id.indexOf('/');
  const colon = id.lastIndexOf(':', slash === -1 ? id.length : slash);
  return colon <= 0 ? '' : id.slice(0, colon + 1);
}

/** The source's name of an id read from another repository (`platform` of `platform:REQ-12`), among `names`; `null` for an id of this workspace. */
export function sourceOfId(id: string, names: ReadonlySet<string>): string | null {
  const colon = id.indexOf(':');
  if (colon <= 0) return null;
  const name = id.slice(0, colon);
  return names.has(name) ? name : null;
}

/** Whether `name` (a folder's or a file's name) can be one part of a kit's id. */
export function isKitIdPart(name: string): boolean {
  return PART.test(name);
}

/** What a value shown as written in a code span of one line must not hold: line breaks, controls, direction marks, backticks. */
const NOT_AS_WRITTEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`]/;
const NOT_AS_WRITTEN_ALL = new RegExp(NOT_AS_WRITTEN.source, 'g');

/**
 * A value meant as an id (a frontmatter `id`, a folder's name), inside a message's code span:
 * as written (at most 200 characters) when it is one line without a backtick or a direction
 * mark; else as a JSON string whose every such character is escaped (`\n`, `\u0060`), so that
 * it stays one inert line.
 */
export function shownValue(value: string): string {
  return NOT_AS_WRITTEN.test(value) ? escapedValue(value) : echo(value);
}

/**
 * An id as a bundle (or a list of ids) shows it: as written when it has the shape of an id
 * (the spec's bytes), anything else — line breaks, backticks, control characters that could
 * forge a section or a document — escaped as `shownValue` escapes it.
 */
export function shownId(id: string): string {
  return isIdShaped(id) ? id : escapedValue(id);
}

/** `value` as a JSON string (at most 200 characters), with every character of NOT_AS_WRITTEN as `\uXXXX`. */
function escapedValue(value: string): string {
  return JSON.stringify(echo(value)).replace(NOT_AS_WRITTEN_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
