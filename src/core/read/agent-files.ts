/**
 * Files written for coding agents, not documents of the repository (issue 53): an Agent Skill
 * (`SKILL.md`), an agent's instructions (`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`,
 * `copilot-instructions.md`) and VS Code's prompt, instruction, chat-mode and agent files
 * (`*.prompt.md`, `*.instructions.md`, `*.chatmode.md`, `*.agent.md`). Their frontmatter
 * (`name:`, `description:`, sometimes `id:`) follows the agent's conventions, so `init` never
 * reads the repository's conventions from them. The folders agents keep (`.claude/`,
 * `.github/`, `.cursor/`) are dot-folders, which discovery never enters.
 */

const AGENT_NAMES: ReadonlySet<string> = new Set(['skill.md', 'agents.md', 'claude.md', 'gemini.md', 'copilot-instructions.md']);
const AGENT_SUFFIXES: readonly string[] = ['.prompt.md', '.instructions.md', '.chatmode.md', '.agent.md'];

/** Whether the file at `path` (`/`-separated) is one written for coding agents, by its name (any case). */
export function isAgentFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return AGENT_NAMES.has(name) || AGENT_SUFFIXES.some((suffix) => name.endsWith(suffix) && name.length > suffix.length);
}
