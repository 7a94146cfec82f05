/*
 * test_route.c - routers against breadth-first search: every route must
 * be a walk on the network's links from src to dst, and the shortest-path
 * routers must match BFS distances for every pair on small networks.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"

/* All-pairs BFS distances (n x n) from the CSR. */
static int32_t *bfs_table(const dn_csr *g)
{
    int32_t *d = malloc((size_t)g->n * (size_t)g->n * sizeof *d);
    assert_non_null(d);
    for (int64_t s = 0; s < g->n; s++) {
        int32_t ecc;
        int64_t reached;
        assert_int_equal(dn_bfs(g, s, d + s * g->n, &ecc, &reached), DN_OK);
    }
    return d;
}

static int is_link(const dn_csr *g, int64_t u, int64_t v)
{
    for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
        if (g->adj[a] == v)
            return 1;
    return 0;
}

static void check_router_pairs(const char *spec, dn_router_kind kind, int exact,
                               dn_route_algo want, int procs_only);

/* Every pair: route valid; shortest == BFS distance when `exact`. */
static void check_router(const char *spec, dn_router_kind kind, int exact, dn_route_algo want)
{
    check_router_pairs(spec, kind, exact, want, 0);
}

/* The same over every pair of processors (networks with switches route
 * between processors). */
static void check_router_pairs(const char *spec, dn_router_kind kind, int exact,
                               dn_route_algo want, int procs_only)
{
    dn_net net;
    dn_csr g;
    dn_router *r = NULL;
    dn_err err;
    assert_int_equal(dn_net_init(&net, spec, &err), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
    assert_int_equal(dn_router_init(&r, &net, &g, kind, &err), DN_OK);
    assert_int_equal(dn_router_algo(r), want);
    int32_t *d = bfs_table(&g);
    const int64_t ends = procs_only ? dn_net_processors(&net) : g.n;
    for (int64_t s = 0; s < ends; s++)
        for (int64_t t = 0; t < ends; t++) {
            const int64_t *p;
            int64_t h;
            int32_t want_d = d[s * g.n + t];
            int rc = dn_route(r, s, t, &p, &h, &err);
            if (want_d < 0) {
                assert_int_equal(rc, DN_ENOTFOUND);
                continue;
            }
            assert_int_equal(rc, DN_OK);
            assert_int_equal(p[0], s);
            assert_int_equal(p[h], t);
            for (int64_t i = 0; i < h; i++)
                if (!is_link(&g, p[i], p[i + 1]))
                    fail_msg("%s: route %lld -> %lld steps %lld -> %lld, not a link", spec,
                             (long long)s, (long long)t, (long long)p[i], (long long)p[i + 1]);
            if (exact && h != want_d)
                fail_msg("%s: route %lld -> %lld has %lld hops, BFS says %d", spec, (long long)s,
                         (long long)t, (long long)h, want_d);
            if (!exact)
                assert_true(h >= want_d);
        }
    free(d);
    dn_router_free(r);
    dn_csr_free(&g);
    dn_net_free(&net);
}

static void test_bdg_window_is_shortest(void **state)
{
    (void)state;
    char spec[32];
    for (int k = 1; k <= 9; k++) {
        snprintf(spec, sizeof spec, "debruijn:%d", k);
        check_router(spec, DN_ROUTER_SHORTEST, 1, DN_ALGO_BDG);
    }
    check_router("dg:2:5", DN_ROUTER_SHORTEST, 1, DN_ALGO_BDG);
}

/* Distances only, larger k: the closed form against BFS from sampled sources. */
static void test_bdg_distance_large(void **state)
{
    (void)state;
    for (int k = 10; k <= 14; k += 2) {
        char spec[32];
        snprintf(spec, sizeof spec, "debruijn:%d", k);
        dn_net net;
        dn_csr g;
        dn_err err;
        assert_int_equal(dn_net_init(&net, spec, &err), DN_OK);
        assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
        int32_t *d = malloc((size_t)g.n * sizeof *d);
        assert_non_null(d);
        for (int64_t s = 0; s < g.n; s += 97) {
            int32_t ecc;
            int64_t reached;
            assert_int_equal(dn_bfs(&g, s, d, &ecc, &reached), DN_OK);
            for (int64_t t = 0; t < g.n; t++)
                if (dn_bdg_distance(k, (uint64_t)s, (uint64_t)t) != d[t])
                    fail_msg("BDG(%d) %lld -> %lld: window %d, BFS %d", k, (long long)s,
                             (long long)t, dn_bdg_distance(k, (uint64_t)s, (uint64_t)t), d[t]);
        }
        free(d);
        dn_csr_free(&g);
        dn_net_free(&net);
    }
}

static void test_ddb_routes(void **state)
{
    (void)state;
    char spec[32];
    for (int k = 1; k <= 8; k++) {
        snprintf(spec, sizeof spec, "ddb:%d", k);
        check_router(spec, DN_ROUTER_SHORTEST, 1, DN_ALGO_DDB);
    }
    /* length-k routes: always exactly k hops, valid links */
    dn_net net;
    dn_csr g;
    dn_router *r = NULL;
    dn_err err;
    assert_int_equal(dn_net_init(&net, "ddb:6", &err), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
    assert_int_equal(dn_router_init_ddb_k(&r, &net, &err), DN_OK);
    for (int64_t s = 0; s < 64; s++)
        for (int64_t t = 0; t < 64; t++) {
            const int64_t *p;
            int64_t h;
            assert_int_equal(dn_route(r, s, t, &p, &h, &err), DN_OK);
            assert_int_equal(h, 6);
            assert_int_equal(p[6], t);
            for (int i = 0; i < 6; i++)
                assert_true(is_link(&g, p[i], p[i + 1]));
        }
    dn_router_free(r);
    dn_csr_free(&g);
    dn_net_free(&net);
    assert_int_equal(dn_router_init_ddb_k(&r, &net, &err), DN_EINVAL);
    assert_null(r); /* a failed init leaves nothing to free */
}

static void test_dimension_order(void **state)
{
    (void)state;
    check_router("hypercube:6", DN_ROUTER_XY, 1, DN_ALGO_ECUBE);
    check_router("hypercube:5", DN_ROUTER_SHORTEST, 1, DN_ALGO_ECUBE);
    check_router("mesh:5x7", DN_ROUTER_XY, 1, DN_ALGO_XY);
    check_router("torus:5x6", DN_ROUTER_XY, 1, DN_ALGO_XY);
    check_router("torus:4x4", DN_ROUTER_SHORTEST, 1, DN_ALGO_XY);
    check_router("ring:9", DN_ROUTER_SHORTEST, 1, DN_ALGO_XY);
    /* fattree: up-down through the nearest common ancestor, every pair of
     * processors against BFS */
    check_router_pairs("fattree:2:4", DN_ROUTER_SHORTEST, 1, DN_ALGO_UPDOWN, 1);
    check_router_pairs("fattree:3:3", DN_ROUTER_SHORTEST, 1, DN_ALGO_UPDOWN, 1);
    check_router_pairs("fattree:4:2", DN_ROUTER_SHORTEST, 1, DN_ALGO_UPDOWN, 1);
    check_router_pairs("fattree:5:1", DN_ROUTER_SHORTEST, 1, DN_ALGO_UPDOWN, 1);
    /* dragonfly: minimal (local-global-local) routes are valid, at least
     * the BFS distance, at most 5 hops, and the distance within a group;
     * a detour over a third group is sometimes shorter (counted) */
    for (int k = 0; k < 3; k++) {
        static const char *const specs[] = {"dragonfly:4:2:2", "dragonfly:3:1:2",
                                            "dragonfly:2:2:1"};
        check_router_pairs(specs[k], DN_ROUTER_MINIMAL, 0, DN_ALGO_MINIMAL, 1);
        dn_net net;
        dn_csr g;
        dn_router *r = NULL;
        dn_err err;
        assert_int_equal(dn_net_init(&net, specs[k], &err), DN_OK);
        assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
        assert_int_equal(dn_router_init(&r, &net, &g, DN_ROUTER_MINIMAL, &err), DN_OK);
        int32_t *d = bfs_table(&g);
        const int64_t P = dn_net_processors(&net), per_group = net.p[0] * net.p[1];
        int64_t longer = 0, pairs = 0;
        for (int64_t s2 = 0; s2 < P; s2++)
            for (int64_t t = 0; t < P; t++) {
                const int64_t *p;
                int64_t h;
                assert_int_equal(dn_route(r, s2, t, &p, &h, &err), DN_OK);
                assert_true(h <= 5);
                if (s2 / per_group == t / per_group)
                    assert_int_equal(h, d[s2 * g.n + t]);
                longer += h > d[s2 * g.n + t];
                pairs++;
            }
        print_message("%s: minimal routing is longer than BFS for %lld of %lld pairs\n",
                      specs[k], (long long)longer, (long long)pairs);
        free(d);
        dn_router_free(r);
        dn_csr_free(&g);
        dn_net_free(&net);
    }
    /* Kautz: shift past the longest overlap, every pair against BFS */
    check_router("kautz:2:4", DN_ROUTER_SHORTEST, 1, DN_ALGO_KAUTZ);
    check_router("kautz:3:3", DN_ROUTER_SHORTEST, 1, DN_ALGO_KAUTZ);
    check_router("kautz:1:4", DN_ROUTER_SHORTEST, 1, DN_ALGO_KAUTZ);
    check_router("kautz:4:1", DN_ROUTER_SHORTEST, 1, DN_ALGO_KAUTZ);
    check_router("kautz:11:2", DN_ROUTER_SHORTEST, 1, DN_ALGO_KAUTZ);
    /* 3 to 8 sides: dimension order, every pair against BFS */
    check_router("mesh:3x4x5", DN_ROUTER_XY, 1, DN_ALGO_XY);
    check_router("torus:4x3x5", DN_ROUTER_SHORTEST, 1, DN_ALGO_XY);
    check_router("torus:2x2x3x1x2", DN_ROUTER_XY, 1, DN_ALGO_XY);
    check_router("mesh:2x2x2x2x2x2x2x2", DN_ROUTER_XY, 1, DN_ALGO_XY);
    /* XY: the column is corrected before the row */
    dn_net net;
    dn_router *r = NULL;
    dn_err err;
    const int64_t *p;
    int64_t h;
    assert_int_equal(dn_net_init(&net, "mesh:4x4", &err), DN_OK);
    assert_int_equal(dn_router_init(&r, &net, NULL, DN_ROUTER_XY, &err), DN_OK);
    assert_int_equal(dn_route(r, 0, 15, &p, &h, &err), DN_OK);
    int64_t want[] = {0, 1, 2, 3, 7, 11, 15};
    assert_int_equal(h, 6);
    for (int i = 0; i <= 6; i++)
        assert_int_equal(p[i], want[i]);
    assert_int_equal(dn_route(r, 0, 16, &p, &h, &err), DN_EINVAL);
    dn_router_free(r);
    dn_net_free(&net);
    /* mesh:2x2x2: the last side first, then the middle, then the first */
    assert_int_equal(dn_net_init(&net, "mesh:2x2x2", &err), DN_OK);
    assert_int_equal(dn_router_init(&r, &net, NULL, DN_ROUTER_XY, &err), DN_OK);
    assert_int_equal(dn_route(r, 0, 7, &p, &h, &err), DN_OK);
    int64_t want3[] = {0, 1, 3, 7};
    assert_int_equal(h, 3);
    for (int i = 0; i <= 3; i++)
        assert_int_equal(p[i], want3[i]);
    dn_router_free(r);
    dn_net_free(&net);
    assert_int_equal(dn_net_init(&net, "butterfly:3", &err), DN_OK);
    assert_int_equal(dn_router_init(&r, &net, NULL, DN_ROUTER_XY, &err), DN_EINVAL);
    assert_null(r);
    assert_non_null(strstr(err.msg, "; use routes shortest"));
    assert_null(strstr(err.msg, "--"));
    assert_string_equal(err.param, "routes");
    /* a kind out of the enum was taken for BFS, and a graph of another
     * network was said to be missing (attack2) */
    for (int k = -1; k <= 4; k += 5) { /* 4: one past DN_ROUTER_MINIMAL */
        assert_int_equal(dn_router_init(&r, &net, NULL, (dn_router_kind)k, &err), DN_EINVAL);
        assert_null(r);
        assert_string_equal(err.param, "routes");
    }
    dn_net ring;
    dn_csr rg = {0};
    assert_int_equal(dn_net_init(&ring, "ring:5", &err), DN_OK);
    assert_int_equal(dn_net_materialize(&ring, &rg, 0, &err), DN_OK);
    assert_int_equal(dn_router_init(&r, &net, &rg, DN_ROUTER_BFS, &err), DN_EINVAL);
    assert_null(r);
    assert_non_null(strstr(err.msg, "not a graph of 5 nodes"));
    dn_csr_free(&rg);
    dn_net_free(&ring);
    dn_net_free(&net);
}

static void test_bidirectional_bfs(void **state)
{
    (void)state;
    check_router("butterfly:3", DN_ROUTER_SHORTEST, 1, DN_ALGO_BFS);
    check_router("wbutterfly:4", DN_ROUTER_SHORTEST, 1, DN_ALGO_BFS);
    check_router("sneptree-t:3", DN_ROUTER_SHORTEST, 1, DN_ALGO_BFS);   /* directed */
    check_router("sneptree:3:5", DN_ROUTER_SHORTEST, 1, DN_ALGO_BFS);
    check_router("debruijn:7", DN_ROUTER_BFS, 1, DN_ALGO_BFS);
    check_router("ddb:6", DN_ROUTER_BFS, 1, DN_ALGO_BFS);
    check_router("cbt:4", DN_ROUTER_SHORTEST, 1, DN_ALGO_BFS);
    check_router("dg:3:3", DN_ROUTER_SHORTEST, 1, DN_ALGO_BFS);
    /* many searches reuse the stamps; a disconnected file graph reports
     * unreachable pairs */
    dn_net net;
    dn_csr g;
    dn_router *r = NULL;
    dn_err err;
    const int64_t *p;
    int64_t h;
    char path[] = "/tmp/dcnet-route-XXXXXX", spec[64];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "0 1\n1 2\n3 4\n", 12), 12);
    close(fd);
    snprintf(spec, sizeof spec, "file:%s", path);
    assert_int_equal(dn_net_init(&net, spec, &err), DN_OK);
    unlink(path);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
    assert_int_equal(dn_router_init(&r, &net, &g, DN_ROUTER_SHORTEST, &err), DN_OK);
    assert_int_equal(dn_route(r, 0, 2, &p, &h, &err), DN_OK);
    assert_int_equal(h, 2);
    assert_int_equal(dn_route(r, 0, 4, &p, &h, &err), DN_ENOTFOUND);
    assert_int_equal(dn_route(r, 4, 3, &p, &h, &err), DN_OK);
    assert_int_equal(h, 1);
    dn_router_free(r);
    dn_csr_free(&g);
    dn_net_free(&net);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bdg_window_is_shortest),
        cmocka_unit_test(test_bdg_distance_large),
        cmocka_unit_test(test_ddb_routes),
        cmocka_unit_test(test_dimension_order),
        cmocka_unit_test(test_bidirectional_bfs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
