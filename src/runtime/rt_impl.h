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

enum { TAG_DIVIDE = 1, TAG_RESULT = 2, TAG_TASK = 3 };

typedef struct rt_msg {
    struct rt_msg *next;
    int from, to, tag;
    const int64_t *path; /* emulation: processors of the route */
    int64_t hops, at;    /* its hop count and the hop reached */
    int reverse;         /* travel the path backwards */
    dn_buf buf;
} rt_msg;

/* A blocking queue: one mutex and condition variable, no busy waiting.
 * Takers wait for a message matching (from, tag) (-1: any). */
typedef struct mailbox {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    rt_msg *head, *tail;
    int closed;
} mailbox;

int mb_init(mailbox *m);
void mb_destroy(mailbox *m);  /* frees queued messages */
void mb_put(mailbox *m, rt_msg *msg);
rt_msg *mb_take(mailbox *m, int from, int tag); /* NULL once closed and empty */
void mb_close(mailbox *m);

typedef struct rt_transport rt_transport;
struct rt_transport {
    /* takes b (its data is handed over or freed) */
    int (*send)(rt_transport *t, int from, int to, int tag, dn_buf *b, dn_err *err);
    int (*recv)(rt_transport *t, int me, int from, int tag, dn_buf *b, dn_err *err);
    void (*fail)(rt_transport *t); /* another worker failed: wake everyone */
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
/* Concatenates per-worker spans (sp[w] for w < n, stride bytes apart) into
 * st->spans; on allocation failure the timeline is simply left empty. */
void rt_spans_gather(dn_rt_stats *st, const rt_spans *first, size_t stride, int n);

/* The static "keep half, send half" worker r of B(D) (file comment of
 * dcnet/runtime.h). Worker 0 passes the input and gets the output. */
int rt_static_worker(const dn_dc_app *app, rt_transport *t, int r, int D, dn_buf *input,
                     dn_buf *output, rt_spans *sp, double t0, dn_err *err);

/* Depth of the binomial tree for P workers, input size and grain. */
int rt_depth(int workers, size_t units, size_t grain);

/* MPI backend (mpi.c); DN_ENOTSUP when not built in. */
int rt_mpi_run(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
               dn_rt_stats *st, dn_err *err);

#endif
