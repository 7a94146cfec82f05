"""The dcnet package's API beyond the dicts (issue 40): errors, numpy arrays,
pandas tables, networkx both ways, SVG in notebooks, threads, Ctrl-C.
Every expected value comes from the CLI run here (the program, run by the
test only) or from a closed form."""
import math
import os
import signal
import threading
import time

import numpy as np
import pandas as pd
import pytest

import dcnet
from conftest import cli

networkx = pytest.importorskip("networkx")


# ------------------------------------------------------------ errors

@pytest.mark.parametrize("kw,option", [
    (dict(net="mesh:4x4", tree="binomial:4", map="dccub"), "--map"),
    (dict(net="mesh:4x4", tree="binomial:4", map="dccube", mem_limit="1KB"), "--mem-limit"),
    (dict(net="mesh:4x4", tree="binomial:4", map="dccube", switching="wormhol"), "--switching"),
    (dict(nett="mesh:4x4", tree="binomial:4"), "--nett"),
])
def test_usage_error_message_and_option(kw, option, scratch):
    cmd = "simulate" if "switching" in kw else "embed"
    words = [cmd]
    for k, v in kw.items():
        words += ["--" + k.replace("_", "-"), v]
    code, out, err = cli(words)
    assert code == 2 and out == ""
    with pytest.raises(dcnet.UsageError) as ei:
        getattr(dcnet, cmd)(**kw)
    e = ei.value
    assert e.code == 2
    # dcnet's message, as the CLI prints it (without the --help pointer)
    assert e.message == "\n".join(l for l in err.splitlines() if not l.startswith("Try 'dcnet"))
    assert e.option == option
    assert e.param == option[2:].replace("-", "_")
    assert isinstance(e, ValueError) and isinstance(e, dcnet.Error)


def test_runtime_error_is_error_not_usage(scratch):
    # a deadlocked wormhole run: the CLI prints its report and exits 1
    kw = dict(net="ring:8", trace="examples/msgs.txt", switching="wormhole", hop=1)
    with pytest.raises(dcnet.Error) as ei:
        dcnet.simulate(**kw)
    e = ei.value
    assert not isinstance(e, dcnet.UsageError) and e.code == 1
    assert "deadlock" in e.message
    assert e.result is not None and e.result["deadlock"] is True
    # the library's state is still usable: the same call twice, then another
    with pytest.raises(dcnet.Error):
        dcnet.simulate(**kw)
    assert dcnet.net(net="ring:8")["diameter"] == 4


def test_option_from_library_parameter():
    # the library names its parameter (dn_err.param); cli_errmsg maps it to
    # the option, recorded for Python where the CLI adds "(option --x)"
    with pytest.raises(dcnet.UsageError) as ei:
        dcnet.embed(net="mesh:4x4", tree="binomial:5", map="dccube")
    assert ei.value.option is not None and ei.value.option.startswith("--")


# ------------------------------------------------------------ arrays

def read_values(path):
    with open(path) as f:
        return [int(l) for l in f if l.strip() and not l.startswith("#")]


def test_placement_equals_save_place(scratch):
    words = ["embed", "--net", "mesh:8x8", "--tree", "binomial:6", "--map", "dccube",
             "--order", "desc", "--save-place", "p.txt"]
    code, _, err = cli(words)
    assert code == 0, err
    want = read_values(scratch / "p.txt")
    got = dcnet.placement(net="mesh:8x8", tree="binomial:6", map="dccube", order="desc")
    assert got.dtype == np.int64 and len(got) == 64
    assert got.tolist() == want
    # dcnet's buffer wrapped, not copied: the array does not own its memory
    assert not got.flags.owndata and got.base is not None
    # a placement is a bijection here (64 tasks on 64 processors)
    assert sorted(got.tolist()) == list(range(64))


def test_loads_equal_save_loads_and_sum_to_tasks(scratch):
    words = ["load", "--net", "butterfly:3", "--tree", "complete:2:10", "--walk", "3",
             "--save-loads", "l.txt"]
    code, _, err = cli(words)
    assert code == 0, err
    want = []
    with open(scratch / "l.txt") as f:
        for line in f:
            if not line.startswith("#"):
                want.append(float(line.split()[4]))
    got = dcnet.loads(net="butterfly:3", tree="complete:2:10", walk=3)
    assert got.shape == (32,) and not got.flags.owndata
    assert np.allclose(got, want, rtol=1e-14, atol=0)
    # every task is somewhere: the expected loads sum to the tree's 2^11 - 1 nodes
    assert math.isclose(got.sum(), 2 ** 11 - 1, rel_tol=1e-12)
    two = dcnet.loads(net="butterfly:3", tree="complete:2:10", walk=[3, 1])
    assert two.shape == (2, 32) and np.array_equal(two[0], got)


def test_messages_and_link_stats_equal_the_csv_files(scratch):
    kw = dict(net="mesh:4x4", tree="binomial:4", map="dccube", order="desc")
    words = ["simulate", "--net", "mesh:4x4", "--tree", "binomial:4", "--map", "dccube",
             "--order", "desc", "--messages", "m.csv", "--link-stats", "l.csv"]
    code, _, err = cli(words)
    assert code == 0, err
    m_cli = pd.read_csv(scratch / "m.csv", dtype={"src": str, "dst": str, "route": str})
    m = dcnet.messages(**kw)
    assert list(m.columns) == list(m_cli.columns)
    assert len(m) == 15  # B(4) has 2^4 - 1 edges: one message each
    for c in m.columns:
        a, b = m[c].tolist(), m_cli[c].tolist()
        if m_cli[c].dtype == object:
            assert a == b, c
        else:
            assert np.allclose(np.array(a, float), np.array(b, float), rtol=1e-12), c
    l_cli = pd.read_csv(scratch / "l.csv", dtype={"src_label": str, "dst_label": str})
    links = dcnet.link_stats(**kw)
    assert list(links.columns) == list(l_cli.columns)
    assert links["messages"].tolist() == l_cli["messages"].tolist()
    assert np.allclose(links["busy"], l_cli["busy"], rtol=1e-15)
    assert np.allclose(links["utilisation"], l_cli["utilisation"], atol=5e-7)
    # each hop of each message is one channel's message: the counts add up
    assert links["messages"].sum() == m["hops"].sum()


def test_sweep_frame_types():
    df = dcnet.sweep("embed", var={"n": "3..5"}, net="hypercube:{n}", tree="binomial:{n}",
                     map="identity")
    assert list(df.columns[:3]) == ["n", "exit", "error"]
    assert df["n"].tolist() == [3, 4, 5] and (df["exit"] == 0).all()
    assert df["error"].isna().all()
    assert df["tree_nodes"].tolist() == [8, 16, 32]
    for n, dil in zip(df["n"], df["dilation.max"]):  # each row is that run's result
        one = dcnet.embed(net="hypercube:%d" % n, tree="binomial:%d" % n, map="identity")
        assert dil == one["dilation"]["max"]
    # a failed run is a row with its exit status and error, as in the CSV
    bad = dcnet.sweep("embed", var={"n": "3..4"}, net="hypercube:{n}", tree="binomial:{n}",
                      map="dccube")
    assert bad["exit"].tolist() == [2, 2] and bad["error"].str.contains("dccube").all()
    assert "failed" in bad.attrs


# ------------------------------------------------------------ networkx

def test_graph_from_spec():
    g = dcnet.graph("mesh:3x4")
    assert g.number_of_nodes() == 12 and g.number_of_edges() == 17  # 3*3 + 2*4
    assert networkx.is_isomorphic(g, networkx.grid_2d_graph(3, 4))
    assert g.nodes[5]["label"] == "1,1" and g.nodes[5]["kind"] == "processor"
    d = dcnet.graph("ddb:3")
    assert d.is_directed() and d.number_of_nodes() == 8
    f = dcnet.graph("fattree:2:2")
    kinds = [f.nodes[v]["kind"] for v in f.nodes]
    assert kinds.count("processor") == f.graph["processors"] == dcnet.net(net="fattree:2:2")["processors"]
    assert "switch" in kinds
    c = dcnet.graph("mesh:2x2@bw=1GB/s,lat=1us")
    assert all(e["bw"] == 1e9 and e["lat"] == 1e-6 for _, _, e in c.edges(data=True))


def test_graph_bad_spec_is_usage_error():
    with pytest.raises(dcnet.UsageError) as ei:
        dcnet.graph("mesh:0x4")
    assert "mesh" in ei.value.message


def test_networkx_graph_as_network():
    p = networkx.petersen_graph()
    r = dcnet.net(net=p)
    assert (r["nodes"], r["edges"], r["diameter"]) == (10, 15, 2)
    # dcnet's own mesh, through networkx and back: the same facts
    g = dcnet.graph("mesh:4x4@bw=1GB/s,lat=1us")
    a = dcnet.simulate(net=g, tree="binomial:4", map="identity", bytes="1MB")
    b = dcnet.simulate(net="mesh:4x4@bw=1GB/s,lat=1us", tree="binomial:4", map="identity",
                       bytes="1MB")
    assert a["time"] == b["time"] and a["messages"] == b["messages"]


def test_networkx_tree_and_parent_array_as_tree():
    t = networkx.balanced_tree(2, 3)  # complete binary tree of height 3, root 0
    r = dcnet.tree(tree=t)
    ref = dcnet.tree(tree="cbt:3")
    assert r["nodes"] == ref["nodes"] == 15 and r["height"] == ref["height"] == 3
    parents = [-1] + [(v - 1) // 2 for v in range(1, 15)]
    assert dcnet.tree(tree=parents)["nodes"] == 15
    assert dcnet.tree(tree=np.array(parents))["height"] == 3
    d = networkx.bfs_tree(t, 0)  # directed, edges away from the root
    assert dcnet.tree(tree=d)["height"] == 3
    e = dcnet.embed(net="mesh:4x4", tree=parents, map="greedy")
    assert e["tree_nodes"] == 15
    with pytest.raises(ValueError):
        dcnet.tree(tree=networkx.cycle_graph(4))


# ------------------------------------------------------------ notebook

def test_svg_repr(scratch):
    r = dcnet.embed(net="mesh:4x4", tree="binomial:4", map="dccube", svg=True)
    svg = r._repr_svg_()
    assert svg.lstrip().startswith("<") and "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert dcnet.embed(net="mesh:4x4", tree="binomial:4", map="dccube")._repr_svg_() is None
    assert not os.listdir(scratch / ".") or "out.svg" not in os.listdir(scratch)


CASES = [dict(net=n, tree=t, map=m, switching=s)
         for n, t in (("mesh:4x4", "binomial:4"), ("mesh:8x8", "binomial:6"),
                      ("torus:4x4x4", "binomial:6"))
         for m in ("greedy", "dccube") for s in ("saf", "wormhole")]


def test_threads_give_serial_results():
    serial = [dcnet.simulate(**kw) for kw in CASES]
    got = [None] * len(CASES) * 3
    errors = []

    def work(i):
        try:
            got[i] = dcnet.simulate(**CASES[i % len(CASES)])
        except Exception as e:  # pragma: no cover (reported below)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(got))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i, r in enumerate(got):
        assert r == serial[i % len(CASES)]


def _interrupt_after(seconds):
    def fire():
        time.sleep(seconds)
        os.kill(os.getpid(), signal.SIGINT)
    t = threading.Thread(target=fire)
    t.start()
    return t


@pytest.mark.parametrize("call", ["simulate", "sweep", "embed"])
def test_ctrl_c_stops_a_long_call(call):
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    start = time.monotonic()
    t = _interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        if call == "simulate":  # B(20) on the 20-dimensional de Bruijn: about 10 s
            dcnet.simulate(net="debruijn:20", tree="binomial:20", map="zrl", mem_limit=8)
        elif call == "embed":  # 10^9 refinement moves, no cutoff: half an hour
            dcnet.embed(net="torus:8x8x8", tree="complete:2:8", map="hier",
                        refine=1000000000, budget=0)
        else:  # 60 runs of seconds each
            dcnet.sweep("simulate", var={"k": "30..90"}, net="mesh:{k}x{k}",
                        tree="binomial:12", map="greedy")
    t.join()
    took = time.monotonic() - start
    assert took < 5, "the call went on for %.1f s after Ctrl-C" % took
    # nothing left behind: the next call runs and gives the CLI's answer
    assert dcnet.net(net="debruijn:4")["edges"] == 29
