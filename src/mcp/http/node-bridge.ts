/**
 * Between `node:http` and the web-standard `Request`/`Response` the SDK's HTTP handlers speak:
 * the request body is read here (bounded), and the response body is written with
 * backpressure — a client that stops reading stalls only its own response, and is cut off
 * after `stallMs`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What reading a request body gave: the bytes, or why there are none. */
export type BodyRead = { readonly ok: true; readonly body: Buffer } | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/** Reads the whole body, refusing (without buffering more) once it passes `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish({ ok: false, reason: 'too-large' });
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ ok: true, body: Buffer.concat(chunks, size) }));
    req.once('error', () => finish({ ok: false, reason: 'aborted' }));
    req.once('close', () => finish(req.complete ? { ok: true, body: Buffer.concat(chunks, size) } : { ok: false, reason: 'aborted' }));
  });
}

/** The web `Request` for a node request whose body was read; `signal` aborts when the client goes. */
export function toWebRequest(req: IncomingMessage, body: Buffer | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const url = new URL(req.url ?? '/', `http://${hostForUrl(req.headers.host)}`);
  const init: RequestInit = { method: req.method ?? 'GET', headers, signal };
  if (body !== undefined && req.method !== 'GET' && req.method !== 'HEAD') init.body = body;
  return new Request(url, init);
}

/** A Host header fit for a URL (a malformed one is validated, and refused, elsewhere). */
function hostForUrl(host: string | undefined): string {
  return host !== undefined && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : 'localhost';
}

/**
 * Writes `response` to `res`. Resolves when it is written, or when the client went away or
 * stalled (its socket is then destroyed and the body stream cancelled).
 */
export async function sendWebResponse(res: ServerResponse, response: Response, stallMs: number): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  const gone = new Promise<'gone'>((resolve) => res.once('close', () => resolve('gone')));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), gone]);
      if (next === 'gone') break;
      if (next.done) {
        res.end();
        break;
      }
      if (!res.write(next.value) && (await drained(res, gone, stallMs)) !== 'drain') {
        res.destroy();
        break;
      }
    }
  } catch {
    res.destroy();
  } finally {
    void reader.cancel().catch(() => {});
  }
}

function drained(res: ServerResponse, gone: Promise<'gone'>, stallMs: number): Promise<'drain' | 'gone' | 'stalled'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    new Promise<'drain'>((resolve) => res.once('drain', () => resolve('drain'))),
    gone,
    new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), stallMs))),
  ]).finally(() => clearTimeout(timer));
}
