/**
 * The view's layout (issue 58), in Node with the same ELK the page runs: groups by feature or
 * folder; in a group, each dependency left of what depends on it; the same graph, the same
 * picture; and, on generated graphs of 50, 800 and 5,000 nodes, no two boxes overlapping and no
 * edge through a box other than its ends (checked from the picture's own data).
 */
import { describe, expect, it } from 'vitest';
import ElkBundled from 'elkjs/lib/elk.bundled.js';
import type { ELK, ELKConstructorArguments, ElkNode } from 'elkjs/lib/elk-api.js';
import { buildViewModel, loadWorkspace, VIEW_FLAGS } from '../../src/core/index.js';
import { groupsOf } from '../../web/groups.js';
import { GROUP_H, GROUP_W, KEPT_LAYOUTS, layoutPicture, type Picture, type PictureSpec } from '../../web/layout.js';
import { checkPicture, segmentThrough } from '../helpers/picture-check.js';
import { DEMO } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';
import { folderGraph, specGraph } from '../helpers/view-graphs.js';
import { linksOf, linksOfGroups, MANY_LINKS } from '../../web/shelves.js';
import { indexModel } from '../../web/model.js';
import { shownOf } from '../../web/shown.js';

const Elk = ElkBundled as unknown as new (args?: ELKConstructorArguments) => ELK;
const elk = new Elk({ algorithms: ['layered'] });

/** The picture of `model` with the groups named by `opened` (index) open, every node shown. */
function picture(model: Parameters<typeof groupsOf>[0] & { edges: readonly number[] }, opened: (g: number, names: readonly string[]) => boolean): Promise<Picture> {
  const groups = groupsOf(model);
  const shown = new Map(groups.members.map((m, g) => [g, m] as const));
  const open = new Set([...shown.keys()].filter((g) => opened(g, groups.names)));
  const spec: PictureSpec = { edges: model.edges, groupOf: groups.of, shown, open, aspect: 1.6 };
  return layoutPicture(elk, spec, new Map());
}

describe('groups', () => {
  it('are a spec kit feature folder for its items, else the folder of the file; (top) for the top folder', () => {
    const groups = groupsOf({
      ids: ['A', 'auth/R1', 'B', 'C'],
      paths: ['docs/a.md', '.kiro/specs/auth/requirements.md', 'docs/b.md', 'readme.md'],
      group: [0, 1, 0, 0],
      groups: ['', '.kiro/specs/auth'],
    });
    expect(groups.names).toEqual(['(top)', '.kiro/specs/auth', 'docs']);
    expect([...groups.of]).toEqual([2, 1, 2, 0]);
    expect(groups.members).toEqual([[3], [1], [0, 2]]);
  });
});

describe('layout', () => {
  it('puts each dependency left of what depends on it across the demo, every group open, every edge routed', async () => {
    const model = buildViewModel(loadWorkspace(DEMO));
    const laid = await picture(model, () => true);
    expect(laid.items.size).toBe(model.ids.length);
    expect(laid.links).toEqual([]);
    expect(laid.routes).toHaveLength(model.edges.length / 3);
    expect(checkPicture(laid, groupsOf(model).of)).toEqual({ overlaps: [], through: [] });
    let checked = 0;
    for (let k = 0; k < model.edges.length; k += 3) {
      const [from, to] = [model.edges[k]!, model.edges[k + 1]!];
      if (model.flags[from]! & VIEW_FLAGS.cycle) continue;
      const a = laid.items.get(from)!;
      const b = laid.items.get(to)!;
      expect(b.x + b.w, `${model.ids[from]} depends on ${model.ids[to]}`).toBeLessThan(a.x);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('above a few hundred nodes, lays each open group out alone and links groups by their counts', async () => {
    const graph = specGraph(400);
    const groups = groupsOf(graph);
    const laid = await picture(graph, () => true);
    expect(laid.items.size).toBe(400);
    let across = 0;
    for (let k = 0; k < graph.edges.length; k += 3) if (groups.of[graph.edges[k]!] !== groups.of[graph.edges[k + 1]!]) across += 1;
    expect(across).toBeGreaterThan(0);
    expect(laid.links.reduce((sum, link) => sum + link.count, 0)).toBe(across);
    expect(laid.routes).toHaveLength(graph.edges.length / 3 - across);
    expect(checkPicture(laid, groups.of)).toEqual({ overlaps: [], through: [] });
  }, 30_000);

  it('reads requirement → refinement → implementation → test from left to right', async () => {
    const root = testdir({
      'req.md': doc({ id: 'REQ-1', title: 'r' }),
      'spec.md': doc({ id: 'SPEC-1', title: 's', refines: ['REQ-1'] }),
      'impl.md': doc({ id: 'IMPL-1', title: 'i', implements: ['SPEC-1'] }),
      'test.md': doc({ id: 'TEST-1', title: 't', verifies: ['IMPL-1'] }),
    });
    const model = buildViewModel(loadWorkspace(root));
    const laid = await picture(model, () => true);
    const x = (id: string) => laid.items.get(model.ids.indexOf(id))!.x;
    expect(x('REQ-1')).toBeLessThan(x('SPEC-1'));
    expect(x('SPEC-1')).toBeLessThan(x('IMPL-1'));
    expect(x('IMPL-1')).toBeLessThan(x('TEST-1'));
  });

  it('gives the same graph the same picture, and a closed group its overview box', async () => {
    const graph = specGraph(800);
    const first = await picture(graph, (g) => g === 3);
    const again = await picture(graph, (g) => g === 3);
    expect(JSON.stringify({ ...again, items: [...again.items] })).toBe(JSON.stringify({ ...first, items: [...first.items] }));
    const closed = first.groups.filter((box) => !box.open);
    expect(first.groups).toHaveLength(8);
    expect(closed).toHaveLength(7);
    for (const box of closed) expect([box.w, box.h]).toEqual([GROUP_W, GROUP_H]);
  });

  it.each([
    [50, 'every group open'],
    [800, 'the overview, two groups open'],
    [5000, 'the overview, one group open'],
  ])('%i nodes (%s): no boxes overlap, no edge passes through a box', async (n) => {
    const graph = specGraph(n);
    const laid = await picture(graph, (g) => n <= 150 || g === 1 || (n === 800 && g === 5));
    const groups = groupsOf(graph);
    expect(laid.items.size).toBe(n <= 150 ? n : groups.members[1]!.length + (n === 800 ? groups.members[5]!.length : 0));
    expect(laid.routes.length).toBeGreaterThan(0);
    if (n > 150) expect(laid.links.length).toBeGreaterThan(0);
    expect(checkPicture(laid, groups.of)).toEqual({ overlaps: [], through: [] });
  }, 30_000);
});

describe('shelves: the overview of groups with many links between them', () => {
  it('places the boxes on rows in group order and routes a group\'s links through the gutters and the lane, around every box', async () => {
    const graph = folderGraph(1000, 250);
    const groups = groupsOf(graph);
    const laid = await picture(graph, (g) => g === 7);
    expect(laid.shelves).toBeDefined();
    const shelves = laid.shelves!;
    expect(shelves.pairs.length).toBeGreaterThan(MANY_LINKS);
    expect(laid.links).toEqual([]);
    expect(laid.groups.map((box) => box.group)).toEqual(groups.names.map((_, g) => g));
    // Compact: about the window's shape (1.6), not a line of boxes.
    expect(laid.width / laid.height).toBeGreaterThan(0.8);
    expect(laid.width / laid.height).toBeLessThan(3.2);
    expect(laid.items.size).toBe(groups.members[7]!.length);
    for (let g = 0; g < groups.names.length; g += 1) {
      const links = linksOf(laid, shelves, g);
      expect(links.every((link) => link.from === g || link.to === g)).toBe(true);
      expect(links.reduce((sum, link) => sum + link.count, 0)).toBe(shelves.pairs.filter((p) => p.from === g || p.to === g).reduce((sum, p) => sum + p.count, 0));
      expect(checkPicture({ ...laid, links }, groups.of), `group ${g}`).toEqual({ overlaps: [], through: [] });
    }
    // What the page draws at once: the links of several groups (open, the keyboard's, the selected item's).
    for (const several of [[7, 8], [7, 28, 29, 46], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
      const links = linksOfGroups(laid, shelves, several);
      expect(new Set(links.map((link) => `${link.to}>${link.from}`)).size).toBe(links.length);
      expect(checkPicture({ ...laid, links }, groups.of), `groups ${several.join(', ')}`).toEqual({ overlaps: [], through: [] });
    }
    // Two groups linked both ways get two lines, not one drawn twice.
    const both = shelves.pairs.find((p) => shelves.pairs.some((q) => q.from === p.to && q.to === p.from))!;
    expect(both).toBeDefined();
    const [one, other] = [both.from, both.to].map((g) => linksOf(laid, shelves, g).find((link) => link.from === g && link.to === (g === both.from ? both.to : both.from))!);
    expect(JSON.stringify(one!.points)).not.toBe(JSON.stringify([...other!.points]));
  }, 60_000);
});

describe('the picture checker', () => {
  it('finds a box overlap and an edge through a box, and nothing on a clean picture', () => {
    const clean: Picture = {
      groups: [{ group: 0, open: true, x: 0, y: 0, w: 400, h: 100 }, { group: 1, open: false, x: 500, y: 0, w: 100, h: 100 }],
      items: new Map([[0, { x: 10, y: 40, w: 50, h: 20 }], [1, { x: 200, y: 40, w: 50, h: 20 }], [2, { x: 100, y: 40, w: 50, h: 20 }]]),
      routes: [{ from: 0, to: 2, kind: 0, points: [100, 50, 60, 50] }],
      links: [],
      width: 600,
      height: 100,
    };
    expect(checkPicture(clean, [0, 0, 0])).toEqual({ overlaps: [], through: [] });
    const planted: Picture = { ...clean, items: new Map([...clean.items, [2, { x: 230, y: 40, w: 50, h: 20 }]]), routes: [{ from: 0, to: 1, kind: 0, points: [250, 50, 300, 50, 300, 90, 5, 90, 5, 50, 10, 50] }] };
    expect(checkPicture(planted, [0, 0, 0])).toEqual({ overlaps: ['items 1 and 2'], through: ['edge 0→1 through item 2'] });
    // A line 8 px off its end is not attached to it.
    const adrift: Picture = { ...clean, routes: [{ from: 0, to: 2, kind: 0, points: [100, 58 + 8, 60, 58 + 8] }] };
    expect(checkPicture(adrift, [0, 0, 0]).through).toEqual(['edge 0→2 not attached to its items']);
    expect(segmentThrough(0, 0, 10, 0, { x: 0, y: 0, w: 10, h: 10 })).toBe(false);
    expect(segmentThrough(0, 5, 20, 5, { x: 5, y: 0, w: 10, h: 10 })).toBe(true);
  });
});

describe('what a window resize lays out again', () => {
  it('a picture with every group open (one compound graph) has the same key for any window shape; a picture of closed groups does not', () => {
    const graph = indexModel(buildViewModel(loadWorkspace(DEMO)));
    const names = new Set(graph.groups.names);
    const wide = shownOf(graph, null, names, 2.4);
    const tall = shownOf(graph, null, names, 0.8);
    expect(wide.key).toBe(tall.key);
    // Closed groups are laid out on shelves or by ELK to the window's shape.
    expect(shownOf(graph, null, new Set(), 2.4).key).not.toBe(shownOf(graph, null, new Set(), 0.8).key);
  });
});

describe("a payload's kept layouts", () => {
  it('keep the KEPT_LAYOUTS groups last used: a filter tried again is not laid out again, and the rest go', async () => {
    let calls = 0;
    // A stand-in for ELK that places every child at the top left (this test counts layouts; it does not look at them).
    const place = (node: ElkNode): ElkNode => ({ ...node, x: 0, y: 0, width: node.width ?? 200, height: node.height ?? 100, ...(node.children === undefined ? {} : { children: node.children.map(place) }) });
    const counting: Pick<ELK, 'layout'> = { layout: (async (graph: ElkNode) => ((calls += 1), place(graph))) as unknown as ELK['layout'] };
    const cache: Parameters<typeof layoutPicture>[2] = new Map();
    // An open group of 399 nodes and a closed one of one: each filter leaves the open group one node, a layout of its own.
    const groupOf = Int32Array.from({ length: 400 }, (_, i) => (i === 399 ? 1 : 0));
    const spec = (i: number): PictureSpec => ({ edges: [], groupOf, shown: new Map([[0, [i]], [1, [399]]]), open: new Set([0]), aspect: 1.6 });
    for (let i = 0; i < KEPT_LAYOUTS + 40; i += 1) await layoutPicture(counting, spec(i), cache);
    expect(cache.size).toBe(KEPT_LAYOUTS);
    const before = calls;
    // The last one is kept; the first went.
    await layoutPicture(counting, spec(KEPT_LAYOUTS + 39), cache);
    const kept = calls - before;
    await layoutPicture(counting, spec(0), cache);
    expect(calls - before - kept).toBeGreaterThan(kept);
    expect(cache.size).toBe(KEPT_LAYOUTS);
  });
});
