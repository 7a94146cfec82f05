/*
 * test_cutbound.c - the tree cut bound (issue 39, item 2; src/metric/bound.c,
 * docs/placement.md "Bounds"): at each level of a hierarchy, at least the
 * fewest tree edges (and the least weight) whose cut leaves connected
 * pieces that fit a part. Checked against independent sources:
 *  - Kundu and Misra's count (dn_tree_pieces) and Lukes' weighted cut
 *    (dn_tree_least_cut) against every subset of a small random tree's
 *    edges;
 *  - the bound against the least hop-bytes and dilation of every placement
 *    of small trees on small fat trees and a dragonfly (distances by BFS):
 *    never above, and reached where docs/placement.md says (stars, paths);
 *  - the rows (1172, 722, 166, against the partition bound's 1160,
 *    680, 160) and B(n), where the two bounds agree, in the library and in
 *    the JSON of dcnet embed.
 */
#include "testutil.h"

#include "../src/embed/pieces_impl.h"
#include "dcnet/dcnet.h"

#include <math.h>

static dn_embed_opts opts(const char *map)
{
    dn_embed_opts o;
    memset(&o, 0, sizeof o);
    o.map = map;
    o.root = -1;
    return o;
}

/* The tasks of t in BFS order (parents first); caller frees. */
static int64_t *bfs_order(const dn_tree *t)
{
    int64_t *order = malloc((size_t)t->nodes * sizeof *order), qt = 0;
    assert_non_null(order);
    order[qt++] = 0;
    for (int64_t qh = 0; qh < qt; qh++)
        for (int64_t i = 0; i < dn_tree_num_children(t, order[qh]); i++)
            order[qt++] = dn_tree_child(t, order[qh], i);
    assert_int_equal(qt, t->nodes);
    return order;
}

/* Union-find root. */
static int64_t uf_find(int64_t *up, int64_t v)
{
    while (up[v] != v)
        v = up[v] = up[up[v]];
    return v;
}

/* ---------------------------------------------- Kundu-Misra and Lukes */

/* Every subset of the edges of random trees of 2 .. 13 tasks (edge v:
 * task v to its parent): the fewest cut edges and the least cut weight
 * (integer weights 0 .. 9, so sums are exact) that leave pieces of at most
 * K tasks, for every K, against dn_tree_pieces - 1 and dn_tree_least_cut. */
static void test_pieces_brute_force(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    int checked = 0;
    for (int trial = 0; trial < 60; trial++) {
        const int64_t T = 2 + trial % 12;
        int64_t parent[16];
        double bytes[16];
        parent[0] = -1;
        bytes[0] = 0;
        for (int64_t v = 1; v < T; v++) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            /* trial % 3: random, path-like (near parents), star-like */
            uint64_t x = rng >> 33;
            parent[v] = trial % 3 == 0   ? (int64_t)(x % (uint64_t)v)
                        : trial % 3 == 1 ? v - 1 - (int64_t)(x % 2 < (uint64_t)v ? x % 2 : 0)
                                         : (int64_t)(x % (v < 3 ? (uint64_t)v : 3));
            bytes[v] = (double)((rng >> 20) % 10);
        }
        dn_tree t;
        dn_err err;
        assert_int_equal(dn_tree_from_parents(&t, T, parent, NULL, bytes, NULL, &err), DN_OK);
        double wt[16];
        wt[0] = 0;
        for (int64_t v = 1; v < T; v++)
            wt[v] = bytes[v]; /* the tree keeps the ids: checked here */
        for (int64_t v = 1; v < T; v++)
            assert_int_equal(dn_tree_parent(&t, v), parent[v]);
        int64_t *order = bfs_order(&t);
        for (int64_t K = 1; K <= T; K++) {
            int64_t best_n = INT64_MAX;
            double best_w = INFINITY;
            for (uint32_t mask = 0; mask < (1u << (T - 1)); mask++) {
                int64_t up[16], size[16] = {0}, n = 0;
                double w = 0;
                for (int64_t v = 0; v < T; v++)
                    up[v] = v;
                for (int64_t v = 1; v < T; v++) {
                    if (mask >> (v - 1) & 1) {
                        n++;
                        w += wt[v];
                    } else {
                        up[uf_find(up, v)] = uf_find(up, parent[v]);
                    }
                }
                int fits = 1;
                for (int64_t v = 0; v < T; v++)
                    if (++size[uf_find(up, v)] > K)
                        fits = 0;
                if (fits) {
                    best_n = n < best_n ? n : best_n;
                    best_w = w < best_w ? w : best_w;
                }
            }
            int64_t res[16], kids[16], ktmp[16];
            char cut[16];
            int64_t pieces = dn_tree_pieces(&t, order, K, res, cut, kids, ktmp);
            if (pieces - 1 != best_n)
                fail_msg("trial %d (T %lld) K %lld: Kundu-Misra %lld cuts, brute force %lld",
                         trial, (long long)T, (long long)K, (long long)(pieces - 1),
                         (long long)best_n);
            int64_t roots = 0;
            for (int64_t v = 0; v < T; v++)
                roots += cut[v];
            assert_int_equal(roots, pieces);
            assert_true(res[0] >= 1 && res[0] <= K);
            double least = -1;
            assert_int_equal(dn_tree_least_cut(&t, order, wt, K, &least), DN_OK);
            if (least != best_w)
                fail_msg("trial %d (T %lld) K %lld: Lukes %g, brute force %g", trial,
                         (long long)T, (long long)K, least, best_w);
            checked++;
        }
        free(order);
        dn_tree_free(&t);
    }
    assert_true(checked > 400);
}

/* ------------------------------------------- placements by brute force */

typedef struct brute {
    int64_t T, P;
    int64_t parent[16];
    double w[16];       /* w[v]: the edge v - parent */
    int64_t cap[16], load[16], place[16];
    int32_t *dist;      /* P x P hops between processors (BFS) */
    double intra;       /* hops a co-located edge costs */
    double best_dil, best_hb;
    int64_t count;
} brute;

static void visit(brute *b, int64_t v)
{
    if (v == b->T) {
        double dil = 0, hb = 0;
        for (int64_t u = 1; u < b->T; u++) {
            int64_t p = b->place[u], q = b->place[b->parent[u]];
            double h = p == q ? b->intra : b->dist[p * b->P + q];
            dil += h;
            hb += b->w[u] * h;
        }
        b->best_dil = fmin(b->best_dil, dil);
        b->best_hb = fmin(b->best_hb, hb);
        b->count++;
        return;
    }
    for (int64_t p = 0; p < b->P; p++)
        if (b->load[p] < b->cap[p]) {
            b->load[p]++;
            b->place[v] = p;
            visit(b, v + 1);
            b->load[p]--;
        }
}

/* Every placement of the tree (parent[], T tasks; weights w[1 .. T-1] or
 * NULL for 1 each) on net with `slots` a processor, scored with BFS
 * distances and the intra-node cost; the least dilation and hop-bytes
 * against dn_bounds_compute. tight: 1 the dilation bound must be reached,
 * 2 the hop-bytes bound too. Returns the bounds' `by` of the dilation. */
static const char *check(const char *net, const int64_t *parent, int64_t T, const double *w,
                         int64_t slots, double intra, int tight)
{
    brute *b = calloc(1, sizeof *b);
    assert_non_null(b);
    dn_net n;
    dn_csr g;
    dn_tree t;
    dn_err err;
    assert_int_equal(dn_net_init(&n, net, &err), DN_OK);
    assert_int_equal(dn_net_materialize(&n, &g, 0, &err), DN_OK);
    double bytes[16] = {0};
    for (int64_t v = 1; v < T; v++)
        bytes[v] = w ? w[v] : 1;
    assert_int_equal(dn_tree_from_parents(&t, T, parent, NULL, bytes, NULL, &err), DN_OK);
    b->T = T;
    b->P = dn_net_processors(&n);
    b->intra = intra;
    assert_true(b->P <= 16);
    for (int64_t v = 0; v < T; v++) {
        b->parent[v] = parent[v];
        b->w[v] = bytes[v];
    }
    for (int64_t p = 0; p < b->P; p++)
        b->cap[p] = slots;
    b->dist = malloc((size_t)(b->P * b->P) * sizeof *b->dist);
    int32_t *d = malloc((size_t)g.n * sizeof *d);
    assert_true(b->dist && d);
    for (int64_t p = 0; p < b->P; p++) {
        int32_t ecc;
        int64_t reached;
        assert_int_equal(dn_bfs(&g, p, d, &ecc, &reached), DN_OK);
        for (int64_t q = 0; q < b->P; q++)
            b->dist[p * b->P + q] = d[q];
    }
    free(d);
    b->best_dil = b->best_hb = INFINITY;
    visit(b, 0);
    assert_true(b->count > 0);
    /* the bound of the same tree, slots and weights (any mapping) */
    dn_embed_opts o = opts("greedy");
    o.slots = slots;
    o.intra_cost = intra;
    if (w) {
        o.weights = DN_WEIGHTS_GIVEN;
        o.given = bytes + 1;
        o.given_len = T - 1;
    }
    dn_embed *e;
    dn_bounds bd;
    assert_int_equal(dn_embed_init(&e, &n, &t, &o, &err), DN_OK);
    assert_int_equal(dn_bounds_compute(e, 0, &bd, &err), DN_OK);
    if (bd.dilation_total > b->best_dil + 1e-9 || bd.hop_bytes > b->best_hb + 1e-9)
        fail_msg("%s, %lld tasks, slots %lld, intra %g: bounds %g / %g (%s / %s) above the "
                 "least of %lld placements %g / %g",
                 net, (long long)T, (long long)slots, intra, bd.dilation_total, bd.hop_bytes,
                 bd.dilation_by, bd.hop_bytes_by, (long long)b->count, b->best_dil, b->best_hb);
    if (tight >= 1 && fabs(bd.dilation_total - b->best_dil) > 1e-9)
        fail_msg("%s, %lld tasks: the dilation bound %g (%s) is not the least %g", net,
                 (long long)T, bd.dilation_total, bd.dilation_by, b->best_dil);
    if (tight >= 2 && fabs(bd.hop_bytes - b->best_hb) > 1e-9)
        fail_msg("%s, %lld tasks: the hop-bytes bound %g (%s) is not the least %g", net,
                 (long long)T, bd.hop_bytes, bd.hop_bytes_by, b->best_hb);
    const char *by = bd.dilation_by;
    dn_embed_free(e);
    dn_tree_free(&t);
    dn_csr_free(&g);
    dn_net_free(&n);
    free(b->dist);
    free(b);
    return by;
}

/* Stars and paths reach the bound on fat trees (docs/placement.md): a
 * star's root keeps K_i - 1 leaves in its level-i part and no placement
 * keeps more, so the tree cut counts exactly the leaves that pay each
 * level; a path splits into pieces of K_i, as the partition says. Random
 * trees of 5 to 8 tasks, weighted and not, on fattree:2:3, fattree:3:2,
 * fattree:2:2 with 2 slots, dragonfly:2:1:1, with intra-node costs below
 * and above the hops between processors: never above the least. */
static void test_bound_brute_force(void **state)
{
    (void)state;
    static const int64_t star8[8] = {-1, 0, 0, 0, 0, 0, 0, 0};
    static const int64_t path8[8] = {-1, 0, 1, 2, 3, 4, 5, 6};
    /* a star of 8 on fattree:2:3 (leaf switches of 2, pods of 4): the
     * partition counts 7, 3, 1 crossing edges (2 hops each level: 22),
     * every placement pays 2 + 2 x 4 + 4 x 6 = 34, the tree cut's 7, 6, 4 */
    assert_string_equal(check("fattree:2:3", star8, 8, NULL, 1, 0, 2), "tree cut");
    /* weighted: the root keeps the heaviest leaves nearest */
    static const double ws[8] = {0, 1, 9, 4, 4, 2, 7, 3};
    check("fattree:2:3", star8, 8, ws, 1, 0, 2);
    check("fattree:3:2", star8, 8, ws, 1, 0, 2);
    assert_string_equal(check("fattree:3:2", star8, 8, NULL, 1, 0, 2), "tree cut");
    /* two slots a processor (4 processors): level 0 pieces of 2 */
    check("fattree:2:2", star8, 8, NULL, 2, 0, 2);
    check("fattree:2:2", star8, 8, ws, 2, 0, 2);
    assert_string_equal(check("fattree:2:3", path8, 8, NULL, 1, 0, 2), "partition");
    check("fattree:2:3", path8, 8, ws, 1, 0, 0);
    /* intra-node costs: below and above the 2 hops between processors */
    check("fattree:2:2", star8, 8, NULL, 2, 0.5, 1);
    check("fattree:2:2", star8, 8, ws, 2, 0.5, 0);
    check("fattree:2:2", star8, 8, ws, 2, 3, 0);
    /* random trees and weights */
    uint64_t rng = 99;
    int raised = 0;
    for (int trial = 0; trial < 24; trial++) {
        const int64_t T = 5 + trial % 4;
        int64_t parent[8];
        double w[8] = {0};
        parent[0] = -1;
        for (int64_t v = 1; v < T; v++) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            parent[v] = (int64_t)((rng >> 33) % (uint64_t)v);
            w[v] = (double)(1 + (rng >> 17) % 8);
        }
        static const char *const nets[] = {"fattree:2:3", "fattree:3:2", "dragonfly:2:1:1"};
        const char *net = nets[trial % 3];
        if (strcmp(net, "dragonfly:2:1:1") == 0 && T > 6)
            continue; /* 6 processors */
        raised += strcmp(check(net, parent, T, NULL, 1, 0, 0), "tree cut") == 0;
        check(net, parent, T, w, 1, 0, 0);
        check("fattree:2:2", parent, T, trial % 2 ? w : NULL, 2, trial % 4 < 2 ? 0.5 : 3, 0);
    }
    assert_true(raised > 0); /* the tree cut raised some of them */
}

/* ------------------------------------------------- the rows */

typedef struct row {
    const char *net, *tree;
    double bound, partition;
} row;

/* The partition bound alone, from its closed form: on fattree:K:N every
 * level i = 0 .. N-1 (parts of K^i processors) pays 2 hops for each of the
 * ceil(T / K^i) - 1 edges it must cut at least. */
static double partition_fattree(int64_t K, int N, int64_t T)
{
    double b = 0;
    for (int i = 0, size = 1; i < N; i++, size *= (int)K)
        b += 2.0 * (double)((T + size - 1) / size - 1);
    return b;
}

/* 1172, 722 and 166 (the figures): complete:2:8 on fattree:8:3
 * (leaves of 8: 68 cuts, pods of 64: 8, against 63 and 7), the n-queens 9
 * tree (300 tasks) on fattree:8:3, complete:2:5 on fattree:4:3; B(n) on
 * fat trees keeps the partition bound (binomial subtrees of 2^i fill the
 * parts), and the CLI's JSON says which bound it gives. */
static void test_rows(void **state)
{
    (void)state;
    static const struct {
        const char *net, *tree;
        int64_t K;
        int N;
        double bound;
    } rows[] = {{"fattree:8:3", "complete:2:8", 8, 3, 1172},
                {"fattree:8:3", "file:docs/data/nqueens9.csv", 8, 3, 722},
                {"fattree:4:3", "complete:2:5", 4, 3, 166},
                {"fattree:8:3", "binomial:9", 8, 3, 0},
                {"fattree:4:3", "binomial:6", 4, 3, 0},
                {"fattree:2:5", "binomial:5", 2, 5, 0},
                {"fattree:16:3", "binomial:12", 16, 3, 8730}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        dn_net n;
        dn_tree t;
        dn_tree_model tm;
        dn_err err;
        assert_int_equal(dn_net_init(&n, rows[i].net, &err), DN_OK);
        assert_int_equal(dn_tree_model_parse(rows[i].tree, &tm, &err), DN_OK);
        assert_int_equal(dn_tree_init(&t, &tm, 1, 0, &err), DN_OK);
        dn_embed_opts o = opts("drb");
        dn_embed *e;
        dn_bounds bd;
        assert_int_equal(dn_embed_init(&e, &n, &t, &o, &err), DN_OK);
        assert_int_equal(dn_bounds_compute(e, 0, &bd, &err), DN_OK);
        const double part = partition_fattree(rows[i].K, rows[i].N, t.nodes);
        if (rows[i].bound > part) { /* raised by the tree cut */
            assert_true(bd.dilation_total == rows[i].bound);
            assert_string_equal(bd.dilation_by, "tree cut");
        } else { /* B(n): the partition bound, unchanged */
            assert_true(bd.dilation_total == part);
            if (rows[i].bound > 0)
                assert_true(bd.dilation_total == rows[i].bound);
            assert_string_equal(bd.dilation_by, "partition");
        }
        print_message("%s on %s: bound %g (%s), partition %g\n", rows[i].tree, rows[i].net,
                      bd.dilation_total, bd.dilation_by, part);
        dn_embed_free(e);
        dn_tree_free(&t);
        dn_net_free(&n);
    }
    /* the old figures, for the record: 1160, 680, 160 */
    assert_true(partition_fattree(8, 3, 511) == 1160);
    assert_true(partition_fattree(8, 3, 300) == 680);
    assert_true(partition_fattree(4, 3, 63) == 160);
    /* the JSON: the larger bound and its name; the n-queens tree's 40
     * bytes a message weigh the hop-bytes bound (722 x 40) */
    run_result r = run_dcnet("embed --net fattree:8:3 --tree complete:2:8 --map drb --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"dilation_total\":1172,\"dilation_by\":\"tree cut\","
                                  "\"hop_bytes\":1172,\"hop_bytes_by\":\"tree cut\""));
    run_free(&r);
    r = run_dcnet("embed --net fattree:8:3 --tree file:docs/data/nqueens9.csv --map drb --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"dilation_total\":722,\"dilation_by\":\"tree cut\","
                                  "\"hop_bytes\":28880,\"hop_bytes_by\":\"tree cut\""));
    run_free(&r);
    r = run_dcnet("embed --net fattree:8:3 --tree binomial:6 --map drb --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"dilation_total\":140,\"dilation_by\":\"partition\","
                                  "\"hop_bytes\":140,\"hop_bytes_by\":\"partition\""));
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pieces_brute_force),
        cmocka_unit_test(test_bound_brute_force),
        cmocka_unit_test(test_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
