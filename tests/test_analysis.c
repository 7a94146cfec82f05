/*
 * test_analysis.c - exact expected loads and the growth simulation of seed
 * 002 (restated) against results computed independently of dcnet's
 * recurrence: the hypercube's Krawtchouk spectral formula, stationary
 * limits (max degree / average degree; 2 for even walks on bipartite
 * networks), enumeration of every walk on tiny networks, the seed's dense
 * N x N dynamic program, and Monte Carlo agreement.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"

#include <math.h>

typedef struct fixture {
    dn_net net;
    dn_csr g;
} fixture;

static void fx_init(fixture *f, const char *spec)
{
    dn_err err;
    if (dn_net_init(&f->net, spec, &err) != DN_OK)
        fail_msg("%s: %s", spec, err.msg);
    assert_int_equal(dn_net_materialize(&f->net, &f->g, 0, &err), DN_OK);
}

static void fx_free(fixture *f)
{
    dn_csr_free(&f->g);
    dn_net_free(&f->net);
}

static dn_tree_model tree(const char *spec)
{
    dn_tree_model m;
    dn_err err;
    if (dn_tree_model_parse(spec, &m, &err) != DN_OK)
        fail_msg("%s: %s", spec, err.msg);
    return m;
}

static dn_loads exact(fixture *f, const char *tspec, int64_t s, int walk, int delta, int method)
{
    dn_tree_model m = tree(tspec);
    dn_load_opts o;
    dn_loads L;
    dn_err err;
    memset(&o, 0, sizeof o);
    o.walk = walk;
    o.delta = delta;
    o.method = method;
    if (dn_loads_exact(&f->net, &f->g, &m, s, &o, &L, &err) != DN_OK)
        fail_msg("%s %s: %s", f->net.spec, tspec, err.msg);
    return L;
}

/* ------------------------------------------------ Krawtchouk, Q_d */
static double binom(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double c = 1;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* K_k(w) for the d-cube: sum_j (-1)^j C(w, j) C(d - w, k - j) */
static double kraw(int d, int k, int w)
{
    double s = 0;
    for (int j = 0; j <= k; j++)
        s += (j % 2 ? -1 : 1) * binom(w, j) * binom(d - w, k - j);
    return s;
}

/* P^t(0, x) for |x| = w: 2^-d sum_k lambda_k^t K_k(w), with the eigenvalue
 * lambda_k = 1 - 2k/d of the simple walk (lazy: 1 - k/d), so that the
 * random-length walk averages lambda^t over t = 1..delta. */
static double qd_prob(int d, int w, int walk, int delta, int levels)
{
    double s = 0;
    for (int k = 0; k <= d; k++) {
        double lam = walk == DN_WALK_LAZY ? 1.0 - (double)k / d : 1.0 - 2.0 * k / d;
        double q;
        if (walk == DN_WALK_RANDLEN) {
            q = 0;
            for (int t = 1; t <= delta; t++)
                q += pow(lam, t) / delta;
        } else {
            q = pow(lam, delta);
        }
        s += pow(q, levels) * kraw(d, k, w);
    }
    return ldexp(s, -d);
}

/* Issue 17: exact loads of a complete tree larger than 2^62 nodes (no tree
 * is built; the level sizes 7^l are doubles): complete:7:30 on the 6-cube,
 * lazy walk of 2 steps, against the Krawtchouk closed form summed over 31
 * levels, and the loads sum to M = (7^31 - 1) / 6 (about 2.6e25). Before,
 * the model parser refused it ("more than 2^62 nodes"). */
static void test_huge_complete_tree(void **state)
{
    (void)state;
    fixture f;
    fx_init(&f, "hypercube:6");
    dn_loads L = exact(&f, "complete:7:30", 0, DN_WALK_LAZY, 2, DN_LOAD_SPARSE);
    double M = (pow(7, 31) - 1) / 6, sum = 0;
    assert_true(M > ldexp(1, 62));
    assert_true(fabs(L.size - M) <= 1e-12 * M);
    for (int64_t j = 0; j < f.g.n; j++) {
        int w = __builtin_popcountll((unsigned long long)j);
        double want = 0, bl = 1;
        for (int h = 0; h <= 30; h++, bl *= 7)
            want += bl * qd_prob(6, w, DN_WALK_LAZY, 2, h);
        if (fabs(L.load[j] - want) > 1e-9 * want)
            fail_msg("complete:7:30 load[%lld] %.15g, Krawtchouk %.15g", (long long)j,
                     L.load[j], want);
        sum += L.load[j];
    }
    assert_true(fabs(sum - M) <= 1e-9 * M);
    dn_loads_free(&L);
    fx_free(&f);
    /* building such a tree is still refused, with the reason */
    dn_tree_model m = tree("complete:7:30");
    dn_tree t;
    dn_err err;
    assert_int_equal(dn_tree_init(&t, &m, 1, 0, &err), DN_ERANGE);
    assert_non_null(strstr(err.msg, "2^62"));
}

static void test_hypercube_krawtchouk(void **state)
{
    (void)state;
    const int dims[] = {4, 7, 10};
    for (int di = 0; di < 3; di++) {
        int d = dims[di];
        char spec[32];
        snprintf(spec, sizeof spec, "hypercube:%d", d);
        fixture f;
        fx_init(&f, spec);
        const int64_t N = f.g.n;
        for (int walk = 0; walk < 3; walk++)
            for (int delta = 1; delta <= 4; delta++)
                for (int b = 2; b <= 3; b++) {
                    char ts[32];
                    const int H = 9;
                    snprintf(ts, sizeof ts, "complete:%d:%d", b, H);
                    const int64_t s = 5 % N;
                    dn_loads L = exact(&f, ts, s, walk, delta, DN_LOAD_SPARSE);
                    /* closed form per Hamming weight, summed over levels */
                    double cum[16] = {0}, M = 0, bl = 1;
                    for (int h = 0; h <= H; h++, bl *= b) {
                        M += bl;
                        double best = 0;
                        for (int w = 0; w <= d; w++) {
                            cum[w] += bl * qd_prob(d, w, walk, delta, h);
                            if (cum[w] > best)
                                best = cum[w];
                        }
                        double alpha = best * (double)N / M;
                        if (fabs(alpha - L.ratio_level[h]) > 1e-9 * alpha)
                            fail_msg("%s %s %s delta %d h %d: alpha %.15g, Krawtchouk %.15g",
                                     spec, ts, dn_walk_name(walk), delta, h,
                                     L.ratio_level[h], alpha);
                    }
                    for (int64_t j = 0; j < N; j++) {
                        int w = __builtin_popcountll((unsigned long long)(j ^ s));
                        if (fabs(L.load[j] - cum[w]) > 1e-9 * cum[w] + 1e-12)
                            fail_msg("%s load[%lld] %.15g vs %.15g", spec, (long long)j,
                                     L.load[j], cum[w]);
                    }
                    dn_loads_free(&L);
                }
        fx_free(&f);
    }
}

/* ----------------------------------------------------------- limits */
static void test_limits_reproduction(void **state)
{
    (void)state;
    struct { const char *net; int delta, walk; double want; } cases[] = {
        /* non-bipartite: max degree / average degree (checked against facts below) */
        {"debruijn:7", 3, DN_WALK_CANONICAL, -1},
        {"debruijn:7", 2, DN_WALK_CANONICAL, -1},
        {"torus:5x7", 2, DN_WALK_CANONICAL, -1},
        {"cbt:5", 2, DN_WALK_LAZY, -1},        /* lazy removes bipartiteness */
        {"butterfly:4", 3, DN_WALK_CANONICAL, 1.0 + 1.0 / 4},      /* odd walk: 1 + 1/c */
        {"butterfly:4", 2, DN_WALK_CANONICAL, 2.0 * (1.0 + 1.0 / 4)}, /* even: twice */
        {"hypercube:6", 2, DN_WALK_CANONICAL, 2.0},
        {"hypercube:6", 3, DN_WALK_CANONICAL, 1.0},
        {"ddb:6", 1, DN_WALK_CANONICAL, 1.0},  /* doubly stochastic: uniform limit */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        fx_init(&f, cases[i].net);
        double want = cases[i].want;
        if (want < 0) {
            dn_facts fa;
            dn_err err;
            assert_int_equal(dn_net_facts(&f.net, NULL, &fa, &err), DN_OK);
            want = (double)fa.deg_max / fa.deg_avg;
        }
        dn_loads L = exact(&f, "repro:1000000", 1, cases[i].walk, cases[i].delta,
                           DN_LOAD_SPARSE);
        if (fabs(L.asym_ratio - want) > 1e-9)
            fail_msg("%s delta %d: asymptotic %.12g, want %.12g", cases[i].net,
                     cases[i].delta, L.asym_ratio, want);
        /* the actual ratio at M = 10^6 is within mixing/M of the limit */
        if (fabs(L.ratio - want) > 2e-3 * want)
            fail_msg("%s delta %d: alpha_M %.9g far from the limit %.9g", cases[i].net,
                     cases[i].delta, L.ratio, want);
        double sum = 0;
        for (int64_t j = 0; j < f.g.n; j++)
            sum += L.load[j];
        assert_true(fabs(sum - 1e6) < 1e-6 * 1e6);
        assert_true(L.trunc_error <= 1e-13);
        dn_loads_free(&L);
        fx_free(&f);
    }
}

/* Seed 002's conjecture for complete b-ary trees on butterflies:
 * alpha_inf = (2b/(b+1)) (1 + 1/c) for odd Delta, 2 (1 + 1/c) for even. */
static void test_butterfly_conjecture(void **state)
{
    (void)state;
    for (int c = 3; c <= 5; c++) {
        char spec[32];
        snprintf(spec, sizeof spec, "butterfly:%d", c);
        fixture f;
        fx_init(&f, spec);
        for (int b = 2; b <= 4; b++)
            for (int delta = 1; delta <= 4; delta++) {
                char ts[32];
                snprintf(ts, sizeof ts, "complete:%d:%d", b, b == 2 ? 60 : b == 3 ? 37 : 30);
                dn_loads L = exact(&f, ts, 0, DN_WALK_CANONICAL, delta, DN_LOAD_SPARSE);
                double want = (delta % 2 ? 2.0 * b / (b + 1) : 2.0) * (1.0 + 1.0 / c);
                if (fabs(L.asym_ratio - want) > 1e-12)
                    fail_msg("%s b %d delta %d: alpha_inf %.15g, conjecture %.15g", spec, b,
                             delta, L.asym_ratio, want);
                /* and alpha_h really gets there (slowest for Delta = 1: the
                 * walk needs many single steps to randomise every column bit) */
                double far = fabs(L.ratio_level[L.levels / 2] - want);
                if (far > 1e-13 && fabs(L.ratio - want) >= far)
                    fail_msg("%s b %d delta %d: alpha_h %.12g vs %.12g", spec, b, delta,
                             L.ratio, want);
                assert_int_equal(L.period, delta % 2 ? 2 : 1);
                dn_loads_free(&L);
            }
        fx_free(&f);
    }
}

/* Seed 002's first observation: levels 0 and c behave alike, and so do the
 * inner levels r and c - r (the level-reversing automorphism), for every h. */
static void test_butterfly_level_symmetry(void **state)
{
    (void)state;
    for (int c = 3; c <= 6; c++) {
        char spec[32];
        snprintf(spec, sizeof spec, "butterfly:%d", c);
        fixture f;
        fx_init(&f, spec);
        for (int r = 0; r <= c / 2; r++) {
            int64_t a = (int64_t)r << c, b = (int64_t)(c - r) << c;
            dn_loads A = exact(&f, "complete:3:9", a, DN_WALK_CANONICAL, 3, DN_LOAD_SPARSE);
            dn_loads B = exact(&f, "complete:3:9", b, DN_WALK_CANONICAL, 3, DN_LOAD_SPARSE);
            for (int h = 0; h < A.levels; h++)
                if (fabs(A.ratio_level[h] - B.ratio_level[h]) > 1e-12 * A.ratio_level[h])
                    fail_msg("%s levels %d and %d, h %d: %.15g vs %.15g", spec, r, c - r, h,
                             A.ratio_level[h], B.ratio_level[h]);
            assert_true(fabs(A.asym_ratio - B.asym_ratio) < 1e-12);
            dn_loads_free(&A);
            dn_loads_free(&B);
        }
        fx_free(&f);
    }
}

/* ---------------------------------------------- enumerate every walk */
typedef struct enumer {
    const dn_csr *g;
    int walk;
    int delta;
    double *p; /* levels x n: probability that a level-l node is on j */
    int64_t n;
} enumer;

/* every walk of `steps` single steps (lazy: each a stay or a move) */
static void walks(const enumer *e, int64_t u, int steps, double pr, double *out)
{
    if (steps == 0) {
        out[u] += pr;
        return;
    }
    int64_t deg = e->g->off[u + 1] - e->g->off[u];
    if (e->walk == DN_WALK_LAZY) {
        walks(e, u, steps - 1, pr / 2, out);
        pr /= 2;
    }
    if (deg == 0) {
        walks(e, u, steps - 1, pr, out);
        return;
    }
    for (int64_t a = e->g->off[u]; a < e->g->off[u + 1]; a++)
        walks(e, e->g->adj[a], steps - 1, pr / (double)deg, out);
}

/* distribution of a level-l node: enumerate l placements in a row */
static void placements(const enumer *e, int64_t u, int level, int target, double pr, double *out)
{
    if (level == target) {
        out[u] += pr;
        return;
    }
    double *one = calloc((size_t)e->n, sizeof *one);
    if (e->walk == DN_WALK_RANDLEN) {
        for (int t = 1; t <= e->delta; t++)
            walks(e, u, t, 1.0 / e->delta, one);
    } else {
        walks(e, u, e->delta, 1.0, one);
    }
    for (int64_t v = 0; v < e->n; v++)
        if (one[v] > 0)
            placements(e, v, level + 1, target, pr * one[v], out);
    free(one);
}

static void test_brute_force_walks(void **state)
{
    (void)state;
    const char *nets[] = {"ring:5", "butterfly:2", "ddb:3", "mesh:2x3", "sneptree-s:2"};
    for (size_t ni = 0; ni < sizeof nets / sizeof nets[0]; ni++) {
        fixture f;
        fx_init(&f, nets[ni]);
        const int64_t n = f.g.n;
        for (int walk = 0; walk < 3; walk++)
            for (int delta = 1; delta <= 2; delta++) {
                const char *ts = "complete:3:3";
                const int H = 3, b = 3;
                enumer e = {&f.g, walk, delta, NULL, n};
                double *want = calloc((size_t)n, sizeof *want);
                for (int l = 0; l <= H; l++) {
                    double *pl = calloc((size_t)n, sizeof *pl);
                    placements(&e, 2, 0, l, 1.0, pl);
                    for (int64_t j = 0; j < n; j++)
                        want[j] += pow(b, l) * pl[j];
                    free(pl);
                }
                dn_loads L = exact(&f, ts, 2, walk, delta, DN_LOAD_SPARSE);
                dn_loads D = exact(&f, ts, 2, walk, delta, DN_LOAD_DENSE);
                for (int64_t j = 0; j < n; j++) {
                    if (fabs(L.load[j] - want[j]) > 1e-12 * 40)
                        fail_msg("%s %s delta %d: load[%lld] %.15g, enumeration %.15g",
                                 nets[ni], dn_walk_name(walk), delta, (long long)j, L.load[j],
                                 want[j]);
                    if (fabs(D.load[j] - want[j]) > 1e-12 * 40)
                        fail_msg("%s dense load[%lld] %.15g vs %.15g", nets[ni], (long long)j,
                                 D.load[j], want[j]);
                }
                free(want);
                dn_loads_free(&L);
                dn_loads_free(&D);
            }
        fx_free(&f);
    }
}

/* The seed's dense program vs the sparse one, every start, several models. */
static void test_dense_matches_sparse(void **state)
{
    (void)state;
    const char *nets[] = {"butterfly:3", "debruijn:5", "mesh:4x4", "ddb:5", "sneptree-t:3"};
    const char *trees[] = {"complete:2:6", "crt:5:0.2,0.3,0.5/0.5,0,0.5", "repro:20", "gw:0.5,0.2,0.3"};
    for (size_t ni = 0; ni < sizeof nets / sizeof nets[0]; ni++) {
        fixture f;
        fx_init(&f, nets[ni]);
        for (size_t ti = 0; ti < sizeof trees / sizeof trees[0]; ti++) {
            dn_tree_model m = tree(trees[ti]);
            dn_load_opts o;
            dn_loads_all A, B;
            dn_err err;
            memset(&o, 0, sizeof o);
            o.delta = 3;
            o.walk = (int)(ti % 3);
            assert_int_equal(dn_loads_all_starts(&f.net, &f.g, &m, &o, &A, &err), DN_OK);
            o.method = DN_LOAD_DENSE;
            o.threads = 2;
            assert_int_equal(dn_loads_all_starts(&f.net, &f.g, &m, &o, &B, &err), DN_OK);
            for (int64_t s = 0; s < f.g.n; s++)
                if (fabs(A.ratio[s] - B.ratio[s]) > 1e-10 * B.ratio[s])
                    fail_msg("%s %s start %lld: sparse %.15g dense %.15g", nets[ni], trees[ti],
                             (long long)s, A.ratio[s], B.ratio[s]);
            dn_loads_all_free(&A);
            dn_loads_all_free(&B);
        }
        fx_free(&f);
    }
}

/* Starts mapped by a translation automorphism agree with direct runs. */
static void test_all_starts_orbits(void **state)
{
    (void)state;
    const char *nets[] = {"hypercube:4", "torus:3x4", "ring:6", "butterfly:3", "wbutterfly:3",
                          "complete:5"};
    for (size_t ni = 0; ni < sizeof nets / sizeof nets[0]; ni++) {
        fixture f;
        fx_init(&f, nets[ni]);
        dn_tree_model m = tree("complete:2:5");
        dn_load_opts o;
        dn_loads_all A;
        dn_err err;
        memset(&o, 0, sizeof o);
        o.delta = 3;
        o.threads = 3;
        assert_int_equal(dn_loads_all_starts(&f.net, &f.g, &m, &o, &A, &err), DN_OK);
        assert_true(A.computed < f.g.n);
        for (int64_t s = 0; s < f.g.n; s++) {
            dn_loads L = exact(&f, "complete:2:5", s, DN_WALK_CANONICAL, 3, DN_LOAD_SPARSE);
            if (fabs(L.ratio - A.ratio[s]) > 1e-12 * L.ratio)
                fail_msg("%s start %lld: %.15g vs %.15g", nets[ni], (long long)s, A.ratio[s],
                         L.ratio);
            /* the mapped argmax holds the maximum */
            assert_true(fabs(L.load[A.argmax[s]] - L.max_load) <= 1e-12 * L.max_load);
            dn_loads_free(&L);
        }
        dn_loads_all_free(&A);
        fx_free(&f);
    }
}

/* Level sizes: they sum to the model's expected size. */
static void test_level_sizes(void **state)
{
    (void)state;
    const char *trees[] = {"binomial:7", "complete:3:4", "crt:4:0,0.5,0.5/0,0,1",
                           "rct:0,0.25,0.25,0.5:0.1,0.4,0.5", "repro:50", "complete:1:5000"};
    for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
        dn_tree_model m = tree(trees[i]);
        double *sizes, tail, sum = 0;
        int levels;
        dn_err err;
        /* any height: the array is sized by the model (issue 26 item 7) */
        assert_int_equal(dn_level_sizes_alloc(&m, &sizes, &levels, &tail, &err), DN_OK);
        for (int l = 0; l < levels; l++)
            sum += sizes[l];
        if (tail > 0)
            sum += sizes[levels - 1] * tail / (1 - tail);
        double want = dn_tree_model_expected_size(&m);
        if (fabs(sum - want) > 1e-9 * want)
            fail_msg("%s: level sizes sum to %.12g, expected size %.12g", trees[i], sum, want);
        free(sizes);
    }
    /* a caller's array too short for the tree: refused, saying how many */
    dn_tree_model m = tree("complete:1:200");
    double few[8], tail;
    int levels;
    dn_err err;
    assert_int_equal(dn_level_sizes(&m, 8, few, &levels, &tail, &err), DN_ERANGE);
    assert_non_null(strstr(err.msg, "height 200 has 201 levels"));
}

/* ------------------------------------------------------- simulation */
static dn_grow_result simulate(fixture *f, const char *ts, int64_t s, int walk, int delta,
                               int64_t trials, uint64_t seed, int threads)
{
    dn_tree_model m = tree(ts);
    dn_grow_opts o;
    dn_grow_result r;
    dn_err err;
    memset(&o, 0, sizeof o);
    o.walk = walk;
    o.delta = delta;
    o.trials = trials;
    o.seed = seed;
    o.threads = threads;
    if (dn_grow_simulate(&f->g, &m, s, &o, &r, &err) != DN_OK)
        fail_msg("%s: %s", ts, err.msg);
    return r;
}

/* Mean loads agree with the exact expectation within 5 standard errors
 * (plus a little for processors with no variance). */
static void test_simulation_agrees(void **state)
{
    (void)state;
    struct { const char *net, *tree; int walk, delta; } cases[] = {
        {"butterfly:3", "complete:2:5", DN_WALK_CANONICAL, 3},
        {"ring:7", "crt:4:0.3,0.3,0.4/0,0.5,0.5", DN_WALK_LAZY, 2},
        {"debruijn:4", "rct:0,0,0.5,0.5:0.2,0.3,0.5", DN_WALK_RANDLEN, 3},
        {"hypercube:4", "repro:8", DN_WALK_CANONICAL, 1},
        {"ddb:4", "binomial:6", DN_WALK_CANONICAL, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        fx_init(&f, cases[i].net);
        dn_loads L = exact(&f, cases[i].tree, 1, cases[i].walk, cases[i].delta, DN_LOAD_SPARSE);
        dn_grow_result r = simulate(&f, cases[i].tree, 1, cases[i].walk, cases[i].delta, 4000,
                                    7, 2);
        for (int64_t j = 0; j < f.g.n; j++)
            if (fabs(r.mean_load[j] - L.load[j]) > 5 * r.se_load[j] + 1e-9)
                fail_msg("%s %s: processor %lld mean %.6g +- %.3g, exact %.6g", cases[i].net,
                         cases[i].tree, (long long)j, r.mean_load[j], r.se_load[j], L.load[j]);
        assert_true(fabs(r.mean_size - L.size) < 0.1 * L.size);
        assert_true(r.dilation <= cases[i].delta);
        dn_loads_free(&L);
        dn_grow_free(&r);
        fx_free(&f);
    }
}

static void test_simulation_thread_independent(void **state)
{
    (void)state;
    fixture f;
    fx_init(&f, "debruijn:6");
    for (int walk = 0; walk < DN_WALK_COUNT; walk++) {
        dn_grow_result a = simulate(&f, "gw:0.4,0.3,0.3", 0, walk, 3, 300, 42, 1);
        dn_grow_result b = simulate(&f, "gw:0.4,0.3,0.3", 0, walk, 3, 300, 42, 4);
        assert_memory_equal(a.mean_load, b.mean_load, (size_t)f.g.n * sizeof(double));
        assert_memory_equal(a.se_load, b.se_load, (size_t)f.g.n * sizeof(double));
        assert_true(a.mean_ratio == b.mean_ratio && a.se_ratio == b.se_ratio);
        assert_true(a.mean_dist == b.mean_dist && a.dilation == b.dilation);
        dn_grow_result c = simulate(&f, "gw:0.4,0.3,0.3", 0, walk, 3, 300, 43, 1);
        assert_true(c.mean_ratio != a.mean_ratio); /* another seed, other trees */
        dn_grow_free(&a);
        dn_grow_free(&b);
        dn_grow_free(&c);
    }
    fx_free(&f);
}

/* The variants do what they are for: on a bipartite network an even walk
 * leaves half the processors empty (alpha >= 2); lazy and random-length
 * walks reach everyone; two choices lowers the simulated max load. */
static void test_variants(void **state)
{
    (void)state;
    fixture f;
    fx_init(&f, "hypercube:6");
    dn_loads c = exact(&f, "complete:2:10", 0, DN_WALK_CANONICAL, 2, DN_LOAD_SPARSE);
    dn_loads l = exact(&f, "complete:2:10", 0, DN_WALK_LAZY, 2, DN_LOAD_SPARSE);
    dn_loads r = exact(&f, "complete:2:10", 0, DN_WALK_RANDLEN, 2, DN_LOAD_SPARSE);
    assert_int_equal(c.reached, 32);
    assert_true(c.ratio >= 2.0);
    assert_int_equal(l.reached, 64);
    assert_int_equal(r.reached, 64);
    assert_true(l.ratio < 2.0 && r.ratio < 2.0);
    dn_loads_free(&c);
    dn_loads_free(&l);
    dn_loads_free(&r);
    dn_grow_result a = simulate(&f, "complete:2:10", 0, DN_WALK_CANONICAL, 3, 200, 1, 2);
    dn_grow_result b = simulate(&f, "complete:2:10", 0, DN_WALK_TWO_CHOICES, 3, 200, 1, 2);
    assert_true(b.mean_max + 3 * b.se_max < a.mean_max - 3 * a.se_max);
    dn_grow_free(&a);
    dn_grow_free(&b);
    fx_free(&f);
}

static void test_errors(void **state)
{
    (void)state;
    fixture f;
    fx_init(&f, "ring:6");
    dn_tree_model m = tree("binomial:4");
    dn_load_opts o;
    dn_loads L;
    dn_err err;
    memset(&o, 0, sizeof o);
    o.delta = 2;
    assert_int_equal(dn_loads_exact(&f.net, &f.g, &m, 6, &o, &L, &err), DN_ERANGE);
    assert_non_null(strstr(err.msg, "0..5"));
    o.walk = DN_WALK_TWO_CHOICES;
    assert_int_equal(dn_loads_exact(&f.net, &f.g, &m, 0, &o, &L, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "trials"));
    o.walk = DN_WALK_CANONICAL;
    o.method = DN_LOAD_DENSE;
    assert_int_equal(dn_loads_exact(&f.net, &f.g, &m, 0, &o, &L, &err), DN_ENOTSUP);
    fx_free(&f);
    fx_init(&f, "hypercube:13");
    m = tree("cbt:3");
    assert_int_equal(dn_loads_exact(&f.net, &f.g, &m, 0, &o, &L, &err), DN_ERANGE);
    assert_non_null(strstr(err.msg, "4096"));
    dn_grow_opts go;
    dn_grow_result gr;
    memset(&go, 0, sizeof go);
    go.trials = 1;
    go.max_nodes = 100;
    go.delta = 1;
    m = tree("cbt:10");
    assert_int_equal(dn_grow_simulate(&f.g, &m, 0, &go, &gr, &err), DN_ELIMIT);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hypercube_krawtchouk),
        cmocka_unit_test(test_huge_complete_tree),
        cmocka_unit_test(test_limits_reproduction),
        cmocka_unit_test(test_butterfly_conjecture),
        cmocka_unit_test(test_butterfly_level_symmetry),
        cmocka_unit_test(test_brute_force_walks),
        cmocka_unit_test(test_dense_matches_sparse),
        cmocka_unit_test(test_all_starts_orbits),
        cmocka_unit_test(test_level_sizes),
        cmocka_unit_test(test_simulation_agrees),
        cmocka_unit_test(test_simulation_thread_independent),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
