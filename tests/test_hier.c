/*
 * test_hier.c - issue 39 item 1: the search that reaches the outside
 * mappers' figures (--map hier, src/embed/hier.c; best's search from it,
 * src/metric/best.c; refinement's near targets and cutoff,
 * src/embed/refine.c):
 *  - the three rows of the issue through the CLI (`embed --map best
 *    --objective hop-bytes`, default budget): the saved placement's hops
 *    recounted here by BFS over the network equal the JSON's, are at most
 *    the goals (1228, 615, 418), and the run takes at most 1 s of CPU;
 *  - hier's split is exact: on two processors (fattree:2:1) it cuts the
 *    least tree weight any split into the two processors' slots cuts
 *    (brute force over every subset, random weights);
 *  - the same seed, the same placement (best's search included);
 *  - the incremental figures equal a full recount after every move of the
 *    search's kind (3/4 of targets near, mostly swaps: one task a
 *    processor), on random cases;
 *  - the cutoff: a refinement of 10^9 moves stops at its CPU budget and
 *    says so; without one it runs its moves; --budget reaches best.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"
#include "../src/embed/embed_impl.h"

#include <math.h>
#include <sys/resource.h>

static dn_embed_opts opts(const char *map)
{
    dn_embed_opts o;
    memset(&o, 0, sizeof o);
    o.map = map;
    o.root = -1;
    return o;
}

static int is_sanitized(void)
{
    const char *b = getenv("DCNET_BIN"), *w = getenv("DCNET_WRAPPER");
    return (w && w[0]) || (b && (strstr(b, "asan") || strstr(b, "tsan")));
}

static double children_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

/* Total hops of the placement in file `path` (dcnet's values format),
 * recounted: BFS distances over the materialised network, summed over the
 * tree's edges (the routes of these networks are shortest paths). */
static int64_t recount_hops(const char *netspec, const char *treespec, const char *path)
{
    dn_net net;
    dn_tree tree;
    dn_tree_model tm;
    dn_csr g;
    dn_err err;
    memset(&g, 0, sizeof g);
    if (dn_net_init(&net, netspec, &err) || dn_tree_model_parse(treespec, &tm, &err) ||
        dn_tree_init(&tree, &tm, 1, 0, &err) || dn_net_materialize(&net, &g, 0, &err))
        fail_msg("%s %s: %s", netspec, treespec, err.msg);
    const int64_t T = tree.nodes;
    int64_t *place = malloc((size_t)T * sizeof *place);
    assert_non_null(place);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    int64_t n = 0;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && n < T)
            place[n++] = strtoll(line, NULL, 10);
    fclose(f);
    assert_int_equal(n, T);
    int64_t *dist = malloc((size_t)g.n * sizeof *dist), *q = malloc((size_t)g.n * sizeof *q);
    assert_non_null(dist);
    assert_non_null(q);
    int64_t total = 0;
    for (int64_t v = 1; v < T; v++) {
        const int64_t s = place[dn_tree_parent(&tree, v)], t = place[v];
        for (int64_t i = 0; i < g.n; i++)
            dist[i] = -1;
        int64_t h = 0, e = 0;
        dist[s] = 0;
        q[e++] = s;
        while (h < e && dist[t] < 0) {
            int64_t x = q[h++];
            for (int64_t k = g.off[x]; k < g.off[x + 1]; k++)
                if (dist[g.adj[k]] < 0) {
                    dist[g.adj[k]] = dist[x] + 1;
                    q[e++] = g.adj[k];
                }
        }
        assert_true(dist[t] >= 0);
        total += dist[t];
    }
    free(dist);
    free(q);
    free(place);
    dn_csr_free(&g);
    dn_tree_free(&tree);
    dn_net_free(&net);
    return total;
}

/* (1) the three rows at their goals, within 1 s of CPU */
static void test_goal_rows(void **state)
{
    (void)state;
    static const struct {
        const char *net, *tree;
        int64_t goal;
    } rows[] = {
        {"fattree:8:3", "complete:2:8", 1228},
        {"torus:8x8x8", "complete:2:8", 615},
        {"torus:8x8x8", "file:docs/data/nqueens9.csv", 418},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char args[512];
        snprintf(args, sizeof args,
                 "embed --net %s --tree %s --map best --objective hop-bytes --save-place "
                 "@T/p.txt --json",
                 rows[i].net, rows[i].tree);
        const double c0 = children_cpu();
        run_result r = run_dcnet(args);
        const double cpu = children_cpu() - c0;
        if (r.status != 0)
            fail_msg("%s: exit %d: %s", args, r.status, r.err);
        const int64_t json_total = (int64_t)json_num(json_find(r.out, "dilation"), "total");
        const int64_t hops = recount_hops(rows[i].net, rows[i].tree, tp("@T/p.txt"));
        print_message("%s on %s: %lld hops (goal %lld), %.2f s CPU\n", rows[i].tree,
                      rows[i].net, (long long)hops, (long long)rows[i].goal, cpu);
        assert_int_equal(hops, json_total);
        assert_true(hops <= rows[i].goal);
        assert_string_equal(json_find(r.out, "stopped") ? "ok" : "missing", "ok");
        if (!is_sanitized())
            assert_true(cpu <= 1.0);
        run_free(&r);
    }
}

/* (2) hier's split is the least cut: two processors, random trees and
 * weights, every subset tried */
static void test_split_exact(void **state)
{
    (void)state;
    static const char *const trees[] = {"complete:2:3", "complete:3:2", "binomial:4",
                                        "cbt:3",        "repro:10",     "crt:3:0.2,0.3,0.5",
                                        "complete:4:2"};
    dn_rng rng;
    dn_rng_seed(&rng, 39);
    int tried = 0;
    for (int round = 0; round < 80; round++) {
        const char *ts = trees[round % (int)(sizeof trees / sizeof trees[0])];
        dn_net net;
        dn_tree tree;
        dn_tree_model tm;
        dn_err err;
        if (dn_net_init(&net, "fattree:2:1", &err) || dn_tree_model_parse(ts, &tm, &err) ||
            dn_tree_init(&tree, &tm, (uint64_t)round + 1, 0, &err))
            fail_msg("%s: %s", ts, err.msg);
        const int64_t T = tree.nodes;
        if (T < 2 || T > 18) {
            dn_tree_free(&tree);
            dn_net_free(&net);
            continue;
        }
        tried++;
        double w[32];
        w[0] = 0;
        for (int64_t v = 1; v < T; v++)
            w[v] = (double)(1 + dn_rng_below(&rng, 5));
        dn_embed_opts o = opts("hier");
        o.weights = DN_WEIGHTS_GIVEN;
        o.given = w + 1;
        o.given_len = T - 1;
        o.slots = (T + 1) / 2 + (int64_t)dn_rng_below(&rng, 3);
        dn_embed *e = NULL;
        if (dn_embed_init(&e, &net, &tree, &o, &err))
            fail_msg("%s: %s", ts, err.msg);
        double cut = 0;
        int64_t on0 = 0;
        for (int64_t v = 0; v < T; v++) {
            on0 += dn_embed_place(e, v) == 0;
            if (v > 0 && dn_embed_place(e, v) != dn_embed_place(e, dn_tree_parent(&tree, v)))
                cut += w[v];
        }
        assert_true(on0 <= o.slots && T - on0 <= o.slots);
        double least = INFINITY;
        for (uint32_t s = 0; s < (1u << T); s++) {
            int64_t k = __builtin_popcount(s);
            if (k > o.slots || T - k > o.slots)
                continue;
            double c = 0;
            for (int64_t v = 1; v < T; v++)
                if (((s >> v) & 1) != ((s >> dn_tree_parent(&tree, v)) & 1))
                    c += w[v];
            if (c < least)
                least = c;
        }
        if (cut != least)
            fail_msg("%s (%lld tasks, %lld slots): hier cuts %g, the least is %g", ts,
                     (long long)T, (long long)o.slots, cut, least);
        dn_embed_free(e);
        dn_tree_free(&tree);
        dn_net_free(&net);
    }
    assert_true(tried >= 40);
}

/* (3) the same seed, the same placement: best with its search, twice */
static void test_same_seed(void **state)
{
    (void)state;
    static const char *const cases[][2] = {{"torus:4x4x4", "complete:2:5"},
                                           {"fattree:4:3", "complete:4:3"},
                                           {"dragonfly:4:2:2", "complete:3:3"}};
    int searched = 0; /* cases where the search changed hier's placement */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dn_net net;
        dn_tree tree;
        dn_tree_model tm;
        dn_err err;
        if (dn_net_init(&net, cases[i][0], &err) || dn_tree_model_parse(cases[i][1], &tm, &err) ||
            dn_tree_init(&tree, &tm, 5, 0, &err))
            fail_msg("%s: %s", cases[i][0], err.msg);
        dn_embed *e[2];
        dn_best_result *res = malloc(2 * sizeof *res);
        assert_non_null(res);
        for (int k = 0; k < 2; k++) {
            dn_embed_opts o = opts("best");
            o.seed = 7;
            o.search_seconds = INFINITY; /* no cutoff: the moves alone */
            if (dn_best_init(&e[k], &net, &tree, &o, NULL, DN_OBJECTIVE_HOP_BYTES, &res[k],
                             &err))
                fail_msg("%s: %s", cases[i][0], err.msg);
        }
        assert_string_equal(res[0].cand[res[0].winner].map, res[1].cand[res[1].winner].map);
        assert_int_equal(res[0].moves, res[1].moves);
        assert_int_equal(res[0].stopped, 0);
        for (int c = 0; c < res[0].n; c++)
            searched += strcmp(res[0].cand[c].map, "hier+search") == 0;
        if (res[0].moves < DN_BEST_SEARCH_PER_TASK * tree.nodes)
            fail_msg("%s %s (%lld tasks): %lld moves", cases[i][0], cases[i][1], (long long)tree.nodes, (long long)res[0].moves);
        for (int64_t v = 0; v < tree.nodes; v++)
            assert_int_equal(dn_embed_place(e[0], v), dn_embed_place(e[1], v));
        dn_embed_free(e[0]);
        dn_embed_free(e[1]);
        free(res);
        dn_tree_free(&tree);
        dn_net_free(&net);
    }
    assert_true(searched > 0);
}

/* (4) the search's moves (mostly swaps, 3/4 near) keep the incremental
 * figures equal to a full recount after every move */
static void test_swap_incremental(void **state)
{
    (void)state;
    static const char *const nets[] = {"fattree:4:3", "torus:4x4x4", "mesh:6x6",
                                       "dragonfly:4:2:2", "hypercube:6"};
    static const char *const trees[] = {"complete:2:5", "repro:30", "binomial:5",
                                        "complete:3:3", "crt:4:0.2,0.3,0.5"};
    static const dn_objective objs[] = {DN_OBJECTIVE_HOP_BYTES, DN_OBJECTIVE_CONFLICTS,
                                        DN_OBJECTIVE_DILATION, DN_OBJECTIVE_CONGESTION};
    dn_rng rng;
    dn_rng_seed(&rng, 3939);
    for (int round = 0; round < 30; round++) {
        const char *ns = nets[dn_rng_below(&rng, 5)], *ts = trees[dn_rng_below(&rng, 5)];
        dn_net net;
        dn_tree tree;
        dn_tree_model tm;
        dn_err err;
        if (dn_net_init(&net, ns, &err) || dn_tree_model_parse(ts, &tm, &err) ||
            dn_tree_init(&tree, &tm, (uint64_t)round, 0, &err))
            fail_msg("%s %s: %s", ns, ts, err.msg);
        if (tree.nodes < 8 || tree.nodes > dn_net_processors(&net)) { /* repro: any size */
            dn_tree_free(&tree);
            dn_net_free(&net);
            continue;
        }
        dn_embed_opts o = opts("hier");
        if (round % 4 == 3) { /* weighted edges too */
            o.weights = DN_WEIGHTS_LOG;
        }
        dn_embed *e = NULL;
        if (dn_embed_init(&e, &net, &tree, &o, &err))
            fail_msg("%s %s: %s", ns, ts, err.msg);
        dn_embed_opts r = o;
        r.refine_moves = 1500;
        r.refine_near = 12;
        r.objective = objs[round % 4];
        r.seed = (uint64_t)round;
        if (dn_embed_refine(e, &r, 1, &err))
            fail_msg("round %d %s %s %s: %s", round, ns, ts, dn_objective_name(r.objective),
                     err.msg);
        dn_refine_stats st;
        assert_int_equal(dn_embed_refine_stats(e, &st), 1);
        assert_int_equal(st.tried, 1500);
        assert_int_equal(st.stopped, 0);
        assert_true(st.accepted > 0);
        dn_embed_free(e);
        dn_tree_free(&tree);
        dn_net_free(&net);
    }
    /* the share is checked */
    dn_net net;
    dn_tree tree;
    dn_tree_model tm;
    dn_err err;
    assert_int_equal(dn_net_init(&net, "mesh:4x4", &err), DN_OK);
    assert_int_equal(dn_tree_model_parse("binomial:3", &tm, &err), DN_OK);
    assert_int_equal(dn_tree_init(&tree, &tm, 1, 0, &err), DN_OK);
    dn_embed_opts o = opts("hier");
    o.refine_moves = 10;
    o.refine_near = 17;
    dn_embed *e = NULL;
    assert_int_equal(dn_embed_init(&e, &net, &tree, &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "refine_near 17"));
    dn_tree_free(&tree);
    dn_net_free(&net);
}

/* (5) the cutoff stops a long refinement and says so; none: every move */
static void test_budget(void **state)
{
    (void)state;
    dn_net net;
    dn_tree tree;
    dn_tree_model tm;
    dn_err err;
    assert_int_equal(dn_net_init(&net, "torus:8x8x8", &err), DN_OK);
    assert_int_equal(dn_tree_model_parse("complete:2:8", &tm, &err), DN_OK);
    assert_int_equal(dn_tree_init(&tree, &tm, 1, 0, &err), DN_OK);
    dn_embed_opts o = opts("hier");
    o.refine_moves = 1000000000;
    o.objective = DN_OBJECTIVE_HOP_BYTES;
    o.search_seconds = 0.05;
    dn_embed *e = NULL;
    if (dn_embed_init(&e, &net, &tree, &o, &err))
        fail_msg("%s", err.msg);
    dn_refine_stats st;
    assert_int_equal(dn_embed_refine_stats(e, &st), 1);
    assert_int_equal(st.stopped, 1);
    assert_true(st.tried > 0 && st.tried < 1000000000);
    assert_true(st.seconds >= 0.05);
    if (!is_sanitized())
        assert_true(st.seconds < 0.5);
    assert_true(st.cutoff == 0.05);
    dn_embed_free(e);
    o.refine_moves = 3000;
    o.search_seconds = 0; /* none */
    assert_int_equal(dn_embed_init(&e, &net, &tree, &o, &err), DN_OK);
    assert_int_equal(dn_embed_refine_stats(e, &st), 1);
    assert_int_equal(st.stopped, 0);
    assert_int_equal(st.tried, 3000);
    assert_true(isinf(st.cutoff));
    dn_embed_free(e);
    dn_tree_free(&tree);
    dn_net_free(&net);
    /* through the CLI: best's search cut at 1 ms says so; --refine's too */
    run_result r = run_dcnet("embed --net torus:8x8x8 --tree complete:2:8 --map best "
                             "--objective hop-bytes --budget 1ms --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"stopped\":\"time\""));
    assert_true(json_num(r.out, "budget") == 0.001);
    run_free(&r);
    r = run_dcnet("embed --net torus:4x4x4 --tree complete:2:5 --map drb --refine 500 "
                  "--json");
    assert_int_equal(r.status, 0);
    assert_true(json_num(json_find(r.out, "search"), "moves") == 500);
    assert_non_null(strstr(r.out, "\"budget\":null,\"stopped\":\"none\""));
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goal_rows),        cmocka_unit_test(test_split_exact),
        cmocka_unit_test(test_same_seed),        cmocka_unit_test(test_swap_incremental),
        cmocka_unit_test(test_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
