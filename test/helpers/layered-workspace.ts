/**
 * A generated workspace whose context bundle is large: the task `TASK` on top of `layers`
 * layers of `width` documents, each depending on one to three documents of the next layer
 * down, with bodies of about `bodyBytes` bytes (seeded, so the same seed gives the same files).
 */
import type { Rng } from './prng.js';

export interface LayeredOptions {
  readonly layers: number;
  readonly width: number;
  readonly bodyBytes: number;
}

const WORDS = ['the', 'service', 'stores', 'each', 'project', 'with', 'an', 'owner', 'and', 'a', 'déjà', 'vu', 'limit', 'per', 'request', '—'];

/** `{ path: text }` of the workspace; the task is `tasks/TASK.md` with id `TASK`. */
export function layeredWorkspace(rng: Rng, options: LayeredOptions): Record<string, string> {
  const id = (layer: number, index: number) => `L${layer}-${String(index).padStart(3, '0')}`;
  const below = (layer: number) => {
    if (layer > options.layers) return [];
    const picks = new Set<string>();
    for (let k = rng.int(1, 3); k > 0; k -= 1) picks.add(id(layer, rng.int(0, options.width - 1)));
    return [...picks];
  };
  const body = () => {
    let text = '';
    while (text.length < options.bodyBytes) {
      let line = '';
      for (let k = rng.int(6, 14); k > 0; k -= 1) line += `${rng.pick(WORDS)} `;
      text += `${line.trimEnd()}.\n${rng.chance(0.2) ? '\n' : ''}`;
    }
    return text;
  };
  const files: Record<string, string> = {};
  // Every document of layer 1 is required by the task, so each layer is reached whole.
  const top = Array.from({ length: options.width }, (_, i) => id(1, i));
  files['tasks/TASK.md'] = `---\nid: TASK\ntitle: The task\ntype: task\ndepends_on: [${top.join(', ')}]\n---\n# The task\n\n${body()}`;
  for (let layer = 1; layer <= options.layers; layer += 1) {
    for (let i = 0; i < options.width; i += 1) {
      const deps = below(layer + 1);
      const fields = `id: ${id(layer, i)}\ntitle: Layer ${layer} document ${i}\n${deps.length > 0 ? `depends_on: [${deps.join(', ')}]\n` : ''}`;
      files[`docs/layer-${layer}/${id(layer, i)}.md`] = `---\n${fields}---\n# Layer ${layer}, document ${i}\n\n${body()}`;
    }
  }
  return files;
}
