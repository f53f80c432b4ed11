#!/usr/bin/env node
/**
 * Spec kits on real repositories (issue 54): DocuGraph's reading of a repository's kit folders
 * against a gold set marked by hand before DocuGraph ran on it — items by kind, tasks readable
 * by their ids, references read as meant, and each reference finding (LINK_BROKEN,
 * COVERAGE_MISSING) judged real or false by the gold set.
 *
 *   node bench/kits-real.mjs <gold.json> <extracted repository> <kit>   (after npm run build)
 *
 * The gold files are in bench/gold/kits/ (their shape is in each kit README). The
 * repository folder holds the kit folders at the gold's commit; a copy of it with
 * `kits: [<kit>]` in docugraph.yml is what is loaded. Prints one JSON object.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const core = await import(fileURLToPath(new URL('../dist/core/index.js', import.meta.url)));
const [goldPath, repo, kit] = process.argv.slice(2);
const gold = JSON.parse(readFileSync(goldPath, 'utf8'));

/** The features the gold covers: scope → { folder, ids by kind, references }. */
function featuresOf() {
  const out = new Map();
  const add = (scope, folder, kinds, references) => out.set(scope, { folder, kinds, references: references ?? [] });
  for (const f of gold.features ?? []) {
    const scope = f.folder.split('/').pop();
    add(scope, f.folder, { requirement: f.requirements ?? [], criterion: f.criteria ?? [], task: f.tasks ?? [], story: f.stories ?? [] }, f.references);
  }
  for (const c of gold.capabilities ?? []) add(c.folder.split('/').pop(), c.folder, { requirement: c.requirements ?? [] });
  for (const c of gold.changes ?? []) {
    const name = c.folder.split('/').pop();
    const refines = (c.modified_or_removed ?? []).map((m) => ({ from: `change/${name}`, means: [m.refines], relation: 'refines', real_target_exists: m.real_target_exists }));
    add(`change/${name}`, c.folder, { task: c.tasks ?? [], requirement: c.added_requirements ?? [] }, [...(c.references ?? []), ...refines]);
  }
  if (gold.stories_file) add(gold.stories_file.path.split('/').pop().replace(/\.md$/, ''), gold.stories_file.path, { story: gold.stories_file.stories });
  return out;
}

/** DocuGraph's kind of an item type. */
const KIND = { requirement: 'requirement', 'acceptance-criterion': 'criterion', task: 'task', 'user-story': 'story', 'functional-requirement': 'requirement', 'success-criterion': 'requirement', 'non-functional-requirement': 'requirement' };

const root = mkdtempSync(join(tmpdir(), 'kits-real-'));
try {
  cpSync(repo, root, { recursive: true });
  writeFileSync(join(root, 'docugraph.yml'), `kits: [${kit}]\n`);
  const ws = core.loadWorkspace(root);
  const features = featuresOf();
  const inFeature = (id) => features.has(id.slice(0, id.lastIndexOf('/'))) || (id.startsWith('change/') && features.has(id.split('/').slice(0, 2).join('/')));
  const covered = (path) => [...features.values()].some((f) => path === f.folder || path.startsWith(`${f.folder}/`));
  // Items by kind: DocuGraph's ids against the gold's.
  const items = {};
  for (const [, f] of features) {
    for (const [kind, ids] of Object.entries(f.kinds)) {
      const row = (items[kind] ??= { gold: 0, read: 0, both: 0 });
      row.gold += ids.length;
      for (const id of ids) if (ws.nodes.get(id)?.item !== undefined && KIND[ws.nodes.get(id).type] === kind) row.both += 1;
    }
  }
  for (const id of ws.ids) {
    const node = ws.nodes.get(id);
    if (node.item === undefined || !inFeature(id) || !covered(node.path)) continue;
    const kind = KIND[node.type];
    if (kind !== undefined && items[kind] !== undefined) items[kind].read += 1;
  }
  // References: every id a gold reference means, read as an edge of its relation.
  const edge = (from, relation, to) => (relation === 'depends_on' ? (ws.upstream.get(from) ?? []).includes(to) : (ws.relationsOut.get(from) ?? []).some((e) => e.relation === relation && e.id === to));
  let meant = 0;
  let read = 0;
  const missed = [];
  const brokenMeant = new Set();
  const coveredIds = new Set();
  for (const [, f] of features) {
    for (const r of f.references) {
      for (const to of r.means ?? []) {
        if (r.real_target_exists === false) brokenMeant.add(`${r.from} ${to}`);
        if (r.relation === 'implements') coveredIds.add(to);
        if (r.real_target_exists === false || r.relation === 'refines') continue;
        meant += 1;
        if (edge(r.from, r.relation, to)) read += 1;
        else if (missed.length < 15) missed.push(`${r.from} ${r.relation} ${to} (${(r.written ?? '').slice(0, 60)})`);
      }
      for (const to of r.missing ?? []) brokenMeant.add(`${r.from} ${to}`);
    }
  }
  // Findings in the covered features, judged by the gold.
  const judged = { LINK_BROKEN: { real: 0, false: 0, examples: [] }, COVERAGE_MISSING: { real: 0, false: 0, examples: [] } };
  for (const d of ws.diagnostics) {
    if (!(d.code in judged) || !covered(d.path)) continue;
    const target = /`([^`]+)`/g;
    let real;
    if (d.code === 'LINK_BROKEN') {
      const named = [...d.message.matchAll(target)].map((m) => m[1]);
      // A delta spec's refines are the change's (the gold names the change).
      const node = d.nodeId ?? '';
      const from = node.startsWith('change/') && node.includes('/specs/') ? node.split('/').slice(0, 2).join('/') : node;
      real = named.some((to) => brokenMeant.has(`${from} ${to}`));
    } else {
      const id = d.nodeId;
      const requirement = id.replace(/\.\d+$/, '');
      real = !coveredIds.has(id) && !coveredIds.has(requirement);
    }
    const row = judged[d.code];
    row[real ? 'real' : 'false'] += 1;
    if (!real && row.examples.length < 8) row.examples.push(`${d.path}:${d.line} ${d.message.slice(0, 140)}`);
  }
  const others = {};
  for (const d of ws.diagnostics) if (covered(d.path) && !(d.code in judged)) others[d.code] = (others[d.code] ?? 0) + 1;
  const tasks = items.task ?? { gold: 0, both: 0 };
  process.stdout.write(`${JSON.stringify({ repo: gold.repo, commit: gold.commit, role: gold.role, items, tasksReadable: `${tasks.both}/${tasks.gold}`, references: { meant, read, missed }, findings: judged, others }, null, 1)}\n`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
