/*
 * rt_impl.h - internals shared by the runtime's files: mailboxes (the
 * threads backend's queues), the transport interface the static schedule
 * runs over (threads direct, threads with network emulation, MPI), and
 * the static worker itself.
 */
#ifndef DN_RT_IMPL_H
#define DN_RT_IMPL_H

#include "dcnet/runtime.h"

#include <pthread.h>

/* TAG_HELP asks a finished worker for one part of a shared merge,
 * TAG_HELPED says that part is written (threads backend only). */
enum { TAG_DIVIDE = 1, TAG_RESULT = 2, TAG_TASK = 3, TAG_HELP = 4, TAG_HELPED = 5 };

typedef struct rt_msg {
    struct rt_msg *next;
    int from, to, tag;
    const int64_t *path; /* emulation: processors of the route */
    int64_t hops, at;    /* its hop count and the hop reached */
    int reverse;         /* travel the path backwards */
    dn_buf buf;
    void *job;           /* TAG_HELP: the shared merge (not owned) */
    int part;            /* TAG_HELP: which part of it */
    int64_t task, parent_task; /* dynamic mode: the task's number and its parent's */
    int kid;             /* dynamic mode: which child of its parent */
} rt_msg;

/* A blocking queue: one mutex and condition variable, no busy waiting.
 * Takers wait for a message matching (from, tag) (-1: any). Closing it
 * (a worker failed) wakes the ordinary takers; ending it (the run is
 * over) wakes every taker. */
typedef struct mailbox {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    rt_msg *head, *tail;
    int closed, ended;
} mailbox;

int mb_init(mailbox *m);
void mb_destroy(mailbox *m);  /* frees queued messages */
void mb_put(mailbox *m, rt_msg *msg);
rt_msg *mb_take(mailbox *m, int from, int tag); /* NULL once closed or ended, no match */
rt_msg *mb_take_until_end(mailbox *m, int from, int tag); /* NULL once ended, no match */
void mb_close(mailbox *m);
void mb_end(mailbox *m);

typedef struct rt_transport rt_transport;
struct rt_transport {
    /* takes b (its data is handed over or freed) */
    int (*send)(rt_transport *t, int from, int to, int tag, dn_buf *b, dn_err *err);
    int (*recv)(rt_transport *t, int me, int from, int tag, dn_buf *b, dn_err *err);
    void (*fail)(rt_transport *t); /* another worker failed: wake everyone */
    /* optional: worker r merges a and b (consumed) in phase p, with help
     * where the transport can give it; NULL: app->merge alone */
    int (*merge)(rt_transport *t, const dn_dc_app *app, int r, int p, int D, dn_buf *a,
                 dn_buf *b, dn_buf *res, dn_err *err);
    int64_t messages, bytes;       /* counted by the senders (atomically on threads) */
};

/* Timeline recorder, one per worker. */
typedef struct rt_spans {
    dn_rt_span *s;
    int64_t n, cap;
    int on;
} rt_spans;
void rt_span_add(rt_spans *sp, int worker, int kind, double t0, double t1);
double rt_now(void);
/* Waits this long (an emulated link's len / bandwidth): spins below 100 us,
 * sleeps above. */
void rt_hold(double seconds);
/* Concatenates per-worker spans (sp[w] for w < n, stride bytes apart) into
 * st->spans; on allocation failure the timeline is simply left empty. */
void rt_spans_gather(dn_rt_stats *st, const rt_spans *first, size_t stride, int n);

/* What task r of a run did (--record-tree): seconds of split, solve and
 * merge on its worker (not waiting, not sending), the bytes of the
 * message it received from its parent and of the result it sent back. */
typedef struct rt_task_rec {
    double work;
    int64_t down, up;
} rt_task_rec;

/* The static "keep half, send half" worker r of B(D) (file comment of
 * dcnet/runtime.h). Worker 0 passes the input and gets the output. rec
 * (not NULL) receives what the task did. */
int rt_static_worker(const dn_dc_app *app, rt_transport *t, int r, int D, dn_buf *input,
                     dn_buf *output, rt_spans *sp, double t0, rt_task_rec *rec, dn_err *err);
/* Fills st's task_* arrays from W static records (task r = worker r, the
 * binomial tree B(D)); on allocation failure they stay NULL. */
void rt_stats_tasks(dn_rt_stats *st, const rt_task_rec *rec, int W);
void rt_stats_tasks_free(dn_rt_stats *st); /* and NULL them */
/* Worker r's task in dcnet's binomial tree B(D) (static.c). */
int64_t rt_binomial_task(int64_t r);


/* Depth of the binomial tree for P workers, input size and grain. */
int rt_depth(int workers, size_t units, size_t grain);

/* MPI backend (mpi.c); DN_ENOTSUP when not built in. */
int rt_mpi_run(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
               dn_rt_stats *st, dn_err *err);

#endif
