/*
 * dynamic.c - the dynamic mode for irregular trees (backtracking): seed
 * 002's Canonical Algorithm run for real, its lazy and two-choices
 * variants, and work stealing, the modern anchor it is judged against
 * (dcnet/runtime.h, dn_walk_policy).
 *
 * A task either is a leaf (a value) or expands into children. Every
 * processor runs one worker thread. Termination: a counter of outstanding
 * tasks (children are added before the parent is subtracted, so it reaches
 * 0 exactly once).
 *
 * Walk policies (WALK, LAZY, TWO_CHOICES): each child is put in the
 * mailbox of the worker at the end of its walk, over the network's links
 * (or, without a network, the complete graph of the workers). The walk of
 * a task is drawn from its own stream, keyed by the run's seed and the
 * task's id (a hash of its parent's id and its index), so under WALK and
 * LAZY the placement, and every per-worker count, is the same on every run
 * whatever the thread schedule. TWO_CHOICES compares the two ends' queue
 * lengths at the moment of placing.
 *
 * STEAL: children go on their parent's worker's deque (pushed so that the
 * first child is taken first); the owner takes the newest task (depth
 * first, small memory), a thief the oldest (the largest subtrees). An idle
 * worker picks a victim uniformly among the others with its own stream
 * and takes one task or half of the deque. Deques are arrays under a mutex
 * with an atomic size that thieves read before locking.
 *
 * On an emulated network (o->net) a task that moves d hops, and a steal
 * request (8 bytes) to a victim d hops away, count d hop messages and, with
 * o->link_bw, hold the mover len / bandwidth per hop (rt_hold): the same
 * price per hop as the static mode's routers, paid by the sender.
 *
 * Idle time of a worker = the run's wall time - its time in expand.
 */
#include "rt_impl.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct wsq { /* a worker's deque: tasks a[lo .. hi) */
    pthread_mutex_t mu;
    rt_msg **a;
    size_t lo, hi, cap;
    atomic_long size;
} wsq;

typedef struct trec { /* --record-tree: what one task did */
    int64_t task, parent, bytes;
    int kid;
    double work;
} trec;

typedef struct trecs { /* a worker's records, written by that worker only */
    trec *r;
    int64_t n, cap;
} trecs;

typedef struct dyn {
    const dn_tree_app *app;
    int W, walk, lazy, policy, steal_one;
    uint64_t seed;
    mailbox *box;             /* walk policies */
    atomic_long *queued;      /* walk policies: tasks waiting per mailbox */
    wsq *q;                   /* STEAL */
    const dn_csr *g;          /* NULL: complete graph of W */
    int32_t *dist;            /* STEAL on a network: W x W hop distances */
    double bw;                /* bytes per second per link (0: free) */
    atomic_llong outstanding, sum, messages, bytes, hop_msgs, hop_bytes, steals, tries;
    atomic_int done;          /* STEAL: the last task finished, or a failure */
    atomic_llong next_task;   /* --record-tree: numbers of spawned tasks (root 0) */
    trecs *rec;               /* --record-tree: per worker, else NULL */
    int64_t *tasks;           /* per worker, written by its owner only */
    double *busy;             /* per worker, seconds in expand */
    atomic_int failed;
    dn_err err;
    pthread_mutex_t err_mu;
    rt_spans *spans;
    double t0;
} dyn;

typedef struct dyn_arg {
    dyn *D;
    int w;
} dyn_arg;

/* The policies' names, in enum order (runtime.h). */
static const char *const policy_names[] = {"auto", "walk", "lazy", "two-choices", "steal"};
static const char *const backend_names[] = {[DN_BACKEND_THREADS] = "threads",
                                            [DN_BACKEND_MPI] = "mpi"};
DN_NAMES_DEFINE(backend, backend_names)
#define POLICIES ((int)(sizeof policy_names / sizeof policy_names[0]))

const char *dn_walk_policy_name(dn_walk_policy p)
{
    return names_name(policy_names, POLICIES, (int)p);
}

int dn_walk_policy_parse(const char *s, dn_walk_policy *p, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, p);
    for (int i = 0; i < POLICIES; i++)
        if (strcmp(s, policy_names[i]) == 0) {
            *p = (dn_walk_policy)i;
            return DN_OK;
        }
    return dn_fail(err, DN_ENOTFOUND,
                   "unknown walk policy '%s' (auto, walk, lazy, two-choices or steal)", s);
}

static uint64_t mix(uint64_t x) /* splitmix64 finaliser */
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The end of task id's walk from start; *hops: the steps that moved. */
static int walk_from(const dyn *D, int start, uint64_t id, int64_t *hops)
{
    dn_rng rng;
    dn_rng_stream(&rng, D->seed, id);
    int64_t at = start;
    *hops = 0;
    for (int s = 0; s < D->walk; s++) {
        if (D->lazy && (dn_rng_next(&rng) >> 63)) /* lazy: stay put with probability 1/2 */
            continue;
        int64_t was = at;
        if (D->g) {
            int64_t deg = D->g->off[at + 1] - D->g->off[at];
            if (deg > 0)
                at = D->g->adj[D->g->off[at] + (int64_t)dn_rng_below(&rng, (uint64_t)deg)];
        } else if (D->W > 1) { /* complete graph: any other worker */
            int64_t o = (int64_t)dn_rng_below(&rng, (uint64_t)(D->W - 1));
            at = o >= at ? o + 1 : o;
        }
        *hops += at != was;
    }
    return (int)at;
}

/* Two-colourable? BFS from every uncoloured node, O(N + arcs). A walk
 * along the arcs of a graph whose arcs all join the two colours alternates
 * sides, directed or not. (An allocation failure answers "no": the plain
 * walk is then used.) */
static int csr_bipartite(const dn_csr *g)
{
    int8_t *side = malloc((size_t)(g->n > 0 ? g->n : 1));
    int bip = side != NULL;
    if (side)
        memset(side, -1, (size_t)g->n);
    for (int64_t s = 0; bip && s < g->n; s++)
        if (side[s] < 0 && dn_csr_two_colour(g, s, side, &bip, NULL) != DN_OK)
            bip = 0;
    free(side);
    return bip;
}

/* A move of d hops carrying len bytes: counted, and paid on slow links. */
static void travel(dyn *D, int64_t d, size_t len)
{
    if (d <= 0)
        return;
    atomic_fetch_add(&D->hop_msgs, d);
    atomic_fetch_add(&D->hop_bytes, d * (long long)len);
    if (D->bw > 0)
        rt_hold((double)d * (double)len / D->bw);
}

static void fail_run(dyn *D, int rc, int w)
{
    pthread_mutex_lock(&D->err_mu);
    if (!atomic_load(&D->failed) && rc != DN_ENOMEM)
        dn_fail(&D->err, rc, "%s: expand failed on worker %d", D->app->name, w);
    atomic_store(&D->failed, 1);
    pthread_mutex_unlock(&D->err_mu);
    atomic_store(&D->done, 1);
    for (int v = 0; D->box && v < D->W; v++)
        mb_close(&D->box[v]);
}

static void finished(dyn *D) /* the last task is done */
{
    atomic_store(&D->done, 1);
    for (int v = 0; D->box && v < D->W; v++)
        mb_close(&D->box[v]);
}

/* ------------------------------------------------------------ deques */

static int wsq_push(wsq *q, rt_msg *m)
{
    m->next = NULL; /* queued tasks are not linked (a stolen batch was) */
    pthread_mutex_lock(&q->mu);
    if (q->hi == q->cap) {
        if (q->lo > 0) { /* slide down: stolen slots are free again */
            memmove(q->a, q->a + q->lo, (q->hi - q->lo) * sizeof *q->a);
            q->hi -= q->lo;
            q->lo = 0;
        } else {
            size_t nc = q->cap ? 2 * q->cap : 64;
            rt_msg **a = realloc(q->a, nc * sizeof *a);
            if (!a) {
                pthread_mutex_unlock(&q->mu);
                return DN_ENOMEM;
            }
            q->a = a;
            q->cap = nc;
        }
    }
    q->a[q->hi++] = m;
    atomic_store(&q->size, (long)(q->hi - q->lo));
    pthread_mutex_unlock(&q->mu);
    return DN_OK;
}

static rt_msg *wsq_pop(wsq *q) /* the owner: newest first */
{
    if (atomic_load_explicit(&q->size, memory_order_relaxed) == 0)
        return NULL;
    pthread_mutex_lock(&q->mu);
    rt_msg *m = q->hi > q->lo ? q->a[--q->hi] : NULL;
    atomic_store(&q->size, (long)(q->hi - q->lo));
    pthread_mutex_unlock(&q->mu);
    return m;
}

/* A thief takes the oldest task, or the older half (rounded up), linked
 * oldest first through ->next. */
static rt_msg *wsq_steal(wsq *q, int one, int64_t *count)
{
    *count = 0;
    if (atomic_load_explicit(&q->size, memory_order_relaxed) == 0)
        return NULL;
    pthread_mutex_lock(&q->mu);
    size_t n = q->hi - q->lo, take = one ? (n > 0) : (n + 1) / 2;
    rt_msg *first = NULL, **tail = &first;
    for (size_t k = 0; k < take; k++) {
        rt_msg *m = q->a[q->lo++];
        m->next = NULL;
        *tail = m;
        tail = &m->next;
    }
    atomic_store(&q->size, (long)(q->hi - q->lo));
    pthread_mutex_unlock(&q->mu);
    *count = (int64_t)take;
    return first;
}

/* ------------------------------------------------------------ workers */

/* Runs task m on worker w and places its children; frees m. */
static void run_task(dyn *D, int w, rt_msg *m)
{
    dn_buf *kids = NULL;
    int nk = 0;
    int64_t value = 0;
    double s0 = rt_now();
    int rc = atomic_load(&D->failed) ? DN_OK
                                      : D->app->expand(D->app->ctx, &m->buf, &kids, &nk, &value);
    double s1 = rt_now();
    D->busy[w] += s1 - s0;
    rt_span_add(&D->spans[w], w, 4, s0 - D->t0, s1 - D->t0);
    D->tasks[w]++;
    uint64_t id = (uint64_t)m->at;
    const int64_t me = m->task;
    if (D->rec) {
        trecs *R = &D->rec[w];
        if (R->n == R->cap) {
            int64_t nc = R->cap ? 2 * R->cap : 256;
            trec *p = realloc(R->r, (size_t)nc * sizeof *p);
            if (!p)
                rc = rc ? rc : DN_ENOMEM;
            else
                R->r = p, R->cap = nc;
        }
        if (R->n < R->cap)
            R->r[R->n++] = (trec){me, m->parent_task, (int64_t)m->buf.len, m->kid, s1 - s0};
    }
    free(m->buf.data);
    free(m);
    if (rc) {
        fail_run(D, rc, w);
        return;
    }
    if (nk > 0)
        atomic_fetch_add(&D->outstanding, nk);
    else
        atomic_fetch_add(&D->sum, value);
    /* under STEAL the children are pushed last first, so the owner,
     * taking the newest, runs them in order */
    for (int i = 0; i < nk; i++) {
        int k = D->policy == DN_POLICY_STEAL ? nk - 1 - i : i;
        uint64_t cid = mix(id * (uint64_t)0x100000001b3 + (uint64_t)k + 1u);
        rt_msg *c = malloc(sizeof *c);
        if (!c) { /* cannot place it */
            free(kids[k].data);
            atomic_fetch_sub(&D->outstanding, 1);
            fail_run(D, DN_ENOMEM, w);
            continue;
        }
        memset(c, 0, sizeof *c);
        c->from = w;
        c->tag = TAG_TASK;
        c->at = (int64_t)cid;
        c->buf = kids[k];
        if (D->rec) {
            c->task = atomic_fetch_add(&D->next_task, 1);
            c->parent_task = me;
            c->kid = k;
        }
        if (D->policy == DN_POLICY_STEAL) {
            c->to = w;
            if (wsq_push(&D->q[w], c)) {
                free(c->buf.data);
                free(c);
                atomic_fetch_sub(&D->outstanding, 1);
                fail_run(D, DN_ENOMEM, w);
            }
            continue;
        }
        int64_t hops;
        int dst = walk_from(D, w, cid, &hops);
        if (D->policy == DN_POLICY_TWO_CHOICES) {
            int64_t hops2;
            int dst2 = walk_from(D, w, mix(cid ^ 0x2545f4914f6cdd1dULL), &hops2);
            if (atomic_load(&D->queued[dst2]) < atomic_load(&D->queued[dst])) {
                dst = dst2;
                hops = hops2;
            }
        }
        c->to = dst;
        if (dst != w) {
            atomic_fetch_add(&D->messages, 1);
            atomic_fetch_add(&D->bytes, (long long)kids[k].len);
        }
        if (D->g) /* the task walked its links, even one that came back */
            travel(D, hops, kids[k].len);
        atomic_fetch_add(&D->queued[dst], 1);
        mb_put(&D->box[dst], c);
    }
    free(kids);
    if (atomic_fetch_sub(&D->outstanding, 1) == 1)
        finished(D); /* that was the last task */
}

static void *walk_main(void *p)
{
    dyn_arg *a = p;
    dyn *D = a->D;
    rt_msg *m;
    while ((m = mb_take(&D->box[a->w], -1, -1))) {
        atomic_fetch_sub(&D->queued[a->w], 1);
        run_task(D, a->w, m);
    }
    return NULL;
}

/* One steal attempt by w; the tasks after the first go on w's deque. */
static rt_msg *steal_once(dyn *D, int w, dn_rng *rng)
{
    int v = (int)dn_rng_below(rng, (uint64_t)(D->W - 1));
    v += v >= w;
    int64_t d = D->dist ? D->dist[(size_t)w * (size_t)D->W + (size_t)v] : 1;
    atomic_fetch_add(&D->tries, 1);
    if (D->g)
        travel(D, d, 8); /* the request */
    int64_t got;
    rt_msg *first = wsq_steal(&D->q[v], D->steal_one, &got);
    if (!first)
        return NULL;
    atomic_fetch_add(&D->steals, 1);
    atomic_fetch_add(&D->messages, got);
    for (rt_msg *x = first; x; x = x->next) {
        atomic_fetch_add(&D->bytes, (long long)x->buf.len);
        if (D->g)
            travel(D, d, x->buf.len);
    }
    /* keep the oldest to run now; the rest, newest last, on w's deque */
    rt_msg *rest = first->next;
    first->next = NULL;
    while (rest) {
        rt_msg *nx = rest->next;
        if (wsq_push(&D->q[w], rest)) { /* no room: run it after all */
            rest->next = nx;
            first->next = rest;
            break;
        }
        rest = nx;
    }
    return first;
}

static void *steal_main(void *p)
{
    dyn_arg *a = p;
    dyn *D = a->D;
    const int w = a->w;
    dn_rng rng;
    dn_rng_stream(&rng, D->seed ^ 0x57ea1ULL, (uint64_t)w);
    int misses = 0;
    while (!atomic_load(&D->done)) {
        rt_msg *m = wsq_pop(&D->q[w]);
        if (!m && D->W > 1)
            m = steal_once(D, w, &rng);
        if (!m) { /* back off: spin, yield, then sleep up to 50 us */
            misses++;
            if (misses > 64)
                rt_hold(misses > 256 ? 50e-6 : 1e-6);
            else if (misses > 16)
                sched_yield();
            continue;
        }
        misses = 0;
        while (m) { /* a stolen batch that could not be queued runs here */
            rt_msg *nx = m->next;
            run_task(D, w, m);
            m = nx;
        }
    }
    return NULL;
}

/* ------------------------------------------------------------ the run */

/* The records of a successful run as a tree numbered breadth first: the
 * root 0, the children of a task in spawn order (a counting sort by parent,
 * each child at its kid's slot). Tasks are numbered 0 .. N-1 at spawn. */
static int record_tree(dyn *D, dn_rt_stats *st)
{
    int64_t N = atomic_load(&D->next_task), got = 0;
    for (int w = 0; w < D->W; w++)
        got += D->rec[w].n;
    if (got != N)
        return DN_ENOMEM; /* a record was lost to an allocation failure */
    trec *by = malloc((size_t)N * sizeof *by);
    int64_t *off = calloc((size_t)N + 1, sizeof *off), *slot = malloc((size_t)N * sizeof *slot);
    int64_t *newid = malloc((size_t)N * sizeof *newid), *order = malloc((size_t)N * sizeof *order);
    st->task_parent = malloc((size_t)N * sizeof *st->task_parent);
    st->task_work = malloc((size_t)N * sizeof *st->task_work);
    st->task_bytes_down = malloc((size_t)N * sizeof *st->task_bytes_down);
    st->task_bytes_up = calloc((size_t)N, sizeof *st->task_bytes_up);
    int rc = DN_OK;
    if (!by || !off || !slot || !newid || !order || !st->task_parent || !st->task_work ||
        !st->task_bytes_down || !st->task_bytes_up) {
        rc = DN_ENOMEM;
        goto out;
    }
    for (int w = 0; w < D->W; w++)
        for (int64_t i = 0; i < D->rec[w].n; i++)
            by[D->rec[w].r[i].task] = D->rec[w].r[i];
    for (int64_t t = 1; t < N; t++)
        off[by[t].parent + 1]++;
    for (int64_t t = 0; t < N; t++)
        off[t + 1] += off[t];
    for (int64_t t = 1; t < N; t++)
        slot[off[by[t].parent] + by[t].kid] = t;
    /* breadth first: the queue's order is the new numbering */
    int64_t tail = 1;
    newid[0] = 0;
    order[0] = 0;
    for (int64_t head = 0; head < tail; head++) {
        int64_t t = order[head];
        for (int64_t c = off[t]; c < off[t + 1]; c++) {
            newid[slot[c]] = tail;
            order[tail++] = slot[c];
        }
    }
    for (int64_t i = 0; i < N; i++) {
        int64_t t = order[i];
        st->task_parent[i] = t ? newid[by[t].parent] : -1;
        st->task_work[i] = by[t].work;
        st->task_bytes_down[i] = t ? by[t].bytes : 0;
    }
    st->ntask_rec = N;
out:
    free(order);
    free(by);
    free(off);
    free(slot);
    free(newid);
    if (rc)
        rt_stats_tasks_free(st);
    return rc;
}

static void dyn_free(dyn *D)
{
    for (int w = 0; w < D->W; w++) {
        if (D->box)
            mb_destroy(&D->box[w]);
        if (D->q) {
            for (size_t k = D->q[w].lo; k < D->q[w].hi; k++) {
                free(D->q[w].a[k]->buf.data);
                free(D->q[w].a[k]);
            }
            free(D->q[w].a);
            pthread_mutex_destroy(&D->q[w].mu);
        }
        if (D->spans)
            free(D->spans[w].s);
    }
    for (int w = 0; D->rec && w < D->W; w++)
        free(D->rec[w].r);
    free(D->rec);
    free(D->box);
    free(D->queued);
    free(D->q);
    free(D->dist);
    free(D->busy);
    free(D->spans);
    free(D->tasks);
}

int dn_rt_run_tree(const dn_tree_app *app, dn_buf *root, int64_t *answer, const dn_rt_opts *o,
                   dn_rt_stats *st, dn_err *err)
{
    DN_NEED(err, app);
    DN_NEED(err, root);
    DN_NEED(err, answer);
    DN_NEED(err, o);
    DN_NEED(err, st);
    memset(st, 0, sizeof *st);
    *answer = 0;
    dyn D;
    memset(&D, 0, sizeof D);
    dn_csr g;
    memset(&g, 0, sizeof g);
    int rc = DN_OK;
    if (o->backend == DN_BACKEND_MPI)
        rc = dn_fail(err, DN_ENOTSUP, "the dynamic mode runs on the threads backend only");
    else if (o->embed)
        rc = dn_fail(err, DN_EINVAL, "the dynamic mode places tasks by its policy, not by an "
                                     "embedding (embed is for the static schedule)");
    else if (o->policy < DN_POLICY_AUTO || o->policy > DN_POLICY_STEAL)
        rc = dn_fail(err, DN_EINVAL, "unknown dynamic policy %d", o->policy);
    else if (o->net && dn_net_processors(o->net) < o->net->n)
        rc = dn_fail(err, DN_EINVAL, "the dynamic mode walks from processor to processor; %s "
                                      "has switches",
                     o->net->spec);
    else if (o->net && o->net->n > 4096)
        rc = dn_fail(err, DN_ERANGE, "the dynamic mode runs one worker per processor; %s has "
                                     "%lld (limit 4096)",
                     o->net->spec, (long long)o->net->n);
    else if (!o->net && (o->workers < 1 || o->workers > 4096))
        rc = dn_fail(err, DN_ERANGE, "workers must be 1..4096, not %d", o->workers);
    else if (o->net)
        rc = dn_net_materialize(o->net, &g, 0, err);
    if (rc) {
        free(root->data);
        root->data = NULL;
        return rc;
    }
    D.app = app;
    D.walk = o->walk > 0 ? o->walk : 2;
    D.seed = o->seed;
    D.W = o->net ? (int)o->net->n : o->workers;
    D.g = o->net ? &g : NULL;
    D.bw = o->net ? o->link_bw : 0;
    D.steal_one = o->steal == DN_STEAL_ONE;
    int start = o->net && o->root >= 0 && o->root < D.W ? (int)o->root : 0;
    /* the walk: lazy where a plain one would stay on its start's side */
    st->bipartite = D.g ? csr_bipartite(D.g) : D.W <= 2;
    D.policy = o->policy;
    if (D.policy == DN_POLICY_AUTO)
        D.policy = st->bipartite ? DN_POLICY_LAZY : DN_POLICY_WALK;
    D.lazy = D.policy == DN_POLICY_LAZY || (D.policy == DN_POLICY_TWO_CHOICES && st->bipartite);
    st->policy = D.policy;
    const int steal = D.policy == DN_POLICY_STEAL;
    size_t W = (size_t)D.W;
    D.tasks = calloc(W, sizeof *D.tasks);
    D.busy = calloc(W, sizeof *D.busy);
    D.spans = calloc(W, sizeof *D.spans);
    if (steal)
        D.q = calloc(W, sizeof *D.q);
    else {
        D.box = calloc(W, sizeof *D.box);
        D.queued = calloc(W, sizeof *D.queued);
    }
    if (steal && D.g)
        D.dist = malloc(W * W * sizeof *D.dist);
    if (o->record_tree)
        D.rec = calloc(W, sizeof *D.rec);
    pthread_t *th = calloc(W, sizeof *th);
    dyn_arg *args = calloc(W, sizeof *args);
    rt_msg *first = malloc(sizeof *first);
    if (!D.tasks || !D.busy || !D.spans || (steal ? !D.q : !D.box || !D.queued) ||
        (steal && D.g && !D.dist) || (o->record_tree && !D.rec) || !th || !args || !first) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for %d workers", D.W);
        D.W = 0; /* nothing initialised to tear down */
        goto out;
    }
    for (int w = 0; D.dist && w < D.W; w++) /* steal requests' hop counts */
        if ((rc = dn_bfs(D.g, w, D.dist + (size_t)w * W, NULL, NULL))) {
            rc = dn_fail(err, rc, "cannot measure the network's distances");
            D.W = 0;
            goto out;
        }
    pthread_mutex_init(&D.err_mu, NULL);
    atomic_init(&D.outstanding, 1);
    atomic_init(&D.sum, 0);
    atomic_init(&D.messages, 0);
    atomic_init(&D.bytes, 0);
    atomic_init(&D.hop_msgs, 0);
    atomic_init(&D.hop_bytes, 0);
    atomic_init(&D.steals, 0);
    atomic_init(&D.tries, 0);
    atomic_init(&D.done, 0);
    atomic_init(&D.next_task, 1);
    atomic_init(&D.failed, 0);
    for (int w = 0; w < D.W; w++) {
        if (steal) {
            pthread_mutex_init(&D.q[w].mu, NULL);
            atomic_init(&D.q[w].size, 0);
        } else {
            mb_init(&D.box[w]);
            atomic_init(&D.queued[w], 0);
        }
        D.spans[w].on = o->timeline;
    }
    memset(first, 0, sizeof *first);
    first->to = start;
    first->tag = TAG_TASK;
    first->at = (int64_t)mix(D.seed);
    first->task = 0;
    first->parent_task = -1;
    first->buf = *root;
    root->data = NULL;
    root->len = 0;
    if (steal) {
        if (wsq_push(&D.q[start], first)) {
            free(first->buf.data);
            pthread_mutex_destroy(&D.err_mu);
            rc = dn_fail(err, DN_ENOMEM, "out of memory for %d workers", D.W);
            goto out;
        }
    } else {
        atomic_store(&D.queued[start], 1);
        mb_put(&D.box[start], first);
    }
    first = NULL;
    D.t0 = rt_now();
    int started = 0;
    for (int w = 0; w < D.W; w++) {
        args[w] = (dyn_arg){&D, w};
        if (pthread_create(&th[w], NULL, steal ? steal_main : walk_main, &args[w])) {
            rc = dn_fail(err, DN_ENOMEM, "cannot start worker thread %d", w);
            fail_run(&D, DN_ENOMEM, w);
            break;
        }
        started++;
    }
    for (int w = 0; w < started; w++)
        pthread_join(th[w], NULL);
    st->seconds = rt_now() - D.t0;
    if (!rc && atomic_load(&D.failed)) {
        rc = D.err.msg[0] ? DN_EINVAL : DN_ENOMEM;
        if (err)
            *err = D.err.msg[0] ? D.err : (dn_err){"out of memory for a task", NULL};
    }
    *answer = atomic_load(&D.sum);
    st->workers = D.W;
    st->messages = atomic_load(&D.messages);
    st->bytes = atomic_load(&D.bytes);
    st->hop_messages = atomic_load(&D.hop_msgs);
    st->hop_bytes = atomic_load(&D.hop_bytes);
    st->steals = atomic_load(&D.steals);
    st->steal_attempts = atomic_load(&D.tries);
    st->worker_tasks = D.tasks;
    D.tasks = NULL;
    st->worker_idle = D.busy; /* becomes the idle time, in place */
    for (int w = 0; w < D.W; w++) {
        st->tasks += st->worker_tasks[w];
        st->worker_idle[w] = st->seconds - st->worker_idle[w];
    }
    D.busy = NULL;
    if (o->timeline)
        rt_spans_gather(st, D.spans, sizeof *D.spans, D.W);
    if (!rc && D.rec && (rc = record_tree(&D, st)))
        rc = dn_fail(err, rc, "out of memory recording %lld tasks", (long long)st->tasks);
    pthread_mutex_destroy(&D.err_mu);
out:
    dyn_free(&D);
    free(first);
    free(th);
    free(args);
    dn_csr_free(&g);
    if (root->data) {
        free(root->data);
        root->data = NULL;
    }
    return rc;
}
