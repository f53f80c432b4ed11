/**
 * META-01 rev 3 §5, site style: which files may publish a page, the folder a page is published
 * as, and how "did you mean" writes a link to a page.
 */
import { describe, expect, it } from 'vitest';
import { namesAsset, pageLink, pageSources, publishedFolder } from '../../../src/core/check/site-pages.js';

describe('pageSources', () => {
  it('tries the spec order; `.html` and `.htm` only as `.md` and `.mdx`; a root only its index files', () => {
    expect(pageSources('docs/intro')).toEqual(['docs/intro.md', 'docs/intro.mdx', 'docs/intro/index.md', 'docs/intro/index.mdx', 'docs/intro/_index.md', 'docs/intro/README.md']);
    expect(pageSources('blog/post.html')).toEqual(['blog/post.md', 'blog/post.mdx']);
    expect(pageSources('blog/post.HTM')).toEqual(['blog/post.md', 'blog/post.mdx']);
    expect(pageSources('')).toEqual(['index.md', 'index.mdx', '_index.md', 'README.md']);
    expect(pageSources('..')).toEqual(['../index.md', '../index.mdx', '../_index.md', '../README.md']);
  });
});

describe('namesAsset', () => {
  it('a last segment with an extension other than `.html` names a file; a trailing `/`, a version or no extension a page', () => {
    for (const path of ['img/logo.png', '/files/guide.PDF', 'app.min.js', 'favicon.ico', 'data.json']) expect(namesAsset(path), path).toBe(true);
    for (const path of ['intro', '/docs/v1.x/', 'page.html', 'page.HTM', 'news/0.150.0', '/releases/v1.2', 'a.b/c', '.hidden', 'x.toolongext']) expect(namesAsset(path), path).toBe(false);
  });
});

describe('publishedFolder', () => {
  it('a page is published as a folder named after it; an index or README page as its own directory', () => {
    expect(publishedFolder('docs/intro.md')).toBe('docs/intro');
    expect(publishedFolder('intro.md')).toBe('intro');
    for (const name of ['index.md', '_index.md', 'README.md', 'readme.md', 'Index.mdx']) expect(publishedFolder(`docs/${name}`)).toBe('docs');
    expect(publishedFolder('README.md')).toBe('');
  });
});

describe('pageLink', () => {
  it('writes the page as the link was written: from the site root, or relative (to the published folder after a `/` link); ending as it did', () => {
    expect(pageLink('docs/install.md', 'docs/guide/usage.md', '../usage/', null)).toBe('../guide/usage/');
    expect(pageLink('docs/intro.md', 'docs/guides/setup.md', '/docs/setup', '')).toBe('/docs/guides/setup');
    expect(pageLink('content/en/a.md', 'content/en/docs/_index.md', '/doc/', 'content/en')).toBe('/docs/');
    expect(pageLink('content/en/a.md', 'content/en/_index.md', '/x/', 'content/en')).toBe('/');
    expect(pageLink('a.md', 'b.md', 'c.html', null)).toBe('b.html');
    expect(pageLink('docs/guides/setup.md', 'docs/intro.md', '../intr', null)).toBe('../intro');
    expect(pageLink('docs/guides/setup.md', 'docs/intro.md', '../intr/', null)).toBe('../../intro/');
    // A page outside the site root is written relative.
    expect(pageLink('docs/a.md', 'other/b.md', '/b', 'docs')).toBe('../other/b');
  });
});
