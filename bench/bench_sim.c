/*
 * bench_sim.c - the network simulator at size (issue 4):
 *   1. events per second: the division stage of B(16) on BDG(16) under saf
 *      (one event per hop) and wormhole, against the bare event queue
 *      pushing and popping the same number of events (the floor any
 *      discrete-event simulator pays);
 *   2. the division stage of B(20) on BDG(20) by mapping D under wormhole
 *      (1M processors, 1M messages; goal < 30 s): building the workload,
 *      simulating, and, as the baseline, the static metrics of the same
 *      embedding (dcnet embed: dilation and per-phase contention);
 *   3. the all-roots average on a 64 x 64 mesh (4096 roots, B(12), DC-cube
 *      descending, wormhole; and Growing b under saf; goal < 60 s on 2
 *      cores), on 1 and 2 threads.
 * Every ratio is against a baseline measured in the same run.
 */
#include "dcnet/dcnet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what, const dn_err *err)
{
    fprintf(stderr, "bench_sim: %s: %s\n", what, err->msg);
    exit(1);
}

typedef struct setup {
    dn_net net;
    dn_tree tree;
    dn_embed *e;
} setup;

static void open_setup(setup *s, const char *net, const char *tree, const char *map)
{
    dn_err err;
    dn_tree_model tm;
    dn_embed_opts eo;
    memset(&eo, 0, sizeof eo);
    eo.map = map;
    eo.root = -1;
    if (dn_net_init(&s->net, net, &err) || dn_tree_model_parse(tree, &tm, &err) ||
        dn_tree_init(&s->tree, &tm, 1, 0, &err) ||
        dn_embed_init(&s->e, &s->net, &s->tree, &eo, &err))
        die(net, &err);
}

static void close_setup(setup *s)
{
    dn_embed_free(s->e);
    dn_tree_free(&s->tree);
    dn_net_free(&s->net);
}

static double simulate(const dn_sim_work *w, dn_switching sw, dn_sim_result *r)
{
    dn_sim *s;
    dn_err err;
    dn_sim_opts o;
    memset(&o, 0, sizeof o);
    o.sw = sw;
    o.ts = o.te = 1;
    o.ports = o.vcs = 1;
    if (dn_sim_init(&s, &o, &err))
        die("sim", &err);
    double t0 = now();
    if (dn_sim_run(s, w, r, &err))
        die("sim run", &err);
    double t = now() - t0;
    dn_sim_free(s);
    return t;
}

/* The bare heap: n pushes at pseudo-random times, then n pops. */
static double bare_queue(int64_t n)
{
    dn_evq q;
    dn_err err;
    dn_rng rng;
    dn_rng_seed(&rng, 1);
    if (dn_evq_init(&q, n, &err))
        die("evq", &err);
    double t0 = now();
    for (int64_t i = 0; i < n; i++)
        dn_evq_push(&q, (double)(dn_rng_next(&rng) >> 40), i, &err);
    dn_event ev;
    while (dn_evq_pop(&q, &ev))
        ;
    double t = now() - t0;
    dn_evq_free(&q);
    return t;
}

static void roots(const char *map, char approach, dn_dc_order ord, dn_switching sw, int threads,
                  double *sec, double *avg)
{
    dn_net net;
    dn_tree tree;
    dn_tree_model tm;
    dn_err err;
    dn_embed_opts eo;
    memset(&eo, 0, sizeof eo);
    eo.map = map;
    eo.approach = approach;
    eo.order = ord;
    dn_sim_work_opts wo;
    memset(&wo, 0, sizeof wo);
    wo.stage = DN_STAGE_DIVIDE;
    wo.alpha = 0.5;
    dn_sim_opts so;
    memset(&so, 0, sizeof so);
    so.sw = sw;
    so.ts = so.te = 1;
    so.ports = so.vcs = 1;
    dn_roots_result rr;
    if (dn_net_init(&net, "mesh:64x64", &err) || dn_tree_model_parse("binomial:12", &tm, &err) ||
        dn_tree_init(&tree, &tm, 1, 0, &err))
        die("mesh", &err);
    double t0 = now();
    if (dn_sim_all_roots(&net, &tree, &eo, &wo, &so, threads, &rr, &err))
        die("all roots", &err);
    *sec = now() - t0;
    *avg = rr.time;
    dn_roots_result_free(&rr);
    dn_tree_free(&tree);
    dn_net_free(&net);
}

int main(void)
{
    dn_err err;
    printf("# bench_sim: the network simulator (issue 4)\n\n");

    /* 1. events per second */
    {
        setup s;
        open_setup(&s, "debruijn:16", "binomial:16", "zrl");
        dn_sim_work_opts wo;
        memset(&wo, 0, sizeof wo);
        wo.stage = DN_STAGE_DIVIDE;
        wo.alpha = 0.5;
        dn_sim_work w;
        if (dn_sim_work_from_embed(&w, s.e, &wo, &err))
            die("work", &err);
        printf("## 1. events per second: B(16) on BDG(16), mapping D, %lld messages, %lld "
               "hops\n\n",
               (long long)w.msgs, (long long)w.hops);
        printf("| run | events | seconds | events/s | vs bare queue |\n|---|---|---|---|---|\n");
        for (int i = 0; i < 2; i++) {
            dn_switching sw = i ? DN_SW_WORMHOLE : DN_SW_SAF;
            dn_sim_result r;
            double t = simulate(&w, sw, &r);
            double tb = bare_queue(r.events);
            printf("| %s | %lld | %.4f | %.3g | bare queue %.3g events/s: engine = %.2fx its "
                   "cost |\n",
                   dn_switching_name(sw), (long long)r.events, t, (double)r.events / t,
                   (double)r.events / tb, t / tb);
            dn_sim_result_free(&r);
        }
        dn_sim_work_free(&w);
        close_setup(&s);
    }

    /* 2. B(20) on BDG(20), wormhole */
    {
        setup s;
        double t0 = now();
        open_setup(&s, "debruijn:20", "binomial:20", "zrl");
        double t_embed = now() - t0;
        dn_sim_work_opts wo;
        memset(&wo, 0, sizeof wo);
        wo.stage = DN_STAGE_DIVIDE;
        wo.alpha = 0.5;
        dn_sim_work w;
        t0 = now();
        if (dn_sim_work_from_embed(&w, s.e, &wo, &err))
            die("work", &err);
        double t_work = now() - t0;
        dn_sim_result r;
        double t_sim = simulate(&w, DN_SW_WORMHOLE, &r);
        dn_metrics m;
        t0 = now();
        if (dn_metrics_compute(s.e, NULL, &m, &err))
            die("metrics", &err);
        double t_met = now() - t0;
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("\n## 2. divide stage of B(20) on BDG(20) by mapping D, wormhole (goal < 30 s)\n\n");
        printf("| part | seconds |\n|---|---|\n");
        printf("| network + embedding | %.3f |\n| workload (routes of %lld messages, %lld hops) | "
               "%.3f |\n| simulation (%lld events) | %.3f |\n| total | %.3f |\n",
               t_embed, (long long)w.msgs, (long long)w.hops, t_work, (long long)r.events, t_sim,
               t_embed + t_work + t_sim);
        printf("| baseline: static metrics of the same embedding (dcnet embed) | %.3f |\n", t_met);
        printf("\nsimulated time %.6f (= %g t_s + %.6f t_e), conflicts %lld; workload + "
               "simulation = %.2fx the static metrics; peak RSS %.0f MiB\n",
               r.time, r.lin.s, r.lin.e, (long long)r.conflicts, (t_work + t_sim) / t_met,
               (double)ru.ru_maxrss / 1024);
        dn_metrics_free(&m);
        dn_sim_result_free(&r);
        dn_sim_work_free(&w);
        close_setup(&s);
    }

    /* 3. every root on a 64 x 64 mesh */
    {
        printf("\n## 3. average over the 4096 roots of a 64 x 64 mesh, B(12), alpha 1/2 (goal < "
               "60 s)\n\n");
        printf("| mapping | switching | 1 thread (s) | 2 threads (s) | speed-up | average time "
               "|\n|---|---|---|---|---|---|\n");
        static const struct {
            const char *map;
            char approach;
            dn_dc_order ord;
            dn_switching sw;
        } runs[] = {{"dccube", 0, DN_ORDER_DESC, DN_SW_WORMHOLE},
                    {"growing", 'b', DN_ORDER_DEFAULT, DN_SW_SAF}};
        for (int i = 0; i < 2; i++) {
            double t1, t2, a1, a2;
            roots(runs[i].map, runs[i].approach, runs[i].ord, runs[i].sw, 1, &t1, &a1);
            roots(runs[i].map, runs[i].approach, runs[i].ord, runs[i].sw, 2, &t2, &a2);
            printf("| %s%s | %s | %.2f | %.2f | %.2fx | %.6f%s |\n", runs[i].map,
                   runs[i].approach == 'b' ? " b" : "", dn_switching_name(runs[i].sw), t1, t2,
                   t1 / t2, a2, a1 == a2 ? "" : " (DIFFERS on 1 thread!)");
        }
    }
    return 0;
}
