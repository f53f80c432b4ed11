/**
 * One way to register a DocuGraph tool: read-only annotations, the zod input schema advertised
 * and checked by the tool (`INVALID_ARGUMENT`), failures mapped by `runTool`.
 */
import type { CallToolResult, InputRequiredResult, McpServer, ServerContext, ToolAnnotations } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import { READ_ONLY } from './annotations.js';
import type { ServerState } from './server-state.js';
import { leanSchema } from './lean-schema.js';
import { advertise, parseArguments } from './tool-input.js';
import { runTool } from './tool-result.js';

export interface ToolSpec<I extends z.ZodType> {
  readonly name: string;
  /** A short human title. */
  readonly title: string;
  /** What the tool returns and when to use it, written for the model. */
  readonly description: string;
  readonly input: I;
  /** The shape of `structuredContent`, when the tool always returns JSON. */
  readonly output?: z.ZodType;
  /** The tool's `_meta` in `tools/list` (an MCP App's `ui.resourceUri`). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** Its annotations; default read-only (every tool but those that write). */
  readonly annotations?: ToolAnnotations;
}

export function registerTool<I extends z.ZodType>(
  server: McpServer,
  state: ServerState,
  spec: ToolSpec<I>,
  handler: (args: z.output<I>, ctx: ServerContext) => CallToolResult | InputRequiredResult | Promise<CallToolResult | InputRequiredResult>,
): void {
  server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: advertise(spec.input),
      ...(spec.output === undefined ? {} : { outputSchema: leanSchema(spec.output, 'output') }),
      annotations: spec.annotations ?? READ_ONLY,
      ...(spec.meta === undefined ? {} : { _meta: { ...spec.meta } }),
    },
    (raw: unknown, ctx: ServerContext) => runTool(spec.name, state.log, () => handler(parseArguments(spec.input, raw), ctx)),
  );
}
