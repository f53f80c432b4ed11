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

/**
 * The `exclude` glob that names the kind of agent file `path` is: its name for a named one
 * (`SKILL.md`), `*` and its suffix for the others (`*.prompt.md`), as written; `null` for a
 * file that is no agent file.
 */
export function agentPattern(path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const lower = name.toLowerCase();
  if (AGENT_NAMES.has(lower)) return name;
  const suffix = AGENT_SUFFIXES.find((end) => lower.endsWith(end) && lower.length > end.length);
  return suffix === undefined ? null : `*${name.slice(name.length - suffix.length)}`;
}
