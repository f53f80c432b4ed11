/**
 * TRACE §3: a node's fingerprint — what a review of a link to it records. The first 16 hex
 * digits of SHA-256 over the UTF-8 of `{display title}\n\n{body}`, the body being the
 * normalised text after the frontmatter's closing line with its trailing newlines removed.
 * Status, dependencies and every other frontmatter key leave it unchanged.
 */
import { createHash } from 'node:crypto';
import type { DocNode } from '../shared/types.js';

/** Kept per node object: a live workspace hashes only the nodes an edit replaced. */
const fingerprints = new WeakMap<DocNode, string>();

/** The node's fingerprint: 16 lower-case hex digits. */
export function fingerprintOf(node: DocNode): string {
  let fingerprint = fingerprints.get(node);
  if (fingerprint === undefined) {
    fingerprint = fingerprintText(node.title, node.body);
    fingerprints.set(node, fingerprint);
  }
  return fingerprint;
}

/** The fingerprint of a display title and a body (normalised text, `\n` line ends). */
export function fingerprintText(title: string, body: string): string {
  let end = body.length;
  while (end > 0 && body.charCodeAt(end - 1) === 0x0a) end -= 1;
  return createHash('sha256').update(`${title}\n\n${body.slice(0, end)}`, 'utf8').digest('hex').slice(0, 16);
}

/**
 * Whether two nodes have the same fingerprint, without hashing what was never hashed: the
 * same display title and the same body up to its trailing newlines is the same fingerprint
 * (a diff compares every node of two revisions, most of them unchanged).
 */
export function sameFingerprint(a: DocNode, b: DocNode): boolean {
  const known = fingerprints.get(a);
  const other = fingerprints.get(b);
  if (known !== undefined && other !== undefined) return known === other;
  if (a.title !== b.title) return false;
  const x = trimmedLength(a.body);
  return x === trimmedLength(b.body) && (x === a.body.length && x === b.body.length ? a.body === b.body : a.body.slice(0, x) === b.body.slice(0, x));
}

function trimmedLength(body: string): number {
  let end = body.length;
  while (end > 0 && body.charCodeAt(end - 1) === 0x0a) end -= 1;
  return end;
}
