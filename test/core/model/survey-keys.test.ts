/**
 * What `docugraph init` reads from frontmatter (META-01 §8): the id key, the dependency keys,
 * comma lists. Each case is small enough to count by hand.
 */
import { describe, expect, it } from 'vitest';
import { surveyKeys } from '../../../src/core/model/survey-keys.js';
import { parseFrontmatter } from '../../../src/core/parse/frontmatter.js';

const survey = (...texts: string[]) => surveyKeys(texts.map((text, i) => ({ path: `f${i}.md`, frontmatter: parseFrontmatter(text) })));
const fm = (yaml: string) => `---\n${yaml}\n---\n# x\n`;

describe('the id key', () => {
  it('is `id` as soon as one block has it', () => {
    expect(survey(fm('id: A'), fm('eip: 1'), fm('eip: 2'), fm('eip: 3')).idKey).toEqual({ key: 'id', files: 1, numeric: false });
  });

  it('else the key most blocks hold with id-like values, all different; whole numbers say so', () => {
    expect(survey(fm('eip: 1559\ntitle: A'), fm('eip: 20\ntitle: B'), fm('layout: x')).idKey).toEqual({ key: 'eip', files: 2, numeric: true });
    expect(survey(fm('kep: KEP-1'), fm('kep: 42'), fm('kep: KEP-3')).idKey).toEqual({ key: 'kep', files: 3, numeric: false });
  });

  it('is none when values repeat, are not id-like, are held by half the blocks or fewer, or by one block', () => {
    expect(survey(fm('eip: 1'), fm('eip: 1'), fm('eip: 2')).idKey).toBeNull();
    expect(survey(fm('ref: a b'), fm('ref: c'), fm('ref: d')).idKey).toBeNull();
    expect(survey(fm('eip: 1'), fm('eip: 2'), fm('x: 1'), fm('y: 2')).idKey).toBeNull();
    expect(survey(fm('eip: 1')).idKey).toBeNull();
  });

  it('titles, dates, ordering and routing keys are never ids, however unique', () => {
    expect(survey(fm('title: Intro\nweight: 1\nsidebar_position: 1\nslug: intro'), fm('title: Install\nweight: 2\nsidebar_position: 2\nslug: install')).idKey).toBeNull();
  });

  it('files without frontmatter, or with another tool\'s broken YAML, count as files only', () => {
    const result = survey('# no frontmatter\n', fm('tags: [a'), fm('eip: 1'), fm('eip: 2'));
    expect(result).toMatchObject({ files: 4, withFrontmatter: 2, idKey: { key: 'eip', files: 2 } });
  });
});

describe('dependency keys and comma lists', () => {
  it('every synonym with a value, most used first; empty values do not count', () => {
    const result = survey(fm('id: A\ndependencies: [B]'), fm('id: B\ndependencies: []'), fm('id: C\nrequires: A'), fm('id: D\ndependencies: [A]\nblocked_by: ""'));
    expect(result.dependencyKeys).toEqual([
      { key: 'dependencies', files: 2 },
      { key: 'requires', files: 1 },
    ]);
    expect(result.commaLists).toBeNull();
  });

  it('string values holding a comma are counted, the first as the example; integers are not strings', () => {
    const result = survey(fm('eip: 1\nrequires: 20, 165'), fm('eip: 2\nrequires: 20'), fm('eip: 3\nrequires: [1, "2, 3"]'), fm('eip: 4\nrequires: 7'));
    expect(result.commaLists).toEqual({ values: 2, example: 'requires: 20, 165' });
    expect(result.dependencyKeys).toEqual([{ key: 'requires', files: 4 }]);
  });

  it('depends_on itself is counted too (the proposal leaves it out of what to map)', () => {
    expect(survey(fm('id: A\ndepends_on: [B]')).dependencyKeys).toEqual([{ key: 'depends_on', files: 1 }]);
  });
});

describe('status words', () => {
  it('each normal form, with how many blocks hold it and how it was first written, most used first', () => {
    const result = survey(fm('eip: 1\nstatus: Moved'), fm('eip: 2\nstatus: moved'), fm('eip: 3\nstatus: Last Call'), fm('eip: 4\nstatus: Final'), fm('eip: 5\nstatus: [x]'), fm('eip: 6'), fm('eip: 7\nstatus: "  "'));
    expect(result.statuses).toEqual([
      { word: 'moved', written: 'Moved', files: 2 },
      { word: 'final', written: 'Final', files: 1 },
      { word: 'last-call', written: 'Last Call', files: 1 },
    ]);
  });

  it('free text is not a status word: too long, or not made of letters, digits and dashes', () => {
    expect(survey(fm('id: A\nstatus: waiting on: legal'), fm(`id: B\nstatus: ${'x'.repeat(41)}`)).statuses).toEqual([]);
  });
});
