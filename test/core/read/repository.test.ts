/**
 * Issue 10: the pieces behind own-repository URLs and the link root — remote URLs to web
 * pages, the `origin` remote in a git config, URL matching, the `.git` search, HTML anchors
 * and invisible characters.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkRootPath, workspacePath } from '../../../src/core/check/link-paths.js';
import { htmlAnchors } from '../../../src/core/parse/html-anchors.js';
import { invisibleCharacters, visibleSkeleton } from '../../../src/core/shared/invisible.js';
import { findLinkRoot } from '../../../src/core/read/link-root.js';
import { extractMarkdown } from '../../../src/core/parse/markdown.js';
import { originUrls, ownUrls, webUrlOf } from '../../../src/core/read/repository.js';
import { testdir } from '../../helpers/testdir.js';

describe('webUrlOf: a remote as the https page of the repository', () => {
  it.each([
    ['https://github.com/acme/docs', 'https://github.com/acme/docs'],
    ['https://github.com/acme/docs.git', 'https://github.com/acme/docs'],
    ['https://github.com/acme/docs/', 'https://github.com/acme/docs'],
    ['http://GitHub.com/acme/docs.git', 'https://github.com/acme/docs'],
    ['https://x-access-token:secret@github.com/acme/docs.git', 'https://github.com/acme/docs'],
    ['git@github.com:acme/docs.git', 'https://github.com/acme/docs'],
    ['github.com:acme/docs', 'https://github.com/acme/docs'],
    ['ssh://git@github.com/acme/docs.git', 'https://github.com/acme/docs'],
    ['ssh://git@github.com:22/acme/docs.git', 'https://github.com/acme/docs'],
    ['git://github.com/acme/docs', 'https://github.com/acme/docs'],
    ['https://gitlab.com/group/sub/docs.git', 'https://gitlab.com/group/sub/docs'],
    ['git@gitlab.com:group/docs.git', 'https://gitlab.com/group/docs'],
  ])('%s', (remote, page) => {
    expect(webUrlOf(remote)).toBe(page);
  });

  it.each(['https://example.com/acme/docs', 'git@bitbucket.org:acme/docs.git', 'https://github.com/acme', 'https://github.com/acme/docs/extra', '/srv/git/docs.git', '../docs', 'C:/repos/docs', 'https://github.com/acme/../x'])(
    'not a GitHub or GitLab repository: %s',
    (remote) => {
      expect(webUrlOf(remote)).toBeNull();
    },
  );
});

describe('originUrls: the origin remote in a git config', () => {
  it('reads `url` of `[remote "origin"]` only, any key case, quotes and comments removed', () => {
    const config = [
      '[core]',
      '\turl = https://github.com/not/this',
      '[remote "upstream"]',
      '\turl = https://github.com/not/upstream',
      '[Remote "origin"]   ; a comment',
      '\tURL = "git@github.com:acme/docs.git" # comment',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
      '\turl = https://gitlab.com/acme/docs',
      '[remote "origin2"]',
      '\turl = https://github.com/not/origin2',
    ].join('\n');
    expect(originUrls(config)).toEqual(['git@github.com:acme/docs.git', 'https://gitlab.com/acme/docs']);
  });

  it('a subsection name is case-sensitive, as in git', () => {
    expect(originUrls('[remote "Origin"]\nurl = https://github.com/a/b\n')).toEqual([]);
  });
});

describe('ownUrls: full URLs to the repository on a configured branch are paths', () => {
  const own = ownUrls(['https://github.com/acme/docs', 'https://gitlab.com/acme/docs'], ['main', 'release', 'release/2']);
  it.each([
    ['https://github.com/acme/docs/blob/main/docs/a.md#part', '/docs/a.md#part'],
    ['https://GITHUB.com/Acme/DOCS/blob/main/a.md', '/a.md'],
    ['http://github.com/acme/docs/tree/main/docs', '/docs'],
    ['https://github.com/acme/docs/blob/main', '/'],
    ['https://github.com/acme/docs/tree/main#readme', '/#readme'],
    ['https://github.com/acme/docs/blob/main?plain=1#L3', '/?plain=1#L3'],
    ['https://github.com/acme/docs/blob/release/2/x.md', '/x.md'],
    ['https://github.com/acme/docs/blob/release/3/x.md', '/3/x.md'],
    ['https://gitlab.com/acme/docs/-/blob/main/x.md', '/x.md'],
    ['https://gitlab.com/acme/docs/blob/main/x.md', '/x.md'],
  ])('%s → %s', (url, path) => {
    expect(own.pathOf(url)).toBe(path);
  });

  it.each([
    'https://github.com/acme/docs/blob/v1.0/a.md',
    'https://github.com/acme/docs/blob/Main/a.md',
    'https://github.com/acme/docs/blob/main2/a.md',
    'https://github.com/acme/docs/blob/0123abc/a.md',
    'https://github.com/acme/docs/raw/main/a.png',
    'https://github.com/acme/docs/issues/1',
    'https://github.com/acme/docs-two/blob/main/a.md',
    'https://github.com/acme/docs/-/blob/main/a.md',
    'https://github.com/acme/docs',
    'mailto:a@acme.test',
    'ftp://github.com/acme/docs/blob/main/a.md',
  ])('external: %s', (url) => {
    expect(own.pathOf(url)).toBeNull();
  });

  it('many prefixes, nested ones among them: each URL finds its own, by lookup (issue 21 §6)', () => {
    const prefixes = Array.from({ length: 100 }, (_, i) => `https://github.com/acme/r${i}`);
    const many = ownUrls([...prefixes, 'https://git.acme.test/group/sub/repo', 'https://git.acme.test/group/sub'], ['main']);
    expect(many.pathOf('https://github.com/acme/r57/blob/main/x.md')).toBe('/x.md');
    expect(many.pathOf('https://github.com/ACME/R99/tree/main/docs')).toBe('/docs');
    expect(many.pathOf('https://github.com/acme/r100/blob/main/x.md')).toBeNull();
    expect(many.pathOf('https://git.acme.test/group/sub/repo/-/blob/main/y.md')).toBe('/y.md');
    expect(many.pathOf('https://git.acme.test/group/sub/-/blob/main/z.md')).toBe('/z.md');
    expect(many.pathOf('https://git.acme.test/group/blob/main/z.md')).toBeNull();
  });

  it('writes a suggestion as a URL of the same kind', () => {
    expect(own.urlFor('https://github.com/Acme/docs/tree/main/gone/x.md#a', 'docs/a.md')).toBe('https://github.com/Acme/docs/tree/main/docs/a.md');
  });
});

describe('findLinkRoot', () => {
  it('the nearest directory at or above the workspace with a `.git` entry', () => {
    const root = testdir({ '.git/config': '', 'a/b/c/x.md': '' });
    expect(findLinkRoot(join(root, 'a', 'b'), 'repository')).toEqual({ path: root, workspaceDir: ['a', 'b'], repository: true, gitDirectory: true });
    expect(findLinkRoot(root, 'repository')).toEqual({ path: root, workspaceDir: [], repository: true, gitDirectory: true });
  });

  it('`workspace`: the workspace root, a repository only when it holds `.git` itself', () => {
    const root = testdir({ '.git': 'gitdir: x', 'a/.git/config': '', 'b/x.md': '' });
    expect(findLinkRoot(join(root, 'b'), 'workspace')).toEqual({ path: join(root, 'b'), workspaceDir: [], repository: false, gitDirectory: false });
    expect(findLinkRoot(join(root, 'a'), 'workspace')).toEqual({ path: join(root, 'a'), workspaceDir: [], repository: true, gitDirectory: true });
    expect(findLinkRoot(join(root, 'b'), 'repository')).toEqual({ path: root, workspaceDir: ['b'], repository: true, gitDirectory: false });
  });
});

describe('paths between the workspace and the link root', () => {
  it.each([
    ['docs/a.md', ['docs'], 'a.md'],
    ['docs', ['docs'], ''],
    ['README.md', ['docs'], '../README.md'],
    ['', ['docs', 'sub'], '../..'],
    ['docs/other/x.md', ['docs', 'sub'], '../other/x.md'],
    ['x.md', [], 'x.md'],
  ])('%s with the workspace at %j is %s', (linkPath, dir, path) => {
    expect(workspacePath(linkPath, dir)).toBe(path);
    expect(linkRootPath(path, dir)).toBe(linkPath);
  });
});

describe('explicit HTML anchors', () => {
  const anchors = (html: string) => {
    const out: string[] = [];
    htmlAnchors(html, out);
    return out;
  };

  it('`id` on any element, `name` only on `<a>`, any case, any quoting, entities decoded', () => {
    expect(anchors('<a name="n1"></a><A NAME=n2><span id=\'s1\' name="no"><div\n  class="x"\n  ID="d&amp;1"><img name="no2" id="i1"/><a id="" name="">')).toEqual(['n1', 'n2', 's1', 'd&1', 'i1']);
  });

  it('nothing from comments, declarations, unclosed tags or broken attributes', () => {
    expect(anchors('<!-- <a id="c"> --><!DOCTYPE html><?php id="p" ?><![CDATA[<a id="x">]]><a id="ok"><a id="open"')).toEqual(['ok']);
    expect(anchors('<a id="unterminated>')).toEqual([]);
    expect(anchors('<a"id="q"><b id=ok2>')).toEqual(['ok2']);
  });

  it('a long run of unclosed tags is scanned in one pass', () => {
    const html = '<a x '.repeat(50_000);
    expect(anchors(html)).toEqual([]);
  });

  it('extractMarkdown collects them from HTML blocks, inline HTML and headings, not from code or image descriptions', () => {
    const body = '<div id="top">\n\n</div>\n\n# Title <a name="t"></a>\n\nText <span id="s">x</span> `<a id="code">` ![<a id="alt">](i.png)\n\n```\n<a id="fence">\n```\n';
    const info = extractMarkdown(body, 3);
    expect(info.htmlAnchors).toEqual(['top', 't', 's']);
    // The space before the tag stays in the heading text, as on GitHub.
    expect(info.anchors).toEqual(['title-']);
    expect(info.lineCount).toBe(2 + 11);
  });
});

describe('invisible characters', () => {
  it('are listed once each, as code points; U+0020 is not one', () => {
    expect(invisibleCharacters('a\u200Bb\u00A0c\u200B d\u00AD\uFEFF')).toEqual(['U+200B', 'U+00A0', 'U+00AD', 'U+FEFF']);
  });

  it('the visible skeleton ignores case and invisible characters, and sees every space as one', () => {
    expect(visibleSkeleton('Set\u200Bup\u00A0Now')).toBe(visibleSkeleton('setup now'));
    expect(visibleSkeleton('a-b')).not.toBe(visibleSkeleton('a b'));
  });
});
