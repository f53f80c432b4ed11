/**
 * The trace tag grammar (TRACE §5) on hand-written lines: the comment styles of TS/JS, Python,
 * Go, Rust, shell, HTML/Markdown, YAML and templates; several ids; the ends of comments; and
 * near misses that are not tags.
 */
import { describe, expect, it } from 'vitest';
import { parseTraceTags } from '../../../src/core/parse/trace-tags.js';

const tags = (text: string) => parseTraceTags(text).map((t) => `${t.line} ${t.relation} ${t.ids.join(',')}`);

describe('trace tags', () => {
  it('are read in the comments of every language, whatever the comment syntax', () => {
    const file = [
      '// docugraph: implements REQ-01', // TS, JS, Go, Rust, C
      '# docugraph: verifies REQ-02', // Python, shell, YAML, Ruby
      '-- docugraph: refines REQ-03', // SQL, Lua, Haskell
      '<!-- docugraph: related REQ-04 -->', // HTML, Markdown
      '/* docugraph: implements REQ-05 */ int x;', // C block
      ' * docugraph: verifies REQ-06', // inside a doc comment
      '{# docugraph: implements REQ-07 #}', // Jinja, Twig
      '/// docugraph: implements REQ-08', // Rust doc comment
      'key: value # docugraph: verifies REQ-09', // YAML, after a value
      '"""docugraph: implements REQ-10"""', // a Python docstring: a string is read like a comment
    ].join('\n');
    expect(tags(file)).toEqual(['1 implements REQ-01', '2 verifies REQ-02', '3 refines REQ-03', '4 related REQ-04', '5 implements REQ-05', '6 verifies REQ-06', '7 implements REQ-07', '8 implements REQ-08', '9 verifies REQ-09', '10 implements REQ-10']);
  });

  it('name several ids, separated by commas and/or spaces, each once', () => {
    expect(tags('// docugraph: implements REQ-01, REQ-02 REQ-03,REQ-04 ,  REQ-01')).toEqual(['1 implements REQ-01,REQ-02,REQ-03,REQ-04']);
    expect(tags('#docugraph:verifies\tA.1_b-2')).toEqual(['1 verifies A.1_b-2']);
    expect(tags('// docugraph:   implements   X')).toEqual(['1 implements X']);
  });

  it('end at the end of the line or of the comment (star-slash, -->, #})', () => {
    expect(tags('/* docugraph: implements A, B */ call(C);')).toEqual(['1 implements A,B']);
    expect(tags('<!-- docugraph: verifies A B-->text')).toEqual(['1 verifies A,B']);
    expect(tags('{# docugraph: refines A#} {{ B }}')).toEqual(['1 refines A']);
    expect(tags('// docugraph: implements A\nB C')).toEqual(['1 implements A']);
    // An id runs to a separator: what follows something else is not read.
    expect(tags('// docugraph: implements REQ-01 (the limits); see REQ-02')).toEqual(['1 implements REQ-01']);
    expect(tags('// docugraph: implements REQ-01\r')).toEqual(['1 implements REQ-01']);
  });

  it('are found several times on one line, and counted by line', () => {
    expect(tags('a\n\nx(); /* docugraph: implements A */ y(); /* docugraph: verifies B */\n// docugraph: related C')).toEqual(['3 implements A', '3 verifies B', '4 related C']);
  });

  it('near misses are not tags', () => {
    for (const line of [
      '// docugraph implements REQ-01', // no colon
      '// docugraph: implement REQ-01', // not a relation
      '// docugraph: Implements REQ-01', // relations are lower case
      '// DocuGraph: implements REQ-01', // the mark is lower case
      '// docugraph: depends_on REQ-01', // not a trace relation
      '// docugraph: supersedes REQ-01',
      '// docugraph: implementsREQ-01', // no space after the relation
      '// docugraph: implements', // no id
      '// docugraph: implements ', // no id
      '// docugraph: implements -REQ', // an id starts with a letter or digit
      '// docugraph: implements */ REQ-01', // the comment ended first
      '// mydocugraph: implements REQ-01', // another word
      '// x-docugraph: implements REQ-01',
      '// docugraph:: implements REQ-01',
    ]) {
      expect(tags(line), line).toEqual([]);
    }
  });

  it('a file without the mark costs one search, and a long line is read once', () => {
    expect(parseTraceTags('nothing here\n'.repeat(1000))).toEqual([]);
    const many = Array.from({ length: 5000 }, (_, i) => `R-${i}`).join(', ');
    expect(parseTraceTags(`// docugraph: verifies ${many}`)[0]!.ids).toHaveLength(5000);
  });
});
