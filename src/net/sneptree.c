/*
 * sneptree.c - Sneptrees (seed 004, Martin & van de Snepscheut 1984) with
 * the edge sets of docs/spec/sneptrees.md.
 *
 * A Sneptree of height n is a complete binary tree of 2^(n+1) - 1 cells
 * whose dangling edges (two into the root, one into every other cell, two
 * out of every leaf) are joined so that every cell has in- and out-degree 2.
 * Cells are numbered in heap order (root 0, children 2c+1 and 2c+2), label
 * "level,index".
 *
 * S_n and T_n are built bottom-up from their two Hamiltonian circuits, which
 * together use every edge exactly once (docs/spec/sneptrees.md):
 *   S_1 = T_1: H1 = <s,l,r,s>, H2 = <s,r,l,s>.
 *   S_(n+1): H1 = <s, s'', D'', l'', r', s', D', l, r, s>
 *            H2 = <s, s', E', r', l'', s'', E'', r, l, s>
 *   T_(n+1): H1 = <s, s', D', r', s'', D'', r, s>
 *            H2 = <s, s'', E'', l'', s', E', l, s>
 * where a circuit of S_n is stored as the cell sequence starting at s
 * (H1 = [s, D, l, r], H2 = [s, E, r, l]; for T_n H1 = [s, D, r],
 * H2 = [s, E, l]). The left successor of a cell is its successor on H2, the
 * right successor its successor on H1 (the homogeneous mapping's labels).
 * The CSR stores each cell's out-arcs as (left, right).
 *
 * sneptree:N:SEED joins the dangling edges by a uniformly random bijection
 * (seeded xoshiro256**); the left output of an interior cell is its left
 * tree child, of a leaf its first dangling edge.
 */
#include "net_impl.h"
#include "../base/args_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SNEP_MAX_HEIGHT 24

int dn_sneptree_level(int64_t cell)
{
    if (cell < 0 || cell == INT64_MAX)
        return -1; /* not a cell */
    int l = 0;
    while ((cell + 1) >> (l + 1))
        l++;
    return l;
}

/* Heap id of relative cell i of a subtree hung under the new root as its
 * left (side 0) or right (side 1) child. */
static int32_t lift(int32_t i, int side)
{
    int e = dn_sneptree_level(i);
    int32_t p = i - ((1 << e) - 1);
    return ((1 << (e + 1)) - 1) + (side << e) + p;
}

/* Builds H1 and H2 of S_n (kind 'S') or T_n (kind 'T'), each of length
 * 2^(n+1) - 1, into h1 and h2. Time O(2^n) per level, O(N) in all. */
static int build_circuits(int n, char kind, int32_t *h1, int32_t *h2)
{
    int64_t cap = ((int64_t)2 << n) - 1;
    int32_t *a1 = malloc((size_t)cap * sizeof *a1), *a2 = malloc((size_t)cap * sizeof *a2);
    int32_t len = 3;
    if (!a1 || !a2) {
        free(a1);
        free(a2);
        return DN_ENOMEM;
    }
    h1[0] = 0; h1[1] = 1; h1[2] = 2; /* <s, l, r> */
    h2[0] = 0; h2[1] = 2; h2[2] = 1; /* <s, r, l> */
    for (int m = 1; m < n; m++) {
        int32_t k = 0;
        memcpy(a1, h1, (size_t)len * sizeof *a1);
        memcpy(a2, h2, (size_t)len * sizeof *a2);
        if (kind == 'S') {
            /* H1 = s, [s'' D'' l''], r', [s' D' l'], r'' */
            h1[k++] = 0;
            for (int32_t i = 0; i < len - 1; i++) h1[k++] = lift(a1[i], 1);
            h1[k++] = lift(a1[len - 1], 0);
            for (int32_t i = 0; i < len - 1; i++) h1[k++] = lift(a1[i], 0);
            h1[k++] = lift(a1[len - 1], 1);
            /* H2 = s, [s' E' r'], l'', [s'' E'' r''], l' */
            k = 0;
            h2[k++] = 0;
            for (int32_t i = 0; i < len - 1; i++) h2[k++] = lift(a2[i], 0);
            h2[k++] = lift(a2[len - 1], 1);
            for (int32_t i = 0; i < len - 1; i++) h2[k++] = lift(a2[i], 1);
            h2[k++] = lift(a2[len - 1], 0);
        } else {
            /* H1 = s, [s' D' r'], [s'' D'' r'']; H2 = s, [s'' E'' l''], [s' E' l'] */
            h1[k++] = 0;
            for (int32_t i = 0; i < len; i++) h1[k++] = lift(a1[i], 0);
            for (int32_t i = 0; i < len; i++) h1[k++] = lift(a1[i], 1);
            k = 0;
            h2[k++] = 0;
            for (int32_t i = 0; i < len; i++) h2[k++] = lift(a2[i], 1);
            for (int32_t i = 0; i < len; i++) h2[k++] = lift(a2[i], 0);
        }
        len = 2 * len + 1;
    }
    free(a1);
    free(a2);
    return DN_OK;
}

static int snep_alloc(dn_net *net, int64_t n, dn_err *err)
{
    int64_t cells = ((int64_t)2 << n) - 1;
    net->p[0] = n;
    net->n = cells;
    net->edges = 2 * cells;
    net->directed = 1;
    net->max_out = 2;
    net->g.n = cells;
    net->g.m = 2 * cells;
    net->g.directed = 1;
    net->g.off = malloc((size_t)(cells + 1) * sizeof *net->g.off);
    net->g.adj = malloc((size_t)(2 * cells) * sizeof *net->g.adj);
    if (!net->g.off || !net->g.adj)
        return dn_fail(err, DN_ENOMEM, "out of memory building a Sneptree of height %lld",
                       (long long)n);
    for (int64_t c = 0; c <= cells; c++)
        net->g.off[c] = 2 * c;
    return DN_OK;
}

static int snep_height(int argc, char **argv, int want, const char *syntax, int64_t *n,
                       dn_err *err)
{
    if (argc != want)
        return dn_fail(err, DN_EINVAL, "expected %s with height N in 1..%d", syntax,
                       SNEP_MAX_HEIGHT);
    return dn_spec_int(argv[0], 1, SNEP_MAX_HEIGHT, "height N", syntax, n, err);
}

static int snep_st_init(dn_net *net, int argc, char **argv, char kind, dn_err *err)
{
    int64_t n;
    int32_t *h1 = NULL, *h2 = NULL;
    int rc = snep_height(argc, argv, 1, kind == 'S' ? "sneptree-s:N" : "sneptree-t:N", &n, err);
    if (rc)
        return rc;
    if ((rc = snep_alloc(net, n, err)))
        return rc;
    net->p[1] = kind;
    h1 = malloc((size_t)net->n * sizeof *h1);
    h2 = malloc((size_t)net->n * sizeof *h2);
    if (!h1 || !h2 || build_circuits((int)n, kind, h1, h2) != DN_OK) {
        free(h1);
        free(h2);
        return dn_fail(err, DN_ENOMEM, "out of memory building Sneptree circuits");
    }
    for (int64_t i = 0; i < net->n; i++) {
        int64_t j = (i + 1) % net->n;
        net->g.adj[2 * h2[i] + 0] = h2[j]; /* H2 edge: left */
        net->g.adj[2 * h1[i] + 1] = h1[j]; /* H1 edge: right */
    }
    free(h1);
    free(h2);
    return DN_OK;
}

static int snep_s_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    return snep_st_init(net, argc, argv, 'S', err);
}

static int snep_t_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    return snep_st_init(net, argc, argv, 'T', err);
}

static int snep_random_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t n, seed, cells, leaves, first_leaf;
    int32_t *slots;
    dn_rng rng;
    int rc = snep_height(argc, argv, 2, "sneptree:N:SEED", &n, err);
    if (rc)
        return rc;
    if ((rc = dn_spec_int(argv[1], 0, INT64_MAX, "SEED", "sneptree:N:SEED", &seed, err)))
        return rc;
    if ((rc = snep_alloc(net, n, err)))
        return rc;
    net->p[1] = 'R';
    net->p[2] = seed;
    cells = net->n;
    leaves = (int64_t)1 << n;
    first_leaf = leaves - 1;
    /* Dangling inputs: the root twice, every other cell once. */
    slots = malloc((size_t)(cells + 1) * sizeof *slots);
    if (!slots)
        return dn_fail(err, DN_ENOMEM, "out of memory building a random Sneptree");
    slots[0] = 0;
    for (int64_t c = 0; c < cells; c++)
        slots[c + 1] = (int32_t)c;
    dn_rng_seed(&rng, (uint64_t)seed);
    for (int64_t i = cells; i > 0; i--) { /* Fisher-Yates over cells + 1 slots */
        int64_t j = (int64_t)dn_rng_below(&rng, (uint64_t)i + 1);
        int32_t t = slots[i];
        slots[i] = slots[j];
        slots[j] = t;
    }
    for (int64_t c = 0; c < first_leaf; c++) {
        net->g.adj[2 * c] = (int32_t)(2 * c + 1);
        net->g.adj[2 * c + 1] = (int32_t)(2 * c + 2);
    }
    for (int64_t i = 0; i < 2 * leaves; i++)
        net->g.adj[2 * first_leaf + i] = slots[i];
    free(slots);
    return DN_OK;
}

static void snep_facts(const dn_net *net, dn_facts *f)
{
    (void)net;
    f->out_min = f->out_max = f->in_min = f->in_max = 2;
    f->deg_min = f->deg_max = 4;
}

static int snep_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    int l = dn_sneptree_level(v);
    (void)net;
    return dn_label_pair(l, v - (((int64_t)1 << l) - 1), buf, cap);
}

static int snep_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    int64_t a, b;
    if (!dn_parse_pair(s, &a, &b))
        return 0;
    *v = (a > net->p[0] || b >= ((int64_t)1 << a)) ? -1 : (((int64_t)1 << a) - 1) + b;
    return 1;
}

static void snep_describe(const dn_net *net, char *buf, size_t cap)
{
    if (net->p[1] == 'R')
        snprintf(buf, cap, "random Sneptree of height %lld (seed %lld)", (long long)net->p[0],
                 (long long)net->p[2]);
    else
        snprintf(buf, cap, "Sneptree %c_%lld (%s)", (char)net->p[1], (long long)net->p[0],
                 net->p[1] == 'S' ? "planar family" : "non-planar for N >= 3");
}

int64_t dn_sneptree_succ(const dn_net *net, int64_t cell, int side)
{
    return net->g.adj[2 * cell + (side ? 1 : 0)];
}

int dn_sneptree_circuit(const dn_net *net, int side, int64_t *cells, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, cells);
    unsigned char *seen;
    int64_t c = 0, i;
    if (!dn_net_is_sneptree(net))
        return dn_fail(err, DN_EINVAL, "%s is not a Sneptree", net->spec);
    seen = calloc((size_t)net->n, 1);
    if (!seen)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    for (i = 0; i < net->n; i++) {
        if (seen[c])
            break;
        seen[c] = 1;
        cells[i] = c;
        c = dn_sneptree_succ(net, c, side);
    }
    free(seen);
    if (i != net->n || c != 0)
        return dn_fail(err, DN_ENOTFOUND,
                       "the %s successors of %s do not form a Hamiltonian circuit",
                       side ? "right" : "left", net->spec);
    return DN_OK;
}

const dn_net_type dn_type_sneptree_s = {
    "sneptree-s", "sneptree-s:N", "planar Sneptree S_N (2^(N+1) - 1 cells, directed, N <= 24)",
    snep_s_init, NULL, snep_facts, snep_label, snep_parse_label, snep_describe,
    .layout = dn_net_heap_layout,
};
const dn_net_type dn_type_sneptree_t = {
    "sneptree-t", "sneptree-t:N", "Sneptree T_N, non-planar for N >= 3 (directed, N <= 24)",
    snep_t_init, NULL, snep_facts, snep_label, snep_parse_label, snep_describe,
    .layout = dn_net_heap_layout,
};
const dn_net_type dn_type_sneptree = {
    "sneptree", "sneptree:N:SEED", "Sneptree of height N with dangling edges joined at random",
    snep_random_init, NULL, snep_facts, snep_label, snep_parse_label, snep_describe,
    .layout = dn_net_heap_layout,
};
