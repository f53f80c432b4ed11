/**
 * The checks every HTTP request passes before anything else: `Host` (DNS rebinding),
 * `Origin` (a browser page of another site), and the bearer token. Each refusal is a status
 * and a message that says what to do; the token itself never appears in one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { localhostAllowedHostnames, localhostAllowedOrigins, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';

export interface GuardOptions {
  /** The address the server is bound to (`--host`). */
  readonly host: string;
  /** The bearer token every request must carry; `undefined`: none (loopback only). */
  readonly token: string | undefined;
  /** Origins allowed besides the loopback ones (`--allow-origin`): full origins or hostnames. */
  readonly allowOrigins: readonly string[];
}

export interface Refusal {
  readonly status: 401 | 403;
  readonly message: string;
}

/** Whether `host` means every interface. */
function isWildcard(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::';
}

/** Builds the request check for these options. */
export function createGuard(options: GuardOptions): (headers: { host?: string | undefined; origin?: string | undefined; authorization?: string | undefined }) => Refusal | undefined {
  // Bound to every interface, the server is reached under names it cannot know (a LAN name, a
  // forwarded port): the Host check is then left to the token, which a rebinding page lacks.
  const hostnames = isWildcard(options.host) ? null : [...localhostAllowedHostnames(), bracketed(options.host)];
  const origins = [...localhostAllowedOrigins(), ...options.allowOrigins.map(originHostname)];
  const expected = options.token === undefined ? undefined : digest(options.token);
  return (headers) => {
    if (!isPlainHost(headers.host)) {
      return { status: 403, message: `Host \`${printable(headers.host ?? '')}\` is not a plain host name: send \`Host: <name or address>[:<port>]\` (letters, digits, dots and hyphens, or a bracketed IPv6 address).` };
    }
    if (hostnames !== null) {
      const host = validateHostHeader(headers.host, hostnames);
      if (!host.ok) return { status: 403, message: `Host \`${printable(headers.host ?? '')}\` is not allowed: connect to ${options.host} by that name (a request under another name may be DNS rebinding).` };
    }
    const origin = validateOriginHeader(headers.origin, origins);
    if (!origin.ok) return { status: 403, message: `Origin \`${printable(headers.origin ?? '')}\` is not allowed: start the server with --allow-origin <origin> to let a page of that origin in.` };
    if (expected !== undefined) {
      const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.authorization ?? '');
      if (match === null || !timingSafeEqual(digest(match[1]!), expected)) {
        return { status: 401, message: 'This server requires `Authorization: Bearer <token>` with the token it was started with (--token-file or DOCUGRAPH_TOKEN).' };
      }
    }
    return undefined;
  };
}

/**
 * A syntactically plain `host[:port]`: a name or IPv4 address of letters, digits, dots and
 * hyphens, or a bracketed IPv6 address, and an optional numeric port. Checked before the
 * allowlist, whose parser (the URL parser) decodes: `%6cocalhost` became `localhost`, and
 * `localhost\@evil` passed as `localhost`.
 */
export function isPlainHost(host: string | undefined): boolean {
  return host !== undefined && /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/.test(host);
}

/** A header value fit for a one-line message: control characters and backticks shown as `?`, at most 100 characters. */
function printable(value: string): string {
  const shown = value.replace(/[\u0000-\u001f\u007f-\u009f`]/g, '?');
  return shown.length > 100 ? `${shown.slice(0, 100)}…` : shown;
}

/** Hashing both sides makes the comparison constant-time whatever the lengths. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function bracketed(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** `https://app.example.com:8443` → `app.example.com` (the SDK's origin allowlist holds hostnames). */
function originHostname(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}
