#!/usr/bin/python3
"""test-simgrid.py - `dcnet simulate --export-simgrid DIR` replayed by
SimGrid (Debian's python3-simgrid 3.32, run by /usr/bin/python3), against
dcnet's own times (make check's test-simgrid stage; issue 40 section 2).

1. Single messages on links of unequal speed: a 4 x 4 mesh whose 24 links
   have random bandwidths (50 MB/s .. 5 GB/s) and latencies (0 .. 5 us),
   40 messages between random pairs released 1 s apart (each alone on the
   network), under saf and vct, with and without a sender overhead
   (--ts 3us). Every message's delivery equals, within 1e-9 of its time
   (plus the clock's own rounding, a few units in the last place of 40 s),
   the closed form computed here from the graph's costs along
   dcnet's route (saf: ts + sum_j (m / bw_j + lat_j); vct: ts + sum_j
   lat_j + m / min_j bw_j), in dcnet and in SimGrid. The routes are
   checked to be shortest paths of the graph.
   Then one sender and one port: three messages from node 0 at time 0 over
   three disjoint two-link paths of unequal speeds, --ports 1: each waits
   for the port (freed with its predecessor's first link); SimGrid agrees
   with dcnet on every delivery, under saf and vct.
   And a tree with compute time, ports and both stages: examples/qsort15.csv
   on torus:4x4x4@bw=10GB/s,lat=1us, --map greedy (no link conflicts, 7
   port waits): every delivery and the makespan agree.
2. Contention-free: the DC-cube (--order desc) of binomial:4 on
   mesh:4x4@bw=1GB/s,lat=1us with --bytes 1MB under saf and vct: 0
   conflicts in dcnet; the time and every message's delivery agree within
   1e-9 relative.
3. Contention. dcnet reserves a link for one message at a time, first come
   first served (a hop holds it m / bw + lat); SimGrid's CM02 shares a
   link's bandwidth between the flows crossing it (max-min) and lets their
   latencies overlap. (a) Five messages of different sizes over one link at
   once (--ports all): dcnet delivers them one after the other in trace
   order, at sum_{i<=k} (m_i / bw + lat); SimGrid in order of size, the
   k-th smallest at lat + (sum_{i<k} m_(i) + (n-k+1) m_(k)) / bw
   (processor sharing); both closed forms hold within 1e-9 relative.
   (b) A random trace of 60 messages within 2 ms on the random mesh under
   saf, --ports all: for message i with alone time A_i (release + its
   closed form) and B_i = sum over the links l of its route of sum over
   the other messages j crossing l of (m_j / bw_l + lat_l), both
   simulators deliver it in [A_i, A_i + B_i], so they differ by at most
   B_i. dcnet: at link l message i waits at most for the messages queued
   before it, each holding l for m_j / bw_l + lat_l once (routes never
   repeat a link); SimGrid: each hop is a comm over one link, every flow
   on l is bounded by l alone, so max-min keeps l saturated while i's data
   crosses it, and its lat_l + (m_i + sum_j m_j) / bw_l bounds the hop.
   The test asserts the bound, that contention happened (conflicts > 0
   and deliveries that differ) and prints the largest difference.

Usage: /usr/bin/python3 scripts/test-simgrid.py path/to/dcnet. Prints
"simgrid: N passed, M failed" (or "simgrid: skipped (REASON)") and adds to
$DCNET_TALLY. Takes about 15 s.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xcheck_common import finish  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
REL = 1e-9
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("simgrid: FAIL: " + what)


def close(a, b, rel=REL):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def run_dcnet(dcnet, args, out):
    """dcnet simulate ARGS --export-simgrid OUT --json: its JSON, the
    export's messages.json and the replay's JSON."""
    r = subprocess.run([dcnet, "simulate"] + args + ["--export-simgrid", out, "--json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("dcnet simulate %s: exit %d: %s" % (" ".join(args), r.returncode,
                                                               r.stderr))
    res = json.loads(r.stdout)
    with open(os.path.join(out, "messages.json")) as f:
        exp = json.load(f)
    p = subprocess.run(["/usr/bin/python3", os.path.join(out, "replay.py")],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("replay.py in %s: exit %d: %s" % (out, p.returncode, p.stderr))
    return res, exp, json.loads(p.stdout)


def random_mesh(rng, path):
    """A 4 x 4 mesh edge list with random costs; {(u, v): (bw, lat)} both
    ways (bandwidths in B/s, latencies in seconds, as dcnet reads them)."""
    costs = {}
    lines = ["# dcnet edgelist nodes=16 costs=1"]
    for r in range(4):
        for c in range(4):
            u = 4 * r + c
            for v in ([u + 1] if c < 3 else []) + ([u + 4] if r < 3 else []):
                bw = rng.randrange(50_000_000, 5_000_000_001)
                ns = rng.randrange(0, 5001)
                lines.append("%d %d %d %dns" % (u, v, bw, ns))
                lat = float("%de-9" % ns)  # dcnet's reading of NNNns
                costs[(u, v)] = costs[(v, u)] = (float(bw), lat)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return costs


def hops_bfs(costs, n, s):
    adj = {}
    for (u, v) in costs:
        adj.setdefault(u, []).append(v)
    dist = {s: 0}
    q = deque([s])
    while q:
        u = q.popleft()
        for v in adj.get(u, []):
            if v not in dist:
                dist[v] = dist[u] + 1
                q.append(v)
    return dist


def alone(costs, path, size, ts, saf):
    """A message's time alone from its release (docs/simulator.md)."""
    hops = [costs[(path[k], path[k + 1])] for k in range(len(path) - 1)]
    if saf:
        return ts + sum(size / bw + lat for bw, lat in hops)
    return ts + sum(lat for _, lat in hops) + size / min(bw for bw, _ in hops)


def case_single(dcnet, tmp, rng):
    costs = random_mesh(rng, os.path.join(tmp, "mesh.txt"))
    lines = []
    for k in range(40):
        s, d = rng.sample(range(16), 2)
        lines.append("%d %d %d %d" % (s, d, rng.randrange(1000, 2_000_001), k))
    with open(os.path.join(tmp, "single.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    worst = worst_rel = 0.0
    for sw in ("saf", "vct"):
        for ts_arg, ts in ((None, 0.0), ("3us", 3e-6)):
            args = ["--net", "file:" + os.path.join(tmp, "mesh.txt"), "--trace",
                    os.path.join(tmp, "single.txt"), "-w", sw]
            if ts_arg:
                args += ["--ts", ts_arg]
            out = os.path.join(tmp, "single-%s-%s" % (sw, ts_arg))
            res, exp, sg = run_dcnet(dcnet, args, out)
            check(res["conflicts"] == 0 and res["port_waits"] == 0,
                  "single messages %s: they met (conflicts %s)" % (sw, res["conflicts"]))
            got = {m["id"]: m["delivered"] for m in sg["messages"]}
            bad = 0
            for m in exp["messages"]:
                path = m["path"]
                dist = hops_bfs(costs, 16, path[0])
                if not all((path[k], path[k + 1]) in costs for k in range(len(path) - 1)) or \
                        len(path) - 1 != dist[path[-1]]:
                    bad += 1
                    continue
                dur = alone(costs, path, m["bytes"], ts, sw == "saf")
                want = m["release"] + dur
                dn, sgt = m["dcnet_delivered"], got[m["id"]]
                # 1e-9 of the message's own time, plus the rounding of a
                # clock that reads up to 40 s (a few units in the last
                # place: 7.1e-15 s each)
                tol = REL * dur + 4 * 7.2e-15
                worst = max(worst, abs(dn - want), abs(sgt - want), abs(sgt - dn))
                worst_rel = max(worst_rel, abs(dn - want) / dur, abs(sgt - want) / dur)
                if not (abs(dn - want) <= tol and abs(sgt - want) <= tol):
                    bad += 1
                    print("  message %d %s: closed form %r, dcnet %r, SimGrid %r"
                          % (m["id"], sw, want, dn, sgt))
            check(bad == 0, "single messages %s ts %s: %d of 40 off" % (sw, ts_arg, bad))
    print("simgrid: single messages on unequal links (40 x saf/vct x ts 0/3us): closed form, "
          "dcnet and SimGrid agree, largest difference %.3g s (%.3g of the message's time)"
          % (worst, worst_rel))

    # one port: three two-link paths from node 0
    with open(os.path.join(tmp, "fork.txt"), "w") as f:
        f.write("# dcnet edgelist nodes=7 costs=1\n"
                "0 1 1GB/s 1us\n1 4 200MB/s 3us\n"
                "0 2 300MB/s 0\n2 5 2GB/s 2us\n"
                "0 3 700MB/s 4us\n3 6 50MB/s 1us\n")
    with open(os.path.join(tmp, "fork-trace.txt"), "w") as f:
        f.write("0 4 400000\n0 5 1000000\n0 6 250000\n")
    worst = 0.0
    for sw in ("saf", "vct"):
        res, exp, sg = run_dcnet(dcnet, ["--net", "file:" + os.path.join(tmp, "fork.txt"),
                                         "--trace", os.path.join(tmp, "fork-trace.txt"),
                                         "-w", sw, "--ports", "1"],
                                 os.path.join(tmp, "fork-" + sw))
        got = {m["id"]: m["delivered"] for m in sg["messages"]}
        ok = res["port_waits"] == 2 and res["conflicts"] == 0
        for m in exp["messages"]:
            worst = max(worst, abs(got[m["id"]] - m["dcnet_delivered"]) / m["dcnet_delivered"])
            ok = ok and close(got[m["id"]], m["dcnet_delivered"])
        check(ok and close(sg["time"], res["time"]),
              "one port %s: dcnet %r, SimGrid %r" % (sw, res["time"], sg["time"]))
    print("simgrid: one sender, one port, 3 messages (2 port waits): agree, largest relative "
          "difference %.3g" % worst)

    # a tree with work (dependencies with delays), ports, both stages
    worst = 0.0
    for sw in ("saf", "vct"):
        res, exp, sg = run_dcnet(dcnet, ["--net", "torus:4x4x4@bw=10GB/s,lat=1us", "--tree",
                                         "file:" + os.path.join(TOP, "examples", "qsort15.csv"),
                                         "--map", "greedy", "-w", sw],
                                 os.path.join(tmp, "qsort-" + sw))
        got = {m["id"]: m["delivered"] for m in sg["messages"]}
        ok = len(got) == 28 and res["conflicts"] == 0 and res["port_waits"] == 7
        for m in exp["messages"]:
            if m["kind"] != "compute":
                worst = max(worst, abs(got[m["id"]] - m["dcnet_delivered"]) / m["dcnet_delivered"])
                ok = ok and close(got[m["id"]], m["dcnet_delivered"])
        check(ok and close(sg["time"], res["time"]),
              "qsort15 %s: dcnet %r, SimGrid %r" % (sw, res["time"], sg["time"]))
        print("simgrid: examples/qsort15.csv %s (work, 7 port waits, both stages): time dcnet "
              "%r SimGrid %r" % (sw, res["time"], sg["time"]))
    print("simgrid: qsort15: every delivery agrees, largest relative difference %.3g" % worst)


def case_dccube(dcnet, tmp):
    for sw in ("saf", "vct"):
        res, exp, sg = run_dcnet(dcnet, ["--net", "mesh:4x4@bw=1GB/s,lat=1us", "--tree",
                                         "binomial:4", "--map", "dccube", "--order", "desc",
                                         "--bytes", "1MB", "-w", sw],
                                 os.path.join(tmp, "dccube-" + sw))
        got = {m["id"]: m["delivered"] for m in sg["messages"]}
        worst = max(abs(got[m["id"]] - m["dcnet_delivered"]) / m["dcnet_delivered"]
                    for m in exp["messages"])
        check(res["conflicts"] == 0 and len(got) == 15, "DC-cube %s: contention" % sw)
        check(close(sg["time"], res["time"]) and worst <= REL,
              "DC-cube %s: time dcnet %r SimGrid %r, worst message %.3g"
              % (sw, res["time"], sg["time"], worst))
        print("simgrid: DC-cube desc binomial:4 on mesh:4x4@bw=1GB/s,lat=1us --bytes 1MB %s: "
              "time dcnet %r SimGrid %r, 15 messages, largest relative difference %.3g"
              % (sw, res["time"], sg["time"], worst))


def case_contention(dcnet, tmp, rng):
    # (a) one link, five messages at once
    with open(os.path.join(tmp, "pair.txt"), "w") as f:
        f.write("# dcnet edgelist nodes=2 costs=1\n0 1 100MB/s 5us\n")
    sizes = [300000, 100000, 500000, 200000, 400000]
    with open(os.path.join(tmp, "pair-trace.txt"), "w") as f:
        f.write("".join("0 1 %d\n" % m for m in sizes))
    bw, lat = 1e8, 5e-6
    res, exp, sg = run_dcnet(dcnet, ["--net", "file:" + os.path.join(tmp, "pair.txt"),
                                     "--trace", os.path.join(tmp, "pair-trace.txt"),
                                     "-w", "saf", "--ports", "all"], os.path.join(tmp, "pair"))
    got = {m["id"]: m["delivered"] for m in sg["messages"]}
    fcfs, t = [], 0.0
    for m in sizes:
        t += m / bw + lat
        fcfs.append(t)
    order = sorted(range(5), key=lambda i: sizes[i])
    ps = [0.0] * 5
    for k, i in enumerate(order):
        ps[i] = lat + (sum(sizes[j] for j in order[:k]) + (5 - k) * sizes[i]) / bw
    ok_dn = all(close(exp["messages"][i]["dcnet_delivered"], fcfs[i]) for i in range(5))
    ok_sg = all(close(got[i], ps[i]) for i in range(5))
    check(ok_dn, "one link: dcnet %r, first come first served %r"
          % ([m["dcnet_delivered"] for m in exp["messages"]], fcfs))
    check(ok_sg, "one link: SimGrid %r, processor sharing %r" % ([got[i] for i in range(5)], ps))
    print("simgrid: one link, 5 messages at once (ms): dcnet %s, first come first served %s; "
          "SimGrid %s, max-min sharing %s"
          % ([round(m["dcnet_delivered"] * 1e3, 6) for m in exp["messages"]],
             [round(x * 1e3, 6) for x in fcfs], [round(got[i] * 1e3, 6) for i in range(5)],
             [round(x * 1e3, 6) for x in ps]))

    # (b) a random trace with contention, and its bound
    costs = random_mesh(rng, os.path.join(tmp, "cmesh.txt"))
    lines = []
    for _ in range(60):
        s, d = rng.sample(range(16), 2)
        lines.append("%d %d %d %.9f" % (s, d, rng.randrange(10000, 200001), rng.random() * 2e-3))
    with open(os.path.join(tmp, "contention.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    res, exp, sg = run_dcnet(dcnet, ["--net", "file:" + os.path.join(tmp, "cmesh.txt"),
                                     "--trace", os.path.join(tmp, "contention.txt"),
                                     "-w", "saf", "--ports", "all"],
                             os.path.join(tmp, "contention"))
    got = {m["id"]: m["delivered"] for m in sg["messages"]}
    msgs = exp["messages"]
    on_link = {}
    for m in msgs:
        for k in range(len(m["path"]) - 1):
            on_link.setdefault((m["path"][k], m["path"][k + 1]), []).append(m["id"])
    out_of_bound = differ = 0
    worst = worst_frac = 0.0
    for m in msgs:
        a = m["release"] + alone(costs, m["path"], m["bytes"], 0.0, True)
        b = 0.0
        for k in range(len(m["path"]) - 1):
            link = (m["path"][k], m["path"][k + 1])
            lbw, llat = costs[link]
            b += sum(msgs[j]["bytes"] / lbw + llat for j in on_link[link] if j != m["id"])
        eps = REL * a
        for t in (m["dcnet_delivered"], got[m["id"]]):
            if not (a - eps <= t <= a + b + eps):
                out_of_bound += 1
                print("  message %d: %r outside [%r, %r]" % (m["id"], t, a, a + b))
        diff = abs(got[m["id"]] - m["dcnet_delivered"])
        if diff > REL * a:
            differ += 1
        worst = max(worst, diff)
        if b > 0:
            worst_frac = max(worst_frac, diff / b)
    check(res["conflicts"] > 0 and differ > 0,
          "contention trace: no contention (conflicts %d, %d deliveries differ)"
          % (res["conflicts"], differ))
    check(out_of_bound == 0, "contention trace: %d deliveries outside [A_i, A_i + B_i]"
          % out_of_bound)
    print("simgrid: contention trace (60 messages, saf, %d conflicts): time dcnet %r SimGrid %r; "
          "%d of 60 deliveries differ, by at most %.3g s, at most %.3g of their bound B_i; "
          "%d deliveries outside [A_i, A_i + B_i]"
          % (res["conflicts"], res["time"], sg["time"], differ, worst, worst_frac, out_of_bound))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: /usr/bin/python3 scripts/test-simgrid.py path/to/dcnet")
    dcnet = os.path.abspath(sys.argv[1])
    try:
        import simgrid  # noqa: F401
    except ImportError as ex:
        reason = "%s cannot import simgrid (%s): apt-get install python3-simgrid" % (sys.executable, ex)
        print("simgrid: skipped (%s)" % reason)
        tally = os.environ.get("DCNET_TALLY")
        if tally:
            with open(tally, "a") as f:
                f.write("0 0 1\n")
        return 0
    rng = random.Random(40)
    with tempfile.TemporaryDirectory() as tmp:
        for case in (lambda: case_single(dcnet, tmp, rng), lambda: case_dccube(dcnet, tmp),
                     lambda: case_contention(dcnet, tmp, rng)):
            try:
                case()
            except (RuntimeError, KeyError, ValueError) as ex:
                check(False, str(ex))
    return finish("simgrid", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
