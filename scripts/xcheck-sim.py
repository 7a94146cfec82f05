#!/usr/bin/env python3
"""xcheck-sim.py - dcnet's switching simulator against an independent one.

A second event simulator, written here from docs/simulator.md's cost model
alone (no code shared with src/sim), plays random traces on a mesh and must
give dcnet simulate's time, conflicts (channel requests that found every
lane busy), port waits and total waiting time, for every switching mode,
lane count and port limit:

  - a message of size m has L = t_s + m t_e; with a head latency of 0,
    store-and-forward (saf) holds hop j's channel for L and then asks for
    the next; a worm (wormhole) asks for its channels one by one, keeps
    every one it holds, is delivered L after the last is granted and frees
    them all then; virtual cut-through (vct) frees channel j at g_j + L,
    blocked or not;
  - links are directed channels with V lanes each; waiters are served
    first come, first served; a node injects P messages at once (ports),
    a message holding its port from before its first channel until that
    channel is freed;
  - routes are dimension order on the mesh (`--routes xy`: the column, the
    fastest coordinate, first, then the row), computed here.

At each instant, what frees channels or delivers goes first (a freed lane
to its oldest waiter), then every request of that instant. Release times
and sizes are random reals, so no two unrelated events share an instant
and the result does not hang on how ties are broken. Usage:
scripts/xcheck-sim.py path/to/dcnet. Prints "sim-xcheck: N passed, M failed"
(and adds to $DCNET_TALLY); exits 1 on a failure.
"""
import heapq
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import deque

from xcheck_common import doc_text, finish

ROWS, COLS = 5, 6


def xy_route(s, d):
    """Nodes visited from s to d on mesh:ROWSxCOLS (id = row * COLS + col)."""
    r, c = divmod(s, COLS)
    tr, tc = divmod(d, COLS)
    path = [s]
    while c != tc:
        c += 1 if tc > c else -1
        path.append(r * COLS + c)
    while r != tr:
        r += 1 if tr > r else -1
        path.append(r * COLS + c)
    return path


def simulate(msgs, mode, ts, te, lanes, ports, mutant=None):
    """msgs: (src, dst, size, release). Returns the last delivery time, the
    channel requests that found every lane busy, the injections that found
    every port busy, and the total time spent waiting for both. A mutant
    breaks one rule on purpose, to show that the comparison can fail:
    "lifo" serves waiters last come first, "late-vct" frees a vct channel
    only at delivery."""
    routes = [xy_route(s, d) for s, d, _, _ in msgs]
    chans = [list(zip(p, p[1:])) for p in routes]
    L = [ts + m * te for _, _, m, _ in msgs]
    free = {}      # channel -> free lanes
    wait = {}      # channel -> FIFO of (message, hop) waiting for it
    port_free = {}
    port_wait = {}
    held = [[] for _ in msgs]  # wormhole: channels a worm holds
    heap, seq, last = [], 0, 0.0
    stats = {"conflicts": 0, "port_waits": 0, "wait": 0.0}
    pending = deque()  # requests of this instant, served after its frees
    asked = {}  # (message, hop or "port") -> when it began to wait

    def push(t, kind, i, j=0):
        nonlocal seq
        heapq.heappush(heap, (t, seq, kind, i, j))
        seq += 1

    def lanes_of(c):
        return free.setdefault(c, lanes)

    def grant(t, i, j):
        """Message i holds channel j of its route from time t."""
        if mode == "saf":
            push(t + L[i], "hop_done", i, j)
        else:  # a worm's head asks for the next channel at once (phase 2)
            if mode == "vct" and mutant != "late-vct":
                push(t + L[i], "free", i, j)
            else:
                held[i].append(j)
            if j + 1 < len(chans[i]):
                pending.append((i, j + 1))
            else:
                push(t + L[i], "deliver", i)

    def request(t, i, j):
        c = chans[i][j]
        if lanes_of(c) > 0 and not wait.get(c):
            free[c] -= 1
            grant(t, i, j)
        else:
            stats["conflicts"] += 1
            asked[(i, j)] = t
            wait.setdefault(c, deque()).append((i, j))

    def release(t, i, j):
        """Message i frees channel j; the oldest waiter takes the lane."""
        c = chans[i][j]
        free[c] += 1
        if j == 0 and ports is not None:
            release_port(t, msgs[i][0])
        q = wait.get(c)
        if q:
            free[c] -= 1
            wi, wj = q.pop() if mutant == "lifo" else q.popleft()
            stats["wait"] += t - asked.pop((wi, wj))
            grant(t, wi, wj)

    def inject(t, i):
        if ports is None:
            request(t, i, 0)
            return
        s = msgs[i][0]
        if port_free.setdefault(s, ports) > 0 and not port_wait.get(s):
            port_free[s] -= 1
            request(t, i, 0)
        else:
            stats["port_waits"] += 1
            asked[(i, "port")] = t
            port_wait.setdefault(s, deque()).append(i)

    def release_port(t, s):
        port_free[s] += 1
        q = port_wait.get(s)
        if q:
            port_free[s] -= 1
            i = q.popleft()
            stats["wait"] += t - asked.pop((i, "port"))
            request(t, i, 0)

    for i, (_, _, _, rel) in enumerate(msgs):
        if chans[i]:
            push(rel, "inject", i)
        else:
            last = max(last, rel)  # a message that stays costs nothing
    # one instant at a time: what frees channels or delivers first (a freed
    # lane going to its oldest waiter), then every request of the instant
    order = {"hop_done": 0, "free": 0, "deliver": 0, "inject": 1}
    while heap:
        t = heap[0][0]
        batch = []
        while heap and heap[0][0] == t:
            batch.append(heapq.heappop(heap))
        batch.sort(key=lambda e: (order[e[2]], e[1]))
        for _, _, kind, i, j in batch:
            if kind == "hop_done":  # saf: stored at the next node
                release(t, i, j)
                if j + 1 < len(chans[i]):
                    pending.append((i, j + 1))
                else:
                    last = max(last, t)
            elif kind == "free":
                release(t, i, j)
            elif kind == "deliver":
                last = max(last, t)
                if mode == "wormhole" or mutant == "late-vct":
                    for h in held[i]:
                        release(t, i, h)
            else:
                pending.append((i, None))
        while pending:  # phase 2: every request of the instant, new ones too
            i, j = pending.popleft()
            if j is None:
                inject(t, i)
            else:
                request(t, i, j)
    return last, stats["conflicts"], stats["port_waits"], stats["wait"]


def same(got, want):
    """Counts exactly, times to 1e-9 relative."""
    return got[1:3] == want[1:3] and all(abs(a - b) <= 1e-9 * max(1.0, b)
                                         for a, b in ((got[0], want[0]), (got[3], want[3])))


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dcnet = os.path.abspath(sys.argv[1])
    passed = failed = 0
    caught = {"lifo": 0, "late-vct": 0}  # runs where each mutant differs from dcnet
    tmp = tempfile.mkdtemp()
    trace = os.path.join(tmp, "trace.txt")
    try:
        for seed in range(6):
            rng = random.Random(seed)
            n = ROWS * COLS
            msgs = []
            for _ in range(40):
                s, d = rng.randrange(n), rng.randrange(n)
                msgs.append((s, d, rng.uniform(0.5, 4.0), rng.uniform(0.0, 3.0)))
            with open(trace, "w") as f:
                for s, d, m, rel in msgs:
                    f.write(f"{s} {d} {m!r} {rel!r}\n")
            for mode in ("saf", "wormhole", "vct"):
                for lanes in (1, 2):
                    for ports in (None, 1, 2):
                        ts = (0.0, 0.75)[seed % 2]
                        want = simulate(msgs, mode, ts, 1.0, lanes, ports)
                        args = [dcnet, "simulate", "--net", f"mesh:{ROWS}x{COLS}", "--trace",
                                trace, "--routes", "xy", "-w", mode, "--ts", repr(ts), "--te",
                                "1", "--vcs", str(lanes), "--ports",
                                "all" if ports is None else str(ports), "--json"]
                        out = subprocess.run(args, capture_output=True, text=True)
                        if out.returncode != 0:
                            failed += 1
                            print(f"sim-xcheck: {' '.join(args[1:])}: exit {out.returncode}: "
                                  f"{out.stderr.strip()}", file=sys.stderr)
                            continue
                        j = json.loads(out.stdout)
                        got = (j["time"], j["conflicts"], j["port_waits"], j["wait_time"])
                        for mutant in caught:
                            other = simulate(msgs, mode, ts, 1.0, lanes, ports, mutant)
                            caught[mutant] += not same(got, other)
                        if same(got, want):
                            passed += 1
                        else:
                            failed += 1
                            print(f"sim-xcheck: seed {seed} {mode} vcs {lanes} ports "
                                  f"{ports or 'all'}: dcnet (time, conflicts, port_waits, "
                                  f"wait_time) {got!r}, independent {want!r}",
                                  file=sys.stderr)
    finally:
        if os.path.exists(trace):
            os.unlink(trace)
        os.rmdir(tmp)
    for mutant, n in caught.items():
        if n == 0:
            failed += 1
            print(f"sim-xcheck: the {mutant} mutant matches dcnet everywhere: the comparison "
                  f"cannot tell it apart", file=sys.stderr)
    # docs/simulator.md quotes these counts; a drift fails here
    text = doc_text("simulator.md")
    for phrase in (f"in all {passed} runs", f"fails {caught['lifo']} of them",
                   f"only at delivery {caught['late-vct']}"):
        if phrase not in text:
            failed += 1
            print(f"sim-xcheck: docs/simulator.md lacks '{phrase}' (measured now: {passed} "
                  f"runs equal, mutants differ in {caught}): update its paragraph",
                  file=sys.stderr)
    return finish("sim-xcheck", passed, failed,
                  f" (mutants caught: lifo {caught['lifo']}, late-vct {caught['late-vct']})")


if __name__ == "__main__":
    sys.exit(main())
