/**
 * Hardening, second pass (issue 21): numeric JSON-RPC ids beyond what a double keeps
 * exactly. JSON.parse reads `9007199254740993` as 9007199254740992, and an answer would echo
 * another id. The check reads the id's digits in the message text: a string or an integer
 * within ±(2^53−1) is answered with that id; any other number gets -32600 with no id (null
 * over HTTP), over STDIO and HTTP alike. Generated ids (digits, signs, fractions,
 * exponents, lengths around the bound) are checked against an exact reference.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isSafeIntegerText } from '../../src/mcp/inbound.js';
import { post } from '../helpers/http-clients.js';
import { fuzzRuns, FUZZ_SEED, Rng } from '../helpers/prng.js';
import { errorCode, sharedRawServer } from '../helpers/raw-client.js';
import { DEMO, spawnHttp } from '../helpers/server-process.js';

const MAX = 2n ** 53n - 1n;

/** The reference: the number's exact value with BigInt, an integer within ±(2^53−1) or not. */
function exactlySafe(raw: string): boolean {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(raw)!;
  const fraction = match[3] ?? '';
  const mantissa = BigInt(match[2]! + fraction);
  const exponent = Number(match[4] ?? '0') - fraction.length;
  if (exponent >= 0) return mantissa * 10n ** BigInt(exponent) <= MAX;
  const divisor = 10n ** BigInt(-exponent);
  return mantissa % divisor === 0n && mantissa / divisor <= MAX;
}

const BOUNDARIES = [
  '0', '-0', '0.0', '0e99', '1', '-1', '1.0', '1e3', '1E+3', '2.50e1', '9007199254740991', '-9007199254740991', '9007199254740992',
  '-9007199254740992', '9007199254740993', '9.007199254740991e15', '9.007199254740992e15', '90071992547409910e-1', '90071992547409911e-1',
  '1e16', '1e-1', '1.5', '1.0000000000000001', '12345678901234567890', '-99999999999999999999999',
];

/** A JSON number text: digits of random length (around 16), a sign, maybe a fraction or an exponent. */
function randomNumber(rng: Rng): string {
  const digits = (length: number) => rng.chars('0123456789', length);
  let raw = (rng.chance(0.3) ? '-' : '') + (rng.chance(0.2) ? '0' : rng.chars('123456789', 1) + digits(rng.int(0, 20)));
  if (rng.chance(0.3)) raw += `.${rng.chance(0.5) ? '0'.repeat(rng.int(1, 5)) : digits(rng.int(1, 6))}`;
  if (rng.chance(0.3)) raw += `${rng.pick(['e', 'E'])}${rng.pick(['', '+', '-'])}${rng.int(0, 20)}`;
  return raw;
}

function generated(count: number): string[] {
  const rng = new Rng(FUZZ_SEED);
  return Array.from({ length: count }, (_, i) => randomNumber(rng.fork(i)));
}

describe('the id check, on the text', () => {
  it('agrees with exact arithmetic on generated numbers and the boundaries', () => {
    const wrong = [...BOUNDARIES, ...generated(fuzzRuns(5000))].filter((raw) => isSafeIntegerText(raw) !== exactlySafe(raw));
    expect(wrong, `seed ${FUZZ_SEED}`).toEqual([]);
  });

  it('refuses a number of more than 64 characters (no id is written so)', () => {
    expect(isSafeIntegerText(`1.${'0'.repeat(70)}`)).toBe(false);
    expect(isSafeIntegerText('1'.repeat(65))).toBe(false);
  });
});

/** The messages a case sends: the id first, last, behind an escaped key, and with spaces. */
function messages(raw: string): string[] {
  return [
    `{"jsonrpc":"2.0","id":${raw},"method":"ping"}`,
    `{"jsonrpc":"2.0","method":"ping","params":{"id":1},"id":${raw}}`,
    `{"jsonrpc":"2.0","\\u0069d" : ${raw} ,"method":"ping"}`,
  ];
}

const cases = () => [...BOUNDARIES, ...generated(fuzzRuns(12))];

describe('over STDIO', () => {
  // One server for both tests: each line is answered on its own, and the over-long line is
  // discarded as it streams in, whatever came before it.
  const shared = sharedRawServer(() => ['--workspace', DEMO]);
  afterAll(() => shared.kill());

  it('a safe integer id is answered with itself; any other number gets -32600 without an id, saying why', async () => {
    const client = await shared.get();
    const badBefore = client.badLines.length;
    const failures: string[] = [];
    for (const raw of cases()) {
      for (const line of messages(raw)) {
        const from = client.messages.length;
        // stdout only: no wait for stderr after each line.
        const { answers } = await client.answersTo(line);
        const texts = client.texts.slice(from, from + answers.length);
        if (exactlySafe(raw)) {
          if (answers.length !== 1 || errorCode(answers[0]!) !== null || !texts[0]!.includes(`"id":${String(Number(raw))}`)) failures.push(`${line} → ${texts.join(' ')}`);
        } else {
          const answer = answers[0];
          const message = String((answer?.['error'] as { message?: unknown } | undefined)?.message);
          if (answers.length !== 1 || errorCode(answer!) !== -32600 || answer!['id'] !== null || !message.includes('±9007199254740991 (2^53−1)')) failures.push(`${line} → ${texts.join(' ')}`);
        }
      }
    }
    expect(failures, `seed ${FUZZ_SEED}`).toEqual([]);
    expect(client.badLines.slice(badBefore)).toEqual([]);
  }, 120_000);

  it('an over-long line with an unsafe id is answered with `"id": null` (not its rounded value)', async () => {
    const client = await shared.get();
    const { answers } = await client.answersTo(`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping","params":{"pad":"${'x'.repeat(11 * 1024 * 1024)}"}}`, 20_000);
    expect(answers).toHaveLength(1);
    expect(errorCode(answers[0]!)).toBe(-32600);
    expect(answers[0]!['id']).toBeNull();
  }, 60_000);
});

describe('over HTTP', () => {
  it('the same ids on both eras: 400 with id null for the unsafe ones, answered for the others', async () => {
    const server = await spawnHttp(['--workspace', DEMO]);
    const failures: string[] = [];
    const modernMeta = '"params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}},';
    for (const raw of cases()) {
      const bodies = [
        `{"jsonrpc":"2.0","id":${raw},"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`,
        `{"jsonrpc":"2.0",${modernMeta}"method":"server/discover","id":${raw}}`,
        `[{"jsonrpc":"2.0","method":"ping","id":${raw}}]`,
      ];
      for (const body of bodies) {
        const answer = await post(server.url, body);
        if (exactlySafe(raw)) {
          if (answer.status === 400 && answer.body.includes('2^53')) failures.push(`${body} → ${answer.status} ${answer.body}`);
          continue;
        }
        const parsed = JSON.parse(answer.body) as { id: unknown; error?: { code: number; message: string } };
        if (answer.status !== 400 || parsed.id !== null || parsed.error?.code !== -32600 || !parsed.error.message.includes('±9007199254740991 (2^53−1)')) failures.push(`${body} → ${answer.status} ${answer.body}`);
      }
    }
    expect(failures, `seed ${FUZZ_SEED}`).toEqual([]);
  }, 120_000);
});
