/*
 * dynamic.c - the dynamic mode for irregular trees (backtracking): seed
 * 002's Canonical Algorithm run for real. A task either is a leaf (a value)
 * or expands into children; each child is sent to the processor at the end
 * of a random walk of Delta steps from its parent's processor, over the
 * network's links (or, without a network, the complete graph of the
 * workers). Every processor runs one worker thread with a mailbox; values
 * are summed. Termination: a counter of outstanding tasks (children are
 * added before the parent is subtracted, so it reaches 0 exactly once).
 *
 * The walk of a task is drawn from its own stream, keyed by the run's seed
 * and the task's id (a hash of its parent's id and its index), so the
 * placement, and every per-worker count, is the same on every run whatever
 * the thread schedule.
 */
#include "rt_impl.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct dyn {
    const dn_tree_app *app;
    int W, walk, lazy;
    uint64_t seed;
    mailbox *box;
    const dn_csr *g;          /* NULL: complete graph of W */
    atomic_llong outstanding, sum, messages, bytes;
    int64_t *tasks;           /* per worker, written by its owner only */
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

static uint64_t mix(uint64_t x) /* splitmix64 finaliser */
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static int walk_from(const dyn *D, int start, uint64_t id)
{
    dn_rng rng;
    dn_rng_stream(&rng, D->seed, id);
    int64_t at = start;
    for (int s = 0; s < D->walk; s++) {
        if (D->lazy && (dn_rng_next(&rng) >> 63)) /* lazy: stay put with probability 1/2 */
            continue;
        if (D->g) {
            int64_t deg = D->g->off[at + 1] - D->g->off[at];
            if (deg > 0)
                at = D->g->adj[D->g->off[at] + (int64_t)dn_rng_below(&rng, (uint64_t)deg)];
        } else if (D->W > 1) { /* complete graph: any other worker */
            int64_t o = (int64_t)dn_rng_below(&rng, (uint64_t)(D->W - 1));
            at = o >= at ? o + 1 : o;
        }
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
    for (int64_t s = 0; bip > 0 && s < g->n; s++)
        if (side[s] < 0)
            bip = dn_csr_two_colour(g, s, side);
    free(side);
    return bip > 0;
}

static void dyn_stop(dyn *D)
{
    for (int w = 0; w < D->W; w++)
        mb_close(&D->box[w]);
}

static void *dyn_main(void *p)
{
    dyn_arg *a = p;
    dyn *D = a->D;
    rt_msg *m;
    while ((m = mb_take(&D->box[a->w], -1, -1))) {
        dn_buf *kids = NULL;
        int nk = 0;
        int64_t value = 0;
        double s0 = rt_now();
        int rc = atomic_load(&D->failed) ? DN_OK
                                          : D->app->expand(D->app->ctx, &m->buf, &kids, &nk, &value);
        rt_span_add(&D->spans[a->w], a->w, 4, s0 - D->t0, rt_now() - D->t0);
        D->tasks[a->w]++;
        uint64_t id = (uint64_t)m->at;
        free(m->buf.data);
        free(m);
        if (rc) {
            pthread_mutex_lock(&D->err_mu);
            if (!atomic_load(&D->failed))
                dn_fail(&D->err, rc, "%s: expand failed on worker %d", D->app->name, a->w);
            atomic_store(&D->failed, 1);
            pthread_mutex_unlock(&D->err_mu);
            dyn_stop(D);
            break;
        }
        if (nk > 0)
            atomic_fetch_add(&D->outstanding, nk);
        else
            atomic_fetch_add(&D->sum, value);
        for (int k = 0; k < nk; k++) {
            uint64_t cid = mix(id * (uint64_t)0x100000001b3 + (uint64_t)k + 1u);
            int dst = walk_from(D, a->w, cid);
            rt_msg *c = malloc(sizeof *c);
            if (!c) { /* cannot place it: run it here */
                free(kids[k].data);
                atomic_fetch_sub(&D->outstanding, 1);
                atomic_store(&D->failed, 1);
                continue;
            }
            memset(c, 0, sizeof *c);
            c->from = a->w;
            c->to = dst;
            c->tag = TAG_TASK;
            c->at = (int64_t)cid;
            c->buf = kids[k];
            if (dst != a->w) {
                atomic_fetch_add(&D->messages, 1);
                atomic_fetch_add(&D->bytes, (long long)kids[k].len);
            }
            mb_put(&D->box[dst], c);
        }
        free(kids);
        if (atomic_fetch_sub(&D->outstanding, 1) == 1)
            dyn_stop(D); /* that was the last task */
    }
    return NULL;
}

int dn_rt_run_tree(const dn_tree_app *app, dn_buf *root, int64_t *answer, const dn_rt_opts *o,
                   dn_rt_stats *st, dn_err *err)
{
    memset(st, 0, sizeof *st);
    *answer = 0;
    if (o->backend == DN_BACKEND_MPI) {
        free(root->data);
        root->data = NULL;
        return dn_fail(err, DN_ENOTSUP, "the dynamic mode runs on the threads backend only");
    }
    dyn D;
    memset(&D, 0, sizeof D);
    dn_csr g;
    memset(&g, 0, sizeof g);
    int rc = DN_OK;
    D.app = app;
    D.walk = o->walk > 0 ? o->walk : 2;
    D.seed = o->seed;
    D.W = o->workers;
    if (o->net) {
        if (o->net->n > 4096) {
            free(root->data);
            root->data = NULL;
            return dn_fail(err, DN_ERANGE, "the dynamic mode runs one worker per processor; %s "
                                           "has %lld (limit 4096)",
                           o->net->spec, (long long)o->net->n);
        }
        if ((rc = dn_net_materialize(o->net, &g, 0, err))) {
            free(root->data);
            root->data = NULL;
            return rc;
        }
        D.g = &g;
        D.W = (int)o->net->n;
    }
    if (D.W < 1 || D.W > 4096) {
        dn_csr_free(&g);
        free(root->data);
        root->data = NULL;
        return dn_fail(err, DN_ERANGE, "workers must be 1..4096, not %d", D.W);
    }
    int start = o->net && o->root >= 0 && o->root < D.W ? (int)o->root : 0;
    /* the walk: lazy where a plain one would stay on its start's side */
    st->bipartite = D.g ? csr_bipartite(D.g) : D.W <= 2;
    D.lazy = o->policy == DN_POLICY_LAZY || (o->policy == DN_POLICY_AUTO && st->bipartite);
    st->policy = D.lazy ? DN_POLICY_LAZY : DN_POLICY_WALK;
    D.box = calloc((size_t)D.W, sizeof *D.box);
    D.tasks = calloc((size_t)D.W, sizeof *D.tasks);
    D.spans = calloc((size_t)D.W, sizeof *D.spans);
    pthread_t *th = calloc((size_t)D.W, sizeof *th);
    dyn_arg *args = calloc((size_t)D.W, sizeof *args);
    rt_msg *first = malloc(sizeof *first);
    if (!D.box || !D.tasks || !D.spans || !th || !args || !first) {
        free(D.box);
        free(D.tasks);
        free(D.spans);
        free(th);
        free(args);
        free(first);
        dn_csr_free(&g);
        free(root->data);
        root->data = NULL;
        return dn_fail(err, DN_ENOMEM, "out of memory for %d workers", D.W);
    }
    pthread_mutex_init(&D.err_mu, NULL);
    atomic_init(&D.outstanding, 1);
    atomic_init(&D.sum, 0);
    atomic_init(&D.messages, 0);
    atomic_init(&D.bytes, 0);
    atomic_init(&D.failed, 0);
    for (int w = 0; w < D.W; w++) {
        mb_init(&D.box[w]);
        D.spans[w].on = o->timeline;
    }
    memset(first, 0, sizeof *first);
    first->to = start;
    first->tag = TAG_TASK;
    first->at = (int64_t)mix(D.seed);
    first->buf = *root;
    root->data = NULL;
    root->len = 0;
    mb_put(&D.box[start], first);
    D.t0 = rt_now();
    int started = 0;
    for (int w = 0; w < D.W; w++) {
        args[w] = (dyn_arg){&D, w};
        if (pthread_create(&th[w], NULL, dyn_main, &args[w])) {
            rc = dn_fail(err, DN_ENOMEM, "cannot start worker thread %d", w);
            atomic_store(&D.failed, 1);
            dyn_stop(&D);
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
            *err = D.err.msg[0] ? D.err : (dn_err){"out of memory for a task"};
    }
    *answer = atomic_load(&D.sum);
    st->workers = D.W;
    st->messages = atomic_load(&D.messages);
    st->bytes = atomic_load(&D.bytes);
    st->worker_tasks = D.tasks;
    for (int w = 0; w < D.W; w++)
        st->tasks += D.tasks[w];
    if (o->timeline)
        rt_spans_gather(st, D.spans, sizeof *D.spans, D.W);
    for (int w = 0; w < D.W; w++) {
        mb_destroy(&D.box[w]);
        free(D.spans[w].s);
    }
    pthread_mutex_destroy(&D.err_mu);
    free(D.box);
    free(D.spans);
    free(th);
    free(args);
    dn_csr_free(&g);
    return rc;
}
