/**
 * Mapping core results and failures to MCP tool results (MCP-G0 §4), in one place.
 */
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import { DocugraphError, formatJson } from '../core/index.js';

/** Where the MCP layer reports what the client should not see (stderr in the binary). */
export type Logger = (line: string) => void;

/** A message as one short line for stderr or an error text (zod messages span dozens of lines). */
export function oneLine(message: string, max = 300): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A plain text result. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A JSON result: 2-space JSON text with a final newline, and the same object as `structuredContent`. */
export function jsonResult(value: object): CallToolResult {
  return {
    content: [{ type: 'text', text: formatJson(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/** A domain failure: `isError` with `{code, message, ...details}` as JSON text. */
export function errorResult(error: DocugraphError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: formatJson(error.toJSON()) }] };
}

/**
 * Runs a tool body: domain failures become `isError` results; anything unexpected becomes
 * `INTERNAL` (logged with its stack) instead of crashing the server.
 */
export async function runTool<T extends CallToolResult | InputRequiredResult>(
  tool: string,
  log: Logger,
  body: () => T | Promise<T>,
): Promise<T | CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof DocugraphError) return errorResult(error);
    log(`docugraph-mcp: ${tool} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return errorResult(
      new DocugraphError('INTERNAL', `${tool} failed unexpectedly (${error instanceof Error ? error.message : String(error)}); the server log on stderr has details. Please report it.`),
    );
  }
}
