/*
 * debruijn.c - de Bruijn networks.
 *
 * Seed 000, Definition 2: DG(r, k) has r^k nodes a_{k-1}..a_0 (radix r);
 * node a_{k-1}..a_0 is joined to a_{k-2}..a_0 x (left shift) and
 * x a_{k-1}..a_1 (right shift). BDG(k) = DG(2, k). We build the undirected
 * *simple* graph: self-loops (the constant strings) and duplicate edges (the
 * pairs of period-2 strings, joined by a left and a right shift) are dropped.
 * In our ids the string is the base-r number: left shift = (r v + x) mod r^k,
 * right shift = x r^(k-1) + v div r.
 *
 * Closed forms (checked against scans and BFS in tests/test_net.c):
 *   edges = r^(k+1) - r - r(r-1)/2   (r^(k+1) shift arcs, r loops, r(r-1)/2
 *                                     duplicated period-2 pairs)
 *   degree: 2r for strings without period 2, 2r - 1 for non-constant
 *   period-2 strings, 2r - 2 for constant ones (k >= 2); r - 1 when k = 1;
 *   diameter k (any string reaches any other by k shifts; 0^k and 1^k
 *   need all k).
 *
 * Seed 003, Definition 1: DDB(k) is directed, X -> 2X mod 2^k and
 * (2X mod 2^k) + 1: 2^(k+1) arcs including the self-loops at 0^k and 1^k,
 * which are kept (they are links). Out- and in-degree 2; directed
 * diameter k (Lemma 1 gives a length-k path; 0^k to 1^k needs k).
 */
#include "net_impl.h"

#include <stdio.h>

/* p[0] = k, p[1] = r, p[2] = r^(k-1) */

static int dg_setup(dn_net *net, int64_t r, int64_t k, const char *syntax, dn_err *err)
{
    int64_t n, top, arcs;
    if (dn_pow_ovf(r, (int)k, &n) || n > DN_NET_MAX_NODES)
        return dn_fail(err, DN_ERANGE,
                       "%s: %lld^%lld nodes is over the limit of 2^50 nodes",
                       syntax, (long long)r, (long long)k);
    dn_pow_ovf(r, (int)k - 1, &top);
    net->p[0] = k;
    net->p[1] = r;
    net->p[2] = top;
    net->n = n;
    dn_mul_ovf(n, r, &arcs);
    net->edges = arcs - r - r * (r - 1) / 2;
    net->directed = 0;
    net->max_out = (int)(2 * r);
    return DN_OK;
}

static int debruijn_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t k;
    int rc;
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected debruijn:K with K in 1..50 (e.g. debruijn:4)");
    if ((rc = dn_spec_int(argv[0], 1, 50, "K", "debruijn:K", &k, err)))
        return rc;
    return dg_setup(net, 2, k, "debruijn:K", err);
}

static int dg_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t r, k;
    int rc;
    if (argc != 2)
        return dn_fail(err, DN_EINVAL, "expected dg:R:K (radix R in 2..36, K >= 1; e.g. dg:3:4)");
    if ((rc = dn_spec_int(argv[0], 2, 36, "radix R", "dg:R:K", &r, err)) ||
        (rc = dn_spec_int(argv[1], 1, 50, "K", "dg:R:K", &k, err)))
        return rc;
    return dg_setup(net, r, k, "dg:R:K", err);
}

static int dg_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    const int64_t r = net->p[1], top = net->p[2];
    const int64_t shl = (v % top) * r, shr = v / r;
    int d = 0;
    for (int64_t x = 0; x < r; x++) {
        out[d++] = shl + x;
        out[d++] = x * top + shr;
    }
    return dn_nbr_normalize(out, d, v);
}

static void dg_facts(const dn_net *net, dn_facts *f)
{
    const int64_t k = net->p[0], r = net->p[1];
    if (k == 1) {
        f->deg_min = f->deg_max = r - 1;
    } else {
        f->deg_min = 2 * r - 2;
        f->deg_max = k == 2 ? 2 * r - 1 : 2 * r; /* k = 2: every string has period 2 */
    }
    f->diameter = k;
}

static int dg_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    return dn_label_radix(v, (int)net->p[1], (int)net->p[0], buf, cap);
}

static int dg_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    return dn_parse_radix(s, (int)net->p[1], (int)net->p[0], v);
}

static void debruijn_describe(const dn_net *net, char *buf, size_t cap)
{
    if (net->p[1] == 2)
        snprintf(buf, cap, "undirected binary de Bruijn BDG(%lld)", (long long)net->p[0]);
    else
        snprintf(buf, cap, "undirected de Bruijn DG(%lld,%lld)", (long long)net->p[1],
                 (long long)net->p[0]);
}

/* Hooks (hooks.c): seed 000's window routes on the binary graphs, and the
 * word shape (radix, length). */
static dn_net_routing dg_routing(const dn_net *net, int64_t *max_nodes)
{
    *max_nodes = net->p[0] + 1;
    return net->p[1] == 2 ? DN_NET_ROUTING_BDG : DN_NET_ROUTING_NONE;
}

static int dg_word(const dn_net *net, int *degree, int *length)
{
    *degree = (int)net->p[1];
    *length = (int)net->p[0];
    return 1;
}

const dn_net_type dn_type_debruijn = {
    "debruijn", "debruijn:K", "undirected binary de Bruijn BDG(K), 2^K nodes, simple graph",
    debruijn_init, dg_neighbors, dg_facts, dg_label, dg_parse_label, debruijn_describe,
    .routing = dg_routing, .word = dg_word,
};

const dn_net_type dn_type_dg = {
    "dg", "dg:R:K", "undirected radix-R de Bruijn DG(R,K), R^K nodes, simple graph",
    dg_init, dg_neighbors, dg_facts, dg_label, dg_parse_label, debruijn_describe,
    .routing = dg_routing, .word = dg_word,
};

/* ------------------------------------------------------------- DDB(k) */
static int ddb_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t k;
    int rc;
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected ddb:K with K in 1..50 (e.g. ddb:3)");
    if ((rc = dn_spec_int(argv[0], 1, 50, "K", "ddb:K", &k, err)))
        return rc;
    net->p[0] = k;
    net->p[1] = 2;
    net->p[2] = (int64_t)1 << (k - 1);
    net->n = (int64_t)1 << k;
    net->edges = 2 * net->n;
    net->directed = 1;
    net->max_out = 2;
    return DN_OK;
}

static int ddb_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    out[0] = (2 * v) & (net->n - 1); /* 0 channel: ShiftLeft(X, 0) */
    out[1] = out[0] + 1;             /* 1 channel: ShiftLeft(X, 1) */
    return 2;
}

static void ddb_facts(const dn_net *net, dn_facts *f)
{
    f->out_min = f->out_max = f->in_min = f->in_max = 2;
    f->deg_min = f->deg_max = 4;
    f->diameter = net->p[0];
}

static void ddb_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "directed binary de Bruijn DDB(%lld)", (long long)net->p[0]);
}

static dn_net_routing ddb_routing(const dn_net *net, int64_t *max_nodes)
{
    *max_nodes = net->p[0] + 1;
    return DN_NET_ROUTING_DDB;
}

const dn_net_type dn_type_ddb = {
    "ddb", "ddb:K", "directed binary de Bruijn DDB(K), 2^K nodes, 2^(K+1) arcs with 2 loops",
    ddb_init, ddb_neighbors, ddb_facts, dg_label, dg_parse_label, ddb_describe,
    .routing = ddb_routing, .word = dg_word,
};
