/**
 * META-01 §5: a link's fragment, checked against the anchors of what the link points at —
 * a Markdown file's headings, explicit HTML anchors and lines, or a directory's README —
 * ignoring case, as GitHub's page does; "did you mean" when it matches none.
 */
import { echo } from '../shared/errors.js';
import { invisibleCharacters } from '../shared/invisible.js';
import type { Anchors } from './anchors.js';
import type { LinkContext, Problem } from './link-types.js';

/** `L12` or `L12-L20` (any case, as every fragment): a line or a range of lines of the target. */
const LINE_ANCHOR = /^L(\d+)(?:-L(\d+))?$/i;

/** Checks the fragment (decoded) of the link `url` of `from` to the existing `target`. */
export function checkFragment(from: string, url: string, target: string, fragment: string, context: Pick<LinkContext, 'fragmentTarget'>): Problem | null {
  const at = context.fragmentTarget(target);
  if (at === null) return null;
  // GitHub's page of a folder has this anchor (the box around its README), with a README or without.
  if (at.kind !== 'file' && fragment.toLowerCase() === 'readme') return null;
  const dir = target === '' ? '.' : target;
  if (at.kind === 'no-readme') {
    return {
      code: 'MD_ANCHOR_BROKEN',
      message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\` in the directory \`${echo(dir)}\`, which has no README.md to show; link to the file that holds the heading`,
    };
  }
  const anchors = at.anchors;
  if (anchors.has(fragment.toLowerCase())) return null;
  const lines = LINE_ANCHOR.exec(fragment);
  if (lines !== null && [lines[1], lines[2]].every((n) => n === undefined || (Number(n) >= 1 && Number(n) <= anchors.lineCount))) return null;
  const file = at.kind === 'readme' ? at.readme : target;
  const where = file === from ? 'this file' : at.kind === 'readme' ? `\`${echo(file)}\` (the README of \`${echo(dir)}\`)` : `\`${echo(file)}\``;
  if (lines !== null) {
    const count = anchors.lineCount;
    return {
      code: 'MD_ANCHOR_BROKEN',
      message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\`, ${lines[2] === undefined ? 'a line' : 'lines'} ${where} does not have (it has ${count} line${count === 1 ? '' : 's'}); fix the line number`,
    };
  }
  const what = anchors.explicit.length === 0 ? 'no heading' : 'no heading or anchor';
  return { code: 'MD_ANCHOR_BROKEN', message: `link \`${echo(url)}\` points at \`#${echo(fragment)}\`, which is ${what} of ${where}; ${anchorHint(fragment, anchors)}` };
}

/** "Did you mean", saying so when the closest anchor differs only by invisible characters; else the anchors there are. */
function anchorHint(fragment: string, anchors: Anchors): string {
  const twin = anchors.twin(fragment);
  if (twin !== null) {
    const inLink = invisibleCharacters(fragment);
    const inAnchor = invisibleCharacters(twin);
    const codes = [...new Set([...inLink, ...inAnchor])].sort();
    const side = inAnchor.length === 0 ? 'the link' : inLink.length === 0 ? 'the anchor' : 'the link and the anchor';
    return `it differs from \`#${echo(twin)}\` only by invisible characters (${codes.join(', ')}); remove them from ${side}`;
  }
  const guess = anchors.suggest(fragment);
  if (guess !== null) {
    const hidden = invisibleCharacters(guess);
    return `did you mean \`#${echo(guess)}\`?${hidden.length === 0 ? '' : ` (it holds invisible characters: ${hidden.join(', ')})`}`;
  }
  const show = (list: readonly string[]): string => `${list.slice(0, 5).map((a) => `\`#${echo(a)}\``).join(', ')}${list.length > 5 ? ', …' : ''}`;
  const { headings, explicit } = anchors;
  if (headings.length === 0 && explicit.length === 0) return 'it has no headings';
  if (explicit.length === 0) return `it has headings ${show(headings)}`;
  if (headings.length === 0) return `it has anchors ${show(explicit)}`;
  return `it has headings ${show(headings)} and anchors ${show(explicit)}`;
}
