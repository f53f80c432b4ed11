/**
 * The one JSON text format of every surface: 2-space indentation and a final newline, so
 * the CLI prints the same bytes as the MCP tools.
 */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
