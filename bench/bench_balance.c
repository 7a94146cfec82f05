/*
 * bench_balance.c - load balancing on DDB(16) (issue 6): 65,536
 * processors, about 1M tasks (random:1:16, uniform on [0, 32]), every
 * algorithm: simulated time to balance (steps), rounds, messages, tasks
 * moved and task-hops, and the wall time of the simulation itself (goal
 * < 10 s each). Baseline measured in the same run: the bare event queue
 * pushing and popping as many events as the seed's protocol makes link
 * traversals (the floor of any event-driven simulation of it). The
 * optimal plan (GLPK out-of-kilter) is measured on DDB(14), its limit.
 */
#include "dcnet/dcnet.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what, const dn_err *err)
{
    fprintf(stderr, "bench_balance: %s: %s\n", what, err->msg);
    exit(1);
}

static double bare_evq(int64_t events)
{
    dn_evq q;
    dn_err err;
    dn_event ev;
    if (dn_evq_init(&q, 1 << 16, &err))
        die("evq", &err);
    double t0 = now(), t = 0;
    /* keep ~64K events pending, like the protocol's per-node traffic */
    for (int64_t i = 0; i < events; i++) {
        if (dn_evq_push(&q, t + (double)(i % 64 + 1), i, &err))
            die("evq", &err);
        if (q.len > 65536 && dn_evq_pop(&q, &ev))
            t = ev.time;
    }
    while (dn_evq_pop(&q, &ev))
        ;
    double s = now() - t0;
    dn_evq_free(&q);
    return s;
}

static void run(int k, const char *spec, double *spanning_sec, int64_t *spanning_hops)
{
    dn_err err;
    int64_t *loads, bound;
    if (dn_bal_loads_spec(spec, (int64_t)1 << k, &loads, &err))
        die("loads", &err);
    double t0 = now();
    if (dn_bal_lower_bound(k, loads, &bound, &err))
        die("bound", &err);
    printf("DDB(%d), %s: lower bound %lld time units (%.3f s to compute)\n", k, spec,
           (long long)bound, now() - t0);
    printf("  %-19s %8s %10s %7s %9s %10s %11s %5s %8s\n", "algo", "routing", "steps", "rounds",
           "messages", "tasks_moved", "task_hops", "+-1", "wall s");
    for (int a = 0; a < DN_BAL_NALGO; a++)
        for (int s = 0; s < (a <= DN_BAL_TREE ? 2 : 1); s++) {
            if (a == DN_BAL_OPTIMAL && (!dn_have_glpk() || k > DN_BAL_OPTIMAL_MAX_K))
                continue;
            dn_bal_opts o = {s, 1, 0, 0};
            dn_bal_result r;
            t0 = now();
            if (dn_balance(k, loads, (dn_bal_algo)a, &o, &r, &err))
                die(dn_bal_algo_name((dn_bal_algo)a), &err);
            double sec = now() - t0;
            printf("  %-19s %8s %10.0f %7lld %9lld %11lld %11lld %5s %8.3f\n",
                   dn_bal_algo_name((dn_bal_algo)a),
                   a <= DN_BAL_TREE ? (s ? "shortest" : "length-k") : "-", r.steps,
                   (long long)r.rounds, (long long)r.messages, (long long)r.tasks_moved,
                   (long long)r.task_hops, r.within_one ? "yes" : "no", sec);
            if (a == DN_BAL_SPANNING && s == 0 && spanning_sec) {
                *spanning_sec = sec;
                *spanning_hops = r.message_hops;
            }
            dn_bal_result_free(&r);
        }
    free(loads);
}

int main(void)
{
    double sec = 0;
    int64_t hops = 0;
    run(16, "random:1:16", &sec, &hops);
    double bare = bare_evq(hops);
    printf("  seed's protocol: %lld link traversals in %.3f s; bare event queue, same count: "
           "%.3f s (protocol %.2fx the bare heap)\n", (long long)hops, sec, bare, sec / bare);
    run(14, "random:1:16", NULL, NULL);
    return 0;
}
