/**
 * META-01 rev 3 §5, site style: the file a link names when only its case differs — Hugo
 * publishes `content/functions/time/Format.md` as `/functions/time/format/` — found one
 * directory listing at a time, with exact names preferred and, among names equal ignoring
 * case, the first in code-unit order (the same answer on every filesystem).
 */
import type { ListedEntry } from '../read/existence.js';

/**
 * A finder over directory listings (`list`: `''` is the workspace root, leading `..` above it):
 * `find(path, noted)` gives the existing path whose segments equal `path`'s ignoring case, or
 * `null`, and tells `noted` each directory it looked through. Each listing is indexed once.
 */
export function findIgnoringCase(list: (dir: string) => ReadonlyMap<string, ListedEntry>): (path: string, noted: (dir: string) => void) => string | null {
  const folded = new Map<string, Map<string, ListedEntry>>();
  const foldedOf = (dir: string): Map<string, ListedEntry> => {
    let names = folded.get(dir);
    if (names === undefined) {
      names = new Map();
      for (const [name, entry] of list(dir)) {
        const key = name.toLowerCase();
        const held = names.get(key);
        if (held === undefined || name < held.name) names.set(key, entry);
      }
      folded.set(dir, names);
    }
    return names;
  };
  return (path, noted) => {
    const parts = path.split('/');
    let at = 0;
    let dir = '';
    for (; parts[at] === '..'; at += 1) dir = dir === '' ? '..' : `${dir}/..`;
    for (; at < parts.length; at += 1) {
      noted(dir);
      const part = parts[at]!;
      const exact = list(dir).get(part);
      const entry = exact ?? foldedOf(dir).get(part.toLowerCase());
      if (entry === undefined || (at < parts.length - 1 && !entry.isDirectory())) return null;
      dir = dir === '' ? entry.name : `${dir}/${entry.name}`;
    }
    return dir;
  };
}
