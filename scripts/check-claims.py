#!/usr/bin/env python3
"""check-claims.py - no caption of the demo report claims what its figure's
data contradicts (issue 17: "say only what was measured").

Usage: scripts/check-claims.py REPORT_DIR   (exit 0 if every claim holds)

For every <figure> of REPORT_DIR/index.html:
  - the picture, when dcnet drew it from an embedding, states its own counts
    ("timed contention: conflicts N, max link load L"); a caption sentence
    that gives the same mode's count must give N;
  - a sentence that says messages "use disjoint links" must name its
    contention mode and give "0 conflicts" for it, and when that mode
    is the picture's, the picture's count must be 0;
  - "contention-free" is not used at all: it does not say which contention.
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


def check(report):
    page = open(os.path.join(report, 'index.html'), encoding='utf-8').read()
    problems = []
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


def main():
    if len(sys.argv) != 2:
        sys.stderr.write('usage: check-claims.py REPORT_DIR\n')
        return 2
    n, problems = check(sys.argv[1])
    for p in problems:
        print('claim: ' + p)
    print('claims: %d figures read, %d contradictions' % (n, len(problems)))
    return 1 if problems or n == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
