/**
 * The link checks' types (META-01 §5): what a check asks of the workspace and its link root,
 * what a fragment is checked against, and what a broken link gives.
 */
import type { SourceFile } from '../model/source-findings.js';
import type { OwnUrls } from '../read/repository.js';
import type { Diagnostic } from '../shared/types.js';
import type { Anchors } from './anchors.js';

/**
 * What the link check needs to know about the workspace and its link root. Target paths are
 * relative to the workspace root; a target above it (inside the link root) starts with `..`.
 */
export interface LinkContext {
  /** The workspace root below the link root, as path segments (`[]` when they are the same). */
  readonly workspaceDir: readonly string[];
  /** What the link root is, for messages: a `repository` root or the `workspace` root. */
  readonly rootName: 'repository' | 'workspace';
  /** Full URLs to the repository's own files. */
  readonly ownUrls: OwnUrls;
  /** `github`: links name files; `site`: they may name published pages (META-01 §5). */
  readonly style: 'github' | 'site';
  /** With `site`: the folder a leading `/` names, relative to the link root (`''`: the link root itself). */
  readonly siteRoot: string;
  /** Whether `links.ignore` names a link's path as written (before `?` and `#`); `null` when it names none. */
  readonly ignored: ((written: string) => boolean) | null;
  /** Whether a path (file or directory of any kind) exists. `''` is the workspace root. */
  readonly exists: (path: string) => boolean;
  /** Whether the existing `path` is a directory. */
  readonly isDirectory: (path: string) => boolean;
  /** The existing path that equals `path` ignoring case (exact names first), or `null`. */
  readonly existingIgnoringCase: (path: string) => string | null;
  /** What a fragment on a link to the existing `path` is checked against, or `null` when it is not checked. */
  readonly fragmentTarget: (path: string) => FragmentTarget | null;
  /** The node id a file defines, or `null`. */
  readonly nodeIdOf: (path: string) => string | null;
  /** A file to suggest for a missing target, or `null`. */
  readonly suggestFile: (missing: string) => string | null;
  /** What a path that leaves the workspace (`../platform/docs/a.md`) is in a source's checkout (issue 57). */
  readonly sourceFile: (path: string) => SourceFile;
}

/** A Markdown file's anchors; a directory's README's; or a directory without a README. */
export type FragmentTarget =
  | { readonly kind: 'file'; readonly anchors: Anchors }
  | { readonly kind: 'readme'; readonly readme: string; readonly anchors: Anchors }
  | { readonly kind: 'no-readme' };

/** What a broken link or fragment gives: the rest of the diagnostic is the linking file's. */
export type Problem = Pick<Diagnostic, 'code' | 'message'>;
