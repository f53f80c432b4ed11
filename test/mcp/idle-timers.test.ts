/**
 * An idle server arms no timer (issue 37): nothing wakes it unless the disk or a client changes
 * something. The HTTP server's sweep of slow connections runs while there is a connection, the
 * reaper of idle 2025-era sessions while there is a session, and the long-running commands
 * (`validate --watch`, `view`) poll the disk only once the live workspace cannot watch it.
 */
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { createServer } from '../../src/mcp/create-server.js';
import { trackConnections } from '../../src/common/connections.js';
import { createLegacySessions } from '../../src/mcp/http/legacy-sessions.js';
import { HTTP_LIMITS } from '../../src/mcp/http/limits.js';
import { pollSwitch, untilStopped } from '../../src/cli/until-stopped.js';
import { DEMO } from '../helpers/paths.js';

/** The intervals armed now (set and not cleared), by the code under test: unref'd ones too, which `getActiveResourcesInfo` leaves out. */
const armed = new Set<unknown>();
const setIntervalOf = globalThis.setInterval;
const clearIntervalOf = globalThis.clearInterval;
beforeEach(() => {
  armed.clear();
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const handle = setIntervalOf(...args);
    armed.add(handle);
    return handle;
  }) as typeof setInterval;
  globalThis.clearInterval = ((handle: Parameters<typeof clearInterval>[0]) => {
    armed.delete(handle);
    clearIntervalOf(handle);
  }) as typeof clearInterval;
});
afterEach(() => {
  globalThis.setInterval = setIntervalOf;
  globalThis.clearInterval = clearIntervalOf;
  for (const handle of armed) clearIntervalOf(handle as NodeJS.Timeout);
});
const timers = () => armed.size;

describe('an idle server arms no timer', () => {
  it('the connection sweep: only while a connection is open', () => {
    const server = new EventEmitter() as unknown as Server;
    const before = timers();
    const table = trackConnections(server, HTTP_LIMITS);
    expect(timers()).toBe(before);
    const socket = Object.assign(new EventEmitter(), { remoteAddress: '127.0.0.1', destroyed: false, destroy: () => {} }) as unknown as Socket;
    server.emit('connection', socket);
    expect(timers()).toBe(before + 1);
    socket.emit('close');
    expect(timers()).toBe(before);
    table.stop();
  });

  it('the reaper of 2025-era sessions: only while a session is open', async () => {
    const workspace = loadWorkspace(DEMO);
    const before = timers();
    const sessions = createLegacySessions({ workspace: () => workspace, allowedPaths: [], load: loadWorkspace, log: () => {} }, (state) => createServer(state), {
      maxSessions: 4,
      idleMs: 60_000,
      maxBodyBytes: 1 << 20,
      keepAliveMs: 5_000,
      log: () => {},
    });
    expect(timers()).toBe(before);
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(initialize) });
    const exchange = await sessions.handle(request, initialize);
    await exchange.response.text();
    exchange.release?.();
    expect(sessions.size()).toBe(1);
    expect(timers()).toBeGreaterThan(before);
    await sessions.closeAll();
    expect(timers()).toBe(before);
  });

  it('validate --watch and view: no poll while the disk is watched; once a second after the workspace gave up watching', async () => {
    const before = timers();
    const controller = new AbortController();
    const poll = pollSwitch();
    let asked = 0;
    const live = { mode: () => 'watch' as const, snapshot: async () => (asked += 1, loadWorkspace(DEMO)) };
    const waiting = untilStopped({ argv: [], env: {}, cwd: DEMO, stdout: { write: () => true }, stderr: { write: () => true }, signal: controller.signal }, live, poll);
    expect(timers()).toBe(before);
    poll.onPoll();
    expect(timers()).toBe(before + 1);
    controller.abort();
    await waiting;
    expect(timers()).toBe(before);
    expect(asked).toBe(0);
  });
});
