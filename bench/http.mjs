/**
 * Streamable HTTP under the benchmark (issue 13): a spawned `docugraph-mcp --http` on a free
 * port, the workspace loaded, then `get_task_context` at depth 3 from the SDK client over
 * HTTP, with one client and with 20 concurrent clients, on each protocol era (2025 sessions;
 * 2026-07-28 stateless): p50 / p95 round trip and requests per second.
 *
 *   node bench/http.mjs <dir> [seconds per run]   → JSON on stdout
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const SERVER = fileURLToPath(new URL('../dist/bin/docugraph-mcp.js', import.meta.url));
const dir = process.argv[2];
const seconds = Number(process.argv[3] ?? 5);
const CONCURRENT = 20;

const child = spawn(process.execPath, [SERVER, '--workspace', dir, '--http', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
const url = await new Promise((resolve, reject) => {
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString();
    const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
    if (match !== null) resolve(new URL(match[1]));
  });
  child.once('exit', (code) => reject(new Error(`docugraph-mcp --http exited (${code}): ${stderr}`)));
});

async function connect(era) {
  const client = new Client(
    { name: 'docugraph-bench-http', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(url), { timeout: 600_000 });
  return client;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** `clients` clients calling in a loop for `seconds`: every round trip, and the calls per second. */
async function run(era, clients, ids) {
  const connected = await Promise.all(Array.from({ length: clients }, () => connect(era)));
  // Warm each connection once.
  await Promise.all(connected.map((client) => client.callTool({ name: 'get_task_context', arguments: { taskId: ids[0], maxDepth: 3 } })));
  const latencies = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    connected.map(async (client, c) => {
      for (let i = c; performance.now() < end; i += clients) {
        const t = performance.now();
        await client.callTool({ name: 'get_task_context', arguments: { taskId: ids[i % ids.length], maxDepth: 3 } });
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - start;
  await Promise.all(connected.map((client) => client.close()));
  return { era, clients, p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: (latencies.length / elapsed) * 1000, calls: latencies.length };
}

const first = await connect('legacy');
const listing = await first.callTool({ name: 'list_tasks', arguments: { type: 'task', limit: 200 } }, { timeout: 600_000 });
const ids = listing.structuredContent.tasks.map((task) => task.id);
await first.close();

const runs = [];
for (const era of ['legacy', 'modern']) for (const clients of [1, CONCURRENT]) runs.push(await run(era, clients, ids));
child.kill('SIGTERM');
process.stdout.write(`${JSON.stringify({ runs })}\n`);
