/* dc_sum.c - a divide-and-conquer app in about 40 lines: the sum of squares
 * of n numbers on P worker threads with dcnet's binomial schedule.
 * Build: cc -Iinclude examples/dc_sum.c build/libdcnet.a -lpthread -lm
 *        (plus the optional libraries dcnet was built with; see Makefile) */
#include "dcnet/dcnet.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A problem is an array of doubles; a result is one double. */
static size_t units(void *ctx, const dn_buf *p) { (void)ctx; return p->len / sizeof(double); }

static int split(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    (void)ctx;
    size_t n = p->len / sizeof(double), h = n / 2;
    send->len = (n - h) * sizeof(double);               /* send the second half */
    if (!(send->data = malloc(send->len ? send->len : 1))) return DN_ENOMEM;
    memcpy(send->data, (double *)p->data + h, send->len);
    keep->data = p->data;                               /* keep the first half */
    keep->len = h * sizeof(double);
    p->data = NULL;
    return DN_OK;
}

static int solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx;
    double s = 0, *x = p->data;
    for (size_t i = 0; i < p->len / sizeof(double); i++) s += x[i] * x[i];
    *(double *)p->data = s;                             /* reuse the buffer */
    res->data = p->data; res->len = sizeof(double); p->data = NULL;
    return DN_OK;
}

static int merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    (void)ctx;
    *(double *)a->data += *(double *)b->data;
    free(b->data); b->data = NULL;
    *res = *a; a->data = NULL;
    return DN_OK;
}

int dc_sum_run(size_t n, int workers, double *sum)
{
    dn_dc_app app = {.name = "sumsq", .units = units, .split = split, .solve = solve,
                     .merge = merge};
    dn_buf in = {malloc(n * sizeof(double)), n * sizeof(double)}, out;
    if (!in.data) return DN_ENOMEM;
    for (size_t i = 0; i < n; i++) ((double *)in.data)[i] = (double)(i % 7);
    dn_rt_opts o = {.workers = workers, .grain = 1000, .root = -1};
    dn_rt_stats st;
    dn_err err;
    int rc = dn_rt_run(&app, &in, &out, &o, &st, &err);  /* consumes in */
    if (rc) { fprintf(stderr, "dc_sum: %s\n", err.msg); return rc; }
    *sum = *(double *)out.data;
    printf("sum of squares %.0f on %d workers, %lld messages, %.3f s\n", *sum, st.workers,
           (long long)st.messages, st.seconds);
    free(out.data);
    dn_rt_stats_free(&st);
    return DN_OK;
}

#ifndef DC_SUM_NO_MAIN
int main(int argc, char **argv)
{
    double s;
    return dc_sum_run(argc > 1 ? (size_t)atol(argv[1]) : 1000000, argc > 2 ? atoi(argv[2]) : 4,
                      &s) ? 1 : 0;
}
#endif
