/**
 * One correction to the SDK's answers: params that fail a request's schema are the client's
 * invalid params (-32602, one line), not an internal error with the validator's JSON.
 */
import { ProtocolErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { oneLine } from './tool-result.js';

/**
 * The SDK answers a request whose params fail its schema (a `resources/read` without a `uri`,
 * `prompts/get` arguments that are not a map) with -32603 and the validator's issues as a
 * multi-line JSON message. The client sent invalid params: that is -32602, in one line.
 */
export function invalidParamsAsSuch(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || message.error.code !== ProtocolErrorCode.InternalError) return message;
  const text = message.error.message;
  if (!text.trimStart().startsWith('[')) return message;
  let issues: unknown;
  try {
    issues = JSON.parse(text);
  } catch {
    return message;
  }
  if (!Array.isArray(issues) || issues.length === 0 || !issues.every((i) => typeof i === 'object' && i !== null && 'code' in i && 'message' in i && 'path' in i)) return message;
  const described = issues.map((issue: { path: unknown[]; message: string }) => `${issue.path.length > 0 ? issue.path.join('.') : 'params'}: ${issue.message}`);
  return { ...message, error: { code: ProtocolErrorCode.InvalidParams, message: oneLine(`Invalid params: ${described.join('; ')}`) } };
}
