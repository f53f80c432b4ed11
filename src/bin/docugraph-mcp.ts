#!/usr/bin/env node
import { loadServer } from './load-server.js';
import { processIo } from './process-io.js';

// Signals are caught before anything else loads, so SIGINT/SIGTERM during start-up still
// end the process with 0 (MCP-G0 §2); the server's modules are imported after.
const io = processIo({ trapSignals: true });
loadServer().main(io);
