/**
 * The examples each command's `--help` ends with (issue 37): what a newcomer types first. Ids
 * are the bundled demo's (examples/demo-repo), where each of them runs.
 */
export const HELP_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  validate: ['docugraph validate', 'docugraph validate docs/ --format github', 'docugraph validate --strict --format sarif > findings.sarif'],
  context: ['docugraph context BE-02', 'docugraph context BE-02 --max-depth 1 --max-tokens 8000'],
  graph: ['docugraph graph --format mermaid', 'docugraph graph --root BE-02 --direction both --format text'],
  impact: ['docugraph impact REQ-01', 'docugraph impact REQ-01 --max-depth 1 --format json'],
  tasks: ['docugraph tasks', 'docugraph tasks --state blocked --format text', 'docugraph tasks --query projects --format json'],
  ready: ['docugraph ready', 'docugraph ready --type task --format json'],
  init: ['docugraph init', 'docugraph init docs/ --force'],
  review: ['docugraph review BE-02 --dry-run', 'docugraph review --all'],
  done: ['docugraph done BE-02', 'docugraph done BE-02 --expect 3f2a9c1e04b7d658 --format json'],
  start: ['docugraph start BE-02'],
  reopen: ['docugraph reopen BE-02'],
  diff: ['docugraph diff HEAD', 'docugraph diff origin/main --format markdown --fail-on-impact'],
  search: ['docugraph search "archive a project"', 'docugraph search "status of a project" --kind task --state open --format json'],
  view: ['docugraph view --open', 'docugraph view --out site/graph'],
  coverage: ['docugraph coverage', 'docugraph coverage --strict --format markdown'],
  cache: ['docugraph cache status', 'docugraph cache clear'],
  sources: ['docugraph sources', 'docugraph sources pin platform'],
  mcp: ['docugraph mcp', 'docugraph mcp --allow-writes', 'docugraph mcp --http --port 3939 --token-file ~/.docugraph-token'],
};
