/**
 * What the per-file stage gives for one file: its node, its findings, its parsed body on demand
 * and, for a kit file, its items.
 */
import type { MisspelledUse } from './field-keys.js';
import type { Diagnostic, DocNode, MarkdownInfo } from '../shared/types.js';

export interface FileAnalysis {
  readonly path: string;
  /** The node the file defines, before duplicate ids are resolved; `null` when none. */
  readonly node: DocNode | null;
  /** 1-based line of the id key (1 when there is none). */
  readonly idLine: number;
  /** Whether the body can hold a link at all (it has a `[`): links, images and definitions all need one. */
  readonly mayLink: boolean;
  /** Diagnostics found in this file alone. */
  readonly diagnostics: readonly Diagnostic[];
  /** Keys of its frontmatter that look meant as a field and have a value (reported once per key for the workspace). */
  readonly misspelled: readonly MisspelledUse[];
  /** The parsed body (memoised), or `null` when the file has no checkable body (unreadable, unclosed frontmatter). */
  readonly markdown: () => MarkdownInfo | null;
  /**
   * What `markdown` parses: the file's normalised text, its body (the part parsed; `null`: none)
   * and the body's first line. Absent for a file that could not be read. The on-disk index keeps
   * the text and makes `markdown` again from it.
   */
  readonly source?: FileSource;
  /** The id the file's DocuGraph frontmatter, which does not parse, was meant to give (its id line); absent otherwise. */
  readonly lostId?: string;
  /** The items of a spec kit's file (KITS §2), in file order, before ids are resolved across files; absent for other files. */
  readonly items?: readonly DocNode[];
}

/** A file's text and the body its Markdown is parsed from (a suffix of the text, or `null`). */
export interface FileSource {
  readonly text: string;
  readonly body: string | null;
  readonly bodyLine: number;
}
