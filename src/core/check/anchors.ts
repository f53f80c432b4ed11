/**
 * A link target's anchors for the fragment checks (META-01 §5): its heading anchors, explicit
 * HTML anchors and lines, indexed once however many links point at it; matched ignoring case,
 * as GitHub's page does, with a bounded "did you mean".
 */
import { visibleSkeleton } from '../shared/invisible.js';
import { createSuggester } from '../shared/suggest.js';
import type { MarkdownInfo } from '../shared/types.js';

/** A target's anchors, indexed once however many links point at it. */
export interface Anchors {
  /** Heading anchors, in document order. */
  readonly headings: readonly string[];
  /** Explicit HTML anchors, as written, in document order. */
  readonly explicit: readonly string[];
  /** Lines of the file, for line anchors. */
  readonly lineCount: number;
  /** Whether some anchor, in lower case, equals `lower` (a fragment in lower case): fragments match ignoring case. */
  has(lower: string): boolean;
  /** The closest anchor to a broken fragment, or `null`. */
  suggest(fragment: string): string | null;
  /** An anchor that equals `fragment` once case and invisible characters are ignored, or `null`. */
  twin(fragment: string): string | null;
}

/**
 * How many "did you mean" searches one target's anchors answer; later broken fragments get
 * the list of headings instead. Each search scans the anchors, so without a budget thousands
 * of broken fragments against thousands of headings would be quadratic.
 */
export const ANCHOR_SUGGESTIONS = 200;

/**
 * Up to this many characters of anchors (most files), a fragment is looked for in one string
 * that holds them all; above, in a set made once (a search of the string reads all of it).
 */
const TEXT_LIMIT = 1024;

/**
 * A target's anchors. Made for nearly every file of a workspace (one per file a fragment
 * points at), so it holds little: the file's own lists, and its anchors in lower case in one
 * string — each link then reads one object, where a set of strings took a read per anchor to
 * build and several scattered reads per lookup (at 100k documents, each a cache miss). A set
 * only for a file with many anchors; the suggester and the invisible-character index only for
 * a broken fragment.
 */
class IndexedAnchors implements Anchors {
  private set: Set<string> | undefined;
  private suggester: ReturnType<typeof createSuggester> | undefined;
  private skeletons: Map<string, string> | undefined;
  private budget = ANCHOR_SUGGESTIONS;

  /**
   * Short anchors without a NUL (the Markdown stage replaces NULs, but an anchor is checked, not
   * trusted): all of them in lower case, each between NULs, in one string, where only a whole
   * anchor matches `\0fragment\0`.
   */
  private readonly text: string | null;

  constructor(
    readonly headings: readonly string[],
    readonly explicit: readonly string[],
    readonly lineCount: number,
  ) {
    let length = 0;
    let nul = false;
    for (const list of [headings, explicit]) for (const anchor of list) (length += anchor.length + 1), (nul ||= anchor.includes('\0'));
    this.text = length > TEXT_LIMIT || nul ? null : `\0${this.all().map((a) => a.toLowerCase()).join('\0')}\0`;
  }

  has(lower: string): boolean {
    // A fragment with a NUL (`%00`) is no anchor: in the string it could span two.
    if (this.text !== null) return !lower.includes('\0') && this.text.includes(`\0${lower}\0`);
    this.set ??= new Set(this.all().map((a) => a.toLowerCase()));
    return this.set.has(lower);
  }

  suggest(fragment: string): string | null {
    if (this.budget === 0) return null;
    this.budget -= 1;
    return (this.suggester ??= createSuggester(this.all())).best(fragment);
  }

  twin(fragment: string): string | null {
    if (this.skeletons === undefined) {
      const skeletons = new Map<string, string>();
      for (const anchor of this.all()) {
        const key = visibleSkeleton(anchor);
        if (!skeletons.has(key)) skeletons.set(key, anchor);
      }
      this.skeletons = skeletons;
    }
    return this.skeletons.get(visibleSkeleton(fragment)) ?? null;
  }

  /** Headings, then explicit anchors. */
  private all(): readonly string[] {
    return this.explicit.length === 0 ? this.headings : [...this.headings, ...this.explicit];
  }
}

/** Indexes a file's anchors for the link checks. */
export function indexAnchors(markdown: MarkdownInfo): Anchors {
  return new IndexedAnchors(markdown.anchors, markdown.htmlAnchors, markdown.lineCount);
}
