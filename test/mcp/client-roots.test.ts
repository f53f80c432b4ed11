/**
 * `validate_traceability` and a client that declares roots but never answers `roots/list`:
 * the call is answered `PATH_NOT_ALLOWED` (JSON) after `ROOTS_TIMEOUT_MS`, not left waiting.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { ROOTS_TIMEOUT_MS } from '../../src/mcp/client-roots.js';
import { createServer } from '../../src/mcp/create-server.js';
import { textOf } from '../helpers/in-memory.js';
import { DEMO, FIXTURES } from '../helpers/paths.js';

describe('a roots request the client never answers', () => {
  it(`is given up after ${ROOTS_TIMEOUT_MS / 1000} s with PATH_NOT_ALLOWED as JSON`, async () => {
    const workspace = loadWorkspace(DEMO);
    const server = createServer({ workspace: () => workspace, allowedPaths: [], load: loadWorkspace, log: () => {} });
    const client = new Client({ name: 'silent-roots', version: '1.0.0' }, { capabilities: { roots: { listChanged: false } } });
    let asked = 0;
    client.setRequestHandler('roots/list', () => {
      asked += 1;
      return new Promise(() => {}); // never answers
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let settled = false;
      const call = client
        .callTool({ name: 'validate_traceability', arguments: { workspacePath: FIXTURES } }, { timeout: 10 * ROOTS_TIMEOUT_MS })
        .finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(ROOTS_TIMEOUT_MS - 1);
      expect(asked).toBe(1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const result = await call;
      expect(result.isError).toBe(true);
      const error = JSON.parse(textOf(result)) as { code: string; message: string };
      expect(error.code).toBe('PATH_NOT_ALLOWED');
      expect(error.message).toContain(`did not answer the roots request within ${ROOTS_TIMEOUT_MS / 1000} s`);
    } finally {
      vi.useRealTimers();
      await client.close();
    }
  });
});
