#!/usr/bin/env node
/**
 * A flood of half-sent HTTP requests from a process of its own, as an attacker's would be:
 * it keeps `count` connections open, each stopped at one stage of a request (nothing sent,
 * the request line, half the headers, the headers and part of a body), and opens another
 * `delay` ms (default 20) after the server closes one. It prints `{"opened":…,"open":…}` every 100 ms; a
 * `stop` line on stdin stops the reopening (the open ones stay); end of stdin ends it.
 *
 *   node test/helpers/http-flood.mjs <url> <count> [delay]
 */
import { connect } from 'node:net';

const url = new URL(process.argv[2]);
const count = Number(process.argv[3]);
const delay = Number(process.argv[4] ?? 20);
const body = 'content-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: 1000\r\n';
const stages = ['', 'POST /mcp HTTP/1.1\r\n', `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\ncontent-ty`, `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\n${body}\r\n{"jsonrpc":"2.0",`];
let reopening = true;
let opened = 0;
/** The connections open now (connected, not yet closed). */
const open = new Set();

function flood(i) {
  if (!reopening) return;
  opened += 1;
  const socket = connect(Number(url.port), url.hostname, () => {
    open.add(socket);
    if (stages[i % stages.length] !== '') socket.write(stages[i % stages.length]);
  });
  socket.on('error', () => {});
  socket.resume();
  socket.once('close', () => {
    open.delete(socket);
    setTimeout(() => flood(i), delay);
  });
}

for (let i = 0; i < count; i += 1) flood(i);
const report = setInterval(() => process.stdout.write(`${JSON.stringify({ opened, open: open.size })}\n`), 100);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  if (text.includes('stop')) reopening = false;
});
process.stdin.on('end', () => {
  clearInterval(report);
  process.exit(0);
});
