/*
 * test_search.c - the searches name what ran (issue 37 items 1, 5, 6, 9,
 * 19), library and CLI:
 *  - --map best: each mapping is a candidate alone, its polished (or
 *    --refine'd) placement a row of its own named MAP+polish / MAP+refine;
 *    under --objective time no polish runs, so the winner's time is no
 *    worse than any mapping's own run (mesh:8x8 B(6): growing alone 9.03125,
 *    the polished growing 14.515625 was chosen before); a placement the
 *    allocation refuses is not listed under its mapping's name;
 *  - --map exact: search.max_dilation is the witness's own maximum
 *    dilation (mesh:4x4 with --search-limit 1: 4, not the diameter 6);
 *    the search stops on a time budget (--budget, default 5 s) and says so;
 *  - refinement undoes a move that leaves an edge without a route, and
 *    best returns a valid placement on a network that is not strongly
 *    connected;
 *  - options that would do nothing are refused, naming the option.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"
#include "../src/embed/embed_impl.h" /* dn_embed_refine's check hook */

#include <math.h>
#include <time.h>

typedef struct fixture {
    dn_net net;
    dn_tree tree;
} fixture;

static void setup(fixture *f, const char *net, const char *tree)
{
    dn_err err;
    dn_tree_model tm;
    memset(f, 0, sizeof *f);
    if (dn_net_init(&f->net, net, &err) || dn_tree_model_parse(tree, &tm, &err) ||
        dn_tree_init(&f->tree, &tm, 1, 0, &err))
        fail_msg("%s %s: %s", net, tree, err.msg);
}

static void teardown(fixture *f)
{
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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The largest distance between a task's processor and its parent's, by
 * BFS from each parent's processor: the maximum dilation on shortest
 * routes, computed here independently of the search. */
static int max_distance(const dn_csr *g, const dn_embed *e, int64_t T)
{
    int64_t *dist = malloc((size_t)g->n * sizeof *dist), *q = malloc((size_t)g->n * sizeof *q);
    assert_non_null(dist);
    assert_non_null(q);
    int m = 0;
    for (int64_t v = 1; v < T; v++) {
        const int64_t s = dn_embed_place(e, dn_tree_parent(dn_embed_tree(e), v));
        for (int64_t i = 0; i < g->n; i++)
            dist[i] = -1;
        int64_t h = 0, t = 0;
        dist[s] = 0;
        q[t++] = s;
        while (h < t) {
            const int64_t u = q[h++];
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
                if (dist[g->adj[a]] < 0) {
                    dist[g->adj[a]] = dist[u] + 1;
                    q[t++] = g->adj[a];
                }
        }
        const int64_t d = dist[dn_embed_place(e, v)];
        m = d > m ? (int)d : m;
    }
    free(dist);
    free(q);
    return m;
}

/* Item 6: the search's max_dilation is the placement's. mesh:4x4 with B(4)
 * and a limit of 1 node a decision: no decision completes, the witness is
 * taken at the diameter (6), and its own maximum dilation is 4. */
static void test_exact_reports_witness(void **state)
{
    (void)state;
    fixture f;
    setup(&f, "mesh:4x4", "binomial:4");
    dn_embed_opts o = opts("exact");
    o.search_limit = 1;
    dn_embed *e;
    dn_err err;
    assert_int_equal(dn_embed_init(&e, &f.net, &f.tree, &o, &err), DN_OK);
    dn_embed_search s;
    assert_true(dn_embed_exact_search(e, &s));
    dn_metrics m;
    assert_int_equal(dn_metrics_compute(e, NULL, &m, &err), DN_OK);
    const int d = max_distance(dn_embed_graph(e), e, f.tree.nodes);
    assert_int_equal(s.best, d);
    assert_int_equal(s.best, 4);
    assert_true(s.best < 6); /* the diameter it was taken at */
    assert_true(s.refuted < s.best);
    assert_int_equal(s.settled, s.refuted == s.best - 1);
    assert_int_equal(s.stopped, DN_EXACT_STOP_NODES);
    assert_int_equal(s.node_limit, 1);
    assert_true(s.seconds == DN_EXACT_DEFAULT_SECONDS);
    dn_metrics_free(&m);
    dn_embed_free(e);
    /* without a limit the search settles: B(4) on mesh:4x4 has maximum
     * dilation 2 at best (the root's 4 children fill its 4 neighbours, and
     * the child with 3 children of its own then has a neighbour taken) -
     * whatever it is, the figure is the witness's and nothing stopped it */
    o.search_limit = 0;
    assert_int_equal(dn_embed_init(&e, &f.net, &f.tree, &o, &err), DN_OK);
    assert_true(dn_embed_exact_search(e, &s));
    assert_int_equal(s.best, max_distance(dn_embed_graph(e), e, f.tree.nodes));
    assert_true(s.settled);
    assert_int_equal(s.stopped, DN_EXACT_STOP_NONE);
    dn_embed_free(e);
    teardown(&f);
    /* the CLI says the same */
    run_result r = run_dcnet("embed --net mesh:4x4 --tree binomial:4 --map exact "
                             "--search-limit 1 --json");
    assert_int_equal(r.status, 0);
    const char *search = json_find(r.out, "search");
    assert_non_null(search);
    assert_true(json_num(search, "max_dilation") == 4);
    const char *dil = json_find(r.out, "dilation");
    assert_non_null(dil);
    assert_true(json_num(dil, "max") == 4);
    assert_non_null(strstr(r.out, "\"stopped\":\"nodes\""));
    assert_true(json_num(r.out, "node_limit") == 1);
    run_free(&r);
}

/* Item 5: a time budget bounds the whole search, and the result says it
 * stopped on time. mesh:32x32 with B(10) ran about an hour at the node
 * limit; with a budget of 0.5 s it ends within seconds (the distances and
 * balls of 1024 processors take part of that), with a valid placement
 * whose figure is its own. */
static void test_exact_time_budget(void **state)
{
    (void)state;
    fixture f;
    setup(&f, "mesh:32x32", "binomial:10");
    dn_embed_opts o = opts("exact");
    o.search_seconds = 0.5;
    dn_embed *e;
    dn_err err;
    const double t0 = now();
    assert_int_equal(dn_embed_init(&e, &f.net, &f.tree, &o, &err), DN_OK);
    const double took = now() - t0;
    if (took > 20)
        fail_msg("a 0.5 s budget took %.1f s", took);
    dn_embed_search s;
    assert_true(dn_embed_exact_search(e, &s));
    assert_int_equal(s.stopped, DN_EXACT_STOP_TIME);
    assert_true(s.seconds == 0.5);
    assert_false(s.settled);
    assert_int_equal(s.best, max_distance(dn_embed_graph(e), e, f.tree.nodes));
    /* one task a processor */
    char *used = calloc(1024, 1);
    assert_non_null(used);
    for (int64_t v = 0; v < f.tree.nodes; v++) {
        const int64_t p = dn_embed_place(e, v);
        assert_true(p >= 0 && p < 1024 && !used[p]);
        used[p] = 1;
    }
    free(used);
    dn_embed_free(e);
    /* a budget that is not > 0 is refused, naming the parameter */
    o.search_seconds = -1;
    assert_int_equal(dn_embed_init(&e, &f.net, &f.tree, &o, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "time budget"));
    o.search_seconds = NAN;
    assert_int_equal(dn_embed_init(&e, &f.net, &f.tree, &o, &err), DN_EINVAL);
    teardown(&f);
    /* dn_exact_search_budget directly: the same, and without a budget on a
     * small case the result is complete and reproducible */
    setup(&f, "debruijn:5", "binomial:5");
    dn_embed *ex;
    dn_embed_opts oc = opts("identity");
    assert_int_equal(dn_embed_init(&ex, &f.net, &f.tree, &oc, &err), DN_OK);
    int64_t root = 0;
    dn_exact_result r1, r2;
    assert_int_equal(dn_exact_search_budget(dn_embed_graph(ex), &f.tree, &root, 1, 0, INFINITY,
                                            &r1, &err),
                     DN_OK);
    assert_int_equal(dn_exact_search(dn_embed_graph(ex), &f.tree, &root, 1, 0, &r2, &err), DN_OK);
    assert_int_equal(r1.stopped, DN_EXACT_STOP_NONE);
    assert_int_equal(r1.best, r2.best);
    assert_int_equal(r1.nodes, r2.nodes);
    assert_memory_equal(r1.place, r2.place, (size_t)f.tree.nodes * sizeof *r1.place);
    dn_exact_result_free(&r1);
    dn_exact_result_free(&r2);
    assert_int_equal(dn_exact_search_budget(dn_embed_graph(ex), &f.tree, &root, 1, 0, 0, &r1,
                                            &err),
                     DN_EINVAL);
    dn_embed_free(ex);
    teardown(&f);
    /* the CLI: --budget, and the budget in the JSON */
    run_result r = run_dcnet("embed --net mesh:32x32 --tree binomial:10 --map exact "
                             "--budget 300ms --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"stopped\":\"time\""));
    assert_true(json_num(r.out, "budget") == 0.3);
    run_free(&r);
    r = run_dcnet("embed --net debruijn:5 --tree binomial:5 --map exact --budget 0 --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"budget\":null"));
    assert_non_null(strstr(r.out, "\"stopped\":\"none\""));
    run_free(&r);
    r = run_dcnet("simulate --net mesh:32x32 --tree binomial:10 --map exact --budget 0.2 --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"stopped\":\"time\""));
    run_free(&r);
}

/* The candidate of res named `name`, or NULL. */
static const dn_best_candidate *row(const dn_best_result *res, const char *name)
{
    for (int i = 0; i < res->n; i++)
        if (strcmp(res->cand[i].map, name) == 0)
            return &res->cand[i];
    return NULL;
}

static double sim_time(dn_embed *e, const dn_sim_opts *so, const dn_sim_work_opts *wo)
{
    dn_sim_objective ob;
    dn_err err;
    double t;
    assert_int_equal(dn_sim_objective_init(&ob, so, wo, &err), DN_OK);
    assert_int_equal(dn_sim_objective_time(&ob, e, &t, &err), DN_OK);
    dn_sim_objective_free(&ob);
    return t;
}

/* Item 1: under objective time the winner's time is no worse than any
 * mapping's own run, each measured here alone; the rows name what ran. */
static void test_best_time_no_polish(void **state)
{
    (void)state;
    static const struct {
        const char *net;
        double alpha, growing; /* growing alone: the figures */
    } cases[] = {{"mesh:8x8", 0.5, 9.03125}, {"torus:8x8", 1, 16}};
    static const char *const maps[] = {"dccube", "reflecting", "growing", "identity", "greedy",
                                       "drb", "scotch", "random"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        fixture f;
        setup(&f, cases[k].net, "binomial:6");
        dn_sim_opts so = {.sw = DN_SW_SAF, .ts = 1, .te = 1, .ports = 1, .vcs = 1};
        dn_sim_work_opts wo = {.stage = DN_STAGE_DIVIDE, .alpha = cases[k].alpha};
        dn_sim_objective ob;
        dn_err err;
        assert_int_equal(dn_sim_objective_init(&ob, &so, &wo, &err), DN_OK);
        dn_embed_opts o = opts("best");
        o.seed = 1;
        o.time_fn = dn_sim_objective_time;
        o.time_ctx = &ob;
        dn_best_result *res = malloc(sizeof *res);
        assert_non_null(res);
        dn_embed *e;
        if (dn_best_init(&e, &f.net, &f.tree, &o, NULL, DN_OBJECTIVE_TIME, res, &err))
            fail_msg("%s", err.msg);
        const double tw = sim_time(e, &so, &wo);
        assert_true(tw == res->cand[res->winner].time);
        for (int i = 0; i < res->n; i++) /* no polish under time */
            assert_null(strstr(res->cand[i].map, "+polish"));
        const dn_best_candidate *g = row(res, "growing");
        assert_non_null(g);
        assert_true(g->time == cases[k].growing);
        for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
            dn_embed_opts oi = opts(maps[i]);
            oi.seed = 1;
            dn_embed *ei;
            if (strcmp(maps[i], "scotch") == 0 && !dn_have_scotch())
                continue;
            if (dn_embed_init(&ei, &f.net, &f.tree, &oi, &err))
                continue;
            const double ti = sim_time(ei, &so, &wo);
            if (tw > ti)
                fail_msg("%s: best (%s) takes %g, %s alone %g", cases[k].net,
                         res->cand[res->winner].map, tw, maps[i], ti);
            dn_embed_free(ei);
        }
        assert_true(tw <= cases[k].growing);
        dn_embed_free(e);
        free(res);
        dn_sim_objective_free(&ob);
        teardown(&f);
    }
    /* the CLI: the two runs */
    run_result r = run_dcnet("simulate --net mesh:8x8 --tree binomial:6 --map best --objective "
                             "time --json");
    assert_int_equal(r.status, 0);
    assert_true(json_num(r.out, "time") <= 9.03125);
    assert_null(strstr(r.out, "polish"));
    run_free(&r);
    r = run_dcnet("simulate --net torus:8x8 --tree binomial:6 --map best --objective time "
                  "--alpha 1 --json");
    assert_int_equal(r.status, 0);
    assert_true(json_num(r.out, "time") <= 16);
    run_free(&r);
}

/* Item 1, the names: without an objective, each mapping's row has the
 * figures of the mapping built alone; a polished row is named MAP+polish,
 * follows its mapping, and differs from it; the winner's figures are a
 * fresh measurement of the winner and no row beats it. */
static void test_best_rows_name_what_ran(void **state)
{
    (void)state;
    fixture f;
    setup(&f, "mesh:8x8", "binomial:6");
    dn_embed_opts o = opts("best");
    o.seed = 1;
    dn_best_result *res = malloc(sizeof *res);
    assert_non_null(res);
    dn_embed *e;
    dn_err err;
    assert_int_equal(dn_best_init(&e, &f.net, &f.tree, &o, NULL, -1, res, &err), DN_OK);
    int polished = 0;
    for (int i = 0; i < res->n; i++) {
        const dn_best_candidate *c = &res->cand[i];
        if (c->status != DN_OK)
            continue;
        if (c->polished) {
            polished++;
            const size_t n = strlen(c->map);
            assert_true(n > 7 && strcmp(c->map + n - 7, "+polish") == 0);
            const dn_best_candidate *p = &res->cand[i - 1];
            assert_int_equal(strncmp(p->map, c->map, n - 7), 0);
            assert_false(p->polished);
            /* the descent worsens nothing ranked */
            assert_true(c->conflicts <= p->conflicts && c->hop_bytes <= p->hop_bytes &&
                        c->congestion <= p->congestion && c->max_link_load <= p->max_link_load);
            continue;
        }
        assert_null(strchr(c->map, '+'));
        char name[48];
        snprintf(name, sizeof name, "%s", c->map);
        dn_embed_opts oi = opts(name);
        oi.seed = 1;
        if (strncmp(name, "random:", 7) == 0) {
            oi.map = "random";
            oi.seed = strtoull(name + 7, NULL, 10);
        }
        if (strcmp(name, "scotch:whole") == 0) {
            oi.map = "scotch";
            oi.scotch_part = DN_SCOTCH_PART_WHOLE;
        }
        dn_embed *ei;
        dn_metrics m;
        assert_int_equal(dn_embed_init(&ei, &f.net, &f.tree, &oi, &err), DN_OK);
        assert_int_equal(dn_metrics_compute(ei, NULL, &m, &err), DN_OK);
        if (m.conflicts != c->conflicts || m.w_total != c->hop_bytes ||
            m.congestion != c->congestion)
            fail_msg("row %s: %lld conflicts, hop-bytes %g; the mapping alone %lld, %g", name,
                     (long long)c->conflicts, c->hop_bytes, (long long)m.conflicts, m.w_total);
        dn_metrics_free(&m);
        dn_embed_free(ei);
    }
    assert_true(polished >= 3);
    dn_metrics mw;
    assert_int_equal(dn_metrics_compute(e, NULL, &mw, &err), DN_OK);
    const dn_best_candidate *w = &res->cand[res->winner];
    assert_int_equal(mw.conflicts, w->conflicts);
    assert_true(mw.w_total == w->hop_bytes);
    for (int i = 0; i < res->n; i++)
        if (res->cand[i].status == DN_OK)
            assert_false(res->cand[i].conflicts < w->conflicts ||
                         (res->cand[i].conflicts == w->conflicts &&
                          res->cand[i].max_link_load == w->max_link_load &&
                          res->cand[i].hop_bytes < w->hop_bytes));
    dn_metrics_free(&mw);
    dn_embed_free(e);
    free(res);
    teardown(&f);
    /* the CLI: --candidates lists growing alone and growing+polish */
    run_result r = run_dcnet("embed --net mesh:8x8 --tree binomial:6 --map best --candidates "
                             "--csv");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, ",growing,24,2,2,111,"));
    assert_non_null(strstr(r.out, ",growing+polish,"));
    run_free(&r);
}

/* Item 1, allocations: a placement the allocation refuses is not made
 * valid by refinement under the mapping's name. Identity of B(2) on
 * processors 0, 1 and 2 of mesh:4x4 with slots 1, 1 and 2 is refused
 * (issue 37 item 17, another change, makes identity honour the slots):
 * while identity alone is refused, so is identity with --refine, and best
 * lists no identity row that applied (it listed one, the polish having
 * moved the tasks into the slots). */
static void test_best_alloc_names(void **state)
{
    (void)state;
    fixture f;
    setup(&f, "mesh:4x4", "binomial:2");
    const int64_t alloc[3] = {0, 1, 2}, slots[3] = {1, 1, 2};
    dn_embed_opts o = opts("identity");
    o.alloc = alloc;
    o.alloc_len = 3;
    o.slots_per = slots;
    dn_embed *e;
    dn_err err;
    const int alone = dn_embed_init(&e, &f.net, &f.tree, &o, &err);
    if (!alone)
        dn_embed_free(e);
    o.refine_moves = 50; /* refinement used to move it into the slots */
    const int refined = dn_embed_init(&e, &f.net, &f.tree, &o, &err);
    if (!refined)
        dn_embed_free(e);
    assert_int_equal(refined != DN_OK, alone != DN_OK);
    o.refine_moves = 0;
    o.map = "best";
    dn_best_result *res = malloc(sizeof *res);
    assert_non_null(res);
    assert_int_equal(dn_best_init(&e, &f.net, &f.tree, &o, NULL, -1, res, &err), DN_OK);
    for (int i = 0; i < res->n; i++)
        if (strncmp(res->cand[i].map, "identity", 8) == 0 && alone)
            if (res->cand[i].status == DN_OK)
                fail_msg("best lists %s as applied; identity alone: %s", res->cand[i].map,
                         err.msg);
    int64_t load[3] = {0, 0, 0};
    for (int64_t v = 0; v < f.tree.nodes; v++) {
        const int64_t p = dn_embed_place(e, v);
        assert_true(p >= 0 && p <= 2);
        load[p]++;
    }
    assert_true(load[0] <= 1 && load[1] <= 1 && load[2] <= 2);
    dn_embed_free(e);
    free(res);
    teardown(&f);
    /* the CLI: --candidates lists no identity row while --map identity is
     * refused */
    FILE *fp = fopen(tp("@T/alloc.txt"), "w");
    assert_non_null(fp);
    fputs("0 slots=1\n1 slots=1\n2 slots=2\n", fp);
    fclose(fp);
    run_result r = run_dcnet("embed --net mesh:4x4 --tree binomial:2 --map identity "
                             "--alloc @T/alloc.txt");
    const int refused = r.status == 2;
    run_free(&r);
    r = run_dcnet("embed --net mesh:4x4 --tree binomial:2 --map best --alloc @T/alloc.txt "
                  "--candidates --json");
    assert_int_equal(r.status, 0);
    if (refused && strstr(r.out, "\"map\":\"identity"))
        fail_msg("--map identity is refused, but best lists it:\n%s", r.out);
    run_free(&r);
}

/* Item 9: on a network that is not strongly connected (0 -> 1 -> 2 -> 3),
 * refinement undoes the moves that leave an edge without a route, and
 * best returns a valid placement. */
static void test_infeasible_moves(void **state)
{
    (void)state;
    FILE *fp = fopen(tp("@T/dir4.txt"), "w");
    assert_non_null(fp);
    fputs("# dcnet edgelist directed=1\n0 1\n1 2\n2 3\n", fp);
    fclose(fp);
    char spec[256];
    snprintf(spec, sizeof spec, "file:%s", tp("@T/dir4.txt"));
    fixture f;
    setup(&f, spec, "binomial:1");
    dn_embed_opts o = opts("greedy");
    o.refine_moves = 200;
    dn_embed *e;
    dn_err err;
    if (dn_embed_init(&e, &f.net, &f.tree, &o, &err))
        fail_msg("greedy --refine: %s", err.msg);
    dn_refine_stats st;
    assert_true(dn_embed_refine_stats(e, &st));
    assert_true(st.infeasible > 0);
    dn_metrics m;
    assert_int_equal(dn_metrics_compute(e, NULL, &m, &err), DN_OK); /* every edge routed */
    assert_int_equal(m.dil_max, 1);
    dn_metrics_free(&m);
    dn_embed_free(e);
    o.refine_moves = 0;
    o.map = "best";
    dn_best_result *res = malloc(sizeof *res);
    assert_non_null(res);
    if (dn_best_init(&e, &f.net, &f.tree, &o, NULL, -1, res, &err))
        fail_msg("best: %s", err.msg);
    assert_int_equal(dn_metrics_compute(e, NULL, &m, &err), DN_OK);
    assert_int_equal(m.dil_max, 1);
    dn_metrics_free(&m);
    dn_embed_free(e);
    free(res);
    teardown(&f);
    /* two directed rings, the first leading into the second only: a move
     * across is undone in full, the incremental counters (conflicts and
     * congestion too) equal a full recount after every move (the check
     * hook), and the figures never get worse */
    fp = fopen(tp("@T/rings.txt"), "w");
    assert_non_null(fp);
    fputs("# dcnet edgelist directed=1\n0 1\n1 2\n2 3\n3 0\n3 4\n4 5\n5 6\n6 7\n7 4\n", fp);
    fclose(fp);
    snprintf(spec, sizeof spec, "file:%s", tp("@T/rings.txt"));
    setup(&f, spec, "binomial:2");
    for (int obj = DN_OBJECTIVE_DILATION; obj <= DN_OBJECTIVE_CONGESTION; obj++) {
        o = opts("greedy");
        assert_int_equal(dn_embed_init(&e, &f.net, &f.tree, &o, &err), DN_OK);
        o.refine_moves = 300;
        o.objective = (dn_objective)obj;
        o.seed = (uint64_t)obj;
        if (dn_embed_refine(e, &o, 1, &err))
            fail_msg("objective %d: %s", obj, err.msg);
        assert_true(dn_embed_refine_stats(e, &st));
        assert_true(st.infeasible > 0);
        assert_true(dn_refine_cmp((dn_objective)obj, 0, &st.after, &st.before) <= 0);
        assert_int_equal(dn_metrics_compute(e, NULL, &m, &err), DN_OK);
        assert_int_equal(m.dil_total, st.after.hops);
        dn_metrics_free(&m);
        dn_embed_free(e);
    }
    teardown(&f);
    /* the CLI */
    run_result r = run_dcnet("embed --net file:@T/dir4.txt --tree binomial:1 --map greedy "
                             "--refine 10 --json");
    assert_int_equal(r.status, 0);
    run_free(&r);
    r = run_dcnet("embed --net file:@T/dir4.txt --tree binomial:1 --map best --json");
    assert_int_equal(r.status, 0);
    assert_true(json_num(r.out, "max") == 1);
    run_free(&r);
    r = run_dcnet("simulate --net file:@T/dir4.txt --tree binomial:1 --map best --json");
    assert_int_equal(r.status, 0);
    run_free(&r);
}

/* Item 19: options that would do nothing are refused (exit 2, nothing on
 * stdout), the message naming the option at fault; the same options
 * where they act still run. */
static void test_options_that_do_nothing(void **state)
{
    (void)state;
    FILE *fp = fopen(tp("@T/tr.txt"), "w");
    assert_non_null(fp);
    fputs("0 1 5\n1 0 7\n", fp);
    fclose(fp);
    static const struct {
        const char *args, *flag;
    } bad[] = {
        {"simulate --net mesh:4x4 --tree binomial:3 --map best --all-roots", "--all-roots"},
        {"simulate --net mesh:2x2 --trace @T/tr.txt --refine 10 --objective conflicts",
         "--refine"},
        {"simulate --net mesh:2x2 --trace @T/tr.txt --objective conflicts", "--objective"},
        {"simulate --net mesh:2x2 --trace @T/tr.txt --search-limit 5", "--search-limit"},
        {"simulate --net mesh:2x2 --trace @T/tr.txt --intra-cost 1", "--intra-cost"},
        {"simulate --net mesh:2x2 --trace @T/tr.txt --scotch-strategy x", "--scotch-strategy"},
        {"simulate --net mesh:4x4 --tree binomial:3 --map greedy --intra-cost 1",
         "--intra-cost"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --search-limit 5",
         "--search-limit"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --budget 2", "--budget"},
        {"embed --net mesh:4x4 --tree binomial:3 --map drb --budget 2", "--budget"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --objective conflicts",
         "--objective"},
        {"simulate --net mesh:4x4 --tree binomial:3 --map greedy --objective time", "--objective"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --scotch-strategy x",
         "--scotch-strategy"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --scotch-target deco2",
         "--scotch-target"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --scotch-part whole",
         "--scotch-part"},
        {"embed --net mesh:4x4 --tree binomial:3 --map greedy --order asc", "--order"},
        {"embed --net mesh:4x4 --tree binomial:3 --map reflecting --approach b", "--approach"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        run_result r = run_dcnet(bad[i].args);
        if (r.status != 2 || r.out[0] || !strstr(r.err, bad[i].flag))
            fail_msg("dcnet %s: exit %d, stdout '%s', stderr '%s' (want 2 naming %s)",
                     bad[i].args, r.status, r.out, r.err, bad[i].flag);
        run_free(&r);
    }
    static const char *const good[] = {
        "embed --net mesh:4x4 --tree binomial:4 --map exact --search-limit 5 --budget 2",
        "embed --net mesh:4x4 --tree binomial:3 --map greedy --refine 10 --objective conflicts",
        "embed --net mesh:4x4 --tree binomial:3 --map best --budget 2", /* issue 39 */
        "embed --net mesh:4x4 --tree binomial:3 --map greedy --refine 10 --budget 1",
        "embed --net mesh:4x4 --tree binomial:3 --map best --objective conflicts --order asc",
        "embed --net mesh:4x4 --tree binomial:3 --map greedy --intra-cost 1",
        "simulate --net mesh:4x4 --tree binomial:3 --map greedy --refine 10 --intra-cost 1",
        "simulate --net mesh:2x2 --trace @T/tr.txt",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        run_result r = run_dcnet(good[i]);
        if (r.status != 0)
            fail_msg("dcnet %s: exit %d, %s", good[i], r.status, r.err);
        run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_reports_witness),
        cmocka_unit_test(test_exact_time_budget),
        cmocka_unit_test(test_best_time_no_polish),
        cmocka_unit_test(test_best_rows_name_what_ran),
        cmocka_unit_test(test_best_alloc_names),
        cmocka_unit_test(test_infeasible_moves),
        cmocka_unit_test(test_options_that_do_nothing),
    };
    if (getenv("DCNET_TEST_FILTER"))
        cmocka_set_test_filter(getenv("DCNET_TEST_FILTER"));
    return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
