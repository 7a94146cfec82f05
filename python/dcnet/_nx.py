"""networkx both ways (dcnet.graph; networkx graphs and trees as arguments).

From dcnet: the library builds the network (dcnet._dcnet.graph, which calls
dn_net_init and dn_net_materialize) and hands over its labels, processors and
links; nothing is read from text.

To dcnet: a networkx graph is written as dcnet's edge list (docs/formats.md:
the header line with nodes=, directed=, processors= and costs=, then one
"u v [bw lat]" line per link) and a tree as dcnet's tree CSV (id,parent with
work, bytes_down, bytes_up when the nodes carry them), into a temporary file
that the command reads as file:PATH with the CLI's own checks. The commands
take a spec, so a file is the one way in that keeps every check in one place.
Node ids are positions: the processors first in the graph's node order, then
the switches (nodes whose kind is "switch").
"""

import math


def graph(spec):
    import networkx as nx
    from . import _dcnet
    directed, procs, labels, src, dst, bw, lat = _dcnet.graph(spec)
    g = nx.DiGraph() if directed else nx.Graph()
    g.graph["spec"] = spec
    g.graph["processors"] = procs
    for v, lab in enumerate(labels):
        g.add_node(v, label=lab, kind="processor" if v < procs else "switch")
    for i, (u, v) in enumerate(zip(src, dst)):
        if bw is None:
            g.add_edge(u, v)
        else:
            g.add_edge(u, v, bw=bw[i], lat=lat[i])
    return g


def _num(x):
    x = float(x)
    if not math.isfinite(x):
        raise ValueError("dcnet: a link cost or tree weight must be finite, not %r" % x)
    return repr(x)


def write_network(g, path):
    nodes = list(g.nodes)
    procs = [v for v in nodes if g.nodes[v].get("kind", "processor") != "switch"]
    switches = [v for v in nodes if g.nodes[v].get("kind", "processor") == "switch"]
    ids = {v: i for i, v in enumerate(procs + switches)}
    edges = list(g.edges(data=True))
    costs = any("bw" in d or "lat" in d for _, _, d in edges)
    with open(path, "w", encoding="utf-8") as f:
        f.write("# dcnet edgelist nodes=%d directed=%d processors=%d costs=%d\n"
                % (len(nodes), 1 if g.is_directed() else 0, len(procs), 1 if costs else 0))
        for u, v, d in edges:
            if costs:
                if "bw" not in d or "lat" not in d:
                    raise ValueError("dcnet: every link needs both bw and lat when one has "
                                     "them (link %r-%r)" % (u, v))
                f.write("%d %d %s %s\n" % (ids[u], ids[v], _num(d["bw"]), _num(d["lat"])))
            else:
                f.write("%d %d\n" % (ids[u], ids[v]))
    return ids


def _parents_of_nx(t):
    nodes = list(t.nodes)
    if not nodes:
        raise ValueError("dcnet: the tree has no node")
    if t.is_directed():
        roots = [v for v in nodes if t.in_degree(v) == 0]
        if len(roots) != 1:
            raise ValueError("dcnet: a directed tree has one root (no incoming edge); "
                             "this one has %d" % len(roots))
        root = roots[0]
        succ = t.successors
    else:
        root = t.graph.get("root", nodes[0])
        succ = t.neighbors
    # breadth first from the root: ids in that order, children in edge order
    order, parent, seen = [root], {root: None}, {root}
    for v in order:
        for c in succ(v):
            if c in seen:
                if t.is_directed() or parent[v] != c:
                    raise ValueError("dcnet: the graph is not a tree (node %r is reached twice)"
                                     % (c,))
                continue
            seen.add(c)
            parent[c] = v
            order.append(c)
    if len(order) != len(nodes):
        raise ValueError("dcnet: the tree is not connected: %d of %d nodes reach the root"
                         % (len(order), len(nodes)))
    return order, parent


def write_tree(t, path):
    if hasattr(t, "nodes") and hasattr(t, "edges"):
        order, parent = _parents_of_nx(t)
        ids = {v: i for i, v in enumerate(order)}
        cols = [k for k in ("work", "bytes_down", "bytes_up")
                if any(k in t.nodes[v] for v in order)]
        rows = []
        for v in order:
            p = parent[v]
            rows.append([str(ids[v]), "" if p is None else str(ids[p])] +
                        [_num(t.nodes[v].get(k, 0)) for k in cols])
    else:  # a parent array: parents[v], -1 or None at the root
        seq = [None if p is None else int(p) for p in list(t)]
        cols = []
        rows = [[str(v), "" if (p is None or p < 0) else str(p)] for v, p in enumerate(seq)]
    with open(path, "w", encoding="utf-8") as f:
        f.write(",".join(["id", "parent"] + cols) + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")
