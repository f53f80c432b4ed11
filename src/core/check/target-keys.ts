/**
 * The keys a link check records besides the paths it looked at, so that a live index checks
 * the link again when a directory changes in a way no single path shows: a README appearing
 * in it or leaving it (a fragment on a directory link), or any entry appearing or leaving (a
 * page found ignoring case, META-01 rev 3 §5 site style). Paths never end with `/`, so no key
 * names a real path.
 */

/** `README.md` in any case: the file GitHub shows for a directory (META-01 §5). */
export const README = /^readme\.md$/i;

/** The key of a check that looked for the README of directory `dir`. */
export function readmeKey(dir: string): string {
  return `${dir}/`;
}

/** The key of a check that looked through the names of directory `dir` (ignoring case). */
export function listingKey(dir: string): string {
  return `${dir}//`;
}

/** The keys an added or removed entry at `path` concerns: its directory's listing, and its README when it is named `README.md`. */
export function keysOfEntry(path: string): readonly string[] {
  const slash = path.lastIndexOf('/');
  const dir = slash === -1 ? '' : path.slice(0, slash);
  return README.test(path.slice(slash + 1)) ? [listingKey(dir), readmeKey(dir)] : [listingKey(dir)];
}
