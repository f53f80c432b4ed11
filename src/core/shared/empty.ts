/**
 * Shared empty lists. A load keeps a few lists per document, and most are empty (no findings,
 * no HTML anchors): one frozen list shared by all instead of one each, which the garbage
 * collector would copy and trace at every young collection.
 */
import type { Diagnostic, Reviews, Traces } from './types.js';

export const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);
export const NO_STRINGS: readonly string[] = Object.freeze([]);
/** Reviews off: a workspace without `docugraph.lock.json` (TRACE §3). */
export const NO_REVIEWS: Reviews = Object.freeze({ enabled: false, counts: Object.freeze({ reviewed: 0, suspect: 0, unreviewed: 0 }), suspect: new Map<string, readonly string[]>() });
/** Tracing off: a workspace without `trace.sources` (TRACE §5). */
export const NO_TRACES: Traces = Object.freeze({ enabled: false, byId: new Map<string, readonly never[]>(), files: 0, root: '' });
