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
