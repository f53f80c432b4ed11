/**
 * From `node:http` to the web-standard `Request` the SDK's HTTP handlers take: the request
 * body is read here (bounded). The way back, the `Response`, is send-response.ts.
 */
import type { IncomingMessage } from 'node:http';

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
