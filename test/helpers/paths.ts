import { fileURLToPath } from 'node:url';

/** The project root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built server binary (`npm test` builds it first). */
export const BIN = fileURLToPath(new URL('../../dist/bin/docugraph-mcp.js', import.meta.url));
/** The bundled demo workspace. */
export const DEMO = fileURLToPath(new URL('../../examples/demo-repo', import.meta.url));
/** The negative fixtures. */
export const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));
/** The built CLI. */
export const CLI = fileURLToPath(new URL('../../dist/bin/docugraph.js', import.meta.url));

/** Every tool the server registers, sorted. */
export const TOOL_NAMES = ['analyze_impact', 'get_acceptance_criteria', 'get_dependency_graph', 'get_task_context', 'list_tasks', 'search', 'validate_traceability'];
