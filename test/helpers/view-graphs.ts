/**
 * Generated graphs for the view's layout tests (issue 58), seeded: spec-kit features of about
 * 100 items each (15 % requirements; 45 % criteria, each refining a requirement; 40 % tasks
 * implementing one to three criteria of their feature, a third also depending on an earlier
 * task), plus a few documents in plain folders and a few edges between features.
 */
export interface ViewGraph {
  readonly ids: string[];
  readonly paths: string[];
  readonly edges: number[];
  readonly group: number[];
  readonly groups: string[];
}

export function specGraph(n: number, seed = 58): ViewGraph {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const ids: string[] = [];
  const paths: string[] = [];
  const group: number[] = [];
  const groups = [''];
  const edges: number[] = [];
  const features = Math.max(1, Math.round(n / 100));
  const per = Math.ceil(n / features);
  for (let f = 0; f < features && ids.length < n; f += 1) {
    const name = `.kiro/specs/feature-${String(f).padStart(3, '0')}`;
    groups.push(name);
    const g = groups.length - 1;
    const size = Math.min(per, n - ids.length);
    const reqs: number[] = [];
    const crits: number[] = [];
    const tasks: number[] = [];
    for (let k = 0; k < size; k += 1) {
      const i = ids.length;
      const kind = k < Math.max(1, Math.round(size * 0.15)) ? 'R' : k < Math.round(size * 0.6) ? 'C' : 'T';
      ids.push(`f${String(f).padStart(3, '0')}/${kind}${String(k).padStart(3, '0')}`);
      paths.push(`${name}/${kind === 'T' ? 'tasks' : 'requirements'}.md`);
      group.push(g);
      if (kind === 'R') reqs.push(i);
      else if (kind === 'C') {
        crits.push(i);
        edges.push(i, reqs[Math.floor(rand() * reqs.length)]!, 3);
      } else {
        const pool = crits.length > 0 ? crits : reqs;
        const cites = 1 + Math.floor(rand() * 3);
        const picked = new Set<number>();
        for (let c = 0; c < cites; c += 1) picked.add(pool[Math.floor(rand() * pool.length)]!);
        for (const to of picked) edges.push(i, to, 1);
        if (tasks.length > 0 && rand() < 0.3) edges.push(i, tasks[Math.floor(rand() * tasks.length)]!, 0);
        tasks.push(i);
      }
    }
  }
  // A few cross-feature dependencies, between tasks of different features.
  const count = ids.length;
  for (let k = 0; k < Math.floor(count / 50); k += 1) {
    const a = Math.floor(rand() * count);
    const b = Math.floor(rand() * count);
    if (group[a] !== group[b] && ids[a]!.includes('/T') && ids[b]!.includes('/T')) edges.push(a, b, 0);
  }
  // Ids sorted, as a payload's are: renumber.
  const order = ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));
  const at = new Int32Array(count);
  order.forEach((old, k) => (at[old] = k));
  return {
    ids: order.map((i) => ids[i]!),
    paths: order.map((i) => paths[i]!),
    group: order.map((i) => group[i]!),
    groups,
    edges: edges.map((v, k) => (k % 3 === 2 ? v : at[v]!)),
  };
}

/** `n` documents in `folders` folders (`docs/f000/…`), each depending on 0–3 earlier ones anywhere: many links between folders, as bench/generate.mjs's workspaces have. */
export function folderGraph(n: number, folders: number, seed = 27): ViewGraph {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  const ids: string[] = [];
  const paths: string[] = [];
  const edges: number[] = [];
  for (let i = 0; i < n; i += 1) {
    ids.push(`DOC-${String(i).padStart(5, '0')}`);
    paths.push(`docs/f${String(i % folders).padStart(3, '0')}/doc-${i}.md`);
    const deps = i === 0 ? 0 : Math.floor(rand() * 4);
    const seen = new Set<number>();
    for (let d = 0; d < deps; d += 1) {
      const to = Math.floor(rand() * i);
      if (seen.has(to)) continue;
      seen.add(to);
      edges.push(i, to, 0);
    }
  }
  return { ids, paths, edges, group: ids.map(() => 0), groups: [''] };
}
