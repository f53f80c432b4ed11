/**
 * Symbolic links are never followed (META-01 §1): a link with a Markdown name is skipped like
 * any other, but a person who linked a document into the workspace should hear why it is not
 * there. One line per link, the first time a walk finds it; a few of them, then one line for
 * the rest, so a tree of thousands of links does not flood the log.
 */
import { inlinePath } from '../shared/inline-path.js';

/** How many symbolic links are named before one line says that the rest are skipped too. */
export const MAX_LINK_NOTICES = 10;

/** A walk's `onLinkSkipped` hook that writes lines to `log`: each link named once, at most `MAX_LINK_NOTICES`. */
export function linkNotices(log: (line: string) => void): (path: string) => void {
  const named = new Set<string>();
  let rest = false;
  return (path) => {
    if (named.has(path)) return;
    if (named.size < MAX_LINK_NOTICES) {
      named.add(path);
      log(`skipped \`${inlinePath(path)}\`: a symbolic link, never followed (copy the document into the workspace to check it)`);
    } else if (!rest) {
      rest = true;
      log(`skipped more symbolic links with Markdown names, not named here: links are never followed`);
    }
  };
}
