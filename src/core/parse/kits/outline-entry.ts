/** One entry of a kit file's outline (outline.ts): a heading, a list item, or a numbered line. */
export interface OutlineEntry {
  /** `line`: a line of a paragraph outside any list that opens with a number such as `1.1.` (KITS §7: Kiro criteria written `1.1. THE …`, which CommonMark reads as one paragraph), or such a paragraph that is an EARS clause, whole (`number` `''`). */
  readonly kind: 'heading' | 'item' | 'line';
  /** A heading's level (1–6); a list item's nesting depth (1: a list at the top). */
  readonly level: number;
  /** 1-based line of the file where it starts. */
  readonly line: number;
  /** A list item's last line (1-based, inclusive: nested lists included); a heading's own line; a numbered line's last (up to the next numbered line of its paragraph). */
  readonly last: number;
  /** A heading's inline content; a list item's first paragraph as written (its lines joined with `\n`), `''` when it opens with something else; a numbered line's text after its number. */
  readonly text: string;
  /** Whether a list item is in an ordered list. */
  readonly ordered: boolean;
  /** An ordered list item's number as written, a numbered line's (`1.1`), `''` for an EARS clause's paragraph; `null` for the others. */
  readonly number: string | null;
  /** Index (in the outline) of the list item this one is nested in, `-1` when none. */
  readonly parent: number;
  /** Index of the heading it is under (the nearest one before it), `-1` when none. */
  readonly heading: number;
  /**
   * A numbered line whose number is written in bold (`**4.4** Modal components …`), over the bullets that detail it: as an
   * item, it runs to the next item or heading, not to its paragraph's end.
   */
  readonly holds?: true;
}
