/*
 * test_net.c - networks against independent constructions.
 *
 * Every implicit network is compared, node by node, with an adjacency
 * predicate written straight from the papers' definitions (seed 000 Def. 2
 * for DG(r,k), seed 003 Def. 1 for DDB(k), seed 002 for butterflies, the
 * coordinate definitions of meshes and tori) by an O(n^2) scan. Closed-form
 * facts (edges, degrees, diameters) are checked against degree scans and an
 * exact BFS for every size small enough; the bit-parallel all-pairs BFS is
 * itself checked against plain single-source BFS. Sneptrees are checked
 * against the edge sets written out by hand from docs/spec/sneptrees.md, their
 * circuits, degrees and planarity.
 */
#include "testutil.h"

#include "dcnet/net.h"

#include <math.h>

/* ------------------------------------------------ definitions (oracle) */
typedef int (*adj_fn)(const dn_net *net, int64_t u, int64_t v);

static int64_t ipow(int64_t b, int e)
{
    int64_t r = 1;
    while (e-- > 0)
        r *= b;
    return r;
}

/* DG(r,k): a_{k-1}..a_0 ~ a_{k-2}..a_0 x and x a_{k-1}..a_1 (digit arrays) */
static int adj_dg(const dn_net *net, int64_t u, int64_t v)
{
    int k = (int)net->p[0], r = (int)net->p[1];
    int du[64], dv[64]; /* du[i] = a_i */
    int left_uv = 1, left_vu = 1;
    if (u == v)
        return 0;
    for (int i = 0; i < k; i++) {
        du[i] = (int)(u / ipow(r, i) % r);
        dv[i] = (int)(v / ipow(r, i) % r);
    }
    /* v = left shift of u: v_{i+1} = u_i for i = 0..k-2 */
    for (int i = 0; i + 1 < k; i++) {
        if (dv[i + 1] != du[i]) left_uv = 0;
        if (du[i + 1] != dv[i]) left_vu = 0;
    }
    return left_uv || left_vu; /* right shifts are left shifts read backwards */
}

static int adj_ddb(const dn_net *net, int64_t u, int64_t v)
{
    int k = (int)net->p[0];
    /* ShiftLeft(u, b) = x_{k-1} .. x_1 b */
    for (int b = 0; b < 2; b++) {
        int64_t w = 0;
        for (int i = k - 2; i >= 0; i--)
            w = 2 * w + ((u >> i) & 1);
        w = 2 * w + b;
        if (w == v)
            return 1;
    }
    return 0;
}

static int adj_grid(const dn_net *net, int64_t u, int64_t v)
{
    int64_t R = net->p[0], C = net->p[1];
    int64_t ru = u / C, cu = u % C, rv = v / C, cv = v % C;
    int64_t dr = rv - ru, dc = cv - cu;
    if (u == v)
        return 0;
    if (!net->p[2])
        return llabs(dr) + llabs(dc) == 1;
    dr = ((dr % R) + R) % R;
    dc = ((dc % C) + C) % C;
    return (dc == 0 && (dr == 1 || dr == R - 1)) || (dr == 0 && (dc == 1 || dc == C - 1));
}

static int adj_hypercube(const dn_net *net, int64_t u, int64_t v)
{
    (void)net;
    return __builtin_popcountll((uint64_t)(u ^ v)) == 1;
}

/* Seed 002: P(r, j) ~ P(r+1, j) and P(r+1, j') with j' = j but bit j_(r+1)
 * flipped, j = j_1 j_2 .. j_c with j_1 most significant. */
static int bf_up(int c, int64_t r, int64_t j, int64_t r2, int64_t j2)
{
    int bits[64], bits2[64], diff = 0, where = -1;
    for (int i = 1; i <= c; i++) {
        bits[i] = (int)((j >> (c - i)) & 1);
        bits2[i] = (int)((j2 >> (c - i)) & 1);
        if (bits[i] != bits2[i]) {
            diff++;
            where = i;
        }
    }
    (void)r2;
    return diff == 0 || (diff == 1 && where == r + 1);
}

static int adj_butterfly(const dn_net *net, int64_t u, int64_t v)
{
    int c = (int)net->p[0];
    int64_t levels = net->p[1];
    int64_t ru = u >> c, ju = u & ((1 << c) - 1), rv = v >> c, jv = v & ((1 << c) - 1);
    if (u == v)
        return 0;
    if (net->p[2]) {
        if ((ru + 1) % levels == rv && bf_up(c, ru, ju, rv, jv)) return 1;
        if ((rv + 1) % levels == ru && bf_up(c, rv, jv, ru, ju)) return 1;
        return 0;
    }
    if (ru + 1 == rv) return bf_up(c, ru, ju, rv, jv);
    if (rv + 1 == ru) return bf_up(c, rv, jv, ru, ju);
    return 0;
}

static int adj_cbt(const dn_net *net, int64_t u, int64_t v)
{
    (void)net;
    return (v > 0 && (v - 1) / 2 == u) || (u > 0 && (u - 1) / 2 == v);
}

static int adj_complete(const dn_net *net, int64_t u, int64_t v)
{
    (void)net;
    return u != v;
}

static void check_against_definition(const char *spec, adj_fn adj)
{
    dn_net net;
    dn_csr g;
    dn_err e;
    int64_t arcs = 0;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    for (int64_t u = 0; u < net.n; u++) {
        int64_t pos = g.off[u];
        for (int64_t v = 0; v < net.n; v++)
            if (adj(&net, u, v)) {
                if (pos >= g.off[u + 1] || g.adj[pos] != v)
                    fail_msg("%s: node %lld should have neighbour %lld", spec, (long long)u,
                             (long long)v);
                pos++;
            }
        if (pos != g.off[u + 1])
            fail_msg("%s: node %lld has extra neighbours", spec, (long long)u);
        arcs += pos - g.off[u];
    }
    assert_int_equal(arcs, net.directed ? net.edges : 2 * net.edges);
    dn_csr_free(&g);
    dn_net_free(&net);
}

static void test_definitions(void **state)
{
    char spec[64];
    (void)state;
    for (int k = 1; k <= 10; k++) {
        snprintf(spec, sizeof spec, "debruijn:%d", k);
        check_against_definition(spec, adj_dg);
        snprintf(spec, sizeof spec, "ddb:%d", k);
        check_against_definition(spec, adj_ddb);
        snprintf(spec, sizeof spec, "hypercube:%d", k);
        check_against_definition(spec, adj_hypercube);
    }
    for (int r = 3; r <= 5; r++)
        for (int k = 1; ipow(r, k) <= 1024; k++) {
            snprintf(spec, sizeof spec, "dg:%d:%d", r, k);
            check_against_definition(spec, adj_dg);
        }
    for (int R = 1; R <= 7; R++)
        for (int C = 1; C <= 7; C++) {
            snprintf(spec, sizeof spec, "mesh:%dx%d", R, C);
            check_against_definition(spec, adj_grid);
            snprintf(spec, sizeof spec, "torus:%dx%d", R, C);
            check_against_definition(spec, adj_grid);
        }
    for (int n = 1; n <= 12; n++) {
        snprintf(spec, sizeof spec, "ring:%d", n);
        check_against_definition(spec, adj_grid);
        snprintf(spec, sizeof spec, "complete:%d", n);
        check_against_definition(spec, adj_complete);
    }
    for (int c = 1; c <= 7; c++) {
        snprintf(spec, sizeof spec, "butterfly:%d", c);
        check_against_definition(spec, adj_butterfly);
        if (c >= 3) {
            snprintf(spec, sizeof spec, "wbutterfly:%d", c);
            check_against_definition(spec, adj_butterfly);
        }
    }
    for (int h = 0; h <= 9; h++) {
        snprintf(spec, sizeof spec, "cbt:%d", h);
        check_against_definition(spec, adj_cbt);
    }
}

/* Counts quoted in the papers. */
static void test_paper_counts(void **state)
{
    dn_net net;
    dn_err e;
    (void)state;
    /* seed 000: BDG(k) has 2^k nodes, max degree 4, diameter k */
    assert_int_equal(dn_net_init(&net, "debruijn:4", &e), DN_OK);
    assert_int_equal(net.n, 16);
    assert_int_equal(net.edges, 29); /* 32 shift arcs - 2 loops - 1 duplicate */
    dn_net_free(&net);
    /* seed 003: DDB(k) has 2^k nodes and 2^(k+1) directed edges */
    assert_int_equal(dn_net_init(&net, "ddb:3", &e), DN_OK);
    assert_int_equal(net.edges, 16);
    assert_true(net.directed);
    dn_net_free(&net);
    /* seed 002: c-dimensional butterfly, N = (c+1) 2^c; the seed's c = 3 gives 32 */
    assert_int_equal(dn_net_init(&net, "butterfly:3", &e), DN_OK);
    assert_int_equal(net.n, 32);
    dn_net_free(&net);
    /* seed 004: a Sneptree of height n has 2^(n+1) - 1 cells */
    assert_int_equal(dn_net_init(&net, "sneptree-s:4", &e), DN_OK);
    assert_int_equal(net.n, 31);
    assert_int_equal(net.edges, 62);
    dn_net_free(&net);
}

/* ------------------------------------------- closed forms versus BFS */
static void check_facts(const char *spec)
{
    dn_net net;
    dn_err e;
    dn_facts cf, bf;
    dn_facts_opts o;
    memset(&o, 0, sizeof o);
    o.threads = 2;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    assert_int_equal(dn_net_facts(&net, NULL, &cf, &e), DN_OK);
    o.force_scan = 1;
    assert_int_equal(dn_net_facts(&net, &o, &bf, &e), DN_OK);
    if (cf.diameter_source != DN_FACT_CLOSED || cf.degree_source != DN_FACT_CLOSED)
        fail_msg("%s: no closed form", spec);
    if (bf.diameter_source != DN_FACT_BFS)
        fail_msg("%s: BFS not run", spec);
    if (cf.deg_min != bf.deg_min || cf.deg_max != bf.deg_max || cf.diameter != bf.diameter ||
        cf.edges != bf.edges || fabs(cf.deg_avg - bf.deg_avg) > 1e-12 ||
        cf.out_min != bf.out_min || cf.out_max != bf.out_max || cf.in_min != bf.in_min ||
        cf.in_max != bf.in_max)
        fail_msg("%s: closed form deg %lld..%lld diam %lld; scan deg %lld..%lld diam %lld",
                 spec, (long long)cf.deg_min, (long long)cf.deg_max, (long long)cf.diameter,
                 (long long)bf.deg_min, (long long)bf.deg_max, (long long)bf.diameter);
    dn_net_free(&net);
}

static void test_closed_forms(void **state)
{
    char spec[64];
    (void)state;
    for (int k = 1; k <= 15; k++) {
        snprintf(spec, sizeof spec, "debruijn:%d", k); check_facts(spec);
        snprintf(spec, sizeof spec, "ddb:%d", k); check_facts(spec);
        snprintf(spec, sizeof spec, "hypercube:%d", k); check_facts(spec);
    }
    for (int r = 3; r <= 6; r++)
        for (int k = 1; ipow(r, k) <= 8192; k++) {
            snprintf(spec, sizeof spec, "dg:%d:%d", r, k);
            check_facts(spec);
        }
    for (int R = 1; R <= 12; R++)
        for (int C = 1; C <= 12; C++) {
            snprintf(spec, sizeof spec, "mesh:%dx%d", R, C); check_facts(spec);
            snprintf(spec, sizeof spec, "torus:%dx%d", R, C); check_facts(spec);
        }
    /* Kautz K(D, K): arcs, degrees and directed diameter against a scan and BFS */
    for (int D = 1; D <= 4; D++)
        for (int K = 1; K <= 6; K++) {
            if ((D + 1) * ipow(D, K - 1) > 4096)
                continue;
            snprintf(spec, sizeof spec, "kautz:%d:%d", D, K);
            check_facts(spec);
        }
    check_facts("kautz:9:3");
    /* k-ary n-trees (switches included in the facts) */
    static const char *const ft[] = {"fattree:2:1", "fattree:2:4", "fattree:3:3", "fattree:4:3",
                                     "fattree:7:2", "fattree:16:2"};
    for (size_t i = 0; i < sizeof ft / sizeof ft[0]; i++)
        check_facts(ft[i]);
    static const char *const df[] = {"dragonfly:1:1:1", "dragonfly:1:3:2", "dragonfly:2:1:1",
                                     "dragonfly:4:2:2", "dragonfly:3:2:3", "dragonfly:8:4:4"};
    for (size_t i = 0; i < sizeof df / sizeof df[0]; i++)
        check_facts(df[i]);
    check_facts("kautz:12:2");
    /* 3 to 8 sides: the closed forms against BFS */
    static const char *const nd[] = {"mesh:2x3x4", "torus:3x4x5", "torus:4x4x4", "mesh:1x5x1",
                                     "torus:2x2x2", "torus:2x3x1x2", "mesh:2x2x2x2x2x2x2x2",
                                     "torus:3x3x3x3", "torus:1x1x1", "mesh:6x1x7"};
    for (size_t i = 0; i < sizeof nd / sizeof nd[0]; i++)
        check_facts(nd[i]);
    check_facts("mesh:64x64");
    check_facts("torus:64x48");
    check_facts("mesh:1x300");
    for (int n = 1; n <= 40; n++) {
        snprintf(spec, sizeof spec, "ring:%d", n); check_facts(spec);
        snprintf(spec, sizeof spec, "complete:%d", n); check_facts(spec);
    }
    for (int c = 1; c <= 11; c++) {
        snprintf(spec, sizeof spec, "butterfly:%d", c); check_facts(spec);
        if (c >= 3) {
            snprintf(spec, sizeof spec, "wbutterfly:%d", c);
            check_facts(spec);
        }
    }
    for (int h = 0; h <= 12; h++) {
        snprintf(spec, sizeof spec, "cbt:%d", h);
        check_facts(spec);
    }
}

/* bit-parallel all-pairs BFS against n single-source BFS runs */
static void check_apsp(const char *spec)
{
    dn_net net;
    dn_csr g;
    dn_err e;
    dn_facts f;
    dn_facts_opts o;
    int32_t *dist, *dist2;
    int64_t diam = 0, sum = 0, reached;
    int connected = 1;
    memset(&o, 0, sizeof o);
    o.force_scan = 1;
    o.threads = 3;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    dist = malloc((size_t)g.n * sizeof *dist);
    dist2 = malloc((size_t)g.n * sizeof *dist2);
    for (int64_t s = 0; s < g.n; s++) {
        int32_t ecc, ecc2;
        int64_t reached2;
        assert_int_equal(dn_bfs(&g, s, dist, &ecc, &reached), DN_OK);
        if (s % 7 == 0) { /* the implicit-neighbour BFS agrees */
            assert_int_equal(dn_bfs_implicit(&net, s, dist2, &ecc2, &reached2, &e), DN_OK);
            assert_memory_equal(dist, dist2, (size_t)g.n * sizeof *dist);
        }
        if (reached != g.n)
            connected = 0;
        if (ecc > diam)
            diam = ecc;
        for (int64_t v = 0; v < g.n; v++)
            if (dist[v] > 0)
                sum += dist[v];
    }
    assert_int_equal(dn_net_facts(&net, &o, &f, &e), DN_OK);
    assert_int_equal(f.diameter, connected ? diam : -1);
    { /* identical whatever the thread count */
        dn_facts f1;
        o.threads = 1;
        assert_int_equal(dn_net_facts(&net, &o, &f1, &e), DN_OK);
        assert_int_equal(f1.diameter, f.diameter);
        assert_memory_equal(&f1.avg_distance, &f.avg_distance, sizeof f.avg_distance);
    }
    if (connected)
        assert_true(fabs(f.avg_distance - (double)sum / ((double)g.n * (double)(g.n - 1))) <
                    1e-9);
    free(dist);
    free(dist2);
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* the direction-optimising CSR BFS switches to bottom-up steps on big
 * frontiers; it must give the implicit top-down BFS's distances */
static void check_bfs_large(const char *spec)
{
    dn_net net;
    dn_csr g;
    dn_err e;
    int32_t *a, *b, ea, eb;
    int64_t ra, rb;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    a = malloc((size_t)g.n * sizeof *a);
    b = malloc((size_t)g.n * sizeof *b);
    for (int64_t s = 0; s < g.n; s += g.n / 5 + 1) {
        assert_int_equal(dn_bfs(&g, s, a, &ea, &ra), DN_OK);
        assert_int_equal(dn_bfs_implicit(&net, s, b, &eb, &rb, &e), DN_OK);
        assert_memory_equal(a, b, (size_t)g.n * sizeof *a);
        assert_int_equal(ea, eb);
        assert_int_equal(ra, rb);
    }
    free(a);
    free(b);
    dn_csr_free(&g);
    dn_net_free(&net);
}

static void test_bfs_direction_optimising(void **state)
{
    (void)state;
    check_bfs_large("debruijn:16");
    check_bfs_large("butterfly:11");
    check_bfs_large("mesh:200x300");
    check_bfs_large("hypercube:14");
    check_bfs_large("ddb:15");
}

static void test_all_pairs_bfs(void **state)
{
    (void)state;
    check_apsp("debruijn:9");
    check_apsp("ddb:8");
    check_apsp("sneptree-t:6");
    check_apsp("sneptree:6:3");
    check_apsp("butterfly:5");
    check_apsp("mesh:13x11"); /* 143 nodes: a partial last block of 64 */
}

/* ------------------------------------------------------------ Sneptrees */
static void check_edges(const char *spec, const int pairs[][2], int count)
{
    dn_net net;
    dn_csr g;
    dn_err e;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    assert_int_equal(g.m, count);
    for (int i = 0; i < count; i++) {
        int found = 0;
        for (int64_t a = g.off[pairs[i][0]]; a < g.off[pairs[i][0] + 1]; a++)
            found |= g.adj[a] == pairs[i][1];
        if (!found)
            fail_msg("%s lacks arc %d -> %d", spec, pairs[i][0], pairs[i][1]);
    }
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* Edge sets worked out by hand from docs/spec/sneptrees.md (heap ids: s = 0,
 * s' = 1, s'' = 2, l' = 3, r' = 4, l'' = 5, r'' = 6). */
static void test_sneptree_small_edge_sets(void **state)
{
    static const int s1[][2] = {{0, 1}, {0, 2}, {1, 2}, {1, 0}, {2, 0}, {2, 1}};
    /* S_2 = R' + R'' + s->s', s->s'', l''->r', r'->s', r'->l'', l''->s'',
     *        l->r, r->s, r->l, l->s  (l = l', r = r'') */
    static const int s2[][2] = {{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {2, 6}, {5, 4},
                                {4, 1}, {4, 5}, {5, 2}, {3, 6}, {6, 0}, {6, 3}, {3, 0}};
    /* T_2 = U' + U'' + s->s', s->s'', r'->s'', l''->s', r->s, l->s */
    static const int t2[][2] = {{1, 3}, {1, 4}, {3, 4}, {4, 3}, {2, 5}, {2, 6}, {5, 6},
                                {6, 5}, {0, 1}, {0, 2}, {4, 2}, {5, 1}, {6, 0}, {3, 0}};
    (void)state;
    check_edges("sneptree-s:1", s1, 6);
    check_edges("sneptree-t:1", s1, 6);
    check_edges("sneptree-s:2", s2, 14);
    check_edges("sneptree-t:2", t2, 14);
}

static void check_sneptree(const char *spec, int want_circuits)
{
    dn_net net;
    dn_err e;
    dn_facts f;
    dn_facts_opts o;
    int64_t *cells;
    memset(&o, 0, sizeof o);
    o.force_scan = 1;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    assert_true(dn_net_is_sneptree(&net));
    assert_int_equal(dn_net_facts(&net, &o, &f, &e), DN_OK);
    assert_int_equal(f.out_min, 2);
    assert_int_equal(f.out_max, 2);
    assert_int_equal(f.in_min, 2);
    assert_int_equal(f.in_max, 2);
    assert_true(f.diameter > 0); /* strongly connected */
    /* the complete binary tree is inside: interior cell c -> 2c+1, 2c+2 */
    for (int64_t c = 0; 2 * c + 2 < net.n; c++) {
        int64_t a = dn_sneptree_succ(&net, c, 0), b = dn_sneptree_succ(&net, c, 1);
        assert_true((a == 2 * c + 1 && b == 2 * c + 2) || (a == 2 * c + 2 && b == 2 * c + 1));
    }
    if (want_circuits) {
        cells = malloc((size_t)net.n * sizeof *cells);
        assert_int_equal(dn_sneptree_circuit(&net, 0, cells, &e), DN_OK);
        assert_int_equal(dn_sneptree_circuit(&net, 1, cells, &e), DN_OK);
        free(cells);
        /* edge-disjoint: no cell sends both outputs to the same cell */
        for (int64_t c = 0; c < net.n; c++)
            assert_true(dn_sneptree_succ(&net, c, 0) != dn_sneptree_succ(&net, c, 1));
    }
    dn_net_free(&net);
}

static void test_sneptrees(void **state)
{
    char spec[64];
    (void)state;
    for (int n = 1; n <= 12; n++) {
        snprintf(spec, sizeof spec, "sneptree-s:%d", n);
        check_sneptree(spec, 1);
        snprintf(spec, sizeof spec, "sneptree-t:%d", n);
        check_sneptree(spec, 1);
    }
    for (int seed = 0; seed < 20; seed++) {
        snprintf(spec, sizeof spec, "sneptree:%d:%d", 1 + seed % 8, seed);
        check_sneptree(spec, 0);
    }
}

static void test_sneptree_random_reproducible(void **state)
{
    dn_net a, b, c;
    dn_err e;
    (void)state;
    assert_int_equal(dn_net_init(&a, "sneptree:8:42", &e), DN_OK);
    assert_int_equal(dn_net_init(&b, "sneptree:8:42", &e), DN_OK);
    assert_int_equal(dn_net_init(&c, "sneptree:8:43", &e), DN_OK);
    assert_memory_equal(a.g.adj, b.g.adj, (size_t)a.g.m * sizeof *a.g.adj);
    assert_true(memcmp(a.g.adj, c.g.adj, (size_t)a.g.m * sizeof *a.g.adj) != 0);
    dn_net_free(&a);
    dn_net_free(&b);
    dn_net_free(&c);
}

static int planar_of(const char *spec)
{
    dn_net net;
    dn_err e;
    int p = -1;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    if (dn_net_planar(&net, &p, &e) != DN_OK)
        fail_msg("%s: %s", spec, e.msg);
    dn_net_free(&net);
    return p;
}

static void test_planarity(void **state)
{
    char spec[64];
    (void)state;
    if (!dn_have_planarity()) {
        dn_net net;
        dn_err e;
        int p;
        assert_int_equal(dn_net_init(&net, "mesh:3x3", &e), DN_OK);
        assert_int_equal(dn_net_planar(&net, &p, &e), DN_ENOTSUP);
        dn_net_free(&net);
        skip();
    }
    /* known graphs: Kuratowski's K5 and K3,3 (inside hypercube:4's Q4 is
     * non-planar; Q3 is planar), grids are planar */
    assert_int_equal(planar_of("complete:4"), 1);
    assert_int_equal(planar_of("complete:5"), 0);
    assert_int_equal(planar_of("hypercube:3"), 1);
    assert_int_equal(planar_of("hypercube:4"), 0);
    assert_int_equal(planar_of("mesh:9x7"), 1);
    assert_int_equal(planar_of("torus:3x3"), 0);
    /* seed 004: S_n planar for every n; T_n planar for n <= 2 only */
    for (int n = 1; n <= 7; n++) {
        snprintf(spec, sizeof spec, "sneptree-s:%d", n);
        assert_int_equal(planar_of(spec), 1);
        snprintf(spec, sizeof spec, "sneptree-t:%d", n);
        assert_int_equal(planar_of(spec), n <= 2 ? 1 : 0);
    }
    assert_int_equal(planar_of("sneptree-s:10"), 1);
}

/* ------------------------------------------------------------- labels */
static void check_labels(const char *spec)
{
    dn_net net;
    dn_err e;
    char lab[80];
    int64_t v;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    for (int64_t u = 0; u < net.n; u++) {
        assert_int_equal(dn_net_label(&net, u, lab, sizeof lab), DN_OK);
        assert_int_equal(dn_net_parse_node(&net, lab, &v, &e), DN_OK);
        assert_int_equal(v, u);
    }
    dn_net_free(&net);
}

static void test_labels(void **state)
{
    dn_net net;
    dn_err e;
    char lab[80];
    int64_t v;
    (void)state;
    check_labels("debruijn:5");
    check_labels("dg:3:3");
    check_labels("ddb:4");
    check_labels("hypercube:4");
    check_labels("mesh:3x5");
    check_labels("torus:3x4x5");
    check_labels("kautz:2:5");
    check_labels("fattree:3:3");
    check_labels("dragonfly:3:2:2");
    check_labels("kautz:12:2"); /* symbols above 9: comma-separated */
    check_labels("mesh:2x2x2x2x2x2x2x2");
    check_labels("butterfly:3");
    check_labels("wbutterfly:3");
    check_labels("sneptree-s:3");
    check_labels("ring:9");
    assert_int_equal(dn_net_init(&net, "debruijn:4", &e), DN_OK);
    dn_net_label(&net, 5, lab, sizeof lab);
    assert_string_equal(lab, "0101");
    assert_int_equal(dn_net_parse_node(&net, "0011", &v, &e), DN_OK); /* 4 digits: label */
    assert_int_equal(v, 3);
    assert_int_equal(dn_net_parse_node(&net, "11", &v, &e), DN_OK); /* decimal id */
    assert_int_equal(v, 11);
    assert_int_equal(dn_net_parse_node(&net, "16", &v, &e), DN_EINVAL);
    assert_non_null(strstr(e.msg, "[0, 15]"));
    assert_int_equal(dn_net_parse_node(&net, "x", &v, &e), DN_EINVAL);
    dn_net_free(&net);
    assert_int_equal(dn_net_init(&net, "mesh:4x6", &e), DN_OK);
    assert_int_equal(dn_net_parse_node(&net, "2,3", &v, &e), DN_OK);
    assert_int_equal(v, 15);
    assert_int_equal(dn_net_parse_node(&net, "4,0", &v, &e), DN_ERANGE);
    dn_net_free(&net);
    assert_int_equal(dn_net_init(&net, "butterfly:3", &e), DN_OK);
    dn_net_label(&net, 3 * 8 + 5, lab, sizeof lab);
    assert_string_equal(lab, "3,5");
    dn_net_free(&net);
}

/* Issue 26 item 6: every node of every family by id:N and by label:S, and
 * the plain form by the documented rule: K-digit strings are labels on
 * de Bruijn, hypercube and Kautz networks, grid labels have one part per
 * side, anything else is the decimal id. */
static void check_node_names(const char *spec, int digit_labels)
{
    dn_net net;
    dn_err e;
    char s[96], lab[80];
    int64_t v;
    assert_int_equal(dn_net_init(&net, spec, &e), DN_OK);
    const int K = digit_labels ? (int)(strcmp(dn_net_family(&net), "kautz") == 0 ? net.p[1]
                                                                                  : net.p[0])
                               : 0;
    for (int64_t u = 0; u < net.n; u++) {
        snprintf(s, sizeof s, "id:%lld", (long long)u);
        assert_int_equal(dn_net_parse_node(&net, s, &v, &e), DN_OK);
        assert_int_equal(v, u);
        dn_net_label(&net, u, lab, sizeof lab);
        snprintf(s, sizeof s, "label:%s", lab);
        if (dn_net_parse_node(&net, s, &v, &e) != DN_OK || v != u)
            fail_msg("%s: '%s' is not node %lld: %s", spec, s, (long long)u, e.msg);
        snprintf(s, sizeof s, "%lld", (long long)u);
        int rc = dn_net_parse_node(&net, s, &v, &e);
        if ((int)strlen(s) != K) { /* not a label's shape: the id */
            if (rc != DN_OK || v != u)
                fail_msg("%s: plain '%s' gave %lld (rc %d: %s)", spec, s, (long long)v, rc,
                         e.msg);
        } else if (strcmp(dn_net_family(&net), "kautz") == 0) {
            /* a Kautz string: symbols 0..D, no two neighbours equal */
            int sym[16], ok = 1;
            for (int i = 0; i < K; i++) {
                sym[i] = s[i] - '0';
                ok &= sym[i] <= net.p[0] && (i == 0 || sym[i] != sym[i - 1]);
            }
            if (ok ? rc != DN_OK || v != dn_kautz_id(&net, sym) : rc != DN_ERANGE)
                fail_msg("%s: plain '%s': rc %d (%s)", spec, s, rc, e.msg);
            if (!ok && !strstr(e.msg, "id:N"))
                fail_msg("%s: '%s' is refused without pointing at id:N: %s", spec, s, e.msg);
        } else { /* K radix-R digits: the label's value; else the id */
            const int R = strcmp(dn_net_family(&net), "hypercube") == 0 ? 2 : (int)net.p[1];
            int64_t want = 0;
            int digits = 1;
            for (int i = 0; i < K; i++) {
                digits &= s[i] - '0' < R;
                want = R * want + (s[i] - '0');
            }
            if (rc != DN_OK || v != (digits ? want : u))
                fail_msg("%s: plain '%s': rc %d (%s)", spec, s, rc, e.msg);
        }
    }
    dn_net_free(&net);
}

static void test_node_names(void **state)
{
    dn_net net;
    dn_err e;
    int64_t v;
    (void)state;
    const char *plain[] = {"mesh:2x3x4", "torus:3x3x3", "mesh:2x2x2x2x2x2x2x2", "mesh:3x5",
                           "butterfly:3", "wbutterfly:3", "sneptree-t:3", "fattree:2:3",
                           "dragonfly:2:2:1", "ring:12", "complete:15", "cbt:4"};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        check_node_names(plain[i], 0);
    check_node_names("kautz:3:2", 1);
    check_node_names("kautz:2:3", 1);
    check_node_names("debruijn:2", 1);
    check_node_names("dg:5:2", 1); /* "10" .. "14" are labels (5 .. 9), "15" the id 15 */
    check_node_names("hypercube:3", 1);
    check_node_names("ddb:2", 1);
    /* the issue's two cases, and the messages */
    assert_int_equal(dn_net_init(&net, "mesh:2x3x4", &e), DN_OK);
    assert_int_equal(dn_net_parse_node(&net, "23", &v, &e), DN_OK);
    assert_int_equal(v, 23);
    assert_int_equal(dn_net_parse_node(&net, "1,2,3", &v, &e), DN_OK);
    assert_int_equal(v, 23);
    assert_int_equal(dn_net_parse_node(&net, "1,2", &v, &e), DN_EINVAL); /* 2 of 3 parts */
    assert_int_equal(dn_net_parse_node(&net, "2,0,0", &v, &e), DN_ERANGE);
    assert_int_equal(dn_net_parse_node(&net, "24", &v, &e), DN_EINVAL);
    assert_non_null(strstr(e.msg, "[0, 23]"));
    assert_int_equal(dn_net_parse_node(&net, "label:23", &v, &e), DN_EINVAL);
    assert_non_null(strstr(e.msg, "not a label of mesh:2x3x4"));
    assert_int_equal(dn_net_parse_node(&net, "id:1,2,3", &v, &e), DN_EINVAL);
    assert_int_equal(dn_net_parse_node(&net, "id:", &v, &e), DN_EINVAL);
    assert_int_equal(dn_net_parse_node(&net, "label:", &v, &e), DN_EINVAL);
    dn_net_free(&net);
    assert_int_equal(dn_net_init(&net, "kautz:3:2", &e), DN_OK);
    assert_int_equal(dn_net_parse_node(&net, "11", &v, &e), DN_ERANGE);
    assert_non_null(strstr(e.msg, "id:N"));
    assert_int_equal(dn_net_parse_node(&net, "id:11", &v, &e), DN_OK);
    assert_int_equal(v, 11);
    assert_int_equal(dn_net_parse_node(&net, "id:12", &v, &e), DN_EINVAL);
    dn_net_free(&net);
    /* labels are strict: no sign, space or trailing text */
    assert_int_equal(dn_net_init(&net, "fattree:2:2", &e), DN_OK);
    assert_int_equal(dn_net_parse_node(&net, "s1.0", &v, &e), DN_OK);
    assert_int_equal(v, 4);
    const char *junk[] = {"p+1", "p 1", "p-0", "s1.0x", "s1. 0", "p", "s1.", "label:5"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        if (dn_net_parse_node(&net, junk[i], &v, &e) == DN_OK)
            fail_msg("fattree:2:2 took '%s' as node %lld", junk[i], (long long)v);
    dn_net_free(&net);
}

/* ----------------------------------------------------------- big sizes */
/* Link costs given with a family spec (SPEC@...): every arc's bandwidth
 * and latency against its class read from the endpoints' labels. */
static void test_link_costs(void **state)
{
    (void)state;
    dn_net net;
    dn_csr g;
    dn_err e;
    char a[64], b[64];
    /* a 3-D torus: d0 links (first coordinate differs) bw 2, d2 lat 3 */
    assert_int_equal(dn_net_init(&net, "torus:3x4x5@bw=4,d0.bw=2,lat=0,d2.lat=3", &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    assert_non_null(g.bw);
    int64_t d0 = 0, d2 = 0;
    for (int64_t u = 0; u < g.n; u++)
        for (int64_t k = g.off[u]; k < g.off[u + 1]; k++) {
            int x[3], y[3];
            dn_net_label(&net, u, a, sizeof a);
            dn_net_label(&net, g.adj[k], b, sizeof b);
            assert_int_equal(sscanf(a, "%d,%d,%d", &x[0], &x[1], &x[2]), 3);
            assert_int_equal(sscanf(b, "%d,%d,%d", &y[0], &y[1], &y[2]), 3);
            assert_true(g.bw[k] == (x[0] != y[0] ? 2.0 : 4.0));
            assert_true(g.lat[k] == (x[2] != y[2] ? 3.0 : 0.0));
            d0 += x[0] != y[0];
            d2 += x[2] != y[2];
        }
    assert_int_equal(d0, 2 * 60); /* a 3-cycle per (x1, x2): 3 edges, 20 of them */
    assert_int_equal(d2, 2 * 60); /* a 5-cycle per (x0, x1): 5 edges, 12 of them */
    dn_csr_free(&g);
    dn_net_free(&net);
    /* a fat tree: l1 (a processor's link) bw 5, l3 (to the top) lat 1 */
    assert_int_equal(dn_net_init(&net, "fattree:2:3@bw=1,l1.bw=5,lat=0,l3.lat=1", &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    for (int64_t u = 0; u < g.n; u++)
        for (int64_t k = g.off[u]; k < g.off[u + 1]; k++) {
            dn_net_label(&net, u, a, sizeof a);
            dn_net_label(&net, g.adj[k], b, sizeof b);
            int proc = a[0] == 'p' || b[0] == 'p', top = !strncmp(a, "s3.", 3) ||
                                                         !strncmp(b, "s3.", 3);
            assert_true(g.bw[k] == (proc ? 5.0 : 1.0));
            assert_true(g.lat[k] == (top ? 1.0 : 0.0));
        }
    dn_csr_free(&g);
    dn_net_free(&net);
    /* a dragonfly: terminal, local (same group r<g>.), global links */
    assert_int_equal(
        dn_net_init(&net, "dragonfly:3:1:2@terminal.bw=4,global.bw=0.5,local.bw=1,lat=0,"
                          "local.lat=2", &e),
        DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    int64_t global = 0;
    for (int64_t u = 0; u < g.n; u++)
        for (int64_t k = g.off[u]; k < g.off[u + 1]; k++) {
            dn_net_label(&net, u, a, sizeof a);
            dn_net_label(&net, g.adj[k], b, sizeof b);
            int term = a[0] == 'p' || b[0] == 'p';
            int same = !term && strcspn(a, ".") == strcspn(b, ".") &&
                       !strncmp(a, b, strcspn(a, "."));
            assert_true(g.bw[k] == (term ? 4.0 : same ? 1.0 : 0.5));
            assert_true(g.lat[k] == (!term && same ? 2.0 : 0.0));
            global += !term && !same;
        }
    assert_int_equal(global, 7 * 6); /* G = 7 groups, one link per pair, both ways */
    dn_csr_free(&g);
    dn_net_free(&net);
    /* errors name the problem and the classes */
    static const struct {
        const char *spec, *needle;
    } bad[] = {{"torus:4x4@d2.bw=1", "d0, d1"},
               {"debruijn:4@d0.bw=2", "no link classes"},
               {"mesh:4x4@bw=0", "positive"},
               {"mesh:4x4@lat=-1", "non-negative"},
               {"mesh:4x4@speed=1", "unknown link cost"},
               {"mesh:4x4@bw", "no '='"},
               {"mesh:4x4@", "nothing after"},
               {"dragonfly:2:1:1@remote.bw=1", "terminal, local, global"},
               /* issue 29: every link a bandwidth and a latency */
               {"torus:3x4x5@bw=4,d0.bw=2,d2.lat=3", "no latency for the d0, d1 links"},
               {"fattree:2:3@l1.bw=5,l3.lat=1", "no bandwidth for the l2, l3 links, no "
                                                "latency for the l1, l2 links"},
               {"fattree:2:9@l1.bw=1,l2.bw=1,l3.bw=1,l4.bw=1,l5.bw=1,l6.bw=1,l7.bw=1,l8.bw=1,"
                "lat=0", "no bandwidth for the links above level 8"},
               {"dragonfly:3:1:2@terminal.bw=4,global.bw=0.5,lat=0", "no bandwidth for the "
                                                                     "local links"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(dn_net_init(&net, bad[i].spec, &e), DN_EINVAL);
        if (!strstr(e.msg, bad[i].needle))
            fail_msg("%s: '%s' lacks '%s'", bad[i].spec, e.msg, bad[i].needle);
        assert_null(net.type); /* nothing to free */
    }
    /* no costs: no arrays */
    assert_int_equal(dn_net_init(&net, "mesh:4x4", &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_OK);
    assert_null(g.bw);
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* The hooks the layers above use instead of family names (issue 30, item 4),
 * checked against each network's own neighbour function on small instances:
 * a grid's sides and wrap give exactly its links; every translation phi_s is
 * a bijection that maps arcs to arcs with phi_s(rep(s)) = s; a word shape
 * counts the nodes; a routing's route bound covers the diameter (BFS); the
 * families named only by their hooks answer none of the others. */
static int is_arc(const dn_net *net, int64_t u, int64_t v)
{
    int64_t nb[64];
    int d = dn_net_neighbors(net, u, nb);
    for (int i = 0; i < d; i++)
        if (nb[i] == v)
            return 1;
    return 0;
}

static void test_family_hooks(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        dn_net_routing routing;
        int grid_dims, has_orbit, word;
    } cases[] = {
        {"debruijn:4", DN_NET_ROUTING_BDG, 0, 0, 1},  {"dg:2:5", DN_NET_ROUTING_BDG, 0, 0, 1},
        {"dg:3:3", DN_NET_ROUTING_NONE, 0, 0, 1},     {"ddb:4", DN_NET_ROUTING_DDB, 0, 0, 1},
        {"kautz:2:3", DN_NET_ROUTING_KAUTZ, 0, 0, 1}, {"kautz:3:2", DN_NET_ROUTING_KAUTZ, 0, 0, 1},
        {"hypercube:4", DN_NET_ROUTING_ECUBE, 0, 1, 0}, {"mesh:3x5", DN_NET_ROUTING_GRID, 2, 0, 0},
        {"torus:3x5", DN_NET_ROUTING_GRID, 2, 1, 0},  {"torus:4x4", DN_NET_ROUTING_GRID, 2, 1, 0},
        {"ring:7", DN_NET_ROUTING_GRID, 2, 1, 0},     {"mesh:2x3x4", DN_NET_ROUTING_GRID, 3, 0, 0},
        {"torus:3x3x4", DN_NET_ROUTING_GRID, 3, 0, 0}, {"butterfly:3", DN_NET_ROUTING_NONE, 0, 1, 0},
        {"wbutterfly:3", DN_NET_ROUTING_NONE, 0, 1, 0}, {"complete:6", DN_NET_ROUTING_NONE, 0, 1, 0},
        {"cbt:3", DN_NET_ROUTING_NONE, 0, 0, 0},      {"fattree:2:3", DN_NET_ROUTING_UPDOWN, 0, 0, 0},
        {"dragonfly:2:1:1", DN_NET_ROUTING_MINIMAL, 0, 0, 0}, {"sneptree-s:3", DN_NET_ROUTING_NONE, 0, 0, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        dn_net net;
        dn_err err;
        assert_int_equal(dn_net_init(&net, cases[c].spec, &err), DN_OK);
        const int64_t n = net.n;
        /* routing, and its bound on route length against BFS eccentricities */
        int64_t nodes = -1;
        assert_int_equal(dn_net_routing_of(&net, &nodes), cases[c].routing);
        dn_csr g;
        assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
        int32_t *dist = malloc((size_t)n * sizeof *dist), e32;
        int64_t ecc = 0, reached;
        for (int64_t s = 0; s < n; s++) {
            assert_int_equal(dn_bfs(&g, s, dist, &e32, &reached), DN_OK);
            for (int64_t v = 0; v < dn_net_processors(&net); v++)
                if (dist[v] > ecc)
                    ecc = dist[v];
        }
        if (cases[c].routing != DN_NET_ROUTING_NONE)
            assert_true(nodes >= ecc + 1);
        else
            assert_int_equal(nodes, 0);
        /* a grid's sides and wrap give exactly its links */
        dn_net_grid grid;
        assert_int_equal(dn_net_grid_of(&net, &grid), cases[c].grid_dims);
        if (grid.dims) {
            int64_t prod = 1;
            for (int i = 0; i < grid.dims; i++)
                prod *= grid.side[i];
            assert_int_equal(prod, n);
            for (int64_t u = 0; u < n; u++)
                for (int64_t v = 0; v < n; v++) {
                    int64_t a = u, b = v, diff = 0, far = 0;
                    for (int i = grid.dims - 1; i >= 0; i--) {
                        int64_t L = grid.side[i], x = a % L, y = b % L, d = x > y ? x - y : y - x;
                        if (d)
                            diff++;
                        if (!(d == 1 || (grid.wrap && L > 2 && d == L - 1)) && d)
                            far = 1;
                        a /= L;
                        b /= L;
                    }
                    assert_int_equal(is_arc(&net, u, v), diff == 1 && !far);
                }
        }
        /* translations: automorphisms taking rep(s) to s */
        int any = 0;
        int8_t *seen = calloc((size_t)n, 1);
        for (int64_t s = 0; s < n; s++) {
            int64_t r = dn_net_orbit_rep(&net, s);
            any |= r != s;
            assert_int_equal(dn_net_orbit_map(&net, s, r), s);
            memset(seen, 0, (size_t)n);
            for (int64_t u = 0; u < n; u++) {
                int64_t pu = dn_net_orbit_map(&net, s, u);
                assert_true(pu >= 0 && pu < n && !seen[pu]);
                seen[pu] = 1;
                int64_t nb[64];
                int d = dn_net_neighbors(&net, u, nb);
                for (int i = 0; i < d; i++)
                    assert_true(is_arc(&net, pu, dn_net_orbit_map(&net, s, nb[i])));
            }
        }
        assert_int_equal(any, cases[c].has_orbit);
        /* word shape: R^K de Bruijn strings, (D+1) D^(K-1) Kautz strings */
        int degree = 0, length = 0;
        assert_int_equal(dn_net_word(&net, &degree, &length), cases[c].word);
        if (cases[c].word) {
            int64_t count = cases[c].routing == DN_NET_ROUTING_KAUTZ ? degree + 1 : degree;
            for (int i = 1; i < length; i++)
                count *= degree;
            assert_int_equal(count, n);
        }
        /* layout: rows x columns cover the nodes */
        int64_t rows = 0, cols = 0;
        if (dn_net_layout_of(&net, &rows, &cols) == DN_NET_LAYOUT_ROWS)
            assert_int_equal(rows * cols, n);
        free(seen);
        free(dist);
        dn_csr_free(&g);
        dn_net_free(&net);
    }
}

/* dn_csr_two_colour: a ring is two-colourable exactly when its length is
 * even, a hypercube always, a de Bruijn graph (it has loops' neighbours and
 * triangles) never; each node's colour is its BFS distance's parity. */
static void test_two_colour(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int bipartite;
    } cases[] = {{"ring:6", 1}, {"ring:7", 0}, {"hypercube:5", 1}, {"complete:3", 0},
                 {"mesh:3x4", 1}, {"debruijn:4", 0}, {"cbt:4", 1}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        dn_net net;
        dn_csr g;
        dn_err err;
        assert_int_equal(dn_net_init(&net, cases[c].spec, &err), DN_OK);
        assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
        int8_t *side = malloc((size_t)g.n);
        int32_t *dist = malloc((size_t)g.n * sizeof *dist), ecc;
        int64_t reached;
        memset(side, -1, (size_t)g.n);
        int bip = -1;
        assert_int_equal(dn_csr_two_colour(&g, 0, side, &bip, &err), DN_OK);
        assert_int_equal(bip, cases[c].bipartite);
        assert_int_equal(dn_bfs(&g, 0, dist, &ecc, &reached), DN_OK);
        if (bip)
            for (int64_t v = 0; v < g.n; v++)
                assert_int_equal(side[v], dist[v] % 2);
        free(side);
        free(dist);
        dn_csr_free(&g);
        dn_net_free(&net);
    }
}

static void test_large_and_limits(void **state)
{
    dn_net net;
    dn_err e;
    dn_facts f;
    dn_csr g;
    (void)state;
    /* facts of huge implicit networks come from closed forms, no memory */
    assert_int_equal(dn_net_init(&net, "debruijn:40", &e), DN_OK);
    assert_int_equal(dn_net_facts(&net, NULL, &f, &e), DN_OK);
    assert_int_equal(f.nodes, (int64_t)1 << 40);
    assert_int_equal(f.edges, ((int64_t)2 << 40) - 3);
    assert_int_equal(f.diameter, 40);
    assert_int_equal(dn_net_materialize(&net, &g, 0, &e), DN_ERANGE);
    assert_non_null(strstr(e.msg, "2^31"));
    dn_net_free(&net);
    /* over the memory limit: refused before allocating */
    assert_int_equal(dn_net_init(&net, "hypercube:26", &e), DN_OK);
    assert_int_equal(dn_net_materialize(&net, &g, (int64_t)1 << 30, &e), DN_ERANGE);
    assert_non_null(strstr(e.msg, "GiB"));
    dn_net_free(&net);
    assert_int_equal(dn_net_init(&net, "debruijn:51", &e), DN_ERANGE);
    assert_int_equal(dn_net_init(&net, "dg:36:11", &e), DN_ERANGE);
    assert_int_equal(dn_net_init(&net, "mesh:100000000x100000000", &e), DN_ERANGE);
    assert_int_equal(dn_net_init(&net, "sneptree-s:25", &e), DN_ERANGE);
    assert_int_equal(dn_net_init(&net, "butterfly:46", &e), DN_ERANGE);
    /* a zeroed net frees cleanly */
    memset(&net, 0, sizeof net);
    dn_net_free(&net);
}

/* The hierarchy hook (issue 31): every pair of processors of small fat
 * trees and dragonflies, by BFS through the switches: the distance lies
 * within [dist_min, dist_max] of the level of their smallest common part
 * (found from the ids and sizes alone), and both ends are reached; the
 * parts are blocks of consecutive ids (every part's processors hang under
 * it). Other families have no hierarchy. */
static void test_hierarchy(void **state)
{
    (void)state;
    static const char *specs[] = {"fattree:2:3", "fattree:3:2", "fattree:4:3", "dragonfly:2:2:1",
                                  "dragonfly:4:2:2", "dragonfly:3:1:2", "dragonfly:1:3:2"};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        dn_net net;
        dn_csr g;
        dn_err err;
        dn_net_hierarchy h;
        assert_int_equal(dn_net_init(&net, specs[k], &err), DN_OK);
        assert_int_equal(dn_net_materialize(&net, &g, 0, &err), DN_OK);
        int L = dn_net_hierarchy_of(&net, &h);
        assert_true(L >= 1);
        const int64_t P = dn_net_processors(&net);
        assert_int_equal(h.size[L], P);
        int32_t *dist = malloc((size_t)g.n * sizeof *dist);
        int seen_min[DN_NET_HIER_MAX_LEVELS + 1] = {0}, seen_max[DN_NET_HIER_MAX_LEVELS + 1] = {0};
        for (int64_t p = 0; p < P; p++) {
            int32_t ecc;
            int64_t reached;
            assert_int_equal(dn_bfs(&g, p, dist, &ecc, &reached), DN_OK);
            for (int64_t q = 0; q < P; q++) {
                if (q == p)
                    continue;
                int lev = 1;
                while (p / h.size[lev] != q / h.size[lev])
                    lev++;
                if (dist[q] < h.dist_min[lev] || dist[q] > h.dist_max[lev])
                    fail_msg("%s: p%lld to p%lld is %d hops, level %d says %d..%d", specs[k],
                             (long long)p, (long long)q, dist[q], lev, h.dist_min[lev],
                             h.dist_max[lev]);
                seen_min[lev] |= dist[q] == h.dist_min[lev];
                seen_max[lev] |= dist[q] == h.dist_max[lev];
            }
        }
        for (int lev = 1; lev <= L; lev++)
            if (h.fan[lev] > 1 && (!seen_min[lev] || !seen_max[lev]))
                fail_msg("%s level %d: %d..%d hops not both reached", specs[k], lev,
                         h.dist_min[lev], h.dist_max[lev]);
        free(dist);
        dn_csr_free(&g);
        dn_net_free(&net);
    }
    dn_net net;
    dn_err err;
    dn_net_hierarchy h;
    assert_int_equal(dn_net_init(&net, "torus:4x4", &err), DN_OK);
    assert_int_equal(dn_net_hierarchy_of(&net, &h), 0);
    dn_net_free(&net);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hierarchy),
        cmocka_unit_test(test_definitions),
        cmocka_unit_test(test_paper_counts),
        cmocka_unit_test(test_closed_forms),
        cmocka_unit_test(test_all_pairs_bfs),
        cmocka_unit_test(test_bfs_direction_optimising),
        cmocka_unit_test(test_sneptree_small_edge_sets),
        cmocka_unit_test(test_sneptrees),
        cmocka_unit_test(test_sneptree_random_reproducible),
        cmocka_unit_test(test_planarity),
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_node_names),
        cmocka_unit_test(test_link_costs),
        cmocka_unit_test(test_family_hooks),
        cmocka_unit_test(test_two_colour),
        cmocka_unit_test(test_large_and_limits),
    };
    return cmocka_run_group_tests_name("net", tests, NULL, NULL);
}
