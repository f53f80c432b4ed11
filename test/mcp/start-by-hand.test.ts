/**
 * `docugraph mcp` started by hand on a terminal says, in one line on stderr, that it waits
 * for an MCP client on stdin (issue 28); started by a client (stdin a pipe), it says nothing
 * of the kind. stdout carries nothing but the protocol either way.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/mcp/main.js';
import { DEMO } from '../helpers/paths.js';

async function start(tty: boolean): Promise<{ stderr: string; stdout: string; code: number }> {
  const stdin = Object.assign(new PassThrough(), tty ? { isTTY: true } : {});
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk) => (out += chunk));
  let err = '';
  const exited = new Promise<number>((resolve) => {
    main({ argv: ['--workspace', DEMO, '--no-watch'], env: {}, stdin, stdout, stderr: { write: (text: string) => (err += text) }, exit: resolve, onSignal: () => {} });
  });
  setTimeout(() => stdin.end(), 50);
  return { code: await exited, stderr: err, stdout: out };
}

describe('started by hand', () => {
  it('on a terminal: one line saying it waits for an MCP client; from a pipe: none', async () => {
    const byHand = await start(true);
    expect(byHand.code).toBe(0);
    expect(byHand.stdout).toBe('');
    expect(byHand.stderr.split('\n').filter((line) => line.includes('waits for an MCP client on stdin'))).toHaveLength(1);
    const byClient = await start(false);
    expect(byClient.stderr).not.toContain('waits for an MCP client');
  });
});
