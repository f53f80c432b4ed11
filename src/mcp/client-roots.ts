/**
 * The client's roots, for `validate_traceability` (MCP-G0 §3.2). On a 2025-era connection the
 * server asks with `roots/list` and waits at most `ROOTS_TIMEOUT_MS`; on 2026-07-28 it returns
 * an input-required result and the client answers in a retry of the call. Any answer that
 * cannot be used (none in time, an error, a malformed list) is reported as a reason, so the
 * tool answers `PATH_NOT_ALLOWED` as JSON like any other refusal.
 */
import {
  inputRequired,
  inputResponse,
  SdkError,
  SdkErrorCode,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { oneLine } from './tool-result.js';

/** How long a call waits for the client's answer to `roots/list`. */
export const ROOTS_TIMEOUT_MS = 10_000;

const ROOTS_KEY = 'roots';

export type ClientRoots =
  | { readonly kind: 'roots'; readonly uris: readonly string[] }
  | { readonly kind: 'ask'; readonly result: InputRequiredResult }
  | { readonly kind: 'failed'; readonly reason: string };

/** The URIs of the client's roots, or why there are none to use. */
export async function clientRoots(server: McpServer, ctx: ServerContext): Promise<ClientRoots> {
  const { inputResponses, droppedInputResponseKeys } = ctx.mcpReq;
  if (inputResponses?.[ROOTS_KEY] !== undefined || droppedInputResponseKeys?.includes(ROOTS_KEY) === true) {
    const answer = inputResponse(inputResponses, ROOTS_KEY);
    if (answer.kind !== 'roots') return { kind: 'failed', reason: 'the client answered the roots request with something that is not a list of roots' };
    return { kind: 'roots', uris: urisOf(answer.roots) };
  }
  try {
    const result = await server.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS, signal: ctx.mcpReq.signal });
    return { kind: 'roots', uris: urisOf(result.roots) };
  } catch (error) {
    if (error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
      return { kind: 'ask', result: inputRequired({ inputRequests: { [ROOTS_KEY]: inputRequired.listRoots() } }) };
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return { kind: 'failed', reason: `the client did not answer the roots request within ${ROOTS_TIMEOUT_MS / 1000} s` };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', reason: `the client did not answer the roots request with a usable list (${oneLine(message, 200)})` };
  }
}

/** The string `uri` of each root; anything else in the list is ignored (the answer is untrusted). */
function urisOf(roots: readonly unknown[]): string[] {
  return roots.flatMap((root) => {
    const uri = typeof root === 'object' && root !== null ? (root as { uri?: unknown }).uri : undefined;
    return typeof uri === 'string' ? [uri] : [];
  });
}
