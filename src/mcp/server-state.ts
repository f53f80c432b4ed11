/**
 * What the MCP surface needs from its host: the loaded workspace and the reading policy.
 */
import type { Workspace } from '../core/index.js';
import type { Logger } from './tool-result.js';

export interface ServerState {
  /** The current workspace snapshot; each call reads one snapshot. */
  readonly workspace: () => Workspace;
  /** Real paths of the extra directories `validate_traceability` may audit (`--allow-path`). */
  readonly allowedPaths: readonly string[];
  /** Loads another workspace for `validate_traceability` (default: `loadWorkspace`). */
  readonly load: (root: string) => Workspace;
  /** Where unexpected failures are reported (never stdout). */
  readonly log: Logger;
}
