/*
 * grow.c - Monte Carlo growth of random trees on a network by seed 002's
 * Canonical Algorithm (restated: "When a new tree node is created on
 * processor P_j0, it takes a random walk of exactly Delta steps ... The
 * node is placed on P_jDelta. The root is placed on the initial processor")
 * and by the improved walks: lazy, random length, two choices.
 *
 * Trees are grown breadth-first, level by level, never stored: a level is
 * a list of (processor, children-to-come) pairs (MPI's broadcast trees:
 * (processor, task), their children by index arithmetic). Every trial draws from its
 * own stream dn_rng_stream(seed, trial) in a fixed order (the height for
 * rct, then per node in BFS order: its child count, then each child's
 * walk), so a seed fixes every trial. Per-processor statistics are integer
 * sums (the square sums in 128 bits as two words), per-trial figures are
 * stored by trial index and reduced in trial order: the output is identical
 * for any number of threads.
 *
 * Distances parent -> child are measured exactly by a BFS from the parent
 * that stops at the child; the walk bounds it by its length, so the search
 * covers at most the ball of radius Delta.
 */
#include "analysis_impl.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct slot {
    int32_t proc;
    int32_t tag; /* binomial: number of children still to come; MPI trees: the task */
} slot;

typedef struct gworker {
    int32_t *load;       /* per processor, this trial */
    int32_t *touched;    /* processors with load > 0 this trial */
    int64_t ntouched;
    uint32_t *stamp;     /* BFS marks */
    uint32_t epoch;
    int32_t *queue;
    slot *cur, *next;
    int64_t cap;
    int64_t *sum;        /* per processor, over this worker's trials */
    uint64_t *sq_lo, *sq_hi;
} gworker;

typedef struct gctx {
    const dn_csr *g;
    const dn_tree_model *m;
    dn_tree fixed; /* MPI's trees: built (implicit, no memory), children by task */
    const dn_grow_opts *o;
    int64_t start, max_nodes;
    gworker *w;
    /* per trial */
    int64_t *size, *maxload, *sumdist, *steps;
    int32_t *maxdist;
    dn_progress_counter progress;
    dn_err *errs;
} gctx;

static int walk_to(const dn_csr *g, int32_t u, int len, dn_rng *rng, int lazy)
{
    for (int i = 0; i < len; i++) {
        if (lazy && (dn_rng_next(rng) >> 63))
            continue;
        int64_t d = g->off[u + 1] - g->off[u];
        if (d > 0)
            u = g->adj[g->off[u] + (int64_t)dn_rng_below(rng, (uint64_t)d)];
    }
    return u;
}

/* Exact distance u -> v, known to be at most bound (BFS with epoch marks). */
static int32_t distance(const dn_csr *g, gworker *w, int32_t u, int32_t v, int bound)
{
    if (u == v)
        return 0;
    if (++w->epoch == 0) {
        memset(w->stamp, 0, (size_t)g->n * sizeof *w->stamp);
        w->epoch = 1;
    }
    const uint32_t ep = w->epoch;
    int64_t head = 0, tail = 0;
    w->queue[tail++] = u;
    w->stamp[u] = ep;
    for (int32_t d = 1; d <= bound; d++) {
        int64_t end = tail;
        while (head < end) {
            int32_t x = w->queue[head++];
            for (int64_t a = g->off[x]; a < g->off[x + 1]; a++) {
                int32_t y = g->adj[a];
                if (w->stamp[y] == ep)
                    continue;
                if (y == v)
                    return d;
                w->stamp[y] = ep;
                w->queue[tail++] = y;
            }
        }
    }
    return -1; /* cannot happen: the walk itself is a path of length <= bound */
}

static int reserve(gworker *w, int64_t need)
{
    if (need <= w->cap)
        return 1;
    int64_t c = w->cap ? w->cap : 1024;
    while (c < need)
        c *= 2;
    slot *a = realloc(w->cur, (size_t)c * sizeof *a);
    if (!a)
        return 0;
    w->cur = a;
    slot *b = realloc(w->next, (size_t)c * sizeof *b);
    if (!b)
        return 0;
    w->next = b;
    w->cap = c;
    return 1;
}

static int run_trial(gctx *c, gworker *w, int64_t t, dn_err *err)
{
    const dn_csr *g = c->g;
    const dn_tree_model *m = c->m;
    const int walk = c->o->walk, delta = c->o->delta;
    dn_rng rng;
    dn_rng_stream(&rng, c->o->seed, (uint64_t)t);
    const int fixed = m->kind == DN_TREE_OMPI_BCAST || m->kind == DN_TREE_MPICH_BCAST;
    int hmax = m->kind == DN_TREE_RCT ? dn_dist_draw(&m->height, &rng)
             : m->kind == DN_TREE_REPRO || fixed ? INT32_MAX
             : m->kind == DN_TREE_BINOMIAL ? m->n : m->h;
    int64_t size = 1, ncur = 1, sumdist = 0, steps = 0;
    int32_t maxdist = 0;
    if (!reserve(w, 1))
        return dn_fail(err, DN_ENOMEM, "out of memory growing a tree");
    w->cur[0].proc = (int32_t)c->start;
    w->cur[0].tag = m->kind == DN_TREE_BINOMIAL ? m->n : 0;
    w->ntouched = 0;
    w->load[c->start] = 1;
    w->touched[w->ntouched++] = (int32_t)c->start;
    for (int level = 0; ncur > 0 && level < hmax; level++) {
        const dn_dist *dist = m->kind == DN_TREE_COMPLETE || m->kind == DN_TREE_BINOMIAL ||
                                      fixed
                                  ? NULL : dn_tree_model_offspring(m, level);
        int64_t nnext = 0;
        for (int64_t i = 0; i < ncur; i++) {
            const slot s = w->cur[i];
            int64_t k = m->kind == DN_TREE_COMPLETE ? m->b
                      : m->kind == DN_TREE_BINOMIAL ? s.tag
                      : fixed ? dn_tree_num_children(&c->fixed, s.tag)
                              : dn_dist_draw(dist, &rng);
            if (k == 0)
                continue;
            if (size + k > c->max_nodes)
                return dn_fail_param(err, DN_ELIMIT, "max_nodes",
                                     "trial %lld: the tree grew past %lld nodes; raise the node "
                                     "limit", (long long)t, (long long)c->max_nodes);
            if (!reserve(w, nnext + k))
                return dn_fail(err, DN_ENOMEM, "out of memory growing a tree");
            for (int64_t ch = 0; ch < k; ch++) {
                int len = delta;
                int32_t dst;
                if (walk == DN_WALK_RANDLEN)
                    len = delta > 0 ? 1 + (int)dn_rng_below(&rng, (uint64_t)delta) : 0;
                dst = walk_to(g, s.proc, len, &rng, walk == DN_WALK_LAZY);
                if (walk == DN_WALK_TWO_CHOICES) {
                    int32_t alt = walk_to(g, s.proc, len, &rng, 0);
                    if (w->load[alt] < w->load[dst])
                        dst = alt;
                    steps += len;
                }
                steps += len;
                int32_t d = distance(g, w, s.proc, dst, len);
                sumdist += d;
                if (d > maxdist)
                    maxdist = d;
                if (w->load[dst]++ == 0)
                    w->touched[w->ntouched++] = dst;
                w->next[nnext].proc = dst;
                /* binomial: the i-th child (0-based ch) is the root of a B(m - ch - 1) */
                w->next[nnext].tag = (int32_t)(m->kind == DN_TREE_BINOMIAL ? s.tag - ch - 1
                                               : fixed ? dn_tree_child(&c->fixed, s.tag, ch)
                                                       : 0);
                nnext++;
            }
            size += k;
        }
        slot *tmp = w->cur;
        w->cur = w->next;
        w->next = tmp;
        ncur = nnext;
    }
    int64_t mx = 0;
    for (int64_t i = 0; i < w->ntouched; i++) {
        int32_t j = w->touched[i];
        int64_t v = w->load[j];
        if (v > mx)
            mx = v;
        w->sum[j] += v;
        uint64_t sq = (uint64_t)(v * v), lo = w->sq_lo[j] + sq;
        w->sq_hi[j] += lo < sq;
        w->sq_lo[j] = lo;
        w->load[j] = 0;
    }
    c->size[t] = size;
    c->maxload[t] = mx;
    c->sumdist[t] = sumdist;
    c->steps[t] = steps;
    c->maxdist[t] = maxdist;
    return DN_OK;
}

static int grow_range(void *p, int64_t b, int64_t e, int tid)
{
    gctx *c = p;
    for (int64_t t = b; t < e; t++) {
        int rc = run_trial(c, &c->w[tid], t, &c->errs[tid]);
        if (rc)
            return rc;
        dn_progress_add(&c->progress, 1, tid);
    }
    return DN_OK;
}

static void worker_free(gworker *w)
{
    free(w->load);
    free(w->touched);
    free(w->stamp);
    free(w->queue);
    free(w->cur);
    free(w->next);
    free(w->sum);
    free(w->sq_lo);
    free(w->sq_hi);
}

void dn_grow_free(dn_grow_result *r)
{
    if (!r)
        return;
    free(r->mean_load);
    free(r->se_load);
    memset(r, 0, sizeof *r);
}

/* mean and standard error of the mean of v[0..T) in index order */
static void mean_se(const double *v, int64_t T, double *mean, double *se)
{
    double s = 0;
    for (int64_t i = 0; i < T; i++)
        s += v[i];
    *mean = s / (double)T;
    double q = 0;
    for (int64_t i = 0; i < T; i++)
        q += (v[i] - *mean) * (v[i] - *mean);
    *se = T > 1 ? sqrt(q / (double)(T - 1) / (double)T) : 0.0;
}

int dn_grow_simulate(const dn_csr *g, const dn_tree_model *m, int64_t start,
                     const dn_grow_opts *opts, dn_grow_result *out, dn_err *err)
{
    DN_NEED(err, g);
    DN_NEED(err, m);
    DN_NEED(err, opts);
    DN_NEED(err, out);
    memset(out, 0, sizeof *out);
    if (!g || !g->off || !m || !opts)
        return dn_fail(err, DN_EINVAL, "simulation needs a materialised network, a tree and options");
    const int64_t n = g->n, T = opts->trials;
    if (n < 1)
        return dn_fail(err, DN_EINVAL, "the network has no processors");
    if (start < 0 || start >= n)
        return dn_fail(err, DN_ERANGE, "start processor %lld is not in 0..%lld",
                       (long long)start, (long long)n - 1);
    if (T < 1 || T > ((int64_t)1 << 40))
        return dn_fail(err, DN_ERANGE, "trials must be in 1..2^40");
    if (opts->delta < 0 || opts->delta > 1000000)
        return dn_fail(err, DN_ERANGE, "walk length %d is not in 0..1000000", opts->delta);
    if (opts->walk < 0 || opts->walk >= DN_WALK_COUNT)
        return dn_fail(err, DN_EINVAL, "unknown walk variant %d", opts->walk);
    int64_t max_nodes = opts->max_nodes > 0 ? opts->max_nodes : DN_TREE_DEFAULT_MAX_NODES;
    if (max_nodes > INT32_MAX)
        max_nodes = INT32_MAX; /* loads are int32 */
    const int fixed = m->kind == DN_TREE_OMPI_BCAST || m->kind == DN_TREE_MPICH_BCAST;
    int mrc = fixed ? dn_analysis_mpi_binomial(m, err) : DN_OK;
    if (mrc)
        return mrc;
    if ((m->kind == DN_TREE_COMPLETE || m->kind == DN_TREE_BINOMIAL || fixed) &&
        dn_tree_model_expected_size(m) > (double)max_nodes)
        return dn_tree_model_expected_size(m) > (double)INT32_MAX
                   ? dn_fail_param(err, DN_ELIMIT, "exact",
                                   "the tree has %.6g nodes; a simulated trial grows at most "
                                   "%lld: use the exact analysis (level sizes only, any size)",
                             dn_tree_model_expected_size(m), (long long)INT32_MAX)
                   : dn_fail_param(err, DN_ELIMIT, "max_nodes",
                                   "the tree has %.0f nodes, over the node limit of %lld "
                                   "per trial; raise it (at most %lld)",

                             dn_tree_model_expected_size(m), (long long)max_nodes,
                             (long long)INT32_MAX);
    int threads = opts->threads > 0 ? opts->threads : 1;
    if (threads > T)
        threads = (int)T;

    gctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.m = m;
    if (fixed) {
        int rc0 = dn_tree_init(&c.fixed, m, 0, 0, err);
        if (rc0)
            return rc0;
    }
    c.o = opts;
    c.start = start;
    c.max_nodes = max_nodes;
    dn_progress_init(&c.progress, opts->trials, opts->progress, opts->progress_ctx);
    c.size = malloc((size_t)T * sizeof *c.size);
    c.maxload = malloc((size_t)T * sizeof *c.maxload);
    c.sumdist = malloc((size_t)T * sizeof *c.sumdist);
    c.steps = malloc((size_t)T * sizeof *c.steps);
    c.maxdist = malloc((size_t)T * sizeof *c.maxdist);
    c.w = calloc((size_t)threads, sizeof *c.w);
    c.errs = calloc((size_t)threads, sizeof *c.errs);
    int rc = DN_OK;
    if (!c.size || !c.maxload || !c.sumdist || !c.steps || !c.maxdist || !c.w || !c.errs)
        rc = dn_fail(err, DN_ENOMEM, "out of memory for %lld trials", (long long)T);
    for (int t = 0; !rc && t < threads; t++) {
        gworker *w = &c.w[t];
        w->load = calloc((size_t)n, sizeof *w->load);
        w->touched = malloc((size_t)n * sizeof *w->touched);
        w->stamp = calloc((size_t)n, sizeof *w->stamp);
        w->queue = malloc((size_t)n * sizeof *w->queue);
        w->sum = calloc((size_t)n, sizeof *w->sum);
        w->sq_lo = calloc((size_t)n, sizeof *w->sq_lo);
        w->sq_hi = calloc((size_t)n, sizeof *w->sq_hi);
        if (!w->load || !w->touched || !w->stamp || !w->queue || !w->sum || !w->sq_lo ||
            !w->sq_hi)
            rc = dn_fail(err, DN_ENOMEM, "out of memory: each thread needs 40 bytes per "
                         "processor (%lld processors)", (long long)n);
    }
    if (!rc) {
        rc = dn_parallel_for(threads, T, 1, grow_range, &c);
        if (rc)
            dn_parallel_error(c.errs, threads, err);
    }
    if (!rc) {
        out->n = n;
        out->trials = T;
        out->mean_load = malloc((size_t)n * sizeof *out->mean_load);
        out->se_load = malloc((size_t)n * sizeof *out->se_load);
        double *v = malloc((size_t)T * sizeof *v);
        if (!out->mean_load || !out->se_load || !v) {
            free(v);
            rc = dn_fail(err, DN_ENOMEM, "out of memory");
        } else {
            double tot_size = 0, tot_dist = 0, tot_steps = 0;
            for (int64_t t = 0; t < T; t++) {
                tot_size += (double)c.size[t];
                tot_dist += (double)c.sumdist[t];
                tot_steps += (double)c.steps[t];
                if (c.maxdist[t] > out->dilation)
                    out->dilation = c.maxdist[t];
            }
            out->mean_size = tot_size / (double)T;
            double edges = tot_size - (double)T;
            out->mean_dist = edges > 0 ? tot_dist / edges : 0.0;
            out->mean_walk = edges > 0 ? tot_steps / edges : 0.0;
            for (int64_t t = 0; t < T; t++)
                v[t] = (double)c.maxload[t];
            mean_se(v, T, &out->mean_max, &out->se_max);
            for (int64_t t = 0; t < T; t++)
                v[t] = (double)c.maxload[t] * (double)n / (double)c.size[t];
            mean_se(v, T, &out->mean_ratio, &out->se_ratio);
            free(v);
            for (int64_t j = 0; j < n; j++) {
                int64_t s = 0;
                uint64_t lo = 0, hi = 0;
                for (int t = 0; t < threads; t++) {
                    s += c.w[t].sum[j];
                    uint64_t nl = lo + c.w[t].sq_lo[j];
                    hi += c.w[t].sq_hi[j] + (nl < lo);
                    lo = nl;
                }
                double mean = (double)s / (double)T;
                double sq = ldexp((double)hi, 64) + (double)lo;
                double var = sq / (double)T - mean * mean;
                if (var < 0)
                    var = 0;
                out->mean_load[j] = mean;
                out->se_load[j] = T > 1 ? sqrt(var * (double)T / (double)(T - 1) / (double)T)
                                        : 0.0;
            }
            double mx;
            out->argmax_mean = dn_vec_argmax(out->mean_load, n, &mx);
            out->ratio_of_means = mx * (double)n / dn_tree_model_expected_size(m);
        }
    }
    for (int t = 0; c.w && t < threads; t++)
        worker_free(&c.w[t]);
    free(c.w);
    free(c.errs);
    free(c.size);
    free(c.maxload);
    free(c.sumdist);
    free(c.steps);
    free(c.maxdist);
    dn_tree_free(&c.fixed);
    if (rc)
        dn_grow_free(out);
    return rc;
}
