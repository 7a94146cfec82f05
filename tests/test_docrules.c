/*
 * test_docrules.c - the rules the docs state about the simulator, the edge
 * list reader and the seeds (issue 38 item 4), checked against the dcnet
 * binary: each test runs the docs' own example and asserts the figure the
 * stated rule predicts, including the cases where a looser wording would
 * predict another figure (110.5 for circuit, 16 for a store-and-forward
 * link that did not hold its latency, one figure for both trace orders).
 * The binary comes from $DCNET_BIN and may run under $DCNET_WRAPPER.
 */
#include "testutil.h"

#include <math.h>

static run_result ok_run(const char *args)
{
    run_result r = run_dcnet(args);
    if (r.status != 0)
        fail_msg("dcnet %s: exit %d, stderr: %s", args, r.status, r.err);
    return r;
}

static run_result json_run(const char *args)
{
    run_result r = ok_run(args);
    if (!json_valid_object(r.out))
        fail_msg("dcnet %s: not one JSON object: %s", args, r.out);
    return r;
}

/* Writes text to the scratch file @T/name. */
static void put(const char *name, const char *text)
{
    char path[64];
    snprintf(path, sizeof path, "@T/%s", name);
    FILE *f = fopen(tp(path), "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The number after "key": in the JSON object that follows "obj": in s. */
static double json_sub(const char *s, const char *obj, const char *key)
{
    const char *o = json_find(s, obj);
    if (!o) {
        fail_msg("object '%s' missing in %s", obj, s);
        return 0;
    }
    return json_num(o, key);
}

/* `simulate ARGS --json` and one of its numbers. */
static double sim_num(const char *args, const char *key)
{
    char a[512];
    snprintf(a, sizeof a, "simulate %s --json", args);
    run_result r = json_run(a);
    double v = json_num(r.out, key);
    run_free(&r);
    return v;
}

static void expect_num(const char *args, const char *key, double want)
{
    double got = sim_num(args, key);
    if (got != want)
        fail_msg("dcnet simulate %s: %s %.17g, expected %.17g", args, key, got, want);
}

/* Message id's delivery time in the --messages CSV of `simulate ARGS`
 * (columns id,step,src,dst,bytes,hops,route,release,start,delivered,waited). */
static double delivered(const char *args, int id, int col)
{
    char a[512];
    snprintf(a, sizeof a, "simulate %s --messages @T/m.csv", args);
    run_result r = ok_run(a);
    run_free(&r);
    char *csv = slurp(tp("@T/m.csv"));
    double v = NAN;
    for (char *line = strtok(csv, "\n"); line; line = strtok(NULL, "\n")) {
        if (atoi(line) != id || !isdigit((unsigned char)line[0]))
            continue;
        const char *p = line;
        for (int c = 0; c < col && p; c++) {
            p = strchr(p, ',');
            if (p)
                p++;
        }
        if (p)
            v = strtod(p, NULL);
    }
    free(csv);
    return v;
}
#define COL_START 8
#define COL_DELIVERED 9

static const char *const modes[] = {"saf", "vct", "wormhole", "circuit"};

/* docs/networks.md: a link of 100 B/s with latency 0.5, then one of 10.
 * Two messages of 1000 bytes, one per link (a path tree under steps):
 * 10.5 + 100 under saf, vct and wormhole; circuit pays the latency three
 * times on the first: 111.5. One message over both links: saf 110.5,
 * cut-through 0.5 + 1000 / 10, circuit 3 x 0.5 + 100. te_coeff and
 * const_coeff split it as docs/simulator.md says. */
static void test_costs_two_links(void **state)
{
    (void)state;
    put("costs.txt", "# dcnet edgelist nodes=4 directed=0 costs=1\n0 1 100 0.5\n1 2 10 0\n"
                     "2 3 1000 0\n3 0 100 0\n");
    put("p3.csv", "id,parent,work,bytes_down\n0,-1,0,0\n1,0,0,1000\n2,1,0,1000\n");
    put("p2.txt", "# dcnet edgelist nodes=3 costs=1\n0 1 100 0.5\n1 2 10 0\n");
    put("t02.txt", "0 2 1000\n");
    static const double tree[] = {110.5, 110.5, 110.5, 111.5};
    static const double one[] = {110.5, 100.5, 100.5, 101.5};
    static const double te[] = {110, 100, 100, 100}, cst[] = {0.5, 0.5, 0.5, 1.5};
    for (int i = 0; i < 4; i++) {
        char a[256];
        snprintf(a, sizeof a,
                 "--net file:@T/costs.txt --tree file:@T/p3.csv --map identity "
                 "--tree-work ignore -w %s",
                 modes[i]);
        expect_num(a, "time", tree[i]);
        snprintf(a, sizeof a, "--net file:@T/p2.txt --trace @T/t02.txt -w %s", modes[i]);
        expect_num(a, "time", one[i]);
        expect_num(a, "te_coeff", te[i]);
        expect_num(a, "const_coeff", cst[i]);
    }
}

/* docs/formats.md: under costs=1 a line is exactly u v BANDWIDTH LATENCY;
 * without it exactly u v. Refusals exit 2 with nothing on stdout. */
static void test_edgelist_costs_columns(void **state)
{
    (void)state;
    static const struct {
        const char *text, *err;
    } bad[] = {
        {"# dcnet edgelist nodes=2 costs=1\n0 1 10\n", "line 2: the header says costs=1, so every "
                                                        "link needs a bandwidth and a latency"},
        {"# dcnet edgelist nodes=2 costs=1\n0 1 10\n", "this line has no latency"},
        {"# dcnet edgelist nodes=2 costs=1\n0 1\n", "this line has neither"},
        {"# dcnet edgelist nodes=2 costs=1\n0 1 10 0 5\n", "line 2: expected two node ids"},
        {"0 1 10 1\n", "need the header '# dcnet edgelist costs=1'"},
        {"# dcnet edgelist nodes=2 costs=0\n0 1 10 1\n", "need the header"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        put("e.txt", bad[i].text);
        run_result r = run_dcnet("net --net file:@T/e.txt --json");
        if (r.status != 2 || r.out[0] || !strstr(r.err, bad[i].err))
            fail_msg("case %zu: exit %d, stdout '%s', stderr '%s', expected '%s'", i, r.status,
                     r.out, r.err, bad[i].err);
        run_free(&r);
    }
    put("e.txt", "# dcnet edgelist nodes=2 costs=1\n0 1 10 0\n");
    run_result r = json_run("net --net file:@T/e.txt --json");
    run_free(&r);
    put("e.txt", "# dcnet edgelist nodes=2\n0 1\n");
    r = json_run("net --net file:@T/e.txt --json");
    run_free(&r);
}

/* docs/simulator.md, "Link costs": a hop holds its link m / bw + lat. One
 * link (1 B/s, latency 10), 4 bytes at 0 and 1 byte at 5, all ports: the
 * second gets the link at 14 and ends at 25 (held m / bw only, the link
 * would be free at 4: the second would go at 5 and end at 16); circuit
 * holds the link to delivery: 34, then 34 + 31. */
static void test_link_held(void **state)
{
    (void)state;
    put("l1.txt", "# dcnet edgelist nodes=2 directed=1 costs=1\n0 1 1 10\n");
    put("t1.txt", "0 1 4 0\n0 1 1 5\n");
    static const double time[] = {25, 25, 25, 65}, second[] = {14, 14, 14, 34};
    for (int i = 0; i < 4; i++) {
        char a[256];
        snprintf(a, sizeof a, "--net file:@T/l1.txt --trace @T/t1.txt --ports all -w %s",
                 modes[i]);
        expect_num(a, "time", time[i]);
        double s = delivered(a, 1, COL_START);
        if (s != second[i])
            fail_msg("%s: the second message got the link at %g, expected %g", modes[i], s,
                     second[i]);
    }
}

/* docs/simulator.md, the tie rule. (a) Two messages released at 0 compete
 * for 1 -> 2: the earlier trace line goes first and takes every free
 * channel of its route: 12, and 14 with the lines swapped. (b) A waiter
 * gets the channel freed at an instant before a message released at that
 * instant, whatever the line order. (c) A message released at t goes
 * before a head that reaches its next channel at t (the release was
 * scheduled first), whatever the line order. */
static void test_tie_rule(void **state)
{
    (void)state;
    put("c4.txt", "# dcnet edgelist nodes=4 costs=1\n0 1 1 0\n1 2 1 0\n2 3 1 10\n");
    put("ta.txt", "0 3 2 0\n1 2 2 0\n");
    put("tb.txt", "1 2 2 0\n0 3 2 0\n");
    static const char *const worms[] = {"wormhole", "vct"};
    for (int i = 0; i < 2; i++) {
        char a[256];
        snprintf(a, sizeof a, "--net file:@T/c4.txt --trace @T/ta.txt -w %s", worms[i]);
        expect_num(a, "time", 12);
        assert_true(delivered(a, 0, COL_DELIVERED) == 12); /* long worm first */
        /* 1 -> 2 is freed when the tail has left it: at the head's arrival
         * (10) for a worm, a crossing after its grant (2) under vct */
        assert_true(delivered(a, 1, COL_START) == (i == 0 ? 10 : 2));
        snprintf(a, sizeof a, "--net file:@T/c4.txt --trace @T/tb.txt -w %s", worms[i]);
        expect_num(a, "time", 14);
        assert_true(delivered(a, 0, COL_DELIVERED) == 2); /* the short one first */
        assert_true(delivered(a, 1, COL_DELIVERED) == 14);
    }
    /* (b) A (1 -> 2, 2 bytes) holds 1 -> 2 to 2; B (0 -> 2) queues for it at
     * 0; C (3 -> 2) is released at 2 and asks for it at 2: B gets it. */
    put("y.txt", "# dcnet edgelist nodes=4 costs=1\n0 1 1 0\n1 2 1 0\n3 1 1 0\n");
    static const struct {
        const char *trace;
        int b, c;
    } waiter[] = {{"1 2 2 0\n0 2 1 0\n3 2 1 2\n", 1, 2}, {"3 2 1 2\n1 2 2 0\n0 2 1 0\n", 2, 0}};
    for (int i = 0; i < 2; i++) {
        put("tc.txt", waiter[i].trace);
        const char *a = "--net file:@T/y.txt --trace @T/tc.txt -w wormhole";
        if (delivered(a, waiter[i].b, COL_DELIVERED) != 3 ||
            delivered(a, waiter[i].c, COL_DELIVERED) != 4)
            fail_msg("order %d: the waiter (message %d) was not served first", i, waiter[i].b);
    }
    /* (c) A (0 -> 2) crosses 0 -> 1 (latency 1) and asks for 1 -> 2 at 1;
     * B (1 -> 2) is released at 1: B first, delivered at 2, A at 3. */
    put("z.txt", "# dcnet edgelist nodes=3 costs=1\n0 1 1 1\n1 2 1 0\n");
    static const struct {
        const char *trace;
        int a, b;
    } rel[] = {{"0 2 1 0\n1 2 1 1\n", 0, 1}, {"1 2 1 1\n0 2 1 0\n", 1, 0}};
    for (int i = 0; i < 2; i++) {
        put("td.txt", rel[i].trace);
        for (int w = 0; w < 2; w++) {
            char a[256];
            snprintf(a, sizeof a, "--net file:@T/z.txt --trace @T/td.txt -w %s", worms[w]);
            if (delivered(a, rel[i].b, COL_DELIVERED) != 2 ||
                delivered(a, rel[i].a, COL_DELIVERED) != 3)
                fail_msg("%s, order %d: the release at 1 was not served before the head", worms[w],
                         i);
        }
    }
}

/* docs/simulator.md: te_coeff sums the critical path's crossings, m / bw
 * each: every hop under saf, m / min bw once per worm, and under vct the
 * crossing that freed the tail. B: 200 bytes 3 -> 1 -> 2 (1, 100 B/s); A:
 * 1000 bytes 0 -> 1 -> 2 (10, 100 B/s) waits for 1 -> 2 until 200. */
static void test_te_coeff(void **state)
{
    (void)state;
    put("v.txt", "# dcnet edgelist nodes=4 costs=1\n0 1 10 0\n1 2 100 0\n3 1 1 0\n");
    put("tv.txt", "3 2 200 0\n0 2 1000 0\n");
    static const double te[] = {202,                   /* B alone: 200/1 + 200/100 */
                                200.0 + 1000.0 / 100,  /* A's last crossing is 1 -> 2 */
                                200.0 + 1000.0 / 10,   /* A streams at 10 B/s */
                                200.0 + 1000.0 / 10};
    for (int i = 0; i < 4; i++) {
        char a[256];
        snprintf(a, sizeof a, "--net file:@T/v.txt --trace @T/tv.txt --ports all -w %s",
                 modes[i]);
        expect_num(a, "te_coeff", te[i]);
        expect_num(a, "time", te[i]); /* no latencies, no t_s */
    }
}

/* The n-th (0-based) per_step entry's value of key. */
static double step_num(const char *json, int n, const char *key)
{
    const char *p = json_find(json, "per_step");
    for (int i = 0; p && i <= n; i++)
        p = strstr(p + 1, "{\"step\":");
    if (!p) {
        fail_msg("per_step entry %d missing in %s", n, json);
        return 0;
    }
    return json_num(p, key);
}

/* docs/simulator.md, --per-step: start is when the step began (steps: the
 * previous step's end; async: its first release), not its first grant.
 * binomial:2 on a ring of 1 B/s links, 4 bytes, t_s 1 (saf): step 1 is
 * 0 -> 1 (2 bytes, 0..3), step 2 starts at 3 and its messages get their
 * link at 4; under async the root's second child is released at 0. */
static void test_per_step_start(void **state)
{
    (void)state;
    const char *base = "simulate --net 'ring:4@bw=1,lat=0' --tree binomial:2 --map identity "
                       "--bytes 4 --ts 1 -w saf";
    char a[512];
    snprintf(a, sizeof a, "%s --per-step --json", base);
    run_result r = json_run(a);
    assert_true(step_num(r.out, 0, "start") == 0);
    assert_true(step_num(r.out, 0, "end") == 3);
    assert_true(step_num(r.out, 1, "start") == 3);
    assert_true(step_num(r.out, 1, "time") == 3);
    run_free(&r);
    snprintf(a, sizeof a, "--net 'ring:4@bw=1,lat=0' --tree binomial:2 --map identity --bytes 4 "
                          "--ts 1 -w saf");
    assert_true(delivered(a, 1, COL_START) == 4); /* first grant: 3 + t_s */
    assert_true(delivered(a, 2, COL_START) == 4);
    snprintf(a, sizeof a, "%s --schedule async --per-step --json", base);
    r = json_run(a);
    assert_true(step_num(r.out, 1, "start") == 0); /* message 1's data is there at 0 */
    assert_true(step_num(r.out, 1, "end") == 6);
    run_free(&r);
}

/* docs/papers/000-debruijn.md: D is beaten in maximum dilation on shortest
 * routes for n = 3..10, settled for 3..7, by an unfinished search's
 * witness (3) for 8..10; the search refuses n = 11. */
static void test_seed000_not_optimal(void **state)
{
    (void)state;
    static const int dmax[] = {0, 0, 0, 2, 3, 4, 4, 5, 5, 6, 6};
    static const int best[] = {0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3};
    for (int n = 3; n <= 10; n++) {
        char a[256];
        snprintf(a, sizeof a, "embed --net debruijn:%d --tree binomial:%d --map zrl --routes "
                              "shortest --json", n, n);
        run_result r = json_run(a);
        double d = json_sub(r.out, "dilation", "max");
        run_free(&r);
        snprintf(a, sizeof a, "embed --net debruijn:%d --tree binomial:%d --map exact%s --json",
                 n, n, n >= 8 ? " --search-limit 100000" : "");
        r = json_run(a);
        double w = json_sub(r.out, "search", "max_dilation");
        const char *settled = json_find(json_find(r.out, "search"), "settled");
        if (d != dmax[n] || w != best[n] || !(w < d) || !settled ||
            strncmp(settled, n <= 7 ? "true" : "false", 4) != 0)
            fail_msg("n = %d: D %g (expected %d), witness %g (expected %d), settled %.5s", n, d,
                     dmax[n], w, best[n], settled ? settled : "?");
        run_free(&r);
    }
    run_result r = run_dcnet("embed --net debruijn:11 --tree binomial:11 --map exact --json");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "at most 1024 processors"));
    run_free(&r);
}

/* docs/papers/001-meshes.md: approach b with one fixed centre, every root,
 * saf: t_s one more than Table 1 (3 2^(k-1) - 1), t_e one more than the
 * paper's general formula, and 1 - 3/2^(k+1) more than its printed
 * alpha = 1/2 column 2^(k-1) + 1/8 + 3/2^(k+2). */
static double paper_gb_te(int k, double a)
{
    double r = 2 * a * a;
    return ldexp(1, k - 1) - 1 + a + a * a + (a * a * a + a * a * a * a) *
                                                 (pow(r, k - 1) - 1) / (r - 1);
}

static void test_seed001_gb_one_more(void **state)
{
    (void)state;
    for (int k = 2; k <= 5; k++) {
        char a[256];
        int side = 1 << k;
        snprintf(a, sizeof a, "--net mesh:%dx%d --tree binomial:%d --map growing --approach b "
                              "-w saf --all-roots --alpha 1/2", side, side, 2 * k);
        double ts = sim_num(a, "ts_coeff"), te = sim_num(a, "te_coeff");
        double column = ldexp(1, k - 1) + 0.125 + 3 * ldexp(1, -(k + 2));
        if (ts != 3 * ldexp(1, k - 1) - 1 + 1 || fabs(te - (paper_gb_te(k, 0.5) + 1)) > 1e-12 ||
            fabs(te - (column + 1 - 3 * ldexp(1, -(k + 1)))) > 1e-12)
            fail_msg("k = %d: ts %g te %.17g; general + 1 = %.17g, column = %.17g", k, ts, te,
                     paper_gb_te(k, 0.5) + 1, column);
        if (k <= 4) { /* "for every alpha": 3/4 too */
            snprintf(a, sizeof a, "--net mesh:%dx%d --tree binomial:%d --map growing --approach "
                                  "b -w saf --all-roots --alpha 3/4", side, side, 2 * k);
            te = sim_num(a, "te_coeff");
            if (fabs(te - (paper_gb_te(k, 0.75) + 1)) > 1e-12)
                fail_msg("k = %d, alpha 3/4: te %.17g, general + 1 = %.17g", k, te,
                         paper_gb_te(k, 0.75) + 1);
        }
    }
}

/* docs/papers/003-ddb-balance.md, Lemma 4: with constant loads the request
 * phase runs from 2k to (k + 1)^2, k^2 + 1 units, one over the proof's k
 * levels of k hops; the collect messages are sent with no task (N - 1 of
 * them: 4 (N - 1) messages in all, no task moved). */
static void test_seed003_lemma4(void **state)
{
    (void)state;
    for (int k = 2; k <= 10; k++) {
        char a[128];
        snprintf(a, sizeof a, "balance --net ddb:%d --loads const:3 --json", k);
        run_result r = json_run(a);
        double s = json_sub(r.out, "phase_start", "request");
        double e = json_sub(r.out, "phase_end", "request");
        double n = (double)(1 << k);
        if (s != 2 * k || e != (k + 1) * (k + 1) || e - s != k * k + 1 ||
            json_num(r.out, "messages") != 4 * (n - 1) || json_num(r.out, "tasks_moved") != 0)
            fail_msg("k = %d: request phase %g..%g, %g messages", k, s, e,
                     json_num(r.out, "messages"));
        run_free(&r);
    }
}

/* docs/papers/003-ddb-balance.md, Lemma 3 untimed: the first level whose
 * length-k routes share a link is ceil(k/2) + 2 (none for k = 2, 3); with
 * timestamps none collide. */
static void test_seed003_lemma3_levels(void **state)
{
    (void)state;
    for (int k = 2; k <= 14; k++) {
        char a[128];
        snprintf(a, sizeof a, "balance --net ddb:%d --lemma3 --json", k);
        run_result r = json_run(a);
        int first = 0;
        const char *p = r.out;
        for (int l = 1; l <= k; l++) {
            char pat[32];
            snprintf(pat, sizeof pat, "{\"level\":%d,", l);
            p = strstr(r.out, pat);
            assert_non_null(p);
            if (!first && json_num(p, "lengthk_shared") > 0)
                first = l;
            assert_true(json_num(p, "lengthk_timed") == 0);
        }
        int want = k <= 3 ? 0 : (k + 1) / 2 + 2;
        if (first != want)
            fail_msg("k = %d: first shared level %d, expected %d", k, first, want);
        run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_costs_two_links),    cmocka_unit_test(test_edgelist_costs_columns),
        cmocka_unit_test(test_link_held),          cmocka_unit_test(test_tie_rule),
        cmocka_unit_test(test_te_coeff),           cmocka_unit_test(test_per_step_start),
        cmocka_unit_test(test_seed000_not_optimal), cmocka_unit_test(test_seed001_gb_one_more),
        cmocka_unit_test(test_seed003_lemma4),     cmocka_unit_test(test_seed003_lemma3_levels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
