/*
 * work.c - workloads for the simulator: the message traffic of a task
 * tree's division and combining stages on an embedding (seed 001 section
 * 2's steps 2 and 3; seed 000 section 2's phases), and traces of
 * arbitrary (src, dst, size, release) messages.
 *
 * Divide (seed 001: "divide the problem into two subproblems, each of size
 * alpha x, and spawn a child process to solve one of these parts"): the
 * message into task v has size alpha^t (alpha^t N bytes for a problem of
 * N bytes, simulate --bytes), t = the phase in which v receives
 * (binomial B(n): bitlen(v); other trees: depth), and runs in step t. The
 * combining stage is the division stage reversed (docs/spec/meshes.md): the
 * result of v goes back along the reversed route (directed networks: the
 * network's shortest route child -> parent), size 1 ("uniform", a single
 * result) or alpha^t ("growing back"), phase P first.
 *
 * Messages are stored in step order (divide: by receive phase, then task
 * id; combine: the reverse), so steps are contiguous ranges. dcnet's
 * built-in trees number tasks so that phases never decrease; a tree file's
 * tasks are sorted by phase first.
 */
#include "dcnet/sim.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void dn_sim_work_free(dn_sim_work *w)
{
    if (!w)
        return;
    free(w->src);
    free(w->dst);
    free(w->size);
    free(w->release);
    free(w->task);
    free(w->stage);
    free(w->step);
    free(w->route_off);
    free(w->route);
    free(w->succ_off);
    free(w->succ);
    free(w->succ_delay);
    free(w->chan_off);
    free(w->chan_dst);
    free(w->chan_bw);
    free(w->chan_lat);
    memset(w, 0, sizeof *w);
}

int64_t dn_sim_work_bytes(const dn_sim_work *w)
{
    const int64_t n = w->msgs, deps = w->succ_off ? w->succ_off[n] : 0;
    int64_t b = n * (int64_t)(sizeof *w->src + sizeof *w->dst + sizeof *w->size +
                              sizeof *w->task + sizeof *w->stage) +
                (n + 1) * (int64_t)(sizeof *w->route_off + sizeof *w->succ_off) +
                w->hops * (int64_t)sizeof *w->route + deps * (int64_t)sizeof *w->succ +
                (w->nodes + 1) * (int64_t)sizeof *w->chan_off +
                w->channels * (int64_t)sizeof *w->chan_dst;
    if (w->step)
        b += n * (int64_t)sizeof *w->step;
    if (w->release)
        b += n * (int64_t)sizeof *w->release;
    if (w->succ_delay)
        b += deps * (int64_t)sizeof *w->succ_delay;
    if (w->chan_bw)
        b += 2 * w->channels * (int64_t)sizeof *w->chan_bw;
    return b;
}

int32_t dn_sim_work_chan_src(const dn_sim_work *w, int64_t c)
{
    int64_t lo = 0, hi = w->nodes; /* chan_off[lo] <= c < chan_off[hi] */
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (w->chan_off[mid] <= c)
            lo = mid;
        else
            hi = mid;
    }
    return (int32_t)lo;
}

/* The route buffer of a workload being built: its capacity, and the most
 * hops the memory limit leaves room for (besides the per-message arrays;
 * below 2^31 in any case). */
typedef struct routes {
    int64_t cap, max;
} routes;

/* Bytes of a workload besides its routes: WORK_MSG_BYTES per message (its
 * arrays, 45 at most, and about one dependency of 25 with the builder's
 * temporaries), WORK_CHAN_BYTES per channel (its end, link costs), 4 per
 * node (its channels' offset). */
#define WORK_MSG_BYTES 70
#define WORK_CHAN_BYTES 20

/* Allocates the per-message arrays (and channel endpoints from g), after
 * checking them against the limit; sets rb for the routes. */
static int work_alloc(dn_sim_work *w, int64_t msgs, const dn_csr *g, int with_steps,
                      int with_release, int64_t mem_limit, routes *rb, dn_err *err)
{
    memset(w, 0, sizeof *w);
    if (mem_limit <= 0)
        mem_limit = DN_SIM_DEFAULT_MEM;
    double need = (double)msgs * WORK_MSG_BYTES + (double)g->m * WORK_CHAN_BYTES +
                  4.0 * (double)(g->n + 1);
    if (msgs >= INT32_MAX || g->m >= INT32_MAX || need > (double)mem_limit) {
        char a[32], b[32];
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                       "%lld messages need at least %s for the workload, over the memory limit "
                       "of %s (raise it; at most 2^31 - 1 messages)",
                       (long long)msgs, dn_fmt_bytes(a, sizeof a, (int64_t)need),
                       dn_fmt_bytes(b, sizeof b, mem_limit));
    }
    rb->cap = 0;
    rb->max = ((int64_t)((double)mem_limit - need)) / 4;
    if (rb->max > INT32_MAX - 1)
        rb->max = INT32_MAX - 1;
    size_t n = (size_t)(msgs > 0 ? msgs : 1);
    w->msgs = msgs;
    w->nodes = g->n;
    w->channels = g->m;

    w->src = malloc(n * sizeof *w->src);
    w->dst = malloc(n * sizeof *w->dst);
    w->size = malloc(n * sizeof *w->size);
    w->task = malloc(n * sizeof *w->task);
    w->stage = calloc(n, sizeof *w->stage);
    w->route_off = malloc((n + 1) * sizeof *w->route_off);
    w->succ_off = calloc(n + 1, sizeof *w->succ_off);
    w->chan_off = malloc((size_t)(g->n + 1) * sizeof *w->chan_off);
    w->chan_dst = malloc((size_t)(g->m ? g->m : 1) * sizeof *w->chan_dst);
    if (with_steps)
        w->step = malloc(n * sizeof *w->step);
    if (with_release)
        w->release = calloc(n, sizeof *w->release);
    if (!w->src || !w->dst || !w->size || !w->task || !w->stage || !w->route_off ||
        !w->succ_off || !w->chan_off || !w->chan_dst ||
        (with_steps && !w->step) || (with_release && !w->release)) {
        dn_sim_work_free(w);
        return dn_fail(err, DN_ENOMEM, "out of memory for a workload of %lld messages",
                       (long long)msgs);
    }
    /* the links' own costs, copied (the network may go first); both or
     * neither, so that the engine reads one model: a missing one is
     * bandwidth 1 or latency 0 */
    for (int k = 0; k < 2 && (g->bw || g->lat); k++) {
        const double *src = k ? g->lat : g->bw;
        double *c = malloc((size_t)(g->m ? g->m : 1) * sizeof *c);
        if (!c) {
            dn_sim_work_free(w);
            return dn_fail(err, DN_ENOMEM, "out of memory for the link costs");
        }
        for (int64_t i = 0; i < g->m; i++)
            c[i] = src ? src[i] : k ? 0.0 : 1.0;
        *(k ? &w->chan_lat : &w->chan_bw) = c;
    }
    for (int64_t u = 0; u <= g->n; u++) /* g->m < 2^31: checked above */
        w->chan_off[u] = (int32_t)g->off[u];
    memcpy(w->chan_dst, g->adj, (size_t)g->m * sizeof *w->chan_dst);
    w->route_off[0] = 0;
    return DN_OK;
}

/* Appends the channels of a processor path (reversed if asked), within
 * the hops the memory limit leaves (rb->max). */
static int add_route(dn_sim_work *w, routes *rb, const dn_csr *g, const int64_t *path,
                     int64_t hops, int reverse, dn_err *err)
{
    if (w->hops + hops > rb->max) {
        char b[32];
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                             "the routes of %lld messages have more than %lld hops: "
                             "over the memory limit (%s for them, 4 bytes a hop) or "
                             "2^31 - 1; raise the memory limit or simulate a smaller case",
                       (long long)w->msgs, (long long)rb->max,
                       dn_fmt_bytes(b, sizeof b, rb->max * 4));
    }
    if (w->hops + hops > rb->cap) {
        int64_t nc = rb->cap ? rb->cap : 1024;
        while (nc < w->hops + hops)
            nc *= 2;
        nc = nc > rb->max ? rb->max : nc;
        int32_t *r = realloc(w->route, (size_t)(nc > 0 ? nc : 1) * sizeof *r);
        if (!r)
            return dn_fail(err, DN_ENOMEM, "out of memory for %lld route hops", (long long)nc);
        w->route = r;
        rb->cap = nc;
    }
    for (int64_t i = 0; i < hops; i++) {
        int64_t a = reverse ? path[hops - i] : path[i];
        int64_t b = reverse ? path[hops - i - 1] : path[i + 1];
        int64_t c = dn_csr_arc(g, a, b);
        if (c < 0)
            return dn_fail(err, DN_EINVAL, "route hop %lld -> %lld is not a link of the network",
                           (long long)a, (long long)b);
        w->route[w->hops++] = (int32_t)c;
    }
    return DN_OK;
}

/* Dependency edges, gathered as pairs then turned into CSR. */
typedef struct deps {
    int32_t *from, *to;
    double *delay; /* NULL until a dependency has one */
    int64_t n, cap;
} deps;

static int dep_add_delay(deps *d, int64_t from, int64_t to, double delay, dn_err *err)
{
    if (d->n == d->cap) {
        int64_t nc = d->cap ? d->cap * 2 : 1024;
        int32_t *f = realloc(d->from, (size_t)nc * sizeof *f);
        if (!f)
            return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
        d->from = f;
        int32_t *t = realloc(d->to, (size_t)nc * sizeof *t);
        if (!t)
            return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
        d->to = t;
        if (d->delay) {
            double *dl = realloc(d->delay, (size_t)nc * sizeof *dl);
            if (!dl)
                return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
            d->delay = dl;
        }
        d->cap = nc;
    }
    if (delay != 0 && !d->delay) {
        if (!(d->delay = calloc((size_t)d->cap, sizeof *d->delay)))
            return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
    }
    if (d->delay)
        d->delay[d->n] = delay;
    d->from[d->n] = (int32_t)from;
    d->to[d->n++] = (int32_t)to;
    return DN_OK;
}

static int dep_add(deps *d, int64_t from, int64_t to, dn_err *err)
{
    return dep_add_delay(d, from, to, 0, err);
}

static int deps_to_csr(dn_sim_work *w, deps *d, dn_err *err)
{
    if (d->n >= INT32_MAX)
        return dn_fail(err, DN_ELIMIT, "%lld dependencies: at most 2^31 - 1", (long long)d->n);
    w->succ = malloc((size_t)(d->n ? d->n : 1) * sizeof *w->succ);
    if (!w->succ)
        return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
    for (int64_t i = 0; i < d->n; i++)
        w->succ_off[d->from[i] + 1]++;
    for (int64_t m = 0; m < w->msgs; m++)
        w->succ_off[m + 1] += w->succ_off[m];
    int32_t *fill = malloc((size_t)(w->msgs ? w->msgs : 1) * sizeof *fill);
    if (!fill)
        return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
    memcpy(fill, w->succ_off, (size_t)w->msgs * sizeof *fill);
    if (d->delay && !(w->succ_delay = malloc((size_t)(d->n ? d->n : 1) * sizeof *w->succ_delay))) {
        free(fill);
        return dn_fail(err, DN_ENOMEM, "out of memory for dependencies");
    }
    for (int64_t i = 0; i < d->n; i++) {
        if (d->delay)
            w->succ_delay[fill[d->from[i]]] = d->delay[i];
        w->succ[fill[d->from[i]]++] = d->to[i];
    }
    free(fill);
    return DN_OK;
}

int dn_sim_work_from_embed(dn_sim_work *w, dn_embed *e, const dn_sim_work_opts *o, dn_err *err)
{
    DN_NEED(err, w);
    DN_NEED(err, e);
    DN_NEED(err, o);
    const dn_tree *t = dn_embed_tree(e);
    const dn_csr *g = dn_embed_graph(e);
    int64_t T = t->nodes, E = T - 1;
    int P = dn_tree_phases(t);
    const int64_t *pre_path; /* growing approach b's preliminary move */
    const int64_t pre_hops = dn_embed_pre_route(e, NULL, &pre_path);
    int pre = pre_hops >= 0;
    int div = (o->stage & DN_STAGE_DIVIDE) != 0, comb = (o->stage & DN_STAGE_COMBINE) != 0;
    if (!div && !comb)
        return dn_fail(err, DN_EINVAL, "no stage to simulate (divide, combine or both)");
    if (!(o->alpha > 0) || o->alpha > 1e6)
        return dn_fail(err, DN_EINVAL, "alpha must be positive (e.g. 1 or 0.5), not %g", o->alpha);
    if (!(o->bytes >= 0) || isinf(o->bytes))
        return dn_fail(err, DN_EINVAL, "the problem's size in bytes must be finite and >= 0, "
                                       "not %g", o->bytes);
    /* the whole problem's size: the seeds' unit, or its bytes */
    const double whole = o->bytes > 0 ? o->bytes : 1.0;
    if (o->sizes && o->sizes_len != E)
        return dn_fail(err, DN_EINVAL, "%lld message sizes given; the tree has %lld edges",
                       (long long)o->sizes_len, (long long)E);
    int64_t per = E + pre;
    /* compute marks: one per task (divide only: every task's end) or one
     * for the root (its result is the end) */
    int64_t marks = !o->work ? 0 : comb ? 1 : T;
    int64_t msgs = (div ? per : 0) + (comb ? per : 0) + marks;
    int64_t *order = NULL, *pos = NULL; /* tasks in phase order (below) */
    routes rb;
    int rc = work_alloc(w, msgs, g, 1, o->work != NULL, o->mem_limit, &rb, err);
    if (rc)
        return rc;
    int div_steps = div ? P + pre : 0;
    w->steps = div_steps + (comb ? P + pre : 0);
    int64_t m = 0, div0 = 0, comb0 = div ? per : 0;
    deps d = {0};
    dn_router *back = NULL; /* child -> parent routes on directed networks */
    if (comb && g->directed) {
        if ((rc = dn_router_init(&back, dn_embed_net(e), g, DN_ROUTER_SHORTEST, err)))
            goto fail;
    }
    /* Messages go in phase order. dcnet's built-in trees number tasks so
     * that receive phases never decrease (task order is phase order); a
     * tree file's need not, so its tasks are sorted by phase
     * (dn_tree_phase_order): order[k] is the k-th task, pos[v] its rank. */
    if ((rc = dn_tree_phase_order(t, &order, err)))
        goto fail;
    if (order) {
        if (!(pos = malloc((size_t)T * sizeof *pos))) {
            rc = dn_fail(err, DN_ENOMEM, "out of memory ordering %lld tasks by phase",
                         (long long)T);
            goto fail;
        }
        for (int64_t k = 0; k < T; k++)
            pos[order[k]] = k;
    }
#define TASK_AT(k) (order ? order[k] : (k))
#define RANK(v) (pos ? pos[v] : (v))
    /* message index of task v's edge in each stage */
#define DIV_ID(v) (div0 + pre + RANK(v) - 1)
#define COMB_ID(v) (comb0 + (T - 1 - RANK(v)))
    if (div) {
        if (pre) {
            w->src[m] = (int32_t)pre_path[0];
            w->dst[m] = (int32_t)dn_embed_root(e);
            w->size[m] = whole;
            w->task[m] = 0;
            w->stage[m] = 0;
            w->step[m] = 0;
            if ((rc = add_route(w, &rb, g, pre_path, pre_hops, 0, err)))
                goto fail;
            w->route_off[++m] = (int32_t)w->hops; /* < 2^31: add_route */
        }
        for (int64_t k = 1; k < T; k++, m++) {
            const int64_t *path;
            int64_t v = TASK_AT(k), hops, par = dn_tree_parent(t, v);
            int ph = dn_tree_recv_phase(t, v);
            if ((rc = dn_embed_route(e, v, &path, &hops, err)))
                goto fail;
            w->src[m] = (int32_t)path[0];
            w->dst[m] = (int32_t)path[hops];
            w->size[m] = o->sizes ? o->sizes[v - 1] : pow(o->alpha, ph) * whole;
            w->task[m] = (int32_t)v; /* v < msgs < 2^31 */
            w->stage[m] = 1;
            w->step[m] = pre + ph - 1;
            if ((rc = add_route(w, &rb, g, path, hops, 0, err)))
                goto fail;
            w->route_off[m + 1] = (int32_t)w->hops;
            if (par > 0)
                rc = dep_add(&d, DIV_ID(par), m, err);
            else if (pre)
                rc = dep_add(&d, div0, m, err);
            if (rc)
                goto fail;
        }
    }
    if (comb) {
        for (int64_t k = T - 1; k >= 1; k--, m++) {
            const int64_t *path;
            int64_t v = TASK_AT(k), hops, par = dn_tree_parent(t, v);
            int ph = dn_tree_recv_phase(t, v);
            int rev = !g->directed;
            if (rev)
                rc = dn_embed_route(e, v, &path, &hops, err);
            else
                rc = dn_route(back, dn_embed_place(e, v), dn_embed_place(e, par), &path, &hops,
                              err);
            if (rc)
                goto fail;
            w->src[m] = (int32_t)(rev ? path[hops] : path[0]);
            w->dst[m] = (int32_t)(rev ? path[0] : path[hops]);
            w->size[m] = o->combine_uniform ? whole
                         : o->combine_sizes  ? o->combine_sizes[v - 1]
                         : o->sizes          ? o->sizes[v - 1]
                                             : pow(o->alpha, ph) * whole;
            w->task[m] = (int32_t)v; /* v < msgs < 2^31 */
            w->stage[m] = 2;
            w->step[m] = div_steps + P - ph;
            if ((rc = add_route(w, &rb, g, path, hops, rev, err)))
                goto fail;
            w->route_off[m + 1] = (int32_t)w->hops;
            /* v's result leaves after its data came and its work is done */
            if (div && (rc = dep_add_delay(&d, DIV_ID(v), m, o->work ? o->work[v] : 0, err)))
                goto fail;
            if (!div && o->work && w->release)
                w->release[m] = o->work[v];
            for (int64_t i = 0; i < dn_tree_num_children(t, v); i++)
                if ((rc = dep_add(&d, COMB_ID(dn_tree_child(t, v, i)), m, err)))
                    goto fail;
        }
        if (pre) { /* the final result goes back to where the problem came from */
            w->src[m] = (int32_t)dn_embed_root(e);
            w->dst[m] = (int32_t)pre_path[0];
            w->size[m] = whole;
            w->task[m] = 0;
            w->stage[m] = 0;
            w->step[m] = w->steps - 1;
            if ((rc = add_route(w, &rb, g, pre_path, pre_hops, 1, err)))
                goto fail;
            w->route_off[m + 1] = (int32_t)w->hops;
            for (int64_t i = 0; i < dn_tree_num_children(t, 0); i++)
                if ((rc = dep_add(&d, COMB_ID(dn_tree_child(t, 0, i)), m, err)))
                    goto fail;
            m++;
        }
    }
    /* compute marks: zero hops at the task's processor, delivered when its
     * work is done (the root's starts at 0) */
    for (int64_t k = 0; k < marks; k++, m++) {
        int64_t v = comb ? 0 : k;
        int32_t at = (int32_t)dn_embed_place(e, v);
        w->src[m] = w->dst[m] = at;
        w->size[m] = 0;
        w->task[m] = (int32_t)v; /* v < msgs < 2^31 */
        w->stage[m] = 4;
        w->step[m] = w->steps > 0 ? w->steps - 1 : 0;
        w->route_off[m + 1] = (int32_t)w->hops;
        w->release[m] = v == 0 ? o->work[0] : 0;
        if (v > 0 && div)
            rc = dep_add_delay(&d, DIV_ID(v), m, o->work[v], err);
        for (int64_t i = 0; !rc && comb && i < dn_tree_num_children(t, 0); i++)
            rc = dep_add(&d, COMB_ID(dn_tree_child(t, 0, i)), m, err);
        if (rc)
            goto fail;
    }
    w->computes = marks;
#undef DIV_ID
#undef COMB_ID
#undef TASK_AT
#undef RANK
    rc = deps_to_csr(w, &d, err);
fail:
    free(order);
    free(pos);
    free(d.delay);
    free(d.from);
    free(d.to);
    dn_router_free(back);
    if (rc)
        dn_sim_work_free(w);
    return rc;
}

/* ---------------------------------------------------------------- traces */

void dn_trace_free(dn_trace *tr)
{
    if (!tr)
        return;
    free(tr->src);
    free(tr->dst);
    free(tr->size);
    free(tr->release);
    memset(tr, 0, sizeof *tr);
}

static int trace_grow(dn_trace *tr, int64_t *cap, dn_err *err)
{
    int64_t nc = *cap ? *cap * 2 : 256;
    int64_t *s = realloc(tr->src, (size_t)nc * sizeof *s);
    if (s)
        tr->src = s;
    int64_t *d = realloc(tr->dst, (size_t)nc * sizeof *d);
    if (d)
        tr->dst = d;
    double *z = realloc(tr->size, (size_t)nc * sizeof *z);
    if (z)
        tr->size = z;
    double *r = realloc(tr->release, (size_t)nc * sizeof *r);
    if (r)
        tr->release = r;
    if (!s || !d || !z || !r)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld trace messages", (long long)nc);
    *cap = nc;
    return DN_OK;
}

/* One trace line (NUL-terminated, comment already cut) into message
 * tr->n; blank lines are skipped. Errors name path:line. A quantity with a
 * unit meets the unit rule (dn_sim_unit_check). */
static int trace_line(char *line, const char *path, int64_t lineno, const dn_net *net,
                      dn_trace *tr, int64_t *cap, dn_err *err)
{
    char *tok[5];
    int nt = 0;
    char *save = NULL; /* whitespace only: labels such as "row,col" hold commas */
    for (char *s = strtok_r(line, " \t\v\f", &save); s; s = strtok_r(NULL, " \t\v\f", &save))
        tok[nt < 5 ? nt : 4] = s, nt++;
    if (nt == 0)
        return DN_OK;
    if (nt < 3 || nt > 4)
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected 'src dst size [release]', found %d "
                                       "fields", path, (long long)lineno, nt);
    int rc;
    if (tr->n == *cap && (rc = trace_grow(tr, cap, err)))
        return rc;
    int64_t i = tr->n;
    dn_err e2;
    int size_unit = 0, release_unit = 0;
    tr->release[i] = 0;
    if (dn_net_parse_node(net, tok[0], &tr->src[i], &e2) ||
        dn_net_parse_node(net, tok[1], &tr->dst[i], &e2) ||
        dn_parse_quantity(tok[2], DN_Q_SIZE, 0, 1e300, "size", &tr->size[i], &size_unit, &e2) ||
        (nt == 4 && dn_parse_quantity(tok[3], DN_Q_TIME, 0, 1e300, "release time",
                                      &tr->release[i], &release_unit, &e2)))
        return dn_fail(err, DN_EINVAL, "%s:%lld: %s", path, (long long)lineno, e2.msg);
    if (size_unit || release_unit) { /* the unit rule: seconds and bytes need link costs */
        char subject[200];
        snprintf(subject, sizeof subject, "%s:%lld: '%.40s' has a unit", path, (long long)lineno,
                 size_unit ? tok[2] : tok[3]);
        if ((rc = dn_sim_unit_check(net, subject, err)))
            return rc;
    }
    for (int k = 0; k < 2; k++) /* a switch routes and runs no task: it sends nothing */
        if ((k ? tr->dst[i] : tr->src[i]) >= net->procs)
            return dn_fail(err, DN_EINVAL, "%s:%lld: node '%s' is a switch, not a processor, "
                                           "of %s; its processors are 0 .. %lld",
                           path, (long long)lineno, tok[k], net->spec,
                           (long long)(net->procs - 1));
    tr->n++;
    return DN_OK;
}

int dn_sim_unit_check(const dn_net *net, const char *subject, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, subject);
    if (dn_net_has_link_costs(net))
        return DN_OK;
    return dn_fail(err, DN_EINVAL, "%s, but %s has no link costs, so its times and sizes are in "
                                   "the seeds' units of t_s and t_e (a unit would be read as a "
                                   "count of them): give plain numbers, or give its links costs "
                                   "(SPEC@bw=..,lat=.. or a graph file's costs=1) to work in "
                                   "seconds and bytes",
                   subject ? subject : "a value has a unit", net->spec);
}

int dn_trace_read(const char *path, const dn_net *net, int64_t mem_limit, dn_trace *tr,
                  dn_err *err)
{
    DN_NEED(err, path);
    DN_NEED(err, net);
    DN_NEED(err, tr);
    memset(tr, 0, sizeof *tr);
    if (mem_limit <= 0)
        mem_limit = DN_SIM_DEFAULT_MEM;
    char *buf = NULL;
    size_t len = 0;
    /* whole first (within mem_limit), to count the lines before parsing */
    int rc = dn_read_text(path, "trace file", mem_limit, 1, &buf, &len, err);
    if (rc)
        return rc;
    const char *name = strcmp(path, "-") == 0 ? "standard input" : path;
    /* up front: a message per line, DN_TRACE_LINE_BYTES each beside the text */
    int64_t lines = 1;
    for (const char *p = buf; (p = memchr(p, '\n', len - (size_t)(p - buf))); p++)
        lines++;
    double need = (double)len + (double)lines * DN_TRACE_LINE_BYTES;
    if (need > (double)mem_limit) {
        char a[32], b[32];
        free(buf);
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                             "trace file '%s' (%lld lines) needs about %s to read, "
                             "over the memory limit of %s (raise it)",

                       name, (long long)lines, dn_fmt_bytes(a, sizeof a, (int64_t)need),
                       dn_fmt_bytes(b, sizeof b, mem_limit));
    }
    /* then by lines through the one line reader (issue 37 item 2: cutting
     * lines here at "#\r" read "0 1 5\r1 0 7" as one message): the byte
     * order mark, CRLF and a bare CR were settled by dn_read_text */
    dn_input in;
    dn_input_mem(&in, buf, len, name, "trace file", 0);
    int64_t cap = 0;
    for (;;) {
        char *line;
        size_t n;
        if ((rc = dn_input_line(&in, &line, &n, err)) || !line)
            break;
        line[strcspn(line, "#")] = '\0';
        if ((rc = trace_line(line, name, dn_input_lineno(&in), net, tr, &cap, err)))
            break;
    }
    dn_input_close(&in);
    if (!rc && tr->n == 0)
        rc = dn_fail(err, DN_EINVAL, "trace file '%s' has no messages (lines 'src dst size "
                                     "[release]')", name);
    free(buf);
    if (rc)
        dn_trace_free(tr);
    return rc;
}

int dn_sim_work_from_trace(dn_sim_work *w, const dn_csr *g, dn_router *r, const dn_trace *tr,
                       int64_t mem_limit, dn_err *err)
{
    DN_NEED(err, w);
    DN_NEED(err, g);
    DN_NEED(err, r);
    DN_NEED(err, tr);
    routes rb;
    int rc = work_alloc(w, tr->n, g, 0, 1, mem_limit, &rb, err);
    if (rc)
        return rc;
    for (int64_t m = 0; m < tr->n; m++) {
        const int64_t *path;
        int64_t hops;
        if ((rc = dn_route(r, tr->src[m], tr->dst[m], &path, &hops, err)))
            break;
        w->src[m] = (int32_t)tr->src[m];
        w->dst[m] = (int32_t)tr->dst[m];
        w->size[m] = tr->size[m];
        w->release[m] = tr->release[m];
        w->task[m] = -1;
        w->stage[m] = 3;
        if ((rc = add_route(w, &rb, g, path, hops, 0, err)))
            break;
        w->route_off[m + 1] = (int32_t)w->hops;
    }
    if (!rc) {
        deps d = {0};
        rc = deps_to_csr(w, &d, err);
    }
    if (rc)
        dn_sim_work_free(w);
    return rc;
}
