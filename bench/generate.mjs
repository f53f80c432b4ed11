/**
 * A deterministic (seeded) generator of realistic docs-as-code workspaces for the benchmark:
 * nested folders, frontmatter with 0–4 `depends_on`, 1–4 KB bodies with headings, relative
 * links with anchors, external links, code blocks with link-like text, tables, READMEs
 * without frontmatter, an ignored drafts folder, and a sprinkling of defects (broken links
 * and anchors, unknown and cyclic dependencies, invalid YAML, missing and duplicate ids).
 *
 *   node bench/generate.mjs <dir> <documents> [seed]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import GithubSlugger from 'github-slugger';

/** mulberry32: a small, fast, seedable PRNG (numbers in [0, 1)). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'project team api request response schema table index query cache token user account billing plan limit ' +
  'error retry timeout queue worker event stream audit log metric alert deploy release rollback migration ' +
  'database postgres index vacuum backup restore archive search filter sort page cursor batch import export ' +
  'webhook signature secret rotate policy role permission member invite owner admin tenant region latency ' +
  'throughput budget contract version deprecate feature flag experiment rollout cohort dashboard report'
).split(' ');
const TYPES = ['task', 'task', 'task', 'spec', 'decision', 'requirement', 'doc', 'experiment'];
const STATUSES = ['todo', 'in-progress', 'done', 'draft', 'approved', 'accepted'];

/** Writes a workspace of `count` documents into `dir` (emptied first). Returns a summary. */
export function generateWorkspace(dir, count, seed = 42) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = () => {
    const w = words(2 + Math.floor(rand() * 5));
    return w.charAt(0).toUpperCase() + w.slice(1);
  };

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  // 1. Plan every document first (path, id, headings) so that links and anchors can point at real targets.
  const areas = Math.max(1, Math.round(Math.sqrt(count) / 4));
  const docs = [];
  for (let i = 0; i < count; i += 1) {
    const id = `${pick(['BE', 'FE', 'OPS', 'DEC', 'REQ', 'SPEC', 'EXP'])}-${String(i).padStart(6, '0')}`;
    const depth = 1 + Math.floor(rand() * 3);
    const folder = ['docs', `area-${Math.floor(rand() * areas)}`, `part-${Math.floor(rand() * 8)}`, `sub-${Math.floor(rand() * 4)}`].slice(0, depth + 1).join('/');
    const slug = words(2).replace(/ /g, '-');
    const headings = Array.from({ length: 2 + Math.floor(rand() * 5) }, (_, k) => (k === 1 && rand() < 0.3 ? 'Notes' : title()));
    if (rand() < 0.2) headings.push('Notes');
    docs.push({ id, path: `${folder}/${id.toLowerCase()}-${slug}.md`, title: title(), headings });
  }
  const anchorsOf = (doc) => {
    const slugger = new GithubSlugger();
    return [slugger.slug(doc.title), ...doc.headings.map((h) => slugger.slug(h))];
  };

  // Dependencies point at earlier documents (a DAG), with a few unknown ids, and one small
  // cycle per 2 000 documents and a self-dependency per 5 000, all among the last documents
  // (so that the documents that hit them, downstream, are few and most bundles still build).
  for (let i = 0; i < docs.length; i += 1) {
    const deps = [];
    const depCount = Math.floor(rand() * 5);
    for (let k = 0; k < depCount && i > 0; k += 1) {
      if (rand() < 0.004) deps.push(`MISSING-${Math.floor(rand() * 1000)}`);
      else deps.push(docs[Math.max(0, i - 1 - Math.floor(rand() * Math.min(i, 200)))].id);
    }
    docs[i].deps = deps;
  }
  const n = docs.length;
  for (let k = 0; k < Math.floor(n / 2000); k += 1) docs[n - 8 - 6 * k].deps.push(docs[n - 5 - 6 * k].id);
  for (let k = 0; k < Math.floor(n / 2000); k += 1) docs[n - 5 - 6 * k].deps.push(docs[n - 8 - 6 * k].id);
  for (let k = 0; k < Math.floor(n / 5000); k += 1) docs[n - 1 - 6 * k].deps.push(docs[n - 1 - 6 * k].id);

  // 2. Write them.
  let bytes = 0;
  const readmes = new Set();
  for (let i = 0; i < docs.length; i += 1) {
    const doc = docs[i];
    const deps = doc.deps;
    const defect = rand();
    const fm = ['---'];
    if (defect < 0.002) fm.push(`title: "${doc.title}"`);
    else fm.push(`id: ${defect < 0.003 && i > 0 ? docs[i - 1].id : doc.id}`, `title: ${doc.title}`);
    fm.push(`type: ${pick(TYPES)}`, `status: ${pick(STATUSES)}`);
    if (deps.length === 1 && rand() < 0.5) fm.push(`depends_on: ${deps[0]}`);
    else if (deps.length > 0 && rand() < 0.5) fm.push(`depends_on: [${deps.join(', ')}]`);
    else if (deps.length > 0) fm.push('depends_on:', ...deps.map((d) => `  - ${d}`));
    if (defect > 0.998) fm.push('owner: [unclosed');
    if (rand() < 0.3) fm.push(`owner: ${pick(['backend', 'frontend', 'platform', 'product'])}`, `tags: [${words(2).replace(' ', ', ')}]`);
    fm.push('---', '');

    const targetSize = 1024 + Math.floor(3072 * rand() * rand());
    const body = [`# ${doc.title}`, ''];
    let size = 0;
    let section = 0;
    const link = () => {
      const target = docs[Math.floor(rand() * docs.length)];
      let href = posix.relative(posix.dirname(doc.path), target.path);
      const r = rand();
      if (r < 0.01) href = href.replace(/\.md$/, '-gone.md');
      const anchors = anchorsOf(target);
      if (r > 0.5) href += `#${r > 0.99 ? 'no-such-heading' : anchors[Math.floor(rand() * anchors.length)]}`;
      return `[${words(2)}](${href})`;
    };
    while (size < targetSize) {
      const kind = rand();
      let block;
      if (kind < 0.18 && section < doc.headings.length) block = `## ${doc.headings[section++]}`;
      else if (kind < 0.55) block = `${words(10 + Math.floor(rand() * 25))} ${link()} ${words(8)}${rand() < 0.3 ? ` see ${link()}.` : '.'}`;
      else if (kind < 0.7) block = `${words(12)} [docs](https://example.com/${pick(WORDS)}/${Math.floor(rand() * 100)}) and <https://example.org/${pick(WORDS)}> ${words(6)}.`;
      else if (kind < 0.8) block = ['```ts', `// see [not a link](missing-${Math.floor(rand() * 100)}.md) and \`[x](y.md)\``, `const ${pick(WORDS)} = ${Math.floor(rand() * 1000)};`, '```'].join('\n');
      else if (kind < 0.9) block = ['| item | owner | link |', '|---|---|---|', ...Array.from({ length: 2 + Math.floor(rand() * 3) }, () => `| ${words(2)} | ${pick(WORDS)} | ${link()} |`)].join('\n');
      else block = `- ${words(6)} \`[code](not-checked.md)\`\n- ${words(5)} ${link()}\n- ${words(7)}`;
      body.push(block, '');
      size += block.length + 2;
    }
    while (section < doc.headings.length) body.push(`## ${doc.headings[section++]}`, '', words(12), '');
    const text = `${fm.join('\n')}${body.join('\n')}`;
    const full = join(dir, doc.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    bytes += Buffer.byteLength(text);

    const folder = posix.dirname(doc.path);
    if (!readmes.has(folder) && rand() < 0.3) {
      readmes.add(folder);
      const readme = `# ${folder}\n\nStart with [${doc.id}](${posix.basename(doc.path)}#${anchorsOf(doc)[0]}).\n`;
      writeFileSync(join(dir, folder, 'README.md'), readme);
      bytes += readme.length;
    }
  }
  writeFileSync(join(dir, '.docugraphignore'), 'drafts/\n');
  mkdirSync(join(dir, 'drafts'), { recursive: true });
  writeFileSync(join(dir, 'drafts', 'wip.md'), '---\ntitle: no id here\n---\n[broken](nowhere.md)\n');
  return { documents: count, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, count, seed] = process.argv.slice(2);
  if (dir === undefined || count === undefined) {
    process.stderr.write('usage: node bench/generate.mjs <dir> <documents> [seed]\n');
    process.exit(2);
  }
  const summary = generateWorkspace(dir, Number(count), seed === undefined ? 42 : Number(seed));
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}
