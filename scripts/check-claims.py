#!/usr/bin/env python3
"""check-claims.py - the demo report says only what its run measured
(issue 17), and types no number by hand (issue 28 item 11).

Usage: scripts/check-claims.py REPORT_DIR [DOCS_ROOT]   (exit 0 if every claim holds)

1. Numbers. The run's record is every number in the page's tables, in the
   commands it lists, and, for a figure's caption, in the figure's own SVG
   text. Every number in the prose (paragraphs, captions, headings) must be
   - a name or a parameter, not a figure: "seed 000", "section 5.2",
     "B(6)", "S_3", "mesh:8x8", "4 x 4", "n = 12", "k = 2..5", "alpha = 1/2",
     a formula ("2^(n+1)", "1/2", "2k"; or inside <span class="formula">),
     a bit label in a route ("0101"), "64-bit", "2-D";
   - or one of the run's numbers, as printed or rounded to fewer decimals
     (a time or a size, a number followed by s, ms, MB, MiB, ..., only from
     a table column of times or sizes, or from its figure);
   - or inside <span class="quoted" data-date="YYYY-MM-DD"
     data-source="docs/PAGE.md">: a figure this run did not measure,
     quoted with the date it was measured and the page that records it
     (with DOCS_ROOT, every number of the quote must be on that page).
   A number typed into the prose by hand is none of these, and fails.
2. For every <figure> of REPORT_DIR/index.html:
  - the picture, when dcnet drew it from an embedding, states its own counts
    ("timed contention: conflicts N, max link load L"); a caption sentence
    that gives the same mode's count must give N;
  - a sentence that says messages "use disjoint links" must name its
    contention mode and give "0 conflicts" for it, and when that mode
    is the picture's, the picture's count must be 0;
  - "contention-free" is not used at all: it does not say which contention.
3. "Fastest" (issue 28 item 13): a sentence "on WORKLOAD, POLICY is
   fastest" must be borne out by the table of best..slowest run times it
   comes from: POLICY's slowest run beats every other policy's best on
   that workload; any other use of "fastest" names no workload and fails.
It prints each contradiction and exits 1 when there is one. The report is
only read, never edited.
"""
import html
import os
import re
import sys

FIG = re.compile(r'<figure[^>]*><a href="[^"]*"><img src="([^"]*)"[^>]*></a><figcaption>(.*?)</figcaption>',
                 re.S)
DRAWN = re.compile(r'(phase|timed) contention: conflicts (\d+), max link load (\d+)')
STATED = re.compile(r'(phase|timed) contention[^:.]*?(?:\([^)]*\))?[^:.]*: (\d+) conflicts',
                    re.I)


def sentences(text):
    # split on ". " but not inside parentheses (captions explain modes there)
    out, depth, cur = [], 0, ''
    for i, ch in enumerate(text):
        cur += ch
        depth += ch == '('
        depth -= ch == ')'
        if ch == '.' and depth == 0 and (i + 1 == len(text) or text[i + 1] == ' '):
            out.append(cur.strip())
            cur = ''
    if cur.strip():
        out.append(cur.strip())
    return out


# ------------------------------------------------------------ 1. numbers

NUM = re.compile(r'(?<![\w.])[-+]?\d{1,3}(?:,\d{3})+(?![\d])|(?<![\w.])[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w])')
UNIT = re.compile(r'\s*(s|ms|us|ns|MB|MiB|GB|GiB|KB|KiB|kB|B|bytes)(?![\w/])')

# names and parameters: removed from the prose before numbers are read
NAMES = [
    r'\b[Ss]eeds? \d{3}\b',
    r'\b\d+\.\d+\.\d+\b',                                       # a version: 0.1.0
    r'\b(?:sections?|Section|Property|Properties|Theorems?|Lemmas?|Definitions?|Tables?|'
    r'Fig\.|Figure|equation|step|case|item|issue|row|column)s?\s+\(?\d+(?:\.\d+)*\)?'
    r'(?:\s*(?:-|\u2013|and|,|to)\s*\(?\d+(?:\.\d+)*\)?)*',
    r'\b[A-Za-z][A-Za-z_]*\([^()]*(?:\([^()]*\)[^()]*)*\)',   # B(6), BDG(n), CBT(n+1), K(2,7)
    r'\b[A-Za-z]+_\{?\w+\}?',                                 # S_3, t_e
    r'\b[a-z][a-z0-9-]*:[^\s,;)]+',                           # mesh:8x8, complete:2:10, ddb:6
    r'\b\d+(?:\^\w+)? ?x ?\d+(?:\^\w+)?\b',                    # 4 x 4, 2^k x 2^k
    r'(?:\b[A-Za-z_]\w*|\u03b1|\u0394)\s*(?:=|<=|>=|<|>|\u2264|\u2265)\s*[-+]?\d+(?:\.\d+)?'
    r'(?:/\d+)?(?:\s*\.\.\s*\d+)?(?:\s*(?:and|,)\s*\d+(?:/\d+)?)*',  # n = 12, k = 2..5, alpha = 1/2
    r'\S*\^\S*',                                              # 2^(n+1), 4^-k
    r'\b\d+/\w+\b|\b\w+/\d+\b',                                  # 1/2, 1/c, 3/4
    r'\b\d+(?!e[-+]?\d)[A-Za-z]\w*\b',                          # 2k, 2n (not 5.1e-05)
    r'\b\d+-(?:bit|D|dimensional|fold|core|worker)s?\b',
    r'\b[01]{4,}\b',                                            # a bit label: 0101
    r'\b\d+\.\.[A-Za-z\u0394]\w*',                                # 1..Delta
    r'^\s*\d+\.\s',                                               # a heading's number
    r'\(\w\)-\(\w\)|\(\w\)',                                     # (a)-(c), (3)
]
NAMES_RE = re.compile('|'.join('(?:%s)' % n for n in NAMES))
TIME_HEAD = re.compile(r'second|\(s\)|time', re.I)
SIZE_HEAD = re.compile(r'\bMB\b|MiB|bytes|memory', re.I)


def number(tok):
    return float(tok.replace(',', ''))


def decimals(tok):
    t = tok.replace(',', '')
    return len(t.split('.')[1]) if '.' in t and 'e' not in t else 0


def text_of(fragment):
    f = re.sub(r'<sup>(.*?)</sup>', r'^\1', fragment, flags=re.S)
    f = re.sub(r'<sub>(.*?)</sub>', r'_\1', f, flags=re.S)
    return html.unescape(re.sub(r'<[^>]*>', ' ', f))


def record(page):
    """The run's numbers: all, and those of time and size columns."""
    every, times, sizes = [], [], []
    for t in re.findall(r'<table[^>]*>(.*?)</table>', page, re.S):
        rows = [re.findall(r'<t[hd][^>]*>(.*?)</t[hd]>', tr, re.S)
                for tr in re.findall(r'<tr>(.*?)</tr>', t, re.S)]
        head = [text_of(c) for c in rows[0]] if rows else []
        for r in rows:
            for i, c in enumerate(r):
                # a range "0.002..0.004" holds two numbers
                nums = [number(x) for x in NUM.findall(text_of(c).replace('..', ' .. '))]
                every += nums
                h = head[i] if i < len(head) else ''
                if TIME_HEAD.search(h):
                    times += nums
                if SIZE_HEAD.search(h):
                    sizes += nums
    for pre in re.findall(r'<pre>(.*?)</pre>', page, re.S):
        every += [number(x) for x in NUM.findall(text_of(pre))]
    return every, times, sizes


def matches(tok, pool):
    v, dg = number(tok), decimals(tok)
    if dg == 0:
        return any(x == v for x in pool)
    return any(abs(round(x, dg) - v) < 0.5 * 10 ** -dg + 1e-12 for x in pool)


def svg_numbers(report, src):
    path = os.path.join(report, src)
    if not (src.endswith('.svg') and os.path.exists(path)):
        return []
    texts = re.findall(r'<text[^>]*>(.*?)</text>', open(path, encoding='utf-8').read(), re.S)
    return [number(x) for t in texts for x in NUM.findall(html.unescape(t))]


def check_quotes(page, docs, problems):
    for attrs, body in re.findall(r'<span class="quoted"([^>]*)>(.*?)</span>', page, re.S):
        date = re.search(r'data-date="(\d{4}-\d{2}-\d{2})"', attrs)
        src = re.search(r'data-source="(docs/[\w/.-]+\.md)"', attrs)
        if not date or not src:
            problems.append('quoted figure without a date and a docs page: %s' % text_of(body))
            continue
        if docs:
            path = os.path.join(docs, src.group(1))
            if not os.path.exists(path):
                problems.append('quoted from %s, which does not exist' % src.group(1))
                continue
            doc = open(path, encoding='utf-8').read()
            said = text_of(body).split('(quoted:')[0]
            for tok in NUM.findall(said):
                if tok not in doc:
                    problems.append('quoted "%s" from %s, which does not say %s'
                                    % (said.strip(), src.group(1), tok))


def prose_blocks(page):
    """(text, figure src or None) of every paragraph, caption, heading and
    list item, with tables, commands, code, formulas and quotes taken out."""
    p = re.sub(r'<(script|style|table|details|pre|code)\b.*?</\1>', ' ', page, flags=re.S)
    p = re.sub(r'<span class="(?:formula|quoted)"[^>]*>.*?</span>', ' ', p, flags=re.S)
    out = []
    for m in re.finditer(r'<figure[^>]*>.*?<img src="([^"]*)".*?<figcaption>(.*?)</figcaption>',
                         p, re.S):
        out.append((text_of(m.group(2)), m.group(1)))
    p = re.sub(r'<figure\b.*?</figure>', ' ', p, flags=re.S)
    for m in re.finditer(r'<(p|h1|h2|h3|li|summary)\b[^>]*>(.*?)</\1>', p, re.S):
        out.append((text_of(m.group(2)), None))
    return out


def check_numbers(report, page, docs):
    problems = []
    every, times, sizes = record(page)
    check_quotes(page, docs, problems)
    for text, fig in prose_blocks(page):
        pool = every + (svg_numbers(report, fig) if fig else [])
        bare = NAMES_RE.sub(' ', text)
        for m in NUM.finditer(bare):
            tok = m.group(0)
            unit = UNIT.match(bare, m.end())
            if unit:
                kind = times if unit.group(1) in ('s', 'ms', 'us', 'ns') else sizes
                ok = matches(tok, kind + (svg_numbers(report, fig) if fig else []))
            else:
                ok = matches(tok, pool)
            if not ok:
                ctx = bare[max(0, m.start() - 60):m.end() + 30].replace('\n', ' ')
                problems.append('number %s%s is in none of the run\'s tables and not quoted: '
                                '...%s...' % (tok, unit.group(0) if unit else '', ' '.join(ctx.split())))
    return problems


# ------------------------------------------------- 2. captions vs figures

def check(report, docs=None):
    page = open(os.path.join(report, 'index.html'), encoding='utf-8').read()
    problems = check_numbers(report, page, docs) + check_fastest(page)
    figures = FIG.findall(page)
    for src, cap in figures:
        cap = html.unescape(re.sub(r'<[^>]*>', '', cap))
        drawn = None
        path = os.path.join(report, src)
        if src.endswith('.svg') and os.path.exists(path):
            m = DRAWN.search(open(path, encoding='utf-8').read())
            if m:
                drawn = (m.group(1), int(m.group(2)))
        for s in sentences(cap):
            stated = [(m.group(1).lower(), int(m.group(2))) for m in STATED.finditer(s)]
            if drawn:
                for mode, n in stated:
                    if mode == drawn[0] and n != drawn[1]:
                        problems.append('%s: caption says %s contention %d, the picture %d: %s'
                                        % (src, mode, n, drawn[1], s))
            if 'contention-free' in s.lower():
                problems.append('%s: "contention-free" names no mode: %s' % (src, s))
            if 'disjoint links' in s:
                if not stated or any(n != 0 for _, n in stated):
                    problems.append('%s: "disjoint links" without "0 conflicts" in a '
                                    'named mode: %s' % (src, s))
                for mode, _ in stated:
                    if drawn and mode == drawn[0] and drawn[1] != 0:
                        problems.append('%s: "disjoint links" in %s mode, the picture counts %d: %s'
                                        % (src, mode, drawn[1], s))
    return len(figures), problems


# ------------------------------------------- 3. "fastest" against the runs

RANGE_HEAD = re.compile(r'best\.\.slowest')
FASTEST = re.compile(r'on ([^,;:.]+?), ((?!no policy)[\w -]+?) is fastest')


def run_ranges(page):
    """{workload: {policy: (best, slowest)}} from tables with a
    best..slowest column (first column the workload, second the policy)."""
    out = {}
    for t in re.findall(r'<table[^>]*>(.*?)</table>', page, re.S):
        rows = [[text_of(c).strip() for c in re.findall(r'<t[hd][^>]*>(.*?)</t[hd]>', tr, re.S)]
                for tr in re.findall(r'<tr>(.*?)</tr>', t, re.S)]
        if not rows:
            continue
        col = [i for i, h in enumerate(rows[0]) if RANGE_HEAD.search(h)]
        for r in rows[1:] if col else []:
            m = re.match(r'([\d.]+)\.\.([\d.]+)$', r[col[0]]) if len(r) > col[0] else None
            if m and len(r) > 1:
                out.setdefault(r[0], {})[r[1]] = (float(m.group(1)), float(m.group(2)))
    return out


def check_fastest(page):
    problems = []
    ranges = run_ranges(page)
    for text, _ in prose_blocks(page):
        for s in sentences(' '.join(text.split())):
            for part in re.split(r';', s):
                if 'fastest' not in part or 'no policy is fastest' in part:
                    continue
                m = FASTEST.search(part)
                wl = ranges.get(m.group(1).strip()) if m else None
                if not m or wl is None or m.group(2).strip() not in wl:
                    problems.append('"fastest" without a workload and policy of the run\'s '
                                    'tables: %s' % part.strip())
                    continue
                pol = m.group(2).strip()
                beaten = [q for q, (best, _) in wl.items() if q != pol and best <= wl[pol][1]]
                if beaten:
                    problems.append('on %s, %s is called fastest, but its slowest run (%g s) does '
                                    'not beat the best of %s' % (m.group(1).strip(), pol,
                                                                 wl[pol][1], ', '.join(beaten)))
    return problems


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write('usage: check-claims.py REPORT_DIR [DOCS_ROOT]\n')
        return 2
    n, problems = check(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None)
    for p in problems:
        print('claim: ' + p)
    print('claims: %d figures read, %d contradictions' % (n, len(problems)))
    return 1 if problems or n == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
