/**
 * Live-workspace notifications (CATALOG): `notifications/resources/list_changed` when the set
 * of documents changes, and `notifications/resources/updated` for each resource whose answer
 * changed — on 2025 connections only for resources the client subscribed to
 * (`resources/subscribe`); on 2026-07-28 connections the SDK's listen router delivers them to
 * the client's `subscriptions/listen` filters.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { Workspace } from '../core/index.js';
import { documentUri, VALIDATION_URI } from './resources.js';
import type { ServerState } from './server-state.js';

export type Era = 'legacy' | 'modern';

export function registerNotifications(server: McpServer, onUpdate: NonNullable<ServerState['onUpdate']>, era: Era): void {
  const subscribed = new Set<string>();
  server.server.setRequestHandler('resources/subscribe', (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  let connected = false;
  const unsubscribe = onUpdate((before, after) => {
    if (!server.isConnected()) {
      // Closed after it was connected: stop listening. (Not connected yet: nothing to tell.)
      if (connected) unsubscribe();
      return;
    }
    connected = true;
    if (documentSetChanged(before, after)) server.sendResourceListChanged();
    for (const uri of changedResources(before, after)) {
      if (era === 'modern' || subscribed.has(uri)) void server.server.sendResourceUpdated({ uri }).catch(() => {});
    }
  });
}

/** Whether the listing (`resources/list`: ids and titles) differs. */
export function documentSetChanged(before: Workspace, after: Workspace): boolean {
  if (before.ids.length !== after.ids.length) return true;
  for (let i = 0; i < before.ids.length; i += 1) {
    const id = before.ids[i]!;
    if (id !== after.ids[i] || before.nodes.get(id)!.title !== after.nodes.get(id)!.title) return true;
  }
  return false;
}

/** The URIs whose read answer differs: documents whose text changed (or that came or went), and the report. */
export function changedResources(before: Workspace, after: Workspace): string[] {
  const uris: string[] = [];
  for (const id of after.ids) if (before.nodes.get(id)?.text !== after.nodes.get(id)!.text) uris.push(documentUri(id));
  for (const id of before.ids) if (!after.nodes.has(id)) uris.push(documentUri(id));
  if (reportChanged(before, after)) uris.push(VALIDATION_URI);
  return uris;
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
