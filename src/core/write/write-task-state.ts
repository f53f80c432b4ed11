/**
 * KITS §6: setting a task's state on disk — `docugraph done/start/reopen`, and the MCP tool
 * `set_task_state`. A kit's task changes the one character in its box; a document with
 * frontmatter changes its `status` value (parse/status-splice.ts). The file is read again and
 * located afresh (the snapshot may be behind the disk), `expect` is checked against its
 * version as it is now (`STALE_STATE` when it moved on), and the new bytes replace it through
 * write/safe-write.ts. The caller refreshes its snapshot to answer (read your writes).
 */
import { readConfig } from '../parse/config.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { readKitFile } from '../parse/kits/read-kit.js';
import { spliceBox } from '../parse/kits/box-splice.js';
import type { Box, WrittenBox } from '../parse/kits/kit-read.js';
import { spliceStatus } from '../parse/status-splice.js';
import { kitPlaceOf, rootPrefix } from '../read/kit-paths.js';
import { rewriteFile, StaleStateError, WriteRefusedError, type RewriteHooks } from './safe-write.js';
import { versionOf } from '../model/file-version.js';
import { taskCopies } from '../model/task-copies.js';
import { requireNode } from '../answer/require-node.js';
import { DEFAULT_STATUS_WRITE, type WorkspaceConfig } from '../shared/config-types.js';
import { InvalidArgumentError } from '../shared/errors.js';
import { normalStatus } from '../shared/relations.js';
import type { DocNode, Workspace } from '../shared/types.js';

/** The states a writer sets. */
export const TASK_STATES = ['done', 'in_progress', 'todo'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export interface TaskStateWrite {
  readonly id: string;
  readonly path: string;
  /** A kit task's line; `null` for a document. */
  readonly line: number | null;
  /** The status before and after (a task's: `todo`, `in-progress`, `done`). */
  readonly from: string | null;
  readonly to: string;
  /** Whether the file changed (`false`: it already said so). */
  readonly changed: boolean;
  /** The file's version now. */
  readonly version: string;
}

export interface WriteOptions {
  /** The version the caller's view of the file had (`list_tasks`' `version`); absent: any. */
  readonly expect?: string | undefined;
  readonly hooks?: RewriteHooks;
}

const BOXES: Readonly<Record<TaskState, WrittenBox>> = { done: 'x', in_progress: '-', todo: ' ' };
const BOX_STATUS: Readonly<Record<Box, string>> = { x: 'done', '-': 'in-progress', ' ': 'todo', dropped: 'dropped' };

/** Sets node `id`'s state in its file. Throws `TASK_NOT_FOUND`, `INVALID_ARGUMENT`, `STALE_STATE` or `WRITE_REFUSED`. */
export function writeTaskState(workspace: Workspace, asked: string, state: TaskState, options: WriteOptions = {}): TaskStateWrite {
  if (!(TASK_STATES as readonly string[]).includes(state)) {
    throw new InvalidArgumentError(`\`state\` must be one of ${TASK_STATES.map((s) => `"${s}"`).join(', ')}, got ${JSON.stringify(state)}.`, { argument: 'state' });
  }
  // The id found (`1559` for `EIP-1559`).
  const node = requireNode(workspace, asked);
  const id = node.id;
  const read = readConfig(workspace.root);
  if (read.diagnostics.length > 0) {
    const [problem] = read.diagnostics;
    throw new WriteRefusedError(`docugraph.yml${problem!.line === null ? '' : `:${problem!.line}`} is invalid (${problem!.message}); fix it before DocuGraph writes anything`);
  }
  const config = read.config;
  // A source's document (issue 57) is another repository's: never written from here.
  const source = config.sources.find((s) => id.startsWith(`${s.name}:`) && node.path.startsWith('../'));
  if (source !== undefined) throw new WriteRefusedError(`\`${id}\` is read from the source \`${source.name}\` (\`${node.path}\`), which DocuGraph never writes: change it in that repository`);
  if (node.item !== undefined && node.item.box === null) {
    // A task written without a box (a heading, `- T300 …`: D-560) has no state to set; another item is no task.
    throw new InvalidArgumentError(
      node.type === 'task'
        ? `\`${id}\` is a task written without a box (\`${node.path}:${node.item.line}\`${(node.text ?? '').trimStart().startsWith('|') ? ', a table\'s row' : ''}): DocuGraph sets a task's state only in a box (\`- [ ] T001 …\`) — give the file's tasks their boxes, or change it by hand.`
        : `\`${id}\` is a ${node.type ?? 'item'}, not a task: only a task has a box to check (its requirement's state comes from its file's frontmatter \`status\`).`,
      { argument: 'id' },
    );
  }
  let result: Edit | null = null;
  const expect = options.expect;
  const written = rewriteFile(
    workspace.root,
    node.path,
    (bytes) => {
      const raw = decode(bytes!, node.path);
      const version = versionOf(normalize(raw));
      if (expect !== undefined && expect !== version) {
        throw new StaleStateError(`\`${node.path}\` changed since the version you had (\`${expect}\`; it is \`${version}\` now): nothing was written — read \`${id}\` again (list_tasks gives its version) and retry`, { path: node.path, version });
      }
      result = node.item === undefined ? statusEdit(raw, node, state, config) : boxEdit(raw, node, id, state, config);
      return result.text === null ? null : Buffer.from(result.text, 'utf8');
    },
    options.hooks,
  );
  const { from, to, line } = result!;
  return { id, path: node.path, line, from, to, changed: written.changed, version: versionOf(normalize(decode(written.after, node.path))) };
}

type Edit = { from: string | null; to: string; line: number | null; text: string | null };


/** A kit task: its box, on its line as the file has it now. */
function boxEdit(raw: string, node: DocNode, id: string, state: TaskState, config: WorkspaceConfig): Edit {
  const place = kitPlaceOf(node.path, config.kits, config.kitRoots);
  const fm = parseFrontmatter(normalize(raw));
  // The second task of a number written twice is `T44#2` (D-512), as the load read it.
  const items = place === null || fm.body === null ? [] : readKitFile(fm.body, fm.bodyLine, place).read.items;
  const copies = taskCopies(items, null);
  const item = items.find((i, k) => `${rootPrefix(place!)}${copies.get(k) ?? i.id}` === id);
  if (item === undefined || item.box === null) throw new StaleStateError(`\`${id}\` is no longer a task of \`${node.path}\`: nothing was written — list the tasks again`, { path: node.path });
  const box = BOXES[state];
  const to = BOX_STATUS[box];
  // Where it says so already, nothing to write (a range's task or a table's row too).
  if (item.box === box) return { from: BOX_STATUS[item.box], to, line: item.line, text: null };
  // A table's row (`| T-01 | P0 | … | [x] |`: D-568) keeps its state in a cell DocuGraph does not write.
  if (item.text.trimStart().startsWith('|')) {
    throw new WriteRefusedError(`\`${node.path}\`:${item.line}: \`${id}\` is a task written as a table's row; nothing was written — DocuGraph sets a task's state only in a box (\`- [ ] T001 …\`): change its status cell by hand`, { path: node.path, line: item.line });
  }
  // A box that stands for a range of tasks (`- [x] T009-T017 …`: D-565) holds their state together: setting one would set them all.
  if (items.some((other) => other !== item && other.line === item.line && other.box !== null)) {
    throw new WriteRefusedError(`\`${node.path}\`:${item.line}: \`${id}\` shares its box with other tasks (a range or a list of ids in one box); nothing was written — write its tasks one per box, or change that box by hand`, { path: node.path, line: item.line });
  }
  const splice = spliceBox(raw, item.line, box);
  if (!splice.ok) throw new WriteRefusedError(`\`${node.path}\`: ${splice.message}; nothing was written`, { path: node.path });
  return { from: BOX_STATUS[item.box], to, line: item.line, text: splice.text };
}

/** A document: its frontmatter's `status`, set to the configured word for `state`. */
function statusEdit(raw: string, node: DocNode, state: TaskState, config: WorkspaceConfig): Edit {
  const key = config.fields.status;
  const words = config.status.write ?? DEFAULT_STATUS_WRITE;
  const to = state === 'done' ? (config.status.done[0] ?? 'done') : state === 'in_progress' ? words.in_progress : words.todo;
  const fm = parseFrontmatter(normalize(raw));
  if (fm.kind === 'invalid') throw new WriteRefusedError(`\`${node.path}\`:${fm.line}: ${fm.message}; nothing was written — DocuGraph never repairs frontmatter: fix it, then try again`, { path: node.path, line: fm.line });
  if (fm.kind === 'none') throw new WriteRefusedError(`\`${node.path}\` has no frontmatter to hold a \`${key}\`; nothing was written`, { path: node.path });
  const current = fm.data[key];
  const from = typeof current === 'string' ? current : null;
  if (from !== null && normalStatus(from) === normalStatus(to)) return { from, to: from, line: null, text: null };
  const splice = spliceStatus(raw, key, to);
  if (!splice.ok) throw new WriteRefusedError(`\`${node.path}\`${splice.line === null ? '' : `:${splice.line}`}: ${splice.message}; nothing was written`, { path: node.path, line: splice.line });
  return { from, to, line: null, text: splice.text };
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file's text as it is (a BOM and `\r` kept); a file that is not UTF-8 is refused. */
function decode(bytes: Uint8Array, path: string): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new WriteRefusedError(`\`${path}\` is not valid UTF-8; nothing was written`, { path });
  }
}

function normalize(raw: string): string {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
