/*
 * bench_load.c - dynamic placement at size (issue 5):
 *   1. exact loads on debruijn:22 (4.2M processors), complete:2:30, Delta 3:
 *      goal < 20 s and < 2 GiB; 1 and 2 threads, each forked for its own
 *      peak RSS (network materialisation included).
 *   2. butterfly:12 (53,248 processors), every start processor: with the
 *      butterfly's column-XOR orbits (13 starts computed) against the
 *      time per start without them (measured on 256 starts, scaled to all).
 *   3. the sparse method against the seed's dense N x N program at N =
 *      1024, 2048 and 4096 (debruijn:10..12, complete:2:10, Delta 3): one
 *      start, and all starts.
 *   4. simulation throughput in tree nodes per second (butterfly:10,
 *      complete:2:16, Delta 3, 40 trials), 1 and 2 threads.
 * Every ratio is against a baseline measured in the same run.
 */
#include "dcnet/dcnet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what, const dn_err *err)
{
    fprintf(stderr, "bench_load: %s: %s\n", what, err->msg);
    exit(1);
}

static void setup(const char *net_s, const char *tree_s, dn_net *net, dn_csr *g, dn_tree_model *m)
{
    dn_err err;
    if (dn_net_init(net, net_s, &err) || dn_net_materialize(net, g, 0, &err) ||
        dn_tree_model_parse(tree_s, m, &err))
        die(net_s, &err);
}

/* 1: in a child: materialise + exact loads; reports seconds and ratio */
static void big_exact(const char *net_s, int threads, double *sec, double *ratio, long *rss_kb)
{
    int fds[2];
    double res[2] = {-1, 0};
    *sec = -1;
    if (pipe(fds))
        return;
    pid_t pid = fork();
    if (pid == 0) {
        dn_net net;
        dn_csr g;
        dn_tree_model m;
        dn_load_opts o;
        dn_loads L;
        dn_err err;
        double t0 = now();
        setup(net_s, "complete:2:30", &net, &g, &m);
        memset(&o, 0, sizeof o);
        o.delta = 3;
        o.threads = threads;
        if (dn_loads_exact(&net, &g, &m, 0, &o, &L, &err))
            die("exact", &err);
        res[0] = now() - t0;
        res[1] = L.ratio;
        if (write(fds[1], res, sizeof res) != sizeof res)
            _exit(1);
        _exit(0);
    }
    close(fds[1]);
    if (read(fds[0], res, sizeof res) != sizeof res)
        res[0] = -1;
    close(fds[0]);
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    *sec = res[0];
    *ratio = res[1];
    *rss_kb = ru.ru_maxrss;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    dn_err err;

    const char *big = quick ? "debruijn:18" : "debruijn:22";
    printf("1. exact loads on %s, complete:2:30, Delta 3 (forked; includes materialising)\n", big);
    double s1, s2, r1, r2;
    long kb1, kb2;
    big_exact(big, 1, &s1, &r1, &kb1);
    big_exact(big, 2, &s2, &r2, &kb2);
    printf("  1 thread   %7.2f s  %6.0f MiB  alpha = %.9f\n", s1, kb1 / 1024.0, r1);
    printf("  2 threads  %7.2f s  %6.0f MiB  alpha = %.9f   %.2fx faster\n", s2, kb2 / 1024.0,
           r2, s1 / s2);

    printf("\n2. butterfly:12, every start processor, complete:2:8, Delta 3\n");
    {
        dn_net net;
        dn_csr g;
        dn_tree_model m;
        dn_load_opts o;
        dn_loads_all A;
        setup("butterfly:12", "complete:2:8", &net, &g, &m);
        memset(&o, 0, sizeof o);
        o.delta = 3;
        o.threads = 2;
        double t0 = now();
        if (dn_loads_all_starts(&net, &g, &m, &o, &A, &err))
            die("all starts", &err);
        double t_orb = now() - t0;
        /* baseline: plain per-start runs, 256 of them, 2 threads' worth of work */
        int sample = quick ? 32 : 256;
        t0 = now();
        for (int i = 0; i < sample; i++) {
            dn_loads L;
            o.threads = 1;
            if (dn_loads_exact(&net, &g, &m, (int64_t)i * 199 % net.n, &o, &L, &err))
                die("start", &err);
            dn_loads_free(&L);
        }
        double per = (now() - t0) / sample;
        double all_plain = per * (double)net.n / 2.0; /* perfectly split over 2 threads */
        printf("  orbits: %lld starts computed, %.3f s; max alpha %.6g\n", (long long)A.computed,
               t_orb, A.ratio[0]);
        printf("  without orbits: %.2f ms per start, so %.0f s for all %lld on 2 threads "
               "(scaled from %d starts): %.0fx\n",
               per * 1e3, all_plain, (long long)net.n, sample, all_plain / t_orb);
        dn_loads_all_free(&A);
        dn_csr_free(&g);
        dn_net_free(&net);
    }

    printf("\n3. sparse vs the seed's dense N x N program (debruijn:K, complete:2:10, Delta 3, 1 thread)\n");
    printf("  %6s  %12s  %12s  %9s  %14s  %9s  %10s\n", "N", "dense all", "sparse one",
           "one: x", "sparse all", "all: x", "max |diff|");
    for (int k = 10; k <= (quick ? 10 : 12); k++) {
        char spec[32];
        snprintf(spec, sizeof spec, "debruijn:%d", k);
        dn_net net;
        dn_csr g;
        dn_tree_model m;
        dn_load_opts o;
        dn_loads_all D, S;
        dn_loads L;
        setup(spec, "complete:2:10", &net, &g, &m);
        memset(&o, 0, sizeof o);
        o.delta = 3;
        o.threads = 1;
        o.method = DN_LOAD_DENSE;
        double t0 = now();
        if (dn_loads_all_starts(&net, &g, &m, &o, &D, &err))
            die("dense", &err);
        double t_dense = now() - t0;
        o.method = DN_LOAD_SPARSE;
        t0 = now();
        if (dn_loads_exact(&net, &g, &m, 0, &o, &L, &err))
            die("sparse", &err);
        double t_one = now() - t0;
        t0 = now();
        if (dn_loads_all_starts(&net, &g, &m, &o, &S, &err))
            die("sparse all", &err);
        double t_all = now() - t0;
        double diff = 0;
        for (int64_t s = 0; s < net.n; s++)
            diff = fmax(diff, fabs(S.ratio[s] - D.ratio[s]));
        printf("  %6lld  %10.3f s  %10.5f s  %8.0fx  %12.3f s  %8.1fx  %10.2g\n",
               (long long)net.n, t_dense, t_one, t_dense / t_one, t_all, t_dense / t_all, diff);
        dn_loads_free(&L);
        dn_loads_all_free(&D);
        dn_loads_all_free(&S);
        dn_csr_free(&g);
        dn_net_free(&net);
    }

    printf("\n4. simulation throughput (butterfly:10, complete:2:16, Delta 3)\n");
    {
        dn_net net;
        dn_csr g;
        dn_tree_model m;
        setup("butterfly:10", "complete:2:16", &net, &g, &m);
        double base = 0;
        for (int walk = 0; walk < DN_WALK_COUNT; walk++)
            for (int th = 1; th <= 2; th++) {
                dn_grow_opts o;
                dn_grow_result r;
                memset(&o, 0, sizeof o);
                o.walk = walk;
                o.delta = 3;
                o.trials = quick ? 8 : 40;
                o.seed = 1;
                o.threads = th;
                double t0 = now();
                if (dn_grow_simulate(&g, &m, 0, &o, &r, &err))
                    die("simulate", &err);
                double t = now() - t0;
                double rate = r.mean_size * (double)o.trials / t;
                if (walk == 0 && th == 1)
                    base = rate;
                printf("  %-13s %d thread%s  %6.2f M nodes/s  (%.2fx canonical, 1 thread)\n",
                       dn_walk_name(walk), th, th > 1 ? "s" : " ", rate / 1e6, rate / base);
                dn_grow_free(&r);
            }
        dn_csr_free(&g);
        dn_net_free(&net);
    }
    return 0;
}
