/*
 * dense.c - seed 002's own method (restated, Theorems 1 and 2): the table
 * L(., j1, j2) of expected loads for every pair of processors, by dynamic
 * programming over the tree levels and the walk steps,
 *
 *   L(h, 0) = I + b L(h-1, Delta),   L(h, d)[j1] = (1/deg j1) sum_k L(h, d-1)[n(j1,k)]
 *
 * and for reproduction trees the fixed point L(0) = I + bbar L(Delta),
 * found by iterating. Time O(N^2 Delta deg h) (times the iterations for
 * reproduction trees), space O(N^2). dcnet keeps it as an independent
 * cross-check of the sparse method and as the benchmark baseline; N is
 * capped at DN_LOAD_DENSE_MAX.
 */
#include "analysis_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct rows_ctx {
    const dn_csr *g;
    const double *src;
    double *dst;
    int64_t n;
} rows_ctx;

/* dst[j1] = average of src over the out-neighbours of j1 (a sink keeps its row) */
static int avg_rows(void *p, int64_t b, int64_t e, int tid)
{
    const rows_ctx *c = p;
    const int64_t n = c->n;
    (void)tid;
    for (int64_t j = b; j < e; j++) {
        double *d = c->dst + j * n;
        int64_t deg = c->g->off[j + 1] - c->g->off[j];
        if (deg == 0) {
            memcpy(d, c->src + j * n, (size_t)n * sizeof *d);
            continue;
        }
        memset(d, 0, (size_t)n * sizeof *d);
        for (int64_t a = c->g->off[j]; a < c->g->off[j + 1]; a++) {
            const double *s = c->src + (int64_t)c->g->adj[a] * n;
            for (int64_t i = 0; i < n; i++)
                d[i] += s[i];
        }
        const double f = 1.0 / (double)deg;
        for (int64_t i = 0; i < n; i++)
            d[i] *= f;
    }
    return 0;
}

/* R <- Q R for the walk of o (Q on the left: rows are starts). */
static void apply_left(const dn_csr *g, const dn_load_opts *o, double *R, double *t1,
                       double *t2, double *acc)
{
    const int64_t n = g->n, nn = n * n;
    const size_t bytes = (size_t)nn * sizeof *R;
    rows_ctx c = {g, NULL, NULL, n};
    double *cur = R;
    if (o->walk == DN_WALK_RANDLEN && o->delta > 0)
        memset(acc, 0, bytes);
    for (int t = 0; t < o->delta; t++) {
        double *next = cur == t1 ? t2 : t1;
        c.src = cur;
        c.dst = next;
        dn_parallel_for(o->threads, n, 8, avg_rows, &c);
        if (o->walk == DN_WALK_LAZY)
            for (int64_t i = 0; i < nn; i++)
                next[i] = 0.5 * (next[i] + cur[i]);
        if (o->walk == DN_WALK_RANDLEN)
            for (int64_t i = 0; i < nn; i++)
                acc[i] += next[i] / o->delta;
        cur = next;
    }
    if (o->walk == DN_WALK_RANDLEN && o->delta > 0)
        memcpy(R, acc, bytes);
    else if (cur != R)
        memcpy(R, cur, bytes);
}

int dn_loads_dense(const dn_csr *g, const dn_tree_model *m, const dn_load_opts *o,
                   double **matrix, dn_err *err)
{
    const int64_t n = g->n;
    *matrix = NULL;
    if (n > DN_LOAD_DENSE_MAX)
        return dn_fail_param(err, DN_ERANGE, "method", "the dense method keeps an N x N table: at most %d "
                       "processors (this network has %lld); use the default sparse method",
                       DN_LOAD_DENSE_MAX, (long long)n);
    if (m->kind != DN_TREE_COMPLETE && m->kind != DN_TREE_CRT && m->kind != DN_TREE_REPRO)
        return dn_fail_param(err, DN_ENOTSUP, "method", "the dense method implements the seed's Theorems 1 and 2: "
                       "complete, crt and reproduction trees only");
    double *sizes, tail;
    int levels, rc;
    if ((rc = dn_level_sizes_alloc(m, &sizes, &levels, &tail, err)))
        return rc;
    const int64_t nn = n * n;
    int mats = o->walk == DN_WALK_RANDLEN ? 4 : 3;
    double *R = malloc((size_t)mats * (size_t)nn * sizeof *R);
    if (!R) {
        free(sizes);
        return dn_fail(err, DN_ENOMEM, "out of memory: the dense method needs %d tables of "

                       "%lld x %lld doubles", mats, (long long)n, (long long)n);
    }
    double *t1 = R + nn, *t2 = R + 2 * nn, *acc = mats > 3 ? R + 3 * nn : NULL;
    memset(R, 0, (size_t)nn * sizeof *R);
    for (int64_t j = 0; j < n; j++)
        R[j * n + j] = 1.0;
    if (tail == 0.0) {
        /* Horner from the leaves: R_l = I + (n_{l+1} / n_l) Q R_{l+1} */
        for (int l = levels - 2; l >= 0; l--) {
            double b = sizes[l] > 0 ? sizes[l + 1] / sizes[l] : 0.0;
            apply_left(g, o, R, t1, t2, acc);
            for (int64_t i = 0; i < nn; i++)
                R[i] *= b;
            for (int64_t j = 0; j < n; j++)
                R[j * n + j] += 1.0;
            if (o->progress)
                o->progress(o->progress_ctx, (double)(levels - 1 - l) / (levels - 1));
        }
    } else {
        /* fixed point R = I + bbar Q R from R = I: after i rounds R holds the
         * series up to bbar^i; stop when the missing mass bbar^(i+1) <= tol */
        double missing = tail;
        for (int64_t it = 0; missing > o->tol && it < o->max_iter; it++) {
            apply_left(g, o, R, t1, t2, acc);
            for (int64_t i = 0; i < nn; i++)
                R[i] *= tail;
            for (int64_t j = 0; j < n; j++)
                R[j * n + j] += 1.0;
            missing *= tail;
        }
    }
    free(sizes);
    double *out = realloc(R, (size_t)nn * sizeof *R);
    *matrix = out ? out : R;
    return DN_OK;
}
