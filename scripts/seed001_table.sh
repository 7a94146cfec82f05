#!/bin/sh
# The seed 001 tables of docs/papers/001-meshes.md, recomputed with dcnet
# next to the values of the paper's Table 1 (its formulas, evaluated here).
# Usage: scripts/seed001_table.sh [path/to/dcnet] [max k]   (prints Markdown)
# Table 1: row G_B, Growing approach B averaged over all 4^k roots under
# store-and-forward, with the fixed centre (--approach b, dcnet's default)
# and with the nearest central node (--approach b:nearest).
# Table 2: row S, the DC-cube in the paired order (the default) and in the
# ascending order that section 4's text names (from root 0: S is the same
# from every root).
# Table 3: the xor embedding (--map xor) on the 2^k x 2^k torus against the
# standard one (--map dccube) there, from root 0 (the same from every root).
set -eu
D=${1:-build/dcnet}
KMAX=${2:-6}
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }
sim() { "$D" simulate "$@" -w saf --all-roots --json; }
# ts te of one run as "TS TE"
coeffs() { r=$(sim "$@"); echo "$(echo "$r" | field ts_coeff) $(echo "$r" | field te_coeff)"; }
# the same from one root
one() { r=$("$D" simulate "$@" --json); echo "$(echo "$r" | field ts_coeff) $(echo "$r" | field te_coeff)"; }

echo "| k | paper t_s | b t_s | b:nearest t_s | paper t_e, alpha = 1/2: general formula | paper t_e, alpha = 1/2 column | b t_e | b:nearest t_e | paper t_e, alpha = 3/4 | b:nearest t_e, alpha = 3/4 |"
echo "|---|---|---|---|---|---|---|---|---|---|"
k=2
while [ "$k" -le "$KMAX" ]; do
    s=$((1 << k))
    set -- --net "mesh:${s}x$s" --tree "binomial:$((2 * k))" --map growing
    fb=$(coeffs "$@" --approach b --alpha 1/2)
    nb=$(coeffs "$@" --approach b:nearest --alpha 1/2)
    n3=$(coeffs "$@" --approach b:nearest --alpha 3/4)
    # Table 1: t_s 3 2^(k-1) - 1; t_e 2^(k-1) - 1 + a + a^2 + (a^3 + a^4)
    # ((2a^2)^(k-1) - 1) / (2a^2 - 1); the alpha = 1/2 column
    # 2^(k-1) + 1/8 + 3/2^(k+2)
    awk -v k="$k" -v fb="$fb" -v nb="$nb" -v n3="$n3" 'function gb(a,  q) {
            q = 2 * a * a
            return 2 ^ (k - 1) - 1 + a + a * a + (a ^ 3 + a ^ 4) * (q ^ (k - 1) - 1) / (q - 1)
        }
        BEGIN {
            split(fb, f, " "); split(nb, n, " "); split(n3, m, " ")
            printf "| %d | %d | %s | %s | %.10g | %.10g | %s | %s | %.6f | %.6f |\n", k,
                3 * 2 ^ (k - 1) - 1, f[1], n[1], gb(0.5), 2 ^ (k - 1) + 1 / 8 + 3 / 2 ^ (k + 2),
                f[2], n[2], gb(0.75), m[2]
        }'
    k=$((k + 1))
done

echo
echo "| k | paper t_e, alpha = 1/2 (row S) | paired t_e | ascending t_e | paper t_s | paired t_s | ascending t_s |"
echo "|---|---|---|---|---|---|---|"
k=2
while [ "$k" -le "$KMAX" ]; do
    s=$((1 << k))
    # S costs the same from every root (constant distances): root 0 stands
    # for the average (tests/test_sim.c test_dccube_saf_every_root)
    set -- --net "mesh:${s}x$s" --tree "binomial:$((2 * k))" --map dccube --alpha 1/2 --root 0
    p=$(one "$@" --order paired -w saf)
    a=$(one "$@" --order asc -w saf)
    awk -v k="$k" -v p="$p" -v a="$a" 'BEGIN {
            split(p, x, " "); split(a, y, " ")
            printf "| %d | %.10g | %s | %s | %d | %s | %s |\n", k, 1.5 * (1 - 2 ^ -k), x[2], y[2],
                2 ^ (k + 1) - 2, x[1], y[1]
        }'
    k=$((k + 1))
done

echo
echo "| k | standard t_s | xor t_s | standard t_e, alpha = 1/2 | xor t_e, alpha = 1/2 | standard max dilation | xor max dilation | wormhole (desc), both |"
echo "|---|---|---|---|---|---|---|---|"
k=2
while [ "$k" -le "$KMAX" ]; do
    s=$((1 << k))
    # one root stands for all: both embeddings have constant distances, so
    # every root costs the same (tests/test_sim.c test_xor_torus)
    set -- --net "torus:${s}x$s" --tree "binomial:$((2 * k))" --alpha 1/2 --root 0
    sd=$(one "$@" --map dccube -w saf)
    xr=$(one "$@" --map xor -w saf)
    wd=$("$D" simulate "$@" --map dccube --order desc -w wormhole --json | field time)
    wx=$("$D" simulate "$@" --map xor --order desc -w wormhole --json | field time)
    md=$("$D" embed --net "torus:${s}x$s" --tree "binomial:$((2 * k))" --map dccube --json |
        sed -n 's/.*"dilation":{"max":\([0-9]*\).*/\1/p')
    mx=$("$D" embed --net "torus:${s}x$s" --tree "binomial:$((2 * k))" --map xor --json |
        sed -n 's/.*"dilation":{"max":\([0-9]*\).*/\1/p')
    w=$wd
    [ "$wd" = "$wx" ] || w="$wd, $wx"
    awk -v k="$k" -v sd="$sd" -v xr="$xr" -v md="$md" -v mx="$mx" -v w="$w" 'BEGIN {
            split(sd, a, " "); split(xr, b, " ")
            printf "| %d | %s | %s | %s | %s | %s | %s | %s |\n", k, a[1], b[1], a[2], b[2], md, mx, w
        }'
    k=$((k + 1))
done
