/*
 * roots.c - seed 001's arbitrary-root scenario: run the same computation
 * from every processor as root and average (its equation (2):
 * G = 2^-2k sum over (a, b) of G^(a,b)). Roots are independent, so they
 * run in parallel, one embedding, workload and engine per worker; results
 * are written by root and summed in root order afterwards, so the averages
 * are bit-identical for any thread count.
 */
#include "dcnet/sim.h"
#include "../base/args_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct roots_ctx {
    const int64_t *reps;  /* the roots to simulate (one per orbit) */
    const dn_net *net;
    const dn_tree *tree;
    const dn_embed_opts *eo;
    const dn_sim_work_opts *wo;
    const dn_sim_opts *so;
    int maxsteps;
    dn_sim **engines;   /* one per worker, made on first use */
    dn_err *errs;       /* one per worker */
    double *time, *lin, *conf, *ideal, *step_time; /* per root */
    int32_t *steps;
    int8_t *dead;
    dn_progress_counter progress;
    int64_t roots;
} roots_ctx;

static int root_range(void *vctx, int64_t begin, int64_t end, int tid)
{
    roots_ctx *c = vctx;
    dn_err *err = &c->errs[tid];
    int rc;
    if (!c->engines[tid]) {
        dn_sim_opts so = *c->so;
        so.progress = NULL;
        so.timeline = so.links = 0;
        if ((rc = dn_sim_init(&c->engines[tid], &so, err)))
            return rc;
    }
    for (int64_t i = begin; i < end; i++) {
        const int64_t r = c->reps[i];
        dn_embed_opts eo = *c->eo;
        eo.root = r;
        dn_embed *e = NULL;
        dn_sim_work w;
        dn_sim_result res;
        if ((rc = dn_embed_init(&e, c->net, c->tree, &eo, err)))
            return rc;
        rc = dn_sim_work_from_embed(&w, e, c->wo, err);
        dn_embed_free(e);
        if (rc)
            return rc;
        rc = dn_sim_run(c->engines[tid], &w, &res, err);
        dn_sim_work_free(&w);
        if (rc)
            return rc;
        c->time[r] = res.time;
        c->lin[4 * r] = res.lin.c;
        c->lin[4 * r + 1] = res.lin.s;
        c->lin[4 * r + 2] = res.lin.e;
        c->lin[4 * r + 3] = res.lin.h;
        c->conf[r] = (double)res.conflicts;
        c->ideal[r] = res.ideal;
        c->dead[r] = (int8_t)res.deadlock;
        c->steps[r] = res.steps;
        for (int32_t st = 0; st < res.steps && st < c->maxsteps; st++)
            c->step_time[r * c->maxsteps + st] = res.step[st].end - res.step[st].start;
        dn_sim_result_free(&res);
        dn_progress_add(&c->progress, 1, tid);
    }
    return DN_OK;
}

/* A 2-D mesh (no wraparound): the mirrors below are its symmetries. */
static int is_mesh_2d(const dn_net *net)
{
    dn_net_grid grid;
    return dn_net_grid_of(net, &grid) == 2 && !grid.wrap;
}

/* Do the runs from a root and from its mirror images in x and in y agree?
 * Known for a 2-D mesh under the DC-cube, Reflecting and Growing A with
 * their own or XY routes (mirroring maps the embedding from r onto the one
 * from the mirrored root, and XY routes onto XY routes). Approach B moves
 * the problem to a fixed centre first, which no mirror keeps. */
static int mirror_symmetric(const dn_net *net, const dn_embed_opts *eo)
{
    if (!is_mesh_2d(net) || !eo->map)
        return 0;
    if (eo->routes != DN_ROUTES_MAPPING && eo->routes != DN_ROUTES_XY &&
        eo->routes != DN_ROUTES_SHORTEST)
        return 0;
    return strcmp(eo->map, "dccube") == 0 || strcmp(eo->map, "reflecting") == 0 ||
           (strcmp(eo->map, "growing") == 0 && eo->approach != 'b');
}

/* The smallest root of r's orbit under the mirrors of an R x C mesh. */
static int64_t orbit_rep(int64_t r, int64_t R, int64_t C)
{
    int64_t i = r / C, j = r % C;
    int64_t mi = R - 1 - i < i ? R - 1 - i : i, mj = C - 1 - j < j ? C - 1 - j : j;
    return mi * C + mj;
}

/* Growing approach B first moves the whole problem from the root to the
 * mapping's fixed centre, one message alone in the network, then runs the
 * same computation from the centre whatever the root: the run depends on
 * the root only through the move's length (its XY route meets nothing).
 * So roots at the same distance from the centre give the same numbers.
 * With b:nearest the centre and the mapping are mirrored into the root's
 * quadrant, so the distance is taken from the root folded into the first
 * quadrant (orbit_rep) to the centre of root 0. */
static int centre_move(const dn_net *net, const dn_embed_opts *eo)
{
    return is_mesh_2d(net) && eo->map &&
           strcmp(eo->map, "growing") == 0 && eo->approach == 'b';
}

/* rep[r]: the root whose run stands for r's (r itself when it is run). */
static int root_classes(const dn_net *net, const dn_tree *tree, const dn_embed_opts *eo,
                        int every_root, int64_t *rep, dn_err *err)
{
    const int64_t n = dn_net_processors(net);
    for (int64_t r = 0; r < n; r++)
        rep[r] = r;
    if (every_root)
        return DN_OK;
    dn_net_grid grid;
    dn_net_grid_of(net, &grid);
    const int64_t R = grid.side[0], C = grid.side[1];
    if (mirror_symmetric(net, eo)) {
        for (int64_t r = 0; r < n; r++)
            rep[r] = orbit_rep(r, R, C);
    } else if (centre_move(net, eo)) {
        dn_embed_opts o = *eo;
        dn_embed *e = NULL;
        o.root = 0;
        int rc = dn_embed_init(&e, net, tree, &o, err);
        if (rc)
            return rc;
        const int64_t c = dn_embed_place(e, 0); /* the fixed centre */
        dn_embed_free(e);
        int64_t *first = malloc((size_t)(R + C) * sizeof *first);
        if (!first)
            return dn_fail(err, DN_ENOMEM, "out of memory");
        for (int64_t d = 0; d < R + C; d++)
            first[d] = -1;
        const int fold = eo->centre == DN_CENTRE_NEAREST;
        for (int64_t r = 0; r < n; r++) {
            const int64_t f = fold ? orbit_rep(r, R, C) : r;
            int64_t d = llabs(f / C - c / C) + llabs(f % C - c % C);
            if (first[d] < 0)
                first[d] = r;
            rep[r] = first[d];
        }
        free(first);
    }
    return DN_OK;
}

void dn_roots_result_free(dn_roots_result *r)
{
    if (!r)
        return;
    free(r->step_time);
    free(r->root_time);
    memset(r, 0, sizeof *r);
}

int dn_sim_all_roots(const dn_net *net, const dn_tree *tree, const dn_embed_opts *eo,
                     const dn_sim_work_opts *wo, const dn_sim_opts *so, int threads,
                     dn_roots_result *out, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, tree);
    DN_NEED(err, eo);
    DN_NEED(err, wo);
    DN_NEED(err, so);
    DN_NEED(err, out);
    memset(out, 0, sizeof *out);
    int64_t n = dn_net_processors(net); /* roots are processors, not switches */
    if (threads < 1)
        threads = 1;
    /* steps: every phase, twice for both stages, plus approach b's moves */
    int maxsteps = 2 * (dn_tree_phases(tree) + 1);
    double bytes = (double)n * (8.0 * (8 + maxsteps) + 5);
    if (n >= INT32_MAX || bytes > (double)((int64_t)4 << 30))
        return dn_fail(err, DN_ERANGE, "%lld roots need %.2f GiB of per-root results; the "
                                       "limit is 4 GiB",
                       (long long)n, bytes / (1 << 30));
    roots_ctx c;
    memset(&c, 0, sizeof c);
    c.net = net;
    c.tree = tree;
    c.eo = eo;
    c.wo = wo;
    c.so = so;
    c.maxsteps = maxsteps;
    /* the roots to simulate: all, or one per class of equal runs */
    int64_t *reps = malloc(2 * (size_t)(n > 0 ? n : 1) * sizeof *reps), nrep = 0;
    if (!reps)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld roots", (long long)n);
    int64_t *rep_of = reps + n;
    int rc = root_classes(net, tree, eo, so->every_root, rep_of, err);
    if (rc) {
        free(reps);
        return rc;
    }
    for (int64_t r = 0; r < n; r++)
        if (rep_of[r] == r)
            reps[nrep++] = r;
    c.reps = reps;
    c.roots = nrep;
    dn_progress_init(&c.progress, nrep, so->progress, so->progress_ctx);
    size_t N = (size_t)(n > 0 ? n : 1);
    c.engines = calloc((size_t)threads, sizeof *c.engines);
    c.errs = calloc((size_t)threads, sizeof *c.errs);
    c.time = calloc(N, sizeof *c.time);
    c.lin = calloc(4 * N, sizeof *c.lin);
    c.conf = calloc(N, sizeof *c.conf);
    c.ideal = calloc(N, sizeof *c.ideal);
    c.step_time = calloc(N * (size_t)maxsteps, sizeof *c.step_time);
    c.steps = calloc(N, sizeof *c.steps);
    c.dead = calloc(N, sizeof *c.dead);
    if (!c.engines || !c.errs || !c.time || !c.lin || !c.conf || !c.ideal || !c.step_time ||
        !c.steps || !c.dead) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for %lld roots", (long long)n);
        goto done;
    }
    rc = dn_parallel_for(threads, nrep, 1, root_range, &c);
    if (rc) {
        dn_parallel_error(c.errs, threads, err);
        goto done;
    }
    /* every other root takes its class's results (the same numbers) */
    for (int64_t r = 0; r < n; r++) {
        int64_t q = rep_of[r];
        if (q == r)
            continue;
        c.time[r] = c.time[q];
        memcpy(&c.lin[4 * r], &c.lin[4 * q], 4 * sizeof *c.lin);
        c.conf[r] = c.conf[q];
        c.ideal[r] = c.ideal[q];
        c.dead[r] = c.dead[q];
        c.steps[r] = c.steps[q];
        memcpy(&c.step_time[r * maxsteps], &c.step_time[q * maxsteps],
               (size_t)maxsteps * sizeof *c.step_time);
    }
    out->simulated = nrep;
    /* averages in root order */
    out->roots = n;
    out->step_time = calloc((size_t)maxsteps, sizeof *out->step_time);
    if (!out->step_time) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory");
        goto done;
    }
    out->time_min = out->time_max = c.time[0];
    for (int64_t r = 0; r < n; r++) {
        out->time += c.time[r];
        out->const_coeff += c.lin[4 * r];
        out->ts_coeff += c.lin[4 * r + 1];
        out->te_coeff += c.lin[4 * r + 2];
        out->hop_coeff += c.lin[4 * r + 3];
        out->conflicts += c.conf[r];
        out->ideal += c.ideal[r];
        out->deadlocks += c.dead[r];
        if (c.steps[r] > out->steps)
            out->steps = c.steps[r];
        for (int st = 0; st < maxsteps; st++)
            out->step_time[st] += c.step_time[r * maxsteps + st];
        if (c.time[r] < out->time_min) {
            out->time_min = c.time[r];
            out->root_min = r;
        }
        if (c.time[r] > out->time_max) {
            out->time_max = c.time[r];
            out->root_max = r;
        }
    }
    double inv = n > 0 ? 1.0 / (double)n : 0;
    out->time *= inv;
    out->const_coeff *= inv;
    out->ts_coeff *= inv;
    out->te_coeff *= inv;
    out->hop_coeff *= inv;
    out->conflicts *= inv;
    out->ideal *= inv;
    for (int st = 0; st < maxsteps; st++)
        out->step_time[st] *= inv;
    out->root_time = c.time;
    c.time = NULL;
done:
    if (c.engines)
        for (int t = 0; t < threads; t++)
            dn_sim_free(c.engines[t]);
    free(c.engines);
    free(c.errs);
    free(c.time);
    free(c.lin);
    free(c.conf);
    free(c.ideal);
    free(c.step_time);
    free(c.steps);
    free(c.dead);
    free(reps);
    if (rc)
        dn_roots_result_free(out);
    return rc;
}
