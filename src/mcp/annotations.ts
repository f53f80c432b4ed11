import type { ToolAnnotations } from '@modelcontextprotocol/server';

/** Every DocuGraph tool only reads the local workspace (MCP-G0 §3). */
export const READ_ONLY: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/**
 * The tools that write (KITS §6, offered only with `--allow-writes` or `writes: true`): they
 * change the workspace's files, but only one value or box at a time, and setting the same state
 * twice changes nothing the second time.
 */
export const WRITES: ToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});
