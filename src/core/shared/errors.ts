/**
 * Failures of queries (MCP-G0 §4). Validation findings are `Diagnostic` data, not these.
 * Surfaces map them at the edge: MCP → `isError` result, CLI → exit code.
 */
import type { FailureCode } from './codes.js';

/** Base of every failure the core raises on purpose: a code, a message that says what to do, details. */
export class DocugraphError extends Error {
  readonly code: FailureCode;
  /** Extra JSON-safe fields for the caller (`suggestions`, `cycle`, …). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: FailureCode, message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }

  /** The JSON object surfaces return: `{code, message, ...details}`. */
  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

/** The most characters of a value a message repeats (a longer one is cut, with `…`). */
export const MAX_ECHO = 200;

/** `value` cut to `MAX_ECHO` characters, for a message that repeats what the client sent. */
export function echo(value: string): string {
  return value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value;
}

export class TaskNotFoundError extends DocugraphError {
  constructor(taskId: string, suggestions: readonly string[], documentCount = suggestions.length) {
    const hint =
      suggestions.length > 0
        ? `did you mean ${suggestions.map((s) => `\`${s}\``).join(', ')}?`
        : documentCount > 0
          ? 'no id is close to it; list_tasks shows every id.'
          : 'the workspace has no documents; check the workspace path.';
    super('TASK_NOT_FOUND', `Cannot find document \`${echo(taskId)}\`; ${hint} Ids are case-sensitive.`, {
      taskId: echo(taskId),
      suggestions: [...suggestions],
    });
  }
}

export class GraphCycleError extends DocugraphError {
  /** `validate`: what to run to see every cycle (the MCP tool, or on the command line `docugraph validate`). */
  constructor(taskId: string, cycle: readonly string[], path: readonly string[], validate = 'validate_traceability') {
    super(
      'GRAPH_CYCLE',
      `Cannot build a context bundle for \`${taskId}\`: its dependencies contain a cycle among ` +
        `${cycle.join(', ')} (${path.join(' -> ')}). Run ${validate} to see every cycle, ` +
        'then remove one `depends_on` entry to break it.',
      { taskId, cycle: [...cycle], path: [...path] },
    );
  }
}

export class InvalidArgumentError extends DocugraphError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('INVALID_ARGUMENT', message, details);
  }
}

export class PathNotAllowedError extends DocugraphError {
  constructor(path: string, message: string) {
    super('PATH_NOT_ALLOWED', message, { path });
  }
}

export class WorkspaceNotFoundError extends DocugraphError {
  constructor(path: string, message: string, options?: ErrorOptions) {
    super('WORKSPACE_NOT_FOUND', message, { path }, options);
  }
}
