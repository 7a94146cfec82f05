/*
 * refine.c - local search on a placement (issue 31, item 5; Schulz &
 * Traeff's QAP moves with threshold accepting, Dueck & Scheuer 1990).
 *
 * State: the placement e->place (explicit: a closed form is materialised
 * first), per-processor loads and task lists (doubly linked, so a swap
 * partner on a full processor is found in O(slots)), and the figures of
 * the objective kept up to date move by move:
 *  - hops (dilation.total) and hop-bytes (sum W(v) |route(v)|): a move
 *    re-routes only the moved tasks' incident edges, O(degree) routes;
 *  - for conflicts and congestion also counters per (link, phase) and per
 *    link, and histograms of both, so that sum c(c-1)/2, the most
 *    messages of one phase on one link (max_link_load) and the most over
 *    the run (congestion) follow each +1/-1 in O(1): time proportional to
 *    the hops of the changed routes. Links are undirected unless the
 *    network is directed, and a route occupies a link once (as
 *    src/metric/metric.c counts in its default PHASE mode).
 * A move: task a, a target processor q (half the time uniform over the
 * allocation, half a short random walk from a tree neighbour's
 * processor; opts.refine_near sixteenths of the moves instead of half,
 * 12 in --map best's search from hier, issue 39); a goes to q when q has
 * a free slot (dn_embed_cap minus its
 * load), else a swaps with a random task on q. The move is applied,
 * evaluated, and undone unless accepted: accepted when the objective's
 * key is not worse lexicographically, or its first figure worsens by at
 * most the threshold, which falls linearly from thr0 (1; the average
 * weight for hop-bytes) to 0 at 80% of the budget (pure descent after). The best placement seen is kept (a list
 * of the tasks that moved since it) and returned, so the objective never
 * gets worse. Everything draws from one dn_rng stream of opts.seed and
 * the budget counts moves tried, so a run repeats exactly; a cutoff
 * (opts.search_seconds, of the thread's CPU time, read every 256 moves)
 * may stop it first, and says so (refine.stopped). A move that
 * leaves a tree edge without a route (a network that is not strongly
 * connected) is undone and counted (refine.infeasible), never fatal.
 *
 * Descent (opts.refine_descent, --map best's polish): a move is kept only
 * when no figure best ranks by gets worse (conflicts, max link load,
 * congestion, hops with the intra-node cost, hop-bytes); the counters run
 * whatever the objective.
 *
 * Keys (lexicographic, docs/placement.md):
 *   dilation    (hops, hop-bytes)
 *   hop-bytes   (hop-bytes, hops)
 *   conflicts   (conflicts, max_link_load, hop-bytes)
 *   congestion  (congestion, conflicts, hop-bytes)
 *   time        (time, conflicts, hop-bytes)
 *
 * Objective time (the simulated run) has no incremental form: every move
 * is applied, the caller's opts.time_fn re-simulates the whole placement
 * (the simulator sits above this module), and an undone move restores the
 * time it had. The counters run as for conflicts, for the tie-breakers.
 * Its threshold starts at 1% of the mapping's time (a time has no natural
 * unit here); a deadlocked run is +infinity and never accepted over a
 * finite one. Trees of at most DN_REFINE_TIME_MAX_TASKS tasks.
 */
#include "../embed/embed_impl.h"
#include "../base/names_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CPU seconds of the calling thread: the cutoff counts the search's own
 * time, so a machine shared with other work does not cut it shorter
 * (issue 39: the same seed, the same placement, unless the search itself
 * is slow) */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *const objective_names[] = {[DN_OBJECTIVE_DILATION] = "dilation",
                                              [DN_OBJECTIVE_HOP_BYTES] = "hop-bytes",
                                              [DN_OBJECTIVE_CONFLICTS] = "conflicts",
                                              [DN_OBJECTIVE_CONGESTION] = "congestion",
                                              [DN_OBJECTIVE_TIME] = "time"};
DN_NAMES_DEFINE(objective, objective_names)

typedef struct rstate {
    dn_embed *e;
    const dn_tree *t;
    int64_t T, P;
    dn_objective obj;
    int counted;         /* keep the link counters (conflicts, congestion) */
    int32_t *load, *head, *nxt, *prv; /* per processor: load, first task; per task: list */
    int phases;
    int64_t links;
    int32_t *pl, *tot;   /* per (link, phase), per link */
    int64_t *hpl, *htot; /* histograms of pl[] and tot[] (T + 2 entries) */
    int64_t *stamp, stampc; /* per link: last route that used it */
    dn_refine_fig cur;
} rstate;

static void rs_free(rstate *s)
{
    free(s->load);
    free(s->head);
    free(s->nxt);
    free(s->prv);
    free(s->pl);
    free(s->tot);
    free(s->hpl);
    free(s->htot);
    free(s->stamp);
}

static void list_add(rstate *s, int64_t v, int64_t p)
{
    s->prv[v] = -1;
    s->nxt[v] = s->head[p];
    if (s->head[p] >= 0)
        s->prv[s->head[p]] = (int32_t)v;
    s->head[p] = (int32_t)v;
    s->load[p]++;
}

static void list_del(rstate *s, int64_t v, int64_t p)
{
    if (s->prv[v] >= 0)
        s->nxt[s->prv[v]] = s->nxt[v];
    else
        s->head[p] = s->nxt[v];
    if (s->nxt[v] >= 0)
        s->prv[s->nxt[v]] = s->prv[v];
    s->load[p]--;
}

/* One count c -> c + d (d = +-1) in a counter array with its histogram
 * and running maximum; returns the change of sum c(c-1)/2. */
static int64_t bump(int32_t *cnt, int64_t *hist, int64_t *max, int64_t k, int d)
{
    int64_t c = cnt[k];
    hist[c]--;
    cnt[k] = (int32_t)(c + d);
    hist[c + d]++;
    if (d > 0) {
        if (c + 1 > *max)
            *max = c + 1;
        return c;
    }
    if (c == *max && hist[c] == 0)
        (*max)--;
    return -(c - 1);
}

/* Adds (d = +1) or removes (d = -1) edge parent(v) -> v under the current
 * placement. O(route). */
static int edge_upd(rstate *s, int64_t v, int d, dn_err *err)
{
    const int64_t *path;
    int64_t hops;
    int rc = dn_embed_route(s->e, v, &path, &hops, err);
    if (rc)
        return rc;
    s->cur.hops += d * hops;
    s->cur.colocated += d * (hops == 0);
    s->cur.hop_bytes += d * dn_embed_weight(s->e, v) * (hops ? (double)hops : s->e->intra_cost);
    if (!s->counted || hops == 0)
        return DN_OK;
    const dn_csr *g = &s->e->g;
    const int64_t ph = dn_tree_recv_phase(s->t, v);
    s->stampc++;
    for (int64_t h = 0; h < hops; h++) {
        int64_t a = path[h], b = path[h + 1];
        if (!g->directed && a > b) {
            int64_t x = a;
            a = b;
            b = x;
        }
        int64_t l = dn_csr_arc(g, a, b);
        if (l < 0)
            return dn_fail(err, DN_EINVAL, "refine: the route of task %lld leaves the network "
                           "at %lld -> %lld", (long long)v, (long long)a, (long long)b);
        if (s->stamp[l] == s->stampc)
            continue; /* a walk using a link twice occupies it once */
        s->stamp[l] = s->stampc;
        s->cur.conflicts += bump(s->pl, s->hpl, &s->cur.max_link_load,
                                 l * (s->phases + 1) + ph, d);
        (void)bump(s->tot, s->htot, &s->cur.congestion, l, d);
    }
    return DN_OK;
}

static int eq_dbl(double a, double b)
{
    if (a == b)
        return 1; /* also two infinities (deadlocked runs) */
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= 1e-9 * (m > 1 ? m : 1);
}

/* The objective's key (docs/placement.md). */
static int key_of(dn_objective o, double intra, const dn_refine_fig *f, double k[3])
{
    /* dilation: network hops plus the intra-node cost of co-located edges */
    const double dil = (double)f->hops + intra * (double)f->colocated;
    switch (o) {
    case DN_OBJECTIVE_DILATION: k[0] = dil; k[1] = f->hop_bytes; return 2;
    case DN_OBJECTIVE_HOP_BYTES: k[0] = f->hop_bytes; k[1] = dil; return 2;
    case DN_OBJECTIVE_CONFLICTS:
        k[0] = (double)f->conflicts;
        k[1] = (double)f->max_link_load;
        k[2] = f->hop_bytes;
        return 3;
    case DN_OBJECTIVE_CONGESTION:
        k[0] = (double)f->congestion;
        k[1] = (double)f->conflicts;
        k[2] = f->hop_bytes;
        return 3;
    case DN_OBJECTIVE_TIME:
        k[0] = f->time;
        k[1] = (double)f->conflicts;
        k[2] = f->hop_bytes;
        return 3;
    }
    return 0;
}

int dn_refine_cmp(dn_objective o, double intra, const dn_refine_fig *a, const dn_refine_fig *b)
{
    double ka[3], kb[3];
    int n = key_of(o, intra, a, ka);
    (void)key_of(o, intra, b, kb);
    for (int i = 0; i < n; i++)
        if (!eq_dbl(ka[i], kb[i]))
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* Every counter from scratch under the current placement. O(T + hops). */
static int rs_full(rstate *s, dn_err *err)
{
    memset(&s->cur, 0, sizeof s->cur);
    if (s->counted) {
        memset(s->pl, 0, (size_t)(s->links * (s->phases + 1)) * sizeof *s->pl);
        memset(s->tot, 0, (size_t)s->links * sizeof *s->tot);
        memset(s->hpl, 0, (size_t)(s->T + 2) * sizeof *s->hpl);
        memset(s->htot, 0, (size_t)(s->T + 2) * sizeof *s->htot);
        s->hpl[0] = s->links * (s->phases + 1);
        s->htot[0] = s->links;
    }
    for (int64_t v = 1; v < s->T; v++) {
        int rc = edge_upd(s, v, +1, err);
        if (rc)
            return rc;
    }
    return DN_OK;
}

static int rs_init(rstate *s, dn_embed *e, dn_objective obj, dn_err *err)
{
    memset(s, 0, sizeof *s);
    s->e = e;
    s->t = e->tree;
    s->T = e->tree->nodes;
    s->P = dn_net_processors(e->net);
    s->obj = obj;
    s->counted = obj == DN_OBJECTIVE_CONFLICTS || obj == DN_OBJECTIVE_CONGESTION ||
                 obj == DN_OBJECTIVE_TIME || e->refine.descent;
    s->load = calloc((size_t)s->P, sizeof *s->load);
    s->head = malloc((size_t)s->P * sizeof *s->head);
    s->nxt = malloc((size_t)s->T * sizeof *s->nxt);
    s->prv = malloc((size_t)s->T * sizeof *s->prv);
    if (!s->load || !s->head || !s->nxt || !s->prv)
        return dn_fail(err, DN_ENOMEM, "out of memory for refinement");
    for (int64_t p = 0; p < s->P; p++)
        s->head[p] = -1;
    for (int64_t v = s->T - 1; v >= 0; v--)
        list_add(s, v, e->place[v]);
    if (s->counted) {
        s->phases = dn_tree_phases(s->t);
        s->links = e->g.m;
        /* one counter per (link, phase): refused over the memory limit */
        int64_t cells, bytes;
        if (dn_mul_ovf(s->links, (int64_t)s->phases + 1, &cells) ||
            dn_mul_ovf(cells, (int64_t)sizeof(int32_t), &bytes) || bytes > e->mem_limit)
            return dn_fail_param(err, DN_ELIMIT, "objective mem_limit",
                                 "refinement by %s keeps a counter per link and phase, %lld "
                                 "links x %d phases, over the memory limit",
                                 dn_objective_name(obj), (long long)s->links, s->phases + 1);
        s->pl = malloc((size_t)cells * sizeof *s->pl);
        s->tot = malloc((size_t)s->links * sizeof *s->tot);
        s->hpl = malloc((size_t)(s->T + 2) * sizeof *s->hpl);
        s->htot = malloc((size_t)(s->T + 2) * sizeof *s->htot);
        s->stamp = calloc((size_t)s->links, sizeof *s->stamp);
        if (!s->pl || !s->tot || !s->hpl || !s->htot || !s->stamp)
            return dn_fail(err, DN_ENOMEM, "out of memory for refinement's link counters");
    }
    return rs_full(s, err);
}

/* The edges (child ids) incident to tasks a and b (b < 0: a alone), each
 * once. */
static int64_t affected(const rstate *s, int64_t a, int64_t b, int64_t *out)
{
    int64_t n = 0;
    const int64_t who[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        int64_t x = who[i];
        if (x < 0)
            continue;
        if (x > 0 && !(i == 1 && dn_tree_parent(s->t, x) == a))
            out[n++] = x; /* parent(x) -> x, unless a's child edge below */
        int64_t c = dn_tree_num_children(s->t, x);
        for (int64_t j = 0; j < c; j++) {
            int64_t y = dn_tree_child(s->t, x, j);
            if (i == 1 && y == a)
                continue; /* edge b -> a is a's own, listed already */
            out[n++] = y;
        }
    }
    return n;
}

static void put_task(rstate *s, int64_t v, int64_t p)
{
    list_del(s, v, s->e->place[v]);
    s->e->place[v] = (int32_t)p;
    list_add(s, v, p);
}

/* Task a to processor pa, b (if >= 0) to pb, with the counters of the
 * edges ed[0 .. n) moved along. A move that leaves an edge without a
 * route (DN_ENOTFOUND: a network that is not strongly connected, issue
 * 37 item 9) is infeasible, not fatal: it is undone in full, *infeasible
 * is set and DN_OK returned, so the placement stays the valid one it was.
 * A route fails before edge_upd touches a counter, so the edges added
 * before it are the only ones to take back. */
static int relocate(rstate *s, const int64_t *ed, int64_t n, int64_t a, int64_t pa, int64_t b,
                    int64_t pb, int *infeasible, dn_err *err)
{
    int rc;
    const int64_t oa = s->e->place[a], ob = b >= 0 ? s->e->place[b] : -1;
    *infeasible = 0;
    for (int64_t i = 0; i < n; i++)
        if ((rc = edge_upd(s, ed[i], -1, err)))
            return rc;
    put_task(s, a, pa);
    if (b >= 0)
        put_task(s, b, pb);
    for (int64_t i = 0; i < n; i++) {
        if ((rc = edge_upd(s, ed[i], +1, err)) != DN_ENOTFOUND) {
            if (rc)
                return rc;
            continue;
        }
        *infeasible = 1; /* take back edges 0 .. i-1, then the move itself */
        for (int64_t j = 0; j < i; j++)
            if ((rc = edge_upd(s, ed[j], -1, err)))
                return rc;
        put_task(s, a, oa);
        if (b >= 0)
            put_task(s, b, ob);
        for (int64_t j = 0; j < n; j++)
            if ((rc = edge_upd(s, ed[j], +1, err)))
                return rc;
        return DN_OK;
    }
    return DN_OK;
}

/* A target processor near a tree neighbour of a: a random walk of 1 .. 4
 * steps from its processor, continued up to 8 steps more until it stands
 * on a processor; the neighbour's own processor if it never does. */
static int64_t near_target(const rstate *s, dn_rng *rng, int64_t a)
{
    const dn_csr *g = &s->e->g;
    int64_t nch = dn_tree_num_children(s->t, a), deg = nch + (a > 0);
    if (deg == 0)
        return -1;
    int64_t i = (int64_t)dn_rng_below(rng, (uint64_t)deg);
    int64_t u = i < nch ? dn_tree_child(s->t, a, i) : dn_tree_parent(s->t, a);
    int64_t x = s->e->place[u];
    int64_t steps = 1 + (int64_t)dn_rng_below(rng, 4);
    for (int64_t k = 0; k < steps + 8; k++) {
        if (k >= steps && x < s->P)
            break;
        int64_t d = g->off[x + 1] - g->off[x];
        if (d == 0)
            break;
        x = g->adj[g->off[x] + (int64_t)dn_rng_below(rng, (uint64_t)d)];
    }
    return x < s->P ? x : s->e->place[u];
}

int dn_embed_refine(dn_embed *e, const dn_embed_opts *o, int check, dn_err *err)
{
    const int64_t T = e->tree->nodes;
    int rc = DN_OK;
    int32_t *best = NULL, *mark = NULL;
    int64_t *journal = NULL, *ed = NULL, nj = 0;
    rstate s;
    memset(&s, 0, sizeof s);
    if ((int)o->objective < DN_OBJECTIVE_DILATION || (int)o->objective > DN_OBJECTIVE_TIME)
        return dn_fail_param(err, DN_EINVAL, "objective",
                             "objective %d is not a dn_objective value", (int)o->objective);
    const int timed = o->objective == DN_OBJECTIVE_TIME;
    if (timed && !o->time_fn)
        return dn_fail_param(err, DN_EINVAL, "objective",
                             "objective time needs a simulator to time each placement "
                             "(opts.time_fn; dn_sim_objective_time of sim.h is one)");
    if (timed && T > DN_REFINE_TIME_MAX_TASKS)
        return dn_fail_param(err, DN_ELIMIT, "objective",
                             "objective time re-simulates the whole run at every move: trees of "
                             "at most %d tasks (this one has %lld); objective conflicts counts "
                             "the contention incrementally",
                             DN_REFINE_TIME_MAX_TASKS, (long long)T);
    if (o->refine_moves < 0)
        return dn_fail_param(err, DN_EINVAL, "refine", "refine %lld moves: a budget is >= 0",
                             (long long)o->refine_moves);
    if (o->refine_near < 0 || o->refine_near > 16)
        return dn_fail_param(err, DN_EINVAL, "refine", /* no option of its own: best sets it */
                             "refine_near %d: the share of targets drawn near is 0 .. 16 "
                             "sixteenths (0: the default, 8)", o->refine_near);
    if (!e->router)
        return dn_fail_param(err, DN_EINVAL, "refine routes",
                             "refinement moves tasks off the mapping's own map-edge (%s's): "
                             "route by the network (routes shortest)", e->map);
    /* an explicit placement, indexed by task (the closed forms' and B(n)
     * renaming's arithmetic no longer applies once a task moves) */
    int32_t *pl = malloc((size_t)(T > 0 ? T : 1) * sizeof *pl);
    if (!pl)
        return dn_fail(err, DN_ENOMEM, "out of memory for the placement of %lld tasks",
                       (long long)T);
    for (int64_t v = 0; v < T; v++)
        pl[v] = (int32_t)dn_embed_place(e, v);
    free(e->place);
    e->place = pl;
    e->iso = 0;
    e->refined = 1;
    e->refine.objective = o->objective;
    e->refine.budget = o->refine_moves;
    e->refine.descent = o->refine_descent != 0;
    if ((rc = rs_init(&s, e, o->objective, err)))
        goto done;
    if (timed && (rc = o->time_fn(o->time_ctx, e, &s.cur.time, err)))
        goto done;
    e->refine.before = s.cur;
    int64_t maxdeg = 0;
    for (int64_t v = 0; v < T; v++) {
        int64_t c = dn_tree_num_children(e->tree, v);
        if (c > maxdeg)
            maxdeg = c;
    }
    best = malloc((size_t)T * sizeof *best);
    mark = calloc((size_t)T, sizeof *mark);
    journal = malloc((size_t)T * sizeof *journal);
    ed = malloc((size_t)(2 * maxdeg + 2) * sizeof *ed);
    if (!best || !mark || !journal || !ed) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for refinement");
        goto done;
    }
    memcpy(best, e->place, (size_t)T * sizeof *best);
    dn_refine_fig bestf = s.cur;
    double thr0 = 1; /* measured: 2, 4 and 8 did no better (docs/placement.md) */
    if (o->objective == DN_OBJECTIVE_HOP_BYTES) {
        double w = 0;
        for (int64_t v = 1; v < T; v++)
            w += dn_embed_weight(e, v);
        thr0 = T > 1 ? w / (double)(T - 1) : 0;
    }
    if (timed)
        thr0 = isfinite(s.cur.time) ? 0.01 * s.cur.time : 0;
    const int fixed_root = o->root >= 0;
    dn_rng rng;
    dn_rng_stream(&rng, o->seed, 0x7265666eULL); /* "refn": apart from the mapping's draws */
    const int64_t budget = T > 1 ? o->refine_moves : 0;
    /* the cutoff: read every 256 moves (a clock read costs about as much
     * as a move), so a run that ends by its moves repeats exactly */
    const double cutoff = o->search_seconds > 0 ? o->search_seconds : INFINITY;
    const double t0 = now_s();
    const uint64_t near = o->refine_near > 0 ? (uint64_t)o->refine_near : 8;
    e->refine.cutoff = cutoff;
    for (int64_t i = 0; i < budget; i++) {
        if ((i & 255) == 0 && i > 0 && o->stop && *o->stop) {
            rc = dn_fail(err, DN_ELIMIT, "stopped by the caller");
            goto done;
        }
        if ((i & 255) == 0 && i > 0 && isfinite(cutoff) && now_s() - t0 >= cutoff) {
            e->refine.stopped = 1;
            break;
        }
        e->refine.tried++;
        int64_t a = (int64_t)dn_rng_below(&rng, (uint64_t)T);
        if (fixed_root && a == 0)
            continue;
        int64_t pa = e->place[a], q = -1;
        if (near == 8 ? dn_rng_below(&rng, 2) != 0 : dn_rng_below(&rng, 16) < near)
            q = near_target(&s, &rng, a);
        if (q < 0 || dn_embed_cap(e, q) == 0)
            q = dn_embed_alloc_at(e, (int64_t)dn_rng_below(&rng, (uint64_t)e->alloc_n));
        if (q == pa)
            continue;
        int64_t b = -1;
        if (s.load[q] >= dn_embed_cap(e, q)) {
            int64_t k = (int64_t)dn_rng_below(&rng, (uint64_t)s.load[q]);
            for (b = s.head[q]; k > 0; k--)
                b = s.nxt[b];
            if (fixed_root && b == 0)
                continue;
        }
        int64_t n = affected(&s, a, b, ed);
        dn_refine_fig old = s.cur;
        int infeasible;
        if ((rc = relocate(&s, ed, n, a, q, b, pa, &infeasible, err)))
            goto done;
        if (infeasible) { /* undone already: the placement is as before */
            e->refine.infeasible++;
            s.cur.time = old.time;
            continue;
        }
        if (timed && (rc = o->time_fn(o->time_ctx, e, &s.cur.time, err)))
            goto done;
        double thr = thr0 * (1 - 1.25 * (double)i / (double)budget);
        int c = dn_refine_cmp(o->objective, e->intra_cost, &s.cur, &old);
        double kn[3], ko[3];
        (void)key_of(o->objective, e->intra_cost, &s.cur, kn);
        (void)key_of(o->objective, e->intra_cost, &old, ko);
        int accept = c <= 0 || (thr > 0 && kn[0] - ko[0] <= thr);
        if (e->refine.descent) /* worse in nothing best ranks by */
            accept = c <= 0 && s.cur.conflicts <= old.conflicts &&
                     s.cur.max_link_load <= old.max_link_load &&
                     s.cur.congestion <= old.congestion &&
                     (double)s.cur.hops + e->intra_cost * (double)s.cur.colocated <=
                         (double)old.hops + e->intra_cost * (double)old.colocated &&
                     s.cur.hop_bytes <= old.hop_bytes;
        if (accept) {
            e->refine.accepted++;
            for (int j = 0; j < 2; j++) {
                int64_t x = j ? b : a;
                if (x >= 0 && !mark[x]) {
                    mark[x] = 1;
                    journal[nj++] = x;
                }
            }
            if (dn_refine_cmp(o->objective, e->intra_cost, &s.cur, &bestf) < 0) {
                bestf = s.cur;
                for (int64_t j = 0; j < nj; j++) {
                    best[journal[j]] = e->place[journal[j]];
                    mark[journal[j]] = 0;
                }
                nj = 0;
                e->refine.improved++;
            }
        } else if ((rc = relocate(&s, ed, n, a, pa, b, q, &infeasible, err))) {
            goto done; /* back where it was: its routes exist */
        } else {
            s.cur.time = old.time; /* the placement it was timed at */
        }
        if (check && (rc = dn_refine_check(e, &s.cur, err)))
            goto done;
    }
    e->refine.seconds = now_s() - t0;
    /* back to the best placement seen, its figures recomputed in full */
    for (int64_t j = 0; j < nj; j++)
        e->place[journal[j]] = best[journal[j]];
    if ((rc = rs_full(&s, err)))
        goto done;
    if (timed && (rc = o->time_fn(o->time_ctx, e, &s.cur.time, err)))
        goto done;
    e->refine.after = s.cur;
done:
    rs_free(&s);
    free(best);
    free(mark);
    free(journal);
    free(ed);
    return rc;
}

int dn_refine_check(dn_embed *e, const dn_refine_fig *inc, dn_err *err)
{
    rstate s;
    int rc = rs_init(&s, e, DN_OBJECTIVE_CONGESTION, err); /* every counter */
    if (!rc) {
        const int hb = eq_dbl(s.cur.hop_bytes, inc->hop_bytes);
        if (s.cur.hops != inc->hops || s.cur.colocated != inc->colocated || !hb)
            rc = dn_fail(err, DN_EINVAL, "refine check: hops %lld hop-bytes %.17g incrementally, "
                         "%lld %.17g in full", (long long)inc->hops, inc->hop_bytes,
                         (long long)s.cur.hops, s.cur.hop_bytes);
        else if (e->refine.objective >= DN_OBJECTIVE_CONFLICTS &&
                 (s.cur.conflicts != inc->conflicts || s.cur.max_link_load != inc->max_link_load ||
                  s.cur.congestion != inc->congestion))
            rc = dn_fail(err, DN_EINVAL, "refine check: conflicts %lld, max link load %lld, "
                         "congestion %lld incrementally; %lld, %lld, %lld in full",
                         (long long)inc->conflicts, (long long)inc->max_link_load,
                         (long long)inc->congestion, (long long)s.cur.conflicts,
                         (long long)s.cur.max_link_load, (long long)s.cur.congestion);
    }
    rs_free(&s);
    return rc;
}

int dn_embed_refine_stats(const dn_embed *e, dn_refine_stats *out)
{
    if (!e->refined)
        return 0;
    *out = e->refine;
    return 1;
}
