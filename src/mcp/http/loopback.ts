/**
 * Whether a host is a loopback address or name: what `--host` may be without a token. Apart
 * from the rest of the HTTP server, so a STDIO start-up (which checks the options) does not
 * load it.
 */
import { isIP } from 'node:net';

/** Whether `host` is a loopback address or name. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}
