/*
 * cube.c - hypercubes, butterflies (seed 002), complete binary trees and
 * complete graphs.
 *
 * hypercube:D: 2^D nodes, v ~ v XOR 2^i; degree D, D 2^(D-1) edges,
 * diameter D. Labels are D-bit binary strings.
 *
 * butterfly:C (seed 002, restated): processors P(r, j), level r in 0..C,
 * column j = j_1 j_2 .. j_C (j_1 most significant). For r < C, P(r, j) is
 * joined to P(r+1, j) and to P(r+1, j') where j' differs from j exactly in
 * bit j_(r+1), i.e. integer bit C-1-r. Node id = r * 2^C + j, label "r,j".
 * (C+1) 2^C nodes, 2 C 2^C edges; degree 2 on levels 0 and C, 4 inside;
 * diameter 2C.
 * wbutterfly:C identifies levels 0 and C: C 2^C nodes, all of degree 4,
 * 2 C 2^C edges, diameter floor(3C/2). C >= 3 (for C <= 2 the
 * identification creates parallel edges).
 *
 * cbt:H: complete binary tree of height H in heap order (children of v are
 * 2v+1, 2v+2), 2^(H+1) - 1 nodes, diameter 2H. complete:N: K_N.
 */
#include "net_impl.h"

#include <stdio.h>

static int one_int(int argc, char **argv, int64_t lo, int64_t hi, const char *what,
                   const char *syntax, const char *example, int64_t *out, dn_err *err)
{
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected %s with %s in %lld..%lld (e.g. %s)", syntax,
                       what, (long long)lo, (long long)hi, example);
    return dn_spec_int(argv[0], lo, hi, what, syntax, out, err);
}

/* ------------------------------------------------------------ hypercube */
static int hypercube_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t d;
    int rc = one_int(argc, argv, 1, 50, "D", "hypercube:D", "hypercube:4", &d, err);
    if (rc)
        return rc;
    net->p[0] = d;
    net->n = (int64_t)1 << d;
    net->edges = d * (net->n / 2);
    net->max_out = (int)d;
    return DN_OK;
}

static int hypercube_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    const int d = (int)net->p[0];
    int k = 0;
    /* Ascending order without sorting: clear set bits from the top down,
     * then set clear bits from the bottom up. */
    for (int i = d - 1; i >= 0; i--)
        if (v >> i & 1)
            out[k++] = v ^ ((int64_t)1 << i);
    for (int i = 0; i < d; i++)
        if (!(v >> i & 1))
            out[k++] = v ^ ((int64_t)1 << i);
    return k;
}

static void hypercube_facts(const dn_net *net, dn_facts *f)
{
    f->deg_min = f->deg_max = net->p[0];
    f->diameter = net->p[0];
}

static int hypercube_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    return dn_label_radix(v, 2, (int)net->p[0], buf, cap);
}

static int hypercube_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    return dn_parse_radix(s, 2, (int)net->p[0], v);
}

static void hypercube_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "%lld-dimensional hypercube", (long long)net->p[0]);
}

/* Hooks (hooks.c): e-cube routes, and translations: v -> v xor s on the
 * hypercube, the column part xor s's on butterflies, swapping 0 and s on
 * the complete graph. */
static dn_net_routing hypercube_routing(const dn_net *net, int64_t *max_nodes)
{
    *max_nodes = net->p[0] + 1;
    return DN_NET_ROUTING_ECUBE;
}

static int64_t zero_rep(const dn_net *net, int64_t s)
{
    (void)net;
    (void)s;
    return 0;
}

static int64_t xor_map(const dn_net *net, int64_t s, int64_t j)
{
    (void)net;
    return j ^ s;
}

static int64_t butterfly_rep(const dn_net *net, int64_t s)
{
    return s & ~(((int64_t)1 << net->p[0]) - 1);
}

static int64_t butterfly_map(const dn_net *net, int64_t s, int64_t j)
{
    return j ^ (s & (((int64_t)1 << net->p[0]) - 1));
}

static dn_net_layout_kind butterfly_layout(const dn_net *net, int64_t *rows, int64_t *cols)
{
    *rows = net->p[1];
    *cols = (int64_t)1 << net->p[0];
    return DN_NET_LAYOUT_ROWS;
}

dn_net_layout_kind dn_net_heap_layout(const dn_net *net, int64_t *rows, int64_t *cols)
{
    (void)net;
    (void)rows;
    (void)cols;
    return DN_NET_LAYOUT_HEAP;
}

static int64_t swap_map(const dn_net *net, int64_t s, int64_t j)
{
    (void)net;
    return j == 0 ? s : j == s ? 0 : j;
}

const dn_net_type dn_type_hypercube = {
    "hypercube", "hypercube:D", "hypercube with 2^D nodes",
    hypercube_init, hypercube_neighbors, hypercube_facts, hypercube_label,
    hypercube_parse_label, hypercube_describe,
    .routing = hypercube_routing, .orbit_rep = zero_rep, .orbit_map = xor_map,
};

/* ------------------------------------------------------------ butterfly */
/* p[0] = C, p[1] = number of levels (C + 1, or C when wrapped), p[2] = wrap */
static int butterfly_setup(dn_net *net, int argc, char **argv, int wrap, dn_err *err)
{
    int64_t c;
    int rc = wrap ? one_int(argc, argv, 3, 45, "C", "wbutterfly:C", "wbutterfly:3", &c, err)
                  : one_int(argc, argv, 1, 45, "C", "butterfly:C", "butterfly:3", &c, err);
    if (rc)
        return rc;
    net->p[0] = c;
    net->p[1] = wrap ? c : c + 1;
    net->p[2] = wrap;
    net->n = net->p[1] << c;
    net->edges = (2 * c) << c;
    net->max_out = 4;
    return DN_OK;
}

static int butterfly_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    return butterfly_setup(net, argc, argv, 0, err);
}

static int wbutterfly_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    return butterfly_setup(net, argc, argv, 1, err);
}

static int butterfly_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    const int c = (int)net->p[0];
    const int64_t levels = net->p[1], cols = (int64_t)1 << c;
    const int64_t r = v >> c, j = v & (cols - 1);
    int d = 0;
    if (net->p[2] || r > 0) { /* down to level r-1: that level flips bit C-1-(r-1) */
        int64_t rd = (r + levels - 1) % levels;
        int64_t b = (int64_t)1 << (c - 1 - rd);
        out[d++] = rd * cols + j;
        out[d++] = rd * cols + (j ^ b);
    }
    if (net->p[2] || r < c) { /* up to level r+1, flipping bit C-1-r */
        int64_t ru = (r + 1) % levels;
        int64_t b = (int64_t)1 << (c - 1 - r);
        out[d++] = ru * cols + j;
        out[d++] = ru * cols + (j ^ b);
    }
    return dn_nbr_normalize(out, d, -1);
}

static void butterfly_facts(const dn_net *net, dn_facts *f)
{
    const int64_t c = net->p[0];
    if (net->p[2]) {
        f->deg_min = f->deg_max = 4;
        f->diameter = 3 * c / 2;
    } else {
        f->deg_min = 2;
        f->deg_max = c == 1 ? 2 : 4;
        f->diameter = 2 * c;
    }
}

static int butterfly_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    const int c = (int)net->p[0];
    return dn_label_pair(v >> c, v & (((int64_t)1 << c) - 1), buf, cap);
}

static int butterfly_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    int64_t a, b;
    const int c = (int)net->p[0];
    if (!dn_parse_pair(s, &a, &b))
        return 0;
    *v = (a >= net->p[1] || b >= ((int64_t)1 << c)) ? -1 : (a << c) | b;
    return 1;
}

static void butterfly_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s%lld-dimensional butterfly", net->p[2] ? "wrapped " : "",
             (long long)net->p[0]);
}

const dn_net_type dn_type_butterfly = {
    "butterfly", "butterfly:C", "C-dimensional butterfly, (C+1) 2^C nodes, id = level * 2^C + col",
    butterfly_init, butterfly_neighbors, butterfly_facts, butterfly_label,
    butterfly_parse_label, butterfly_describe,
    .layout = butterfly_layout, .orbit_rep = butterfly_rep, .orbit_map = butterfly_map,
};
const dn_net_type dn_type_wbutterfly = {
    "wbutterfly", "wbutterfly:C", "wrapped butterfly (levels 0 and C identified), C 2^C nodes, C >= 3",
    wbutterfly_init, butterfly_neighbors, butterfly_facts, butterfly_label,
    butterfly_parse_label, butterfly_describe,
    .layout = butterfly_layout, .orbit_rep = butterfly_rep, .orbit_map = butterfly_map,
};

/* ------------------------------------------------------------------ cbt */
static int cbt_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t h;
    int rc = one_int(argc, argv, 0, 49, "H", "cbt:H", "cbt:4", &h, err);
    if (rc)
        return rc;
    net->p[0] = h;
    net->n = ((int64_t)2 << h) - 1;
    net->edges = net->n - 1;
    net->max_out = 3;
    return DN_OK;
}

static int cbt_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    int d = 0;
    if (v > 0)
        out[d++] = (v - 1) / 2;
    if (2 * v + 2 < net->n) {
        out[d++] = 2 * v + 1;
        out[d++] = 2 * v + 2;
    }
    return d;
}

static void cbt_facts(const dn_net *net, dn_facts *f)
{
    const int64_t h = net->p[0];
    f->deg_min = h == 0 ? 0 : 1;
    f->deg_max = h == 0 ? 0 : h == 1 ? 2 : 3;
    f->diameter = 2 * h;
}

static void cbt_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "complete binary tree of height %lld", (long long)net->p[0]);
}

const dn_net_type dn_type_cbt = {
    "cbt", "cbt:H", "complete binary tree of height H (2^(H+1) - 1 nodes, heap order)",
    cbt_init, cbt_neighbors, cbt_facts, NULL, NULL, cbt_describe,
    .layout = dn_net_heap_layout,
};

/* ------------------------------------------------------------- complete */
static int complete_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t n;
    int rc = one_int(argc, argv, 1, (int64_t)1 << 24, "N", "complete:N", "complete:8", &n, err);
    if (rc)
        return rc;
    net->p[0] = n;
    net->n = n;
    net->edges = n * (n - 1) / 2;
    net->max_out = (int)(n - 1);
    return DN_OK;
}

static int complete_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    int d = 0;
    for (int64_t u = 0; u < net->n; u++)
        if (u != v)
            out[d++] = u;
    return d;
}

static void complete_facts(const dn_net *net, dn_facts *f)
{
    f->deg_min = f->deg_max = net->n - 1;
    f->diameter = net->n > 1 ? 1 : 0;
}

static void complete_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "complete graph K_%lld", (long long)net->n);
}

const dn_net_type dn_type_complete = {
    "complete", "complete:N", "complete graph on N nodes (N <= 2^24)",
    complete_init, complete_neighbors, complete_facts, NULL, NULL, complete_describe,
    .orbit_rep = zero_rep, .orbit_map = swap_map,
};
