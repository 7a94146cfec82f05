/*
 * parallel.c - parallel-for over index ranges on a pool of threads.
 *
 * A dn_pool keeps threads - 1 workers asleep between jobs, so a caller
 * that runs many short parallel loops (a random walk's steps: two loops a
 * step, thousands of steps) pays for thread creation once, not per loop.
 * It is owned by its caller; the library keeps no pool of its own (no
 * global state). dn_parallel_for makes a pool for one loop.
 *
 * A job hands out chunks from an atomic counter, so faster workers take
 * more; the caller's thread works too, as worker 0. Determinism is the
 * caller's contract: fn writes results by index, never in completion
 * order, so no result depends on the thread count. If a worker cannot be
 * created the pool simply has fewer: the others take its share.
 *
 * Invariant: between jobs every worker waits on `wake` for `generation`
 * to change; a job is published under the lock with a new generation, and
 * the caller waits until `active` (workers still in the job) is zero
 * before returning, so the job's stack frame outlives every use of it.
 */
#include "dcnet/base.h"
#include "args_impl.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct pf_job {
    dn_range_fn fn;
    void *ctx;
    int64_t count, chunk;
    atomic_llong next;
    atomic_int status;
} pf_job;

struct dn_pool {
    int threads;    /* workers including the caller's thread */
    int started;    /* worker threads running (threads - 1 when all started) */
    pthread_t *tids;
    pthread_mutex_t mu;
    pthread_cond_t wake, idle;
    unsigned long generation;
    int active;     /* workers inside the current job */
    int quit;
    pf_job *job;
};

typedef struct pf_arg {
    dn_pool *pool;
    int tid;
} pf_arg;

static void run_chunks(pf_job *j, int tid)
{
    for (;;) {
        if (atomic_load(&j->status))
            break;
        int64_t b = (int64_t)atomic_fetch_add(&j->next, (long long)j->chunk);
        if (b >= j->count)
            break;
        int64_t e = b + j->chunk < j->count ? b + j->chunk : j->count;
        int rc = j->fn(j->ctx, b, e, tid);
        if (rc) {
            int zero = 0;
            atomic_compare_exchange_strong(&j->status, &zero, rc);
        }
    }
}

static void *pool_worker(void *p)
{
    pf_arg a = *(pf_arg *)p;
    free(p);
    dn_pool *pool = a.pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool->mu);
    for (;;) {
        while (!pool->quit && pool->generation == seen)
            pthread_cond_wait(&pool->wake, &pool->mu);
        if (pool->quit)
            break;
        seen = pool->generation;
        pf_job *j = pool->job;
        pthread_mutex_unlock(&pool->mu);
        run_chunks(j, a.tid);
        pthread_mutex_lock(&pool->mu);
        if (--pool->active == 0)
            pthread_cond_signal(&pool->idle);
    }
    pthread_mutex_unlock(&pool->mu);
    return NULL;
}

int dn_pool_init(dn_pool **out, int threads, dn_err *err)
{
    DN_NEED(err, out);
    *out = NULL;
    if (threads < 1)
        threads = 1;
    dn_pool *p = calloc(1, sizeof *p);
    if (!p || !(p->tids = calloc((size_t)threads, sizeof *p->tids))) {
        free(p);
        return dn_fail(err, DN_ENOMEM, "out of memory for a pool of %d threads", threads);
    }
    p->threads = threads;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->idle, NULL);
    for (int t = 1; t < threads; t++) {
        pf_arg *a = malloc(sizeof *a);
        if (!a)
            break;
        *a = (pf_arg){p, t};
        if (pthread_create(&p->tids[p->started], NULL, pool_worker, a) != 0) {
            free(a);
            break; /* fewer workers is still correct: chunks are shared */
        }
        p->started++;
    }
    *out = p;
    return DN_OK;
}

void dn_pool_free(dn_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    for (int t = 0; t < p->started; t++)
        pthread_join(p->tids[t], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->idle);
    free(p->tids);
    free(p);
}

int dn_pool_threads(const dn_pool *p)
{
    return p ? p->started + 1 : 1;
}

int dn_pool_for(dn_pool *p, int64_t count, int64_t chunk, dn_range_fn fn, void *ctx)
{
    if (!fn)
        return DN_EINVAL;
    if (count <= 0)
        return DN_OK;
    if (chunk < 1)
        chunk = 1;
    if (!p || p->started == 0 || count <= chunk)
        return fn(ctx, 0, count, 0);
    pf_job job;
    job.fn = fn;
    job.ctx = ctx;
    job.count = count;
    job.chunk = chunk;
    atomic_init(&job.next, 0);
    atomic_init(&job.status, 0);
    pthread_mutex_lock(&p->mu);
    p->job = &job;
    p->active = p->started;
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    run_chunks(&job, 0);
    pthread_mutex_lock(&p->mu);
    while (p->active > 0) /* every worker is out of this job */
        pthread_cond_wait(&p->idle, &p->mu);
    p->job = NULL;
    pthread_mutex_unlock(&p->mu);
    return atomic_load(&job.status);
}

int dn_parallel_for(int threads, int64_t count, int64_t chunk, dn_range_fn fn, void *ctx)
{
    if (!fn)
        return DN_EINVAL;
    if (count <= 0)
        return DN_OK;
    if (chunk < 1)
        chunk = 1;
    int64_t chunks = (count + chunk - 1) / chunk;
    if (threads > chunks)
        threads = (int)chunks;
    if (threads <= 1)
        return fn(ctx, 0, count, 0);
    dn_pool *p;
    if (dn_pool_init(&p, threads, NULL))
        return fn(ctx, 0, count, 0); /* no memory for a pool: one thread is still right */
    int rc = dn_pool_for(p, count, chunk, fn, ctx);
    dn_pool_free(p);
    return rc;
}

void dn_parallel_error(const dn_err *errs, int workers, dn_err *err)
{
    for (int t = 0; errs && t < workers; t++)
        if (errs[t].msg[0]) {
            if (err)
                *err = errs[t];
            return;
        }
}

void dn_progress_init(dn_progress_counter *c, int64_t total, dn_progress_fn fn, void *ctx)
{
    if (!c)
        return;
    c->done = 0;
    c->total = total > 0 ? total : 1;
    c->fn = fn;
    c->ctx = ctx;
}

void dn_progress_add(dn_progress_counter *c, int64_t k, int tid)
{
    if (!c)
        return;
    int64_t d = __atomic_add_fetch(&c->done, k, __ATOMIC_RELAXED);
    if (tid == 0 && c->fn)
        c->fn(c->ctx, (double)d / (double)c->total);
}
