/**
 * The line scan that reads no code (parse/block-lines.ts `forEachLineOutsideFences`): what a
 * tasks.md's mapping table and a requirements.md's numbered lists are read with.
 */
import { describe, expect, it } from 'vitest';
import { forEachLineOutsideFences } from '../../../src/core/parse/block-lines.js';

const outside = (text: string): string[] => {
  const out: string[] = [];
  forEachLineOutsideFences(text, (line, index) => out.push(`${index}:${line}`));
  return out;
};

describe('forEachLineOutsideFences', () => {
  it('gives the lines outside fences with their indices, neither the fences\' own lines nor what they hold', () => {
    expect(outside('a\n```md\n| x |\n```\nb\n~~~~\n```\nstill code\n~~~~\n')).toEqual(['0:a', '4:b', '9:']);
  });

  it('closes a fence only with as many markers of its kind, at most three spaces in; four spaces in opens none', () => {
    expect(outside('````\n```\n  ````  \nafter\n    ```\nnot code\n')).toEqual(['3:after', '4:    ```', '5:not code', '6:']);
  });

  it('leaves an unclosed fence open to the end', () => {
    expect(outside('x\n```\ny\n')).toEqual(['0:x']);
  });
});
