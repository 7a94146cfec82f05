/*
 * loads.c - exact expected loads of the random-walk placement (seed 002,
 * restated, Theorems 1 and 2), for any network and start processor.
 *
 * The seed's recurrences, L(h,0,j1,.) = e_j1 + b sum_j Q[j1][j] L(h-1,0,j,.)
 * and L(0,j1,.) = e_j1 + bbar sum_j Q[j1][j] L(0,j,.), unroll to
 * load(s,.) = sum_l n_l e_s Q^l with n_l the expected number of tree nodes
 * on level l (b^l, resp. bbar^l): each level-l node sits at the end of l
 * independent walks, whatever the shape of the tree above it. So for one
 * start we push one probability vector x_l = e_s Q^l through the levels:
 * O(levels * Delta * arcs) time, four vectors of memory. The same formula
 * covers crt, rct, binomial trees and MPI's broadcast trees (n_l = the
 * ranks below P with l bits set) through their n_l.
 *
 * Reproduction trees have infinitely many levels. Once x_l is close to its
 * limit cycle y (walk.c), the rest of the series is summed in closed form:
 * sum_{i >= l} bbar^i y_{i mod q} = sum_{r<q} bbar^(l+r) y_{(l+r) mod q} /
 * (1 - bbar^q). The L1 error is at most bbar^l ||x_l - y_l||_1 / (1 - bbar),
 * because ||x Q - y Q||_1 <= ||x - y||_1: we stop when that bound, relative
 * to M = 1 / (1 - bbar), is below tol. Iterations: the walk's mixing time
 * (to reach tol), not the ~M ln(1/tol) terms of the plain series.
 *
 * Asymptotic ratios. When the level sizes grow by g > 1 per level (complete
 * b-ary: g = b), the last levels dominate: load/M -> sum_{r>=0} (1 - 1/g)
 * g^-r y_{(h-r) mod q}, so alpha_h -> N max_j of that, which depends on h
 * mod q only. When M -> infinity for reproduction trees (bbar -> 1), or for
 * binomial trees B(n) (levels spread around n/2 over both parities),
 * load/M -> the Cesaro mean (1/q) sum_r y_r.
 */
#include "analysis_impl.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const walk_names[DN_WALK_COUNT] = {
    [DN_WALK_CANONICAL] = "canonical", [DN_WALK_LAZY] = "lazy",
    [DN_WALK_RANDLEN] = "random-length", [DN_WALK_TWO_CHOICES] = "two-choices"};
DN_NAMES_DEFINE(walk, walk_names)

/* The height of a model's levels: h, with levels 0 .. h (reproduction
 * trees: the explicit levels asked for, max_levels - 1). */
static int model_height(const dn_tree_model *m, int max_levels, int *h, dn_err *err)
{
    switch (m->kind) {
    case DN_TREE_BINOMIAL: *h = m->n; break;
    case DN_TREE_OMPI_BCAST:
    case DN_TREE_MPICH_BCAST: { /* depth popcount(v): the most ones below P */
        if (m->ranks < 1 || m->ranks > DN_TREE_MAX_NODES)
            return dn_fail(err, DN_ERANGE, "an MPI tree has 1 .. 2^62 ranks, not %lld",
                           (long long)m->ranks);
        int rc = dn_analysis_mpi_binomial(m, err);
        if (rc)
            return rc;
        const uint64_t last = (uint64_t)m->ranks - 1;
        const int ones = __builtin_popcountll(last), top = dn_bitlen(last) - 1;
        *h = ones > top ? ones : top;
        break;
    }
    case DN_TREE_COMPLETE:
    case DN_TREE_CRT: *h = m->h; break;
    case DN_TREE_RCT: *h = m->height.len - 1; break;
    case DN_TREE_REPRO: *h = max_levels - 1; break;
    case DN_TREE_FILE: /* a fixed tree: its levels, counted by the caller */
        if (!m->level_count || m->nlevels < 1)
            return dn_fail(err, DN_EINVAL, "a tree file's levels must be counted first "
                                           "(dn_tree_level_counts)");
        *h = m->nlevels - 1;
        break;
    default: return dn_fail(err, DN_EINVAL, "unknown tree model");
    }
    return DN_OK;
}

int dn_level_sizes_alloc(const dn_tree_model *m, double **sizes, int *levels,
                         double *tail_ratio, dn_err *err)
{
    DN_NEED(err, m);
    DN_NEED(err, sizes);
    DN_NEED(err, levels);
    DN_NEED(err, tail_ratio);
    int h = -1, rc;
    *sizes = NULL;
    if ((rc = model_height(m, DN_LEVELS_EXPLICIT, &h, err)))
        return rc;
    if (h < 0 || h >= INT32_MAX - 1)
        return dn_fail(err, DN_ERANGE, "tree of height %d: at most %d levels", h,
                       INT32_MAX - 1);
    if (!(*sizes = malloc((size_t)(h + 1) * sizeof **sizes)))
        return dn_fail(err, DN_ENOMEM, "out of memory for the sizes of %d tree levels", h + 1);
    if ((rc = dn_level_sizes(m, h + 1, *sizes, levels, tail_ratio, err))) {
        free(*sizes);
        *sizes = NULL;
    }
    return rc;
}

/* The number of levels (explicit ones for reproduction trees) and the
 * tail ratio of a model. */
static int model_levels(const dn_tree_model *m, int *levels, double *tail, dn_err *err)
{
    double *sizes;
    int rc = dn_level_sizes_alloc(m, &sizes, levels, tail, err);
    free(sizes);
    return rc;
}

int dn_level_sizes(const dn_tree_model *m, int max_levels, double *sizes, int *levels,
                   double *tail_ratio, dn_err *err)
{
    DN_NEED(err, m);
    DN_NEED(err, sizes);
    DN_NEED(err, levels);
    DN_NEED(err, tail_ratio);
    int h = -1, rc;
    *tail_ratio = 0.0;
    if ((rc = model_height(m, max_levels, &h, err)))
        return rc;
    if (h + 1 > max_levels) /* h levels below the root: h + 1 in all */
        return dn_fail(err, DN_ERANGE, "tree of height %d has %d levels; this array holds %d",
                       h, h + 1, max_levels);
    *levels = h + 1;
    switch (m->kind) {
    case DN_TREE_BINOMIAL: {
        double c = 1.0; /* C(n, l) */
        for (int l = 0; l <= h; l++) {
            sizes[l] = c;
            c = c * (double)(h - l) / (double)(l + 1);
        }
        break;
    }
    case DN_TREE_COMPLETE:
        for (int l = 0; l <= h; l++)
            sizes[l] = l ? sizes[l - 1] * (double)m->b : 1.0;
        break;
    case DN_TREE_OMPI_BCAST:
    case DN_TREE_MPICH_BCAST: /* exact: the ranks with l bits set */
        for (int l = 0; l <= h; l++)
            sizes[l] = (double)dn_mpi_level_size(m->ranks, l);
        break;
    case DN_TREE_CRT:
        for (int l = 0; l <= h; l++)
            sizes[l] = l ? sizes[l - 1] * dn_dist_mean(dn_tree_model_offspring(m, l - 1)) : 1.0;
        break;
    case DN_TREE_RCT: {
        /* level l exists when the drawn height is >= l */
        double prod = 1.0, atleast = 1.0;
        for (int l = 0; l <= h; l++) {
            if (l) {
                prod *= dn_dist_mean(dn_tree_model_offspring(m, l - 1));
                atleast -= m->height.p[l - 1];
            }
            sizes[l] = prod * (atleast > 0 ? atleast : 0.0);
        }
        break;
    }
    case DN_TREE_REPRO:
        for (int l = 0; l <= h; l++)
            sizes[l] = l ? sizes[l - 1] * m->mean : 1.0;
        *tail_ratio = m->mean;
        break;
    case DN_TREE_FILE: /* exact: the node counts, not expectations */
        for (int l = 0; l <= h; l++)
            sizes[l] = m->level_count[l];
        break;
    }
    return DN_OK;
}

static void opts_norm(const dn_load_opts *in, const dn_csr *g, dn_load_opts *o)
{
    memset(o, 0, sizeof *o);
    if (in)
        *o = *in;
    if (o->threads < 1)
        o->threads = 1;
    if (o->tol <= 0)
        o->tol = 1e-13;
    if (o->max_iter <= 0) {
        int64_t per = g->m / 10000;
        o->max_iter = 10000000 / (per > 1 ? per : 1);
    }
}

void dn_loads_free(dn_loads *l)
{
    if (!l)
        return;
    free(l->load);
    free(l->ratio_level);
    memset(l, 0, sizeof *l);
}

/* alpha_inf from the limit cycle for level growth g (g == 1: Cesaro mean).
 * Writes the largest and smallest limit over the residues h mod q. */
static void asym_ratio(const dn_walk_limit *lim, int64_t n, double g, double *hi, double *lo)
{
    const int q = lim->period;
    double w[DN_LIMIT_MAX_PERIOD];
    *hi = *lo = NAN;
    if (q < 1)
        return;
    int rho_count = g == 1.0 ? 1 : q;
    for (int rho = 0; rho < rho_count; rho++) {
        /* weight of y_{(rho - r) mod q}: (1 - 1/g) g^-r / (1 - g^-q), or 1/q */
        double norm = 0;
        for (int r = 0; r < q; r++) {
            w[r] = g == 1.0 ? 1.0 : pow(g, -r);
            norm += w[r];
        }
        double best = 0;
        for (int64_t j = 0; j < n; j++) {
            double s = 0;
            for (int r = 0; r < q; r++)
                s += w[r] * lim->y[(int64_t)(((rho - r) % q + q) % q) * n + j];
            if (s > best)
                best = s;
        }
        double a = (double)n * best / norm;
        if (rho == 0 || a > *hi)
            *hi = a;
        if (rho == 0 || a < *lo)
            *lo = a;
    }
}

/* Growth of the level sizes for h -> infinity, or 1 for Cesaro limits, or
 * 0 when no limit is defined. */
static double limit_growth(const dn_tree_model *m)
{
    switch (m->kind) {
    case DN_TREE_COMPLETE: return (double)m->b;
    case DN_TREE_CRT: {
        double g = dn_dist_mean(&m->off[m->noff - 1]);
        return g >= 1.0 ? g : 0.0;
    }
    case DN_TREE_REPRO:
    case DN_TREE_BINOMIAL: return 1.0;
    default: return 0.0;
    }
}

typedef struct sparse_work {
    walkop w;
    double *x, *acc, *scratch;
} sparse_work;

static int sparse_alloc(sparse_work *s, const dn_csr *g, const dn_load_opts *o, dn_err *err)
{
    int rc = walkop_init(&s->w, g, o->walk, o->delta, o->threads, err);
    if (rc)
        return rc;
    size_t n = (size_t)g->n;
    s->x = malloc(5 * n * sizeof *s->x + 1);
    if (!s->x) {
        walkop_free(&s->w);
        return dn_fail(err, DN_ENOMEM, "out of memory: exact loads need 5 vectors of %lld "
                       "doubles", (long long)g->n);
    }
    s->acc = s->x + n;
    s->scratch = s->x + 2 * n;
    return DN_OK;
}

static void sparse_release(sparse_work *s)
{
    walkop_free(&s->w);
    free(s->x);
}

/* The core: load vector of start s into out->load (allocated by caller
 * inside sw->acc), filling the scalar fields. lim may have period 0. */
static int sparse_run(sparse_work *sw, const dn_csr *g, const dn_tree_model *m, int64_t s,
                      const dn_load_opts *o, const dn_walk_limit *lim, double *ratio_level,
                      dn_loads *out, dn_err *err)
{
    double *sizes, tail;
    int levels, rc;
    const int64_t n = g->n;
    if ((rc = dn_level_sizes_alloc(m, &sizes, &levels, &tail, err)))
        return rc;
    double *x = sw->x, *acc = sw->acc;
    memset(x, 0, (size_t)n * sizeof *x);
    memset(acc, 0, (size_t)n * sizeof *acc);
    x[s] = 1.0;
    double cum = 0;
    out->trunc_error = 0;
    int64_t l = 0;
    for (;; l++) {
        double nl;
        if (tail == 0.0) {
            if (l >= levels)
                break;
            nl = sizes[l];
        } else {
            nl = pow(tail, (double)l);
            /* stop when the rest is known to within tol, relative to M */
            double dev = 2.0;
            if (lim->period > 0) {
                const double *y = lim->y + (l % lim->period) * n;
                dev = 0;
                for (int64_t j = 0; j < n; j++)
                    dev += fabs(x[j] - y[j]);
            }
            if (nl * dev <= o->tol || l >= o->max_iter) {
                if (lim->period > 0) {
                    const int q = lim->period;
                    for (int r = 0; r < q; r++) {
                        double c = pow(tail, (double)(l + r)) / (1.0 - pow(tail, q));
                        const double *y = lim->y + ((l + r) % q) * n;
                        for (int64_t j = 0; j < n; j++)
                            acc[j] += c * y[j];
                    }
                    out->trunc_error = nl * dev;
                } else {
                    out->trunc_error = nl; /* the mass not summed, relative to M */
                }
                break;
            }
        }
        if (nl != 0.0) {
            for (int64_t j = 0; j < n; j++)
                acc[j] += nl * x[j];
            cum += nl;
        }
        if (ratio_level && l < levels) {
            double mx;
            dn_vec_argmax(acc, n, &mx);
            ratio_level[l] = cum > 0 ? mx * (double)n / cum : 0.0;
        }
        if (o->progress && (l & 7) == 0)
            o->progress(o->progress_ctx, tail == 0.0 ? (double)l / levels : 1.0 - nl);
        if (tail == 0.0 && l + 1 >= levels)
            break; /* no need for x_{levels} */
        walkop_apply(&sw->w, x, sw->scratch);
    }
    out->levels = tail == 0.0 ? levels : (int)(l < INT32_MAX ? l : INT32_MAX);
    out->n = n;
    out->start = s;
    out->size = dn_tree_model_expected_size(m);
    out->argmax = dn_vec_argmax(acc, n, &out->max_load);
    out->min_load = out->max_load;
    out->reached = 0;
    for (int64_t j = 0; j < n; j++) {
        if (acc[j] < out->min_load)
            out->min_load = acc[j];
        out->reached += acc[j] > 0;
    }
    out->ratio = out->size > 0 ? out->max_load * (double)n / out->size : 0.0;
    free(sizes);
    return DN_OK;
}

static int check_args(const dn_csr *g, const dn_tree_model *m, int64_t start,
                      const dn_load_opts *o, dn_err *err)
{
    if (!g || !m || !g->off)
        return dn_fail(err, DN_EINVAL, "exact loads need a materialised network and a tree");
    if (g->n < 1)
        return dn_fail(err, DN_EINVAL, "the network has no processors");
    if (start < -1 || start >= g->n)
        return dn_fail(err, DN_ERANGE, "start processor %lld is not in 0..%lld",
                       (long long)start, (long long)g->n - 1);
    if (o->delta < 0 || o->delta > 1000000)
        return dn_fail(err, DN_ERANGE, "walk length %d is not in 0..1000000", o->delta);
    if (o->walk == DN_WALK_TWO_CHOICES)
        return dn_fail_param(err, DN_EINVAL, "trials",
                             "the two-choices walk depends on the loads met on the "
                             "way, so it has no exact linear analysis; simulate it in trials");

    if (o->walk < 0 || o->walk >= DN_WALK_COUNT)
        return dn_fail(err, DN_EINVAL, "unknown walk variant %d", o->walk);
    return DN_OK;
}

int dn_loads_exact(const dn_net *net, const dn_csr *g, const dn_tree_model *m, int64_t start,
                   const dn_load_opts *opts, dn_loads *out, dn_err *err)
{
    DN_NEED(err, g);
    DN_NEED(err, m);
    DN_NEED(err, opts);
    DN_NEED(err, out);
    dn_load_opts o;
    int rc;
    (void)net;
    memset(out, 0, sizeof *out);
    if (!g || !g->off)
        return dn_fail(err, DN_EINVAL, "exact loads need a materialised network");
    opts_norm(opts, g, &o);
    if ((rc = check_args(g, m, start, &o, err)))
        return rc;
    if (start < 0)
        return dn_fail(err, DN_ERANGE, "start processor %lld is not in 0..%lld",
                       (long long)start, (long long)g->n - 1);
    const int64_t n = g->n;
    dn_walk_limit lim;
    memset(&lim, 0, sizeof lim);
    double g_lim = limit_growth(m);
    int need_limit = m->kind == DN_TREE_REPRO || g_lim > 0;
    if (need_limit && (rc = dn_walk_limit_init(g, start, &o, &lim, err)))
        return rc;

    if (o.method == DN_LOAD_DENSE) {
        double *mat = NULL;
        if ((rc = dn_loads_dense(g, m, &o, &mat, err))) {
            dn_walk_limit_free(&lim);
            return rc;
        }
        out->load = malloc((size_t)n * sizeof *out->load);
        if (!out->load) {
            free(mat);
            dn_walk_limit_free(&lim);
            return dn_fail(err, DN_ENOMEM, "out of memory");
        }
        memcpy(out->load, mat + start * n, (size_t)n * sizeof *out->load);
        free(mat);
        double tail;
        if ((rc = model_levels(m, &out->levels, &tail, err))) {
            dn_walk_limit_free(&lim);
            free(out->load);
            memset(out, 0, sizeof *out);
            return rc;
        }
        out->n = n;
        out->start = start;
        out->size = dn_tree_model_expected_size(m);
        out->argmax = dn_vec_argmax(out->load, n, &out->max_load);
        out->min_load = out->max_load;
        for (int64_t j = 0; j < n; j++) {
            if (out->load[j] < out->min_load)
                out->min_load = out->load[j];
            out->reached += out->load[j] > 0;
        }
        out->ratio = out->max_load * (double)n / out->size;
    } else {
        sparse_work sw;
        double tail;
        int levels;
        if ((rc = model_levels(m, &levels, &tail, err)) || (rc = sparse_alloc(&sw, g, &o, err))) {
            dn_walk_limit_free(&lim);
            return rc;
        }
        double *rl = NULL;
        if (tail == 0.0 && !(rl = calloc((size_t)levels, sizeof *rl))) {
            sparse_release(&sw);
            dn_walk_limit_free(&lim);
            return dn_fail(err, DN_ENOMEM, "out of memory");
        }
        rc = sparse_run(&sw, g, m, start, &o, &lim, rl, out, err);
        if (!rc)
            out->load = malloc((size_t)n * sizeof *out->load);
        if (!rc && !out->load)
            rc = dn_fail(err, DN_ENOMEM, "out of memory");
        if (!rc)
            memcpy(out->load, sw.acc, (size_t)n * sizeof *out->load);
        sparse_release(&sw);
        if (rc) {
            free(rl);
            dn_walk_limit_free(&lim);
            memset(out, 0, sizeof *out);
            return rc;
        }
        out->ratio_level = rl;
    }
    out->period = lim.period;
    out->asym_ratio = out->asym_ratio_min = NAN;
    if (g_lim > 0 && lim.period > 0)
        asym_ratio(&lim, n, g_lim, &out->asym_ratio, &out->asym_ratio_min);
    dn_walk_limit_free(&lim);
    return DN_OK;
}

/* ------------------------------------------------------- all starts */

/* A translation automorphism phi_s of the network with phi_s(rep(s)) = s
 * (the family's hooks: dn_net_orbit_rep, dn_net_orbit_map): loads from s
 * are loads from rep(s) moved by phi_s. Families without one map every
 * start to itself, and so does a graph g that is not net's own. */
static int64_t orbit_rep(const dn_net *net, const dn_csr *g, int64_t s)
{
    return net && net->n == g->n ? dn_net_orbit_rep(net, s) : s;
}

void dn_loads_all_free(dn_loads_all *a)
{
    if (!a)
        return;
    free(a->ratio);
    free(a->max_load);
    free(a->argmax);
    memset(a, 0, sizeof *a);
}

typedef struct all_ctx {
    const dn_net *net;
    const dn_csr *g;
    const dn_tree_model *m;
    const dn_load_opts *o;
    const int64_t *reps;
    sparse_work *work;   /* one per thread */
    double *ratio, *maxl, *asym;
    int64_t *argmax;
    dn_progress_fn progress; /* called by worker 0 only */
    void *progress_ctx;
    dn_err *errs;        /* one per thread */
    int64_t *done;
} all_ctx;

static int all_range(void *p, int64_t b, int64_t e, int tid)
{
    all_ctx *c = p;
    for (int64_t i = b; i < e; i++) {
        int64_t s = c->reps[i];
        dn_loads L;
        dn_walk_limit lim;
        memset(&L, 0, sizeof L);
        memset(&lim, 0, sizeof lim);
        double gl = limit_growth(c->m);
        int rc = DN_OK;
        if ((c->m->kind == DN_TREE_REPRO || gl > 0) &&
            (rc = dn_walk_limit_init(c->g, s, c->o, &lim, &c->errs[tid])))
            return rc;
        rc = sparse_run(&c->work[tid], c->g, c->m, s, c->o, &lim, NULL, &L, &c->errs[tid]);
        if (rc) {
            dn_walk_limit_free(&lim);
            return rc;
        }
        double hi = NAN, lo;
        if (gl > 0 && lim.period > 0)
            asym_ratio(&lim, c->g->n, gl, &hi, &lo);
        dn_walk_limit_free(&lim);
        c->ratio[s] = L.ratio;
        c->maxl[s] = L.max_load;
        c->argmax[s] = L.argmax;
        c->asym[s] = hi;
    }
    if (c->progress && tid == 0)
        c->progress(c->progress_ctx, (double)e / (double)(c->done[0]));
    return DN_OK;
}

int dn_loads_all_starts(const dn_net *net, const dn_csr *g, const dn_tree_model *m,
                        const dn_load_opts *opts, dn_loads_all *out, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, g);
    DN_NEED(err, m);
    DN_NEED(err, opts);
    DN_NEED(err, out);
    dn_load_opts o;
    int rc;
    memset(out, 0, sizeof *out);
    if (!g || !g->off)
        return dn_fail(err, DN_EINVAL, "exact loads need a materialised network");
    opts_norm(opts, g, &o);
    if ((rc = check_args(g, m, 0, &o, err)))
        return rc;
    const int64_t n = g->n;
    out->n = n;
    out->size = dn_tree_model_expected_size(m);
    out->ratio = malloc((size_t)n * sizeof *out->ratio);
    out->max_load = malloc((size_t)n * sizeof *out->max_load);
    out->argmax = malloc((size_t)n * sizeof *out->argmax);
    double *asym = malloc((size_t)n * sizeof *asym);
    int64_t *reps = malloc((size_t)n * sizeof *reps);
    if (!out->ratio || !out->max_load || !out->argmax || !asym || !reps) {
        free(asym);
        free(reps);
        dn_loads_all_free(out);
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld starts", (long long)n);
    }
    if (o.method == DN_LOAD_DENSE) {
        double *mat = NULL;
        if ((rc = dn_loads_dense(g, m, &o, &mat, err))) {
            free(asym);
            free(reps);
            dn_loads_all_free(out);
            return rc;
        }
        for (int64_t s = 0; s < n; s++) {
            out->argmax[s] = dn_vec_argmax(mat + s * n, n, &out->max_load[s]);
            out->ratio[s] = out->max_load[s] * (double)n / out->size;
        }
        free(mat);
        free(asym);
        free(reps);
        out->computed = n;
        out->asym_ratio = NAN;
        return DN_OK;
    }
    int64_t nrep = 0;
    for (int64_t s = 0; s < n; s++)
        if (orbit_rep(net, g, s) == s)
            reps[nrep++] = s;
    int threads = o.threads;
    if (threads > nrep)
        threads = (int)nrep;
    all_ctx c;
    memset(&c, 0, sizeof c);
    c.net = net;
    c.g = g;
    c.m = m;
    c.reps = reps;
    c.ratio = out->ratio;
    c.maxl = out->max_load;
    c.argmax = out->argmax;
    c.asym = asym;
    c.done = &nrep;
    dn_load_opts oi = o;
    oi.threads = 1;
    oi.progress = NULL; /* per-start runs are silent; the loop reports */
    c.progress = o.progress;
    c.progress_ctx = o.progress_ctx;
    c.o = &oi;
    c.work = calloc((size_t)threads, sizeof *c.work);
    c.errs = calloc((size_t)threads, sizeof *c.errs);
    int made = 0;
    rc = c.work && c.errs ? DN_OK : dn_fail(err, DN_ENOMEM, "out of memory");
    for (; !rc && made < threads; made++)
        rc = sparse_alloc(&c.work[made], g, &oi, err);
    if (rc)
        made--;
    if (!rc) {
        rc = dn_parallel_for(threads, nrep, 1, all_range, &c);
        if (rc)
            dn_parallel_error(c.errs, threads, err);
    }
    for (int t = 0; t < made; t++)
        sparse_release(&c.work[t]);
    free(c.work);
    free(c.errs);
    if (!rc) {
        /* spread representatives to their orbits */
        for (int64_t s = 0; s < n; s++) {
            int64_t r = orbit_rep(net, g, s);
            if (r == s)
                continue;
            out->ratio[s] = out->ratio[r];
            out->max_load[s] = out->max_load[r];
            out->argmax[s] = dn_net_orbit_map(net, s, out->argmax[r]);
            asym[s] = asym[r];
        }
        out->computed = nrep;
        out->asym_ratio = NAN;
        for (int64_t s = 0; s < n; s++)
            if (!isnan(asym[s]) && (isnan(out->asym_ratio) || asym[s] > out->asym_ratio))
                out->asym_ratio = asym[s];
    }
    free(asym);
    free(reps);
    if (rc)
        dn_loads_all_free(out);
    return rc;
}
