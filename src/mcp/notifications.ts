/**
 * Live-workspace notifications (CATALOG): `notifications/resources/list_changed` when the set
 * of documents changes, and `notifications/resources/updated` for each resource whose answer
 * changed — on 2025 connections only for resources the client subscribed to
 * (`resources/subscribe`); on 2026-07-28 connections the SDK's listen router delivers them to
 * the client's `subscriptions/listen` filters.
 */
import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';
import { listTasks, sortStrings, type Workspace } from '../core/index.js';
import { documentUri, READY_URI, VALIDATION_URI } from './resources.js';
import type { ServerState } from './server-state.js';

export type Era = 'legacy' | 'modern';

/** The bounds of one connection's (one session's) `resources/subscribe` set. */
export const SUBSCRIPTION_LIMITS = {
  /**
   * Subscriptions per connection: far more than a client watching the documents it works on
   * needs; one that wants every document listens to `resources/list_changed` and the report.
   */
  maxSubscriptions: 1000,
  /** The longest URI subscribed to: a document URI of an id of several hundred characters. */
  maxUriLength: 1024,
} as const;

export function registerNotifications(server: McpServer, onUpdate: NonNullable<ServerState['onUpdate']>, era: Era): void {
  const subscribed = new Set<string>();
  server.server.setRequestHandler('resources/subscribe', (request) => {
    const uri = request.params.uri;
    if (!subscribed.has(uri)) refuseSubscription(uri, subscribed.size);
    subscribed.add(uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  let connected = false;
  const unsubscribe = onUpdate((before, after, changedIds) => {
    if (!server.isConnected()) {
      // Closed after it was connected: stop listening. (Not connected yet: nothing to tell.)
      if (connected) unsubscribe();
      return;
    }
    connected = true;
    if (documentSetChanged(before, after, changedIds)) server.sendResourceListChanged();
    // The ready list costs a comparison of two listings: only when someone may be told of it.
    const wantReady = era === 'modern' || subscribed.has(READY_URI);
    for (const uri of changedResources(before, after, changedIds, wantReady)) {
      if (era === 'modern' || subscribed.has(uri)) void server.server.sendResourceUpdated({ uri }).catch(() => {});
    }
  });
}

/** Throws the error for a subscription beyond the limits (a JSON-RPC -32602 that says what to do). */
function refuseSubscription(uri: string, count: number): void {
  const { maxSubscriptions, maxUriLength } = SUBSCRIPTION_LIMITS;
  if (uri.length > maxUriLength) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The URI is ${uri.length} characters long; subscriptions are limited to URIs of ${maxUriLength} characters: subscribe to the document URIs resources/list gives.`, { maxUriLength });
  }
  if (count >= maxSubscriptions) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `This connection already has ${maxSubscriptions} resource subscriptions, the most it may hold: unsubscribe (resources/unsubscribe) from those you no longer need, or follow notifications/resources/list_changed and ${VALIDATION_URI} instead of every document.`,
      { maxSubscriptions },
    );
  }
}

/**
 * Whether the listing (`resources/list`: ids and titles) differs. `changedIds` (see
 * `UpdateListener`) limits the comparison to those ids.
 */
export function documentSetChanged(before: Workspace, after: Workspace, changedIds: ReadonlySet<string> | null = null): boolean {
  if (changedIds !== null) {
    for (const id of changedIds) if (before.nodes.get(id)?.title !== after.nodes.get(id)?.title) return true;
    return false;
  }
  if (before.ids.length !== after.ids.length) return true;
  for (let i = 0; i < before.ids.length; i += 1) {
    const id = before.ids[i]!;
    if (id !== after.ids[i] || before.nodes.get(id)!.title !== after.nodes.get(id)!.title) return true;
  }
  return false;
}

/**
 * The URIs whose read answer differs: documents whose text changed (or that came or went), the
 * report, and the ready work (TRACE §2: a status marked done readies what waited on it). `changedIds` (see `UpdateListener`) limits the document comparison to those ids.
 */
export function changedResources(before: Workspace, after: Workspace, changedIds: ReadonlySet<string> | null = null, wantReady = true): string[] {
  const uris: string[] = [];
  if (changedIds !== null) {
    for (const id of sortStrings(changedIds)) if (before.nodes.get(id)?.text !== after.nodes.get(id)?.text) uris.push(documentUri(id));
    if (reportChanged(before, after)) uris.push(VALIDATION_URI);
    if (wantReady && readyChanged(before, after, changedIds)) uris.push(READY_URI);
    return uris;
  }
  for (const id of after.ids) if (before.nodes.get(id)?.text !== after.nodes.get(id)!.text) uris.push(documentUri(id));
  for (const id of before.ids) if (!after.nodes.has(id)) uris.push(documentUri(id));
  if (reportChanged(before, after)) uris.push(VALIDATION_URI);
  if (wantReady && readyChanged(before, after, null)) uris.push(READY_URI);
  return uris;
}

/**
 * Whether the ready list differs. Same states (no status and no edge moved): only an edit of a
 * ready document can change it (its title, say); otherwise the two lists are compared.
 */
function readyChanged(before: Workspace, after: Workspace, changedIds: ReadonlySet<string> | null): boolean {
  if (before.states === after.states && changedIds !== null) {
    for (const id of changedIds) if (after.states.get(id)?.state === 'ready' && before.nodes.get(id) !== after.nodes.get(id)) return true;
    return false;
  }
  const a = listTasks(before, { state: 'ready' }).tasks;
  const b = listTasks(after, { state: 'ready' }).tasks;
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i += 1) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return true;
  return false;
}

function reportChanged(before: Workspace, after: Workspace): boolean {
  if (before.nodes.size !== after.nodes.size || before.edgeCount !== after.edgeCount || before.diagnostics.length !== after.diagnostics.length) return true;
  for (let i = 0; i < before.diagnostics.length; i += 1) {
    const a = before.diagnostics[i]!;
    const b = after.diagnostics[i]!;
    if (a.code !== b.code || a.message !== b.message || a.path !== b.path || a.line !== b.line || a.nodeId !== b.nodeId) return true;
  }
  return false;
}
