/**
 * A core error's message in the command line's terms: the core names the MCP tool that helps
 * (`list_tasks shows every id`), which on the command line is a command. Only the words
 * outside backticks change: a quoted value (an id the user typed) stays as it was.
 */
const COMMANDS: ReadonlyMap<string, string> = new Map([
  ['list_tasks', '`docugraph tasks`'],
  ['validate_traceability', '`docugraph validate`'],
  ['get_task_context', '`docugraph context`'],
  ['analyze_impact', '`docugraph impact`'],
]);

const TOOL = /\b(list_tasks|validate_traceability|get_task_context|analyze_impact)\b/g;

export function inCliTerms(message: string): string {
  return message
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? part : part.replace(TOOL, (name) => COMMANDS.get(name)!)))
    .join('');
}
