/*
 * test_runtime.c - the runtime against independent references:
 *  - every bundled app, on 1 to 8 worker threads and sizes from 1 up,
 *    checked against its sequential reference (qsort, loops, the
 *    left-to-right matrix product, the published n-queens counts);
 *  - the static schedule's traffic in closed form: 2 (2^D - 1) messages,
 *    mergesort moves 8 n D bytes, D from P and the grain;
 *  - network emulation: the hops travelled equal twice the embedding's total
 *    dilation (seed 000's closed form for mapping D on BDG(4): 2 x 25; the
 *    metric module's count for a random placement), per-link counts add up;
 *  - the dynamic mode: n-queens counts on 1, 3 and 8 workers and on a
 *    hypercube; tasks = 1 + the partial placements above the cutoff,
 *    counted here by brute force; the same per-worker counts on every run;
 *    every placement policy (walk, lazy, two-choices, steal half and one)
 *    on 1..8 workers and the 3-cube, with the walk's hops in closed form;
 *  - docs/runtime.md's example (examples/dc_sum.c) against its closed form;
 *  - shared merges: the merge path against a brute-force stable merge on
 *    inputs full of ties; mergesort in shared memory on 1 to 8 workers,
 *    with 32-byte messages (2 (2^D - 1) of them), finished workers doing
 *    merge parts, and a failing part reported without a hang or a leak.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"
#include "../src/runtime/rt_impl.h"

/* docs/runtime.md's example app, compiled and checked here */
#define DC_SUM_NO_MAIN
#include "../examples/dc_sum.c"

/* Runs a bundled app (in shared memory if shared) and checks its result. */
static void run_app_as(const char *name, int64_t n, int workers, size_t grain, int shared,
                       int timeline, dn_rt_stats *st)
{
    dn_app_run a;
    dn_err err;
    if (dn_app_init(&a, name, n, 11, 0, &err) || (shared && dn_app_share(&a, &err)))
        fail_msg("%s: %s", name, err.msg);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = workers;
    o.grain = grain;
    o.root = -1;
    o.timeline = timeline;
    dn_buf out;
    if (dn_rt_run(&a.dc, &a.input, &out, &o, st, &err) || dn_app_verify(&a, &out, 0, &err))
        fail_msg("%s%s n=%lld P=%d: %s", name, shared ? " (shared)" : "", (long long)n, workers,
                 err.msg);
    if (!shared) { /* the same output against the full reference (a sorted copy) */
        dn_app_run full;
        if (dn_app_init(&full, name, n, 11, DN_APP_VERIFY_FULL, &err) ||
            dn_app_verify(&full, &out, 0, &err))
            fail_msg("%s n=%lld P=%d, full reference: %s", name, (long long)n, workers, err.msg);
        dn_app_free(&full);
    }
    free(out.data);
    dn_app_free(&a);
}

/* The leaf kernel (radix sort) against qsort: sizes around the insertion
 * cut-off, keys that share digits (skipped passes, odd pass counts), all
 * equal, already sorted, reversed. */
static int cmp_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void test_sort_kernel(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 2, 63, 64, 65, 1000, 100000};
    dn_rng rng;
    dn_rng_seed(&rng, 9);
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int kind = 0; kind < 6; kind++) {
            size_t n = sizes[si];
            uint64_t *a = malloc((n + 1) * sizeof *a), *b = malloc((n + 1) * sizeof *b);
            for (size_t i = 0; i < n; i++) {
                uint64_t r = dn_rng_next(&rng);
                a[i] = kind == 0 ? r
                       : kind == 1 ? r & 0xff00ff /* two live digits: 2 passes */
                       : kind == 2 ? 0x0123456789abcdefULL ^ (r & 0xff0000) /* one: odd */
                       : kind == 3 ? 42                                       /* all equal */
                       : kind == 4 ? i                                        /* sorted */
                                   : n - i;                                   /* reversed */
            }
            memcpy(b, a, n * sizeof *a);
            qsort(b, n, sizeof *b, cmp_keys);
            assert_int_equal(dn_sort_keys(a, NULL, n), DN_OK);
            if (n && memcmp(a, b, n * sizeof *a) != 0)
                fail_msg("dn_sort_keys: n = %zu, kind %d differs from qsort", n, kind);
            free(a);
            free(b);
        }
}

/* The O(n) check of the sorts catches what the full reference catches:
 * keys out of order, and a key changed, lost or repeated in order. */
static void test_fast_verify(void **state)
{
    (void)state;
    dn_app_run a;
    dn_err err;
    assert_int_equal(dn_app_init(&a, "mergesort", 1000, 5, 0, &err), DN_OK);
    assert_null(a.ref); /* no sorted copy is kept */
    uint64_t *k = malloc(1000 * sizeof *k);
    memcpy(k, a.input.data, 1000 * sizeof *k);
    for (int i = 1; i < 1000; i++) /* insertion sort: an independent sorter */
        for (int j = i; j > 0 && k[j - 1] > k[j]; j--) {
            uint64_t t = k[j];
            k[j] = k[j - 1];
            k[j - 1] = t;
        }
    dn_buf out = {k, 1000 * sizeof *k};
    assert_int_equal(dn_app_verify(&a, &out, 0, &err), DN_OK);
    uint64_t t = k[10];
    k[10] = k[11], k[11] = t;
    assert_int_equal(dn_app_verify(&a, &out, 0, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "out of order"));
    k[11] = k[10], k[10] = t; /* back in order */
    uint64_t keep = k[500];
    k[500] = k[499]; /* k[499] twice, k[500] lost: still in order */
    assert_int_equal(dn_app_verify(&a, &out, 0, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "multiset hash"));
    k[500] = keep;
    out.len -= sizeof *k;
    assert_int_equal(dn_app_verify(&a, &out, 0, &err), DN_EINVAL);
    free(k);
    dn_app_free(&a);
}

/* Every app, in the copy form and the shared form, on 1..8 workers. The
 * shared form's messages carry a 32-byte reference down and, back up,
 * a reference (sorts, prefix) or the value (max and nqueens 8 bytes,
 * matchain a 128-byte matrix): no data. */
static void test_apps_verified(void **state)
{
    (void)state;
    static const char *names[] = {"mergesort", "quicksort", "matchain", "prefix", "max"};
    static const int64_t up[] = {32, 32, 128, 32, 8};
    static const int64_t sizes[] = {1, 2, 3, 17, 1000, 12345};
    for (int shared = 0; shared <= 1; shared++)
        for (size_t i = 0; i < 5; i++)
            for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
                for (int p = 1; p <= 8; p++) {
                    dn_rt_stats st;
                    run_app_as(names[i], sizes[k], p, 1, shared, 0, &st);
                    /* P workers -> the largest power of two that the size allows */
                    int D = 0;
                    while ((2 << D) <= p && (sizes[k] >> (D + 1)) >= 1)
                        D++;
                    assert_int_equal(st.depth, D);
                    assert_int_equal(st.workers, 1 << D);
                    assert_int_equal(st.messages, 2 * ((1 << D) - 1));
                    if (shared)
                        assert_int_equal(st.bytes, ((1 << D) - 1) * (32 + up[i]));
                    dn_rt_stats_free(&st);
                }
    for (int shared = 0; shared <= 1; shared++)
        for (int n = 1; n <= 12; n++)
            for (int p = 1; p <= 8; p++) {
                dn_rt_stats st;
                run_app_as("nqueens", n, p, 1, shared, 0, &st);
                if (shared)
                    assert_int_equal(st.bytes, ((1 << st.depth) - 1) * (32 + 8));
                dn_rt_stats_free(&st);
            }
}

static void test_traffic_closed_form(void **state)
{
    (void)state;
    dn_rt_stats st;
    /* mergesort: every phase moves n/2 keys down and n/2 back up */
    for (int p = 1; p <= 16; p *= 2) {
        run_app_as("mergesort", 1 << 16, p, 1, 0, 0, &st);
        int D = st.depth;
        assert_int_equal(D, p == 1 ? 0 : __builtin_ctz((unsigned)p));
        assert_int_equal(st.bytes, 8 * (1 << 16) * D);
        dn_rt_stats_free(&st);
    }
    /* the grain stops splitting: 3000 keys, grain 1024 -> one split */
    run_app_as("max", 3000, 8, 1024, 0, 0, &st);
    assert_int_equal(st.depth, 1);
    dn_rt_stats_free(&st);
}

static void emulate(const char *net_s, const char *map, int64_t *hops, int64_t *link_sum,
                    int *verified)
{
    dn_app_run a;
    dn_err err;
    dn_net net;
    assert_int_equal(dn_net_init(&net, net_s, &err), DN_OK);
    assert_int_equal(dn_app_init(&a, "matchain", 4096, 3, 0, &err), DN_OK);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = (int)net.n;
    o.grain = 1;
    o.net = &net;
    o.map = map;
    o.root = -1;
    o.seed = 5;
    dn_rt_stats st;
    dn_buf out;
    if (dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err))
        fail_msg("%s on %s: %s", map, net_s, err.msg);
    *verified = dn_app_verify(&a, &out, 0, &err) == DN_OK;
    *hops = st.hop_messages;
    *link_sum = 0;
    for (int64_t l = 0; l < st.links; l++)
        *link_sum += st.link_msgs[l];
    free(out.data);
    dn_rt_stats_free(&st);
    dn_app_free(&a);
    dn_net_free(&net);
}

/* total dilation of an embedding, by the metric module */
static int64_t total_dilation(const char *net_s, const char *tree_s, const char *map)
{
    dn_net net;
    dn_tree tree;
    dn_tree_model tm;
    dn_embed *e = NULL;
    dn_metrics m;
    dn_err err;
    dn_embed_opts eo;
    memset(&eo, 0, sizeof eo);
    eo.map = map;
    eo.root = -1;
    eo.seed = 5;
    assert_int_equal(dn_net_init(&net, net_s, &err), DN_OK);
    assert_int_equal(dn_tree_model_parse(tree_s, &tm, &err), DN_OK);
    assert_int_equal(dn_tree_init(&tree, &tm, 1, 0, &err), DN_OK);
    assert_int_equal(dn_embed_init(&e, &net, &tree, &eo, &err), DN_OK);
    assert_int_equal(dn_metrics_compute(e, NULL, &m, &err), DN_OK);
    int64_t d = m.dil_total;
    dn_metrics_free(&m);
    dn_embed_free(e);
    dn_tree_free(&tree);
    dn_net_free(&net);
    return d;
}

static void test_emulation(void **state)
{
    (void)state;
    int64_t hops, links;
    int ok;
    /* mapping D on BDG(4): total dilation 2^5 - 4 - 2 - 1 = 25 (docs/embeddings.md),
     * each edge travelled down and back up */
    emulate("debruijn:4", "zrl", &hops, &links, &ok);
    assert_true(ok);
    assert_int_equal(hops, 2 * 25);
    assert_int_equal(links, hops);
    emulate("debruijn:4", "random", &hops, &links, &ok);
    assert_true(ok);
    assert_int_equal(hops, 2 * total_dilation("debruijn:4", "binomial:4", "random"));
    assert_int_equal(links, hops);
    emulate("mesh:4x4", "dccube", &hops, &links, &ok);
    assert_true(ok);
    assert_int_equal(hops, 2 * total_dilation("mesh:4x4", "binomial:4", "dccube"));
    /* a many-to-one mapping is refused with a reason */
    dn_app_run a;
    dn_err err;
    dn_net net;
    assert_int_equal(dn_net_init(&net, "ring:4", &err), DN_OK);
    assert_int_equal(dn_app_init(&a, "max", 100, 1, 0, &err), DN_OK);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = 8;
    o.grain = 1;
    o.net = &net;
    o.map = "identity";
    o.root = -1;
    dn_rt_stats st;
    dn_buf out;
    assert_int_not_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err), DN_OK);
    dn_rt_stats_free(&st);
    dn_app_free(&a);
    dn_net_free(&net);
}

/* The caller's own embedding (dn_rt_opts.embed, issue 30 item 4: the
 * runtime took a mapping's name only): workers sit where it places B(D)'s
 * tasks and messages take its routes. A given placement (task t on
 * processor 5t + 3 mod 16, a bijection) travels 2 x its total dilation
 * hops, as the metric module counts it; zrl's embedding made by the caller
 * gives the run zrl by name gives, link by link; the wrong tree, another
 * network, the dynamic mode and MPI are refused. */
static void test_caller_embedding(void **state)
{
    (void)state;
    dn_err err;
    dn_net net, other;
    dn_tree tree, small;
    dn_tree_model tm;
    assert_int_equal(dn_net_init(&net, "debruijn:4", &err), DN_OK);
    assert_int_equal(dn_net_init(&other, "debruijn:4", &err), DN_OK);
    assert_int_equal(dn_tree_model_parse("binomial:4", &tm, &err), DN_OK);
    assert_int_equal(dn_tree_init(&tree, &tm, 1, 0, &err), DN_OK);
    assert_int_equal(dn_tree_model_parse("binomial:3", &tm, &err), DN_OK);
    assert_int_equal(dn_tree_init(&small, &tm, 1, 0, &err), DN_OK);
    int64_t place[16];
    for (int t = 0; t < 16; t++)
        place[t] = (5 * t + 3) % 16;
    dn_embed_opts eo;
    memset(&eo, 0, sizeof eo);
    eo.map = "given";
    eo.root = -1;
    eo.place = place;
    eo.place_len = 16;
    dn_embed *given = NULL, *zrl = NULL, *wrong = NULL;
    assert_int_equal(dn_embed_init(&given, &net, &tree, &eo, &err), DN_OK);
    memset(&eo, 0, sizeof eo);
    eo.map = "zrl";
    eo.root = -1;
    assert_int_equal(dn_embed_init(&zrl, &net, &tree, &eo, &err), DN_OK);
    eo.map = "identity";
    assert_int_equal(dn_embed_init(&wrong, &net, &small, &eo, &err), DN_OK);
    dn_metrics m;
    assert_int_equal(dn_metrics_compute(given, NULL, &m, &err), DN_OK);
    const int64_t dil = m.dil_total;
    dn_metrics_free(&m);

    dn_app_run a;
    assert_int_equal(dn_app_init(&a, "matchain", 4096, 3, 0, &err), DN_OK);
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = 16;
    o.grain = 1;
    o.net = &net;
    o.root = -1;
    dn_rt_stats st, st2;
    dn_buf out;
    o.embed = given;
    if (dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err))
        fail_msg("given: %s", err.msg);
    assert_int_equal(dn_app_verify(&a, &out, 0, &err), DN_OK);
    assert_int_equal(st.hop_messages, 2 * dil);
    free(out.data);
    dn_rt_stats_free(&st);

    dn_app_free(&a); /* (a run consumes its input) */
    assert_int_equal(dn_app_init(&a, "matchain", 4096, 3, 0, &err), DN_OK);
    o.embed = zrl;
    if (dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err))
        fail_msg("zrl: %s", err.msg);
    free(out.data);
    dn_app_free(&a);
    assert_int_equal(dn_app_init(&a, "matchain", 4096, 3, 0, &err), DN_OK);
    o.embed = NULL;
    o.map = "zrl";
    assert_int_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st2, &err), DN_OK);
    free(out.data);
    assert_int_equal(st.hop_messages, st2.hop_messages);
    assert_int_equal(st.links, st2.links);
    for (int64_t l = 0; l < st.links; l++)
        assert_int_equal(st.link_msgs[l], st2.link_msgs[l]);
    dn_rt_stats_free(&st);
    dn_rt_stats_free(&st2);

    dn_app_free(&a);
    assert_int_equal(dn_app_init(&a, "matchain", 4096, 3, 0, &err), DN_OK);
    o.map = NULL;
    o.embed = wrong; /* binomial:3 for 16 workers */
    assert_int_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "16 workers form binomial:4; the embedding is of another"));
    dn_rt_stats_free(&st);
    o.embed = zrl;
    o.net = &other; /* the same spec, another network object */
    assert_int_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "another network"));
    dn_rt_stats_free(&st);
    o.net = &net;
    o.backend = DN_BACKEND_MPI;
    assert_int_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err), DN_EINVAL);
    dn_rt_stats_free(&st);

    dn_app_free(&a);
    dn_embed_free(given);
    dn_embed_free(zrl);
    dn_embed_free(wrong);
    dn_tree_free(&tree);
    dn_tree_free(&small);
    dn_net_free(&net);
    dn_net_free(&other);
}

/* a queen on (row, x) is safe from the queens of rows 0 .. row-1 */
static int safe(const int *col, int row, int x)
{
    for (int r = 0; r < row; r++)
        if (col[r] == x || abs(col[r] - x) == row - r)
            return 0;
    return 1;
}

/* valid placements of the first `rows` rows (brute force, no bit tricks) */
static int64_t partial(int n, int row, int rows, int *col)
{
    if (row == rows)
        return 1;
    int64_t c = 0;
    for (int x = 0; x < n; x++)
        if (safe(col, row, x)) {
            col[row] = x;
            c += partial(n, row + 1, rows, col);
        }
    return c;
}

/* every task is a placement of rows 0 .. cutoff (the root has none) */
static int64_t tasks_expected(int n, int cutoff)
{
    int col[32];
    int64_t t = 0;
    for (int r = 0; r <= cutoff && r <= n; r++)
        t += partial(n, 0, r, col);
    return t;
}

/* leaves of the dynamic n-queens tree: placements of `cutoff` rows, and
 * shorter ones that cannot be extended */
static int64_t leaves_expected(int n, int row, int cutoff, int *col)
{
    if (row == cutoff || row == n)
        return 1;
    int64_t c = 0, kids = 0;
    for (int x = 0; x < n; x++)
        if (safe(col, row, x)) {
            col[row] = x;
            kids++;
            c += leaves_expected(n, row + 1, cutoff, col);
        }
    return kids ? c : 1;
}

static void run_dynamic(int n, int workers, const char *net_s, int64_t *tasks, int64_t **per)
{
    dn_app_run a;
    dn_err err;
    dn_net net;
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = workers;
    o.root = -1;
    o.seed = 9;
    o.walk = 2;
    if (net_s) {
        assert_int_equal(dn_net_init(&net, net_s, &err), DN_OK);
        o.net = &net;
    }
    assert_int_equal(dn_app_init(&a, "nqueens", n, 1, 1, &err), DN_OK);
    dn_rt_stats st;
    int64_t answer;
    if (dn_rt_run_tree(&a.tree, &a.input, &answer, &o, &st, &err))
        fail_msg("nqueens %d dynamic: %s", n, err.msg);
    if (dn_app_verify(&a, NULL, answer, &err))
        fail_msg("nqueens %d on %d workers: %s", n, workers, err.msg);
    *tasks = st.tasks;
    *per = malloc((size_t)st.workers * sizeof **per);
    memcpy(*per, st.worker_tasks, (size_t)st.workers * sizeof **per);
    dn_rt_stats_free(&st);
    dn_app_free(&a);
    if (net_s)
        dn_net_free(&net);
}

static void test_dynamic(void **state)
{
    (void)state;
    for (int n = 4; n <= 11; n++) {
        int64_t want = tasks_expected(n, 3);
        int64_t *first = NULL;
        for (int wi = 0; wi < 4; wi++) {
            static const int ws[] = {1, 3, 8, 8};
            int64_t tasks, *per;
            run_dynamic(n, ws[wi], NULL, &tasks, &per);
            if (tasks != want)
                fail_msg("nqueens %d: %lld tasks, brute force says %lld", n, (long long)tasks,
                         (long long)want);
            if (wi == 3) /* same seed, same placement */
                assert_memory_equal(first, per, 8 * sizeof *per);
            if (wi == 2)
                first = per;
            else
                free(per);
        }
        free(first);
        int64_t tasks, *per;
        run_dynamic(n, 1, "hypercube:3", &tasks, &per);
        assert_int_equal(tasks, want);
        free(per);
    }
}

/* the documented example: sum of (i mod 7)^2 in closed form */
/* Every placement policy, on 1..8 workers and on a network: the right
 * answer, the brute-force task count, every task counted on some worker,
 * idle times within the run; the walk on a network travels exactly
 * Delta hops per spawned task (hypercube: no self-loops, a plain walk
 * moves at every step); under stealing a task leaves its worker only by a
 * steal, and steal-one moves exactly one task per steal. */
static void test_policies(void **state)
{
    (void)state;
    static const int pol[] = {DN_POLICY_WALK, DN_POLICY_LAZY, DN_POLICY_TWO_CHOICES,
                              DN_POLICY_STEAL, DN_POLICY_STEAL};
    dn_net cube;
    dn_err err;
    assert_int_equal(dn_net_init(&cube, "hypercube:3", &err), DN_OK);
    for (int pi = 0; pi < 5; pi++)
        for (int p = 1; p <= 9; p++) {
            const int n = 11;
            dn_app_run a;
            assert_int_equal(dn_app_init(&a, "nqueens", n, 1, DN_APP_DYNAMIC, &err), DN_OK);
            dn_rt_opts o;
            memset(&o, 0, sizeof o);
            o.workers = p == 9 ? 0 : p;
            o.net = p == 9 ? &cube : NULL; /* 9: the 8 processors of the 3-cube */
            o.root = -1;
            o.seed = 3;
            o.walk = 2;
            o.policy = pol[pi];
            o.steal = pi == 4 ? DN_STEAL_ONE : DN_STEAL_HALF;
            dn_rt_stats st;
            int64_t answer;
            if (dn_rt_run_tree(&a.tree, &a.input, &answer, &o, &st, &err) ||
                dn_app_verify(&a, NULL, answer, &err))
                fail_msg("policy %d on %d workers: %s", pol[pi], p, err.msg);
            assert_int_equal(st.policy, pol[pi]);
            assert_int_equal(st.tasks, tasks_expected(n, 3));
            int64_t sum = 0;
            for (int w = 0; w < st.workers; w++) {
                sum += st.worker_tasks[w];
                assert_true(st.worker_idle[w] >= 0 && st.worker_idle[w] <= st.seconds);
            }
            assert_int_equal(sum, st.tasks);
            if (pol[pi] == DN_POLICY_WALK && o.net)
                assert_int_equal(st.hop_messages, 2 * (st.tasks - 1));
            if (pol[pi] == DN_POLICY_STEAL) {
                /* a task leaves its worker only by a steal (how many steals
                 * happen depends on the thread schedule) */
                assert_true(st.steals <= st.steal_attempts);
                assert_true(st.messages >= st.steals);
                if (st.steals == 0)
                    assert_int_equal(st.worker_tasks[0], st.tasks);
                if (o.steal == DN_STEAL_ONE)
                    assert_int_equal(st.messages, st.steals);
            }
            dn_rt_stats_free(&st);
            dn_app_free(&a);
        }
    dn_net_free(&cube);
}

/* --record-tree: the static run's tree is B(D) in dcnet's labels (the
 * workers' tree relabelled by rt_binomial_task), with the bytes of its
 * messages (down and up add up to the run's bytes); the dynamic run's is
 * the n-queens tree, numbered breadth first (every parent before its
 * children), each task 40 bytes down. */
static void test_record_tree(void **state)
{
    (void)state;
    dn_app_run a;
    dn_err err;
    dn_rt_stats st;
    dn_buf out;
    dn_rt_opts o;
    for (int p = 1; p <= 8; p *= 2) {
        assert_int_equal(dn_app_init(&a, "prefix", 5000, 1, 0, &err), DN_OK);
        memset(&o, 0, sizeof o);
        o.workers = p;
        o.grain = 1;
        o.root = -1;
        assert_int_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err), DN_OK);
        assert_int_equal(st.ntask_rec, p);
        int64_t bytes = 0;
        for (int r = 0; r < p; r++) { /* B(D)'s parents: y >> (ctz(y) + 1) */
            assert_int_equal(st.task_parent[r], r ? r >> (__builtin_ctz((unsigned)r) + 1) : -1);
            assert_true(st.task_work[r] >= 0 && st.task_work[r] <= st.seconds);
            bytes += st.task_bytes_down[r] + st.task_bytes_up[r];
        }
        assert_int_equal(bytes, st.bytes);
        free(out.data);
        dn_rt_stats_free(&st);
        dn_app_free(&a);
    }
    for (int pol = DN_POLICY_WALK; pol <= DN_POLICY_STEAL; pol++) {
        assert_int_equal(dn_app_init(&a, "nqueens", 9, 1, DN_APP_DYNAMIC, &err), DN_OK);
        memset(&o, 0, sizeof o);
        o.workers = 3;
        o.root = -1;
        o.policy = pol;
        o.record_tree = 1;
        int64_t answer;
        assert_int_equal(dn_rt_run_tree(&a.tree, &a.input, &answer, &o, &st, &err), DN_OK);
        assert_int_equal(st.ntask_rec, tasks_expected(9, 3));
        assert_int_equal(st.task_parent[0], -1);
        int64_t leaves = 0;
        int64_t *kids = calloc((size_t)st.ntask_rec, sizeof *kids);
        for (int64_t t = 1; t < st.ntask_rec; t++) {
            assert_true(st.task_parent[t] >= st.task_parent[t - 1] && st.task_parent[t] < t);
            assert_int_equal(st.task_bytes_down[t], 40);
            kids[st.task_parent[t]]++;
        }
        for (int64_t t = 0; t < st.ntask_rec; t++)
            leaves += kids[t] == 0;
        free(kids);
        int col[32];
        assert_int_equal(leaves, leaves_expected(9, 0, 3, col)); /* brute force */
        dn_rt_stats_free(&st);
        dn_app_free(&a);
    }
}

/* The skewed synthetic workload: every policy finds the tree's leaves
 * (counted here from the tree itself) and does every task's work exactly
 * once (--verify full's xor of the work results); a wrong count and a
 * deterministic tree are refused. */
static void test_search(void **state)
{
    (void)state;
    static const char *spec = "crt:12:0.2,0.3,0.5";
    dn_err err;
    dn_tree_model m;
    dn_tree t;
    assert_int_equal(dn_tree_model_parse(spec, &m, &err), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 4, 0, &err), DN_OK);
    int64_t leaves = 0;
    for (int64_t v = 0; v < t.nodes; v++)
        leaves += t.child_off[v + 1] == t.child_off[v];
    for (int pol = DN_POLICY_WALK; pol <= DN_POLICY_STEAL; pol++)
        for (int p = 1; p <= 4; p++) {
            dn_app_run a;
            assert_int_equal(dn_app_init_search(&a, spec, 50, 4, 0, DN_APP_VERIFY_FULL, &err),
                             DN_OK);
            assert_int_equal(a.n, t.nodes);
            dn_rt_opts o;
            memset(&o, 0, sizeof o);
            o.workers = p;
            o.root = -1;
            o.policy = pol;
            o.seed = 4;
            dn_rt_stats st;
            int64_t answer;
            if (dn_rt_run_tree(&a.tree, &a.input, &answer, &o, &st, &err) ||
                dn_app_verify(&a, NULL, answer, &err))
                fail_msg("search, policy %d, %d workers: %s", pol, p, err.msg);
            assert_int_equal(answer, leaves);
            assert_int_equal(st.tasks, t.nodes);
            assert_int_equal(dn_app_verify(&a, NULL, answer + 1, &err), DN_EINVAL);
            dn_rt_stats_free(&st);
            dn_app_free(&a);
        }
    dn_tree_free(&t);
    dn_app_run a;
    assert_int_equal(dn_app_init_search(&a, "binomial:5", 1, 1, 0, 0, &err), DN_EINVAL);
    assert_int_equal(dn_app_init(&a, "search", 0, 1, DN_APP_DYNAMIC, &err), DN_EINVAL);
}

/* Worker r's task in B(D): a bijection that keeps parents (the worker
 * with its top bit cleared -> B(D)'s parent) and receive phases (bit
 * lengths), checked for D = 1..12; the first values by hand. */
static void test_worker_tasks(void **state)
{
    (void)state;
    static const int64_t first[16] = {0, 1, 2, 3, 4, 6, 5, 7, 8, 12, 10, 14, 9, 13, 11, 15};
    for (int r = 0; r < 16; r++)
        assert_int_equal(rt_binomial_task(r), first[r]);
    for (int D = 1; D <= 12; D++) {
        int64_t W = (int64_t)1 << D;
        char *seen = calloc((size_t)W, 1);
        for (int64_t r = 0; r < W; r++) {
            int64_t y = rt_binomial_task(r);
            assert_true(y >= 0 && y < W && !seen[y]);
            seen[y] = 1;
            assert_int_equal(dn_bitlen((uint64_t)y), dn_bitlen((uint64_t)r));
            if (r) {
                int64_t pr = r & ~((int64_t)1 << (dn_bitlen((uint64_t)r) - 1));
                assert_int_equal(y >> (__builtin_ctzll((uint64_t)y) + 1), rt_binomial_task(pr));
            }
        }
        free(seen);
    }
}

static void test_doc_example(void **state)
{
    (void)state;
    static const size_t ns[] = {1, 999, 1000000, 1234567};
    for (size_t k = 0; k < 4; k++)
        for (int p = 1; p <= 8; p += 3) {
            double got, want = 0;
            size_t n = ns[k], full = n / 7;
            want = 91.0 * (double)full;
            for (size_t i = full * 7; i < n; i++)
                want += (double)((i % 7) * (i % 7));
            assert_int_equal(dc_sum_run(n, p, &got), DN_OK);
            assert_true(got == want);
        }
}

/* The merge path against the definition: the first k elements of the
 * stable merge (ties from a first), counted by brute force, on small
 * arrays with many ties and every k. */
static void test_merge_path(void **state)
{
    (void)state;
    dn_rng rng;
    dn_rng_seed(&rng, 5);
    for (int trial = 0; trial < 300; trial++) {
        uint64_t a[24], b[24], vmax = 1 + (uint64_t)trial % 5;
        size_t na = dn_rng_next(&rng) % 25, nb = dn_rng_next(&rng) % 25;
        for (size_t i = 0; i < na; i++)
            a[i] = dn_rng_next(&rng) % vmax;
        for (size_t i = 0; i < nb; i++)
            b[i] = dn_rng_next(&rng) % vmax;
        for (size_t i = 1; i < na; i++) /* insertion sorts: tiny inputs */
            for (size_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
                uint64_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
            }
        for (size_t i = 1; i < nb; i++)
            for (size_t j = i; j > 0 && b[j - 1] > b[j]; j--) {
                uint64_t t = b[j]; b[j] = b[j - 1]; b[j - 1] = t;
            }
        size_t i = 0, j = 0;
        for (size_t k = 0; k <= na + nb; k++) { /* i of the first k, stably merged */
            assert_int_equal(dn_merge_path(a, na, b, nb, k), i);
            if (k == na + nb)
                break;
            if (j == nb || (i < na && a[i] <= b[j]))
                i++;
            else
                j++;
        }
    }
}

static void test_shared_mergesort(void **state)
{
    (void)state;
    static const int64_t sizes[] = {1, 2, 5, 1000, 200003};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int p = 1; p <= 8; p++) {
            dn_rt_stats st;
            run_app_as("mergesort", sizes[k], p, 1, 1, 0, &st);
            int D = 0;
            while ((2 << D) <= p && (sizes[k] >> (D + 1)) >= 1)
                D++;
            assert_int_equal(st.depth, D);
            /* references, not keys: 32 bytes a message */
            assert_int_equal(st.messages, 2 * ((1 << D) - 1));
            assert_int_equal(st.bytes, 32 * st.messages);
            dn_rt_stats_free(&st);
        }
    /* 200003 keys on 4 workers: the two phase-2 merges (100001 and 100002
     * keys, above share_units 65536) are shared in pairs {0, 2} and
     * {1, 3}; the top merge by all four. So every worker merges twice;
     * prefix sums share their merges (adding the left total) the same way. */
    for (int app = 0; app < 2; app++) {
        dn_rt_stats st;
        run_app_as(app ? "prefix" : "mergesort", 200003, 4, 1, 1, 1, &st);
        int merges[4] = {0, 0, 0, 0};
        for (int64_t i = 0; i < st.nspans; i++)
            if (st.spans[i].kind == 2)
                merges[st.spans[i].worker]++;
        for (int w = 0; w < 4; w++)
            assert_int_equal(merges[w], 2);
        dn_rt_stats_free(&st);
    }
    /* the dynamic mode has no shared form */
    dn_app_run a;
    dn_err err;
    assert_int_equal(dn_app_init(&a, "nqueens", 8, 1, DN_APP_DYNAMIC, &err), DN_OK);
    assert_int_equal(dn_app_share(&a, &err), DN_ENOTSUP);
    assert_non_null(strstr(err.msg, "dynamic"));
    dn_app_free(&a);
}

/* A merge part that fails: the run reports it (no hang, nothing leaked:
 * the ASan build runs this too). */
static int (*real_part)(void *, const dn_buf *, const dn_buf *, dn_buf *, int, int);
static int failing_part(void *ctx, const dn_buf *a, const dn_buf *b, dn_buf *out, int k, int n)
{
    if (k == n - 1)
        return DN_EINVAL;
    return real_part(ctx, a, b, out, k, n);
}

static void test_shared_merge_fails(void **state)
{
    (void)state;
    for (int p = 2; p <= 8; p *= 2) {
        dn_app_run a;
        dn_err err;
        if (dn_app_init(&a, "mergesort", 300000, 3, 0, &err) || dn_app_share(&a, &err))
            fail_msg("%s", err.msg);
        real_part = a.dc.merge_part;
        a.dc.merge_part = failing_part;
        dn_rt_opts o;
        memset(&o, 0, sizeof o);
        o.workers = p;
        o.grain = 1;
        o.root = -1;
        dn_rt_stats st;
        dn_buf out;
        assert_int_equal(dn_rt_run(&a.dc, &a.input, &out, &o, &st, &err), DN_EINVAL);
        assert_non_null(strstr(err.msg, "merge failed"));
        assert_null(out.data);
        dn_rt_stats_free(&st);
        dn_app_free(&a);
    }
}

/* The run's summaries, by hand on made-up arrays, and the policy names
 * both ways. */
static void test_stats_summary(void **state)
{
    (void)state;
    int64_t tasks[3] = {5, 2, 9}, msgs[4] = {0, 7, 3, 0};
    double idle[3] = {0.5, 1.5, 0.25};
    dn_rt_stats st;
    memset(&st, 0, sizeof st);
    st.workers = 3;
    st.tasks = 16;
    st.worker_tasks = tasks;
    st.worker_idle = idle;
    st.links = 4;
    st.link_msgs = msgs;
    dn_rt_summary s;
    dn_rt_stats_summary(&st, &s);
    assert_int_equal(s.tasks_min, 2);
    assert_int_equal(s.tasks_max, 9);
    assert_true(s.tasks_mean == 16.0 / 3);
    assert_true(s.idle_min == 0.25 && s.idle_max == 1.5 && s.idle_mean == 0.75);
    assert_int_equal(s.links_used, 2);
    assert_int_equal(s.link_msgs_max, 7);
    st.worker_tasks = NULL; /* static mode: no per-worker arrays */
    st.worker_idle = NULL;
    st.link_msgs = NULL;
    dn_rt_stats_summary(&st, &s);
    assert_int_equal(s.tasks_max, 0);
    assert_int_equal(s.links_used, 0);
    for (int p = DN_POLICY_AUTO; p <= DN_POLICY_STEAL; p++) {
        dn_walk_policy q;
        dn_err e;
        assert_int_equal(dn_walk_policy_parse(dn_walk_policy_name((dn_walk_policy)p), &q, &e),
                         DN_OK);
        assert_int_equal(q, p);
    }
    dn_walk_policy q;
    dn_err e;
    assert_int_equal(dn_walk_policy_parse("stael", &q, &e), DN_ENOTFOUND);
    assert_non_null(strstr(e.msg, "two-choices"));
    assert_null(dn_walk_policy_name((dn_walk_policy)9)); /* the enums' convention: NULL */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_summary),
        cmocka_unit_test(test_apps_verified),
        cmocka_unit_test(test_fast_verify),
        cmocka_unit_test(test_sort_kernel),
        cmocka_unit_test(test_traffic_closed_form),
        cmocka_unit_test(test_emulation),
        cmocka_unit_test(test_caller_embedding),
        cmocka_unit_test(test_dynamic),
        cmocka_unit_test(test_policies),
        cmocka_unit_test(test_search),
        cmocka_unit_test(test_record_tree),
        cmocka_unit_test(test_worker_tasks),
        cmocka_unit_test(test_doc_example),
        cmocka_unit_test(test_merge_path),
        cmocka_unit_test(test_shared_mergesort),
        cmocka_unit_test(test_shared_merge_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
