import type { ToolAnnotations } from '@modelcontextprotocol/server';

/** Every DocuGraph tool only reads the local workspace (MCP-G0 §3). */
export const READ_ONLY: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});
