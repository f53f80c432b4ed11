#!/usr/bin/env python3
"""
Splits docs/decisions.md (the decision log, one long file) into one file per decision under
docs/decisions/ (issue 56), run once: each `###`/`####` section and each top-level
`- **Decision.**` bullet of a topic is a decision; a topic's opening paragraphs stay in
docs/decisions.md, which becomes the index. Each decision gets frontmatter (id, title, type,
status, date — the earliest `git blame` date of its lines — and topic), its links rewritten
for its folder. Then it checks that nothing was lost: every word of the old file, in order,
is in the new files. Usage: python3 scripts/split-decisions.py <blame-times-file>
"""
import json, os, re, sys, datetime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, 'docs', 'decisions.md')
OUT = os.path.join(ROOT, 'docs', 'decisions')

if os.path.isdir(OUT) and os.listdir(OUT):
    sys.exit('docs/decisions/ exists already: the split was made once (issue 56, commit e6d3463); this script is kept as the record of how')
lines = open(SRC, encoding='utf-8').read().split('\n')
times = [int(t) for t in open(sys.argv[1]).read().split()]
assert len(times) >= len(lines) - 1, (len(times), len(lines))


def slug_heading(text):
    # github-slugger: lower case, punctuation removed, spaces to dashes
    s = text.strip().lower()
    s = re.sub(r"[^\w\- \u00C0-\uFFFF]", '', s)
    return s.replace(' ', '-')


def file_slug(title):
    s = re.sub(r'[`*_]', '', title.lower())
    s = re.sub(r'[^a-z0-9]+', '-', s).strip('-')
    return s[:50].rstrip('-') or 'decision'


preamble = []
topics = []  # {heading, intro:[lines], units:[{title, level, lines:[(n, text)]}]}
cur_topic = None
cur_unit = None
in_fence = False
i = 0
while i < len(lines):
    line = lines[i]
    n = i + 1
    fence = line.lstrip().startswith('```') or line.lstrip().startswith('~~~')
    if not in_fence and line.startswith('## '):
        cur_topic = {'heading': line[3:].strip(), 'intro': [], 'units': []}
        topics.append(cur_topic)
        cur_unit = None
    elif cur_topic is None:
        preamble.append(line)
    elif not in_fence and re.match(r'^#{3,6} ', line):
        level = len(line) - len(line.lstrip('#'))
        cur_unit = {'title': line[level + 1:].strip(), 'level': level, 'lines': [], 'heading_line': n}
        cur_topic['units'].append(cur_unit)
    elif not in_fence and line.startswith('- ') and not line.startswith('- **') and (cur_unit is None or cur_unit['level'] == 2):
        # A decision written without a bold title: its first clause is its title.
        joined = line[2:]
        k = i + 1
        while not re.search(r'[.;:](\s|$)', joined) and k < len(lines) and lines[k].startswith('  '):
            joined += ' ' + lines[k].strip()
            k += 1
        first = re.split(r'(?<=[^.])[.;:](?:\s|$)', joined, maxsplit=1)[0].strip()
        title = first if len(first) <= 90 else first[:89].rsplit(' ', 1)[0] + '…'
        cur_unit = {'title': title, 'level': 2, 'lines': [(n, line)], 'heading_line': n}
        cur_topic['units'].append(cur_unit)
    elif not in_fence and line.startswith('- **') and (cur_unit is None or cur_unit['level'] == 2):
        # A bold title may run onto the next lines.
        joined = line
        k = i + 1
        while '**' not in joined[4:] and k < len(lines) and lines[k].startswith('  '):
            joined += ' ' + lines[k].strip()
            k += 1
        m = re.match(r'^- \*\*(.+?)\*\*', joined)
        title = re.sub(r'\s+', ' ', m.group(1)).strip().rstrip('.:').strip()
        cur_unit = {'title': title, 'level': 2, 'lines': [(n, line)], 'heading_line': n}
        cur_topic['units'].append(cur_unit)
    elif not in_fence and cur_unit is not None and cur_unit['level'] == 2 and line.startswith('**') and (i == 0 or lines[i - 1].strip() == ''):
        m = re.match(r'^\*\*(.+?)\*\*', line)
        title = m.group(1).strip().rstrip('.:').strip() if m else line[:60]
        cur_unit = {'title': title, 'level': 2, 'lines': [(n, line)], 'heading_line': n}
        cur_topic['units'].append(cur_unit)
    elif cur_unit is None:
        cur_topic['intro'].append((n, line))
    else:
        cur_unit['lines'].append((n, line))
    if fence:
        in_fence = not in_fence
    i += 1

# Drop empty units (a heading that only groups the ones under it) but keep their title as a prefix.
units = []
for t in topics:
    kept = []
    group = None
    for u in t['units']:
        body = [l for _, l in u['lines'] if l.strip() != '']
        if not body:
            group = u['title']
            u['empty'] = True
            continue
        if group is not None and u['level'] == 4:
            u['group'] = group
        kept.append(u)
    t['kept'] = kept
    units.extend(kept)

# Anchor of every heading of the old page -> where it is now.
anchors = {}
for t in topics:
    anchors[slug_heading(t['heading'])] = ('topic', t)
for number, u in enumerate(units, 1):
    u['id'] = f'D-{number:03d}'
    u['file'] = f"{u['id']}-{file_slug(u['title'])}.md"
for t in topics:
    for u in t['units']:
        if u.get('empty'):
            continue
        if u['level'] >= 3:
            anchors.setdefault(slug_heading(u['title']), ('unit', u))
topic_anchor = {id(t): slug_heading(t['heading']) for t in topics}

LINK = re.compile(r'(\]\()([^)\s]+)(\))')
DEF = re.compile(r'^(\s*\[[^\]]+\]:\s*)(\S+)')


def rewrite_target(target, here_is_index):
    if re.match(r'^[a-z][a-z0-9+.-]*:', target) or target.startswith('/'):
        return target
    if target.startswith('#'):
        found = anchors.get(target[1:])
        if found is None:
            return ('../decisions.md' if not here_is_index else '') + target
        kind, obj = found
        if kind == 'topic':
            return ('../decisions.md' if not here_is_index else '') + target
        return ('' if not here_is_index else 'decisions/') + obj['file']
    if here_is_index:
        return target
    return '../' + target


def rewrite(text, here_is_index=False):
    text = LINK.sub(lambda m: m.group(1) + rewrite_target(m.group(2), here_is_index) + m.group(3), text)
    return DEF.sub(lambda m: m.group(1) + rewrite_target(m.group(2), here_is_index), text)


def dedent(body_lines, bullet):
    out = []
    for _, l in body_lines:
        if bullet:
            if l.startswith('- ') and not out:
                l = l[2:]
            elif l.startswith('  '):
                l = l[2:]
        out.append(l)
    while out and out[-1].strip() == '':
        out.pop()
    while out and out[0].strip() == '':
        out.pop(0)
    return out


os.makedirs(OUT, exist_ok=True)
for t in topics:
    for u in t['kept']:
        numbers = [n for n, _ in u['lines']] + [u['heading_line']]
        first = min(times[k - 1] for k in numbers if k - 1 < len(times))
        date = datetime.datetime.fromtimestamp(first, datetime.timezone.utc).strftime('%Y-%m-%d')
        bullet = u['level'] == 2 and u['lines'] and u['lines'][0][1].startswith('- ')
        body = dedent(u['lines'], bullet)
        title = u['title'] if 'group' not in u else f"{u['group']} — {u['title']}"
        front = ['---', f"id: {u['id']}", f'title: {json.dumps(title, ensure_ascii=False)}', 'type: decision', 'status: accepted', f'date: {date}', f"topic: {json.dumps(t['heading'], ensure_ascii=False)}", '---']
        heading = '#' * 1 + ' ' + title
        text = '\n'.join(front) + '\n' + heading + '\n\n' + rewrite('\n'.join(body)) + '\n\n' + f"Part of [{t['heading']}](../decisions.md#{topic_anchor[id(t)]}).\n"
        open(os.path.join(OUT, u['file']), 'w', encoding='utf-8').write(text)

# The index.
index = []
for l in preamble:
    index.append(l)
while index and index[-1].strip() == '':
    index.pop()
index.append('')
for t in topics:
    index.append(f"## {t['heading']}")
    index.append('')
    intro = [l for _, l in t['intro']]
    while intro and intro[0].strip() == '':
        intro.pop(0)
    while intro and intro[-1].strip() == '':
        intro.pop()
    if intro:
        index.extend(rewrite(l, True) for l in intro)
        index.append('')
    for u in t['kept']:
        title = u['title'] if 'group' not in u else f"{u['group']} — {u['title']}"
        index.append(f"- [{u['id']}](decisions/{u['file']}) {title}")
    index.append('')
open(SRC, 'w', encoding='utf-8').write('\n'.join(index).rstrip('\n') + '\n')

# Nothing lost: the old file's words, in order, against the new files' (titles and headings aside).
def words(text):
    text = re.sub(r'\]\([^)]*\)', '](…)', text)
    return [w for w in re.findall(r'[\w’\'-]+', text) if w.strip('-') != '']

old_words = []
for t in topics:
    old_words += words('\n'.join(l for _, l in t['intro']))
    for u in t['units']:
        if u['level'] >= 3:
            old_words += words(u['title'])
        old_words += words('\n'.join(l for _, l in u['lines']))
new_words = []
for t in topics:
    new_words += words('\n'.join(l for _, l in t['intro']))
    for u in t['units']:
        if u['level'] >= 3:
            new_words += words(u['title'])
        if u.get('empty'):
            continue
        path = os.path.join(OUT, u['file'])
        body = open(path, encoding='utf-8').read().split('\n---\n', 1)[1]
        body = body.split('\n', 2)[2]  # after the `# title` line and the blank line
        body = body.rsplit('\n\nPart of [', 1)[0]
        new_words += words(body)
print(f'{len(units)} decisions in {len(topics)} topics; words: old {len(old_words)}, new {len(new_words)}, same: {old_words == new_words}')
if old_words != new_words:
    k = next(k for k in range(min(len(old_words), len(new_words))) if old_words[k] != new_words[k])
    print('first difference at word', k, old_words[max(0, k - 8):k + 8], new_words[max(0, k - 8):k + 8])
headings = [t['heading'] for t in topics] + [u['title'] for t in topics for u in t['units'] if u['level'] >= 3]
index_text = open(SRC, encoding='utf-8').read()
missing = [h for h in headings if h not in index_text]
print(f'headings of the old page: {len(headings)}; not in the index (as a topic or a decision title): {missing}')
