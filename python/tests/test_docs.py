"""docs/python.md runs as printed (issue 40): its python blocks, in order, in
one namespace (in a scratch directory), each block's output equal to the
text block right after it."""
import contextlib
import io
import os
import re

from conftest import ROOT


def blocks():
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        text = f.read()
    found = re.findall(r"```(\w+)\n(.*?)```", text, re.S)
    out = []
    for i, (lang, body) in enumerate(found):
        if lang == "python":
            want = found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text" else None
            out.append((body, want))
    return out


def test_python_md_runs_as_printed(scratch):
    ns = {}
    bl = blocks()
    assert len(bl) >= 4
    for body, want in bl:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(compile(body, "docs/python.md", "exec"), ns)
        if want is not None:
            assert buf.getvalue() == want, "docs/python.md block:\n%s\nprinted:\n%s" % (body, buf.getvalue())
