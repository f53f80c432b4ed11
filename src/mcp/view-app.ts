/**
 * The MCP App of get_dependency_graph (issue 27; MCP Apps, SEP-1865): the `ui://` resource a
 * host that renders MCP Apps shows beside the tool's answer — the page of `docugraph view` in
 * its `app` mode, which draws the answer it is sent. Hosts without Apps support read the
 * tool's `_meta.ui.resourceUri` as nothing and get the same answer as before. The resource is
 * readable, not listed: `resources/list` stays the workspace's.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { viewPage } from '../common/view-page.js';

export const VIEW_APP_URI = 'ui://docugraph/graph.html';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The tool's `_meta` that links it to the App. */
export const VIEW_APP_META = { ui: { resourceUri: VIEW_APP_URI } } as const;

export function registerViewApp(server: McpServer): void {
  server.registerResource(
    'graph-view',
    VIEW_APP_URI,
    { title: 'Graph view', description: 'An MCP App that draws get_dependency_graph answers.', mimeType: MCP_APP_MIME_TYPE },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: viewPage('app'), _meta: { ui: { prefersBorder: true } } }] }),
  );
}
