/*
 * map_exact.c - the mapping exact (its descriptor, the root positions
 * worth trying and the call, at the end) and its search: seed 000's open
 * question (end of section 6: "The study of the optimality of the maximum
 * dilation for a mapping from a binomial tree to a same size binary de
 * Bruijn network remains open"), answered for small
 * n by exhaustive search: the least maximum dilation of any one-to-one
 * placement of a tree on an undirected network, dilation counted on
 * shortest paths (the distance, as section 6's bound counts it).
 *
 * The search asks, for d = L, L+1, ...: is there a placement with every
 * tree edge's endpoints at distance <= d? The first d that has one is the
 * optimum, proven when every smaller d was refuted in full. L is the shell
 * bound of section 6 (dn_lower_bound_task_dilation: a task's tree
 * neighbours need that many processors around its own). One decision:
 *  1. a counting test: the tasks of tree degree >= k need distinct
 *     processors with at least k others within d (ball sizes, sorted);
 *  2. depth-first branch and bound over the tasks that have children; a
 *     task is placed after its parent, on a free processor within d of
 *     the parent's;
 *  3. the frontier (unplaced tasks whose parent is placed) is kept matched,
 *     each task to its own free processor within d of its parent's
 *     (bipartite matching, repaired by augmenting paths after each move):
 *     when no matching exists, Hall's condition fails and the branch is
 *     cut. This subsumes counting room around each task, and it places
 *     the leaves: once every task with children is placed, the matching
 *     is the rest of a placement, so leaves are never branched on;
 *  4. the next task is the frontier task with children whose parent has
 *     the fewest free processors within d (then the most children); its
 *     matched processor is tried first;
 *  5. symmetry: the root tries one processor per orbit of the network's
 *     automorphisms, listed by the caller (BDG(n): complement and
 *     reversal), or the one --root gives.
 * Every search node counts against a per-decision limit; a decision cut
 * off by it is reported as undecided, never as refuted, and the search
 * goes on to d + 1 for a placement (on a connected network d at the
 * diameter needs no search: every placement is within it), so the result is a witness, the largest refuted d and whether they meet.
 * The witness's figure (out->best) is its own maximum dilation, measured
 * on the distances, not the d it was accepted at (issue 37 item 6: with a
 * node limit of 1 on mesh:4x4 B(4) the diameter's placement has 4, not 6).
 * A time budget (dn_exact_search_budget) bounds the whole search too: the
 * clock is read every 256 nodes; once it has run out the decision running
 * is undecided and the next d takes the first placement unsearched (on a
 * connected network), and out->stopped says DN_EXACT_STOP_TIME, because
 * such a result depends on the machine, unlike one cut by nodes alone.
 * Memory: 2 N^2 bytes of distances (N <= DN_EXACT_MAX_N), the balls, O(N)
 * per task and processor. Recursion depth: the tasks with children (at
 * most T/2 + 1 frames of a few words).
 */
#include "embed_impl.h"
#include "../base/args_impl.h"

#include "dcnet/metric.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct ex {
    int32_t T, N;
    int32_t *par;              /* parent of each task (-1: the root) */
    int32_t *kid_off, *kid;    /* children of v: kid[kid_off[v] .. kid_off[v+1]) */
    const uint16_t *dist;      /* N x N hop distances (UINT16_MAX: unreachable) */
    int d;
    int32_t *ball_off, *ball;  /* processors within d of p (p excluded) */
    int32_t *freeb;            /* free processors within d of p */
    int32_t *place, *at;       /* task -> processor, processor -> placed task; -1 */
    int32_t *front, *fpos;     /* the frontier (fpos[v] its index, -1 if out) */
    int32_t nfront;
    int32_t *mt, *mp;          /* matching: frontier task <-> free processor; -1 */
    int32_t *queue, *via;      /* augmenting-path BFS: tasks; the task reaching p */
    uint32_t *seen, stamp;     /* processors seen in this BFS */
    int64_t nodes, limit;
    int cut;                   /* the limit (nodes or time) was hit */
    int timed_out;             /* the time budget ran out (and stays out) */
    struct timespec deadline;  /* the time budget's end (CLOCK_MONOTONIC) */
    int has_deadline;
} ex;

/* Has the time budget run out? Sets s->timed_out (for good) and s->cut.
 * A clock read costs about 20 ns; dfs calls this every 256 nodes. */
static int out_of_time(ex *s)
{
    if (!s->has_deadline || s->timed_out)
        return s->timed_out;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > s->deadline.tv_sec ||
        (now.tv_sec == s->deadline.tv_sec && now.tv_nsec >= s->deadline.tv_nsec))
        s->timed_out = s->cut = 1;
    return s->timed_out;
}

static void front_add(ex *s, int32_t v)
{
    s->fpos[v] = s->nfront;
    s->front[s->nfront++] = v;
    s->mt[v] = -1;
}

static void front_remove(ex *s, int32_t v)
{
    const int32_t i = s->fpos[v], last = s->front[--s->nfront];
    s->front[i] = last;
    s->fpos[last] = i;
    s->fpos[v] = -1;
    if (s->mt[v] >= 0)
        s->mp[s->mt[v]] = -1;
    s->mt[v] = -1;
}

/* An augmenting path from the unmatched frontier task w (BFS over tasks,
 * alternating through matched processors): 1 if w got a processor.
 * O(frontier x ball). */
static int augment(ex *s, int32_t w)
{
    if (++s->stamp == 0) { /* wrapped: forget every mark */
        memset(s->seen, 0, (size_t)s->N * sizeof *s->seen);
        s->stamp = 1;
    }
    int32_t qh = 0, qt = 0;
    s->queue[qt++] = w;
    while (qh < qt) {
        const int32_t x = s->queue[qh++], c = s->place[s->par[x]];
        for (int32_t i = s->ball_off[c]; i < s->ball_off[c + 1]; i++) {
            int32_t p = s->ball[i];
            if (s->at[p] >= 0 || s->seen[p] == s->stamp)
                continue;
            s->seen[p] = s->stamp;
            s->via[p] = x;
            if (s->mp[p] < 0) { /* free and unmatched: flip the path back to w */
                for (;;) {
                    const int32_t y = s->via[p], old = s->mt[y];
                    s->mt[y] = p;
                    s->mp[p] = y;
                    if (y == w)
                        return 1;
                    p = old;
                }
            }
            s->queue[qt++] = s->mp[p];
        }
    }
    return 0;
}

/* Matches every unmatched frontier task; 0 when one cannot be (Hall). */
static int repair(ex *s)
{
    for (int32_t i = 0; i < s->nfront; i++)
        if (s->mt[s->front[i]] < 0 && !augment(s, s->front[i]))
            return 0;
    return 1;
}

/* Task v (on the frontier, or the root) onto the free processor q. */
static void put(ex *s, int32_t v, int32_t q)
{
    if (s->fpos[v] >= 0)
        front_remove(s, v);
    const int32_t w = s->mp[q];
    if (w >= 0) { /* q was promised to w: w looks again in repair() */
        s->mt[w] = -1;
        s->mp[q] = -1;
    }
    s->place[v] = q;
    s->at[q] = v;
    for (int32_t i = s->ball_off[q]; i < s->ball_off[q + 1]; i++)
        s->freeb[s->ball[i]]--;
    for (int32_t i = s->kid_off[v]; i < s->kid_off[v + 1]; i++)
        front_add(s, s->kid[i]);
}

/* Undoes put(s, v, q); v returns to the frontier unmatched (not the root). */
static void unput(ex *s, int32_t v, int32_t q)
{
    for (int32_t i = s->kid_off[v]; i < s->kid_off[v + 1]; i++)
        front_remove(s, s->kid[i]);
    s->place[v] = -1;
    s->at[q] = -1;
    for (int32_t i = s->ball_off[q]; i < s->ball_off[q + 1]; i++)
        s->freeb[s->ball[i]]++;
    if (v != 0)
        front_add(s, v);
}

/* The frontier task with children to branch on next, or -1 if none is
 * left (then the matching places the rest: all leaves). */
static int32_t select_task(const ex *s)
{
    int32_t best = -1, best_room = 0, best_kids = 0;
    for (int32_t i = 0; i < s->nfront; i++) {
        const int32_t v = s->front[i], kids = s->kid_off[v + 1] - s->kid_off[v];
        if (kids == 0)
            continue;
        const int32_t room = s->freeb[s->place[s->par[v]]];
        if (best < 0 || room < best_room || (room == best_room && kids > best_kids) ||
            (room == best_room && kids == best_kids && v < best)) {
            best = v;
            best_room = room;
            best_kids = kids;
        }
    }
    return best;
}

/* Branches on the tasks with children; 1 when a placement is complete
 * (the leaves still on the frontier, matched). Entered with the frontier
 * matched. */
static int dfs(ex *s)
{
    const int32_t v = select_task(s);
    if (v < 0)
        return 1;
    if (++s->nodes > s->limit || ((s->nodes & 255) == 0 && out_of_time(s))) {
        s->cut = 1;
        return 0;
    }
    const int32_t c = s->place[s->par[v]], first = s->mt[v];
    /* the processor the matching gave v first (it keeps the others'), then
     * the rest of the parent's ball */
    for (int32_t i = s->ball_off[c] - 1; i < s->ball_off[c + 1] && !s->cut; i++) {
        const int32_t q = i < s->ball_off[c] ? first : s->ball[i];
        if (q < 0 || s->at[q] >= 0 || (i >= s->ball_off[c] && q == first))
            continue;
        put(s, v, q);
        if (repair(s) && dfs(s))
            return 1;
        unput(s, v, q);
    }
    return 0;
}

/* The balls of radius s->d, and the counting test: sorted by decreasing
 * size, the i-th largest ball must hold the i-th largest tree degree.
 * *ok = 0 refutes d outright. */
static int balls(ex *s, const int32_t *deg_sorted, int *ok, dn_err *err)
{
    const int32_t N = s->N;
    int64_t cnt = 0;
    for (int64_t p = 0; p < N; p++)
        for (int64_t q = 0; q < N; q++)
            cnt += q != p && s->dist[p * N + q] <= s->d;
    free(s->ball);
    s->ball = malloc((size_t)(cnt > 0 ? cnt : 1) * sizeof *s->ball);
    int32_t *size = calloc((size_t)N + 1, sizeof *size); /* processors by ball size */
    if (!s->ball || !size) {
        free(size);
        return dn_fail(err, DN_ENOMEM, "exact search: out of memory for the balls");
    }
    int32_t k = 0;
    for (int64_t p = 0; p < N; p++) {
        s->ball_off[p] = k;
        for (int64_t q = 0; q < N; q++)
            if (q != p && s->dist[p * N + q] <= s->d)
                s->ball[k++] = (int32_t)q;
        size[k - s->ball_off[p]]++;
    }
    s->ball_off[N] = k;
    *ok = 1;
    int32_t i = 0; /* walk the ball sizes downwards beside the degrees */
    for (int32_t b = N; b >= 0 && i < s->T && *ok; b--)
        for (int32_t j = 0; j < size[b] && i < s->T; j++, i++)
            if (deg_sorted[i] > b)
                *ok = 0;
    free(size);
    return DN_OK;
}

/* One decision at radius s->d: a placement from one of the roots? *found
 * = 1 with s->place complete, else 0 (refuted unless s->cut). */
static int decide(ex *s, const int32_t *deg_sorted, const int64_t *roots, int nroots,
                  int *found, dn_err *err)
{
    int ok = 0, rc = balls(s, deg_sorted, &ok, err);
    *found = 0;
    if (rc || !ok)
        return rc;
    s->nodes = 0;
    for (int r = 0; r < nroots && !s->cut && !*found; r++) {
        for (int32_t p = 0; p < s->N; p++) {
            s->at[p] = s->mp[p] = -1;
            s->freeb[p] = s->ball_off[p + 1] - s->ball_off[p];
        }
        for (int32_t v = 0; v < s->T; v++)
            s->place[v] = s->mt[v] = s->fpos[v] = -1;
        s->nfront = 0;
        put(s, 0, (int32_t)roots[r]);
        *found = repair(s) && dfs(s);
    }
    if (*found) /* the leaves left on the frontier take their matched processors */
        for (int32_t i = 0; i < s->nfront; i++)
            s->place[s->front[i]] = s->mt[s->front[i]];
    return DN_OK;
}

void dn_exact_result_free(dn_exact_result *r)
{
    if (!r)
        return;
    free(r->place);
    memset(r, 0, sizeof *r);
    r->best = -1;
}

static int cmp_desc(const void *a, const void *b)
{
    const int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x < y) - (x > y);
}

/* All-pairs hop distances by BFS, O(N (N + arcs)); the maximum degree,
 * in *far the largest finite distance, in *connected whether every pair
 * is reachable. */
static int distances(const dn_csr *g, uint16_t *dist, int32_t *queue, int *far, int *connected)
{
    const int64_t N = g->n;
    int maxdeg = 0;
    *far = 0;
    *connected = 1;
    for (int64_t i = 0; i < N * N; i++)
        dist[i] = UINT16_MAX;
    for (int64_t src = 0; src < N; src++) {
        uint16_t *row = dist + src * N;
        int64_t qh = 0, qt = 0;
        row[src] = 0;
        queue[qt++] = (int32_t)src;
        while (qh < qt) {
            const int32_t u = queue[qh++];
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
                if (row[g->adj[a]] == UINT16_MAX) { /* N <= DN_EXACT_MAX_N: no overflow */
                    row[g->adj[a]] = (uint16_t)(row[u] + 1);
                    queue[qt++] = (int32_t)g->adj[a];
                    *far = row[u] + 1 > *far ? row[u] + 1 : *far;
                }
        }
        *connected &= qt == N;
        if (g->off[src + 1] - g->off[src] > maxdeg)
            maxdeg = (int)(g->off[src + 1] - g->off[src]);
    }
    return maxdeg;
}

/* The tree as int32 arrays (parents, children) and its degrees, sorted
 * decreasing; the shell bound L. */
static int tree_arrays(ex *s, const dn_tree *t, int maxdeg, int32_t *deg, int *lb)
{
    int64_t k = 0;
    *lb = s->T > 1 ? 1 : 0;
    for (int32_t v = 0; v < s->T; v++) {
        const int64_t c = dn_tree_num_children(t, v);
        s->par[v] = (int32_t)dn_tree_parent(t, v);
        s->kid_off[v] = (int32_t)k;
        for (int64_t i = 0; i < c; i++) {
            const int64_t u = dn_tree_child(t, v, i);
            if (u <= 0 || u >= s->T)
                return DN_EINVAL;
            s->kid[k++] = (int32_t)u;
        }
        deg[v] = (int32_t)c + (v > 0);
        const int b = dn_lower_bound_task_dilation(deg[v], maxdeg, 0);
        *lb = b > *lb ? b : *lb;
    }
    s->kid_off[s->T] = (int32_t)k;
    qsort(deg, (size_t)s->T, sizeof *deg, cmp_desc);
    return DN_OK;
}

int dn_exact_search(const dn_csr *g, const dn_tree *t, const int64_t *roots, int nroots,
                    int64_t node_limit, dn_exact_result *out, dn_err *err)
{
    return dn_exact_search_budget(g, t, roots, nroots, node_limit, INFINITY, out, err);
}

/* The witness's own maximum dilation (the largest distance between a
 * task's processor and its parent's): what the placement has, which may
 * be below the decision d it was found at (issue 37 item 6: at the
 * diameter no search runs and any placement is taken). O(T). */
static int witness_dilation(const ex *s)
{
    int m = 0;
    for (int32_t v = 1; v < s->T; v++) {
        const int x = s->dist[(int64_t)s->place[s->par[v]] * s->N + s->place[v]];
        m = x > m ? x : m;
    }
    return m;
}

int dn_exact_search_budget(const dn_csr *g, const dn_tree *t, const int64_t *roots, int nroots,
                           int64_t node_limit, double seconds, dn_exact_result *out,
                           dn_err *err)
{
    DN_NEED(err, g);
    DN_NEED(err, t);
    DN_NEED(err, out);
    if (nroots > 0)
        DN_NEED(err, roots);
    memset(out, 0, sizeof *out);
    out->best = -1;
    out->seconds = seconds;
    out->node_limit = node_limit > 0 ? node_limit : 0;
    if (!(seconds > 0)) /* also NaN */
        return dn_fail_param(err, DN_EINVAL, "search_seconds",
                             "exact search: a time budget of %g s; give seconds > 0 "
                             "(INFINITY: none)", seconds);
    const int64_t N = g->n, T = t->nodes;
    if (g->directed)
        return dn_fail(err, DN_EINVAL, "the exact search takes undirected networks");
    if (N > DN_EXACT_MAX_N || T > N || T < 1 || nroots < 1)
        return dn_fail(err, DN_ERANGE,
                       "the exact search places at most as many tasks as processors, on at "
                       "most %d processors (here %lld tasks on %lld)",
                       DN_EXACT_MAX_N, (long long)T, (long long)N);
    for (int r = 0; r < nroots; r++)
        if (roots[r] < 0 || roots[r] >= N)
            return dn_fail(err, DN_EINVAL, "exact search: root processor %lld is not in 0 .. %lld",
                           (long long)roots[r], (long long)(N - 1));
    ex s;
    memset(&s, 0, sizeof s);
    s.T = (int32_t)T;
    s.N = (int32_t)N;
    s.limit = node_limit > 0 ? node_limit : INT64_MAX;
    if (isfinite(seconds)) { /* the deadline: now + seconds (capped at a year) */
        const double sec = seconds < 3.2e7 ? seconds : 3.2e7;
        clock_gettime(CLOCK_MONOTONIC, &s.deadline);
        const double whole = floor(sec);
        s.deadline.tv_sec += (time_t)whole;
        s.deadline.tv_nsec += (long)((sec - whole) * 1e9);
        if (s.deadline.tv_nsec >= 1000000000L) {
            s.deadline.tv_sec++;
            s.deadline.tv_nsec -= 1000000000L;
        }
        s.has_deadline = 1;
    }
    uint16_t *dist = malloc((size_t)(N * N) * sizeof *dist);
    int32_t *deg = malloc((size_t)T * sizeof *deg);
    const size_t tn = (size_t)T * sizeof(int32_t), pn = (size_t)N * sizeof(int32_t);
    s.par = malloc(tn);
    s.kid_off = malloc(tn + sizeof(int32_t));
    s.kid = malloc(tn);
    s.place = malloc(tn);
    s.front = malloc(tn);
    s.fpos = malloc(tn);
    s.mt = malloc(tn);
    s.queue = malloc(pn); /* tasks in augment(), processors in distances(): T <= N */
    s.ball_off = malloc(pn + sizeof(int32_t));
    s.freeb = malloc(pn);
    s.at = malloc(pn);
    s.mp = malloc(pn);
    s.via = malloc(pn);
    s.seen = calloc((size_t)N, sizeof *s.seen);
    int rc = DN_OK;
    if (!dist || !deg || !s.par || !s.kid_off || !s.kid || !s.place || !s.front || !s.fpos ||
        !s.mt || !s.queue || !s.ball_off || !s.freeb || !s.at || !s.mp || !s.via || !s.seen) {
        rc = dn_fail(err, DN_ENOMEM, "exact search: out of memory for %lld processors",
                     (long long)N);
        goto out;
    }
    int far, connected;
    const int maxdeg = distances(g, dist, s.queue, &far, &connected);
    s.dist = dist;
    int lb;
    if (tree_arrays(&s, t, maxdeg, deg, &lb)) {
        rc = dn_fail(err, DN_EINVAL, "exact search: the tree's children are not tasks 1 .. %lld",
                     (long long)(T - 1));
        goto out;
    }
    out->lower_bound = lb;
    out->refuted = lb - 1; /* the shell bound refutes every d below it */
    if (T == 1) {
        s.place[0] = (int32_t)roots[0];
        out->best = 0;
    }
    /* past the largest distance every ball is a whole connected part */
    for (s.d = lb > 0 ? lb : 1; T > 1 && s.d <= (far > 0 ? far : 1); s.d++) {
        int found;
        s.cut = 0;
        /* every placement is within the diameter; once the time budget is
         * spent, no more search: the first placement, whatever it has */
        if ((s.d >= far || out_of_time(&s)) && connected) {
            for (int32_t v = 0; v < s.T; v++)
                s.place[v] = (int32_t)((roots[0] + v) % N);
            out->best = s.d;
            break;
        }
        if (s.timed_out)
            break; /* not connected: no placement without the search */
        if ((rc = decide(&s, deg, roots, nroots, &found, err)))
            goto out;
        out->nodes += s.nodes;
        if (s.cut && !s.timed_out)
            out->stopped = out->stopped ? out->stopped : DN_EXACT_STOP_NODES;
        if (found) {
            out->best = s.d;
            break;
        }
        if (!s.cut)
            out->refuted = s.d; /* none within d, so none within less either */
    }
    if (s.timed_out)
        out->stopped = DN_EXACT_STOP_TIME;
    if (out->best < 0) {
        rc = out->refuted >= far
                 ? dn_fail(err, DN_EINVAL,
                           "exact search: no one-to-one placement at any distance (the tree "
                           "does not fit in one connected part of the network)")
             : s.timed_out
                 ? dn_fail_param(err, DN_ELIMIT, "search_seconds",
                                 "exact search: the time budget of %g s ran out before a "
                                 "placement was found, after %lld search nodes (raise the "
                                 "budget)", seconds, (long long)out->nodes)
                 : dn_fail_param(err, DN_ELIMIT, "search_limit",
                           "exact search: undecided at distance %d after %lld search nodes "
                           "(raise the limit)",
                           far, (long long)s.nodes);
        goto out;
    }
    /* what the witness has, not the decision it came from: at most that d,
     * and above every refuted d (else that d would not be refuted) */
    if (T > 1)
        out->best = witness_dilation(&s);
    out->settled = out->refuted == out->best - 1;
    out->place = s.place;
    s.place = NULL;
out:
    free(dist);
    free(deg);
    free(s.par);
    free(s.kid_off);
    free(s.kid);
    free(s.place);
    free(s.front);
    free(s.fpos);
    free(s.mt);
    free(s.queue);
    free(s.ball_off);
    free(s.ball);
    free(s.freeb);
    free(s.at);
    free(s.mp);
    free(s.via);
    free(s.seen);
    return rc;
}

/* ------------------------------------------------------------ the mapping */

/* The root positions worth trying: the given one, else one per orbit of
 * the automorphisms the network's family knows (dn_net_orbit_rep: the
 * translations of hypercubes, tori, rings, butterflies, complete graphs)
 * and, on BDG(k), of complement and reversal (seed 000's graph is
 * symmetric under both: they map shift edges to shift edges). O(N). */
static int exact_roots(const dn_embed *e, const dn_embed_opts *o, int64_t **roots, int *n)
{
    const int64_t N = e->g.n;
    int degree = 0, k = 0;
    const int bdg = dn_net_routing_of(e->net, NULL) == DN_NET_ROUTING_BDG &&
                    dn_net_word(e->net, &degree, &k) && (int64_t)1 << k == N;
    *roots = malloc((size_t)N * sizeof **roots);
    if (!*roots)
        return DN_ENOMEM;
    *n = 0;
    if (o->root >= 0) {
        (*roots)[(*n)++] = o->root;
        return DN_OK;
    }
    const uint64_t mask = bdg ? ((uint64_t)1 << k) - 1 : 0;
    for (int64_t x = 0; x < N; x++) {
        if (dn_net_orbit_rep(e->net, x) != x)
            continue;
        if (bdg) {
            const uint64_t c = (uint64_t)x ^ mask, r = dn_bit_reverse((uint64_t)x, k);
            if ((uint64_t)x > c || (uint64_t)x > r || (uint64_t)x > (r ^ mask))
                continue;
        }
        (*roots)[(*n)++] = x;
    }
    return DN_OK;
}

static int init_exact(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    int64_t *roots = NULL;
    int nroots = 0, rc;
    if (dn_net_processors(e->net) != e->g.n)
        return dn_fail_param(err, DN_EINVAL, "map net", "mapping exact places tasks on networks without "
                                       "switches (%s has some)", e->net->spec);
    if (e->g.directed)
        return dn_fail_param(err, DN_EINVAL, "map net", "mapping exact needs an undirected network (%s is "
                                       "directed; e.g. debruijn:K for ddb:K)", e->net->spec);
    if (e->g.n > DN_EXACT_MAX_N || e->tree->nodes > e->g.n)
        return dn_fail_param(err, DN_ERANGE, "map", "mapping exact searches at most %d processors, with at "
                                       "most one task each (here %lld tasks on %lld: %s)",
                       DN_EXACT_MAX_N, (long long)e->tree->nodes, (long long)e->g.n,
                       e->net->spec);
    if ((rc = exact_roots(e, o, &roots, &nroots)))
        return dn_fail(err, rc, "out of memory");
    dn_exact_result r;
    const int64_t limit = o->search_limit > 0 ? o->search_limit : DN_EXACT_DEFAULT_LIMIT;
    /* bounded by time too by default (issue 37 item 5: mesh:32x32 ran an
     * hour at the node limit alone) */
    const double secs = o->search_seconds == 0 ? DN_EXACT_DEFAULT_SECONDS : o->search_seconds;
    if (!(secs > 0)) {
        free(roots);
        return dn_fail_param(err, DN_EINVAL, "search_seconds",
                             "mapping exact: a time budget of %g s; give seconds > 0 "
                             "(0: the default %g s, INFINITY: none)",
                             o->search_seconds, DN_EXACT_DEFAULT_SECONDS);
    }
    rc = dn_exact_search_budget(&e->g, e->tree, roots, nroots, limit, secs, &r, err);
    free(roots);
    if (rc)
        return rc;
    e->exact_lb = r.lower_bound;
    e->exact_best = r.best;
    e->exact_refuted = r.refuted;
    e->exact_nodes = r.nodes;
    e->exact_roots = nroots;
    e->exact_limit = r.node_limit;
    e->exact_seconds = r.seconds;
    e->exact_stopped = r.stopped;
    if ((rc = dn_embed_alloc_place(e, err))) {
        dn_exact_result_free(&r);
        return rc;
    }
    memcpy(e->place, r.place, (size_t)e->tree->nodes * sizeof *e->place);
    dn_exact_result_free(&r);
    return DN_OK;
}

const dn_map_type dn_map_exact = {
    .name = "exact",
    .kind = MAP_EXACT,
    .summary = "least maximum dilation by exhaustive search (branch and bound; seed 000's open "
               "question): any tree of at most N tasks on a small undirected network",
    .nets = "undirected networks without switches, at most DN_EXACT_MAX_N processors",
    .trees = "any tree of at most N tasks (one a processor)",
    .example = "mesh:3x3 binomial:3",
    .init = init_exact,
};
