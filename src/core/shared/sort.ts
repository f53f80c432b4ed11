/**
 * Deterministic ordering: plain UTF-16 code-unit comparison, never `localeCompare`.
 */
import type { Diagnostic } from './types.js';

/** Compares two strings by UTF-16 code units (JavaScript's default sort order). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A sorted copy of `values` in code-unit order. `sort()` without a comparator orders strings
 * by code units too (the language's string comparison), and is faster on large arrays than a
 * comparator called for every pair.
 */
export function sortStrings(values: Iterable<string>): string[] {
  return [...values].sort();
}

/** Orders diagnostics by path, then line (unknown first), then code, then message (META-01 §6). */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareStrings(a.path, b.path) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compareStrings(a.code, b.code) ||
    compareStrings(a.message, b.message)
  );
}
