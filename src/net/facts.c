/*
 * facts.c - graph facts: node and edge counts, degree statistics, diameter
 * and mean distance.
 *
 * Closed forms come from the family descriptors (de Bruijn diameter k,
 * hypercube d, mesh R + C - 2, ...); tests/test_net.c checks every one of
 * them against a scan and an exact BFS for all sizes small enough.
 * Without a closed form we scan degrees in O(n + m) and, for n up to
 * bfs_limit, run an exact all-pairs BFS that carries 64 sources per pass
 * as the bits of a uint64_t per node (bit-parallel BFS). Each level sweeps
 * only the nodes reached at the previous level, so a pass costs
 * O((n + m) * spread) where spread is the number of distinct distances at
 * which a node is reached from the pass's 64 sources (small for sources
 * with nearby ids), against O(64 (n + m)) for 64 plain BFS runs; it is
 * never worse than O((n + m) * eccentricity). Passes are spread over
 * threads; the results (max, integer sums) do not depend on the thread
 * count.
 */
#include "net_impl.h"
#include "../base/args_impl.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_BFS_LIMIT ((int64_t)1 << 16)

/* One worker's scratch and results: made by the worker on its first block
 * (dn_parallel_for hands blocks to workers by tid). */
typedef struct apsp_scratch {
    uint64_t *visit, *front, *next;
    int32_t *cur, *cand;
    int64_t diam, sum;
    int disconnected;
} apsp_scratch;

typedef struct apsp_job {
    const dn_csr *g;
    const int32_t *order; /* sources in BFS order: a block's 64 are near */
    apsp_scratch *sc;     /* per worker */
    dn_progress_counter progress;
} apsp_job;

static int scratch_get(apsp_scratch *w, int64_t n)
{
    if (w->visit)
        return DN_OK;
    w->visit = malloc((size_t)n * sizeof *w->visit);
    w->front = calloc((size_t)n, sizeof *w->front);
    w->next = calloc((size_t)n, sizeof *w->next);
    w->cur = malloc((size_t)n * sizeof *w->cur);
    w->cand = malloc((size_t)n * sizeof *w->cand);
    return w->visit && w->front && w->next && w->cur && w->cand ? DN_OK : DN_ENOMEM;
}

static void scratch_free(apsp_scratch *w)
{
    free(w->visit);
    free(w->front);
    free(w->next);
    free(w->cur);
    free(w->cand);
}

/* The blocks [b0, b1) of 64 sources each, on worker tid. */
static int apsp_range(void *p, int64_t b0, int64_t b1, int tid)
{
    apsp_job *job = p;
    const dn_csr *g = job->g;
    const int64_t n = g->n;
    apsp_scratch *w = &job->sc[tid];
    if (scratch_get(w, n))
        return DN_ENOMEM;
    uint64_t *visit = w->visit, *front = w->front, *next = w->next;
    int32_t *cur = w->cur, *cand = w->cand;
    for (int64_t b = b0; b < b1; b++) {
        int64_t s0 = b * 64, s1 = s0 + 64 < n ? s0 + 64 : n, level = 0, seen, ncur = 0;
        memset(visit, 0, (size_t)n * sizeof *visit);
        for (int64_t i = s0; i < s1; i++) {
            int32_t s = job->order[i];
            visit[s] = front[s] = (uint64_t)1 << (i - s0);
            cur[ncur++] = s;
        }
        seen = s1 - s0;
        /* Sparse frontier: only nodes some source reached at the last level
         * are swept, so a node is touched at most once per distinct distance
         * from the block's sources (few, for sources with nearby ids). */
        while (ncur > 0) {
            int64_t fresh = 0, ncand = 0;
            for (int64_t i = 0; i < ncur; i++) {
                int32_t u = cur[i];
                uint64_t f = front[u];
                front[u] = 0;
                for (int64_t e = g->off[u]; e < g->off[u + 1]; e++) {
                    int32_t v = g->adj[e];
                    if (!next[v])
                        cand[ncand++] = v;
                    next[v] |= f;
                }
            }
            level++;
            ncur = 0;
            for (int64_t i = 0; i < ncand; i++) {
                int32_t v = cand[i];
                uint64_t x = next[v] & ~visit[v];
                next[v] = 0;
                if (x) {
                    visit[v] |= x;
                    front[v] = x;
                    cur[ncur++] = v;
                    fresh += __builtin_popcountll(x);
                }
            }
            if (!fresh)
                break;
            seen += fresh;
            w->sum += fresh * level;
            if (level > w->diam)
                w->diam = level;
        }
        if (seen != (s1 - s0) * n)
            w->disconnected = 1;
        dn_progress_add(&job->progress, 1, tid);
    }
    return DN_OK;
}

/* All nodes in BFS order from node 0 over out-arcs, then any unreached
 * ones from the next unvisited id: consecutive sources are then close, so
 * their frontiers overlap and each pass sweeps few nodes. */
static int32_t *bfs_order(const dn_csr *g)
{
    int32_t *order = malloc((size_t)(g->n ? g->n : 1) * sizeof *order);
    unsigned char *seen = calloc((size_t)(g->n ? g->n : 1), 1);
    int64_t head = 0, tail = 0;
    if (!order || !seen) {
        free(order);
        free(seen);
        return NULL;
    }
    for (int64_t r = 0; r < g->n; r++) {
        if (seen[r])
            continue;
        seen[r] = 1;
        order[tail++] = (int32_t)r;
        while (head < tail) {
            int32_t u = order[head++];
            for (int64_t e = g->off[u]; e < g->off[u + 1]; e++)
                if (!seen[g->adj[e]]) {
                    seen[g->adj[e]] = 1;
                    order[tail++] = g->adj[e];
                }
        }
    }
    free(seen);
    return order;
}

/* Exact diameter (or -1 if not (strongly) connected) and mean distance:
 * blocks of 64 sources handed to the workers of dn_parallel_for; the
 * results (a max and integer sums) do not depend on which worker ran
 * which block. */
static int all_pairs(const dn_csr *g, const dn_facts_opts *o, int64_t *diam, double *avg,
                     dn_err *err)
{
    int threads = o && o->threads > 0 ? o->threads : 1;
    const int64_t blocks = (g->n + 63) / 64;
    int rc = DN_OK, disc = 0;
    int64_t d = 0, s = 0;
    apsp_job job;
    memset(&job, 0, sizeof job);
    if (threads > blocks)
        threads = (int)(blocks > 0 ? blocks : 1);
    job.g = g;
    job.order = bfs_order(g);
    job.sc = calloc((size_t)threads, sizeof *job.sc);
    dn_progress_init(&job.progress, blocks, o ? o->progress : NULL, o ? o->progress_ctx : NULL);
    if (!job.order || !job.sc)
        rc = DN_ENOMEM;
    else
        rc = dn_parallel_for(threads, blocks, 1, apsp_range, &job);
    for (int t = 0; !rc && t < threads; t++) {
        disc |= job.sc[t].disconnected;
        if (job.sc[t].diam > d)
            d = job.sc[t].diam;
        s += job.sc[t].sum;
    }
    for (int t = 0; job.sc && t < threads; t++)
        scratch_free(&job.sc[t]);
    free(job.sc);
    free((void *)job.order);
    if (rc)
        return dn_fail(err, DN_ENOMEM, "out of memory for all-pairs BFS");
    *diam = disc ? -1 : d;
    /* mean over ordered pairs; undefined (-1) when some pair is unreachable */
    *avg = disc ? -1.0 : g->n > 1 ? (double)s / ((double)g->n * (double)(g->n - 1)) : 0.0;
    return DN_OK;
}

static int scan_degrees(const dn_net *net, const dn_csr *g, dn_facts *f, dn_err *err)
{
    int32_t *indeg = NULL;
    const int64_t n = g->n;
    if (net->directed) {
        indeg = calloc((size_t)(n ? n : 1), sizeof *indeg);
        if (!indeg)
            return dn_fail(err, DN_ENOMEM, "out of memory scanning degrees");
        for (int64_t e = 0; e < g->m; e++)
            indeg[g->adj[e]]++;
    }
    f->out_min = f->in_min = f->deg_min = INT64_MAX;
    f->out_max = f->in_max = f->deg_max = 0;
    for (int64_t v = 0; v < n; v++) {
        int64_t od = g->off[v + 1] - g->off[v];
        int64_t id = indeg ? indeg[v] : od;
        int64_t td = indeg ? od + id : od;
#define MINMAX(lo, hi, x) do { if ((x) < (lo)) (lo) = (x); if ((x) > (hi)) (hi) = (x); } while (0)
        MINMAX(f->out_min, f->out_max, od);
        MINMAX(f->in_min, f->in_max, id);
        MINMAX(f->deg_min, f->deg_max, td);
#undef MINMAX
    }
    if (n == 0)
        f->out_min = f->in_min = f->deg_min = 0;
    free(indeg);
    f->degree_source = DN_FACT_BFS;
    return DN_OK;
}

int dn_net_facts(const dn_net *net, const dn_facts_opts *opts, dn_facts *f, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, f);
    const int force = opts && opts->force_scan;
    const int64_t limit = opts && opts->bfs_limit > 0 ? opts->bfs_limit : DEFAULT_BFS_LIMIT;
    int have_closed = net->type->facts && !force;
    int need_bfs, rc = DN_OK;
    dn_csr tmp;
    const dn_csr *g = NULL;

    memset(f, 0, sizeof *f);
    memset(&tmp, 0, sizeof tmp);
    f->nodes = net->n;
    f->edges = net->edges;
    f->directed = net->directed;
    f->deg_avg = net->n ? 2.0 * (double)net->edges / (double)net->n : 0.0;
    f->diameter = -2;
    f->avg_distance = -1;
    if (have_closed) {
        net->type->facts(net, f);
        f->degree_source = DN_FACT_CLOSED;
        if (!net->directed) {
            f->out_min = f->in_min = f->deg_min;
            f->out_max = f->in_max = f->deg_max;
        }
        if (f->diameter != -2)
            f->diameter_source = DN_FACT_CLOSED;
    }
    need_bfs = f->diameter_source == DN_FACT_NONE && net->n <= limit;
    if (have_closed && !need_bfs) {
        if (f->diameter == -2)
            f->diameter = -1;
        return DN_OK;
    }
    /* scan (and maybe BFS) a materialised graph */
    if (!net->type->neighbors) {
        g = &net->g;
    } else {
        if ((rc = dn_net_materialize(net, &tmp, opts ? opts->mem_limit : 0, err)))
            return rc;
        g = &tmp;
    }
    if (!have_closed && (rc = scan_degrees(net, g, f, err)))
        goto done;
    if (need_bfs) {
        if ((rc = all_pairs(g, opts, &f->diameter, &f->avg_distance, err)))
            goto done;
        f->diameter_source = DN_FACT_BFS;
    } else {
        f->diameter = -1;
    }
done:
    dn_csr_free(&tmp);
    return rc;
}
