/*
 * static.c - the static "keep half, send half" schedule (seed 000 section
 * 2, Steps 1-5) and the threads backend, direct or with network emulation.
 *
 * Worker r of B(D) is binomial task r: it receives in phase bitlen(r) from
 * r - 2^(bitlen(r)-1) (r with its top bit cleared), sends in phases
 * p = bitlen(r)+1 .. D to r + 2^(p-1), and combines in the reverse order
 * (Step 3: "get the results from the children and combine them"), which
 * is the phase schedule dcnet's binomial trees use everywhere else.
 *
 * Network emulation: worker y runs on processor place(y) of the chosen
 * mapping; a message enters the router of its first processor, and each
 * router copies it over the link to the next processor while holding that
 * link's lock (a link carries one message at a time), so a route of d hops
 * costs d copies and messages sharing a link wait for each other.
 */
#include "rt_impl.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ mailboxes */

int mb_init(mailbox *m)
{
    memset(m, 0, sizeof *m);
    if (pthread_mutex_init(&m->mu, NULL))
        return DN_ENOMEM;
    if (pthread_cond_init(&m->cv, NULL)) {
        pthread_mutex_destroy(&m->mu);
        return DN_ENOMEM;
    }
    return DN_OK;
}

void mb_destroy(mailbox *m)
{
    for (rt_msg *x = m->head, *nx; x; x = nx) {
        nx = x->next;
        free(x->buf.data);
        free(x);
    }
    pthread_cond_destroy(&m->cv);
    pthread_mutex_destroy(&m->mu);
}

void mb_put(mailbox *m, rt_msg *msg)
{
    msg->next = NULL;
    pthread_mutex_lock(&m->mu);
    if (m->tail)
        m->tail->next = msg;
    else
        m->head = msg;
    m->tail = msg;
    pthread_cond_broadcast(&m->cv);
    pthread_mutex_unlock(&m->mu);
}

/* Waits for a message matching (from, tag). A failure (closed) stops the
 * wait only if stop_on_close; the end of the run (ended) always does. */
static rt_msg *take(mailbox *m, int from, int tag, int stop_on_close)
{
    pthread_mutex_lock(&m->mu);
    for (;;) {
        rt_msg *prev = NULL;
        for (rt_msg *x = m->head; x; prev = x, x = x->next)
            if ((from < 0 || x->from == from) && (tag < 0 || x->tag == tag)) {
                if (prev)
                    prev->next = x->next;
                else
                    m->head = x->next;
                if (m->tail == x)
                    m->tail = prev;
                pthread_mutex_unlock(&m->mu);
                return x;
            }
        if (m->ended || (m->closed && stop_on_close)) {
            pthread_mutex_unlock(&m->mu);
            return NULL;
        }
        pthread_cond_wait(&m->cv, &m->mu);
    }
}

rt_msg *mb_take(mailbox *m, int from, int tag)
{
    return take(m, from, tag, 1);
}

rt_msg *mb_take_until_end(mailbox *m, int from, int tag)
{
    return take(m, from, tag, 0);
}

static void set_flag(mailbox *m, int *flag)
{
    pthread_mutex_lock(&m->mu);
    *flag = 1;
    pthread_cond_broadcast(&m->cv);
    pthread_mutex_unlock(&m->mu);
}

void mb_close(mailbox *m)
{
    set_flag(m, &m->closed);
}

void mb_end(mailbox *m)
{
    set_flag(m, &m->ended);
}

/* ------------------------------------------------------------ timing */

double rt_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void rt_hold(double seconds)
{
    if (seconds <= 0)
        return;
    if (seconds < 100e-6) { /* below the sleep's granularity: spin */
        double end = rt_now() + seconds;
        while (rt_now() < end)
            ;
        return;
    }
    struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

void rt_spans_gather(dn_rt_stats *st, const rt_spans *first, size_t stride, int n)
{
    int64_t total = 0;
    for (int w = 0; w < n; w++)
        total += ((const rt_spans *)((const char *)first + (size_t)w * stride))->n;
    st->spans = malloc((size_t)(total ? total : 1) * sizeof *st->spans);
    st->nspans = 0;
    for (int w = 0; w < n && st->spans; w++) {
        const rt_spans *sp = (const rt_spans *)((const char *)first + (size_t)w * stride);
        memcpy(st->spans + st->nspans, sp->s, (size_t)sp->n * sizeof *sp->s);
        st->nspans += sp->n;
    }
}

void rt_span_add(rt_spans *sp, int worker, int kind, double t0, double t1)
{
    if (!sp || !sp->on)
        return;
    if (sp->n == sp->cap) {
        int64_t nc = sp->cap ? sp->cap * 2 : 32;
        dn_rt_span *s = realloc(sp->s, (size_t)nc * sizeof *s);
        if (!s)
            return; /* the timeline is optional: drop spans, keep running */
        sp->s = s;
        sp->cap = nc;
    }
    sp->s[sp->n++] = (dn_rt_span){worker, kind, t0, t1};
}

/* ------------------------------------------------------------ schedule */

int rt_depth(int workers, size_t units, size_t grain)
{
    int D = 0;
    if (grain < 1)
        grain = 1;
    while ((2 << D) <= workers && (units >> (D + 1)) >= grain)
        D++;
    return D;
}

/* An app's step failed: name the cause (out of memory is a run-time
 * failure the user can act on, not a broken app). */
static int step_failed(dn_err *err, int rc, const char *app, const char *step, int r)
{
    if (rc == DN_ENOMEM)
        return dn_fail(err, rc, "%s: out of memory in %s on worker %d", app, step, r);
    return dn_fail(err, rc, "%s: %s failed on worker %d (%s)", app, step, r, dn_strerror(rc));
}

static int bitlen(int r)
{
    int b = 0;
    while (r >> b)
        b++;
    return b;
}

int rt_static_worker(const dn_dc_app *app, rt_transport *t, int r, int D, dn_buf *input,
                     dn_buf *output, rt_spans *sp, double t0, rt_task_rec *rec, dn_err *err)
{
    dn_buf prob = {NULL, 0}, res = {NULL, 0};
    int b = bitlen(r), rc = DN_OK;
    double a;
    *rec = (rt_task_rec){0, 0, 0};
    if (r == 0) {
        prob = *input;
        input->data = NULL;
        input->len = 0;
    } else {
        a = rt_now();
        if ((rc = t->recv(t, r, r & ~(1 << (b - 1)), TAG_DIVIDE, &prob, err)))
            return rc;
        rt_span_add(sp, r, 3, a - t0, rt_now() - t0);
        rec->down = (int64_t)prob.len;
    }
    for (int p = b + 1; p <= D; p++) { /* Step 2: keep half, send half */
        dn_buf keep, send;
        a = rt_now();
        rc = app->split(app->ctx, &prob, &keep, &send);
        rec->work += rt_now() - a;
        rt_span_add(sp, r, 0, a - t0, rt_now() - t0);
        if (rc) {
            free(prob.data);
            return step_failed(err, rc, app->name, "split", r);
        }
        prob = keep;
        if ((rc = t->send(t, r, r + (1 << (p - 1)), TAG_DIVIDE, &send, err))) {
            free(prob.data);
            return rc;
        }
    }
    a = rt_now();
    rc = app->solve(app->ctx, &prob, &res);
    rec->work += rt_now() - a;
    rt_span_add(sp, r, 1, a - t0, rt_now() - t0);
    if (rc)
        return step_failed(err, rc, app->name, "solve", r);
    for (int p = D; p > b; p--) { /* Step 3: combine in reverse order */
        dn_buf got, merged;
        a = rt_now();
        if ((rc = t->recv(t, r, r + (1 << (p - 1)), TAG_RESULT, &got, err))) {
            free(res.data);
            return rc;
        }
        double m0 = rt_now();
        rt_span_add(sp, r, 3, a - t0, m0 - t0);
        rc = t->merge ? t->merge(t, app, r, p, D, &res, &got, &merged, err)
                      : app->merge(app->ctx, &res, &got, &merged);
        rec->work += rt_now() - m0;
        rt_span_add(sp, r, 2, m0 - t0, rt_now() - t0);
        if (rc)
            return step_failed(err, rc, app->name, "merge", r);
        res = merged;
    }
    if (r == 0) { /* Step 4: the root hands the result to the host */
        *output = res;
        return DN_OK;
    }
    rec->up = (int64_t)res.len;
    return t->send(t, r, r & ~(1 << (b - 1)), TAG_RESULT, &res, err);
}

/* Worker r's task in dcnet's B(D) (seed 000's labels, dcnet/tree.h): the
 * schedule's worker r has parent r with its top bit cleared and sends to
 * r + 2^(p-1) in phase p, while task y of B(D) has parent y >> (ctz(y)+1)
 * and i-th child (y << (i+1)) | (1 << i) in phase bitlen(y) + i + 1. The
 * bijection follows the bits of r from the lowest: adding bit q to a worker
 * of bit length b makes it the child sent in phase q + 1, child
 * i = q - b of the task. It keeps parents and phases (bitlen(task) =
 * bitlen(r)): rt_binomial_task(1, 2, ..., 15) = 1 2 3 4 6 5 7 8 12 10 14 9
 * 13 11 15. So a mapping's place and routes of task y serve worker r. */
int64_t rt_binomial_task(int64_t r)
{
    int64_t task = 0;
    int b = 0; /* bit length so far */
    for (int q = 0; q < 63; q++)
        if (r >> q & 1) {
            int i = q - b;
            task = (task << (i + 1)) | ((int64_t)1 << i);
            b = q + 1;
        }
    return task;
}

void rt_stats_tasks_free(dn_rt_stats *st)
{
    free(st->task_parent);
    free(st->task_work);
    free(st->task_bytes_down);
    free(st->task_bytes_up);
    st->task_parent = NULL;
    st->task_work = NULL;
    st->task_bytes_down = st->task_bytes_up = NULL;
    st->ntask_rec = 0;
}

void rt_stats_tasks(dn_rt_stats *st, const rt_task_rec *rec, int W)
{
    st->task_parent = malloc((size_t)W * sizeof *st->task_parent);
    st->task_work = malloc((size_t)W * sizeof *st->task_work);
    st->task_bytes_down = malloc((size_t)W * sizeof *st->task_bytes_down);
    st->task_bytes_up = malloc((size_t)W * sizeof *st->task_bytes_up);
    if (!st->task_parent || !st->task_work || !st->task_bytes_down || !st->task_bytes_up) {
        rt_stats_tasks_free(st);
        return;
    }
    for (int r = 0; r < W; r++) { /* as B(D)'s tasks: worker r is task rt_binomial_task(r) */
        int64_t y = rt_binomial_task(r);
        st->task_parent[y] = r ? rt_binomial_task(r & ~(1 << (bitlen(r) - 1))) : -1;
        st->task_work[y] = rec[r].work;
        st->task_bytes_down[y] = rec[r].down;
        st->task_bytes_up[y] = rec[r].up;
    }
    st->ntask_rec = W;
}

/* ------------------------------------------------------------ threads */

typedef struct thr_transport {
    rt_transport base;
    int workers;
    mailbox *box;           /* one per worker */
    atomic_llong messages, bytes;
    atomic_int active;      /* workers still in the schedule */
    atomic_int first_fail;  /* the worker that failed first, -1 */
    /* emulation */
    int emulate, have_emb;  /* have_emb: the embedding and its tree are live */
    int64_t nproc;
    mailbox *router;        /* one per processor */
    const dn_csr *g;
    int64_t **route;        /* route[y]: processors of the edge parent(y) -> y */
    int64_t *route_hops;
    int64_t *place;         /* processor of each worker */
    int *worker_at;         /* worker on each processor, -1 */
    pthread_mutex_t *link_mu;
    double link_bw;         /* bytes/s; a transfer holds its link len / bw */
    atomic_llong *link_msgs, *link_bytes, hop_msgs, hop_bytes;
} thr_transport;

static rt_msg *new_msg(int from, int to, int tag, dn_buf *b)
{
    rt_msg *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    memset(m, 0, sizeof *m);
    m->from = from;
    m->to = to;
    m->tag = tag;
    m->buf = *b;
    b->data = NULL;
    b->len = 0;
    return m;
}

static int thr_send(rt_transport *t, int from, int to, int tag, dn_buf *b, dn_err *err)
{
    thr_transport *T = (thr_transport *)t;
    atomic_fetch_add(&T->messages, 1);
    atomic_fetch_add(&T->bytes, (long long)b->len);
    rt_msg *m = new_msg(from, to, tag, b);
    if (!m)
        return dn_fail(err, DN_ENOMEM, "out of memory for a message");
    if (!T->emulate) {
        mb_put(&T->box[to], m);
        return DN_OK;
    }
    /* divide messages follow the edge's route, results go back along it */
    int y = tag == TAG_DIVIDE ? to : from;
    m->path = T->route[y];
    m->hops = T->route_hops[y];
    m->reverse = tag != TAG_DIVIDE;
    m->at = 0;
    if ((m->reverse ? m->path[m->hops] : m->path[0]) != T->place[from] ||
        (m->reverse ? m->path[0] : m->path[m->hops]) != T->place[to]) {
        free(m->buf.data);
        free(m);
        return dn_fail(err, DN_EINVAL, "internal: the route of worker %d's edge does not join "
                                       "workers %d and %d",
                       y, from, to);
    }
    mb_put(&T->router[T->place[from]], m);
    return DN_OK;
}

static int thr_recv(rt_transport *t, int me, int from, int tag, dn_buf *b, dn_err *err)
{
    thr_transport *T = (thr_transport *)t;
    rt_msg *m = mb_take(&T->box[me], from, tag);
    if (!m)
        return dn_fail(err, DN_EINVAL, "worker %d stopped: another worker failed", me);
    *b = m->buf;
    free(m);
    return DN_OK;
}

static void thr_fail(rt_transport *t)
{
    thr_transport *T = (thr_transport *)t;
    for (int w = 0; w < T->workers; w++)
        mb_close(&T->box[w]);
}

/* ------------------------------------------------------------ shared merges
 *
 * When worker r merges in phase p, every worker w = r + k 2^(p-1)
 * (k = 1 .. 2^(D-p+1) - 1) has finished: those are the subtrees of r's
 * children of phases p .. D, whose results r has received (phases D .. p,
 * in that order). They wait in help_loop, so r hands each of them one part
 * of the merge through its mailbox and writes part 0 itself. The sets of
 * two concurrent merges are disjoint (different r mod 2^(p-1)), so no
 * worker is asked twice at once. */

typedef struct shared_merge {
    const dn_dc_app *app;
    const dn_buf *a, *b;
    dn_buf *out;
    int n;
    int *rc;    /* per part; written before the part's TAG_HELPED */
} shared_merge;

/* Helpers are finished workers, which serve help until the run ends (not
 * merely until a failure), so every request is answered: the requests
 * and the merge's buffers stay valid until the last TAG_HELPED. */
static int thr_merge(rt_transport *t, const dn_dc_app *app, int r, int p, int D, dn_buf *a,
                     dn_buf *b, dn_buf *res, dn_err *err)
{
    thr_transport *T = (thr_transport *)t;
    int n = 1 << (D - p + 1);
    if (!app->merge_alloc || !app->merge_part ||
        app->units(app->ctx, a) + app->units(app->ctx, b) < app->share_units)
        return app->merge(app->ctx, a, b, res);
    int *rcs = calloc((size_t)n, sizeof *rcs);
    rt_msg *help = calloc((size_t)n, sizeof *help);
    int rc = rcs && help ? app->merge_alloc(app->ctx, a, b, res) : DN_ENOMEM;
    if (rc) {
        free(rcs);
        free(help);
        if (rc == DN_ENOMEM) /* no room to share: merge alone */
            return app->merge(app->ctx, a, b, res);
        return step_failed(err, rc, app->name, "merge", r);
    }
    shared_merge job = {app, a, b, res, n, rcs};
    for (int k = 1; k < n; k++) {
        help[k].from = r;
        help[k].to = r + k * (1 << (p - 1));
        help[k].tag = TAG_HELP;
        help[k].job = &job;
        help[k].part = k;
        mb_put(&T->box[help[k].to], &help[k]);
    }
    rc = app->merge_part(app->ctx, a, b, res, 0, n);
    for (int k = 1; k < n; k++)
        mb_take_until_end(&T->box[r], -1, TAG_HELPED);
    for (int k = 1; k < n && !rc; k++)
        rc = rcs[k];
    free(rcs);
    free(help);
    free(a->data);
    free(b->data);
    a->data = b->data = NULL;
    if (rc) {
        free(res->data);
        res->data = NULL;
        res->len = 0;
        return step_failed(err, rc, app->name, "merge", r);
    }
    return DN_OK;
}

/* A worker that has finished its part of the schedule serves merge parts
 * until every worker has finished (the mailboxes are ended). */
static void help_loop(thr_transport *T, int w, rt_spans *sp, double t0)
{
    rt_msg *m;
    while ((m = mb_take_until_end(&T->box[w], -1, TAG_HELP))) {
        shared_merge *job = m->job;
        double a = rt_now();
        job->rc[m->part] = job->app->merge_part(job->app->ctx, job->a, job->b, job->out,
                                                m->part, job->n);
        rt_span_add(sp, w, 2, a - t0, rt_now() - t0);
        /* the reply reuses the request (owned by the merging worker) */
        m->tag = TAG_HELPED;
        m->to = m->from;
        m->from = w;
        mb_put(&T->box[m->to], m);
    }
}

/* One fewer worker in the schedule (or k that never started); the last
 * one out ends every mailbox, which releases the helpers. */
static void workers_left(thr_transport *T, int k)
{
    if (atomic_fetch_sub(&T->active, k) == k)
        for (int w = 0; w < T->workers; w++)
            mb_end(&T->box[w]);
}

/* Router of processor q: moves messages one hop on. */
typedef struct router_arg {
    thr_transport *T;
    int64_t q;
} router_arg;

static void *router_main(void *p)
{
    router_arg *ra = p;
    thr_transport *T = ra->T;
    rt_msg *m;
    while ((m = mb_take(&T->router[ra->q], -1, -1))) {
        if (m->at == m->hops) { /* arrived */
            mb_put(&T->box[m->to], m);
            continue;
        }
        int64_t i = m->at;
        int64_t u = m->reverse ? m->path[m->hops - i] : m->path[i];
        int64_t v = m->reverse ? m->path[m->hops - i - 1] : m->path[i + 1];
        int64_t c = dn_csr_arc(T->g, u, v);
        /* the transfer: copy into the next processor's buffer, link held */
        void *copy = m->buf.len ? malloc(m->buf.len) : NULL;
        if (c >= 0)
            pthread_mutex_lock(&T->link_mu[c]);
        double t0 = rt_now();
        if (copy)
            memcpy(copy, m->buf.data, m->buf.len);
        /* a slower link: hold it for the rest of len / bw (the network's
         * own bandwidth, in bytes per second, and latency, in seconds, where
         * it has link costs: SPEC@bw=..,lat=.. or a file's costs=1) */
        double bw = c >= 0 && T->g->bw ? T->g->bw[c] : T->link_bw;
        if (bw > 0)
            rt_hold((double)m->buf.len / bw - (rt_now() - t0));
        if (c >= 0 && T->g->lat)
            rt_hold(T->g->lat[c]);
        if (c >= 0) {
            pthread_mutex_unlock(&T->link_mu[c]);
            atomic_fetch_add(&T->link_msgs[c], 1);
            atomic_fetch_add(&T->link_bytes[c], (long long)m->buf.len);
        }
        atomic_fetch_add(&T->hop_msgs, 1);
        atomic_fetch_add(&T->hop_bytes, (long long)m->buf.len);
        if (copy || !m->buf.len) {
            free(m->buf.data);
            m->buf.data = copy;
        } /* out of memory: the message keeps its buffer (no copy made) */
        m->at++;
        mb_put(&T->router[v], m);
    }
    return NULL;
}

typedef struct worker_arg {
    const dn_dc_app *app;
    thr_transport *T;
    int r, D;
    dn_buf *input, *output;
    rt_spans spans;
    double t0;
    dn_err err;
    int rc;
    rt_task_rec rec;
} worker_arg;

static void *worker_main(void *p)
{
    worker_arg *wa = p;
    wa->rc = rt_static_worker(wa->app, &wa->T->base, wa->r, wa->D, wa->input, wa->output,
                              &wa->spans, wa->t0, &wa->rec, &wa->err);
    if (wa->rc) { /* the first to fail is the cause; the others only stop */
        int none = -1;
        atomic_compare_exchange_strong(&wa->T->first_fail, &none, wa->r);
        wa->T->base.fail(&wa->T->base);
    }
    workers_left(wa->T, 1);
    help_loop(wa->T, wa->r, &wa->spans, wa->t0);
    return NULL;
}

void dn_rt_stats_summary(const dn_rt_stats *s, dn_rt_summary *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!s)
        return;
    if (s->worker_tasks && s->worker_idle && s->workers > 0) {
        out->tasks_min = INT64_MAX;
        out->idle_min = HUGE_VAL;
        double idle = 0;
        for (int w = 0; w < s->workers; w++) {
            out->tasks_max = s->worker_tasks[w] > out->tasks_max ? s->worker_tasks[w]
                                                                  : out->tasks_max;
            out->tasks_min = s->worker_tasks[w] < out->tasks_min ? s->worker_tasks[w]
                                                                  : out->tasks_min;
            out->idle_max = s->worker_idle[w] > out->idle_max ? s->worker_idle[w] : out->idle_max;
            out->idle_min = s->worker_idle[w] < out->idle_min ? s->worker_idle[w] : out->idle_min;
            idle += s->worker_idle[w];
        }
        out->tasks_mean = (double)s->tasks / s->workers;
        out->idle_mean = idle / s->workers;
    }
    for (int64_t l = 0; s->link_msgs && l < s->links; l++) {
        out->links_used += s->link_msgs[l] > 0;
        out->link_msgs_max = s->link_msgs[l] > out->link_msgs_max ? s->link_msgs[l]
                                                                 : out->link_msgs_max;
    }
}

void dn_rt_stats_free(dn_rt_stats *s)
{
    if (!s)
        return;
    free(s->link_msgs);
    free(s->link_bytes);
    free(s->link_src);
    free(s->link_dst);
    free(s->worker_tasks);
    free(s->worker_idle);
    rt_stats_tasks_free(s);
    free(s->spans);
    memset(s, 0, sizeof *s);
}

static int emulation_routes(thr_transport *T, dn_embed *e, int D, const char *map,
                            const dn_rt_opts *o, dn_err *err);

/* The parameters of an embedding's failure in the runtime's terms: the
 * tree is the workers' B(D), which the caller sets by the worker count,
 * not by a tree (the CLI named its tree option for exec, whose tree
 * option is the search app's). */
static const char *workers_param(const char *p)
{
    static const struct {
        const char *tree, *workers;
    } as[] = {{"map net tree", "map net workers"},
              {"map net tree face", "map net workers"},
              {"map tree", "map workers"}};
    for (size_t i = 0; p && i < sizeof as / sizeof as[0]; i++)
        if (strcmp(p, as[i].tree) == 0)
            return as[i].workers;
    return p;
}

/* Emulation set-up: the embedding of B(D) on the network, its routes. */
static int emulation_init(thr_transport *T, dn_embed **out, dn_tree *tree, int D,
                          const dn_rt_opts *o, dn_err *err)
{
    char spec[32];
    dn_tree_model tm;
    dn_embed_opts eo;
    int rc;
    memset(&eo, 0, sizeof eo);
    eo.map = o->map ? o->map : "identity";
    if (o->embed) { /* the caller's: borrowed, so not T->have_emb */
        const dn_tree *et = dn_embed_tree(o->embed);
        if (dn_embed_net(o->embed) != o->net)
            return dn_fail(err, DN_EINVAL, "the embedding is of another network than the "
                                           "run's (net)");
        if (et->model.kind != DN_TREE_BINOMIAL || et->model.n != D)
            return dn_fail(err, DN_EINVAL, "%d workers form binomial:%d; the embedding is of "
                                           "another tree",
                           1 << D, D);
        *out = o->embed;
        eo.map = dn_embed_mapping(o->embed);
        return emulation_routes(T, *out, D, eo.map, o, err);
    }
    snprintf(spec, sizeof spec, "binomial:%d", D);
    if ((rc = dn_tree_model_parse(spec, &tm, err)) || (rc = dn_tree_init(tree, &tm, 1, 0, err)))
        return rc;
    eo.root = o->root;
    eo.seed = o->seed;
    if ((rc = dn_embed_init(out, o->net, tree, &eo, err))) {
        dn_tree_free(tree);
        if (err) { /* say it in the runtime's terms: workers, not trees */
            char why[DN_ERR_LEN];
            const char *param = workers_param(err->param); /* (static storage) */
            snprintf(why, sizeof why, "%s", err->msg);
            dn_fail_param(err, rc, param, "%d workers form binomial:%d, which %s cannot place on %s: %s",
                          1 << D, D, eo.map, o->net->spec, why);
        }
        return rc;
    }
    T->have_emb = 1;
    return emulation_routes(T, *out, D, eo.map, o, err);
}

/* The workers' processors and the routes of their messages, from the
 * embedding e of B(D) (the runtime's own, or the caller's). */
static int emulation_routes(thr_transport *T, dn_embed *e, int D, const char *map,
                            const dn_rt_opts *o, dn_err *err)
{
    int rc;
    const dn_csr *g = dn_embed_graph(e);
    int W = 1 << D;
    T->emulate = 1;
    T->link_bw = o->link_bw;
    T->nproc = o->net->n;
    T->g = g;
    T->route = calloc((size_t)W, sizeof *T->route);
    T->route_hops = calloc((size_t)W, sizeof *T->route_hops);
    T->place = calloc((size_t)W, sizeof *T->place);
    T->worker_at = malloc((size_t)T->nproc * sizeof *T->worker_at);
    T->router = calloc((size_t)T->nproc, sizeof *T->router);
    T->link_mu = calloc((size_t)g->m, sizeof *T->link_mu);
    T->link_msgs = calloc((size_t)g->m, sizeof *T->link_msgs);
    T->link_bytes = calloc((size_t)g->m, sizeof *T->link_bytes);
    if (!T->route || !T->route_hops || !T->place || !T->worker_at || !T->router || !T->link_mu ||
        !T->link_msgs || !T->link_bytes)
        return dn_fail(err, DN_ENOMEM, "out of memory for the network emulation");
    for (int64_t c = 0; c < g->m; c++)
        pthread_mutex_init(&T->link_mu[c], NULL);
    for (int64_t q = 0; q < T->nproc; q++) {
        mb_init(&T->router[q]);
        T->worker_at[q] = -1;
    }
    for (int y = 0; y < W; y++) { /* worker y is task rt_binomial_task(y) of B(D) */
        const int64_t task = rt_binomial_task(y);
        T->place[y] = dn_embed_place(e, task);
        if (T->worker_at[T->place[y]] >= 0)
            return dn_fail(err, DN_EINVAL, "mapping %s puts workers %d and %d on processor %lld; "
                                           "emulation needs one worker per processor",
                           map, T->worker_at[T->place[y]], y, (long long)T->place[y]);
        T->worker_at[T->place[y]] = y;
        if (y == 0)
            continue;
        const int64_t *path;
        int64_t hops;
        if ((rc = dn_embed_route(e, task, &path, &hops, err)))
            return rc;
        T->route[y] = malloc((size_t)(hops + 1) * sizeof **T->route);
        if (!T->route[y])
            return dn_fail(err, DN_ENOMEM, "out of memory");
        memcpy(T->route[y], path, (size_t)(hops + 1) * sizeof *path);
        T->route_hops[y] = hops;
    }
    return DN_OK;
}

static void emulation_free(thr_transport *T, int64_t links)
{
    if (T->route)
        for (int y = 0; y < T->workers; y++)
            free(T->route[y]);
    free(T->route);
    free(T->route_hops);
    free(T->place);
    free(T->worker_at);
    if (T->router)
        for (int64_t q = 0; q < T->nproc; q++)
            mb_destroy(&T->router[q]);
    free(T->router);
    if (T->link_mu)
        for (int64_t c = 0; c < links; c++)
            pthread_mutex_destroy(&T->link_mu[c]);
    free(T->link_mu);
    free(T->link_msgs);
    free(T->link_bytes);
}

static int run_threads(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
                       dn_rt_stats *st, dn_err *err)
{
    size_t units = app->units(app->ctx, input);
    int D = rt_depth(o->workers, units, o->grain);
    int W = 1 << D, rc = DN_OK;
    if (o->net && o->net->n > 4096)
        return dn_fail(err, DN_ERANGE, "network emulation runs one router thread per processor; "
                                       "%s has %lld (limit 4096)",
                       o->net->spec, (long long)o->net->n);
    thr_transport T;
    memset(&T, 0, sizeof T);
    T.base.send = thr_send;
    T.base.recv = thr_recv;
    T.base.fail = thr_fail;
    T.base.merge = o->net ? NULL : thr_merge; /* emulation: every byte goes by message */
    T.workers = W;
    atomic_init(&T.active, W);
    atomic_init(&T.first_fail, -1);
    atomic_init(&T.messages, 0);
    atomic_init(&T.bytes, 0);
    atomic_init(&T.hop_msgs, 0);
    atomic_init(&T.hop_bytes, 0);
    dn_embed *e = NULL;
    dn_tree tree;
    int have_emb = 0;
    T.box = calloc((size_t)W, sizeof *T.box);
    worker_arg *wa = calloc((size_t)W, sizeof *wa);
    pthread_t *th = calloc((size_t)W, sizeof *th);
    pthread_t *rth = NULL;
    router_arg *ra = NULL;
    int64_t nrouters = 0, links = 0;
    if (!T.box || !wa || !th) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for %d workers", W);
        goto done;
    }
    for (int w = 0; w < W; w++)
        mb_init(&T.box[w]);
    if (o->net) {
        rc = emulation_init(&T, &e, &tree, D, o, err);
        have_emb = T.have_emb;
        links = e ? dn_embed_graph(e)->m : 0; /* e is NULL if its init failed */
        if (rc)
            goto done;
        rth = calloc((size_t)T.nproc, sizeof *rth);
        ra = calloc((size_t)T.nproc, sizeof *ra);
        if (!rth || !ra) {
            rc = dn_fail(err, DN_ENOMEM, "out of memory for routers");
            goto done;
        }
        for (int64_t q = 0; q < T.nproc; q++) {
            ra[q].T = &T;
            ra[q].q = q;
            if (pthread_create(&rth[q], NULL, router_main, &ra[q])) {
                rc = dn_fail(err, DN_ENOMEM, "cannot start router thread %lld", (long long)q);
                goto done;
            }
            nrouters++;
        }
    }
    double t0 = rt_now();
    for (int w = 0; w < W; w++)
        wa[w] = (worker_arg){app, &T, w, D, input, output, {NULL, 0, 0, o->timeline}, t0,
                             {{0}, NULL}, 0, {0, 0, 0}};
    /* worker 0 runs on the calling thread, which holds the input hot in
     * its cache and needs no start-up: one thread fewer to create */
    int started = 1;
    for (int w = 1; w < W; w++) {
        if (pthread_create(&th[w], NULL, worker_main, &wa[w])) {
            rc = dn_fail(err, DN_ENOMEM, "cannot start worker thread %d", w);
            thr_fail(&T.base);
            workers_left(&T, W - w + 1); /* w .. W-1, and worker 0, which will not run */
            break;
        }
        started++;
    }
    if (!rc)
        worker_main(&wa[0]);
    for (int w = 1; w < started; w++)
        pthread_join(th[w], NULL);
    st->seconds = rt_now() - t0;
    int cause = atomic_load(&T.first_fail);
    if (!rc && cause >= 0) { /* report why, not the workers that stopped after */
        rc = wa[cause].rc;
        if (err)
            *err = wa[cause].err;
    }
    st->workers = W;
    st->depth = D;
    if (!rc) {
        rt_task_rec *rec = malloc((size_t)W * sizeof *rec);
        for (int w = 0; rec && w < W; w++)
            rec[w] = wa[w].rec;
        if (rec)
            rt_stats_tasks(st, rec, W);
        free(rec);
    }
    st->messages = atomic_load(&T.messages);
    st->bytes = atomic_load(&T.bytes);
    if (o->timeline && started > 0)
        rt_spans_gather(st, &wa[0].spans, sizeof *wa, started);
    if (o->net) {
        st->hop_messages = atomic_load(&T.hop_msgs);
        st->hop_bytes = atomic_load(&T.hop_bytes);
        st->links = links;
        st->link_msgs = malloc((size_t)(links ? links : 1) * sizeof *st->link_msgs);
        st->link_bytes = malloc((size_t)(links ? links : 1) * sizeof *st->link_bytes);
        st->link_src = malloc((size_t)(links ? links : 1) * sizeof *st->link_src);
        st->link_dst = malloc((size_t)(links ? links : 1) * sizeof *st->link_dst);
        const dn_csr *g = dn_embed_graph(e);
        if (st->link_msgs && st->link_bytes && st->link_src && st->link_dst)
            for (int64_t u = 0; u < g->n; u++)
                for (int64_t c = g->off[u]; c < g->off[u + 1]; c++) {
                    st->link_msgs[c] = atomic_load(&T.link_msgs[c]);
                    st->link_bytes[c] = atomic_load(&T.link_bytes[c]);
                    st->link_src[c] = (int32_t)u;
                    st->link_dst[c] = g->adj[c];
                }
    }
done:
    if (T.router)
        for (int64_t q = 0; q < T.nproc; q++)
            mb_close(&T.router[q]);
    for (int64_t q = 0; q < nrouters; q++)
        pthread_join(rth[q], NULL);
    if (wa)
        for (int w = 0; w < W; w++)
            free(wa[w].spans.s);
    if (T.box)
        for (int w = 0; w < W; w++)
            mb_destroy(&T.box[w]);
    emulation_free(&T, links);
    if (have_emb) {
        dn_embed_free(e);
        dn_tree_free(&tree);
    }
    free(T.box);
    free(wa);
    free(th);
    free(rth);
    free(ra);
    free(input->data);
    input->data = NULL;
    input->len = 0;
    return rc;
}

int dn_rt_run(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
              dn_rt_stats *st, dn_err *err)
{
    DN_NEED(err, app);
    DN_NEED(err, input);
    DN_NEED(err, output);
    DN_NEED(err, o);
    DN_NEED(err, st);
    memset(st, 0, sizeof *st);
    output->data = NULL;
    output->len = 0;
    if (o->workers < 1 || o->workers > 4096)
        return dn_fail(err, DN_ERANGE, "workers must be 1..4096, not %d", o->workers);
    if (o->embed && (o->backend == DN_BACKEND_MPI || !o->net))
        return dn_fail(err, DN_EINVAL, "an embedding places workers on an emulated network: "
                                       "give its network (net) and the threads backend");
    if (o->backend == DN_BACKEND_MPI)
        return rt_mpi_run(app, input, output, o, st, err);
    return run_threads(app, input, output, o, st, err);
}
