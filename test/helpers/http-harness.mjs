#!/usr/bin/env node
/**
 * The built HTTP server (dist/) with limits smaller than the binary's, for tests that would
 * otherwise wait out 10 s timeouts or open a thousand connections. The same modules the
 * binary runs (createHttpServer over a live workspace, wired as src/mcp/main.ts and
 * serve-http.ts wire them), only the limits differ:
 *
 *   node test/helpers/http-harness.mjs <workspace> '{"limits":{…},"token":"…"}'
 *
 * Prints the binary's `listening on <url>` line on stderr; drains on SIGTERM.
 */
import { loadWorkspace } from '../../dist/core/index.js';
import { openLiveWorkspace } from '../../dist/core/live/live-workspace.js';
import { createHttpServer } from '../../dist/mcp/http/http-server.js';

const [root, json = '{}'] = process.argv.slice(2);
const options = JSON.parse(json);
const log = (line) => void process.stderr.write(`${line}\n`);
const live = openLiveWorkspace(root, { mode: 'watch', log: (line) => log(`docugraph-mcp: ${line}`) });
const state = { workspace: () => live.snapshot(), onUpdate: (listener) => live.onUpdate(listener), allowedPaths: [], load: loadWorkspace, log };
const http = createHttpServer(state, live, { host: options.host ?? '127.0.0.1', port: 0, token: options.token, allowOrigins: [], limits: options.limits ?? {} });
const url = await http.listen();
log(`docugraph-mcp: listening on ${url} (test harness)`);
let stopping = false;
const shutdown = () => {
  if (stopping) process.exit(0);
  stopping = true;
  void http.drain().then(() => {
    live.close();
    process.exit(0);
  });
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
