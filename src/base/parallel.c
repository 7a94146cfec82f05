/*
 * parallel.c - a minimal parallel-for over index ranges (pthreads).
 *
 * Chunks are claimed from an atomic counter, so faster workers take more;
 * the caller's thread works too, and if a thread cannot be created the
 * others simply take its share. Determinism is the caller's contract: fn
 * writes results by index, never in completion order.
 */
#include "dcnet/base.h"

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

typedef struct pf_arg {
    pf_job *job;
    int tid;
} pf_arg;

static void *pf_worker(void *p)
{
    pf_arg *a = p;
    pf_job *j = a->job;
    for (;;) {
        if (atomic_load(&j->status))
            break;
        int64_t b = (int64_t)atomic_fetch_add(&j->next, (long long)j->chunk);
        if (b >= j->count)
            break;
        int64_t e = b + j->chunk < j->count ? b + j->chunk : j->count;
        int rc = j->fn(j->ctx, b, e, a->tid);
        if (rc) {
            int zero = 0;
            atomic_compare_exchange_strong(&j->status, &zero, rc);
        }
    }
    return NULL;
}

int dn_parallel_for(int threads, int64_t count, int64_t chunk, dn_range_fn fn, void *ctx)
{
    if (count <= 0)
        return DN_OK;
    if (chunk < 1)
        chunk = 1;
    int64_t chunks = (count + chunk - 1) / chunk;
    if (threads > chunks)
        threads = (int)chunks;
    if (threads <= 1)
        return fn(ctx, 0, count, 0);
    pf_job job;
    job.fn = fn;
    job.ctx = ctx;
    job.count = count;
    job.chunk = chunk;
    atomic_init(&job.next, 0);
    atomic_init(&job.status, 0);
    pthread_t *tids = malloc((size_t)threads * sizeof *tids);
    pf_arg *args = malloc((size_t)threads * sizeof *args);
    int started = 1;
    if (tids && args) {
        for (int t = 0; t < threads; t++) {
            args[t].job = &job;
            args[t].tid = t;
        }
        for (int t = 1; t < threads; t++) {
            if (pthread_create(&tids[t], NULL, pf_worker, &args[t]) != 0)
                break;
            started++;
        }
        pf_worker(&args[0]);
        for (int t = 1; t < started; t++)
            pthread_join(tids[t], NULL);
    } else {
        pf_arg a0 = {&job, 0};
        pf_worker(&a0);
    }
    free(tids);
    free(args);
    return atomic_load(&job.status);
}

void dn_parallel_error(const dn_err *errs, int workers, dn_err *err)
{
    for (int t = 0; t < workers; t++)
        if (errs[t].msg[0]) {
            if (err)
                *err = errs[t];
            return;
        }
}
