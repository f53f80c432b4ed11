/**
 * KITS §6: a node's `version` — what `set_task_state`'s `expect` takes, so that a writer whose
 * view of a file is stale is refused. The first 16 hex digits of SHA-256 over the text of the
 * node's file as DocuGraph reads it (UTF-8, a byte-order mark dropped, line ends `\n`): any edit
 * that changes what an answer can show changes it. Unlike the fingerprint of TRACE §3, it
 * covers the whole file, status and frontmatter included; every item of a file has the file's.
 */
import { createHash } from 'node:crypto';
import type { DocNode } from '../shared/types.js';

/** The version of a file's normalised text. */
export function versionOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}

/** Kept per file: a document's node, or the text an item's file shares with its items. */
const versions = new WeakMap<object, string>();

/** The version of `node`'s file. */
export function nodeVersion(node: DocNode): string {
  // A node the on-disk index restored knows its version without its text (store/index-texts.ts).
  const known = (node as { readonly fileVersion?: unknown }).fileVersion;
  if (typeof known === 'string') return known;
  const key: object = node.item === undefined ? node : node.item.source;
  let version = versions.get(key);
  if (version === undefined) versions.set(key, (version = versionOf(node.item === undefined ? node.text : node.item.source.text)));
  return version;
}
