/*
 * walk.c - the random walk of seed 002's Canonical Algorithm as a linear
 * operator, and the cycle its distribution converges to.
 *
 * Seed 002 (restated): "each P_jk is chosen uniformly among all
 * deg(P_j(k-1)) neighbours". The distribution after one step is x P with
 * (x P)_j = sum over arcs i -> j of x_i / deg(i). We evaluate it "pull"
 * style, each j summing its in-arcs in a fixed order, so threads split the
 * rows and the floating-point result never depends on the thread count.
 *
 * Variants: lazy (I + P)/2 per step; random length (1/Delta) sum_t P^t.
 *
 * Limit cycle. On an undirected network the simple walk has stationary law
 * pi_j = deg(j) / vol(C) on the start's component C (vol = sum of degrees).
 * If C is not bipartite, x_l -> pi. If C is bipartite with sides A (the
 * start's) and B, vol(A) = vol(B) = vol(C)/2 and an even number of steps
 * stays on A: P^Delta with Delta even gives x_l -> 2 pi|A; Delta odd
 * alternates, x_l -> 2 pi|A (l even), 2 pi|B (l odd): period 2. The lazy
 * walk and random lengths (Delta >= 2) are aperiodic: x_l -> pi. These are
 * the standard results for reversible chains (e.g. Levin, Peres, Wilmer,
 * "Markov Chains and Mixing Times", ch. 1 and 4). Directed networks have no
 * such closed form: we iterate and detect the cycle numerically.
 */
#include "analysis_impl.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int transpose(const dn_csr *g, dn_csr *t, dn_err *err)
{
    memset(t, 0, sizeof *t);
    t->n = g->n;
    t->m = g->m;
    t->directed = 1;
    t->off = calloc((size_t)g->n + 1, sizeof *t->off);
    t->adj = malloc((size_t)(g->m > 0 ? g->m : 1) * sizeof *t->adj);
    if (!t->off || !t->adj) {
        dn_csr_free(t);
        return dn_fail(err, DN_ENOMEM, "out of memory transposing a network of %lld arcs",
                       (long long)g->m);
    }
    for (int64_t a = 0; a < g->m; a++)
        t->off[g->adj[a] + 1]++;
    for (int64_t v = 0; v < g->n; v++)
        t->off[v + 1] += t->off[v];
    int64_t *pos = malloc((size_t)g->n * sizeof *pos + 1);
    if (!pos) {
        dn_csr_free(t);
        return dn_fail(err, DN_ENOMEM, "out of memory transposing a network");
    }
    memcpy(pos, t->off, (size_t)g->n * sizeof *pos);
    /* sources in increasing order: in-lists come out sorted */
    for (int64_t u = 0; u < g->n; u++)
        for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
            t->adj[pos[g->adj[a]]++] = (int32_t)u;
    free(pos);
    return DN_OK;
}

/* Below this size a parallel step costs more than it saves. */
#define PAR_MIN_NODES 65536

int walkop_init(walkop *w, const dn_csr *g, int walk, int delta, int threads, dn_err *err)
{
    memset(w, 0, sizeof *w);
    w->g = g;
    w->walk = walk;
    w->delta = delta;
    w->inv_deg = malloc((size_t)(g->n > 0 ? g->n : 1) * sizeof *w->inv_deg);
    if (!w->inv_deg)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld degrees", (long long)g->n);
    for (int64_t v = 0; v < g->n; v++) {
        int64_t d = g->off[v + 1] - g->off[v];
        w->inv_deg[v] = d ? 1.0 / (double)d : 0.0;
    }
    if (g->directed) {
        int rc = transpose(g, &w->rev, err);
        if (rc) {
            free(w->inv_deg);
            w->inv_deg = NULL;
            return rc;
        }
        w->in = &w->rev;
    } else {
        w->in = g;
    }
    if (threads > 1 && g->n >= PAR_MIN_NODES && dn_pool_init(&w->pool, threads, err)) {
        walkop_free(w);
        return DN_ENOMEM;
    }
    return DN_OK;
}

void walkop_free(walkop *w)
{
    if (!w)
        return;
    free(w->inv_deg);
    dn_csr_free(&w->rev);
    dn_pool_free(w->pool);
    memset(w, 0, sizeof *w);
}

typedef struct step_ctx {
    const walkop *w;
    const double *x;
    double *y, *z;
    int pass;
} step_ctx;

static int step_range(void *p, int64_t b, int64_t e, int tid)
{
    const step_ctx *c = p;
    const double *inv = c->w->inv_deg;
    (void)tid;
    if (c->pass == 0) {
        for (int64_t i = b; i < e; i++)
            c->z[i] = c->x[i] * inv[i];
        return 0;
    }
    const int64_t *off = c->w->in->off;
    const int32_t *adj = c->w->in->adj;
    for (int64_t j = b; j < e; j++) {
        double s = inv[j] == 0.0 ? c->x[j] : 0.0; /* a sink keeps its mass */
        for (int64_t a = off[j]; a < off[j + 1]; a++)
            s += c->z[adj[a]];
        c->y[j] = s;
    }
    return 0;
}

void walkop_step(const walkop *w, const double *x, double *y, double *z)
{
    step_ctx c = {w, x, y, z, 0};
    int64_t n = w->g->n;
    dn_pool_for(w->pool, n, 16384, step_range, &c);
    c.pass = 1;
    dn_pool_for(w->pool, n, 16384, step_range, &c);
}

void walkop_apply(const walkop *w, double *x, double *scratch)
{
    const int64_t n = w->g->n;
    const size_t bytes = (size_t)n * sizeof *x;
    double *y = scratch, *z = scratch + n, *acc = scratch + 2 * n;
    double *cur = x;
    switch (w->walk) {
    case DN_WALK_LAZY:
        for (int t = 0; t < w->delta; t++) {
            walkop_step(w, x, y, z);
            for (int64_t i = 0; i < n; i++)
                x[i] = 0.5 * (x[i] + y[i]);
        }
        return;
    case DN_WALK_RANDLEN: {
        if (w->delta <= 0)
            return;
        const double f = 1.0 / w->delta;
        memset(acc, 0, bytes);
        for (int t = 0; t < w->delta; t++) {
            double *next = cur == y ? x : y; /* alternate x and y */
            walkop_step(w, cur, next, z);
            for (int64_t i = 0; i < n; i++)
                acc[i] += f * next[i];
            cur = next;
        }
        memcpy(x, acc, bytes);
        return;
    }
    default: /* canonical (and two choices, whose single walk is canonical) */
        for (int t = 0; t < w->delta; t++) {
            double *next = cur == x ? y : x;
            walkop_step(w, cur, next, z);
            cur = next;
        }
        if (cur != x)
            memcpy(x, cur, bytes);
        return;
    }
}

int64_t dn_vec_argmax(const double *v, int64_t n, double *max)
{
    double m = -INFINITY;
    int64_t arg = 0;
    for (int64_t i = 0; i < n; i++)
        if (v[i] > m)
            m = v[i];
    const double cut = m - 1e-12 * fabs(m);
    for (int64_t i = 0; i < n; i++)
        if (v[i] >= cut) {
            arg = i;
            break;
        }
    if (max)
        *max = n > 0 ? m : 0.0;
    return arg;
}

void dn_walk_limit_free(dn_walk_limit *lim)
{
    if (!lim)
        return;
    free(lim->y);
    memset(lim, 0, sizeof *lim);
}

static int64_t count_support(const dn_walk_limit *lim, int64_t n)
{
    int64_t s = 0;
    for (int64_t j = 0; j < n; j++) {
        int pos = 0;
        for (int r = 0; r < lim->period; r++)
            pos |= lim->y[(int64_t)r * n + j] > 0.0;
        s += pos;
    }
    return s;
}

/* Undirected closed form (see the top of the file). */
static int limit_undirected(const dn_csr *g, int64_t s, const dn_load_opts *o,
                            dn_walk_limit *lim, dn_err *err)
{
    const int64_t n = g->n;
    int8_t *side = malloc((size_t)n);
    if (side)
        memset(side, -1, (size_t)n);
    int bipartite = 0;
    if (!side || dn_csr_two_colour(g, s, side, &bipartite, NULL) != DN_OK) {
        free(side);
        return dn_fail(err, DN_ENOMEM, "out of memory for the walk's limit (n = %lld)",
                       (long long)n);
    }
    double vol = 0.0; /* the degrees of s's component */
    for (int64_t u = 0; u < n; u++)
        if (side[u] >= 0)
            vol += (double)(g->off[u + 1] - g->off[u]);
    const int d = o->delta;
    int q = 1, split = 0; /* split: mass lives on one side per residue */
    if (vol > 0 && d > 0 && bipartite) {
        if (o->walk == DN_WALK_CANONICAL || o->walk == DN_WALK_TWO_CHOICES ||
            (o->walk == DN_WALK_RANDLEN && d == 1)) {
            split = 1;
            q = d % 2 ? 2 : 1;
        }
    }
    lim->period = q;
    lim->closed_form = 1;
    lim->y = calloc((size_t)q * (size_t)n, sizeof *lim->y);
    if (!lim->y) {
        free(side);
        return dn_fail(err, DN_ENOMEM, "out of memory for the walk's limit");
    }
    if (vol == 0.0 || d == 0) {
        lim->y[s] = 1.0; /* the walk never leaves s */
    } else {
        for (int r = 0; r < q; r++)
            for (int64_t j = 0; j < n; j++) {
                if (side[j] < 0)
                    continue;
                double pi = (double)(g->off[j + 1] - g->off[j]) / vol;
                if (!split)
                    lim->y[(int64_t)r * n + j] = pi;
                else if (side[j] == (r % 2 ? 1 : 0)) /* residue r of l: r*Delta steps */
                    lim->y[(int64_t)r * n + j] = 2.0 * pi;
            }
    }
    free(side);
    lim->support = count_support(lim, n);
    return DN_OK;
}

/* Directed: iterate x_l = e_s Q^l, keeping the last DN_LIMIT_MAX_PERIOD + 1
 * vectors, until ||x_l - x_{l-q}||_1 < 1e-14 for the smallest such q. The
 * L1 distance cannot grow under Q (a stochastic matrix), so once small it
 * stays small. */
static int limit_directed(const dn_csr *g, int64_t s, const dn_load_opts *o,
                          dn_walk_limit *lim, dn_err *err)
{
    const int64_t n = g->n;
    const int K = DN_LIMIT_MAX_PERIOD + 1;
    walkop w;
    int rc = walkop_init(&w, g, o->walk, o->delta, o->threads, err);
    if (rc)
        return rc;
    double *ring = calloc((size_t)(K + 3) * (size_t)n, sizeof *ring);
    if (!ring) {
        walkop_free(&w);
        return dn_fail(err, DN_ENOMEM, "out of memory for the walk's limit search "
                       "(%d vectors of %lld doubles)", K + 3, (long long)n);
    }
    double *scratch = ring + (int64_t)K * n;
    int64_t max_iter = o->max_iter;
    ring[s] = 1.0;
    int found = 0;
    int64_t l;
    for (l = 1; l <= max_iter && !found; l++) {
        double *prev = ring + ((l - 1) % K) * n, *cur = ring + (l % K) * n;
        memcpy(cur, prev, (size_t)n * sizeof *cur);
        walkop_apply(&w, cur, scratch);
        for (int q = 1; q <= DN_LIMIT_MAX_PERIOD && q <= l; q++) {
            const double *old = ring + ((l - q) % K) * n;
            double d = 0.0;
            for (int64_t j = 0; j < n; j++)
                d += fabs(cur[j] - old[j]);
            if (d < 1e-14) {
                found = q;
                break;
            }
        }
        if (o->progress && l % 64 == 0)
            o->progress(o->progress_ctx, (double)l / (double)max_iter);
    }
    l--;
    if (!found) {
        free(ring);
        walkop_free(&w);
        lim->period = 0;
        return DN_OK;
    }
    lim->period = found;
    lim->y = malloc((size_t)found * (size_t)n * sizeof *lim->y);
    if (!lim->y) {
        free(ring);
        walkop_free(&w);
        return dn_fail(err, DN_ENOMEM, "out of memory for the walk's limit");
    }
    for (int i = 0; i < found; i++) {
        int64_t idx = l - i;
        memcpy(lim->y + (idx % found) * n, ring + (idx % K) * n, (size_t)n * sizeof *lim->y);
    }
    free(ring);
    walkop_free(&w);
    lim->support = count_support(lim, n);
    return DN_OK;
}

int dn_walk_limit_init(const dn_csr *g, int64_t start, const dn_load_opts *opts,
                       dn_walk_limit *out, dn_err *err)
{
    DN_NEED(err, g);
    DN_NEED(err, opts);
    DN_NEED(err, out);
    memset(out, 0, sizeof *out);
    if (!g || !opts || start < 0 || start >= g->n)
        return dn_fail(err, DN_EINVAL, "walk limit: start %lld is not a processor",
                       (long long)start);
    return g->directed ? limit_directed(g, start, opts, out, err)
                       : limit_undirected(g, start, opts, out, err);
}

int dn_analysis_mpi_binomial(const dn_tree_model *m, dn_err *err)
{
    dn_mpi_choice c;
    int rc = dn_tree_mpi_choose(m, &c, err);
    if (rc)
        return rc;
    if (c.alg != DN_MPI_BINOMIAL)
        return dn_fail(err, DN_EINVAL, "the load analysis takes MPI's binomial trees only "
                       "(%s runs %s, %s): use %s-bcast:%lld:%lld@binomial",
                       c.library, c.name, c.why,
                       m->kind == DN_TREE_OMPI_BCAST ? "ompi" : "mpich", (long long)m->ranks,
                       (long long)m->root_rank);
    return DN_OK;
}
