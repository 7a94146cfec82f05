#!/bin/sh
# balance_fit.sh - fits the steps of seed 003's protocol (and dcnet's two
# variants) against its bound O(log^2 N + sum of transfers): for k = 4..16
# and three load distributions, runs `dcnet balance --json` and fits
#   steps = a k^2 + b S + c,   S = sum_i |l_i - t_i| (the seed's sum of Delta_i)
# and, since a message of m tasks holds each link m units, also with a k S
# term, by least squares, printing the data as CSV and the fit per algorithm as a
# Markdown table (docs/balance.md). About a minute on 2 cores.
set -eu
DCNET=${DCNET:-build/dcnet}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "algo,k,loads,steps,transfer_sum,task_hops"
for algo in spanning absorb tree; do
    for k in 4 5 6 7 8 9 10 11 12 13 14 15 16; do
        n=$((1 << k))
        for loads in random:1:16 exp:2:16 "point:$((16 * n)):$((n / 3))"; do
            "$DCNET" balance --net "ddb:$k" --loads "$loads" --algo "$algo" --json |
                python3 -c '
import json, sys
r = json.load(sys.stdin)
print("%s,%s,%s,%.0f,%d,%d" % (r["algo"], sys.argv[1], sys.argv[2], r["steps"], r["transfer_sum"], r["task_hops"]))
' "$k" "$loads"
        done
    done
done | tee "$tmp"
python3 - "$tmp" <<'PY'
import sys
rows = [l.strip().split(",") for l in open(sys.argv[1])]
def solve(A, b):
    # Gaussian elimination with partial pivoting on the normal equations
    n = len(b)
    M = [A[i][:] + [b[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c:
                f = M[r][c] / M[c][c]
                M[r] = [M[r][j] - f * M[c][j] for j in range(n + 1)]
    return [M[i][n] / M[i][i] for i in range(n)]
def fit(pts, terms):
    X = [[t(k, S) for t in terms] + [1.0] for k, S, _ in pts]
    y = [p[2] for p in pts]
    m = len(X[0])
    A = [[sum(x[a] * x[b] for x in X) for b in range(m)] for a in range(m)]
    v = [sum(X[i][a] * y[i] for i in range(len(X))) for a in range(m)]
    co = solve(A, v)
    f = [sum(co[j] * X[i][j] for j in range(m)) for i in range(len(X))]
    mean = sum(y) / len(y)
    r2 = 1 - sum((y[i] - f[i]) ** 2 for i in range(len(y))) / sum((yy - mean) ** 2 for yy in y)
    rel = max(abs(y[i] - f[i]) / y[i] for i in range(len(y)))
    return co, r2, rel
print()
print("| algo | loads | model | coefficients | R^2 | max rel. error |")
print("| --- | --- | --- | --- | --- | --- |")
models = [("a k^2 + b S + c", [lambda k, S: k * k, lambda k, S: S], "a b c"),
          ("a k^2 + b S + d kS + c", [lambda k, S: k * k, lambda k, S: S, lambda k, S: k * S], "a b d c")]
for algo in ("spanning", "absorb", "tree"):
    for dist in ("all", "random", "exp", "point"):
        pts = [(float(r[1]), float(r[4]), float(r[3])) for r in rows
               if r[0] == algo and (dist == "all" or r[2].startswith(dist))]
        for name, terms, labels in models:
            co, r2, rel = fit(pts, terms)
            cs = ", ".join("%s = %.4g" % (l, c) for l, c in zip(labels.split(), co))
            print("| %s | %s | %s | %s | %.5f | %.1f%% |" % (algo, dist, name, cs, r2, 100 * rel))
PY
