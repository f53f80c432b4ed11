import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFrom, resolvePath } from '../../../src/core/check/link-paths.js';

/** What the link check did before, with `posix`: join, normalize, trailing slash off; `..` out → null. */
function viaPosix(dir: string, path: string): string | null {
  const joined = path.startsWith('/') ? path.replace(/^\/+/, '') : posix.join(dir, path);
  const target = posix.normalize(joined === '' ? '.' : joined).replace(/\/+$/, '');
  if (target === '..' || target.startsWith('../')) return null;
  return target === '.' ? '' : target;
}

describe('resolvePath', () => {
  it('agrees with posix join + normalize on many generated paths', () => {
    const parts = ['a', 'b', '..', '.', '', 'c.md', '...', 'd e', '..x', '.h'];
    let seed = 1;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 20_000; i += 1) {
      const dir = Array.from({ length: Math.floor(rand() * 3) }, () => ['x', 'y', 'z'][Math.floor(rand() * 3)]).join('/');
      let path = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => parts[Math.floor(rand() * parts.length)]).join('/');
      if (rand() < 0.2) path = `/${path}`;
      if (rand() < 0.2) path = `${path}/`;
      const base = dir === '' ? [] : dir.split('/');
      const expected = viaPosix(dir === '' ? '.' : dir, path);
      expect(resolvePath(path.startsWith('/') ? [] : base, path), `${dir} + ${path}`).toBe(expected);
      expect(resolveFrom(path.startsWith('/') ? '' : dir, path), `${dir} + ${path}`).toBe(expected);
    }
  });
});
