/*
 * bench_runtime.c - the runtime against the baselines a practitioner would
 * use instead (issue 19), every figure a ratio measured in this run:
 *   1. every bundled app, dcnet's default form (shared memory on threads)
 *      against an OpenMP-tasks version of the same algorithm with the same
 *      cutoff and the same leaf kernel (gcc -fopenmp, below), 2 workers;
 *   2. mergesort against the parallel sort libraries: libstdc++'s
 *      __gnu_parallel::sort and oneTBB's parallel_sort (par_sorts.cc);
 *   3. the dynamic mode's policies (walk, lazy, two-choices, steal half and
 *      one) on nqueens 15 and on the skewed search workload, against
 *      OpenMP tasks, with the share of tasks on the busiest worker;
 *   4. network emulation: prefix sums over debruijn:4, mapping D (zrl)
 *      against a random placement (the measured cost of dilation);
 *   5. the full `dcnet demo`, wall time (goal: 60 s), when given the CLI.
 * Ratios are baseline time / dcnet time (above 1: dcnet faster). Every run
 * is repeated ROUNDS times, the contenders interleaved in each round so
 * that they share the machine's moods (in section 1 who goes first
 * alternates); each ratio is taken within a round and reported as its min
 * and median over the rounds. Every result, dcnet's
 * and the baselines', is verified (dn_app_verify or the leaf count).
 * Usage: bench_runtime [rounds [sections [dcnet]]]   (default 5 rounds,
 * sections 12345; section 5 runs only when given the path of dcnet)
 */
#include "dcnet/dcnet.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

void bench_gnu_parallel_sort(u64 *a, size_t n, int threads); /* par_sorts.cc */
int bench_tbb_sort(u64 *a, size_t n, int threads);

enum { MAXR = 64, P = 2 };
static int rounds = 5; /* set once by main */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what, const char *msg)
{
    fprintf(stderr, "bench_runtime: %s: %s\n", what, msg);
    exit(1);
}

static void pause_gomp(void) /* libgomp's idle threads spin a while after a region */
{
    struct timespec ts = {0, 50000000};
    nanosleep(&ts, NULL);
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(const double *v, int n)
{
    double s[MAXR];
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_dbl);
    return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

static double minimum(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] < m ? v[i] : m;
    return m;
}

/* ------------------------------------------------ OpenMP-task baselines
 * The same algorithms as src/runtime/apps.c's shared forms, on P threads:
 * D = log2 P levels of two tasks (the static schedule's depth), the same
 * kernels (dn_sort_keys, dn_merge_keys, dn_merge_path, dn_partition_keys,
 * dn_mat4_mul, dn_queens_count: dcnet/runtime.h), and the large merges of
 * the sorts and prefix sums split over the subtree's threads. */

static int depth_for(int threads)
{
    int D = 0;
    while ((2 << D) <= threads)
        D++;
    return D;
}

static size_t part_at(size_t N, int k, int n)
{
    return N / (size_t)n * (size_t)k + (N % (size_t)n) * (size_t)k / (size_t)n;
}



/* returns which array (0 or 1) holds the sorted range */
static int omp_msort(u64 *arr[2], size_t off, size_t n, int depth, int D)
{
    if (depth == D) {
        if (D == 0) {
            dn_sort_keys(arr[0] + off, arr[1] + off, n);
            return 0;
        }
        memcpy(arr[1] + off, arr[0] + off, n * sizeof(u64));
        dn_sort_keys(arr[1] + off, arr[0] + off, n);
        return 1;
    }
    size_t h = n / 2;
    int x;
#pragma omp task shared(x)
    x = omp_msort(arr, off, h, depth + 1, D);
    omp_msort(arr, off + h, n - h, depth + 1, D);
#pragma omp taskwait
    const u64 *xa = arr[x] + off, *yb = arr[x] + off + h;
    u64 *dst = arr[1 - x] + off;
    int parts = n < 65536 ? 1 : 1 << (D - depth);
    for (int k = 0; k < parts; k++) {
#pragma omp task
        {
            size_t lo = part_at(n, k, parts), hi = part_at(n, k + 1, parts);
            size_t i0 = dn_merge_path(xa, h, yb, n - h, lo), i1 = dn_merge_path(xa, h, yb, n - h, hi);
            dn_merge_keys(xa + i0, i1 - i0, yb + (lo - i0), (hi - i1) - (lo - i0), dst + lo);
        }
    }
#pragma omp taskwait
    return 1 - x;
}


static void omp_qsort(u64 *a, u64 *tmp, size_t n, int depth, int D)
{
    if (depth == D || n < 2) {
        dn_sort_keys(a, tmp, n);
        return;
    }
    size_t g = dn_partition_keys(a, n); /* the same partition as dcnet's */
#pragma omp task
    omp_qsort(a, tmp, g, depth + 1, D);
    omp_qsort(a + g, tmp + g, n - g, depth + 1, D);
#pragma omp taskwait
}

static void omp_prefix(u64 *a, size_t n, int depth, int D)
{
    if (depth == D) {
        for (size_t i = 1; i < n; i++)
            a[i] += a[i - 1];
        return;
    }
    size_t h = n / 2;
#pragma omp task
    omp_prefix(a, h, depth + 1, D);
    omp_prefix(a + h, n - h, depth + 1, D);
#pragma omp taskwait
    u64 add = h ? a[h - 1] : 0, *y = a + h;
    size_t N = n - h;
    int parts = n < 65536 ? 1 : 1 << (D - depth);
    for (int k = 0; k < parts; k++) {
#pragma omp task
        for (size_t i = part_at(N, k, parts), e = part_at(N, k + 1, parts); i < e; i++)
            y[i] += add;
    }
#pragma omp taskwait
}

static u64 omp_max(const u64 *a, size_t n, int depth, int D)
{
    if (depth == D) {
        u64 m = 0;
        for (size_t i = 0; i < n; i++)
            m = a[i] > m ? a[i] : m;
        return m;
    }
    size_t h = n / 2;
    u64 x, y;
#pragma omp task shared(x)
    x = omp_max(a, h, depth + 1, D);
    y = omp_max(a + h, n - h, depth + 1, D);
#pragma omp taskwait
    return x > y ? x : y;
}


static void omp_matchain(const u64 *a, size_t m, u64 *r, int depth, int D)
{
    if (depth == D) {
        memset(r, 0, 16 * sizeof *r);
        for (int i = 0; i < 4; i++)
            r[5 * i] = 1;
        for (size_t k = 0; k < m; k++)
            dn_mat4_mul(r, a + 16 * k, r);
        return;
    }
    size_t h = m / 2;
    u64 y[16];
#pragma omp task
    omp_matchain(a, h, r, depth + 1, D);
    omp_matchain(a + 16 * h, m - h, y, depth + 1, D);
#pragma omp taskwait
    dn_mat4_mul(r, y, r);
}

/* the leaves: the same kernel as dcnet's (dn_queens_count) */
#define queens_count dn_queens_count

/* static nqueens: the two-row placements (triples) split in halves */
static int64_t omp_queens_static(int n, const u64 *t, size_t k, int depth, int D)
{
    if (depth == D) {
        int64_t c = 0;
        for (size_t i = 0; i < k; i++)
            c += queens_count(n, t[3 * i], t[3 * i + 1], t[3 * i + 2]);
        return c;
    }
    size_t h = k / 2;
    int64_t x, y;
#pragma omp task shared(x)
    x = omp_queens_static(n, t, h, depth + 1, D);
    y = omp_queens_static(n, t + 3 * h, k - h, depth + 1, D);
#pragma omp taskwait
    return x + y;
}

/* dynamic nqueens: a task per placement of the rows above the cutoff (3),
 * as dcnet's dynamic tasks */
static int64_t omp_queens_tasks(int n, int row, u64 cols, u64 d1, u64 d2)
{
    u64 full = ((u64)1 << n) - 1;
    if (row >= 3 || row >= n)
        return queens_count(n, cols, d1, d2);
    int64_t c[64] = {0};
    int k = 0;
    u64 f = full & ~(cols | d1 | d2);
    while (f) {
        u64 bit = f & (~f + 1);
        f ^= bit;
        int kk = k++;
#pragma omp task shared(c) firstprivate(kk, bit)
        c[kk] = omp_queens_tasks(n, row + 1, cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1);
    }
#pragma omp taskwait
    int64_t s = 0;
    for (int i = 0; i < k; i++)
        s += c[i];
    return s;
}

/* search: the same tree and the same work per node as apps.c's search
 * (rounds of splitmix64 from the node's stream, exponential of mean W) */
static u64 mix64(u64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static u64 node_work(u64 seed, double W, int64_t v)
{
    dn_rng rng;
    dn_rng_stream(&rng, seed, (uint64_t)v);
    double u = ((double)(dn_rng_next(&rng) >> 11) + 1.0) * 0x1p-53;
    u64 steps = (u64)(-W * log(u)), x = (u64)v;
    for (u64 r = 0; r < steps; r++)
        x = mix64(x);
    return x;
}

static int64_t omp_search(const dn_tree *t, u64 seed, double W, int64_t v, u64 *sink)
{
    u64 h = node_work(seed, W, v);
#pragma omp atomic
    *sink ^= h;
    int64_t k = dn_tree_num_children(t, v);
    if (k == 0)
        return 1;
    int64_t *c = calloc((size_t)k, sizeof *c), s = 0;
    if (!c)
        die("search", "out of memory");
    for (int64_t i = 0; i < k; i++) {
#pragma omp task shared(c) firstprivate(i)
        c[i] = omp_search(t, seed, W, dn_tree_child(t, v, i), sink);
    }
#pragma omp taskwait
    for (int64_t i = 0; i < k; i++)
        s += c[i];
    free(c);
    return s;
}

/* ------------------------------------------------ section 1: every app */

/* dcnet's run of app (default form: shared memory); seconds */
static double dcnet_static(const char *app, int64_t n)
{
    dn_app_run a;
    dn_err err;
    if (dn_app_init(&a, app, n, 1, 0, &err) || dn_app_share(&a, &err))
        die(app, err.msg);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = P;
    o.grain = a.grain;
    o.root = -1;
    dn_rt_stats st;
    dn_buf out;
    if (dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err) || dn_app_verify(&a, &out, 0, &err))
        die(app, err.msg);
    double s = st.seconds;
    free(out.data);
    dn_rt_stats_free(&st);
    dn_app_free(&a);
    return s;
}

/* the OpenMP version on the same input (dn_app_init, same seed); checked
 * by the app's own verifier */
static double omp_static(const char *app, int64_t n)
{
    dn_app_run a;
    dn_err err;
    if (dn_app_init(&a, app, n, 1, 0, &err))
        die(app, err.msg);
    u64 *x = a.input.data;
    size_t words = a.input.len / sizeof(u64);
    int D = depth_for(P);
    u64 res[16];
    dn_buf out = {res, 0};
    double t0 = 0, s = 0;
    if (strcmp(app, "mergesort") == 0 || strcmp(app, "quicksort") == 0) {
        u64 *scratch = malloc(words * sizeof *scratch);
        if (!scratch)
            die(app, "out of memory");
        u64 *arr[2] = {x, scratch};
        int where = 0;
        t0 = now();
#pragma omp parallel num_threads(P)
#pragma omp single
        {
            if (app[0] == 'm')
                where = omp_msort(arr, 0, words, 0, D);
            else
                omp_qsort(x, scratch, words, 0, D);
        }
        s = now() - t0;
        out.data = arr[where];
        out.len = words * sizeof(u64);
        if (dn_app_verify(&a, &out, 0, &err))
            die(app, err.msg);
        free(scratch);
    } else {
        t0 = now();
#pragma omp parallel num_threads(P)
#pragma omp single
        {
            if (strcmp(app, "prefix") == 0)
                omp_prefix(x, words, 0, D);
            else if (strcmp(app, "max") == 0)
                res[0] = omp_max(x, words, 0, D);
            else if (strcmp(app, "matchain") == 0)
                omp_matchain(x, words / 16, res, 0, D);
            else /* nqueens */
                res[0] = (u64)omp_queens_static((int)x[0], x + 1, (words - 1) / 3, 0, D);
        }
        s = now() - t0;
        if (strcmp(app, "prefix") == 0) {
            out.data = x;
            out.len = words * sizeof(u64);
        } else {
            out.len = (strcmp(app, "matchain") == 0 ? 16 : 1) * sizeof(u64);
        }
        if (dn_app_verify(&a, &out, 0, &err))
            die(app, err.msg);
    }
    dn_app_free(&a);
    return s;
}

typedef struct goal_row {
    char what[96];
    double goal, min, med;
} goal_row;
static goal_row goals[32];
static int ngoals;

static void add_goal(const char *what, double goal, const double *r, int n)
{
    goal_row *g = &goals[ngoals++];
    snprintf(g->what, sizeof g->what, "%s", what);
    g->goal = goal;
    g->min = minimum(r, n);
    g->med = median(r, n);
}

static void section_apps(void)
{
    static const struct {
        const char *app;
        int64_t n;
    } rows[] = {{"mergesort", 20000000}, {"quicksort", 20000000}, {"matchain", 4000000},
                {"prefix", 100000000},   {"max", 100000000},      {"nqueens", 14}};
    printf("## 1. every app against OpenMP tasks (same algorithm, cutoff and kernel), %d "
           "workers\n\n",
           P);
    printf("| app | n | dcnet s (median) | OpenMP s (median) | OpenMP / dcnet min | median |\n");
    printf("|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double td[MAXR], to[MAXR], r[MAXR];
        for (int k = 0; k < rounds; k++) { /* who goes first alternates */
            if (k % 2)
                to[k] = omp_static(rows[i].app, rows[i].n), pause_gomp();
            td[k] = dcnet_static(rows[i].app, rows[i].n);
            if (k % 2 == 0)
                to[k] = omp_static(rows[i].app, rows[i].n), pause_gomp();
            r[k] = to[k] / td[k];
        }
        printf("| %s | %lld | %.4f | %.4f | %.2fx | %.2fx |\n", rows[i].app, (long long)rows[i].n,
               median(td, rounds), median(to, rounds), minimum(r, rounds), median(r, rounds));
        char what[96];
        snprintf(what, sizeof what, "%s %lld against OpenMP tasks", rows[i].app,
                 (long long)rows[i].n);
        add_goal(what, 0.95, r, rounds);
    }
    fflush(stdout);
}

/* ------------------------------------------------ section 2: sort libraries */

static void section_sorts(size_t n)
{
    u64 *keys = NULL, *a = malloc(n * sizeof *a);
    dn_app_run proto;
    dn_err err;
    if (!a || dn_app_init(&proto, "mergesort", (int64_t)n, 1, 0, &err))
        die("sorts", a ? err.msg : "out of memory");
    keys = proto.input.data;
    double td[MAXR], tg[MAXR], tt[MAXR], rg[MAXR], rt[MAXR];
    int have_tbb = 1;
    for (int k = 0; k < rounds; k++) {
        td[k] = dcnet_static("mergesort", (int64_t)n);
        memcpy(a, keys, n * sizeof *a);
        double t0 = now();
        bench_gnu_parallel_sort(a, n, P);
        tg[k] = now() - t0;
        dn_buf out = {a, n * sizeof *a};
        if (dn_app_verify(&proto, &out, 0, &err))
            die("__gnu_parallel::sort", err.msg);
        pause_gomp();
        memcpy(a, keys, n * sizeof *a);
        t0 = now();
        have_tbb = bench_tbb_sort(a, n, P);
        tt[k] = now() - t0;
        pause_gomp(); /* TBB's workers, too, spin a while */
        if (have_tbb && dn_app_verify(&proto, &out, 0, &err))
            die("tbb::parallel_sort", err.msg);
        rg[k] = tg[k] / td[k];
        rt[k] = tt[k] / td[k];
    }
    printf("| %.0e | %.3f | %.3f | %.2fx | %.2fx |", (double)n, median(td, rounds),
           median(tg, rounds), minimum(rg, rounds), median(rg, rounds));
    if (have_tbb)
        printf(" %.3f | %.2fx | %.2fx |\n", median(tt, rounds), minimum(rt, rounds),
               median(rt, rounds));
    else
        printf(" (libtbb-dev not installed) | | |\n");
    char what[96];
    snprintf(what, sizeof what, "mergesort %.0e against __gnu_parallel::sort", (double)n);
    add_goal(what, 1.0, rg, rounds);
    if (have_tbb) {
        snprintf(what, sizeof what, "mergesort %.0e against tbb::parallel_sort", (double)n);
        add_goal(what, 0, rt, rounds);
    }
    free(a);
    dn_app_free(&proto);
    fflush(stdout);
}

/* ------------------------------------------------ section 3: dynamic */

typedef struct dyn_run {
    double seconds, busiest, idle;
} dyn_run;

static dyn_run dcnet_dynamic(int search, int policy, int steal)
{
    dn_app_run a;
    dn_err err;
    int rc = search ? dn_app_init_search(&a, "crt:48:0,0,1/0,0,1/0,0,1/0,0,1/0,0,1/0.48,0,0.52",
                                         20000, 1, 0, 0, &err)
                    : dn_app_init(&a, "nqueens", 15, 1, DN_APP_DYNAMIC, &err);
    if (rc)
        die("dynamic", err.msg);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = P;
    o.root = -1;
    o.seed = 1;
    o.policy = policy;
    o.steal = steal;
    dn_rt_stats st;
    int64_t answer;
    if (dn_rt_run_tree(&a.tree, &a.input, &answer, &o, &st, &err) ||
        dn_app_verify(&a, NULL, answer, &err))
        die("dynamic", err.msg);
    dyn_run r = {st.seconds, 0, 0};
    for (int w = 0; w < st.workers; w++) {
        double share = (double)st.worker_tasks[w] / (double)st.tasks;
        r.busiest = share > r.busiest ? share : r.busiest;
        r.idle += st.worker_idle[w] / st.workers;
    }
    dn_rt_stats_free(&st);
    dn_app_free(&a);
    return r;
}

static double omp_dynamic(int search)
{
    double s;
    if (search) {
        dn_tree_model m;
        dn_tree t;
        dn_err err;
        if (dn_tree_model_parse("crt:48:0,0,1/0,0,1/0,0,1/0,0,1/0,0,1/0.48,0,0.52", &m, &err) ||
            dn_tree_init(&t, &m, 1, 0, &err))
            die("search", err.msg);
        int64_t want = 0, got = 0;
        for (int64_t v = 0; v < t.nodes; v++)
            want += dn_tree_num_children(&t, v) == 0;
        u64 sink = 0;
        double t0 = now();
#pragma omp parallel num_threads(P)
#pragma omp single
        got = omp_search(&t, 1, 20000, 0, &sink);
        s = now() - t0;
        if (got != want)
            die("search", "OpenMP tasks found the wrong number of leaves");
        dn_tree_free(&t);
    } else {
        int64_t c = 0;
        double t0 = now();
#pragma omp parallel num_threads(P)
#pragma omp single
        c = omp_queens_tasks(15, 0, 0, 0, 0);
        s = now() - t0;
        if (c != 2279184) /* OEIS A000170 */
            die("nqueens", "OpenMP tasks counted wrong");
    }
    pause_gomp();
    return s;
}

static void section_dynamic(int search)
{
    static const struct {
        const char *name;
        int policy, steal;
    } pol[] = {{"walk (default length 2)", DN_POLICY_WALK, 0},
               {"lazy (the default on 2 workers)", DN_POLICY_LAZY, 0},
               {"two-choices", DN_POLICY_TWO_CHOICES, 0},
               {"steal half", DN_POLICY_STEAL, DN_STEAL_HALF},
               {"steal one", DN_POLICY_STEAL, DN_STEAL_ONE}};
    enum { NP = sizeof pol / sizeof pol[0] };
    static double t[NP][MAXR], busiest[NP][MAXR], idle[NP][MAXR], to[MAXR], r[NP][MAXR];
    for (int k = 0; k < rounds; k++) {
        for (int i = 0; i < NP; i++) {
            dyn_run d = dcnet_dynamic(search, pol[i].policy, pol[i].steal);
            t[i][k] = d.seconds;
            busiest[i][k] = d.busiest;
            idle[i][k] = d.idle;
        }
        to[k] = omp_dynamic(search);
        for (int i = 0; i < NP; i++)
            r[i][k] = to[k] / t[i][k];
    }
    const char *what = search ? "search (default tree, seed 1, work 20000)" : "nqueens 15";
    for (int i = 0; i < NP; i++)
        printf("| %s | %s | %.3f | %.1f%% | %.4f | %.2fx | %.2fx |\n", what, pol[i].name,
               median(t[i], rounds), 100 * median(busiest[i], rounds), median(idle[i], rounds),
               minimum(r[i], rounds), median(r[i], rounds));
    printf("| %s | OpenMP tasks (baseline) | %.3f | | | | |\n", what, median(to, rounds));
    if (!search) {
        add_goal("nqueens 15 --policy steal (half) against OpenMP tasks", 0.95, r[3], rounds);
        /* the walk's balance: the busiest worker's share, lower is better */
        double share[MAXR];
        for (int k = 0; k < rounds; k++)
            share[k] = busiest[1][k];
        goal_row *g = &goals[ngoals++];
        snprintf(g->what, sizeof g->what,
                 "nqueens 15, default placement (lazy walk): busiest worker's share");
        g->goal = -0.60; /* at most 60% */
        g->min = minimum(share, rounds);
        g->med = median(share, rounds);
    }
    fflush(stdout);
}

/* ------------------------------------------------ section 5: the demo */

/* The full `dcnet demo` (the main job), wall time, into a fresh directory. */
static void section_demo(const char *dcnet)
{
    char dir[] = "/tmp/dcnet-bench-demo-XXXXXX", cmd[1024];
    if (!mkdtemp(dir))
        die("demo", "cannot make a temporary directory");
    snprintf(cmd, sizeof cmd, "'%s' demo --out '%s/report' >/dev/null 2>&1", dcnet, dir);
    double t0 = now();
    int st = system(cmd);
    double s = now() - t0;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_runtime: could not remove %s\n", dir);
    if (st != 0)
        die("demo", "dcnet demo failed");
    printf("| full `dcnet demo` | %.1f s |\n", s);
    goal_row *g = &goals[ngoals++];
    snprintf(g->what, sizeof g->what, "full dcnet demo, seconds (one run)");
    g->goal = -60; /* at most 60 s */
    g->min = g->med = s;
}

/* ------------------------------------------------ section 4: emulation */

static void section_emulation(void)
{
    dn_net net;
    dn_err err;
    if (dn_net_init(&net, "debruijn:4", &err))
        die("emulation", err.msg);
    static const char *maps[] = {"zrl", "random"};
    double t[2][MAXR], r[MAXR];
    int64_t hops[2] = {0, 0}, used[2] = {0, 0};
    for (int k = 0; k < rounds; k++) {
        for (int i = 0; i < 2; i++) {
            dn_app_run a;
            if (dn_app_init(&a, "prefix", 16000000, 7, 0, &err))
                die("emulation", err.msg);
            dn_rt_opts o;
            memset(&o, 0, sizeof o);
            o.workers = 16;
            o.grain = 1024;
            o.net = &net;
            o.map = maps[i];
            o.root = -1;
            o.seed = 1;
            o.link_bw = 1e9;
            dn_rt_stats st;
            dn_buf out;
            if (dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err) ||
                dn_app_verify(&a, &out, 0, &err))
                die("emulation", err.msg);
            t[i][k] = st.seconds;
            hops[i] = st.hop_messages;
            used[i] = 0;
            for (int64_t l = 0; l < st.links; l++)
                used[i] += st.link_msgs[l] > 0;
            free(out.data);
            dn_rt_stats_free(&st);
            dn_app_free(&a);
        }
        r[k] = t[1][k] / t[0][k];
    }
    for (int i = 0; i < 2; i++)
        printf("| %s | %.3f | %lld | %lld |\n", maps[i], median(t[i], rounds),
               (long long)hops[i], (long long)used[i]);
    printf("\nrandom / zrl time: min %.2fx, median %.2fx\n", minimum(r, rounds),
           median(r, rounds));
    dn_net_free(&net);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        rounds = atoi(argv[1]);
    const char *only = argc > 2 ? argv[2] : "12345"; /* which sections */
    const char *dcnet = argc > 3 ? argv[3] : NULL;    /* section 5 needs the CLI */
    if (rounds < 1 || rounds > MAXR || argc > 4)
        die("usage", "bench_runtime [rounds 1..64 [sections, e.g. 13 [path of dcnet]]]");
    printf("# bench_runtime: %d workers, %d cores, %d rounds (min and median of each ratio; "
           "ratio = baseline time / dcnet time)\n\n",
           P, omp_get_num_procs(), rounds);
    if (strchr(only, '1'))
        section_apps();
    if (strchr(only, '2')) {
    printf("\n## 2. mergesort against parallel sort libraries, %d threads (seconds: medians)\n\n",
           P);
    printf("| keys | dcnet | __gnu_parallel::sort | gnu / dcnet min | median | "
           "tbb::parallel_sort | tbb / dcnet min | median |\n|---|---|---|---|---|---|---|---|\n");
    section_sorts(20000000);
    section_sorts(100000000);
    }
    if (strchr(only, '3')) {
    printf("\n## 3. the dynamic mode's policies against OpenMP tasks, %d workers\n\n", P);
    printf("| workload | policy | seconds (median) | busiest worker's tasks | idle s per worker "
           "| OpenMP / dcnet min | median |\n|---|---|---|---|---|---|---|\n");
    section_dynamic(0);
    section_dynamic(1);
    }
    if (strchr(only, '4')) {
    printf("\n## 4. emulated debruijn:4 (links of 1000 MB/s): prefix sums of 1.6e7 keys, copy "
           "form, 16 workers\n\n| placement | seconds (median) | hops | links used |\n"
           "|---|---|---|---|\n");
    section_emulation();
    }
    if (strchr(only, '5') && dcnet) {
        printf("\n## 5. the main job\n\n| run | wall time |\n|---|---|\n");
        section_demo(dcnet);
    }
    printf("\n## Goals (issue 19)\n\n| measurement | goal | min | median | median meets it |\n"
           "|---|---|---|---|---|\n");
    for (int i = 0; i < ngoals; i++) {
        const goal_row *g = &goals[i];
        if (g->goal <= -1) /* an absolute bound */
            printf("| %s | at most %.0f | %.1f | %.1f | %s |\n", g->what, -g->goal, g->min,
                   g->med, g->med <= -g->goal ? "yes" : "no");
        else if (g->goal < 0)
            printf("| %s | at most %.0f%% | %.1f%% | %.1f%% | %s |\n", g->what, -100 * g->goal,
                   100 * g->min, 100 * g->med, g->med <= -g->goal ? "yes" : "no");
        else if (g->goal > 0)
            printf("| %s | at least %.2fx | %.2fx | %.2fx | %s |\n", g->what, g->goal, g->min,
                   g->med, g->med >= g->goal ? "yes" : "no");
        else
            printf("| %s | (no goal) | %.2fx | %.2fx | |\n", g->what, g->min, g->med);
    }
    return 0;
}
