/**
 * What the MCP surface needs from its host: the loaded workspace and the reading policy.
 */
import type { RecordedReview, StateChange, TaskState, TaskStateWrite, UpdateListener, Workspace } from '../core/index.js';
import type { Logger } from './tool-result.js';

export interface ServerState {
  /**
   * The workspace snapshot a request answers from: one per request, taken when it starts. A
   * live workspace waits for the first load and for pending changes on disk.
   */
  readonly workspace: () => Workspace | Promise<Workspace>;
  /** Subscribes to snapshot updates (for notifications); returns how to unsubscribe. Absent: the workspace never changes. */
  readonly onUpdate?: (listener: UpdateListener) => () => void;
  /** Real paths of the extra directories `validate_traceability` may audit (`--allow-path`). */
  readonly allowedPaths: readonly string[];
  /**
   * Whether the roots a client declares widen what `validate_traceability` may audit. Over STDIO
   * they do (the client is the user who started the server); over HTTP, where a client is anyone
   * who can reach the port (or holds the token), only with `--client-roots`. Default `true`.
   */
  readonly clientRoots?: boolean;
  /**
   * Loads another workspace for `validate_traceability`: `root` is a real path checked against
   * the allowed places, which the load must not resolve again (`createAuditLoader` in a server).
   */
  readonly load: (root: string) => Workspace | Promise<Workspace>;
  /** Where unexpected failures are reported (never stdout). */
  readonly log: Logger;
  /** The environment `git` starts from for `analyze_impact` with `since` (its `GIT_*` variables are dropped). Default: none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Writes to the workspace (KITS §6), when the server was started to allow them
   * (`--allow-writes`, `writes: true`): the tools `set_task_state` and `record_review` exist only
   * then. Each resolves once `workspace()` shows the write (read your writes).
   */
  readonly writer?: Writer;
}

export interface Writer {
  setTaskState(id: string, state: TaskState, expect: string | undefined): Promise<{ readonly write: TaskStateWrite; readonly change: StateChange }>;
  recordReview(ids: readonly string[]): Promise<RecordedReview>;
}
