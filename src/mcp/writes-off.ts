/**
 * With writes off, the tools that write (KITS §6) are not offered — `tools/list` stays as small
 * as ever — but an agent that calls one anyway (its instructions, or another session, named it)
 * is told how to turn them on rather than only that the tool is not found (issue 53).
 *
 * The SDK answers an unknown tool in its own `tools/call` handler, which it installs when the
 * first tool is registered; the SDK offers no way to wrap it afterwards. So, before any tool is
 * registered, the server's `setRequestHandler` passes the `tools/call` handler through a guard
 * that answers these two names first, with the same error the SDK gives (invalid params,
 * "Tool … not found") and the way to turn writes on.
 */
import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';

/** The tools that exist only when writes are on (write-tools.ts). */
const WRITE_TOOLS: ReadonlySet<string> = new Set(['set_task_state', 'record_review']);

export const WRITES_OFF =
  'the tools that write are off on this server: start it with --allow-writes (or set `writes: true` in docugraph.yml; over HTTP a token is needed too), then call it again.';

type Handler = (request: { params?: { name?: unknown } }, ctx: unknown) => unknown;

/** Makes `server` answer a call to a tool that writes with how to turn writes on. Call it before registering any tool. */
export function explainWritesOff(server: McpServer): void {
  const low = server.server as unknown as { setRequestHandler: (method: string, ...rest: unknown[]) => void };
  const set = low.setRequestHandler.bind(low);
  low.setRequestHandler = (method, ...rest) => {
    const [handler] = rest;
    if (method !== 'tools/call' || rest.length !== 1 || typeof handler !== 'function') return set(method, ...rest);
    const guarded: Handler = (request, ctx) => {
      const name = request.params?.name;
      if (typeof name === 'string' && WRITE_TOOLS.has(name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found: ${WRITES_OFF}`);
      return (handler as Handler)(request, ctx);
    };
    return set(method, guarded);
  };
}
