/*
 * bench_net.c - time and peak memory to materialise and BFS large networks
 * (issue: debruijn:24 under 2 s and 1 GiB on a 2-core machine).
 *
 * Each measurement runs in a forked child so that its peak RSS (from
 * wait4's rusage) is its own. Speed is reported as ratios against
 * baselines measured in the same run:
 *   materialise: the implicit-neighbour CSR fill (ours) versus the generic
 *     path of a graph library: collect the arc list, counting-sort it into
 *     CSR and de-duplicate (dn_csr_from_arcs);
 *   BFS: CSR BFS (ours) versus BFS through the implicit neighbour function;
 *   exact diameter without a closed form: the bit-parallel all-pairs BFS
 *     (64 sources per sweep; 1 and 2 threads) versus n single-source BFS.
 */
#include "dcnet/net.h"

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

enum { MAT_CSR, MAT_ARCLIST, BFS_CSR, BFS_IMPLICIT };
static const char *const names[] = {"materialise (implicit -> CSR)",
                                    "materialise (arc list -> CSR, baseline)",
                                    "BFS from node 0 (CSR)", "BFS from node 0 (implicit, baseline)"};

/* Runs in the child; returns seconds of the measured part, or -1. */
static double measure(const char *spec, int what)
{
    dn_net net;
    dn_err e;
    dn_csr g;
    double t0, t = -1;
    if (dn_net_init(&net, spec, &e))
        return -1;
    if (what == MAT_CSR) {
        t0 = now();
        if (dn_net_materialize(&net, &g, 0, &e) == DN_OK)
            t = now() - t0;
        dn_csr_free(&g);
    } else if (what == MAT_ARCLIST) {
        int64_t cap = 2 * net.edges, k = 0, *nb = malloc((size_t)net.max_out * sizeof *nb);
        int32_t *src = malloc((size_t)cap * sizeof *src), *dst = malloc((size_t)cap * sizeof *dst);
        t0 = now();
        for (int64_t v = 0; v < net.n; v++) {
            int d = dn_net_neighbors(&net, v, nb);
            for (int i = 0; i < d; i++)
                if (v < nb[i]) {
                    src[k] = (int32_t)v;
                    dst[k++] = (int32_t)nb[i];
                }
        }
        if (dn_csr_from_arcs(&g, net.n, 0, src, dst, k, &e) == DN_OK)
            t = now() - t0;
        dn_csr_free(&g);
        free(src);
        free(dst);
        free(nb);
    } else {
        int32_t *dist = malloc((size_t)net.n * sizeof *dist), ecc;
        int64_t reached;
        if (what == BFS_CSR) {
            if (dn_net_materialize(&net, &g, 0, &e) == DN_OK) {
                t0 = now();
                dn_bfs(&g, 0, dist, &ecc, &reached);
                t = now() - t0;
            }
            dn_csr_free(&g);
        } else {
            t0 = now();
            if (dn_bfs_implicit(&net, 0, dist, &ecc, &reached, &e) == DN_OK)
                t = now() - t0;
        }
        if (reached != net.n)
            t = -1;
        free(dist);
    }
    dn_net_free(&net);
    return t;
}

static int run(const char *spec, int what, double *secs, double *mib)
{
    int fds[2];
    pid_t pid;
    struct rusage ru;
    int st;
    if (pipe(fds))
        return -1;
    pid = fork();
    if (pid == 0) {
        double t = measure(spec, what);
        if (write(fds[1], &t, sizeof t) != sizeof t)
            _exit(1);
        _exit(0);
    }
    close(fds[1]);
    if (read(fds[0], secs, sizeof *secs) != sizeof *secs)
        *secs = -1;
    close(fds[0]);
    if (wait4(pid, &st, 0, &ru) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return -1;
    *mib = (double)ru.ru_maxrss / 1024.0;
    return *secs < 0 ? -1 : 0;
}

/* Exact diameter of a network with no closed form (a Sneptree). */
static void bench_apsp(const char *spec)
{
    dn_net net;
    dn_err e;
    dn_csr g;
    dn_facts f;
    dn_facts_opts o;
    double t0, t_base, t1, t2;
    int32_t *dist, ecc, diam = 0;
    int64_t reached;
    if (dn_net_init(&net, spec, &e) || dn_net_materialize(&net, &g, 0, &e))
        return;
    dist = malloc((size_t)g.n * sizeof *dist);
    t0 = now();
    for (int64_t s = 0; s < g.n; s++) {
        dn_bfs(&g, s, dist, &ecc, &reached);
        if (ecc > diam)
            diam = ecc;
    }
    t_base = now() - t0;
    memset(&o, 0, sizeof o);
    o.bfs_limit = g.n;
    o.force_scan = 1;
    o.threads = 1;
    t0 = now();
    dn_net_facts(&net, &o, &f, &e);
    t1 = now() - t0;
    o.threads = 2;
    t0 = now();
    dn_net_facts(&net, &o, &f, &e);
    t2 = now() - t0;
    printf("%-13s %-42s %9.3f %10s %9s\n", spec, "diameter: n x BFS (baseline)", t_base, "-",
           "1.00x");
    printf("%-13s %-42s %9.3f %10s %8.2fx\n", spec, "diameter: bit-parallel APSP, 1 thread", t1,
           "-", t_base / t1);
    printf("%-13s %-42s %9.3f %10s %8.2fx\n", spec, "diameter: bit-parallel APSP, 2 threads", t2,
           "-", t_base / t2);
    if (f.diameter != diam)
        printf("MISMATCH: diameter %lld vs %d\n", (long long)f.diameter, diam);
    free(dist);
    dn_csr_free(&g);
    dn_net_free(&net);
}

int main(int argc, char **argv)
{
    const char *specs[] = {"debruijn:24", "butterfly:18"};
    int nspecs = 2, reps = 3;
    if (argc > 1) {
        specs[0] = argv[1];
        nspecs = 1;
    }
    printf("%-13s %-42s %9s %10s %9s\n", "network", "measurement", "seconds", "peak MiB",
           "speed-up");
    for (int s = 0; s < nspecs; s++) {
        double best[4], mem[4];
        for (int w = 0; w < 4; w++) {
            best[w] = 1e30;
            for (int r = 0; r < reps; r++) {
                double t, m;
                if (run(specs[s], w, &t, &m)) {
                    fprintf(stderr, "bench: %s %s failed\n", specs[s], names[w]);
                    return 1;
                }
                if (t < best[w])
                    best[w] = t;
                mem[w] = m;
            }
        }
        for (int w = 0; w < 4; w++) {
            printf("%-13s %-42s %9.3f %10.1f", specs[s], names[w], best[w], mem[w]);
            if (w == MAT_CSR)
                printf(" %8.2fx\n", best[MAT_ARCLIST] / best[MAT_CSR]);
            else if (w == BFS_CSR)
                printf(" %8.2fx\n", best[BFS_IMPLICIT] / best[BFS_CSR]);
            else
                printf(" %9s\n", "1.00x");
        }
    }
    if (nspecs > 1) {
        bench_apsp("sneptree-t:13");
        bench_apsp("debruijn:14");
    }
    printf("(best of %d runs each, one forked process per run; speed-up = baseline / ours)\n",
           reps);
    return 0;
}
