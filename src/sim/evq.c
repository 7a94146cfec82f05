/*
 * evq.c - the discrete-event core: a binary min-heap of events keyed by
 * (time, sequence number). The sequence number makes the order total, so
 * a run never depends on how the heap happens to break ties: events of
 * one instant pop in the order they were pushed. dn_evq_pop_batch hands a
 * model one instant at a time; the model applies all its state changes
 * (e.g. channel releases) before it serves new requests (two-phase
 * updates). The clock never runs backwards: pushing an event earlier than
 * the instant being processed is refused, which catches causality bugs in
 * models instead of silently reordering history.
 */
#include "dcnet/sim.h"
#include "../base/args_impl.h"
#include "../base/dn_assert.h"

#include <math.h>
#include <stdlib.h>

static int before(const dn_event *a, const dn_event *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

int dn_evq_init(dn_evq *q, int64_t cap_hint, dn_err *err)
{
    DN_NEED(err, q);
    q->len = 0;
    q->seq = 0;
    q->now = -INFINITY;
    q->popped = 0;
    q->cap = cap_hint > 16 ? cap_hint : 16;
    q->heap = malloc((size_t)q->cap * sizeof *q->heap);
    if (!q->heap)
        return dn_fail(err, DN_ENOMEM, "out of memory for an event queue of %lld entries",
                       (long long)q->cap);
    return DN_OK;
}

void dn_evq_free(dn_evq *q)
{
    if (!q)
        return;
    free(q->heap);
    q->heap = NULL;
    q->len = q->cap = 0;
}

void dn_evq_clear(dn_evq *q)
{
    if (!q)
        return;
    q->len = 0;
    q->seq = 0;
    q->now = -INFINITY;
    q->popped = 0;
}

int dn_evq_push(dn_evq *q, double time, int64_t data, dn_err *err)
{
    DN_NEED(err, q);
    if (isnan(time) || time < q->now)
        return dn_fail(err, DN_EINVAL, "event at time %g is before the current time %g", time,
                       q->now);
    if (q->len == q->cap) {
        int64_t nc = q->cap * 2;
        dn_event *h = realloc(q->heap, (size_t)nc * sizeof *h);
        if (!h)
            return dn_fail(err, DN_ENOMEM, "out of memory for %lld events", (long long)nc);
        q->heap = h;
        q->cap = nc;
    }
    dn_event ev = {time, q->seq++, data};
    int64_t i = q->len++;
    while (i > 0) { /* sift up */
        int64_t p = (i - 1) / 2;
        if (!before(&ev, &q->heap[p]))
            break;
        q->heap[i] = q->heap[p];
        i = p;
    }
    q->heap[i] = ev;
    return DN_OK;
}

int dn_evq_pop(dn_evq *q, dn_event *out)
{
    if (!q || !out || q->len == 0)
        return 0;
    *out = q->heap[0];
    dn_event last = q->heap[--q->len];
    int64_t i = 0, n = q->len;
    for (;;) { /* sift down */
        int64_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && before(&q->heap[c + 1], &q->heap[c]))
            c++;
        if (!before(&q->heap[c], &last))
            break;
        q->heap[i] = q->heap[c];
        i = c;
    }
    if (n > 0)
        q->heap[i] = last;
    DN_ASSERT(out->time >= q->now); /* events leave in time order */
    q->now = out->time;
    q->popped++;
    return 1;
}

int dn_evq_pop_batch(dn_evq *q, dn_event **buf, int64_t *cap, int64_t *count, dn_err *err)
{
    DN_NEED(err, q);
    DN_NEED(err, buf);
    DN_NEED(err, cap);
    DN_NEED(err, count);
    *count = 0;
    if (q->len == 0)
        return DN_OK;
    double t = q->heap[0].time;
    while (q->len > 0 && q->heap[0].time == t) {
        if (*count == *cap) {
            int64_t nc = *cap ? *cap * 2 : 64;
            dn_event *b = realloc(*buf, (size_t)nc * sizeof *b);
            if (!b)
                return dn_fail(err, DN_ENOMEM, "out of memory for a batch of %lld events",
                               (long long)nc);
            *buf = b;
            *cap = nc;
        }
        dn_evq_pop(q, &(*buf)[(*count)++]);
    }
    return DN_OK;
}
