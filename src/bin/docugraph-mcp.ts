#!/usr/bin/env node
import { main } from '../mcp/main.js';
import { processIo } from './process-io.js';

main(processIo());
