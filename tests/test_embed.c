/*
 * test_embed.c - placements and their metrics against the papers:
 *  - seed 000 mapping D: bijection, contention-free, max dilation, and the
 *    totals in closed form (derived in docs/embeddings.md from section 5.2)
 *    checked by a brute-force construction written here from the paper's
 *    strings, independent of the library's bit arithmetic;
 *  - the contention counter against an O(M^2) pairwise count;
 *  - seed 001 / docs/spec/meshes.md: per-root route lengths of dccube,
 *    reflecting and growing for every root, k <= 5; which orders are
 *    conflict-free;
 *  - seed 004: the Sneptree mapping is homogeneous up to depth 3(n+1), and
 *    per-depth counts depend only on the cell's height;
 *  - seed 000 section 6's lower bound;
 *  - MPI's broadcast trees (issue 29, item 8): the seeds' B(n) mappings
 *    take them through the renaming with B(n)'s metrics; identity on a
 *    hypercube has dilation 1 (a parent and child differ in one bit); the
 *    built-in trees measure as the same trees read from CSV files written
 *    here from the libraries' loops, on fattree:4:3 with the issue's
 *    figures.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"

#include <math.h>

typedef struct fixture {
    dn_net net;
    dn_tree tree;
    dn_embed *e;
    dn_metrics m;
} fixture;

static int setup(fixture *f, const char *net, const char *tree, const dn_embed_opts *o,
                 dn_err *err)
{
    dn_tree_model tm;
    memset(f, 0, sizeof *f);
    if (dn_net_init(&f->net, net, err) || dn_tree_model_parse(tree, &tm, err) ||
        dn_tree_init(&f->tree, &tm, 1, 0, err))
        return 1;
    return dn_embed_init(&f->e, &f->net, &f->tree, o, err);
}

static void open_fixture(fixture *f, const char *net, const char *tree, const dn_embed_opts *o)
{
    dn_err err;
    if (setup(f, net, tree, o, &err))
        fail_msg("%s on %s with %s: %s", tree, net, o->map, err.msg);
    if (dn_metrics_compute(f->e, NULL, &f->m, &err))
        fail_msg("metrics: %s", err.msg);
}

static void close_fixture(fixture *f)
{
    dn_metrics_free(&f->m);
    dn_embed_free(f->e);
    dn_tree_free(&f->tree);
    dn_net_free(&f->net);
}

static dn_embed_opts opts(const char *map)
{
    dn_embed_opts o;
    memset(&o, 0, sizeof o);
    o.map = map;
    o.root = -1;
    return o;
}

/* ------------------------------------------------------------ mapping D */

/* F on a '0'/'1' string of length len: x_i XOR x_(i+1). */
static int64_t paper_F(const char *x, int len)
{
    int64_t v = 0;
    for (int i = 0; i + 1 < len; i++)
        v = 2 * v + ((x[i] - '0') ^ (x[i + 1] - '0'));
    return v;
}

/* The paper's map-edge for <0^m z 1, 0^(m-i) z 1 0^(i-1) 1>, built from
 * strings: the path 0^m z1, 0^(m-1) z10, ..., 0^(m-i+1) z10^(i-1),
 * 0^(m-i) z10^(i-1)1, each mapped by F, consecutive repeats (the loop at
 * 1^n) dropped. Returns the node count written to out. */
static int paper_route(int n, const char *label, int i, int64_t *out)
{
    char s[80];
    int len = n + 1, cnt = 0;
    memcpy(s, label, (size_t)len);
    out[cnt++] = paper_F(s, len);
    for (int t = 1; t <= i; t++) {
        memmove(s, s + 1, (size_t)len - 1);
        s[len - 1] = t == i ? '1' : '0';
        int64_t x = paper_F(s, len);
        if (x != out[cnt - 1])
            out[cnt++] = x;
    }
    return cnt;
}

static void test_zrl_against_paper(void **state)
{
    (void)state;
    for (int n = 2; n <= 16; n++) {
        char spec_net[32], spec_tree[32];
        snprintf(spec_net, sizeof spec_net, "debruijn:%d", n);
        snprintf(spec_tree, sizeof spec_tree, "binomial:%d", n);
        fixture f;
        dn_embed_opts o = opts("zrl");
        open_fixture(&f, spec_net, spec_tree, &o);
        const int64_t N = (int64_t)1 << n;
        /* bijection */
        assert_int_equal(f.m.load_min, 1);
        assert_int_equal(f.m.load_max, 1);
        assert_int_equal(f.m.used, N);
        /* contention-free in every phase (Property 5.4) */
        assert_int_equal(f.m.conflicts, 0);
        assert_int_equal(f.m.max_link_load, 1);
        assert_int_equal(f.m.phases, n);
        /* max dilation n (Property 5.3); in the simple BDG(2) the only
         * n-hop path loses its loop step */
        assert_int_equal(f.m.dil_max, n == 2 ? 1 : n);
        /* total: the paper's sum 2^(n+1) - n - 2 (section 5.2, evaluated
         * exactly) minus the loop step that exists for even n only */
        int64_t paper_total = 0;
        for (int i = 1; i <= n; i++)
            paper_total += i;
        for (int m = 0; m <= n - 1; m++)
            paper_total += ((int64_t)1 << (n - m - 1)) * m * (m + 1) / 2;
        assert_int_equal(paper_total, 2 * N - n - 2);
        assert_int_equal(f.m.dil_total, 2 * N - n - 2 - (n % 2 == 0));
        assert_int_equal(f.m.edges, N - 1);
        /* brute force from the paper's strings, every edge, n <= 12 */
        if (n <= 12) {
            int64_t total = 0, want[40];
            char label[80];
            for (int64_t y = 0; y < N; y++) {
                assert_int_equal(dn_binomial_label(n, y, label, sizeof label), DN_OK);
                int64_t c = dn_tree_num_children(&f.tree, y);
                assert_int_equal(dn_embed_place(f.e, y), paper_F(label, n + 1));
                for (int i = 1; i <= c; i++) {
                    int64_t child = dn_tree_child(&f.tree, y, i - 1);
                    int cnt = paper_route(n, label, i, want);
                    const int64_t *p;
                    int64_t h;
                    dn_err err;
                    assert_int_equal(dn_embed_route(f.e, child, &p, &h, &err), DN_OK);
                    assert_int_equal(h, cnt - 1);
                    for (int j = 0; j < cnt; j++)
                        assert_int_equal(p[j], want[j]);
                    total += h;
                }
            }
            assert_int_equal(total, f.m.dil_total);
        }
        close_fixture(&f);

        /* logarithmically weighted case: total n - 1 + 2^-n (section 5.2),
         * minus the loop step of weight 2^-n for even n; weight sum n/2 */
        o.weights = DN_WEIGHTS_LOG;
        open_fixture(&f, spec_net, spec_tree, &o);
        double want_w = n - 1 + (n % 2 ? ldexp(1, -n) : 0);
        assert_true(fabs(f.m.w_total - want_w) < 1e-12);
        assert_true(fabs(f.m.w_sum - n / 2.0) < 1e-12);
        assert_true(fabs(f.m.w_avg - want_w / (n / 2.0)) < 1e-12);
        /* Property 5.6 states a maximum of n / 2^n, but its own proof term
         * j / 2^(n-i+j) peaks at j = 1, 2 for the root (i = n): 1/2. The
         * measured maximum is that 1/2 (docs/embeddings.md). */
        assert_true(fabs(f.m.w_max - 0.5) < 1e-15);
        assert_int_equal(f.m.conflicts, 0);
        close_fixture(&f);
    }
}

static void test_zrl_roots_and_errors(void **state)
{
    (void)state;
    fixture f;
    dn_err err;
    dn_embed_opts o = opts("zrl");
    /* the four automorphic roots of BDG(5): 00001, 11110, 10000, 01111 */
    int64_t roots[] = {1, 30, 16, 15};
    for (int i = 0; i < 4; i++) {
        o.root = roots[i];
        open_fixture(&f, "debruijn:5", "binomial:5", &o);
        assert_int_equal(dn_embed_place(f.e, 0), roots[i]);
        assert_int_equal(f.m.conflicts, 0);
        assert_int_equal(f.m.load_max, 1);
        assert_int_equal(f.m.dil_total, 57);
        close_fixture(&f);
    }
    o.root = 3;
    assert_int_equal(setup(&f, "debruijn:5", "binomial:5", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "00001"));
    close_fixture(&f);
    o.root = -1;
    assert_int_equal(setup(&f, "debruijn:5", "binomial:4", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "binomial:5"));
    close_fixture(&f);
    assert_int_equal(setup(&f, "mesh:4x4", "binomial:4", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "debruijn"));
    close_fixture(&f);
    o.map = "nosuch";
    assert_int_equal(setup(&f, "debruijn:4", "binomial:4", &o, &err), DN_ENOTFOUND);
    close_fixture(&f);
    /* shortest routes instead of map-edge: never longer, still a bijection */
    o = opts("zrl");
    o.routes = DN_ROUTES_SHORTEST;
    open_fixture(&f, "debruijn:10", "binomial:10", &o);
    assert_true(f.m.dil_total <= 2035);
    assert_string_equal(dn_embed_routes_name(f.e), "bdg-window");
    close_fixture(&f);
}

/* docs/embeddings.md "walks, not paths": for n = 4, task 12's route is
 * 0010 -> 0101 -> 1010 -> 0101, a walk that returns to a node; both hops
 * count in the dilation, the link 0101-1010 once in the contention. */
static void test_zrl_walk(void **state)
{
    (void)state;
    fixture f;
    dn_embed_opts o = opts("zrl");
    open_fixture(&f, "debruijn:4", "binomial:4", &o);
    const int64_t *p;
    int64_t h;
    dn_err err;
    assert_int_equal(dn_embed_route(f.e, 12, &p, &h, &err), DN_OK);
    assert_int_equal(h, 3);
    assert_int_equal(p[0], 2);
    assert_int_equal(p[1], 5);
    assert_int_equal(p[2], 10);
    assert_int_equal(p[3], 5);
    close_fixture(&f);
}

/* Per-depth loads against a brute force over (depth, processor), for
 * trees with many tasks per processor (both ways of counting them). */
/* Mapping D beyond BDG(n) (issue 20): on DDB(n) its routes are forward
 * arcs, and on K(2, n+1) its lift walks them; both keep D's dilation and
 * contention-freeness, and the lift sits over D's placement. */
static void test_zrl_lifts(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        char bdg[32], ddb[32], kz[32], tree[32];
        snprintf(bdg, sizeof bdg, "debruijn:%d", n);
        snprintf(ddb, sizeof ddb, "ddb:%d", n);
        snprintf(kz, sizeof kz, "kautz:2:%d", n + 1);
        snprintf(tree, sizeof tree, "binomial:%d", n);
        fixture fb, fd, fk;
        dn_embed_opts o = opts("zrl");
        open_fixture(&fb, bdg, tree, &o);
        open_fixture(&fd, ddb, tree, &o);
        open_fixture(&fk, kz, tree, &o);
        assert_int_equal(fd.m.dil_total, fb.m.dil_total);
        assert_int_equal(fk.m.dil_total, fb.m.dil_total);
        assert_int_equal(fk.m.dil_max, fb.m.dil_max);
        assert_int_equal(fd.m.conflicts, 0);
        assert_int_equal(fk.m.conflicts, 0);
        assert_int_equal(fk.m.load_max, 1);
        for (int64_t y = 0; y < fb.tree.nodes; y++) {
            assert_int_equal(dn_embed_place(fd.e, y), dn_embed_place(fb.e, y));
            /* the Kautz string's differences (s_(i+1) - s_i - 1) mod 3 */
            int s[16];
            dn_kautz_symbols(&fk.net, dn_embed_place(fk.e, y), s);
            int64_t x = 0;
            for (int i = 0; i < n; i++)
                x = 2 * x + ((s[i + 1] - s[i] - 1 + 6) % 3);
            assert_int_equal(x, dn_embed_place(fb.e, y));
        }
        close_fixture(&fb);
        close_fixture(&fd);
        close_fixture(&fk);
    }
    /* every root over F(0^n 1) or its complement: 6 on K(2, 5), 2 on DDB */
    int ok = 0;
    for (int64_t r = 0; r < 48; r++) {
        fixture f;
        dn_err err;
        dn_embed_opts o = opts("zrl");
        o.root = r;
        if (setup(&f, "kautz:2:5", "binomial:4", &o, &err) == DN_OK) {
            assert_int_equal(dn_metrics_compute(f.e, NULL, &f.m, &err), DN_OK);
            assert_int_equal(f.m.conflicts, 0);
            assert_int_equal(f.m.dil_total, 25);
            assert_int_equal(dn_embed_place(f.e, 0), r);
            ok++;
            close_fixture(&f);
        } else {
            assert_non_null(strstr(err.msg, "0001 or its complement 1110"));
            dn_tree_free(&f.tree);
            dn_net_free(&f.net);
        }
    }
    assert_int_equal(ok, 6);
    fixture f;
    dn_err err;
    dn_embed_opts o = opts("zrl");
    assert_int_equal(setup(&f, "kautz:3:4", "binomial:3", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "kautz:2:N+1"));
    dn_tree_free(&f.tree);
    dn_net_free(&f.net);
}

static void test_depth_loads(void **state)
{
    (void)state;
    /* the last has depths x processors above 2^22: the sorted path */
    const char *cases[][3] = {{"ring:8", "binomial:12", "random"},
                              {"sneptree-t:3", "cbt:12", "sneptree"},
                              {"mesh:4x4", "complete:3:6", "random"},
                              {"ring:1000", "complete:1:6000", "random"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fixture f;
        dn_embed_opts o = opts(cases[c][2]);
        o.seed = 7;
        open_fixture(&f, cases[c][0], cases[c][1], &o);
        const int64_t N = f.m.processors, T = f.m.tasks;
        int32_t *k = calloc((size_t)f.m.depths * (size_t)N, sizeof *k);
        assert_non_null(k);
        for (int64_t v = 0; v < T; v++) /* depth by walking to the root */
        {
            int d = 0;
            for (int64_t y = v; y > 0; y = dn_tree_parent(&f.tree, y))
                d++;
            k[(int64_t)d * N + dn_embed_place(f.e, v)]++;
        }
        for (int d = 0; d < f.m.depths; d++) {
            int64_t mn = INT64_MAX, mx = 0;
            for (int64_t p = 0; p < N; p++) {
                mn = k[(int64_t)d * N + p] < mn ? k[(int64_t)d * N + p] : mn;
                mx = k[(int64_t)d * N + p] > mx ? k[(int64_t)d * N + p] : mx;
            }
            if (f.m.depth_min[d] != mn || f.m.depth_max[d] != mx)
                fail_msg("%s %s depth %d: loads %lld..%lld, brute force %lld..%lld",
                         cases[c][0], cases[c][1], d, (long long)f.m.depth_min[d],
                         (long long)f.m.depth_max[d], (long long)mn, (long long)mx);
        }
        free(k);
        assert_true(f.m.load_max > 1);
        close_fixture(&f);
    }
}

/* --------------------------------------------- contention, brute force */

/* O(M^2) count of distinct same-phase message pairs sharing a link
 * (timed: the same link in the same hop slot, hop i in slot i); *shared
 * gets the sum over those pairs of the links (link-slots) they share, which
 * is the sum over links of c(c-1)/2: the `conflicts` metric. */
static int64_t brute_conflicts_mode(dn_embed *e, int directed, int timed, int64_t *shared)
{
    const dn_tree *t = dn_embed_tree(e);
    int64_t T = t->nodes, pairs = 0, sum = 0;
    int64_t **links = calloc((size_t)T, sizeof *links);
    int64_t *len = calloc((size_t)T, sizeof *len);
    dn_err err;
    for (int64_t v = 1; v < T; v++) {
        const int64_t *p;
        int64_t h;
        assert_int_equal(dn_embed_route(e, v, &p, &h, &err), DN_OK);
        links[v] = malloc((size_t)(h + 1) * sizeof **links);
        for (int64_t i = 0; i < h; i++) {
            int64_t a = p[i], b = p[i + 1];
            if (!directed && a > b) {
                int64_t tmp = a;
                a = b;
                b = tmp;
            }
            links[v][i] = a * dn_embed_net(e)->n + b;
        }
        len[v] = h;
    }
    for (int64_t u = 1; u < T; u++)
        for (int64_t v = u + 1; v < T; v++) {
            if (dn_tree_recv_phase(t, u) != dn_tree_recv_phase(t, v))
                continue;
            int64_t share = 0;
            for (int64_t i = 0; i < len[u]; i++) {
                int again = 0; /* phase mode: a link a walk uses twice counts once */
                for (int64_t k = 0; k < i && !timed && !again; k++)
                    again = links[u][k] == links[u][i];
                if (again)
                    continue;
                int hit = 0;
                for (int64_t j = 0; j < len[v] && !hit; j++)
                    hit = links[u][i] == links[v][j] && (!timed || i == j);
                share += hit;
            }
            pairs += share > 0;
            sum += share;
        }
    for (int64_t v = 1; v < T; v++)
        free(links[v]);
    free(links);
    free(len);
    if (shared)
        *shared = sum;
    return pairs;
}

/* The `conflicts` metric by brute force: sum over links of c(c-1)/2. */
static int64_t brute_conflicts(dn_embed *e, int directed)
{
    int64_t sum;
    brute_conflicts_mode(e, directed, 0, &sum);
    return sum;
}

static void test_contention_brute_force(void **state)
{
    (void)state;
    /* a tree file whose ids are not in phase order: complete:3:3 written
     * breadth first (task 4, child 0 of task 1, receives in phase 2, before
     * task 3 of phase 3); metrics took its ids as the phase order and
     * refused it */
    char bfs[80];
    {
        snprintf(bfs, sizeof bfs, "file:/tmp/dcnet-test-embed-%ld.csv", (long)getpid());
        dn_tree_model tm;
        dn_tree t;
        dn_err err;
        assert_int_equal(dn_tree_model_parse("complete:3:3", &tm, &err), DN_OK);
        assert_int_equal(dn_tree_init(&t, &tm, 1, 0, &err), DN_OK);
        FILE *tf = fopen(bfs + 5, "w");
        assert_int_equal(dn_tree_write(&t, DN_TREE_FMT_CSV, tf, &err), DN_OK);
        fclose(tf);
        dn_tree_free(&t);
    }
    const char *cases[][3] = {
        {"torus:4x4", bfs, "random"},            {"hypercube:6", bfs, "greedy"},
        {"debruijn:7", "binomial:7", "random"},  {"debruijn:7", "binomial:7", "greedy"},
        {"mesh:8x8", "binomial:6", "identity"},  {"mesh:8x8", "binomial:6", "random"},
        {"torus:4x8", "binomial:5", "random"},   {"butterfly:3", "binomial:5", "random"},
        {"ddb:6", "binomial:6", "random"},       {"sneptree-t:3", "cbt:5", "sneptree"},
        {"mesh:4x4", "binomial:4", "dccube"},    {"hypercube:5", "crt:4:0.2,0.3,0.5", "greedy"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fixture f;
        dn_embed_opts o = opts(cases[c][2]);
        o.seed = 42;
        open_fixture(&f, cases[c][0], cases[c][1], &o);
        int directed = dn_embed_graph(f.e)->directed;
        int64_t want = brute_conflicts(f.e, directed);
        if (f.m.conflicts != want)
            fail_msg("%s %s %s: conflicts %lld, brute force %lld", cases[c][0], cases[c][1],
                     cases[c][2], (long long)f.m.conflicts, (long long)want);
        close_fixture(&f);
        /* directed channels: never more conflicts than undirected links */
        dn_err err;
        dn_metric_opts mo;
        memset(&mo, 0, sizeof mo);
        mo.directed_links = 1;
        assert_int_equal(setup(&f, cases[c][0], cases[c][1], &o, &err), DN_OK);
        assert_int_equal(dn_metrics_compute(f.e, &mo, &f.m, &err), DN_OK);
        assert_int_equal(f.m.conflicts, brute_conflicts(f.e, 1));
        assert_true(f.m.conflicts <= want);
        close_fixture(&f);
        /* both modes (timed: same link, same hop slot), both link models,
         * the conflicts and the distinct pairs */
        for (int d = 0; d < 2; d++)
            for (int timed = 0; timed < 2; timed++) {
                mo.directed_links = d;
                mo.contention = timed ? DN_CONTENTION_TIMED : DN_CONTENTION_PHASE;
                mo.distinct_pairs = 1;
                assert_int_equal(setup(&f, cases[c][0], cases[c][1], &o, &err), DN_OK);
                assert_int_equal(dn_metrics_compute(f.e, &mo, &f.m, &err), DN_OK);
                int64_t sum, distinct = brute_conflicts_mode(f.e, d || directed, timed, &sum);
                if (f.m.conflicts != sum || f.m.distinct_pairs != distinct)
                    fail_msg("%s %s %s %s: conflicts %lld, distinct %lld; brute force %lld, "
                             "%lld", cases[c][0], cases[c][1], cases[c][2],
                             timed ? "timed" : "phase", (long long)f.m.conflicts,
                             (long long)f.m.distinct_pairs, (long long)sum, (long long)distinct);
                assert_int_equal(f.m.contention_mode, mo.contention);
                assert_true(distinct <= sum);
                assert_true((distinct == 0) == (sum == 0));
                if (timed)
                    assert_true(sum <= brute_conflicts(f.e, d || directed));
                close_fixture(&f);
            }
        mo.distinct_pairs = 0;
        mo.contention = DN_CONTENTION_PHASE;
        /* every task counted once, in its own phase */
        open_fixture(&f, cases[c][0], cases[c][1], &o);
        int64_t per[64] = {0}, dil = 0;
        for (int64_t v = 1; v < f.tree.nodes; v++) {
            const int64_t *path;
            int64_t hops;
            assert_int_equal(dn_embed_route(f.e, v, &path, &hops, &err), DN_OK);
            per[dn_tree_recv_phase(&f.tree, v)]++;
            dil += hops;
        }
        assert_int_equal(f.m.dil_total, dil);
        for (int p = 1; p <= f.m.phases; p++)
            assert_int_equal(f.m.phase_msgs[p], per[p]);
        close_fixture(&f);
    }
    unlink(bfs + 5);
    /* seed 001's DC-cube on the 4 x 4 mesh, paired order: phases 3 and 4
     * share links (2 + 4 pairs), but never in the same hop slot */
    {
        fixture f;
        dn_err err;
        dn_metric_opts mo;
        dn_embed_opts o = opts("dccube");
        memset(&mo, 0, sizeof mo);
        open_fixture(&f, "mesh:4x4", "binomial:4", &o);
        assert_int_equal(f.m.conflicts, 6);
        assert_int_equal(f.m.phase_conflicts[3], 2);
        assert_int_equal(f.m.phase_conflicts[4], 4);
        close_fixture(&f);
        mo.contention = DN_CONTENTION_TIMED;
        assert_int_equal(setup(&f, "mesh:4x4", "binomial:4", &o, &err), DN_OK);
        assert_int_equal(dn_metrics_compute(f.e, &mo, &f.m, &err), DN_OK);
        assert_int_equal(f.m.conflicts, 0);
        assert_int_equal(f.m.max_link_load, 1);
        assert_int_equal(f.m.congestion, 2); /* the run's total, whatever the mode */
        close_fixture(&f);
    }
    /* the metrics' scratch within opts.mem_limit (issue 27): timed counts
     * of B(12) placed at random on ring:8 keep the 2048 hops or more of the
     * last phase (over 16 KiB of lists); a limit of 4 KiB is refused before
     * they grow, naming the phase, and the default gives the counts */
    {
        fixture f;
        dn_err err;
        dn_metric_opts mo;
        dn_embed_opts o = opts("random");
        memset(&mo, 0, sizeof mo);
        mo.contention = DN_CONTENTION_TIMED;
        mo.mem_limit = 4096;
        assert_int_equal(setup(&f, "ring:8", "binomial:12", &o, &err), DN_OK);
        assert_int_equal(dn_metrics_compute(f.e, &mo, &f.m, &err), DN_ELIMIT);
        if (!strstr(err.msg, "of phase ") || !strstr(err.msg, "over the memory limit of 4.00 KiB"))
            fail_msg("message: %s", err.msg);
        mo.mem_limit = 0;
        assert_int_equal(dn_metrics_compute(f.e, &mo, &f.m, &err), DN_OK);
        assert_true(f.m.conflicts > 0);
        close_fixture(&f);
    }
    /* a deliberately bad mapping on a mesh: conflicts are really found */
    fixture f;
    dn_embed_opts o = opts("identity");
    open_fixture(&f, "mesh:8x8", "binomial:6", &o);
    assert_true(f.m.conflicts > 0);
    assert_true(f.m.max_link_load >= 2);
    close_fixture(&f);
}

/* --------------------------------------------------------------- meshes */

/* Route length of every edge for every root, against docs/spec/meshes.md. */
static void check_mesh_lengths(int k, const char *map, dn_dc_order order)
{
    char net[32], tree[32];
    const int64_t side = (int64_t)1 << k, N = side * side;
    snprintf(net, sizeof net, "mesh:%lldx%lld", (long long)side, (long long)side);
    snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
    int is_dc = strcmp(map, "dccube") == 0, is_refl = strcmp(map, "reflecting") == 0;
    for (int64_t root = 0; root < N; root++) {
        fixture f;
        dn_embed_opts o = opts(map);
        o.order = order;
        o.root = root;
        open_fixture(&f, net, tree, &o);
        assert_int_equal(dn_embed_place(f.e, 0), root);
        assert_int_equal(f.m.load_max, 1);
        for (int64_t v = 1; v < N; v++) {
            const int64_t *p;
            int64_t h;
            dn_err err;
            assert_int_equal(dn_embed_route(f.e, v, &p, &h, &err), DN_OK);
            int step = dn_tree_recv_phase(&f.tree, v);
            int d = dn_embed_step_dim(f.e, step), j = d % k, col_dim = d < k;
            int64_t src = p[0], dst = p[h];
            int64_t want;
            if (is_dc) {
                want = (int64_t)1 << j; /* every edge of dimension d: 2^(d mod k) */
            } else {
                /* reflection of the sender's coordinate within its block of
                 * 2^(j+1): |2^(j+1) - 1 - 2 (c mod 2^(j+1))| */
                int64_t c = col_dim ? src % side : src / side, blk = (int64_t)1 << (j + 1);
                want = llabs(blk - 1 - 2 * (c % blk));
            }
            if (h != want)
                fail_msg("%s k=%d root %lld task %lld: %lld hops, spec says %lld", map, k,
                         (long long)root, (long long)v, (long long)h, (long long)want);
            /* straight along one axis */
            assert_true(col_dim ? src / side == dst / side : src % side == dst % side);
        }
        /* conflict-freedom: wormhole order DC-cube and reflecting always;
         * ascending DC-cube never for k >= 2 */
        if ((is_dc && order == DN_ORDER_DESC) || is_refl)
            assert_int_equal(f.m.conflicts, 0);
        if (is_dc && order == DN_ORDER_ASC && k >= 2)
            assert_true(f.m.conflicts > 0);
        close_fixture(&f);
    }
}

static void test_mesh_mappings_all_roots(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; k++) {
        check_mesh_lengths(k, "dccube", DN_ORDER_PAIRED);
        check_mesh_lengths(k, "dccube", DN_ORDER_ASC);
        check_mesh_lengths(k, "dccube", DN_ORDER_DESC);
        check_mesh_lengths(k, "reflecting", DN_ORDER_DEFAULT);
    }
}

static void test_dccube_same_cost_every_root(void **state)
{
    (void)state;
    /* XOR relabelling: identical dilation and contention from every root */
    for (int k = 2; k <= 4; k++) {
        char net[32], tree[32];
        int64_t side = (int64_t)1 << k;
        snprintf(net, sizeof net, "mesh:%lldx%lld", (long long)side, (long long)side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        int64_t total0 = -1, conf0 = -1;
        for (int64_t root = 0; root < side * side; root++) {
            fixture f;
            dn_embed_opts o = opts("dccube");
            o.root = root;
            open_fixture(&f, net, tree, &o);
            if (total0 < 0) {
                total0 = f.m.dil_total;
                conf0 = f.m.conflicts;
            }
            assert_int_equal(f.m.dil_total, total0);
            assert_int_equal(f.m.conflicts, conf0);
            close_fixture(&f);
        }
        /* paired order: dimension pairs of lengths 1, 2, 4, ...: total
         * = sum over steps t of 2^(t-1) senders times 2^(d_t mod k) */
        int64_t want = 0;
        for (int t = 1; t <= 2 * k; t++)
            want += ((int64_t)1 << (t - 1)) * ((int64_t)1 << ((t - 1) / 2));
        assert_int_equal(total0, want);
    }
}

/* reflecting-nd and growing-nd (issue 31, item 4):
 *  - on 2^K x 2^K meshes and tori with binomial:2K, K = 1..4, they place
 *    every task where reflecting and growing do, from the default root and
 *    from every 5th processor as the root;
 *  - B(6) on mesh:4x4x4 (a field of 2 bits a dimension): reflecting-nd's
 *    steps 1-3 flip the fields' top bits (Gray 00 <-> 10, coordinates 0
 *    and 3: 3 hops) for 1 + 2 + 4 edges, steps 4-6 a low bit (1 hop) for
 *    8 + 16 + 32: 77 hops; growing-nd's moves are all of length 1 when a
 *    dimension has 2 bits: 63, every edge one hop;
 *  - B(7) on torus:8x8x8: the box 4x4x8 (bits to the last dimension
 *    first), every task inside it, one a processor; with a root the box
 *    holds it and task 0 sits on it;
 *  - refused: not a grid, not a binomial tree, too large for any box. */
static void test_box_mappings(void **state)
{
    (void)state;
    const char *const pairs[2][2] = {{"reflecting", "reflecting-nd"}, {"growing", "growing-nd"}};
    for (int K = 1; K <= 4; K++)
        for (int torus = 0; torus < 2; torus++) {
            char net[32], tree[32];
            snprintf(net, sizeof net, "%s:%dx%d", torus ? "torus" : "mesh", 1 << K, 1 << K);
            snprintf(tree, sizeof tree, "binomial:%d", 2 * K);
            const int64_t P = (int64_t)1 << (2 * K);
            for (int m = 0; m < 2; m++)
                for (int64_t root = -1; root < P; root += 5) {
                    fixture a, b;
                    dn_embed_opts oa = opts(pairs[m][0]), ob = opts(pairs[m][1]);
                    oa.root = ob.root = root;
                    open_fixture(&a, net, tree, &oa);
                    open_fixture(&b, net, tree, &ob);
                    for (int64_t v = 0; v < P; v++)
                        if (dn_embed_place(a.e, v) != dn_embed_place(b.e, v))
                            fail_msg("%s and %s differ on %s root %lld at task %lld",
                                     pairs[m][0], pairs[m][1], net, (long long)root,
                                     (long long)v);
                    assert_int_equal(a.m.dil_total, b.m.dil_total);
                    close_fixture(&a);
                    close_fixture(&b);
                }
        }
    fixture f;
    dn_embed_opts o = opts("reflecting-nd");
    open_fixture(&f, "mesh:4x4x4", "binomial:6", &o);
    assert_int_equal(f.m.dil_total, 3 * 7 + 1 * 56);
    assert_int_equal(f.m.load_max, 1);
    close_fixture(&f);
    o = opts("growing-nd");
    open_fixture(&f, "mesh:4x4x4", "binomial:6", &o);
    assert_int_equal(f.m.dil_total, 63);
    close_fixture(&f);
    for (int m = 0; m < 2; m++)
        for (int64_t root = -1; root < 512; root += 97) {
            o = opts(pairs[m][1]);
            o.root = root;
            open_fixture(&f, "torus:8x8x8", "binomial:7", &o);
            char *seen = calloc(512, 1);
            assert_non_null(seen);
            const int64_t r0 = dn_embed_place(f.e, 0);
            for (int64_t v = 0; v < 128; v++) {
                int64_t p = dn_embed_place(f.e, v);
                assert_int_equal(seen[p], 0);
                seen[p] = 1;
                /* the box 4 x 4 x 8 holding the root's processor */
                assert_int_equal(p / 64 / 4, r0 / 64 / 4);
                assert_int_equal(p / 8 % 8 / 4, r0 / 8 % 8 / 4);
            }
            if (root >= 0)
                assert_int_equal(r0, root);
            else
                assert_true(r0 / 64 < 4 && r0 / 8 % 8 < 4);
            free(seen);
            close_fixture(&f);
        }
    dn_err err;
    o = opts("reflecting-nd");
    assert_int_equal(setup(&f, "fattree:4:3", "binomial:6", &o, &err), DN_EINVAL);
    close_fixture(&f);
    assert_int_equal(setup(&f, "mesh:4x4x4", "cbt:3", &o, &err), DN_EINVAL);
    close_fixture(&f);
    assert_int_equal(setup(&f, "mesh:6x6", "binomial:5", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "binomial:4 or less"));
    close_fixture(&f);
    o = opts("growing-nd");
    open_fixture(&f, "mesh:6x6", "binomial:4", &o); /* a 4x4 box inside 6x6 */
    assert_int_equal(f.m.load_max, 1);
    close_fixture(&f);
    o.approach = 'b';
    assert_int_equal(setup(&f, "mesh:4x4", "binomial:4", &o, &err), DN_EINVAL);
    close_fixture(&f);
}

/* Issue 20: the DC-cube as the hypercube embedding on 2^a x 2^b x ...,
 * and the seed's mesh mappings on every 2-D face of a 3-D mesh or torus. */
static void test_mesh_mappings_nd(void **state)
{
    (void)state;
    /* on 2^k x 2^k the generalised orders are docs/spec/meshes.md's */
    for (int k = 1; k <= 4; k++) {
        char net[32], tree[32];
        snprintf(net, sizeof net, "mesh:%dx%d", 1 << k, 1 << k);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        const dn_dc_order ords[] = {DN_ORDER_PAIRED, DN_ORDER_ASC, DN_ORDER_DESC};
        for (int oi = 0; oi < 3; oi++) {
            fixture f;
            dn_embed_opts o = opts("dccube");
            o.order = ords[oi];
            open_fixture(&f, net, tree, &o);
            for (int t = 0; t < 2 * k; t++) {
                int want = ords[oi] == DN_ORDER_ASC      ? t
                           : ords[oi] == DN_ORDER_PAIRED ? t / 2 + (t % 2 ? k : 0)
                                                         : k - 1 - t / 2 + (t % 2 ? k : 0);
                assert_int_equal(dn_embed_step_dim(f.e, t + 1), want);
            }
            close_fixture(&f);
        }
    }
    /* whole grids of 2 to 4 dimensions: a bijection; every edge runs
     * straight along the side its label bit belongs to, 2^(bit within the
     * side) hops; the total is the closed form; desc is conflict-free */
    static const struct {
        const char *net;
        int d, a[4];
    } grids[] = {{"mesh:8x4", 2, {3, 2}},         {"mesh:4x2x8", 3, {2, 1, 3}},
                 {"torus:2x4x4x2", 4, {1, 2, 2, 1}}, {"torus:8x8x8", 3, {3, 3, 3}},
                 {"mesh:2x2x2", 3, {1, 1, 1}}};
    for (size_t gi = 0; gi < sizeof grids / sizeof grids[0]; gi++) {
        int n = 0, off[4];
        for (int i = grids[gi].d - 1; i >= 0; i--) {
            off[i] = n;
            n += grids[gi].a[i];
        }
        char tree[32];
        snprintf(tree, sizeof tree, "binomial:%d", n);
        for (int oi = 0; oi < 3; oi++) {
            fixture f;
            dn_embed_opts o = opts("dccube");
            o.order = oi == 0 ? DN_ORDER_PAIRED : oi == 1 ? DN_ORDER_ASC : DN_ORDER_DESC;
            o.root = 5;
            open_fixture(&f, grids[gi].net, tree, &o);
            assert_int_equal(f.m.load_max, 1);
            assert_int_equal(dn_embed_place(f.e, 0), 5);
            int64_t want_total = 0;
            for (int64_t v = 1; v < f.tree.nodes; v++) {
                const int64_t *p;
                int64_t h;
                dn_err err;
                assert_int_equal(dn_embed_route(f.e, v, &p, &h, &err), DN_OK);
                int bit = dn_embed_step_dim(f.e, dn_tree_recv_phase(&f.tree, v)), side = 0;
                while (!(bit >= off[side] && bit < off[side] + grids[gi].a[side]))
                    side++;
                const int64_t len = (int64_t)1 << (bit - off[side]);
                assert_int_equal(h, len);
                want_total += len;
                /* only the side's own bits of the node id change */
                uint64_t other = ~(((uint64_t)1 << (off[side] + grids[gi].a[side])) -
                                   ((uint64_t)1 << off[side]));
                assert_true((((uint64_t)p[0] ^ (uint64_t)p[h]) & other) == 0);
            }
            assert_int_equal(f.m.dil_total, want_total);
            if (o.order == DN_ORDER_DESC)
                assert_int_equal(f.m.conflicts, 0);
            close_fixture(&f);
        }
    }
    /* every ordered face (I, J) of mesh:4x4x4 and torus:4x4x4, every root:
     * each task sits on the face through the root, where the 2-D mapping
     * from the root's (coordinate I, coordinate J) puts it */
    static const char *const maps[] = {"dccube", "reflecting", "growing", "growing"};
    for (int wrap = 0; wrap < 2; wrap++) {
        const char *net3 = wrap ? "torus:4x4x4" : "mesh:4x4x4";
        const char *net2 = wrap ? "torus:4x4" : "mesh:4x4";
        for (int mi = 0; mi < 4; mi++)
            for (int fi = 0; fi < 3; fi++)
                for (int fj = 0; fj < 3; fj++) {
                    if (fi == fj)
                        continue;
                    for (int64_t root = 0; root < 64; root += 3) {
                        const int64_t c[3] = {root / 16, root / 4 % 4, root % 4};
                        fixture f3, f2;
                        dn_embed_opts o = opts(maps[mi]);
                        o.approach = mi == 3 ? 'b' : 0;
                        o.root = root;
                        o.face_set = 1;
                        o.face[0] = fi;
                        o.face[1] = fj;
                        open_fixture(&f3, net3, "binomial:4", &o);
                        o.face_set = 0;
                        o.root = c[fi] * 4 + c[fj];
                        open_fixture(&f2, net2, "binomial:4", &o);
                        for (int64_t v = 0; v < 16; v++) {
                            int64_t p3 = dn_embed_place(f3.e, v), p2 = dn_embed_place(f2.e, v);
                            int64_t want[3] = {c[0], c[1], c[2]};
                            want[fi] = p2 / 4;
                            want[fj] = p2 % 4;
                            assert_int_equal(p3, want[0] * 16 + want[1] * 4 + want[2]);
                        }
                        assert_int_equal(f3.m.dil_total, f2.m.dil_total);
                        assert_int_equal(f3.m.dil_max, f2.m.dil_max);
                        assert_int_equal(dn_embed_pre_route(f3.e, NULL, NULL),
                                         dn_embed_pre_route(f2.e, NULL, NULL));
                        if (fi < fj) /* dimension order kept: the same routes */
                            assert_int_equal(f3.m.conflicts, f2.m.conflicts);
                        close_fixture(&f3);
                        close_fixture(&f2);
                    }
                }
    }
    /* errors: a face that is not 2^K x 2^K, a face on another mapping */
    dn_err err;
    fixture f;
    dn_embed_opts o = opts("reflecting");
    assert_int_not_equal(setup(&f, "mesh:4x8x4", "binomial:4", &o, &err), 0);
    assert_non_null(strstr(err.msg, "a 2^K x 2^K face I,J"));
    assert_null(strstr(err.msg, "--"));
    assert_string_equal(err.param, "map net tree face");
    dn_embed_free(f.e);
    dn_tree_free(&f.tree);
    dn_net_free(&f.net);
    o.face_set = 1;
    o.face[0] = 0;
    o.face[1] = 2;
    assert_int_equal(setup(&f, "mesh:4x8x4", "binomial:4", &o, &err), DN_OK);
    close_fixture(&f);
    o = opts("greedy");
    o.face_set = 1;
    o.face[1] = 1;
    assert_int_equal(setup(&f, "mesh:4x4x4", "binomial:4", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "a face applies to mappings dccube, xor, reflecting"));
    assert_null(strstr(err.msg, "--"));
    assert_string_equal(err.param, "face map");
    dn_embed_free(f.e);
    dn_tree_free(&f.tree);
    dn_net_free(&f.net);
    o = opts("dccube");
    assert_int_equal(setup(&f, "mesh:4x3x4", "binomial:4", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "powers of two"));
    dn_embed_free(f.e);
    dn_tree_free(&f.tree);
    dn_net_free(&f.net);
}

static void test_growing(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; k++) {
        char net[32], tree[32];
        const int64_t side = (int64_t)1 << k, N = side * side;
        snprintf(net, sizeof net, "mesh:%lldx%lld", (long long)side, (long long)side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        fixture f;
        dn_embed_opts o = opts("growing");
        open_fixture(&f, net, tree, &o);
        int64_t c0 = side / 2 - 1;
        assert_int_equal(dn_embed_place(f.e, 0), c0 * side + c0);
        assert_int_equal(f.m.load_max, 1); /* a bijection onto the mesh */
        /* distances 1, 1, 1, 1, 2, 2, 4, 4, ... by step */
        for (int64_t v = 1; v < N; v++) {
            const int64_t *p;
            int64_t h;
            dn_err err;
            assert_int_equal(dn_embed_route(f.e, v, &p, &h, &err), DN_OK);
            int step = dn_tree_recv_phase(&f.tree, v), move = (step - 1) / 2;
            int64_t want = move <= 1 ? 1 : (int64_t)1 << (move - 1);
            assert_int_equal(h, want);
        }
        /* docs/embeddings.md: Growing is not contention-free under
         * dcnet's move rule, e.g. 24 conflicting pairs on the 8 x 8 mesh */
        if (k == 3)
            assert_int_equal(f.m.conflicts, 24);
        close_fixture(&f);
        /* approach a puts the root anywhere; approach b moves there first */
        for (int64_t root = 0; root < N; root += 3) {
            o = opts("growing");
            o.root = root;
            open_fixture(&f, net, tree, &o);
            assert_int_equal(dn_embed_place(f.e, 0), root);
            assert_int_equal(f.m.load_max, 1);
            close_fixture(&f);
            o.approach = 'b';
            open_fixture(&f, net, tree, &o);
            assert_int_equal(dn_embed_place(f.e, 0), c0 * side + c0);
            int64_t dr = root / side - c0, dc = root % side - c0;
            assert_int_equal(dn_embed_pre_route(f.e, NULL, NULL), llabs(dr) + llabs(dc));
            close_fixture(&f);
        }
    }
}

static void test_hypercube_binomial(void **state)
{
    (void)state;
    for (int d = 1; d <= 8; d++) {
        char net[32], tree[32];
        snprintf(net, sizeof net, "hypercube:%d", d);
        snprintf(tree, sizeof tree, "binomial:%d", d);
        for (int64_t root = 0; root < ((int64_t)1 << d); root += 5) {
            fixture f;
            dn_embed_opts o = opts("binomial");
            o.root = root;
            open_fixture(&f, net, tree, &o);
            assert_int_equal(dn_embed_place(f.e, 0), root);
            assert_int_equal(f.m.load_max, 1);
            assert_int_equal(f.m.dil_max, 1);
            assert_int_equal(f.m.conflicts, 0);
            assert_int_equal(f.m.lb_total, 0); /* no task has more children than d */
            close_fixture(&f);
        }
    }
}

/* ------------------------------------------------------ MPI's trees */

static void metrics_equal(const dn_metrics *a, const dn_metrics *b, const char *what)
{
    if (a->dil_max != b->dil_max || a->dil_total != b->dil_total ||
        a->conflicts != b->conflicts || a->max_link_load != b->max_link_load ||
        a->congestion != b->congestion || a->load_max != b->load_max ||
        a->homogeneous != b->homogeneous)
        fail_msg("%s: dilation %lld/%lld, conflicts %lld, max link %lld, congestion %lld, "
                 "load %lld against %lld/%lld, %lld, %lld, %lld, %lld",
                 what, (long long)a->dil_max, (long long)a->dil_total, (long long)a->conflicts,
                 (long long)a->max_link_load, (long long)a->congestion,
                 (long long)a->load_max, (long long)b->dil_max, (long long)b->dil_total,
                 (long long)b->conflicts, (long long)b->max_link_load,
                 (long long)b->congestion, (long long)b->load_max);
}

static void test_mpi_trees_through_binomial(void **state)
{
    static const struct {
        const char *net, *map;
        int n;
    } cases[] = {
        {"debruijn:4", "zrl", 4},      {"debruijn:7", "zrl", 7},   {"ddb:5", "zrl", 5},
        {"kautz:2:5", "zrl", 4},       {"hypercube:6", "binomial", 6},
        {"mesh:8x8", "dccube", 6},     {"torus:4x8", "dccube", 5}, {"mesh:8x8", "reflecting", 6},
        {"mesh:8x8", "growing", 6},
    };
    (void)state;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char bin[32], what[160];
        fixture fb;
        dn_embed_opts o = opts(cases[c].map);
        snprintf(bin, sizeof bin, "binomial:%d", cases[c].n);
        open_fixture(&fb, cases[c].net, bin, &o);
        for (int k = 0; k < 2; k++) {
            char mpi[40];
            fixture fm;
            snprintf(mpi, sizeof mpi, "%s-bcast:%d%s", k ? "mpich" : "ompi", 1 << cases[c].n, k ? "" : "@binomial");
            snprintf(what, sizeof what, "--map %s on %s: %s against %s", cases[c].map,
                     cases[c].net, mpi, bin);
            open_fixture(&fm, cases[c].net, mpi, &o);
            metrics_equal(&fm.m, &fb.m, what);
            /* every task where B(n)'s task of the same place in the tree is */
            for (int64_t v = 0; v < fm.tree.nodes; v++)
                assert_int_equal(dn_embed_place(fm.e, v),
                                 dn_embed_place(fb.e, dn_tree_binomial_id(&fm.tree, v)));
            close_fixture(&fm);
        }
        close_fixture(&fb);
    }
    /* a rank count that is not a power of two has no B(n) to go through */
    fixture f;
    dn_err err;
    dn_embed_opts o = opts("zrl");
    assert_int_equal(setup(&f, "debruijn:4", "ompi-bcast:12@binomial", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "needs tree binomial:4 (or MPI's ompi-bcast:16@binomial or "
                                    "mpich-bcast:16)"));
    assert_null(strstr(err.msg, "--"));
    assert_string_equal(err.param, "map tree");
    close_fixture(&f);
}

/* Identity on hypercube:d: in both MPI trees a task and its parent differ
 * in one bit (the highest, resp. the lowest), so every edge is one hop;
 * seed 000's numbering is not (task 1 -> 6 is 001 -> 110, three hops). */
static void test_mpi_trees_identity_hypercube(void **state)
{
    (void)state;
    for (int d = 1; d <= 8; d++) {
        char net[32], tree[40];
        snprintf(net, sizeof net, "hypercube:%d", d);
        for (int k = 0; k < 2; k++) {
            fixture f;
            dn_embed_opts o = opts("identity");
            snprintf(tree, sizeof tree, "%s-bcast:%d%s", k ? "mpich" : "ompi", 1 << d, k ? "" : "@binomial");
            open_fixture(&f, net, tree, &o);
            assert_int_equal(f.m.dil_max, 1);
            assert_int_equal(f.m.dil_total, ((int64_t)1 << d) - 1);
            close_fixture(&f);
        }
    }
    fixture f;
    dn_embed_opts o = opts("identity");
    open_fixture(&f, "hypercube:3", "binomial:3", &o);
    assert_int_equal(f.m.dil_max, 3);
    close_fixture(&f);
    /* an MPI tree's root rank R: identity puts rank r = (v + R) mod P on
     * processor r (MPI's default layout), also when P < N; --root Q moves
     * the root task to Q: rank r on (r + Q - R) mod N */
    open_fixture(&f, "ring:8", "mpich-bcast:6:2", &o);
    for (int64_t v = 0; v < 6; v++)
        assert_int_equal(dn_embed_place(f.e, v), (v + 2) % 6);
    assert_int_equal(dn_embed_root(f.e), 2);
    close_fixture(&f);
    o.root = 7;
    open_fixture(&f, "ring:8", "ompi-bcast:6:2@binomial", &o);
    for (int64_t v = 0; v < 6; v++)
        assert_int_equal(dn_embed_place(f.e, v), ((v + 2) % 6 + 5) % 8);
    assert_int_equal(dn_embed_root(f.e), 7);
    close_fixture(&f);
}

/* The library's tree of P ranks (root 0) as a CSV tree file, rows in BFS
 * order so that children keep the send order: Open MPI 4.1's
 * ompi_coll_base_topo_build_bmtree (children index ^ mask, mask from the
 * power of two above index while below P) or MPICH's
 * MPIR_Bcast_intra_binomial (sends to rank + mask, mask from below the
 * lowest set bit down to 1, while below P). */
static char *mpi_tree_csv(int ompi, int P)
{
    char *buf = malloc((size_t)P * 24 + 32);
    int *queue = malloc((size_t)P * sizeof *queue), head = 0, tail = 0;
    size_t len = (size_t)sprintf(buf, "id,parent\n0,\n");
    queue[tail++] = 0;
    while (head < tail) {
        int r = queue[head++], kids[64], nk = 0, mask = 1;
        if (ompi) {
            while (mask <= r)
                mask <<= 1;
            for (; mask < P && (r ^ mask) < P; mask <<= 1)
                kids[nk++] = r ^ mask;
        } else {
            while (mask < P && !(r & mask))
                mask <<= 1;
            for (mask >>= 1; mask > 0; mask >>= 1)
                if (r + mask < P)
                    kids[nk++] = r + mask;
        }
        for (int i = 0; i < nk; i++) {
            len += (size_t)sprintf(buf + len, "%d,%d\n", kids[i], r);
            queue[tail++] = kids[i];
        }
    }
    free(queue);
    return buf;
}

static void test_mpi_trees_as_files(void **state)
{
    /* fattree:4:3 with 64 ranks placed by identity (issue 29): MPICH's
     * numbering 162 hops (2.57 a message) and no conflict, Open MPI's 342
     * (5.43) and 324 conflicts, seed 000's 342 and 228. The hops in closed
     * form: processors q and q + 2^j differing first in bit j are 2 hops
     * apart for j < 2 (one leaf switch), 4 for j < 4 (one pod), else 6.
     * MPICH's tree has 2^(5-j) edges of step 2^j: 2(32 + 16) + 4(8 + 4)
     * + 6(2 + 1) = 162; Open MPI's 2^j edges of step 2^j: 2(1 + 2) + 4(4 +
     * 8) + 6(16 + 32) = 342 */
    static const struct {
        const char *tree;
        int64_t total, conflicts;
    } fig[] = {{"mpich-bcast:64", 162, 0}, {"ompi-bcast:64@binomial", 342, 324}, {"binomial:6", 342, 228}};
    (void)state;
    for (int i = 0; i < 3; i++) {
        fixture f;
        dn_embed_opts o = opts("identity");
        open_fixture(&f, "fattree:4:3", fig[i].tree, &o);
        assert_int_equal(f.m.dil_total, fig[i].total);
        assert_int_equal(f.m.conflicts, fig[i].conflicts);
        close_fixture(&f);
    }
    static const struct {
        const char *net, *map;
        int P;
    } cases[] = {{"fattree:4:3", "identity", 64}, {"fattree:4:3", "greedy", 50},
                 {"torus:4x4x4", "identity", 64}, {"mesh:5x5", "identity", 23},
                 {"ring:12", "random", 37},       {"fattree:4:3", "identity", 63}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int k = 0; k < 2; k++) {
            char spec[40], what[160];
            dn_err err;
            fixture fb, ff;
            dn_embed_opts o = opts(cases[c].map);
            o.seed = 5;
            snprintf(spec, sizeof spec, "%s-bcast:%d%s", k ? "mpich" : "ompi", cases[c].P, k ? "" : "@binomial");
            open_fixture(&fb, cases[c].net, spec, &o);
            char *csv = mpi_tree_csv(!k, cases[c].P);
            memset(&ff, 0, sizeof ff);
            if (dn_net_init(&ff.net, cases[c].net, &err) ||
                dn_tree_parse(csv, strlen(csv), DN_TREE_FMT_CSV, 0, "mpi.csv", &ff.tree, &err) ||
                dn_embed_init(&ff.e, &ff.net, &ff.tree, &o, &err) ||
                dn_metrics_compute(ff.e, NULL, &ff.m, &err))
                fail_msg("%s as a file: %s", spec, err.msg);
            free(csv);
            snprintf(what, sizeof what, "%s by %s on %s, built in against the file", spec,
                     cases[c].map, cases[c].net);
            metrics_equal(&fb.m, &ff.m, what);
            for (int64_t v = 0; v < fb.tree.nodes; v++)
                assert_int_equal(dn_tree_recv_phase(&fb.tree, v), dn_tree_recv_phase(&ff.tree, v));
            close_fixture(&fb);
            close_fixture(&ff);
        }
}

/* Open MPI's tree is MPICH's with every rank's n bits reversed (the highest
 * set bit cleared <-> the lowest; nearest first <-> farthest first): so
 * ompi-bcast:2^n placed with rank r on processor rev(r) measures as
 * mpich-bcast:2^n placed by identity, on any network (docs/trees.md, the
 * example file examples/ompi-bcast64-bitrev.txt). */
static void test_mpi_trees_bit_reversal(void **state)
{
    static const struct {
        const char *net;
        int n;
    } cases[] = {{"fattree:4:3", 6}, {"torus:8x8", 6}, {"mesh:16x16", 8}, {"dragonfly:4:2:2", 5}};
    (void)state;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const int n = cases[c].n, P = 1 << n;
        char tree[40], what[120];
        int64_t *rev = malloc((size_t)P * sizeof *rev);
        for (int v = 0; v < P; v++) {
            rev[v] = 0;
            for (int b = 0; b < n; b++)
                if ((v >> b) & 1)
                    rev[v] |= (int64_t)1 << (n - 1 - b);
        }
        fixture fo, fm;
        dn_embed_opts o = opts("given"), id = opts("identity");
        o.place = rev;
        o.place_len = P;
        snprintf(tree, sizeof tree, "ompi-bcast:%d@binomial", P);
        open_fixture(&fo, cases[c].net, tree, &o);
        snprintf(tree, sizeof tree, "mpich-bcast:%d", P);
        open_fixture(&fm, cases[c].net, tree, &id);
        snprintf(what, sizeof what, "%s: Open MPI's bit-reversed against MPICH's identity",
                 cases[c].net);
        metrics_equal(&fo.m, &fm.m, what);
        close_fixture(&fo);
        close_fixture(&fm);
        free(rev);
    }
}

/* ------------------------------------------------------------ Sneptrees */

static void check_sneptree_homogeneous(const char *net, int n)
{
    for (int depth = 1; depth <= 3 * (n + 1); depth++) {
        char tree[32];
        snprintf(tree, sizeof tree, "cbt:%d", depth);
        fixture f;
        dn_embed_opts o = opts("sneptree");
        open_fixture(&f, net, tree, &o);
        if (!f.m.homogeneous)
            fail_msg("%s with %s: not homogeneous (spread %lld)", net, tree,
                     (long long)f.m.depth_spread);
        assert_int_equal(f.m.dil_max, 1);
        /* seed 004: the count at depth d on a cell depends on its height
         * only; recount independently per (depth, cell) */
        const int64_t C = f.net.n;
        int64_t *cnt = calloc((size_t)(C * (depth + 1)), sizeof *cnt);
        for (int64_t v = 0; v < f.tree.nodes; v++)
            cnt[dn_tree_depth(&f.tree, v) * C + dn_embed_place(f.e, v)]++;
        for (int d = 0; d <= depth; d++) {
            int64_t mn = INT64_MAX, mx = 0;
            for (int64_t c = 0; c < C; c++) {
                int64_t x = cnt[d * C + c];
                mn = x < mn ? x : mn;
                mx = x > mx ? x : mx;
                /* same height, same count */
                int64_t first = ((int64_t)1 << dn_sneptree_level(c)) - 1;
                assert_int_equal(x, cnt[d * C + first]);
            }
            assert_true(mx - mn <= 1);
            assert_int_equal(f.m.depth_max[d], mx);
            assert_int_equal(f.m.depth_min[d], mn);
        }
        free(cnt);
        close_fixture(&f);
    }
}

/* Seed 004 section 2, typed from the paper: with M levels of cells, a cell
 * at height m holds k(m, d) computation nodes of depth d,
 *   k(0, 0) = 1, k(m, 0) = 0 (m > 0), k(m, d) = k(m-1, d-1) + k(M-1, d-1)
 * (m - 1 read as M - 1 for m = 0), and s(m, d) = sum_{j <= d} k(m, j);
 * homogeneity: k(m, d) = c_d + [m = i_d], s(m, d) = 2 c_d + [m <= i_d],
 * with i_d = d mod M, c_0 = 0, c_(d+1) = 2 c_d + [d mod M = M - 1].
 * Checked against the counts of the mapping for every cell and depth,
 * on S_n, T_n and random Sneptrees. */
static void check_sneptree_closed_forms(const char *net, int n, int depth)
{
    const int M = n + 1;
    char tree[32];
    snprintf(tree, sizeof tree, "cbt:%d", depth);
    fixture f;
    dn_embed_opts o = opts("sneptree");
    open_fixture(&f, net, tree, &o);
    const int64_t C = f.net.n;
    assert_int_equal(C, ((int64_t)1 << M) - 1);
    int64_t *cnt = calloc((size_t)(C * (depth + 1)), sizeof *cnt);
    int64_t *k = calloc((size_t)(M * (depth + 1)), sizeof *k);
    assert_non_null(cnt);
    assert_non_null(k);
    for (int64_t v = 0; v < f.tree.nodes; v++)
        cnt[dn_tree_depth(&f.tree, v) * C + dn_embed_place(f.e, v)]++;
    k[0] = 1; /* k(0, 0); k(m, 0) = 0 */
    for (int d = 1; d <= depth; d++)
        for (int m = 0; m < M; m++)
            k[d * M + m] = k[(d - 1) * M + (m ? m - 1 : M - 1)] + k[(d - 1) * M + M - 1];
    int64_t c = 0; /* c_d */
    for (int d = 0; d <= depth; d++) {
        const int i = d % M;
        for (int64_t cell = 0; cell < C; cell++) {
            const int m = dn_sneptree_level(cell);
            int64_t sum = 0;
            for (int j = 0; j <= d; j++)
                sum += cnt[j * C + cell];
            if (cnt[d * C + cell] != k[d * M + m] || k[d * M + m] != c + (m == i) ||
                sum != 2 * c + (m <= i))
                fail_msg("%s %s cell %lld (height %d) depth %d: %lld nodes, k %lld, c %lld, "
                         "i %d, s %lld",
                         net, tree, (long long)cell, m, d, (long long)cnt[d * C + cell],
                         (long long)k[d * M + m], (long long)c, i, (long long)sum);
        }
        c = 2 * c + (d % M == M - 1);
    }
    free(cnt);
    free(k);
    close_fixture(&f);
}

/* Seed 004 section 3: with the edges of one Hamiltonian circuit labelled
 * right and the other's left, right strings and left strings are spread
 * evenly too. A string of length L from the root cell follows one kind of
 * successor; checked directly: for every L up to three turns, the cells'
 * counts differ by at most one exactly when that walk is a Hamiltonian
 * circuit (always on S_n and T_n; a random joining may have none). */
static void check_sneptree_strings(const char *net, int must_be_even)
{
    dn_net g;
    dn_err err;
    assert_int_equal(dn_net_init(&g, net, &err), DN_OK);
    const int64_t C = g.n;
    int64_t *cnt = calloc((size_t)C, sizeof *cnt);
    int64_t *cells = calloc((size_t)C, sizeof *cells);
    assert_non_null(cnt);
    assert_non_null(cells);
    for (int side = 0; side < 2; side++) {
        memset(cnt, 0, (size_t)C * sizeof *cnt);
        int even = 1;
        int64_t cell = 0;
        for (int64_t L = 1; L <= 3 * C; L++) {
            cnt[cell]++;
            int64_t mn = INT64_MAX, mx = 0;
            for (int64_t x = 0; x < C; x++) {
                mn = cnt[x] < mn ? cnt[x] : mn;
                mx = cnt[x] > mx ? cnt[x] : mx;
            }
            even &= mx - mn <= 1;
            cell = dn_sneptree_succ(&g, cell, side);
        }
        const int hamiltonian = dn_sneptree_circuit(&g, side, cells, &err) == DN_OK;
        if (even != hamiltonian || (must_be_even && !even))
            fail_msg("%s side %d: strings even %d, Hamiltonian circuit %d", net, side, even,
                     hamiltonian);
    }
    free(cnt);
    free(cells);
    dn_net_free(&g);
}

static void test_sneptree_closed_forms(void **state)
{
    (void)state;
    char spec[48];
    int random_uneven = 0;
    for (int n = 1; n <= 4; n++) {
        const int depth = 3 * (n + 1) + 1;
        snprintf(spec, sizeof spec, "sneptree-s:%d", n);
        check_sneptree_closed_forms(spec, n, depth);
        check_sneptree_strings(spec, 1);
        snprintf(spec, sizeof spec, "sneptree-t:%d", n);
        check_sneptree_closed_forms(spec, n, depth);
        check_sneptree_strings(spec, 1);
        for (int seed = 1; seed <= 4; seed++) {
            snprintf(spec, sizeof spec, "sneptree:%d:%d", n, seed);
            check_sneptree_closed_forms(spec, n, depth);
            check_sneptree_strings(spec, 0);
            /* count the random joinings whose right walk misses cells */
            dn_net g;
            dn_err err;
            assert_int_equal(dn_net_init(&g, spec, &err), DN_OK);
            int64_t *cells = calloc((size_t)g.n, sizeof *cells);
            random_uneven += dn_sneptree_circuit(&g, 1, cells, &err) != DN_OK;
            free(cells);
            dn_net_free(&g);
        }
    }
    /* the closed forms at M = 3 by hand: c = 0, 0, 0, 1, 2, 4, 9, 18 (the
     * 2^d nodes of depth d: 7 c_d + 2^(i_d), the cells at height i_d holding
     * one more: 8 = 7 + 1 at d = 3, 128 = 126 + 2 at d = 7) */
    static const int64_t c3[] = {0, 0, 0, 1, 2, 4, 9, 18};
    int64_t c = 0;
    for (int d = 0; d < 8; d++) {
        assert_int_equal(c, c3[d]);
        c = 2 * c + (d % 3 == 2);
    }
    /* the string check can fail: some random joinings lack the circuit */
    assert_true(random_uneven > 0);
}

static void test_sneptree_homogeneous(void **state)
{
    (void)state;
    char spec[48];
    for (int n = 1; n <= 4; n++) {
        snprintf(spec, sizeof spec, "sneptree-s:%d", n);
        check_sneptree_homogeneous(spec, n);
        snprintf(spec, sizeof spec, "sneptree-t:%d", n);
        check_sneptree_homogeneous(spec, n);
        for (int seed = 1; seed <= 3; seed++) {
            snprintf(spec, sizeof spec, "sneptree:%d:%d", n, seed);
            check_sneptree_homogeneous(spec, n);
        }
    }
    /* strings: complete:1:H is a left string; it walks H2 and so spreads
     * evenly (S_n has H2 Hamiltonian) */
    fixture f;
    dn_embed_opts o = opts("sneptree");
    open_fixture(&f, "sneptree-s:3", "complete:1:44", &o);
    assert_int_equal(f.m.load_min, 3);
    assert_int_equal(f.m.load_max, 3);
    close_fixture(&f);
    /* wrong network, wrong tree */
    dn_err err;
    assert_int_equal(setup(&f, "debruijn:3", "cbt:3", &o, &err), DN_EINVAL);
    close_fixture(&f);
    assert_int_equal(setup(&f, "sneptree-s:2", "complete:3:2", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "binary"));
    close_fixture(&f);
}

/* ------------------------------------------------- Property 3.1 (cbt) */

/* Seed 000 Property 3.1: four complete binary trees CBT(k) (k levels) in
 * BDG(k). Checked from the paper's strings: in the left-shift tree of
 * root xbar^(k-1) x the node at depth d is xbar^(k-1-d) x z, z its d path
 * bits (0 left, 1 right); its leaves are the strings whose leftmost bit is
 * x, and the one string the tree misses is xbar^k. The right-shift trees
 * are the mirror images (bit strings reversed). Every tree edge is a link
 * of BDG(k): dilation 1, one task per processor. */
static uint64_t rev_bits(uint64_t v, int bits)
{
    uint64_t r = 0;
    for (int i = 0; i < bits; i++)
        r |= ((v >> i) & 1) << (bits - 1 - i);
    return r;
}

static void test_cbt_property31(void **state)
{
    (void)state;
    for (int k = 2; k <= 10; k++) {
        char net[32], tree[32];
        snprintf(net, sizeof net, "debruijn:%d", k);
        snprintf(tree, sizeof tree, "cbt:%d", k - 1);
        const uint64_t mask = ((uint64_t)1 << k) - 1;
        /* at k = 2 the right-shift roots 10 and 01 are the left-shift ones
         * (other trees, same roots): --root picks the left-shift tree */
        for (int variant = 0; variant < (k == 2 ? 2 : 4); variant++) {
            const uint64_t x = variant & 1 ? 0 : 1;
            const int right = variant >> 1;
            /* root xbar^(k-1) x, or reversed: x xbar^(k-1) */
            const uint64_t left_root = x ? 1 : mask - 1;
            const uint64_t root = right ? rev_bits(left_root, k) : left_root;
            fixture f;
            dn_embed_opts o = opts("cbt");
            o.root = variant ? (int64_t)root : -1; /* the default is 0^(k-1) 1 */
            open_fixture(&f, net, tree, &o);
            assert_int_equal(dn_embed_place(f.e, 0), (int64_t)root);
            assert_int_equal(f.m.load_max, 1);
            assert_int_equal(f.m.used, ((int64_t)1 << k) - 1);
            assert_int_equal(f.m.dil_max, 1);
            assert_int_equal(f.m.dil_total, f.tree.nodes - 1);
            for (int64_t v = 0; v < f.tree.nodes; v++) {
                const int d = dn_tree_depth(&f.tree, v);
                const uint64_t z = (uint64_t)v + 1 - ((uint64_t)1 << d);
                /* xbar^(k-1-d) x z */
                uint64_t s = (x ? 0 : (mask >> (d + 1)) << (d + 1)) | (x << d) | z;
                s &= mask;
                const uint64_t want = right ? rev_bits(s, k) : s;
                if ((uint64_t)dn_embed_place(f.e, v) != want)
                    fail_msg("k=%d variant %d task %lld: node %lld, the paper's string %llu", k,
                             variant, (long long)v, (long long)dn_embed_place(f.e, v),
                             (unsigned long long)want);
                if (d == k - 1) /* a leaf: leftmost (left trees) or rightmost bit is x */
                    assert_true((right ? want & 1 : want >> (k - 1)) == x);
                if (v > 0) /* the edge is a link */
                    assert_true(dn_csr_arc(dn_embed_graph(f.e),
                                           dn_embed_place(f.e, dn_tree_parent(&f.tree, v)),
                                           (int64_t)want) >= 0);
            }
            close_fixture(&f);
        }
    }
    /* the one processor left out is xbar^k: 0^k for the default tree */
    fixture f;
    dn_embed_opts o = opts("cbt");
    open_fixture(&f, "debruijn:6", "cbt:5", &o);
    for (int64_t v = 0; v < f.tree.nodes; v++)
        assert_true(dn_embed_place(f.e, v) != 0);
    close_fixture(&f);
    /* smaller trees are the top of CBT(k); wrong tree, network or root */
    open_fixture(&f, "debruijn:6", "cbt:3", &o);
    assert_int_equal(f.m.dil_max, 1);
    close_fixture(&f);
    dn_err err;
    assert_int_equal(setup(&f, "debruijn:5", "cbt:5", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "cbt:4"));
    close_fixture(&f);
    assert_int_equal(setup(&f, "ddb:5", "cbt:4", &o, &err), DN_EINVAL);
    close_fixture(&f);
    o.root = 3;
    assert_int_equal(setup(&f, "debruijn:5", "cbt:4", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "00001, 11110"));
    close_fixture(&f);
}

/* ------------------------------------------------- exhaustive search */

/* Brute force for dn_exact_search: every one-to-one placement of the
 * tree, tasks in id order, each on an unused processor; the least over
 * them of the largest distance between a task's and its parent's
 * processors. Distances by a BFS written here. No pruning: N!/(N-T)!
 * leaves, for N <= 9. */
typedef struct brute_place {
    int n, t, best;
    int dist[16][16], par[16], place[16], used[16];
} brute_place;

static void brute_rec(brute_place *b, int v, int worst)
{
    if (v == b->t) {
        b->best = worst < b->best ? worst : b->best;
        return;
    }
    for (int p = 0; p < b->n; p++) {
        if (b->used[p])
            continue;
        const int d = v > 0 ? b->dist[p][b->place[b->par[v]]] : 0;
        b->used[p] = 1;
        b->place[v] = p;
        brute_rec(b, v + 1, d > worst ? d : worst);
        b->used[p] = 0;
    }
}

static int brute_exact(const dn_csr *g, const dn_tree *t)
{
    brute_place b;
    memset(&b, 0, sizeof b);
    b.n = (int)g->n;
    b.t = (int)t->nodes;
    b.best = 1 << 20;
    for (int s = 0; s < b.n; s++) {
        int q[16], qh = 0, qt = 0;
        for (int x = 0; x < b.n; x++)
            b.dist[s][x] = 1 << 20;
        b.dist[s][s] = 0;
        q[qt++] = s;
        while (qh < qt) {
            const int u = q[qh++];
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
                if (b.dist[s][g->adj[a]] > b.dist[s][u] + 1) {
                    b.dist[s][g->adj[a]] = b.dist[s][u] + 1;
                    q[qt++] = g->adj[a];
                }
        }
    }
    for (int v = 1; v < b.t; v++)
        b.par[v] = (int)dn_tree_parent(t, v);
    brute_rec(&b, 0, 0);
    return b.best;
}

/* The witness is one-to-one and every edge within max_dil. */
static void check_witness(const dn_csr *g, const dn_tree *t, const int32_t *place, int max_dil)
{
    int64_t used[1024] = {0};
    for (int64_t v = 0; v < t->nodes; v++) {
        assert_true(place[v] >= 0 && place[v] < g->n);
        assert_int_equal(used[place[v]]++, 0);
        if (v == 0)
            continue;
        int64_t dist[1024], q[1024], qh = 0, qt = 0;
        for (int64_t x = 0; x < g->n; x++)
            dist[x] = -1;
        const int64_t src = place[dn_tree_parent(t, v)];
        dist[src] = 0;
        q[qt++] = src;
        while (qh < qt)
            for (int64_t u = q[qh++], a = g->off[u]; a < g->off[u + 1]; a++)
                if (dist[g->adj[a]] < 0) {
                    dist[g->adj[a]] = dist[u] + 1;
                    q[qt++] = g->adj[a];
                }
        assert_true(dist[place[v]] >= 1 && dist[place[v]] <= max_dil);
    }
}

/* Seed 000's open question for small n: dn_exact_search (every processor
 * as the root's image, and --map exact's one root per orbit of BDG(n)'s
 * complement and reversal) agrees with the brute force above on B(2),
 * B(3) and other small trees and networks; its witness is valid; a
 * search cut off by its node limit claims no optimum. */
static void test_exact_search(void **state)
{
    (void)state;
    const char *cases[][2] = {
        {"debruijn:2", "binomial:2"}, {"debruijn:3", "binomial:3"}, {"debruijn:3", "cbt:2"},
        {"debruijn:3", "complete:1:7"},     {"ring:8", "binomial:3"},     {"mesh:2x4", "binomial:3"},
        {"mesh:3x3", "cbt:2"},        {"mesh:3x3", "complete:4:1"}, {"hypercube:3", "binomial:3"},
        {"ring:9", "cbt:2"},          {"ring:9", "complete:3:1"},
        {"cbt:2", "complete:1:4"},    {"complete:6", "binomial:2"},   {"hypercube:3", "cbt:2"},
        {"mesh:2x4", "cbt:2"},        {"mesh:2x4", "complete:7:1"}, {"ring:9", "complete:8:1"},
    };
    int above_bound = 0; /* cases the search refutes beyond the shell bound */
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        fixture f;
        dn_embed_opts o = opts("exact");
        open_fixture(&f, cases[c][0], cases[c][1], &o);
        const dn_csr *g = dn_embed_graph(f.e);
        const int want = brute_exact(g, &f.tree);
        int64_t all[16];
        for (int64_t p = 0; p < g->n; p++)
            all[p] = p;
        dn_exact_result r;
        dn_err err;
        assert_int_equal(dn_exact_search(g, &f.tree, all, (int)g->n, 0, &r, &err), DN_OK);
        if (r.best != want || !r.settled || r.refuted != want - 1)
            fail_msg("%s on %s: search %d (refuted %d), brute force %d", cases[c][1],
                     cases[c][0], r.best, r.refuted, want);
        assert_true(r.lower_bound <= want);
        above_bound += r.lower_bound < want;
        check_witness(dn_embed_graph(f.e), &f.tree, r.place, want);
        dn_exact_result_free(&r);
        /* the mapping (orbit roots), measured by the metrics on shortest routes */
        dn_embed_search es;
        assert_int_equal(dn_embed_exact_search(f.e, &es), 1);
        assert_int_equal(es.best, want);
        assert_int_equal(es.refuted, want - 1);
        assert_int_equal(es.settled, 1);
        assert_true(es.lower_bound <= es.best && es.nodes >= 0 && es.roots >= 1);
        int32_t place[16];
        for (int64_t v = 0; v < f.tree.nodes; v++)
            place[v] = (int32_t)dn_embed_place(f.e, v);
        check_witness(dn_embed_graph(f.e), &f.tree, place, want);
        close_fixture(&f);
    }
    assert_int_equal(above_bound, 3); /* hypercube:3 and mesh:2x4 cbt:2, the 8-star */
    /* cut off: B(7) on BDG(7) needs 2 (548 nodes unlimited); with 5 nodes
     * per decision d = 2 is undecided, so no optimum is claimed, and the
     * witness found at a larger d is valid */
    fixture f;
    dn_embed_opts o = opts("exact");
    o.search_limit = 5;
    open_fixture(&f, "debruijn:7", "binomial:7", &o);
    dn_embed_search es;
    assert_int_equal(dn_embed_exact_search(f.e, &es), 1);
    assert_int_equal(es.refuted, 1);
    assert_true(es.best > 2);
    assert_int_equal(es.settled, 0);
    int32_t place[128];
    for (int64_t v = 0; v < f.tree.nodes; v++)
        place[v] = (int32_t)dn_embed_place(f.e, v);
    check_witness(dn_embed_graph(f.e), &f.tree, place, es.best);
    close_fixture(&f);
    /* refusals */
    dn_err err;
    assert_int_equal(setup(&f, "debruijn:3", "binomial:4", &o, &err), DN_ERANGE);
    assert_non_null(strstr(err.msg, "16 tasks on 8: debruijn:3"));
    close_fixture(&f);
}

/* ---------------------------------------------------- xor embedding */

/* Exhaustive search over the embeddings X of the a-cube onto the ring of
 * N = 2^a nodes (X(0) = 0 by rotation) whose hypercube dimensions have
 * constant ring distances c_0 .. c_(a-1): the least total sum c_j. */
typedef struct ring_search {
    int a, n, best;
    int x[32], used[32], c[8];
} ring_search;

static int ring_dist(int n, int p, int q)
{
    int d = ((p - q) % n + n) % n;
    return d < n - d ? d : n - d;
}

static void ring_rec(ring_search *r, int i, int sum)
{
    if (sum >= r->best)
        return;
    if (i == r->n) {
        r->best = sum;
        return;
    }
    for (int p = 0; p < r->n; p++) {
        if (r->used[p])
            continue;
        int ok = 1, set[8], ns = 0, add = 0;
        for (int j = 0; j < r->a && ok; j++) {
            const int k = i ^ (1 << j);
            if (k > i)
                continue;
            const int dd = ring_dist(r->n, p, r->x[k]);
            if (r->c[j] < 0) {
                r->c[j] = dd;
                set[ns++] = j;
                add += dd;
            } else {
                ok = r->c[j] == dd;
            }
        }
        if (ok) {
            r->x[i] = p;
            r->used[p] = 1;
            ring_rec(r, i + 1, sum + add);
            r->used[p] = 0;
        }
        for (int t = 0; t < ns; t++)
            r->c[set[t]] = -1;
    }
}

/* The xor embedding (seed 001's reference [1], reconstructed): per torus
 * side of 2^a, X(i) = i XOR (i_(a-1) 2^(a-2)). On the ring its distances
 * are 1, 2, .., 2^(a-2), 2^(a-2), the least total (3 2^(a-2) - 1) of any
 * constant-distance embedding (exhaustive search, a = 2..5); on the
 * 2^k x 2^k torus B(2k) in the paired order then has every step t of
 * dimension pair j = (t-1)/2 at distance c_j = 2^j (j < k-1), 2^(k-2)
 * (j = k-1), from every root, one task per processor. */
static void test_xor_embedding(void **state)
{
    (void)state;
    for (int a = 2; a <= 5; a++) {
        ring_search r;
        memset(&r, 0, sizeof r);
        r.a = a;
        r.n = 1 << a;
        r.best = 1 << 30;
        for (int j = 0; j < 8; j++)
            r.c[j] = -1;
        r.used[0] = 1;
        ring_rec(&r, 1, 0);
        assert_int_equal(r.best, 3 * (1 << (a - 2)) - 1);
        /* and X reaches it, with constant distances */
        int total = 0;
        for (int j = 0; j < a; j++) {
            int dj = -1;
            for (int i = 0; i < r.n; i++) {
                const int xi = i ^ (((i >> (a - 1)) & 1) << (a - 2));
                const int k = i ^ (1 << j), xk = k ^ (((k >> (a - 1)) & 1) << (a - 2));
                const int dd = ring_dist(r.n, xi, xk);
                assert_true(dj < 0 || dd == dj);
                dj = dd;
            }
            total += dj;
        }
        assert_int_equal(total, r.best);
    }
    for (int k = 2; k <= 5; k++) {
        const int side = 1 << k;
        char net[32], tree[32];
        snprintf(net, sizeof net, "torus:%dx%d", side, side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        int64_t total = 0;
        for (int t = 1; t <= 2 * k; t++) {
            const int j = (t - 1) / 2;
            total += ((int64_t)1 << (t - 1)) * (j < k - 1 ? 1 << j : 1 << (k - 2));
        }
        for (int64_t root = 0; root < side * side; root += k < 4 ? 1 : 13) {
            fixture f;
            dn_embed_opts o = opts("xor");
            o.root = root;
            open_fixture(&f, net, tree, &o);
            assert_int_equal(dn_embed_place(f.e, 0), root);
            assert_int_equal(f.m.load_max, 1);
            assert_int_equal(f.m.load_min, 1);
            assert_int_equal(f.m.dil_max, k == 2 ? 1 : 1 << (k - 2));
            if (f.m.dil_total != total)
                fail_msg("k=%d root %lld: total dilation %lld, closed form %lld", k,
                         (long long)root, (long long)f.m.dil_total, (long long)total);
            for (int64_t v = 1; v < f.tree.nodes; v++) { /* every edge: c_j of its step */
                const int t = dn_tree_recv_phase(&f.tree, v), j = (t - 1) / 2;
                const int64_t *p;
                int64_t h;
                dn_err err;
                assert_int_equal(dn_embed_route(f.e, v, &p, &h, &err), DN_OK);
                assert_int_equal(h, j < k - 1 ? 1 << j : 1 << (k - 2));
            }
            close_fixture(&f);
        }
    }
    /* the torus of more dimensions, and the errors */
    fixture f;
    dn_embed_opts o = opts("xor");
    open_fixture(&f, "torus:4x8x2", "binomial:6", &o);
    assert_int_equal(f.m.load_max, 1);
    assert_int_equal(f.m.dil_max, 2); /* the side of 8: 1, 2, 2 */
    close_fixture(&f);
    dn_err err;
    assert_int_equal(setup(&f, "mesh:8x8", "binomial:6", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "tori"));
    close_fixture(&f);
    assert_int_equal(setup(&f, "torus:8x8", "binomial:5", &o, &err), DN_EINVAL);
    close_fixture(&f);
}

/* ---------------------------------------------------------- lower bound */

static void test_lower_bound(void **state)
{
    (void)state;
    /* degree 4: shells of 4, 12, 36 processors */
    assert_true(dn_lower_bound_task(4, 4, 0) == 0);
    assert_true(dn_lower_bound_task(5, 4, 0) == 1);
    assert_true(dn_lower_bound_task(16, 4, 0) == 12);
    assert_true(dn_lower_bound_task(17, 4, 0) == 14);
    assert_true(dn_lower_bound_task(3, 2, 1) == 1); /* directed: 2, then 4 */
    /* for B(n) on degree 4 the exact sum is at least the seed's closed form
     * and tends to 1/16 per edge */
    for (int n = 16; n <= 40; n += 4) {
        double total = dn_lower_bound_task(n, 4, 0);
        for (int c = 0; c < n; c++)
            total += ldexp(1, n - 1 - c) * dn_lower_bound_task(c, 4, 0);
        double avg = total / (ldexp(1, n) - 1);
        assert_true(avg >= dn_lower_bound_seed000(n) - 1e-15);
        assert_true(avg < 1.0 / 16 + 0.002);
    }
    /* every one-to-one placement on BDG(8) respects it */
    const char *maps[] = {"zrl", "random", "greedy", "identity"};
    for (int i = 0; i < 4; i++) {
        fixture f;
        dn_embed_opts o = opts(maps[i]);
        open_fixture(&f, "debruijn:8", "binomial:8", &o);
        assert_int_equal(f.m.load_max, 1);
        assert_int_equal(f.m.lb_degree, 4);
        assert_true(f.m.lb_total <= f.m.extra_total);
        assert_true(f.m.lb_dil_max <= f.m.dil_max);
        close_fixture(&f);
    }
}

/* Seed 000 section 6, end: "for an N node degree-4 network, the maximum
 * dilation is at least log_3 log(N)". The argument behind it: the root of
 * B(n) has n children, and at most 4 + 12 + ... + 4 3^(t-1) = 2 (3^t - 1)
 * processors lie within distance t of one, so the bound is the least t
 * with 2 (3^t - 1) >= n; log_3 n is that up to log_3 2. The paper's closed
 * form for the average extra dilation, (2^(n-4) - 13 2^(n-16)) / (2^n - 1),
 * sums over i = n-16 .. n-5 and so is derived for n >= 17; worked by hand
 * at n = 8 the per-task bound is 4 (root: 4 children at distance 2) + 3 + 2
 * 2 + 4 1 = 15 over 255 edges, below the paper's 0.0625; at n = 4 it is 0
 * (B(4) has degree 4) where the paper's gives 0.066. */
static void test_lower_bound_seed000(void **state)
{
    (void)state;
    assert_int_equal(dn_lower_bound_task_dilation(0, 4, 0), 0);
    assert_int_equal(dn_lower_bound_task_dilation(4, 4, 0), 1);
    assert_int_equal(dn_lower_bound_task_dilation(5, 4, 0), 2);
    assert_int_equal(dn_lower_bound_task_dilation(16, 4, 0), 2);
    assert_int_equal(dn_lower_bound_task_dilation(17, 4, 0), 3);
    assert_int_equal(dn_lower_bound_task_dilation(6, 2, 1), 2); /* directed: 2 + 4, */
    assert_int_equal(dn_lower_bound_task_dilation(7, 2, 1), 3); /* then 8 */
    for (int n = 1; n <= 60; n++) {
        int t = 0; /* the least t with 2 (3^t - 1) >= n */
        for (double p = 1; 2 * (p - 1) < n; p *= 3)
            t++;
        assert_int_equal(t, dn_lower_bound_task_dilation(n, 4, 0));
        /* the paper's log_3 n is within log_3 2 of the real log_3(n/2 + 1) <= t */
        const double paper = dn_lower_bound_seed000_dilation(n);
        assert_true(fabs(paper - log(n) / log(3)) < 1e-12);
        assert_true(paper - log(n / 2.0 + 1) / log(3) < log(2) / log(3));
        assert_true(log(n / 2.0 + 1) / log(3) <= t + 1e-12 && t < log(n / 2.0 + 1) / log(3) + 1);
    }
    /* n = 4: log_3 4 = 1.26 exceeds the 1 that B(4)'s own degree reaches; n = 10: 2.10 > 2 */
    assert_true(dn_lower_bound_seed000_dilation(4) > 1 && dn_lower_bound_task_dilation(4, 4, 0) == 1);
    assert_true(dn_lower_bound_seed000_dilation(10) > 2 &&
                dn_lower_bound_task_dilation(10, 4, 0) == 2);
    /* the closed form against the per-task sum */
    assert_true(dn_lower_bound_seed000(20) == 65328.0 / 1048575.0); /* 2^16 - 13 2^4 */
    assert_true(fabs(dn_lower_bound_seed000(20) - 0.062302) < 5e-7);
    assert_true(fabs(dn_lower_bound_seed000(8) - 0.0625) < 1e-4);
    assert_true(fabs(dn_lower_bound_seed000(4) - 0.066) < 1e-3);
    for (int n = 2; n <= 40; n++) {
        double total = dn_lower_bound_task(n, 4, 0);
        for (int c = 0; c < n; c++)
            total += ldexp(1, n - 1 - c) * dn_lower_bound_task(c, 4, 0);
        const double avg = total / (ldexp(1, n) - 1), paper = dn_lower_bound_seed000(n);
        if (n == 8)
            assert_true(total == 15);
        if (n <= 4)
            assert_true(total == 0);
        if (n == 20)
            assert_true(fabs(avg - 0.062513) < 5e-7);
        /* above the per-task bound up to n = 12, below it from 13 on */
        if ((paper > avg) != (n <= 12))
            fail_msg("n=%d: paper %.9g, per-task %.9g", n, paper, avg);
    }
    /* the metrics carry both, on BDG(n) and on the 4 x 4 mesh (degree 4) */
    static const struct { const char *net, *tree; int n, dil; } cases[] = {
        {"debruijn:8", "binomial:8", 8, 2}, {"mesh:4x4", "binomial:4", 4, 1},
        {"debruijn:5", "binomial:5", 5, 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        dn_embed_opts o = opts("random");
        open_fixture(&f, cases[i].net, cases[i].tree, &o);
        assert_int_equal(f.m.lb_dil_max, cases[i].dil);
        assert_int_equal(f.m.lb_paper_n, cases[i].n);
        assert_true(f.m.lb_paper_avg == dn_lower_bound_seed000(cases[i].n));
        assert_true(f.m.lb_paper_total == ldexp(1, cases[i].n - 4) - 13 * ldexp(1, cases[i].n - 16));
        assert_true(f.m.lb_paper_dil_max == dn_lower_bound_seed000_dilation(cases[i].n));
        close_fixture(&f);
    }
    /* not a binomial tree, or not degree 4: no paper figures */
    fixture f;
    dn_embed_opts o = opts("random");
    open_fixture(&f, "debruijn:5", "cbt:4", &o);
    assert_int_equal(f.m.lb_paper_n, 0);
    close_fixture(&f);
    open_fixture(&f, "hypercube:5", "binomial:5", &o);
    assert_int_equal(f.m.lb_paper_n, 0);
    assert_int_equal(f.m.lb_dil_max, 1);
    close_fixture(&f);
}

/* ------------------------------------------------------------ accessors */

/* The opaque embedding's accessors, each against a value found another
 * way: the caller's own objects and options, the requested root, the
 * network's closed-form size, a separate router, the mesh distance. */
static void test_accessors(void **state)
{
    (void)state;
    fixture f;
    dn_err err;
    /* zrl on BDG(5): the objects given, the mapping's own routes, the root */
    dn_embed_opts o = opts("zrl");
    o.weights = DN_WEIGHTS_LOG;
    open_fixture(&f, "debruijn:5", "binomial:5", &o);
    assert_ptr_equal(dn_embed_net(f.e), &f.net);
    assert_ptr_equal(dn_embed_tree(f.e), &f.tree);
    assert_string_equal(dn_embed_mapping(f.e), "zrl");
    assert_int_equal(dn_embed_routes(f.e), DN_ROUTES_MAPPING);
    assert_int_equal(dn_embed_weights(f.e), DN_WEIGHTS_LOG);
    assert_string_equal(dn_embed_routes_name(f.e), "map-edge");
    assert_int_equal(dn_embed_root(f.e), dn_embed_place(f.e, 0));
    assert_int_equal(dn_embed_root(f.e), paper_F("000001", 6)); /* F(0^n 1) */
    /* BDG(5): 32 nodes, as the network says */
    assert_int_equal(dn_embed_graph(f.e)->n, f.net.n);
    assert_int_equal(dn_embed_graph(f.e)->n, 32);
    /* nothing of the other mappings */
    int64_t src = 7;
    const int64_t *path = &src;
    assert_int_equal(dn_embed_pre_route(f.e, &src, &path), -1);
    assert_int_equal(src, -1);
    assert_null(path);
    dn_embed_search es = {0};
    assert_int_equal(dn_embed_exact_search(f.e, &es), 0);
    assert_int_equal(dn_embed_scotch_target(f.e), 0);
    int dim[2] = {-7, -7};
    assert_int_equal(dn_embed_face(f.e, dim), 0);
    assert_int_equal(dim[0], -7);
    assert_int_equal(dn_embed_step_dim(f.e, 1), -1);
    close_fixture(&f);
    /* a requested root is where task 0 goes: F(0^n 1) and its images under
     * complement and reversal, 00001, 11110, 10000, 01111 */
    static const int64_t zrl_roots[] = {1, 30, 16, 15};
    for (int i = 0; i < 4; i++) {
        const int64_t r = zrl_roots[i];
        o = opts("zrl");
        o.root = r;
        o.routes = DN_ROUTES_SHORTEST;
        open_fixture(&f, "debruijn:5", "binomial:5", &o);
        assert_int_equal(dn_embed_root(f.e), r);
        assert_int_equal(dn_embed_place(f.e, 0), r);
        assert_string_equal(dn_embed_routes_name(f.e), "bdg-window");
        close_fixture(&f);
    }

    /* the materialised mesh: R C nodes, 2 (R (C - 1) + C (R - 1)) arcs */
    o = opts("dccube");
    open_fixture(&f, "mesh:4x8", "binomial:5", &o);
    const dn_csr *g = dn_embed_graph(f.e);
    assert_int_equal(g->n, 32);
    assert_int_equal(g->off[g->n], 2 * (4 * 7 + 8 * 3));
    assert_int_equal(dn_embed_face(f.e, dim), 0); /* the whole grid */
    close_fixture(&f);

    /* growing approach b: the move from the requested start to the
     * fixed-root mapping's root, against the mesh distance and a router */
    const int64_t side = 8;
    for (int64_t start = 0; start < side * side; start += 7) {
        o = opts("growing");
        o.approach = 'b';
        o.root = start;
        open_fixture(&f, "mesh:8x8", "binomial:6", &o);
        const int64_t root = dn_embed_root(f.e);
        const int64_t hops = dn_embed_pre_route(f.e, &src, &path);
        assert_int_equal(src, start);
        assert_int_equal(path[0], start);
        assert_int_equal(path[hops], root);
        assert_int_equal(hops, llabs(start / side - root / side) + llabs(start % side - root % side));
        for (int64_t i = 0; i < hops; i++)
            assert_true(dn_csr_arc(dn_embed_graph(f.e), path[i], path[i + 1]) >= 0);
        dn_router *rt = NULL;
        const int64_t *rp;
        int64_t rh;
        assert_int_equal(dn_router_init(&rt, &f.net, NULL, DN_ROUTER_XY, &err), DN_OK);
        assert_int_equal(dn_router_algo(rt), DN_ALGO_XY);
        assert_int_equal(dn_route(rt, start, root, &rp, &rh, &err), DN_OK);
        assert_int_equal(rh, hops);
        dn_router_free(rt);
        assert_int_equal(dn_embed_pre_route(f.e, NULL, NULL), hops); /* NULLs allowed */
        close_fixture(&f);
    }
    o = opts("growing"); /* approach a starts at the root: no move */
    o.root = 9;
    open_fixture(&f, "mesh:8x8", "binomial:6", &o);
    assert_int_equal(dn_embed_pre_route(f.e, &src, &path), -1);
    assert_int_equal(dn_embed_root(f.e), 9);
    close_fixture(&f);

    /* a face through the root: the dimensions asked for */
    o = opts("dccube");
    o.face_set = 1;
    o.face[0] = 2;
    o.face[1] = 0;
    o.root = 5;
    open_fixture(&f, "mesh:4x4x4", "binomial:4", &o);
    assert_int_equal(dn_embed_face(f.e, dim), 1);
    assert_int_equal(dim[0], 2);
    assert_int_equal(dim[1], 0);
    assert_int_equal(dn_embed_root(f.e), 5);
    close_fixture(&f);

    /* the hypercube's binomial mapping: step t crosses dimension t - 1 (task
     * 2^(t-1) sits on processor root XOR 2^(t-1)); none outside 1 .. n */
    o = opts("binomial");
    o.root = 6;
    open_fixture(&f, "hypercube:4", "binomial:4", &o);
    for (int t = 1; t <= 4; t++) {
        assert_int_equal(dn_embed_step_dim(f.e, t), t - 1);
        assert_int_equal(dn_embed_place(f.e, (int64_t)1 << (t - 1)), 6 ^ (1 << (t - 1)));
    }
    assert_int_equal(dn_embed_step_dim(f.e, 0), -1);
    assert_int_equal(dn_embed_step_dim(f.e, 5), -1);
    close_fixture(&f);
    o = opts("random");
    open_fixture(&f, "hypercube:4", "binomial:4", &o);
    assert_int_equal(dn_embed_step_dim(f.e, 1), -1);
    close_fixture(&f);

    /* a failed init leaves nothing; free takes NULL */
    o = opts("no-such-map");
    assert_int_equal(setup(&f, "hypercube:4", "binomial:4", &o, &err), DN_ENOTFOUND);
    assert_null(f.e);
    close_fixture(&f);
    dn_embed_free(NULL);
    dn_router_free(NULL);
}

/* ------------------------------------------------------------ baselines */

static void test_baselines(void **state)
{
    (void)state;
    fixture f, g;
    dn_embed_opts o = opts("random");
    o.seed = 9;
    open_fixture(&f, "butterfly:3", "binomial:7", &o); /* 128 tasks on 32 */
    assert_int_equal(f.m.load_max, 4);
    assert_int_equal(f.m.load_min, 4);
    open_fixture(&g, "butterfly:3", "binomial:7", &o);
    for (int64_t v = 0; v < 128; v++) /* same seed, same placement */
        assert_int_equal(dn_embed_place(f.e, v), dn_embed_place(g.e, v));
    close_fixture(&g);
    close_fixture(&f);
    o.root = 5;
    open_fixture(&f, "debruijn:6", "binomial:6", &o);
    assert_int_equal(dn_embed_place(f.e, 0), 5);
    assert_int_equal(f.m.load_max, 1);
    close_fixture(&f);
    o = opts("greedy");
    open_fixture(&f, "mesh:4x4", "binomial:6", &o);
    assert_int_equal(f.m.load_max, 4);
    assert_int_equal(f.m.load_min, 4);
    close_fixture(&f);
    o = opts("identity");
    o.root = 3;
    open_fixture(&f, "ring:8", "binomial:3", &o);
    for (int64_t v = 0; v < 8; v++)
        assert_int_equal(dn_embed_place(f.e, v), (v + 3) % 8);
    close_fixture(&f);
    /* given placement and given weights */
    int64_t place[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    double w[7] = {1, 2, 3, 4, 5, 6, 7};
    o = opts("given");
    o.place = place;
    o.place_len = 8;
    o.weights = DN_WEIGHTS_GIVEN;
    o.given = w;
    o.given_len = 7;
    open_fixture(&f, "ring:8", "binomial:3", &o);
    double want = 0;
    for (int64_t v = 1; v < 8; v++) {
        int64_t a = dn_tree_parent(&f.tree, v), d = llabs(v - a);
        want += w[v - 1] * (double)(d < 8 - d ? d : 8 - d);
    }
    assert_true(fabs(f.m.w_total - want) < 1e-12);
    assert_true(fabs(f.m.w_sum - 28) < 1e-12);
    close_fixture(&f);
    dn_err err;
    place[3] = 8;
    assert_int_equal(setup(&f, "ring:8", "binomial:3", &o, &err), DN_EINVAL);
    close_fixture(&f);
    place[3] = 3;
    o.given_len = 6;
    assert_int_equal(setup(&f, "ring:8", "binomial:3", &o, &err), DN_EINVAL);
    close_fixture(&f);
    /* a NaN or negative volume made the weighted sums wrong without a word
     * (attack2); so did enums out of range and a root below -1, taken for
     * the defaults: each refused, naming its field */
    o.given_len = 7;
    const double bad[] = {-1, NAN, INFINITY};
    for (int k = 0; k < 3; k++) {
        w[4] = bad[k];
        assert_int_equal(setup(&f, "ring:8", "binomial:3", &o, &err), DN_EINVAL);
        assert_string_equal(err.param, "weights");
        assert_non_null(strstr(err.msg, "task 5"));
        close_fixture(&f);
    }
    w[4] = 0; /* zero is a volume */
    open_fixture(&f, "ring:8", "binomial:3", &o);
    close_fixture(&f);
    o = opts("identity");
    o.routes = (dn_routes)(DN_ROUTES_MINIMAL + 1);
    assert_int_equal(setup(&f, "ring:8", "binomial:3", &o, &err), DN_EINVAL);
    assert_string_equal(err.param, "routes");
    close_fixture(&f);
    o.routes = DN_ROUTES_MAPPING;
    o.weights = (dn_weights)(DN_WEIGHTS_GIVEN + 1);
    assert_int_equal(setup(&f, "ring:8", "binomial:3", &o, &err), DN_EINVAL);
    assert_string_equal(err.param, "weights");
    close_fixture(&f);
    o.weights = DN_WEIGHTS_UNIFORM;
    o.root = -2;
    assert_int_equal(setup(&f, "ring:8", "binomial:3", &o, &err), DN_EINVAL);
    assert_string_equal(err.param, "root");
    close_fixture(&f);
}

/* Without SCOTCH built in, the mapping is refused as not supported. */
static void test_scotch_refused(void **state)
{
    (void)state;
    fixture f;
    dn_err err;
    dn_embed_opts o = opts("scotch");
    if (dn_have_scotch())
        skip();
    assert_int_equal(setup(&f, "debruijn:6", "binomial:6", &o, &err), DN_ENOTSUP);
    close_fixture(&f);
}

static void test_scotch(void **state)
{
    (void)state;
    fixture f, g;
    dn_err err;
    dn_embed_opts o = opts("scotch");
    if (!dn_have_scotch())
        skip(); /* test_scotch_refused tests the refusal */
    /* reproducible: SCOTCH 7 runs threads; before dcnet asked for its
     * deterministic mode, BDG(10) placements changed from run to run */
    open_fixture(&f, "debruijn:10", "binomial:10", &o);
    for (int rep = 0; rep < 3; rep++) {
        open_fixture(&g, "debruijn:10", "binomial:10", &o);
        for (int64_t v = 0; v < 1024; v++)
            assert_int_equal(dn_embed_place(f.e, v), dn_embed_place(g.e, v));
        close_fixture(&g);
    }
    close_fixture(&f);
    open_fixture(&f, "debruijn:8", "binomial:8", &o);
    assert_int_equal(f.m.tasks, 256);
    assert_true(f.m.lb_total <= f.m.extra_total || f.m.load_max > 1);
    close_fixture(&f);
    open_fixture(&f, "mesh:8x8", "binomial:6", &o);
    assert_true(f.m.dil_avg >= 1.0 || f.m.load_max > 1);
    close_fixture(&f);
    /* directed networks: SCOTCH places on the links without their
     * direction; dcnet measures the arcs. Switches: the processors are the
     * terminals, auto takes SCOTCH's tleaf on a fat tree (deco 2 with
     * --scotch-target deco2), and on fattree:4:3 (64 processors, 48
     * switches) it beats a random placement of B(6) */
    open_fixture(&f, "kautz:2:5", "binomial:5", &o);
    assert_int_equal(f.m.load_max, 1);
    close_fixture(&f);
    fixture r;
    dn_embed_opts orand = opts("random");
    open_fixture(&f, "fattree:4:3", "binomial:6", &o);
    open_fixture(&r, "fattree:4:3", "binomial:6", &orand);
    assert_int_equal(dn_embed_scotch_target(f.e), DN_SCOTCH_NATIVE);
    assert_int_equal(f.m.load_max, 1);
    for (int64_t v = 0; v < 64; v++)
        assert_true(dn_embed_place(f.e, v) < 64);
    if (!(f.m.dil_avg < r.m.dil_avg))
        fail_msg("SCOTCH on fattree:4:3: average dilation %g, random %g", f.m.dil_avg,
                 r.m.dil_avg);
    close_fixture(&f);
    close_fixture(&r);
    /* the target is named, never switched silently (issue 17): auto takes
     * deco 0 up to 4096 processors and deco 2 above; deco 0 is refused
     * above 4096 (SCOTCH 7 crashed at 8192), with the reason */
    open_fixture(&f, "debruijn:8", "binomial:8", &o);
    assert_int_equal(dn_embed_scotch_target(f.e), DN_SCOTCH_DECO0);
    close_fixture(&f);
    dn_embed_opts o2 = o;
    o2.scotch_target = DN_SCOTCH_DECO2;
    open_fixture(&f, "debruijn:8", "binomial:8", &o2);
    assert_int_equal(dn_embed_scotch_target(f.e), DN_SCOTCH_DECO2);
    close_fixture(&f);
    o2.scotch_target = DN_SCOTCH_DECO0;
    assert_int_equal(setup(&f, "debruijn:13", "binomial:13", &o2, &err), DN_ELIMIT);
    assert_non_null(strstr(err.msg, "deco2"));
    close_fixture(&f);
}

/* Allocation and slots (issue 31 items 2 and 3): every mapping that
 * follows them keeps every task on an allocated processor within its
 * slots, on random allocations (checked task by task against the list,
 * not through the embedding's own accessors); a closed form that leaves
 * them is refused with the task; a tree the slots cannot hold is refused
 * before placing. */
static void test_alloc_slots(void **state)
{
    (void)state;
    static const char *maps[] = {"random", "greedy", "identity", "scotch", "drb"};
    dn_rng rng;
    dn_rng_seed(&rng, 7);
    for (int round = 0; round < 40; round++) {
        const char *net = round % 2 ? "fattree:4:3" : "torus:4x4x4";
        const int64_t P = 64;
        int64_t alloc[64], slots_per[64], A = 8 + (int64_t)dn_rng_below(&rng, 40);
        int64_t perm[64];
        for (int64_t i = 0; i < P; i++)
            perm[i] = i;
        for (int64_t i = 0; i < A; i++) { /* a random A-subset */
            int64_t j = i + (int64_t)dn_rng_below(&rng, (uint64_t)(P - i)), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
            alloc[i] = perm[i];
            slots_per[i] = 1 + (int64_t)dn_rng_below(&rng, 4);
        }
        int per = round % 4 == 3;
        int64_t room = 0, K = 1 + (int64_t)dn_rng_below(&rng, 3);
        for (int64_t i = 0; i < A; i++)
            room += per ? slots_per[i] : K;
        int n = 0;
        while (((int64_t)2 << n) <= room && n < 6)
            n++;
        char tree[32];
        snprintf(tree, sizeof tree, "binomial:%d", n);
        for (int mi = 0; mi < 5; mi++) {
            if (mi == 3 && !dn_have_scotch())
                continue;
            dn_embed_opts o = opts(maps[mi]);
            o.alloc = alloc;
            o.alloc_len = A;
            o.slots = K;
            o.slots_per = per ? slots_per : NULL;
            o.seed = (uint64_t)round;
            fixture f;
            dn_err err;
            int rc = setup(&f, net, tree, &o, &err);
            /* identity too: it takes the slots round by round (issue 37,
             * item 17; it was refused by its own slot check) */
            if (rc)
                fail_msg("%s %s on %s, %lld processors: %s", maps[mi], tree, net, (long long)A,
                         err.msg);
            int64_t load[64] = {0};
            for (int64_t v = 0; v < ((int64_t)1 << n); v++) {
                int64_t p = dn_embed_place(f.e, v), i = 0;
                while (i < A && alloc[i] != p)
                    i++;
                if (i == A)
                    fail_msg("%s placed task %lld on %lld, outside", maps[mi], (long long)v,
                             (long long)p);
                if (++load[p] > (per ? slots_per[i] : K))
                    fail_msg("%s overfilled processor %lld", maps[mi], (long long)p);
                assert_int_equal(dn_embed_capacity(f.e, p), per ? slots_per[i] : K);
            }
            const int64_t *list;
            assert_int_equal(dn_embed_alloc(f.e, &list), A);
            assert_int_equal(dn_embed_room(f.e), room);
            for (int64_t i = 1; i < A; i++)
                assert_true(list[i - 1] < list[i]);
            close_fixture(&f);
        }
    }
    /* refusals: the tree does not fit; a closed form outside; a duplicate */
    int64_t alloc[4] = {0, 1, 2, 3};
    dn_embed_opts o = opts("random");
    o.alloc = alloc;
    o.alloc_len = 4;
    o.slots = 1;
    fixture f;
    dn_err err;
    assert_int_equal(setup(&f, "hypercube:3", "binomial:3", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "8 tasks do not fit: 4 allocated processors hold 4"));
    close_fixture(&f);
    o.slots = 2; /* 8 tasks in 4 x 2: random fits, the closed form does not */
    assert_int_equal(setup(&f, "hypercube:3", "binomial:3", &o, &err), DN_OK);
    close_fixture(&f);
    o.map = "binomial";
    assert_int_equal(setup(&f, "hypercube:3", "binomial:3", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "places task 4 on processor 4, outside the allocation"));
    close_fixture(&f);
    alloc[3] = 2;
    o.map = "greedy";
    assert_int_equal(setup(&f, "hypercube:3", "binomial:3", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "processor 2 is in the allocation twice"));
    close_fixture(&f);
    /* no allocation, slots 1: one task per processor, B(3) fills hypercube:3 */
    o = opts("greedy");
    o.slots = 1;
    open_fixture(&f, "hypercube:3", "binomial:3", &o);
    assert_int_equal(f.m.load_max, 1);
    assert_int_equal(f.m.used, 8);
    close_fixture(&f);
}

/* --map best (issue 31 item 7): the winner is no worse, lexicographically
 * (conflicts, max link load in a phase, hop-bytes, congestion, average
 * dilation), than any mapping
 * built on its own and measured on its own; its figures are those of a
 * fresh measurement of that mapping (every candidate is polished, which
 * only improves it); the same seed gives the same choice;
 * and a mapping that does not apply is listed with its refusal. */
static void test_best(void **state)
{
    (void)state;
    static const struct {
        const char *net, *tree, *origin; /* origin: the expected winner, or NULL */
    } cases[] = {
        /* mapping D has no conflicts, but the polish (a descent that worsens
         * nothing) takes identity to none too with shorter routes */
        {"ddb:6", "binomial:6", NULL},
        {"hypercube:4", "binomial:4", NULL},
        {"fattree:4:3", "binomial:6", NULL},
        {"mesh:8x8", "binomial:6", NULL},
        {"dragonfly:4:2:2", "binomial:6", NULL},
        /* docs/networks.md: drb and SCOTCH on every processor both without
         * conflicts (max link load 1), drb at 1.13 average dilation against
         * 1.46: the shorter routes win, not the spread's lower congestion;
         * since issue 39 hier's exact splits of the sub-boxes win, also
         * without a conflict, at 1.087 (138 hops against drb's 144) */
        {"torus:8x8x8", "binomial:7", "hier"},
    };
    static const char *maps[] = {"zrl", "cbt", "binomial", "dccube", "xor", "reflecting",
                                 "growing", "sneptree", "identity", "greedy", "drb", "scotch"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        fixture f;
        dn_err err;
        dn_tree_model tm;
        memset(&f, 0, sizeof f);
        assert_int_equal(dn_net_init(&f.net, cases[k].net, &err), DN_OK);
        assert_int_equal(dn_tree_model_parse(cases[k].tree, &tm, &err), DN_OK);
        assert_int_equal(dn_tree_init(&f.tree, &tm, 1, 0, &err), DN_OK);
        dn_embed_opts o = opts("best");
        o.seed = 5;
        dn_best_result *res = malloc(sizeof *res), *res2 = malloc(sizeof *res2);
        dn_embed *e2;
        if (dn_best_init(&f.e, &f.net, &f.tree, &o, NULL, -1, res, &err))
            fail_msg("best on %s: %s", cases[k].net, err.msg);
        assert_int_equal(dn_metrics_compute(f.e, NULL, &f.m, &err), DN_OK);
        const dn_best_candidate *w = &res->cand[res->winner];
        assert_int_equal(f.m.conflicts, w->conflicts);
        assert_int_equal(f.m.congestion, w->congestion);
        assert_int_equal(f.m.max_link_load, w->max_link_load);
        assert_true(f.m.w_total == w->hop_bytes);
        if (cases[k].origin)
            assert_string_equal(w->map, cases[k].origin);
        /* every mapping alone, and random with the three seeds */
        for (size_t i = 0; i < sizeof maps / sizeof maps[0] + 3; i++) {
            dn_embed_opts oi = opts(i < sizeof maps / sizeof maps[0] ? maps[i] : "random");
            oi.seed = i < sizeof maps / sizeof maps[0] ? 5 : 5 + (i - sizeof maps / sizeof maps[0]);
            if (strcmp(oi.map, "scotch") == 0 && !dn_have_scotch())
                continue;
            dn_embed *ei;
            dn_metrics mi;
            if (dn_embed_init(&ei, &f.net, &f.tree, &oi, &err))
                continue; /* does not apply: best must have listed it so */
            assert_int_equal(dn_metrics_compute(ei, NULL, &mi, &err), DN_OK);
            int worse = mi.conflicts != f.m.conflicts ? mi.conflicts < f.m.conflicts
                        : mi.max_link_load != f.m.max_link_load
                            ? mi.max_link_load < f.m.max_link_load
                        : mi.w_total != f.m.w_total       ? mi.w_total < f.m.w_total
                        : mi.congestion != f.m.congestion ? mi.congestion < f.m.congestion
                                                          : mi.dil_avg < f.m.dil_avg;
            if (worse)
                fail_msg("best on %s chose %s (%lld conflicts, congestion %lld, hop-bytes %g) "
                         "over %s (%lld, %lld, %g)",
                         cases[k].net, w->map, (long long)f.m.conflicts,
                         (long long)f.m.congestion, f.m.w_total, oi.map,
                         (long long)mi.conflicts, (long long)mi.congestion, mi.w_total);
            dn_metrics_free(&mi);
            dn_embed_free(ei);
        }
        int listed_refusal = 0;
        for (int i = 0; i < res->n; i++)
            if (res->cand[i].status != DN_OK && strcmp(res->cand[i].map, "zrl") == 0)
                listed_refusal = strstr(res->cand[i].why, "mapping zrl") != NULL;
        assert_true(listed_refusal == (strcmp(cases[k].net, "ddb:6") != 0));
        /* an objective ranks first: the winner has the least average
         * dilation of every candidate that applied */
        dn_embed *e3;
        assert_int_equal(dn_best_init(&e3, &f.net, &f.tree, &o, NULL, DN_OBJECTIVE_DILATION, res2,
                                      &err),
                         DN_OK);
        for (int i = 0; i < res2->n; i++)
            if (res2->cand[i].status == DN_OK)
                assert_true(res2->cand[res2->winner].dil_avg <= res2->cand[i].dil_avg);
        dn_embed_free(e3);
        /* the same seed: the same winner, placed the same */
        assert_int_equal(dn_best_init(&e2, &f.net, &f.tree, &o, NULL, -1, res2, &err), DN_OK);
        assert_string_equal(res2->cand[res2->winner].map, w->map);
        for (int64_t v = 0; v < f.tree.nodes; v++)
            assert_int_equal(dn_embed_place(e2, v), dn_embed_place(f.e, v));
        dn_embed_free(e2);
        free(res);
        free(res2);
        close_fixture(&f);
    }
}

/* A fair SCOTCH baseline (issue 31 item 1): SCOTCH's own architecture and
 * a compact part. B(6) on fattree:8:3 (8 processors a leaf switch, 64 a
 * level-2 subtree): one task a processor fills at least 8 leaf switches,
 * and the 8 tasks of one leaf are joined by at most 7 tree edges, so at
 * most 56 of the 63 edges stay inside leaves (2 hops) and at least 7
 * cross them (4 hops or more): total >= 56 x 2 + 7 x 4 = 140, average
 * 140 / 63 for any one-to-one placement; SCOTCH's tleaf on the compact part reaches it exactly, with no
 * conflicts, every task in the first 64 processors. On the whole machine
 * (--scotch-part whole) deco 2 gives what it gave before (average 5.68).
 * torus:8x8x8 and hypercube:8: the part is a 4x4x4 corner box (ids with
 * every coordinate < 4) and the subcube of ids < 64. */
static void test_scotch_fair(void **state)
{
    (void)state;
    if (!dn_have_scotch())
        skip();
    fixture f;
    dn_embed_opts o = opts("scotch");
    open_fixture(&f, "fattree:8:3", "binomial:6", &o);
    assert_int_equal(dn_embed_scotch_target(f.e), DN_SCOTCH_NATIVE);
    assert_int_equal(dn_embed_scotch_part(f.e), 64);
    assert_int_equal(f.m.dil_total, 140);
    assert_int_equal(f.m.conflicts, 0);
    assert_int_equal(f.m.load_max, 1);
    for (int64_t v = 0; v < 64; v++)
        assert_true(dn_embed_place(f.e, v) < 64);
    close_fixture(&f);
    o.scotch_part = DN_SCOTCH_PART_WHOLE;
    o.scotch_target = DN_SCOTCH_DECO2;
    open_fixture(&f, "fattree:8:3", "binomial:6", &o);
    assert_int_equal(dn_embed_scotch_part(f.e), 512);
    assert_true(f.m.dil_total > 140);
    close_fixture(&f);
    o = opts("scotch");
    open_fixture(&f, "torus:8x8x8", "binomial:6", &o);
    assert_int_equal(dn_embed_scotch_part(f.e), 64);
    for (int64_t v = 0; v < 64; v++) {
        int64_t p = dn_embed_place(f.e, v);
        assert_true(p / 64 < 4 && p / 8 % 8 < 4 && p % 8 < 4);
    }
    assert_true(f.m.dil_avg < 2.2063); /* deco 0 on the whole torus, before */
    close_fixture(&f);
    open_fixture(&f, "hypercube:8", "binomial:6", &o);
    assert_int_equal(dn_embed_scotch_target(f.e), DN_SCOTCH_NATIVE);
    for (int64_t v = 0; v < 64; v++)
        assert_true(dn_embed_place(f.e, v) < 64);
    assert_int_equal(f.m.dil_total, 63); /* B(6) is a subgraph of the 6-cube */
    close_fixture(&f);
    /* 4 slots: 64 tasks in 16 processors, two leaf switches */
    o.slots = 4;
    open_fixture(&f, "fattree:8:3", "binomial:6", &o);
    assert_int_equal(dn_embed_scotch_part(f.e), 16);
    assert_true(f.m.load_max <= 4);
    close_fixture(&f);
    /* deco 0 on a part (SCOTCH answers vertex numbers there, deco 2 and
     * the sub architectures indices): B(2) on mesh:4x4's 2x2 corner
     * {0, 1, 4, 5}, B(2) on the allocation {5, 6, 9, 10} of hypercube:4;
     * and a one-processor allocation (SCOTCH 7.0.3's archSub crashed on
     * one terminal): every task there */
    static const int64_t a4[4] = {5, 6, 9, 10}, a1[1] = {7};
    o = opts("scotch");
    o.scotch_target = DN_SCOTCH_DECO0;
    open_fixture(&f, "mesh:4x4", "binomial:2", &o);
    for (int64_t v = 0; v < 4; v++) {
        int64_t p = dn_embed_place(f.e, v);
        assert_true(p == 0 || p == 1 || p == 4 || p == 5);
    }
    assert_int_equal(f.m.load_max, 1);
    close_fixture(&f);
    o.alloc = a4;
    o.alloc_len = 4;
    open_fixture(&f, "hypercube:4", "binomial:2", &o);
    for (int64_t v = 0; v < 4; v++) {
        int64_t p = dn_embed_place(f.e, v);
        assert_true(p == 5 || p == 6 || p == 9 || p == 10);
    }
    assert_int_equal(f.m.load_max, 1);
    close_fixture(&f);
    o = opts("scotch");
    o.alloc = a1;
    o.alloc_len = 1;
    open_fixture(&f, "fattree:2:3", "binomial:1", &o);
    assert_int_equal(dn_embed_place(f.e, 0), 7);
    assert_int_equal(dn_embed_place(f.e, 1), 7);
    close_fixture(&f);
    /* no architecture of its own for a dragonfly: native refused, auto is deco */
    o = opts("scotch");
    o.scotch_target = DN_SCOTCH_NATIVE;
    dn_err err;
    assert_int_equal(setup(&f, "dragonfly:4:2:2", "binomial:5", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "no architecture of its own"));
    close_fixture(&f);
    o.scotch_target = DN_SCOTCH_AUTO;
    open_fixture(&f, "dragonfly:4:2:2", "binomial:5", &o);
    assert_int_equal(dn_embed_scotch_target(f.e), DN_SCOTCH_DECO2);
    assert_int_equal(dn_embed_scotch_part(f.e), 32); /* 16 routers of 2 */
    close_fixture(&f);
}

/* Bounds (issue 31 item 6), by brute force: every placement of a small
 * tree within the allocation and slots, each measured by the metrics
 * (routes of the network's router), the least figures against
 * dn_bounds_compute: the bound is never above the least, and the
 * partition bound is reached where the derivation says it is (B(3) on
 * fattree:2:3: 4 edges in leaves, 2 across level-2 subtrees, 1 across
 * the top: 4 x 2 + 2 x 4 + 1 x 6 = 22). */
typedef struct brute {
    fixture f;
    dn_embed_opts o;
    int64_t place[16], load[64];
    int64_t T, P, n;
    const int64_t *cap;   /* slots per processor (P entries) */
    int64_t best_cong;
    double best_dil, best_hb; /* with the intra-node cost of co-located edges */
} brute;

static void brute_visit(brute *b, int64_t v)
{
    if (v == b->T) {
        dn_embed *e;
        dn_metrics m;
        dn_err err;
        b->o.place = b->place;
        b->o.place_len = b->T;
        if (dn_embed_init(&e, &b->f.net, &b->f.tree, &b->o, &err))
            fail_msg("given placement: %s", err.msg);
        if (dn_metrics_compute(e, NULL, &m, &err))
            fail_msg("metrics: %s", err.msg);
        /* co-located edges counted here from the placement, each costing
         * the intra-node hops (the metrics' own w_total includes them) */
        int64_t together = 0;
        for (int64_t t = 1; t < b->T; t++)
            together += b->place[t] == b->place[dn_tree_parent(&b->f.tree, t)];
        const double dil = (double)m.dil_total + b->o.intra_cost * (double)together;
        b->best_dil = dil < b->best_dil ? dil : b->best_dil;
        b->best_cong = m.congestion < b->best_cong ? m.congestion : b->best_cong;
        b->best_hb = m.w_total < b->best_hb ? m.w_total : b->best_hb;
        b->n++;
        dn_metrics_free(&m);
        dn_embed_free(e);
        return;
    }
    for (int64_t p = 0; p < b->P; p++)
        if (b->load[p] < b->cap[p]) {
            b->load[p]++;
            b->place[v] = p;
            brute_visit(b, v + 1);
            b->load[p]--;
        }
}

static void brute_check_intra(const char *net, const char *tree, const int64_t *alloc, int64_t A,
                              int64_t slots, const double *weights, int64_t count, int tight,
                              double intra)
{
    brute *b = calloc(1, sizeof *b);
    dn_err err;
    dn_tree_model tm;
    assert_int_equal(dn_net_init(&b->f.net, net, &err), DN_OK);
    assert_int_equal(dn_tree_model_parse(tree, &tm, &err), DN_OK);
    assert_int_equal(dn_tree_init(&b->f.tree, &tm, 1, 0, &err), DN_OK);
    b->T = b->f.tree.nodes;
    b->P = dn_net_processors(&b->f.net);
    int64_t cap[64] = {0};
    for (int64_t i = 0; i < (alloc ? A : b->P); i++)
        cap[alloc ? alloc[i] : i] = slots;
    b->cap = cap;
    b->o = opts("given");
    b->o.alloc = alloc;
    b->o.alloc_len = alloc ? A : 0;
    b->o.slots = slots;
    b->o.intra_cost = intra;
    if (weights) {
        b->o.weights = DN_WEIGHTS_GIVEN;
        b->o.given = weights;
        b->o.given_len = b->T - 1;
    }
    b->best_cong = INT64_MAX;
    b->best_dil = b->best_hb = INFINITY;
    brute_visit(b, 0);
    assert_int_equal(b->n, count); /* every placement within the slots, once */
    /* the bound of the same tree, allocation and slots (any mapping) */
    dn_embed_opts o = b->o;
    o.map = "greedy";
    o.place = NULL;
    o.place_len = 0;
    dn_embed *e;
    dn_bounds bd;
    assert_int_equal(dn_embed_init(&e, &b->f.net, &b->f.tree, &o, &err), DN_OK);
    assert_int_equal(dn_bounds_compute(e, 0, &bd, &err), DN_OK);
    if (bd.dilation_total > b->best_dil + 1e-9 || bd.hop_bytes > b->best_hb + 1e-9 ||
        bd.congestion > b->best_cong)
        fail_msg("%s %s slots %lld intra %g: bounds %g / %g / %lld above the least of %lld "
                 "placements %g / %g / %lld",
                 net, tree, (long long)slots, intra, bd.dilation_total, bd.hop_bytes,
                 (long long)bd.congestion, (long long)b->n, b->best_dil, b->best_hb,
                 (long long)b->best_cong);
    if (tight && fabs(bd.dilation_total - b->best_dil) > 1e-9)
        fail_msg("%s %s intra %g: the partition bound %g is not the least dilation %g", net,
                 tree, intra, bd.dilation_total, b->best_dil);
    dn_embed_free(e);
    dn_tree_free(&b->f.tree);
    dn_net_free(&b->f.net);
    free(b);
}

static void brute_check(const char *net, const char *tree, const int64_t *alloc, int64_t A,
                        int64_t slots, const double *weights, int64_t count, int tight)
{
    brute_check_intra(net, tree, alloc, A, slots, weights, count, tight, 0);
}

static void test_bounds_brute_force(void **state)
{
    (void)state;
    /* one-to-one, the derivation's case: 8! placements */
    brute_check("fattree:2:3", "binomial:3", NULL, 0, 1, NULL, 40320, 1);
    /* two slots a processor: 8! / 2^4 placements of 8 tasks on 4 */
    brute_check("fattree:2:2", "binomial:3", NULL, 0, 2, NULL, 2520, 1);
    /* weighted edges: the lightest cross */
    static const double w[7] = {5, 1, 3, 8, 2, 7, 4};
    brute_check("fattree:2:3", "binomial:3", NULL, 0, 1, w, 40320, 0);
    /* a dragonfly (3 groups of 2 routers, 1 processor each), and an
     * allocation of 4 of its 6 processors with 2 slots */
    brute_check("dragonfly:2:1:1", "binomial:2", NULL, 0, 1, NULL, 360, 0);
    static const int64_t alloc[4] = {0, 1, 3, 5};
    brute_check("dragonfly:2:1:1", "binomial:3", alloc, 4, 2, NULL, 2520, 0);
    /* networks without a hierarchy: a mesh and a de Bruijn graph (degree
     * bound), the second with 2 slots */
    brute_check("mesh:2x3", "binomial:2", NULL, 0, 1, NULL, 360, 0);
    brute_check("debruijn:2", "binomial:3", NULL, 0, 2, NULL, 2520, 0);
    /* an intra-node cost C for co-located edges: below the fewest hops
     * between processors (2 on a fat tree) the fewest edges leave their
     * processor and the bound B + C (E - k_0 + 1) is reached; above it
     * every edge had better cross, B + 2 (E - k_0 + 1) */
    brute_check_intra("fattree:2:2", "binomial:3", NULL, 0, 2, NULL, 2520, 1, 0.5);
    brute_check_intra("fattree:2:2", "binomial:3", NULL, 0, 2, NULL, 2520, 1, 5);
    brute_check_intra("fattree:2:2", "binomial:3", NULL, 0, 2, w, 2520, 0, 0.5);
    brute_check_intra("fattree:2:2", "binomial:3", NULL, 0, 2, w, 2520, 0, 3);
    brute_check_intra("dragonfly:2:1:1", "binomial:3", alloc, 4, 2, NULL, 2520, 0, 1.5);
    brute_check_intra("debruijn:2", "binomial:3", NULL, 0, 2, NULL, 2520, 0, 0.25);
    brute_check_intra("mesh:2x3", "binomial:2", NULL, 0, 2, NULL, 1170, 0, 0.5);
}

/* An intra-node cost (issue 31 item 3): B(8) on fattree:4:3 with 4 slots
 * fills 64 processors, so at least 63 edges leave their processor (2 hops
 * each through the leaf switch, the partition bound 162 in all) and at
 * most 192 stay inside one; at C = 0.5 hop each the bound is 162 + 0.5 x
 * 192 = 258 and drb, which keeps 4 tasks of a binomial subtree on each
 * processor, reaches it. The co-located edges are counted here from the
 * placement; the figures: average (162 + 0.5 x 192) / 255, hop-bytes the
 * same total. A negative or NaN cost is refused. */
static void test_intra_cost(void **state)
{
    (void)state;
    fixture f;
    dn_embed_opts o = opts("drb");
    o.slots = 4;
    o.intra_cost = 0.5;
    open_fixture(&f, "fattree:4:3", "binomial:8", &o);
    int64_t together = 0;
    for (int64_t v = 1; v < 256; v++)
        together += dn_embed_place(f.e, v) == dn_embed_place(f.e, dn_tree_parent(&f.tree, v));
    assert_int_equal(together, 192);
    assert_int_equal(f.m.colocated, together);
    assert_int_equal(f.m.dil_total, 162);
    assert_true(fabs(f.m.dil_avg - 258.0 / 255) < 1e-12);
    assert_true(f.m.w_total == 258);
    dn_bounds b;
    dn_err err;
    assert_int_equal(dn_bounds_compute(f.e, 0, &b, &err), DN_OK);
    assert_true(b.dilation_total == 258);
    assert_true(b.hop_bytes == 258);
    close_fixture(&f);
    /* the same placement at cost 0: the average counts network hops only */
    o.intra_cost = 0;
    open_fixture(&f, "fattree:4:3", "binomial:8", &o);
    assert_true(fabs(f.m.dil_avg - 162.0 / 255) < 1e-12);
    close_fixture(&f);
    o.intra_cost = -1;
    assert_int_equal(setup(&f, "fattree:4:3", "binomial:8", &o, &err), DN_EINVAL);
    assert_string_equal(err.param, "intra_cost");
    close_fixture(&f);
    o.intra_cost = NAN;
    assert_int_equal(setup(&f, "fattree:4:3", "binomial:8", &o, &err), DN_EINVAL);
    close_fixture(&f);
}

/* drb (issue 31 item 4). B(n) depth-first in Smith's order (with uniform
 * weights the smallest subtree first) is cut
 * into binomial subtrees at every power of two, so on a fat tree each
 * leaf switch of K = 2^k processors holds a B(k): B(6) on fattree:8:3
 * reaches the partition bound 140 (56 edges inside leaves, 7 across) and
 * B(12) on fattree:16:3 its bound 8730, without conflicts; on a torus the
 * first 64 processors of the recursive bisection are the 4x4x4 corner
 * box; on a dragonfly B(7) fills 16 routers of 8 (two groups) and meets
 * its bound; a message's weight decides among equal subtrees: the
 * heaviest of three leaf children shares the root's leaf switch. */
static void test_drb(void **state)
{
    (void)state;
    fixture f;
    dn_embed_opts o = opts("drb");
    open_fixture(&f, "fattree:8:3", "binomial:6", &o);
    assert_int_equal(f.m.dil_total, 140);
    assert_int_equal(f.m.conflicts, 0);
    assert_int_equal(f.m.load_max, 1);
    for (int64_t v = 0; v < 64; v++)
        assert_true(dn_embed_place(f.e, v) < 64);
    close_fixture(&f);
    open_fixture(&f, "fattree:16:3", "binomial:12", &o);
    assert_int_equal(f.m.dil_total, 4095 * 2 + 255 * 2 + 15 * 2);
    assert_int_equal(f.m.conflicts, 0);
    close_fixture(&f);
    open_fixture(&f, "torus:8x8x8", "binomial:6", &o);
    for (int64_t v = 0; v < 64; v++) {
        int64_t p = dn_embed_place(f.e, v);
        assert_true(p / 64 < 4 && p / 8 % 8 < 4 && p % 8 < 4);
    }
    assert_int_equal(f.m.conflicts, 0);
    close_fixture(&f);
    open_fixture(&f, "dragonfly:8:4:4", "binomial:7", &o);
    dn_bounds b;
    dn_err err;
    assert_int_equal(dn_bounds_compute(f.e, 0, &b, &err), DN_OK);
    assert_true(f.m.dil_total == (int64_t)b.dilation_total);
    close_fixture(&f);
    /* weights: a root with three leaf children on fattree:2:2 (leaf
     * switches of 2): the heaviest child, task 2, joins the root */
    static const double w[3] = {1, 5, 3};
    o.weights = DN_WEIGHTS_GIVEN;
    o.given = w;
    o.given_len = 3;
    open_fixture(&f, "fattree:2:2", "complete:3:1", &o);
    assert_int_equal(dn_embed_place(f.e, 0) / 2, dn_embed_place(f.e, 2) / 2);
    assert_true(dn_embed_place(f.e, 1) / 2 != dn_embed_place(f.e, 0) / 2);
    close_fixture(&f);
    /* Smith's rule: the root's children a (a leaf, weight 1) and b (a
     * subtree of 2, weight 10): size / weight 2/10 < 1/1 puts b next to
     * the root, the order 0, b, b's child, a, and on fattree:2:2 (leaves
     * of 2) the heavy edge inside a leaf: 10 x 2 + 1 x 4 + 1 x 4 = 28, the
     * least of any placement (0 and b must share a leaf); smallest first
     * would give 1 x 2 + 10 x 4 + 1 x 2 = 44 */
    {
        dn_net net;
        dn_tree tree;
        dn_embed *e;
        dn_metrics m;
        static const int64_t parent[4] = {-1, 0, 0, 2};
        static const double down[4] = {0, 1, 10, 1};
        assert_int_equal(dn_net_init(&net, "fattree:2:2", &err), DN_OK);
        assert_int_equal(dn_tree_from_parents(&tree, 4, parent, NULL, down, NULL, &err), DN_OK);
        o = opts("drb");
        o.weights = DN_WEIGHTS_GIVEN;
        o.given = down + 1;
        o.given_len = 3;
        assert_int_equal(dn_embed_init(&e, &net, &tree, &o, &err), DN_OK);
        assert_int_equal(dn_metrics_compute(e, NULL, &m, &err), DN_OK);
        assert_true(m.w_total == 28);
        assert_int_equal(dn_embed_place(e, 2) / 2, dn_embed_place(e, 0) / 2);
        dn_metrics_free(&m);
        dn_embed_free(e);
        dn_tree_free(&tree);
        dn_net_free(&net);
    }
    /* pieces (Kundu & Misra): complete:4:2 (a root, 4 children of 4
     * leaves) with 5 slots on fattree:2:3 (leaf switches of 2, level-2
     * parts of 4): the pieces are the root and the 4 subtrees of 5, one a
     * processor (processors 1 .. 4 after the root's 0), 16 edges inside
     * processors, and the root's 4 edges 2 + 4 + 4 + 6 = 16 hops; dealt
     * task by task depth-first the same tree splits 4 subtrees (13 inside,
     * 24 hops) */
    o = opts("drb");
    o.slots = 5;
    open_fixture(&f, "fattree:2:3", "complete:4:2", &o);
    assert_int_equal(f.m.colocated, 16);
    assert_int_equal(f.m.dil_total, 16);
    close_fixture(&f);
    /* Rubik's fold on grids: a path of P tasks on a grid of P processors in
     * boustrophedon order, every edge one hop (P - 1 in all) on boxes of
     * odd and even sides and 2 to 4 dimensions; the bisection order alone
     * gave 112 on mesh:8x8 */
    {
        static const struct {
            const char *net, *tree;
            int64_t edges;
        } paths[] = {{"mesh:8x8", "complete:1:63", 63},
                     {"mesh:4x3x5", "complete:1:59", 59},
                     {"torus:4x4x4", "complete:1:63", 63},
                     {"mesh:3x3x3x2", "complete:1:53", 53}};
        for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
            o = opts("drb");
            open_fixture(&f, paths[i].net, paths[i].tree, &o);
            assert_int_equal(f.m.dil_total, paths[i].edges);
            assert_int_equal(f.m.dil_max, 1);
            close_fixture(&f);
        }
    }
    /* slots: 4 tasks a processor, B(8) on fattree:4:3 fills 64 x 4 */
    o = opts("drb");
    o.slots = 4;
    open_fixture(&f, "fattree:4:3", "binomial:8", &o);
    assert_int_equal(f.m.load_max, 4);
    assert_int_equal(f.m.conflicts, 0);
    close_fixture(&f);
    o = opts("drb");
    o.root = 3;
    assert_int_equal(setup(&f, "fattree:4:3", "binomial:4", &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "drb chooses all placements"));
    close_fixture(&f);
}

/* Every bound at most the figure beside it, on placements of every kind:
 * direct, indirect and directed networks, slots, log weights, both link
 * models (a property test from the bounds helper's branch, on this API). */
static void test_bound_below_figures(void **state)
{
    (void)state;
    static const char *nets[] = {"torus:4x4", "fattree:4:2", "dragonfly:2:2:1", "hypercube:4",
                                 "ddb:4", "mesh:3x5", "fattree:2:3", "kautz:2:3"};
    static const char *trees[] = {"binomial:4", "binomial:3", "cbt:3", "binomial:5"};
    static const char *maps[] = {"random", "greedy", "identity", "drb"};
    int checked = 0;
    for (size_t ni = 0; ni < sizeof nets / sizeof *nets; ni++)
        for (size_t ti = 0; ti < sizeof trees / sizeof *trees; ti++)
            for (size_t mi = 0; mi < sizeof maps / sizeof *maps; mi++)
                for (int variant = 0; variant < 4; variant++) {
                    dn_embed_opts o = opts(maps[mi]);
                    o.seed = (uint64_t)variant + 1;
                    o.slots = variant >= 2 ? 2 : 0;
                    o.weights = variant % 2 ? DN_WEIGHTS_LOG : DN_WEIGHTS_UNIFORM;
                    fixture f;
                    dn_err err;
                    if (setup(&f, nets[ni], trees[ti], &o, &err)) { /* too big for the slots */
                        close_fixture(&f);
                        continue;
                    }
                    dn_metric_opts mo = {0};
                    mo.directed_links = variant % 2;
                    dn_bounds bd;
                    if (dn_metrics_compute(f.e, &mo, &f.m, &err) ||
                        dn_bounds_compute(f.e, mo.directed_links, &bd, &err))
                        fail_msg("%s on %s: %s", trees[ti], nets[ni], err.msg);
                    if (bd.dilation_total > (double)f.m.dil_total ||
                        bd.hop_bytes > f.m.w_total + 1e-9 || bd.congestion > f.m.congestion)
                        fail_msg("%s on %s by %s (variant %d): bound %g %g %lld over %lld %g "
                                 "%lld",
                                 trees[ti], nets[ni], maps[mi], variant, bd.dilation_total,
                                 bd.hop_bytes, (long long)bd.congestion, (long long)f.m.dil_total,
                                 f.m.w_total, (long long)f.m.congestion);
                    checked++;
                    close_fixture(&f);
                }
    assert_true(checked > 300);
    /* a placement file may pile every task on one processor (nothing
     * enforces ceil(T / P) without slots): the bound stays below it */
    int64_t pile[8] = {0};
    dn_embed_opts o = opts("given");
    o.place = pile;
    o.place_len = 8;
    fixture f;
    dn_bounds bd;
    dn_err err;
    open_fixture(&f, "fattree:2:3", "binomial:3", &o);
    assert_int_equal(f.m.dil_total, 0);
    assert_int_equal(dn_bounds_compute(f.e, 0, &bd, &err), DN_OK);
    assert_true(bd.dilation_total == 0 && bd.congestion == 0);
    close_fixture(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zrl_against_paper),
        cmocka_unit_test(test_zrl_roots_and_errors),
        cmocka_unit_test(test_zrl_walk),
        cmocka_unit_test(test_zrl_lifts),
        cmocka_unit_test(test_depth_loads),
        cmocka_unit_test(test_contention_brute_force),
        cmocka_unit_test(test_mesh_mappings_all_roots),
        cmocka_unit_test(test_dccube_same_cost_every_root),
        cmocka_unit_test(test_mesh_mappings_nd),
        cmocka_unit_test(test_box_mappings),
        cmocka_unit_test(test_growing),
        cmocka_unit_test(test_hypercube_binomial),
        cmocka_unit_test(test_sneptree_homogeneous),
        cmocka_unit_test(test_sneptree_closed_forms),
        cmocka_unit_test(test_cbt_property31),
        cmocka_unit_test(test_xor_embedding),
        cmocka_unit_test(test_exact_search),
        cmocka_unit_test(test_lower_bound),
        cmocka_unit_test(test_lower_bound_seed000),
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_baselines),
        cmocka_unit_test(test_mpi_trees_through_binomial),
        cmocka_unit_test(test_mpi_trees_identity_hypercube),
        cmocka_unit_test(test_mpi_trees_as_files),
        cmocka_unit_test(test_mpi_trees_bit_reversal),
        cmocka_unit_test(test_scotch),
        cmocka_unit_test(test_scotch_refused),
        cmocka_unit_test(test_alloc_slots),
        cmocka_unit_test(test_best),
        cmocka_unit_test(test_scotch_fair),
        cmocka_unit_test(test_bounds_brute_force),
        cmocka_unit_test(test_intra_cost),
        cmocka_unit_test(test_drb),
        cmocka_unit_test(test_bound_below_figures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
