/**
 * Issue 57: `docugraph sources pin` — the commits the sources resolve to now, recorded in
 * `docugraph.lock.json` (the reviews it holds kept as they are), written through
 * write/safe-write.ts from the file as it is when the write holds its turn.
 */
import { lockFrom, lockText } from '../parse/lock-file.js';
import { rewriteFile, type RewriteHooks } from './safe-write.js';
import type { LoadedSources } from '../model/source-findings.js';
import { LOCK_FILE } from '../shared/config-types.js';
import { InvalidArgumentError } from '../shared/errors.js';
import { sortStrings } from '../shared/sort.js';

/** One pin: the source, the commit it was pinned to (`null`: none) and the one it is pinned to now. */
export interface SourcePin {
  readonly name: string;
  readonly before: string | null;
  readonly after: string;
}

export interface PinnedSources {
  readonly pins: readonly SourcePin[];
  /** The sources named that could not be pinned, each with why. */
  readonly skipped: readonly { readonly name: string; readonly why: string }[];
  /** The pins of sources `sources:` no longer names, dropped (by `all` only). */
  readonly dropped: readonly string[];
  /** Whether the file changed. */
  readonly written: boolean;
}

/**
 * Pins `names` (`all`: every source) to the commits `loaded` read them at. Throws
 * `InvalidArgumentError` for a name `sources:` does not give, or a lock file that is not the
 * shape DocuGraph writes (it is never overwritten then); `WRITE_REFUSED` as every write.
 */
export function pinSources(root: string, loaded: LoadedSources, names: readonly string[] | 'all', hooks: RewriteHooks = {}): PinnedSources {
  const known = new Map(loaded.sources.map((source) => [source.spec.name, source]));
  for (const name of names === 'all' ? [] : names) {
    if (!known.has(name)) throw new InvalidArgumentError(`no source is named \`${name}\`; \`sources:\` in docugraph.yml names ${known.size === 0 ? 'none' : sortStrings(known.keys()).map((n) => `\`${n}\``).join(', ')}`, { argument: 'name' });
  }
  const chosen = names === 'all' ? [...known.values()] : names.map((name) => known.get(name)!);
  const skipped: { name: string; why: string }[] = [];
  const wanted = new Map<string, string>();
  for (const source of chosen) {
    if (source.commit !== null) wanted.set(source.spec.name, source.commit);
    else skipped.push({ name: source.spec.name, why: source.state !== 'ok' ? 'it cannot be read (see `docugraph validate`)' : 'its checkout is not a git repository with a commit' });
  }
  let pins: SourcePin[] = [];
  let dropped: string[] = [];
  // Nothing to pin: the lock file is not made (a new one would turn reviews on).
  if (wanted.size === 0 && names !== 'all') return { pins, skipped, dropped, written: false };
  const result = rewriteFile(
    root,
    LOCK_FILE,
    (bytes) => {
      const read = lockFrom(bytes === null ? { ok: false, code: 'ENOENT', reason: 'it does not exist' } : { ok: true, bytes });
      if (read.state.kind === 'invalid') throw new InvalidArgumentError(`${LOCK_FILE}: ${read.state.diagnostics[0]?.message ?? 'invalid'}. Nothing was written.`, { argument: 'lock' });
      const lock = read.state.kind === 'ok' ? read.state.lock : null;
      const sources = new Map(lock?.sources ?? []);
      pins = [];
      dropped = names === 'all' ? sortStrings([...sources.keys()].filter((name) => !known.has(name))) : [];
      for (const name of dropped) sources.delete(name);
      if (lock === null && wanted.size === 0) return null;
      for (const [name, commit] of wanted) {
        pins.push({ name, before: sources.get(name) ?? null, after: commit });
        sources.set(name, commit);
      }
      let reviewed: Record<string, string> | null = null;
      if (lock?.reviews === true) {
        reviewed = {};
        for (const key of sortStrings(lock.reviewed.keys())) reviewed[key] = lock.reviewed.get(key)!;
      }
      const text = lockText(reviewed, sources);
      return read.text === text ? null : Buffer.from(text, 'utf8');
    },
    hooks,
    true,
  );
  return { pins, skipped, dropped, written: result.changed };
}
