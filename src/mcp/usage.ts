/** `docugraph-mcp --help`. */
export const USAGE = `Usage: docugraph-mcp [--workspace <dir>] [--allow-path <dir>]... [--no-watch] [--no-cache] [--allow-writes]
       docugraph-mcp [--workspace <dir>] --http [--host 127.0.0.1] [--port 3939] [--token-file <file>] [--allow-origin <origin>]... [--client-roots] [--allow-writes]

Serves a docs-as-code workspace to MCP clients over STDIO, or with --http over Streamable
HTTP at /mcp to many clients at once. Answers follow the disk: edits, new, deleted and
renamed files are seen by the next request, without a restart.

Options:
  --workspace <dir>      the directory that holds the Markdown documents (default: the
                         current directory, unless it is / or the home directory without
                         a docugraph.yml; or set DOCUGRAPH_WORKSPACE; the flag wins)
  --allow-path <dir>     another directory validate_traceability may audit (repeatable)
  --no-watch             load the workspace once at start-up and never again
  --no-cache             neither read nor write the on-disk index (also DOCUGRAPH_NO_CACHE=1):
                         every file is read at start-up
  --allow-writes         offer the tools that write: set_task_state (a task's box or its
                         status) and record_review (docugraph.lock.json); also \`writes: true\`
                         in docugraph.yml. Over HTTP they need --token-file as well
  --http                 serve MCP over Streamable HTTP at http://<host>:<port>/mcp
  --host <address>       the address to listen on (default 127.0.0.1); any address that is
                         not loopback requires a token
  --port <n>             the port to listen on (default 3939; 0 picks a free one)
  --token-file <file>    every request must carry \`Authorization: Bearer <token>\` with the
                         token in this file (or set DOCUGRAPH_TOKEN; the flag wins)
  --allow-origin <url>   let browser pages of this origin in (repeatable; loopback
                         origins always are)
  --client-roots         let validate_traceability audit inside the roots each HTTP
                         client declares (over STDIO they always count)
  --help                 show this help
  --version              show the version
`;
