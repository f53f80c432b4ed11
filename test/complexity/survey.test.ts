/**
 * Complexity: what `docugraph init` counts stays near-linear in the frontmatter it reads —
 * many files, each with its own extra key (the tallies grow with n), comma lists, and a
 * candidate id key whose values stay unique until the last file repeats one.
 */
import { describe, expect, it } from 'vitest';
import { surveyKeys } from '../../src/core/model/survey-keys.js';
import { parseFrontmatter } from '../../src/core/parse/frontmatter.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

describe('near-linear survey for init (issue 23)', () => {
  it('surveyKeys over n blocks, each with a key of its own and a comma list', () => {
    const build = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        path: `EIPS/eip-${i}.md`,
        frontmatter: parseFrontmatter(`---\neip: ${i === n - 1 ? 0 : i}\nref: R-${i}\nrequires: ${i + 1}, ${i + 2}\nkey-${i}: value ${i}\n---\n`),
      }));
    const r = measureRatio(build, (blocks) => void surveyKeys(blocks), { start: 1_000, max: 32_000 });
    expect(nearLinear(r), r.summary).toBe(true);
    // The last file repeats eip 0: `eip` is no id key, `ref` is.
    expect(surveyKeys(build(10)).idKey).toEqual({ key: 'ref', files: 10, numeric: false });
  }, 90_000);
});
