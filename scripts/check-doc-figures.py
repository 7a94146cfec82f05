#!/usr/bin/env python3
"""check-doc-figures.py - figures quoted in docs/ are checked, never only
copied by hand (issue 28 item 14). Run by make test-docs.

Usage: scripts/check-doc-figures.py DCNET [ROOT]

1. Computed figures. scripts/doc-figures.txt lists figures docs quote from
   dcnet's deterministic output, one a line:
       PAGE | TEXT | dcnet ARGS --json | KEY
   TEXT is Python format text with one field, filled with the value of KEY
   (dots and [i] into the JSON object) of that run; PAGE must contain the
   result. A figure that the code no longer gives fails.
2. Benchmark figures. In the pages that report measurements (BENCH_PAGES),
   every paragraph (or table) holding a time, a size or a speed-up ("0.43
   s", "385 MiB", "1.6x") outside code blocks and generated tables must
   either quote docs/bench-results.md - name it, and every such figure of
   the paragraph must appear in that file, which `make bench` writes - or
   be a dated record of a past measurement ("measured 2026-11-21", "on
   2026-11-23"), which does not claim to be today's. A figure a test
   asserts may stand in a paragraph naming that test (tests/test_X.c), if
   the test holds it; a goal or a setting ("goal: under 10 s", "default
   8 GiB") is not a measurement. Nor is an input: inline code (`lat=1us`),
   a quantity spelt as dcnet reads it, unit joined to the number ("64MB",
   "32ms"), a paragraph describing a file of examples/ (its contents), or
   a hand computation ("by hand", or "= 24 s" after a formula: exact,
   not timed).
Prints each problem and "doc figures: N passed, M failed"; exit 1 on any.
"""
import json
import os
import re
import subprocess
import sys

BENCH_PAGES = ['README.md'] + sorted(
    'docs/' + f for f in os.listdir(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                 '..', 'docs'))
    if f.endswith('.md') and f != 'bench-results.md') + ['docs/papers/%s' % f for f in (
        '000-debruijn.md', '001-meshes.md', '002-random-walks.md', '003-ddb-balance.md',
        '004-sneptrees.md')]
FIGURE = re.compile(r'(?<![\w.])(\d+(?:\.\d+)?)(?: ?(s|ms|us|MiB|GiB|MB|GB|KiB)\b(?!/)|x\b)')
# a requirement or a setting, not a measurement: "goal: under 10 s",
# "--mem-limit (default 8 GiB)", "at most 60%"
NOT_MEASURED = re.compile(r'(?:goal|under|at most|at least|limit|default|budget)\W*(?:\w+\W+){0,3}$'
                          r'|=\s*$', re.I)  # or a formula's exact result: "2 (2 + 30/3) = 24 s"
DATED = re.compile(r'(?:measured|computed|on|run of|as of)\s+\d{4}-\d{2}-\d{2}|\(\d{4}-\d{2}-\d{2}[),]', re.I)


def value(obj, key):
    for part in re.findall(r'[^.\[\]]+|\[\d+\]', key):
        obj = obj[int(part[1:-1])] if part.startswith('[') else obj[part]
    return obj


def computed(dcnet, root, problems):
    n = 0
    cache = {}
    for line in open(os.path.join(root, 'scripts/doc-figures.txt'), encoding='utf-8'):
        if not line.strip() or line.startswith('#'):
            continue
        page, text, args, key = [f.strip() for f in line.split('|')]
        if args not in cache:
            r = subprocess.run([dcnet] + args.split(), capture_output=True, text=True,
                               timeout=600)
            cache[args] = json.loads(r.stdout) if r.returncode == 0 else r.stderr
        out = cache[args]
        n += 1
        if isinstance(out, str):
            problems.append('%s: dcnet %s failed: %s' % (page, args, out.strip()[:200]))
            continue
        want = text.format(value(out, key))
        doc = open(os.path.join(root, page), encoding='utf-8').read()
        if want not in ' '.join(doc.split()):
            problems.append('%s does not say "%s" (dcnet %s gives %s = %s)'
                            % (page, want, args, key, value(out, key)))
    return n


MEASURE_HEAD = re.compile(r"(?<!')\bs\b|\bs\)|seconds|\bms\b|MiB|GiB|\bMB\b|speed-up|/s\b|wall",
                          re.I)


def table_figures(block):
    """The numbers of a markdown table's columns of times, sizes or
    speed-ups (by their headers), as strings."""
    lines = [l for l in block.split('\n') if l.startswith('|')]
    cells = [[c.strip() for c in l.strip().strip('|').split('|')] for l in lines]
    if len(cells) < 3:
        return []
    head = cells[0]
    cols = [i for i, h in enumerate(head) if MEASURE_HEAD.search(h)]
    out = []
    for r in cells[2:]:
        for i in cols:
            if i < len(r):
                out += re.findall(r'(?<![\w.])\d+(?:\.\d+)?(?![\w.])', r[i])
    return out


def paragraphs(text):
    """Blocks of prose or table lines, outside code fences and generated
    tables, with their first line number."""
    blocks, cur, start, fence, gen = [], [], 0, False, False
    for i, line in enumerate(text.split('\n'), 1):
        if line.startswith('```'):
            fence = not fence
            continue
        if re.match(r'<!-- table .*generated', line):
            gen = True
        if line.startswith('<!-- end table'):
            gen = False
            continue
        if fence or gen:
            continue
        if not line.strip():
            if cur:
                blocks.append((start, '\n'.join(cur)))
            cur = []
            continue
        if not cur:
            start = i
        cur.append(line.strip())
    if cur:
        blocks.append((start, '\n'.join(cur)))
    return blocks


def bench(root, problems):
    path = os.path.join(root, 'docs/bench-results.md')
    results = open(path, encoding='utf-8').read() if os.path.exists(path) else ''
    n = 0
    for page in BENCH_PAGES:
        text = open(os.path.join(root, page), encoding='utf-8').read()
        for line, block in paragraphs(text):
            tests = re.findall(r'tests/test_\w+\.c', block)
            if re.search(r'\bexamples/\w|\bby hand\b', block, re.I):
                continue  # an input file's contents, or an exact computation
            # inline code holds inputs (`lat=1us`, `--bytes 64MB`), not results
            block = re.sub(r'`[^`]*`', ' ', block)
            figs = [m.group(0) for m in FIGURE.finditer(block)
                    if m.group(2) is None or ' ' in m.group(0)  # "64MB": an input's spelling
                    if not NOT_MEASURED.search(block[max(0, m.start() - 40):m.start()])]
            if block.startswith('|'):
                figs += table_figures(block)
            if tests:  # figures a test asserts: each must be in the test named
                src = ''.join(open(os.path.join(root, t), encoding='utf-8').read()
                              for t in set(tests) if os.path.exists(os.path.join(root, t)))
                figs = [f for f in figs if re.match(r'[\d.]+', f).group(0) not in src]
            if not figs:
                continue
            n += 1
            if DATED.search(block):
                continue
            if 'bench-results.md' in block:
                # the number must be there (its unit may be a column's header)
                missing = [f for f in figs if not re.search(
                    r'(?<![\d.])%s(?![\d])' % re.escape(re.match(r'[\d.]+', f).group(0)), results)]
                if missing:
                    problems.append('%s:%d quotes bench-results.md but it does not hold %s'
                                    % (page, line, ', '.join(missing)))
                continue
            problems.append('%s:%d: %s without a date or docs/bench-results.md: %.120s'
                            % (page, line, ', '.join(figs[:4]), ' '.join(block.split())))
    return n


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write('usage: check-doc-figures.py DCNET [ROOT]\n')
        return 2
    root = sys.argv[2] if len(sys.argv) == 3 else os.path.join(os.path.dirname(__file__), '..')
    problems = []
    n = computed(os.path.abspath(sys.argv[1]), root, problems) + bench(root, problems)
    for p in problems:
        print('doc figures: ' + p)
    print('doc figures: %d passed, %d failed' % (n - len(problems), len(problems)))
    if os.environ.get('DCNET_TALLY'):
        with open(os.environ['DCNET_TALLY'], 'a') as t:
            t.write('%d %d\n' % (n - len(problems), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
