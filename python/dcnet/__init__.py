"""dcnet from Python: tree-shaped parallel computations on processor networks.

Every command of the dcnet CLI is a function here, run in this process by the
extension module dcnet._dcnet (the CLI's own code linked in: no program is
started, no output text is read). Keyword arguments are the command's long
options, dashes as underscores (``map="dccube"``, ``per_step=True``); a
Python keyword takes a trailing underscore (``from_``). ``True`` gives a bare
flag, ``False`` and ``None`` leave the option out, a list or tuple is joined
with commas (``walk=[1, 2, 3]``). The result is a dict equal to the command's
``--json`` output (the same records make both).

    >>> import dcnet
    >>> r = dcnet.simulate(net="mesh:4x4", tree="binomial:4", map="dccube",
    ...                    switching="wormhole")
    >>> r["time"]

Errors: ``dcnet.UsageError`` where the CLI exits 2 (bad usage or input),
``dcnet.Error`` for run-time failures (exit 1); both carry ``message`` and
``option`` (the option at fault, "--net", or None) and ``param`` (its keyword,
"net"). Ctrl-C stops a long call with KeyboardInterrupt (sweep and simulate
stop promptly; see docs/python.md for the others).

A network argument (``net=``) may be a networkx graph, a tree argument
(``tree=``) a networkx tree or a parent array (``parents[v]``, -1 or None at
the root): they are written to a temporary file that the command reads as
``file:PATH`` (the CLI's own readers check them), removed after the call.
"""

import os
import tempfile
import threading
import warnings

from . import _dcnet

__all__ = [
    "Error", "UsageError", "Result", "net", "tree", "embed", "load", "simulate", "balance",
    "exec", "sweep", "placement", "loads", "messages", "link_stats", "graph", "version",
]

version = _dcnet.version


class Error(Exception):
    """A run-time failure of a dcnet command (the CLI's exit 1).

    message: dcnet's message (without the "Try 'dcnet CMD --help'" line);
    option: the option at fault ("--mem-limit") or None; param: the keyword
    that sets it ("mem_limit") or None; code: the CLI's exit status;
    result: the command's report when it printed one before failing (a
    deadlocked simulation does), else None."""

    def __init__(self, message, option=None, code=1, result=None):
        super().__init__(message)
        self.message = message
        self.option = option or None
        self.param = _param_of(option)
        self.code = code
        self.result = result


class UsageError(Error, ValueError):
    """Bad usage or input (the CLI's exit 2): what is wrong and how to fix it."""


class Result(dict):
    """A command's result: a dict equal to its --json. When the call drew an
    SVG (svg=True, or svg=PATH), .svg holds it and Jupyter shows it."""

    svg = None

    def _repr_svg_(self):
        return self.svg


def _param_of(option):
    if not option or not option.startswith("--"):
        return None
    name = option[2:].replace("-", "_")
    return name + "_" if name in ("from", "global", "lambda", "in", "is") else name


def _option(name):
    if name.endswith("_"):
        name = name[:-1]
    return "--" + name.replace("_", "-")


def _value(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (list, tuple)):
        return ",".join(_value(x) for x in v)
    return str(v)


class _Temps:
    """Temporary files of one call (networkx graphs, parent arrays, SVGs)."""

    def __init__(self):
        self.dir = None

    def path(self, name):
        if self.dir is None:
            self.dir = tempfile.TemporaryDirectory(prefix="dcnet-")
        return os.path.join(self.dir.name, name)

    def close(self):
        if self.dir is not None:
            self.dir.cleanup()
            self.dir = None


def _is_nx(obj):
    return hasattr(obj, "nodes") and hasattr(obj, "edges") and hasattr(obj, "is_directed")


def _net_arg(v, temps):
    if not _is_nx(v):
        return v
    from . import _nx
    path = temps.path("net.edgelist")
    _nx.write_network(v, path)
    return "file:" + path


def _tree_arg(v, temps):
    if isinstance(v, str):
        return v
    from . import _nx
    path = temps.path("tree.csv")
    _nx.write_tree(v, path)
    return "file:" + path


def _argv(cmd, positional, kwargs, temps):
    argv = [cmd] + [str(p) for p in positional]
    for k, v in kwargs.items():
        if v is None or v is False:
            continue
        if k == "net":
            v = _net_arg(v, temps)
        elif k == "tree":
            v = _tree_arg(v, temps)
        opt = _option(k)
        if v is True:
            argv.append(opt)
        else:
            argv += [opt, _value(v)]
    return argv


def _message(errs):
    # the messages as the CLI prints them, without the pointer to --help
    lines = [l for l in errs.splitlines() if not l.startswith("Try 'dcnet ")]
    return "\n".join(lines).strip()


def _call(cmd, positional, kwargs, want_place=False, columns=False, json=True, arrays=False):
    temps = _Temps()
    svg = kwargs.get("svg")
    try:
        if svg is True:
            kwargs = dict(kwargs, svg=temps.path("out.svg"))
        argv = _argv(cmd, positional, kwargs, temps)
        if json:
            argv.append("--json")
        code, docs, errs, option, place, got = _dcnet.run(argv, want_place=want_place,
                                                          columns=columns, want_arrays=arrays)
        svg_text = None
        if code == 0 and svg:
            path = kwargs["svg"]
            if path != "-" and os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    svg_text = f.read()
    finally:
        temps.close()
    first = docs[0] if (docs and not columns) else (docs if columns else None)
    if code != 0:
        msg = _message(errs) or "dcnet %s failed (exit %d)" % (cmd, code)
        cls = UsageError if code == 2 else Error
        raise cls(msg, option, code, Result(first) if isinstance(first, dict) else None)
    if errs.strip():
        for line in _message(errs).splitlines():
            warnings.warn(line, stacklevel=3)
    if columns:
        return docs, place
    res = Result(first if first is not None else {})
    if svg_text is not None:
        res.svg = svg_text
    if arrays:
        return res, got
    return (res, place) if want_place else res


def net(**kw):
    """dcnet net: facts of a network (keys as `dcnet net --json`)."""
    return _call("net", (), kw)


def tree(**kw):
    """dcnet tree: facts of a task tree."""
    return _call("tree", (), kw)


def embed(**kw):
    """dcnet embed: place a tree on a network and measure it."""
    return _call("embed", (), kw)


def load(**kw):
    """dcnet load: random-walk placement, exact expected loads."""
    return _call("load", (), kw)


def simulate(**kw):
    """dcnet simulate: play the messages on the links."""
    return _call("simulate", (), kw)


def balance(**kw):
    """dcnet balance: balance task loads on DDB(k)."""
    return _call("balance", (), kw)


def exec(app=None, **kw):  # noqa: A001 (the command's name)
    """dcnet exec APP: run a real divide-and-conquer program, verified."""
    return _call("exec", (app,) if app is not None else (), kw)


def _sweep_words(var, skip):
    words = []
    if isinstance(var, dict):
        var = ["%s=%s" % (k, _value(v)) for k, v in var.items()]
    elif isinstance(var, str):
        var = [var]
    for v in var or ():
        words += ["--var", v]
    if isinstance(skip, str):
        skip = [skip]
    for s in skip or ():
        words += ["--skip", s]
    return words


def sweep(cmd, var, skip=None, **kw):
    """dcnet sweep CMD: run CMD for every combination of the variables.

    var: {"n": "4..10", "map": ["zrl", "random"]} (or a list of "NAME=LIST"
    strings, in order: the first varies slowest); skip: a COND or a list of
    them. Returns a pandas DataFrame with the columns of the sweep's CSV (the
    variables, exit, error, then the runs' keys flattened, "dilation.average").
    The runs are made in this process, one at a time (--jobs has no effect)."""
    import pandas as pd
    for k in ("output", "resume", "json", "csv", "plot", "svg", "dry_run"):
        if kw.get(k):
            raise UsageError("dcnet.sweep returns the rows as a DataFrame; %s is the CLI's "
                             "(write the frame with DataFrame.to_csv, plot it with pandas)"
                             % _option(k), _option(k))
    # runs are made in this process one at a time, whatever --jobs says: one
    # worker hands them out (no thread reads the capture while a run sets it)
    kw["jobs"] = 1
    temps = _Temps()
    try:
        words = [cmd] + _sweep_words(var, skip) + _argv(cmd, (), kw, temps)[1:] + ["--csv"]
        code, docs, errs, option, _, _ = _dcnet.run(["sweep"] + words, columns=True)
    finally:
        temps.close()
    if code == 2 or docs is None or (code != 0 and not docs[0]):
        raise (UsageError if code == 2 else Error)(_message(errs) or "dcnet sweep failed",
                                                   option, code)
    keys, cols = docs
    frame = pd.DataFrame({k: c for k, c in zip(keys, cols)}, columns=keys)
    if code != 0:
        frame.attrs["failed"] = _message(errs)
        warnings.warn(_message(errs), stacklevel=2)
    return frame


# ------------------------------------------------------------ arrays

def placement(**kw):
    """The processor of each task as a numpy int64 array (embed's placement,
    as --save-place writes it), wrapping dcnet's buffer without a copy."""
    import numpy as np
    kw = dict(kw)
    kw.setdefault("save_place", os.devnull)
    res, place = _call("embed", (), kw, want_place=True)
    arr = np.frombuffer(place, dtype=np.int64)
    return arr


def loads(**kw):
    """Every processor's expected load (load --save-loads's values) as a
    numpy float64 array wrapping dcnet's buffer without a copy: shape (N,)
    for one walk, (walks, N) for several (--walk 1,2,3); the simulated mean
    where no exact value is computed."""
    import numpy as np
    kw = dict(kw)
    kw.setdefault("save_loads", os.devnull)
    res, got = _call("load", (), kw, arrays=True)
    if "loads" not in got:
        raise UsageError("dcnet load: no per-processor loads for these options (--start all "
                         "gives per-start figures)", "--start")
    buf, rows = got["loads"]
    arr = np.frombuffer(buf, dtype=np.float64)
    return arr if rows == 1 else arr.reshape(rows, -1)


def _frame(got, key):
    import pandas as pd
    keys, cols = got.get(key, ([], []))
    return pd.DataFrame({k: c for k, c in zip(keys, cols)}, columns=keys)


def messages(**kw):
    """simulate's per-message table (--messages FILE's columns: id, step,
    src, dst, bytes, hops, route, release, start, delivered, waited) as a
    pandas DataFrame, one row per message in delivery order."""
    kw = dict(kw)
    kw.setdefault("messages", os.devnull)
    res, got = _call("simulate", (), kw, arrays=True)
    return _frame(got, "messages")


def link_stats(**kw):
    """simulate's per-link figures (--link-stats FILE's columns: src, dst,
    src_label, dst_label, messages, busy, utilisation) as a DataFrame, one
    row per directed channel that carried a message; .messages is the
    per-link count."""
    kw = dict(kw)
    kw.setdefault("link_stats", os.devnull)
    res, got = _call("simulate", (), kw, arrays=True)
    return _frame(got, "link_stats")


# ------------------------------------------------------------ networkx

def graph(spec):
    """The network of spec as a networkx graph (DiGraph for a directed one):
    node attributes label and kind ("processor" or "switch"), edge attributes
    bw and lat where the network has link costs."""
    from . import _nx
    return _nx.graph(spec)


_dcnet._usage_error = UsageError
