"""Python's results equal the CLI's --json (issue 40): every README example
and every docs/python.md example, each also checked against its command's
schema (docs/schema/CMD.json, python3-jsonschema).

The only values allowed to differ are wall-clock measurements (VOLATILE):
two runs of one program measure different times. Everything else must be
equal, key for key (a float equal as a number: JSON prints 1.0 as 1).
"""
import json
import math
import os
import re

import pytest

from conftest import ROOT, cli, readme_examples, to_call

jsonschema = pytest.importorskip("jsonschema")

# keys whose values are wall-clock measurements (exec's timings, sweep's
# elapsed columns): present in both, of the same type, values not compared
VOLATILE = re.compile(r"(^|\.)(seconds|wall|elapsed|[a-z_]*_seconds|worker_idle\.[a-z]+)$")
# exec --dynamic: which worker runs which task (and so the messages, steals
# and per-worker counts) depends on the threads' timing; the tree searched,
# its answer and its task count do not
DYNAMIC = re.compile(r"(^|\.)(seconds|worker_idle\.[a-z]+|worker_tasks\.[a-z]+|max_worker_tasks|"
                     r"messages|bytes|steals|steal_attempts)$")


def volatile_of(doc):
    return DYNAMIC if isinstance(doc, dict) and doc.get("mode") == "dynamic" else VOLATILE


def same(py, js, path="", volatile=VOLATILE):
    """Asserts py (Python's result) equals js (json.loads of the CLI's)."""
    if isinstance(js, dict):
        assert isinstance(py, dict), "%s: %r is not an object" % (path, py)
        assert list(py) == list(js), "%s: keys differ:\n py %s\ncli %s" % (path, list(py), list(js))
        for k in js:
            same(py[k], js[k], path + "." + k if path else k, volatile)
    elif isinstance(js, list):
        assert isinstance(py, list) and len(py) == len(js), "%s: list lengths differ" % path
        for i, (a, b) in enumerate(zip(py, js)):
            same(a, b, "%s[%d]" % (path, i), volatile)
    elif volatile.search(path) and isinstance(js, (int, float)) and not isinstance(js, bool):
        assert isinstance(py, (int, float)), "%s: %r is not a number" % (path, py)
    elif isinstance(js, float) or isinstance(py, float):
        assert isinstance(py, (int, float)) and not isinstance(py, bool), path
        assert py == js or (math.isnan(py) and math.isnan(js)), "%s: %r != %r" % (path, py, js)
    else:
        assert type(py) is type(js) and py == js, "%s: %r != %r" % (path, py, js)


def validator(cmd):
    with open(os.path.join(ROOT, "docs", "schema", cmd + ".json"), encoding="utf-8") as f:
        schema = json.load(f)
    return jsonschema.Draft202012Validator(schema)


def check_schema(cmd, doc):
    errors = sorted(validator(cmd).iter_errors(doc), key=str)
    assert not errors, "%s: %s" % (cmd, "; ".join(e.message for e in errors[:5]))


def run_python(dcnet, cmd, pos, kw):
    fn = getattr(dcnet, cmd)
    return fn(*pos, **kw)


def compare_example(words, tmp):
    """Runs WORDS (a README example) through the CLI with --json, then
    through Python, in the directory tmp (shared by the examples in README
    order, as scripts/test-readme.sh runs them: one reads the file an
    earlier one wrote, t.csv); asserts equal results and the schema.
    Returns what was compared ('json', 'sweep' or None when the example
    prints no record)."""
    import dcnet
    cmd, pos, kw = to_call(words)
    cli_dir = py_dir = tmp
    if cmd == "sweep":
        return compare_sweep(words, pos, kw, cli_dir, py_dir)
    extra = [] if "--json" in words else ["--json"]
    code, out, err = cli(words + extra, cwd=cli_dir)
    if code == 2 and "--json" in err:  # an output that is not a record (net --format)
        return None
    kw.pop("json", None)
    old = os.getcwd()
    os.chdir(py_dir)
    try:
        if code == 0:
            res = run_python(dcnet, cmd, pos, kw)
        else:  # a command that fails after its report (a deadlock): both say so
            with pytest.raises(dcnet.Error) as ei:
                run_python(dcnet, cmd, pos, kw)
            assert ei.value.code == code
            res = ei.value.result
            first = err.splitlines()[0]
            assert ei.value.message.splitlines()[0] == first
    finally:
        os.chdir(old)
    js = json.loads(out)
    same(dict(res), js, volatile=volatile_of(js))
    check_schema(cmd, dict(res))
    return "json"


def compare_sweep(words, pos, kw, cli_dir, py_dir):
    """sweep: the DataFrame against the CLI's CSV (its -o FILE), column for
    column; every row, as a JSON line has it, against the schema."""
    import dcnet
    import pandas as pd
    sub = pos[0]
    code, out, err = cli(words, cwd=cli_dir)
    assert code == 0, err
    out_file = kw.pop("output")
    # the CSV's text as it is (dtype=str: a label "0001" stays itself)
    csv = pd.read_csv(cli_dir / out_file, dtype=str, keep_default_na=False)
    var = kw.pop("var")
    var = var if isinstance(var, list) else [var]
    old = os.getcwd()
    os.chdir(py_dir)
    try:
        df = dcnet.sweep(sub, var=var, **kw)
    finally:
        os.chdir(old)
    assert list(df.columns) == list(csv.columns)
    assert len(df) == len(csv)
    for c in csv.columns:
        for a, b in zip(df[c].tolist(), csv[c].tolist()):
            if a is None or (isinstance(a, float) and math.isnan(a)):
                assert b == "", "%s: %r != %r" % (c, a, b)
            elif VOLATILE.search(c):
                continue
            elif isinstance(a, bool):
                assert b == ("true" if a else "false"), "%s: %r != %r" % (c, a, b)
            elif isinstance(a, str):
                assert a == b, "%s: %r != %r" % (c, a, b)
            else:
                assert a == float(b), "%s: %r != %r" % (c, a, b)
    v = validator("sweep")
    for row in df.to_dict("records"):
        doc = {k: val for k, val in row.items()
               if not (val is None or (isinstance(val, float) and math.isnan(val)))}
        doc = {k: (int(x) if isinstance(x, float) and x.is_integer() and k in ("exit",) else x)
               for k, x in doc.items()}
        errors = list(v.iter_errors(doc))
        assert not errors, errors[0].message
    return "sweep"


README = readme_examples()


@pytest.fixture(scope="module")
def readme_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("readme")
    os.symlink(os.path.join(ROOT, "examples"), d / "examples")
    return d


@pytest.mark.parametrize("words", README, ids=[" ".join(w)[:70] for w in README])
def test_readme_example(words, readme_dir):
    compare_example(words, readme_dir)


def python_md_pairs():
    """docs/python.md's examples: `X = dcnet.FN(...)  # dcnet CMD ARGS`
    lines of its python blocks (the call and the command it equals)."""
    path = os.path.join(ROOT, "docs", "python.md")
    pairs = []
    if not os.path.exists(path):
        return pairs
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\s*\w+\s*=\s*(dcnet\.\w+\(.*\))\s*#\s*(dcnet\s.*)$", line)
            if m:
                pairs.append((m.group(1), m.group(2).strip()))
    return pairs


PAIRS = python_md_pairs()


def test_python_md_has_examples():
    assert len(PAIRS) >= 3, "docs/python.md names the command of each example"


@pytest.mark.parametrize("expr,command", PAIRS, ids=[c[:70] for _, c in PAIRS])
def test_python_md_example(expr, command, scratch):
    import shlex

    import dcnet  # noqa: F401 (eval)
    words = shlex.split(command)[1:]
    code, out, err = cli(words + ["--json"], cwd=scratch)
    assert code == 0, err
    res = eval(expr, {"dcnet": dcnet})
    js = json.loads(out)
    same(dict(res), js, volatile=volatile_of(js))
    check_schema(words[0], dict(res))
