#!/usr/bin/env python3
"""xcheck-networkx.py - dcnet's dilation against networkx (issue 20).

Placements go in and out of dcnet in SCOTCH's formats. This script checks
the round trip with libraries that share no code with dcnet:

  1. dcnet writes a task tree as a SCOTCH source graph (tree --format grf);
  2. SCOTCH's own mapper (scotch_gmap) maps it onto a SCOTCH target (.tgt);
  3. dcnet measures that .map file (embed --map file:) on the target file
     and on the dcnet network it names;
  4. networkx measures the same placement on the same network built by its
     own generators: every tree edge's shortest-path length between the
     processors of its two ends. Maximum, total and average dilation must
     equal dcnet's.

Then placements made by dcnet's own mappings (saved with --save-place in
SCOTCH's format) are measured the same way on networks SCOTCH cannot
describe: a 3-D torus and a fat tree (with its switches).

The tree and the placement are parsed here from the files, not from
dcnet's JSON. Usage: scripts/xcheck-networkx.py path/to/dcnet
Prints "networkx: N passed, M failed" (and adds to $DCNET_TALLY); exits 1
on a failure. Without networkx or SCOTCH's tools it says what is missing
and exits 1: make check installs both (scripts/deps.sh).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from xcheck_common import doc_text, finish

try:
    import networkx as nx
except ImportError:
    print("networkx: python3 cannot import networkx "
          "(apt-get install python3-networkx)", file=sys.stderr)
    sys.exit(1)


def read_grf(path):
    """The edges of a SCOTCH source graph (version 0), each once."""
    tok = open(path).read().split()
    if tok[0] != "0":
        raise ValueError(f"{path}: not a version-0 SCOTCH graph")
    nv, base, flags = int(tok[1]), int(tok[3]), tok[4]
    labels, eload, vload = flags[0] == "1", flags[1] == "1", flags[2] == "1"
    i, edges = 5, []
    for v in range(nv):
        if labels:
            v = int(tok[i]) - base
            i += 1
        if vload:
            i += 1
        deg = int(tok[i])
        i += 1
        for _ in range(deg):
            if eload:
                i += 1
            u = int(tok[i]) - base
            i += 1
            if v < u:
                edges.append((v, u))
    return nv, edges


def read_map(path):
    """A SCOTCH mapping file: a count, then 'vertex target' lines."""
    lines = [ln.split() for ln in open(path) if ln.strip()]
    n = int(lines[0][0])
    place = {int(a): int(b) for a, b in lines[1:n + 1]}
    return place


def dilation(graph, node_of, edges, place):
    dist = {}
    vals = []
    for a, b in edges:
        s, t = node_of(place[a]), node_of(place[b])
        if s not in dist:
            dist[s] = nx.single_source_shortest_path_length(graph, s)
        vals.append(dist[s][t])
    return max(vals), sum(vals), sum(vals) / len(vals)


def fat_tree(k, n):
    """The k-ary n-tree as in its definition: processor p below level-1
    switch p // k; level-l switch w joined to the k level-(l-1) switches
    that differ from w in base-k digit l-2 only."""
    g = nx.Graph()
    width = k ** (n - 1)
    for p in range(k ** n):
        g.add_edge(("p", p), ("s", 1, p // k))
    for level in range(2, n + 1):
        step = k ** (level - 2)
        for w in range(width):
            digit = (w // step) % k
            for d in range(k):
                g.add_edge(("s", level, w), ("s", level - 1, w + (d - digit) * step))
    return g


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dcnet = os.path.abspath(sys.argv[1])
    missing = [t for t in ("scotch_gmap",) if not shutil.which(t)]
    if missing:
        print(f"networkx: {', '.join(missing)} not found (apt-get install scotch)",
              file=sys.stderr)
        return 1
    passed = failed = 0
    tmp = tempfile.mkdtemp()

    def run(args):
        return subprocess.run([dcnet] + args, cwd=tmp, check=True, capture_output=True,
                              text=True).stdout

    def check(what, graph, node_of, tree_grf, map_file, nets):
        nonlocal passed, failed
        _, edges = read_grf(os.path.join(tmp, tree_grf))
        place = read_map(os.path.join(tmp, map_file))
        want = dilation(graph, node_of, edges, place)
        for net in nets:
            d = json.loads(run(["embed", "--net", net, "--tree", "file:" + tree_grf,
                                "--map", "file:" + map_file, "--json"]))["dilation"]
            got = (d["max"], d["total"], d["average"])
            if got[0] == want[0] and got[1] == want[1] and abs(got[2] - want[2]) < 1e-12:
                passed += 1
            else:
                failed += 1
                print(f"networkx: {what} on {net}: dcnet (max, total, average) {got}, "
                      f"networkx {want}", file=sys.stderr)

    try:
        for spec, name in (("binomial:6", "b6"), ("complete:3:4", "c34"),
                           ("crt:6:0,0.3,0.3,0.4", "crt")):
            run(["tree", "--tree", spec, "--seed", "5", "--format", "grf", "-o", name + ".grf"])
        # SCOTCH targets, SCOTCH's numbering (dimension 0 fastest), networkx's graphs
        targets = [
            ("hcub 4", ["hypercube:4"], nx.hypercube_graph(4),
             lambda t: tuple((t >> i) & 1 for i in range(4))),
            ("mesh2D 4 3", ["mesh:3x4"], nx.grid_2d_graph(4, 3), lambda t: (t % 4, t // 4)),
            ("torus2D 5 3", ["torus:3x5"], nx.grid_2d_graph(5, 3, periodic=True),
             lambda t: (t % 5, t // 5)),
            ("mesh3D 2 3 4", ["mesh:4x3x2"], nx.grid_graph(dim=[4, 3, 2]),
             lambda t: (t % 2, t // 2 % 3, t // 6)),
            ("cmplt 7", ["complete:7"], nx.complete_graph(7), lambda t: t),
        ]
        for k, (tgt, nets, graph, node_of) in enumerate(targets):
            with open(os.path.join(tmp, f"t{k}.tgt"), "w") as f:
                f.write(tgt + "\n")
            for name in ("b6", "c34", "crt"):
                subprocess.run(["scotch_gmap", name + ".grf", f"t{k}.tgt", f"{name}-{k}.map"],
                               cwd=tmp, check=True, capture_output=True)
                check(f"scotch_gmap {name} onto '{tgt}'", graph, node_of, name + ".grf",
                      f"{name}-{k}.map", [f"file:t{k}.tgt"] + nets)
        # SCOTCH's tleaf on a part (the fair baseline's target, src/embed/map_scotch.c):
        # fattree:8:3 as 'tleaf 3 8 6 8 4 8 2', restricted by a 'sub' target to
        # the last level-2 subtree (processors 448..511). scotch_gmap answers
        # the part's indices; dcnet's id of index i is 448 + i only if tleaf
        # numbers its terminals as dcnet numbers processors. Then networkx
        # measures it, and B(6) reaches the partition bound 140 (8 processors
        # a leaf switch: at most 56 of the 63 edges inside leaves at 2 hops,
        # the other 7 at 4), as dcnet's --map scotch does on its compact part.
        with open(os.path.join(tmp, "sub.tgt"), "w") as f:
            f.write("sub\n64 " + " ".join(str(448 + i) for i in range(64))
                    + "\ntleaf 3 8 6 8 4 8 2\n")
        subprocess.run(["scotch_gmap", "b6.grf", "sub.tgt", "sub.map"], cwd=tmp, check=True,
                       capture_output=True)
        part = read_map(os.path.join(tmp, "sub.map"))
        with open(os.path.join(tmp, "tleaf.map"), "w") as f:
            f.write(f"{len(part)}\n" + "".join(f"{v}\t{448 + t}\n" for v, t in part.items()))
        check("scotch_gmap b6 onto tleaf's part 448..511", fat_tree(8, 3), lambda t: ("p", t),
              "b6.grf", "tleaf.map", ["fattree:8:3"])
        _, b6 = read_grf(os.path.join(tmp, "b6.grf"))
        got = dilation(fat_tree(8, 3), lambda t: ("p", t), b6,
                       read_map(os.path.join(tmp, "tleaf.map")))[1]
        own = json.loads(run(["embed", "--net", "fattree:8:3", "--tree", "binomial:6",
                              "--map", "scotch", "--json"]))
        if got == 140 and own["dilation"]["total"] == 140 and own.get("scotch_part") == 64:
            passed += 1
        else:
            failed += 1
            print(f"networkx: tleaf part: scotch_gmap total {got}, dcnet --map scotch "
                  f"{own['dilation']['total']} on part {own.get('scotch_part')}, "
                  f"want 140 on 64", file=sys.stderr)
        # dcnet's own placements, on networks SCOTCH's targets do not name
        for net, mapping, graph, node_of in (
                ("torus:4x4x4", "dccube", nx.grid_graph(dim=[4, 4, 4], periodic=True),
                 lambda t: (t // 16, t // 4 % 4, t % 4)),
                ("torus:4x4x4", "random", nx.grid_graph(dim=[4, 4, 4], periodic=True),
                 lambda t: (t // 16, t // 4 % 4, t % 4)),
                ("fattree:4:3", "random", fat_tree(4, 3), lambda t: ("p", t)),
                ("fattree:4:3", "greedy", fat_tree(4, 3), lambda t: ("p", t)),
                ("mesh:3x5", "random", nx.grid_2d_graph(3, 5), lambda t: (t // 5, t % 5))):
            run(["embed", "--net", net, "--tree", "file:b6.grf", "--map", mapping, "--seed",
                 "7", "--save-place", "own.map", "--place-format", "scotch"])
            check(f"dcnet's {mapping} of b6", graph, node_of, "b6.grf", "own.map", [net])
    except subprocess.CalledProcessError as e:
        failed += 1
        print(f"networkx: {' '.join(e.cmd)} failed: {e.stderr}", file=sys.stderr)
    finally:
        shutil.rmtree(tmp)
    # docs/networks.md quotes the count; a drift fails here
    if f"{passed} comparisons" not in doc_text("networks.md"):
        failed += 1
        print(f"networkx: docs/networks.md lacks '{passed} comparisons' (measured now): "
              f"update its paragraph", file=sys.stderr)
    return finish("networkx", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
