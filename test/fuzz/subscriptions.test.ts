/**
 * Hardening, second pass (issue 21): `resources/subscribe` keeps what a client names, so it
 * is bounded — 1,000 subscriptions per connection (per 2025 session over HTTP), URIs of at
 * most 1,024 characters — and a subscription beyond is refused with -32602 saying what to
 * do, over STDIO and HTTP alike. URIs are generated: document URIs of random ids (nasty
 * characters, lengths around the bound), other schemes, repeats.
 */
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LIMITS } from '../../src/mcp/notifications.js';
import { keepAlivePoster, rawSession, spawnLimited } from '../helpers/http-clients.js';
import { FUZZ_SEED, nastyString, Rng } from '../helpers/prng.js';
import { errorCode, RawClient, type Message } from '../helpers/raw-client.js';
import { DEMO } from '../helpers/server-process.js';

const { maxSubscriptions, maxUriLength } = SUBSCRIPTION_LIMITS;

/** `count` distinct URIs of at most `maxUriLength` characters. */
function uris(rng: Rng, count: number): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const base = rng.pick(['docugraph://docs/', 'docugraph://validation/', 'file:///', 'https://example.com/', 'x:']);
    let uri = `${base}${encodeURIComponent(nastyString(rng, 6).replace(/[\ud800-\udfff]/g, '\ufffd'))}-${out.size}`;
    if (rng.chance(0.05)) uri = uri.padEnd(maxUriLength - rng.int(0, 3), 'a');
    out.add(uri.slice(0, maxUriLength));
  }
  return [...out];
}

/** A wire on which to subscribe: `subscribe` answers with the JSON-RPC message. */
interface Wire {
  subscribe(uri: string, method?: string): Promise<Message>;
}

/** The same run on any wire: fill to the cap, one beyond, repeats, unsubscribe, the URI length bound. */
async function exercise(wire: Wire, seed: number): Promise<void> {
  const rng = new Rng(seed);
  const names = uris(rng, maxSubscriptions + 5);
  const refused: string[] = [];
  for (const uri of names.slice(0, maxSubscriptions)) if (errorCode(await wire.subscribe(uri)) !== null) refused.push(uri);
  expect(refused).toEqual([]);
  // One beyond the cap: refused, saying what to do.
  const over = await wire.subscribe(names[maxSubscriptions]!);
  expect(errorCode(over)).toBe(-32602);
  expect((over['error'] as { message: string }).message).toContain('resources/unsubscribe');
  // Repeating one it holds is no new subscription.
  expect(errorCode(await wire.subscribe(names[rng.int(0, maxSubscriptions - 1)]!))).toBeNull();
  // After an unsubscribe there is room for one.
  expect(errorCode(await wire.subscribe(names[0]!, 'resources/unsubscribe'))).toBeNull();
  expect(errorCode(await wire.subscribe(names[maxSubscriptions + 1]!))).toBeNull();
  expect(errorCode(await wire.subscribe(names[maxSubscriptions + 2]!))).toBe(-32602);
  // Too long a URI: refused whatever the count, saying the bound.
  expect(errorCode(await wire.subscribe(names[maxSubscriptions + 1]!, 'resources/unsubscribe'))).toBeNull();
  const long = await wire.subscribe(`docugraph://docs/${'a'.repeat(maxUriLength)}`);
  expect(errorCode(long)).toBe(-32602);
  expect((long['error'] as { message: string }).message).toContain(String(maxUriLength));
}

describe('resources/subscribe is bounded', () => {
  it('over STDIO', async () => {
    const server = new RawClient(['--workspace', DEMO]);
    await server.initialize();
    let id = 0;
    await exercise(
      {
        subscribe: (uri, method = 'resources/subscribe') => {
          id += 1;
          const mine = id;
          server.send(JSON.stringify({ jsonrpc: '2.0', id: mine, method, params: { uri } }));
          return server.waitFor((message) => message['id'] === mine);
        },
      },
      FUZZ_SEED,
    );
    expect(server.badLines).toEqual([]);
  }, 60_000);

  it('over HTTP, per 2025 session (another session has its own)', async () => {
    const server = await spawnLimited(DEMO);
    // Both sessions' requests on one kept-alive connection: a set kept per connection (not per
    // session) would give the second session the first one's thousand subscriptions, and fail.
    const post = keepAlivePoster(server.url);
    const wire = (session: string): Wire => ({
      subscribe: async (uri, method = 'resources/subscribe') => {
        const answer = await post(session, { jsonrpc: '2.0', id: 7, method, params: { uri } });
        return JSON.parse(/^data: (.*)$/m.exec(answer.body)![1]!) as Message;
      },
    });
    await exercise(wire(await rawSession(server.url)), FUZZ_SEED);
    await exercise(wire(await rawSession(server.url)), FUZZ_SEED + 1);
  }, 120_000);
});
