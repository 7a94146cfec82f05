/*
 * bench_runtime.c - the runtime on this machine (issue 7), one run:
 *   1. mergesort of 2e7 and 1e8 random 64-bit keys with 1, 2 and 4 worker
 *      threads, dcnet's copying form (messages carry the keys) and its
 *      shared-memory form (dn_app_share), against libc qsort and against
 *      an OpenMP-tasks mergesort (the version every C user would write
 *      first: two tasks per split above a cutoff, a taskwait, a sequential
 *      merge) with the same sequential kernels, all in this run, best of
 *      3 (2e7) or 2 (1e8) interleaved rounds; goal: 2 workers at least
 *      1.7x faster than 1, and no slower than OpenMP tasks with 2 threads;
 *   2. nqueens 14: the dynamic random-walk mode against the static split
 *      of the first two rows, 4 workers;
 *   3. network emulation: prefix sums of 1.6e7 keys (little computing,
 *      64 MB first messages both ways) on debruijn:4 (16 processors, one
 *      router thread each, links of 1000 MB/s) placed by mapping D (zrl)
 *      against a random placement (--seed 1): the measured cost of
 *      dilation (best of 3).
 * Every result is verified; every ratio is against a baseline of this run.
 */
#include "dcnet/dcnet.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what, const dn_err *err)
{
    fprintf(stderr, "bench_runtime: %s: %s\n", what, err->msg);
    exit(1);
}

static int cmp_u64(const void *a, const void *b)
{
    u64 x = *(const u64 *)a, y = *(const u64 *)b;
    return x < y ? -1 : x > y;
}

/* ---- the OpenMP-tasks baseline ---- */

static void merge_runs(const u64 *a, size_t na, const u64 *b, size_t nb, u64 *out)
{
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = b[j] < a[i] ? b[j++] : a[i++];
    while (i < na)
        out[k++] = a[i++];
    while (j < nb)
        out[k++] = b[j++];
}

static void seq_msort(u64 *a, u64 *tmp, size_t n)
{
    if (n <= 32) {
        for (size_t i = 1; i < n; i++) {
            u64 x = a[i];
            size_t j = i;
            while (j > 0 && a[j - 1] > x) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    size_t h = n / 2;
    seq_msort(a, tmp, h);
    seq_msort(a + h, tmp, n - h);
    memcpy(tmp, a, h * sizeof *a);
    merge_runs(tmp, h, a + h, n - h, a);
}

static void omp_msort(u64 *a, u64 *tmp, size_t n)
{
    if (n < 100000) {
        seq_msort(a, tmp, n);
        return;
    }
    size_t h = n / 2;
#pragma omp task
    omp_msort(a, tmp, h);
#pragma omp task
    omp_msort(a + h, tmp + h, n - h);
#pragma omp taskwait
    memcpy(tmp, a, h * sizeof *a);
    merge_runs(tmp, h, a + h, n - h, a);
}

/* ---- dcnet runs ---- */

static double run_dc(const dn_app_run *proto, const u64 *keys, size_t n, int workers,
                     const dn_net *net, const char *map, double bw, const u64 *sorted,
                     dn_rt_stats *st)
{
    dn_err err;
    dn_buf in = {malloc(n * sizeof(u64)), n * sizeof(u64)}, out;
    if (!in.data) {
        fprintf(stderr, "bench_runtime: out of memory\n");
        exit(1);
    }
    memcpy(in.data, keys, n * sizeof(u64));
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = workers;
    o.grain = 1024;
    o.net = net;
    o.map = map;
    o.root = -1;
    o.seed = 1;
    o.link_bw = bw;
    if (dn_rt_run(&proto->dc, &in, &out, &o, st, &err))
        die("run", &err);
    if (out.len != n * sizeof(u64) || memcmp(out.data, sorted, out.len) != 0) {
        fprintf(stderr, "bench_runtime: %s result differs from the reference\n", proto->name);
        exit(1);
    }
    free(out.data);
    return st->seconds;
}

/* One dcnet mergesort of keys (copied in, verified against ref): with
 * messages that carry the keys, or in shared memory (dn_app_share). */
static double run_sort(const u64 *keys, const u64 *ref, size_t n, int workers, int shared)
{
    dn_err err;
    dn_app_run a;
    if (dn_app_init(&a, "mergesort", 1, 1, 0, &err))
        die("app", &err);
    free(a.input.data);
    free(a.ref);
    a.input.data = malloc(n * sizeof(u64));
    a.input.len = n * sizeof(u64);
    if (!a.input.data) {
        fprintf(stderr, "bench_runtime: out of memory for %zu keys\n", n);
        exit(1);
    }
    memcpy(a.input.data, keys, n * sizeof(u64));
    a.n = (int64_t)n;
    a.ref = (void *)ref; /* borrowed: given back before dn_app_free */
    if (shared && dn_app_share(&a, &err))
        die("shared", &err);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = workers;
    o.grain = 1024;
    o.root = -1;
    o.seed = 1;
    dn_rt_stats st;
    dn_buf out;
    if (dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err) || dn_app_verify(&a, &out, 0, &err))
        die("mergesort", &err);
    double s = st.seconds;
    free(out.data);
    dn_rt_stats_free(&st);
    a.ref = NULL;
    dn_app_free(&a);
    return s;
}

static double run_omp(const u64 *keys, const u64 *ref, size_t n, int threads)
{
    u64 *a = malloc(n * sizeof *a), *scratch = malloc(n * sizeof *scratch);
    if (!a || !scratch) {
        fprintf(stderr, "bench_runtime: out of memory for %zu keys\n", n);
        exit(1);
    }
    memcpy(a, keys, n * sizeof *a);
    double t0 = now();
#pragma omp parallel num_threads(threads)
#pragma omp single
    omp_msort(a, scratch, n);
    double s = now() - t0;
    if (memcmp(a, ref, n * sizeof *a) != 0) {
        fprintf(stderr, "bench_runtime: OpenMP mergesort is wrong\n");
        exit(1);
    }
    free(a);
    free(scratch);
    return s;
}

static void sort_bench(size_t n, int reps)
{
    u64 *keys = malloc(n * sizeof *keys), *ref = malloc(n * sizeof *ref);
    if (!keys || !ref) {
        fprintf(stderr, "bench_runtime: out of memory for %zu keys\n", n);
        exit(1);
    }
    dn_rng rng;
    dn_rng_seed(&rng, 42);
    for (size_t i = 0; i < n; i++)
        keys[i] = dn_rng_next(&rng);
    memcpy(ref, keys, n * sizeof *ref);
    double t0 = now();
    qsort(ref, n, sizeof *ref, cmp_u64);
    double t_qsort = now() - t0;
    /* best of reps, the three kinds interleaved in every round so that
     * they share the machine's moods; OpenMP last in a round, then a
     * pause: libgomp's idle threads spin for a while after a region */
    double t[3][5];
    for (int k = 0; k < 3; k++)
        for (int p = 0; p < 5; p++)
            t[k][p] = 1e9;
    for (int rep = 0; rep < reps; rep++) {
        for (int p = 1; p <= 4; p *= 2) {
            double s = run_sort(keys, ref, n, p, 0);
            t[0][p] = s < t[0][p] ? s : t[0][p];
            s = run_sort(keys, ref, n, p, 1);
            t[1][p] = s < t[1][p] ? s : t[1][p];
        }
        for (int p = 1; p <= 4; p *= 2) {
            double s = run_omp(keys, ref, n, p);
            t[2][p] = s < t[2][p] ? s : t[2][p];
        }
        struct timespec pause = {0, 200000000};
        nanosleep(&pause, NULL);
    }
    static const char *kind[3] = {"dcnet, messages carry the keys", "dcnet, shared memory",
                                  "OpenMP tasks (baseline)"};
    printf("| %.0e | qsort | %.3f | | | | |\n", (double)n, t_qsort);
    for (int k = 0; k < 3; k++)
        printf("| %.0e | %s | %.3f | %.3f | %.3f | %.2fx | %.2fx |\n", (double)n, kind[k],
               t[k][1], t[k][2], t[k][4], t[k][1] / t[k][2], t[2][2] / t[k][2]);
    free(keys);
    free(ref);
}

int main(void)
{
    dn_err err;
    printf("# bench_runtime: real divide-and-conquer runs (issue 7), %d cores\n\n",
           omp_get_num_procs());
    printf("## 1. mergesort of random 64-bit keys (seconds; 1, 2, 4 workers or threads)\n\n");
    printf("| keys | run | 1 | 2 | 4 | 1 -> 2 | OpenMP 2 / this 2 |\n");
    printf("|---|---|---|---|---|---|---|\n");
    sort_bench(20000000, 3);
    sort_bench(100000000, 2);

    printf("\n## 2. nqueens 14, 4 workers (seconds)\n\n| mode | seconds | tasks or "
           "messages | max tasks on one worker |\n|---|---|---|---|\n");
    {
        dn_app_run a;
        dn_rt_stats st;
        dn_buf out;
        dn_rt_opts o;
        memset(&o, 0, sizeof o);
        o.workers = 4;
        o.grain = 1;
        o.root = -1;
        o.seed = 1;
        o.walk = 2;
        if (dn_app_init(&a, "nqueens", 14, 1, 0, &err) ||
            dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err) || dn_app_verify(&a, &out, 0, &err))
            die("nqueens static", &err);
        double ts = st.seconds;
        printf("| static (first two rows split in halves) | %.3f | %lld messages | - |\n", ts,
               (long long)st.messages);
        free(out.data);
        dn_rt_stats_free(&st);
        dn_app_free(&a);
        int64_t answer;
        if (dn_app_init(&a, "nqueens", 14, 1, 1, &err) ||
            dn_rt_run_tree(&a.tree, &a.input, &answer, &o, &st, &err) ||
            dn_app_verify(&a, NULL, answer, &err))
            die("nqueens dynamic", &err);
        int64_t mx = 0;
        for (int w = 0; w < st.workers; w++)
            mx = st.worker_tasks[w] > mx ? st.worker_tasks[w] : mx;
        printf("| dynamic (random walk, Delta 2) | %.3f | %lld tasks | %lld |\n", st.seconds,
               (long long)st.tasks, (long long)mx);
        printf("\nstatic / dynamic = %.2fx\n", ts / st.seconds);
        dn_rt_stats_free(&st);
        dn_app_free(&a);
    }

    printf("\n## 3. emulated debruijn:4 (links of 1000 MB/s): prefix sums of 1.6e7 keys, 16 "
           "workers\n\n| placement | "
           "seconds | hops | bytes over links | links used |\n|---|---|---|---|---|\n");
    {
        dn_net net;
        dn_app_run app;
        if (dn_net_init(&net, "debruijn:4", &err) || dn_app_init(&app, "prefix", 1, 1, 0, &err))
            die("emulation", &err);
        size_t n = 16000000;
        u64 *keys = malloc(n * sizeof *keys), *ref = malloc(n * sizeof *ref);
        dn_rng rng;
        dn_rng_seed(&rng, 7);
        for (size_t i = 0; i < n; i++) {
            keys[i] = dn_rng_next(&rng) >> 20;
            ref[i] = keys[i] + (i ? ref[i - 1] : 0);
        }
        static const char *maps[] = {"zrl", "random"};
        double sec[2];
        for (int i = 0; i < 2; i++) {
            dn_rt_stats st;
            double best = 1e9;
            int64_t hops = 0, hb = 0, used = 0;
            for (int rep = 0; rep < 3; rep++) { /* best of 3: threads on 2 cores are noisy */
                double s = run_dc(&app, keys, n, 16, &net, maps[i], 1e9, ref, &st);
                best = s < best ? s : best;
                hops = st.hop_messages;
                hb = st.hop_bytes;
                used = 0;
                for (int64_t l = 0; l < st.links; l++)
                    used += st.link_msgs[l] > 0;
                dn_rt_stats_free(&st);
            }
            sec[i] = best;
            printf("| %s | %.3f | %lld | %lld | %lld |\n", maps[i], best, (long long)hops,
                   (long long)hb, (long long)used);
        }
        printf("\nrandom / zrl = %.2fx the time\n", sec[1] / sec[0]);
        free(keys);
        free(ref);
        dn_app_free(&app);
        dn_net_free(&net);
    }
    return 0;
}
