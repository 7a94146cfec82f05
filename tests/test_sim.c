/*
 * test_sim.c - the network simulator against values known without it:
 *  - the event core: (time, push order) against a sort, batches, causality;
 *  - hand-computed traces: two worms crossing on a line (one waits, with
 *    hop latency, under all four switching modes), one port, a wormhole
 *    deadlock on a ring and its cure with two virtual channels;
 *  - contention-free placements: store-and-forward time = sum over steps of
 *    max (route length (t_s + m t_e)), wormhole time = sum (t_s + m t_e)
 *    (+ the longest route's head latency), with the route lengths taken
 *    from the embedding here, and the closed forms of docs/spec/meshes.md;
 *  - seed 000: mapping D contention-free under wormhole on BDG(n), random
 *    placements measurably slower;
 *  - seed 001: the DC-cube S the same from every root, Reflecting and
 *    DC-cube optimal under wormhole from every root, Growing A and B
 *    degrading with mesh size for alpha = 1/2, B cheapest in start-ups;
 *  - every run's time equals its linear form; all-roots averages identical
 *    on 1 and 2 threads; combine and async schedules.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"

#include <malloc.h>
#include <math.h>

/* ------------------------------------------------------------ helpers */

static dn_sim_opts sim_opts(dn_switching sw, double ts, double te, double hop)
{
    dn_sim_opts o;
    memset(&o, 0, sizeof o);
    o.sw = sw;
    o.ts = ts;
    o.te = te;
    o.hop = hop;
    o.ports = 1;
    o.vcs = 1;
    return o;
}

static void check_lin(const dn_sim_result *r, const dn_sim_opts *o)
{
    double v = dn_lin_eval(&r->lin, o->ts, o->te, o->hop);
    if (fabs(v - r->time) > 1e-9 * (1 + r->time))
        fail_msg("time %.17g but its linear form gives %.17g", r->time, v);
}

static void run_work(const dn_sim_work *w, const dn_sim_opts *o, dn_sim_result *res)
{
    dn_sim *s;
    dn_err err;
    if (dn_sim_init(&s, o, &err))
        fail_msg("sim init: %s", err.msg);
    if (dn_sim_run(s, w, res, &err))
        fail_msg("sim run: %s", err.msg);
    dn_sim_free(s);
    if (!res->deadlock)
        check_lin(res, o);
}

typedef struct fix {
    dn_net net;
    dn_tree tree;
    dn_embed *e;
    dn_sim_work w;
} fix;

static void fix_open(fix *f, const char *net, const char *tree, const char *map, dn_dc_order ord,
                     char approach, int64_t root, const dn_sim_work_opts *wo)
{
    dn_err err;
    dn_tree_model tm;
    dn_embed_opts eo;
    memset(f, 0, sizeof *f);
    memset(&eo, 0, sizeof eo);
    eo.map = map;
    eo.order = ord;
    eo.approach = approach;
    eo.root = root;
    eo.seed = 7;
    if (dn_net_init(&f->net, net, &err) || dn_tree_model_parse(tree, &tm, &err) ||
        dn_tree_init(&f->tree, &tm, 1, 0, &err) ||
        dn_embed_init(&f->e, &f->net, &f->tree, &eo, &err))
        fail_msg("%s on %s by %s: %s", tree, net, map, err.msg);
    if (dn_sim_work_from_embed(&f->w, f->e, wo, &err))
        fail_msg("workload: %s", err.msg);
}

static void fix_close(fix *f)
{
    dn_sim_work_free(&f->w);
    dn_embed_free(f->e);
    dn_tree_free(&f->tree);
    dn_net_free(&f->net);
}

static dn_sim_work_opts divide(double alpha)
{
    dn_sim_work_opts wo;
    memset(&wo, 0, sizeof wo);
    wo.stage = DN_STAGE_DIVIDE;
    wo.alpha = alpha;
    return wo;
}

/* The contention-free prediction from the embedding's own routes:
 * per step max over its edges of (saf) hops (L + hop) or (wormhole)
 * hops hop + L, summed. Routes come from dn_embed_route, not the workload. */
static double predicted(fix *f, dn_switching sw, double ts, double te, double hop, double alpha)
{
    int P = dn_tree_phases(&f->tree);
    double *mx = calloc((size_t)P + 1, sizeof *mx), sum = 0;
    dn_err err;
    assert_non_null(mx);
    for (int64_t v = 1; v < f->tree.nodes; v++) {
        const int64_t *path;
        int64_t hops;
        if (dn_embed_route(f->e, v, &path, &hops, &err))
            fail_msg("route: %s", err.msg);
        int t = dn_tree_recv_phase(&f->tree, v);
        double L = ts + pow(alpha, t) * te, c;
        c = sw == DN_SW_SAF ? (double)hops * (L + hop) : hops ? (double)hops * hop + L : 0;
        if (c > mx[t])
            mx[t] = c;
    }
    for (int t = 1; t <= P; t++)
        sum += mx[t];
    free(mx);
    return sum;
}

/* --------------------------------------------------------- event core */

static void test_evq_order(void **state)
{
    (void)state;
    dn_evq q;
    dn_err err;
    assert_int_equal(dn_evq_init(&q, 4, &err), DN_OK);
    enum { N = 3000 };
    static double t[N];
    dn_rng rng;
    dn_rng_seed(&rng, 5);
    for (int i = 0; i < N; i++) {
        t[i] = (double)(dn_rng_next(&rng) % 50); /* many ties */
        assert_int_equal(dn_evq_push(&q, t[i], i, &err), DN_OK);
    }
    /* reference: stable order by time, then push index */
    dn_event ev, prev = {-1, 0, -1};
    int n = 0;
    dn_event *batch = NULL;
    int64_t cap = 0, k;
    /* first half one by one, the rest in batches */
    for (; n < N / 2; n++) {
        assert_int_equal(dn_evq_pop(&q, &ev), 1);
        assert_true(ev.time == t[ev.data]);
        assert_true(ev.time > prev.time || (ev.time == prev.time && ev.data > prev.data));
        prev = ev;
    }
    while (dn_evq_pop_batch(&q, &batch, &cap, &k, &err) == DN_OK && k > 0) {
        for (int64_t i = 0; i < k; i++) {
            assert_true(batch[i].time == batch[0].time);
            assert_true(batch[i].time > prev.time ||
                        (batch[i].time == prev.time && batch[i].data > prev.data));
            prev = batch[i];
            n++;
        }
        /* nothing of this instant is left behind */
        assert_true(dn_evq_empty(&q) || q.heap[0].time > batch[0].time);
    }
    assert_int_equal(n, N);
    assert_int_equal(q.popped, N);
    /* causality and NaN are refused */
    assert_int_equal(dn_evq_push(&q, 48, 0, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "before"));
    assert_int_equal(dn_evq_push(&q, NAN, 0, &err), DN_EINVAL);
    assert_int_equal(dn_evq_push(&q, 49, 0, &err), DN_OK);
    free(batch);
    dn_evq_free(&q);
}

/* ----------------------------------------------------- hand-computed */

/* Messages (src, dst, size, release) on a network, routed shortest. */
static void trace_work(const char *netspec, const int64_t (*msg)[2], const double (*sz)[2], int n,
                       dn_net *net, dn_csr *g, dn_sim_work *w)
{
    dn_err err;
    dn_router *r = NULL;
    dn_trace tr = {n, NULL, NULL, NULL, NULL};
    int64_t src[8], dst[8];
    double size[8], rel[8];
    for (int i = 0; i < n; i++) {
        src[i] = msg[i][0];
        dst[i] = msg[i][1];
        size[i] = sz[i][0];
        rel[i] = sz[i][1];
    }
    tr.src = src;
    tr.dst = dst;
    tr.size = size;
    tr.release = rel;
    if (dn_net_init(net, netspec, &err) || dn_net_materialize(net, g, 0, &err) ||
        dn_router_init(&r, net, g, DN_ROUTER_SHORTEST, &err) ||
        dn_sim_work_from_trace(w, g, r, &tr, 0, &err))
        fail_msg("%s: %s", netspec, err.msg);
    dn_router_free(r);
}

/* Line 0-1-2-3 (mesh:1x4), t_s = t_e = 1, hop = 1/4.
 * A: 0 -> 3, size 4 (L = 5) at 0.  B: 1 -> 3, size 1 (L = 2) at 0.5.
 * wormhole: A takes 0>1 at 0, 1>2 at .25, 2>3 at .5, head in at .75,
 *   delivered T_A = 5.75; it frees c_j at T_A - (3 - j)/4: 1>2 at 5.5,
 *   2>3 at 5.75. B asks for 1>2 at .5, waits to 5.5, its head reaches node
 *   2 at 5.75 and takes 2>3 freed that instant, head in at 6.0, T_B = 8.
 *   8 = 2 t_s + 5 t_e + 4 hop (B's L, A's L, A's three hops and B's one).
 * vct: A frees c_j at g_j + L + hop: 1>2 at 5.5, 2>3 at 5.75: same, 8.
 * saf: A holds each link 5.25 in turn (0..15.75); B uses 1>2 at .5..2.75
 *   while A is still on 0>1, then 2>3 to 5: total 15.75 = 3 (L_A + hop).
 * circuit: A's probe in at .75, ack back (.75), data 5 (+.75):
 *   all freed at 7.25; B then: 7.25 + 2 hops + 1 hop ack.. = 7.75 in,
 *   + 2 (.25) + 2 = 10.75. */
static void test_crossing_worms(void **state)
{
    (void)state;
    static const int64_t msg[2][2] = {{0, 3}, {1, 3}};
    static const double sz[2][2] = {{4, 0}, {1, 0.5}};
    static const struct {
        dn_switching sw;
        double time, s, e, h;
    } want[] = {{DN_SW_WORMHOLE, 8, 2, 5, 4},
                {DN_SW_VCT, 8, 2, 5, 4},
                {DN_SW_SAF, 15.75, 3, 12, 3},
                {DN_SW_CIRCUIT, 10.75, 2, 5, 15}};
    dn_net net;
    dn_csr g;
    dn_sim_work w;
    trace_work("mesh:1x4", msg, sz, 2, &net, &g, &w);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        dn_sim_opts o = sim_opts(want[i].sw, 1, 1, 0.25);
        dn_sim_result r;
        run_work(&w, &o, &r);
        if (r.time != want[i].time || r.lin.s != want[i].s || r.lin.e != want[i].e ||
            r.lin.h != want[i].h)
            fail_msg("%s: time %g = %g ts + %g te + %g hop, expected %g = %g + %g + %g",
                     dn_switching_name(want[i].sw), r.time, r.lin.s, r.lin.e, r.lin.h,
                     want[i].time, want[i].s, want[i].e, want[i].h);
        assert_int_equal(r.delivered, 2);
        if (want[i].sw != DN_SW_SAF) {
            /* B waited for A: one conflict, and the critical path says so */
            assert_int_equal(r.conflicts, 1);
            assert_int_equal(r.ncrit, 2);
            assert_int_equal(r.crit[0].msg, 1);
            assert_int_equal(r.crit[0].via, 2);
            assert_int_equal(r.crit[1].msg, 0);
        } else {
            assert_int_equal(r.conflicts, 0);
        }
        dn_sim_result_free(&r);
    }
    dn_sim_work_free(&w);
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* Two messages leave node 0 of ring:4 at once (to 1 and to 3), L = 2:
 * one port serialises them (4), all-port does not (2). */
static void test_ports(void **state)
{
    (void)state;
    static const int64_t msg[2][2] = {{0, 1}, {0, 3}};
    static const double sz[2][2] = {{1, 0}, {1, 0}};
    dn_net net;
    dn_csr g;
    dn_sim_work w;
    trace_work("ring:4", msg, sz, 2, &net, &g, &w);
    for (int ports = 0; ports <= 1; ports++) {
        dn_sim_opts o = sim_opts(DN_SW_WORMHOLE, 1, 1, 0);
        o.ports = ports;
        dn_sim_result r;
        run_work(&w, &o, &r);
        assert_true(r.time == (ports ? 4.0 : 2.0));
        assert_int_equal(r.port_waits, ports);
        assert_int_equal(r.conflicts, 0);
        if (ports) {
            assert_int_equal(r.crit[0].via, 3); /* held up by the port */
            assert_true(r.wait_time == 2.0);
        }
        dn_sim_result_free(&r);
    }
    dn_sim_work_free(&w);
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* Four worms i -> i + 3 (i = 0, 2, 4, 6) on ring:8 with hop latency 1:
 * each takes its first two links, then waits for a link held by the next:
 * a cycle of four. Two lanes per link let all pass: 3 hops + L = 5. */
/* Frees what trace_work made (and a result). */
static void trace_free(dn_sim_result *r, dn_sim_work *w, dn_csr *g, dn_net *net)
{
    dn_sim_result_free(r);
    dn_sim_work_free(w);
    dn_csr_free(g);
    dn_net_free(net);
}

/* Virtual cut-through with hop latency 0 frees every channel due at an
 * instant before that instant's requests (issue 17), checked on traces
 * computed by hand:
 *  (a) ring:9, two messages 0 -> 6 (3 hops the short way) of sizes 2 and 1
 *      released at 0 and 0.5, t_s = 0.7, t_e = 0.35, one port: the first
 *      holds its port and all three links from 0 to 1.4 (L = 1.4); the
 *      second waits for the port only, gets it and every link at 1.4 and
 *      arrives at 1.4 + 1.05 = 2.45. One port wait, no link conflict, as
 *      under wormhole.
 *  (b) ring:9, A: 0 -> 3 and B: 1 -> 3, size 1, t_s = t_e = 1 (L = 2):
 *      both ask for 1 -> 2 at 0, A first (id order): one conflict. A frees
 *      its three links at 2; B takes 1 -> 2 and 2 -> 3 at 2 and arrives
 *      at 4, waiting 2. (Before the fix: 2 conflicts, B asking for 2 -> 3
 *      before A's same-instant free.) */
static void test_vct_same_instant(void **state)
{
    (void)state;
    static const int64_t ma[2][2] = {{0, 6}, {0, 6}}, mb[2][2] = {{0, 3}, {1, 3}};
    static const double sa[2][2] = {{2, 0}, {1, 0.5}}, sb[2][2] = {{1, 0}, {1, 0}};
    for (int sw = 0; sw < 2; sw++) {
        dn_switching mode = sw ? DN_SW_WORMHOLE : DN_SW_VCT;
        dn_net net;
        dn_csr g;
        dn_sim_work w;
        dn_sim_result r;
        trace_work("ring:9", ma, sa, 2, &net, &g, &w);
        dn_sim_opts o = sim_opts(mode, 0.7, 0.35, 0);
        run_work(&w, &o, &r);
        assert_true(fabs(r.time - 2.45) < 1e-12);
        assert_int_equal(r.conflicts, 0);
        assert_int_equal(r.port_waits, 1);
        assert_true(fabs(r.wait_time - 0.9) < 1e-12);
        trace_free(&r, &w, &g, &net);
        trace_work("ring:9", mb, sb, 2, &net, &g, &w);
        o = sim_opts(mode, 1, 1, 0);
        run_work(&w, &o, &r);
        assert_true(r.time == 4.0);
        assert_int_equal(r.conflicts, 1);
        assert_int_equal(r.port_waits, 0);
        assert_true(r.wait_time == 2.0);
        trace_free(&r, &w, &g, &net);
    }
}

/* Link costs (issue 26 item 5, issue 29 items 1 and 4): seconds and
 * bytes. Messages on the line mesh:1x(d+1), link u -> u+1 with bandwidth
 * bw[u] and latency lat[u] (the way back: 1 and 0), under the four
 * switching modes; times[k] is mode k's (saf, wormhole, vct, circuit). */
static const dn_switching all_sw[4] = {DN_SW_SAF, DN_SW_WORMHOLE, DN_SW_VCT, DN_SW_CIRCUIT};

static void cost_line(int d, const double *bw, const double *lat, const dn_trace *tr, double ts,
                      dn_sim_result res[4])
{
    char spec[32];
    dn_net net;
    dn_csr g;
    dn_sim_work w;
    dn_err err;
    dn_router *r = NULL;
    snprintf(spec, sizeof spec, "mesh:1x%d", d + 1);
    if (dn_net_init(&net, spec, &err) || dn_net_materialize(&net, &g, 0, &err))
        fail_msg("%s: %s", spec, err.msg);
    g.bw = malloc((size_t)g.m * sizeof *g.bw);
    g.lat = malloc((size_t)g.m * sizeof *g.lat);
    assert_non_null(g.bw);
    assert_non_null(g.lat);
    for (int64_t u = 0; u < g.n; u++) /* arc u -> u+1 takes link u's costs */
        for (int64_t i = g.off[u]; i < g.off[u + 1]; i++) {
            int64_t v = g.adj[i];
            g.bw[i] = v == u + 1 ? bw[u] : 1;
            g.lat[i] = v == u + 1 ? lat[u] : 0;
        }
    if (dn_router_init(&r, &net, &g, DN_ROUTER_SHORTEST, &err) ||
        dn_sim_work_from_trace(&w, &g, r, tr, 0, &err))
        fail_msg("%s: %s", spec, err.msg);
    dn_router_free(r);
    for (int k = 0; k < 4; k++) {
        dn_sim_opts o = sim_opts(all_sw[k], ts, 1, 0);
        run_work(&w, &o, &res[k]);
    }
    dn_sim_work_free(&w);
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* One message alone on a path of d links of random bandwidths and
 * latencies, against the closed forms of docs/simulator.md computed here
 * from the costs alone (t_s once, at the sender):
 *   saf      t_s + sum_j (m / bw_j + lat_j)
 *   vct      t_s + sum_j lat_j + m / min_j bw_j (the head pays every
 *            link's latency; the tail leaves the last link no earlier
 *            than the head's latency there after it left the one before)
 *   wormhole t_s + sum_j lat_j + m / min_j bw_j (the worm streams at its
 *            slowest link)
 *   circuit  t_s + 3 sum_j lat_j + m / min_j bw_j (probe, acknowledgement,
 *            data)
 * Costs, sizes and t_s are dyadic, so every sum is exact: equality is
 * asserted, and the ideal (alone) is the run. Issue 26's path (bw 10,
 * 1000, 1000, latency 1 each, 1000 bytes, t_s = 0) first: saf 105, vct and
 * wormhole 103, circuit 109; a
 * third of the paths have links all alike (the seeds' d lat + L). */
static void test_link_costs_alone(void **state)
{
    (void)state;
    dn_sim_result res[4];
    static const double bw0[3] = {10, 1000, 1000}, lat0[3] = {1, 1, 1};
    int64_t src = 0, dst = 3;
    double size = 1000, rel = 0;
    dn_trace tr = {1, &src, &dst, &size, &rel};
    cost_line(3, bw0, lat0, &tr, 0, res);
    if (res[0].time != 105 || res[2].time != 103 || res[1].time != 103 || res[3].time != 109)
        fail_msg("issue 26's path: saf %g wormhole %g vct %g circuit %g, expected 105, 103, 103 "
                 "and 109", res[0].time, res[1].time, res[2].time, res[3].time);
    for (int k = 0; k < 4; k++)
        dn_sim_result_free(&res[k]);
    dn_rng rng;
    dn_rng_seed(&rng, 26);
    for (int trial = 0; trial < 300; trial++) {
        int d = 1 + (int)dn_rng_below(&rng, 8);
        double bw[8], lat[8], sum_saf = 0, sum_lat = 0, min_bw = INFINITY;
        double ts = (double)dn_rng_below(&rng, 8) / 4;
        size = (double)(1 + dn_rng_below(&rng, 64));
        dst = d;
        for (int j = 0; j < d; j++) {
            bw[j] = trial % 3 == 2 && j ? bw[0] : ldexp(1, (int)dn_rng_below(&rng, 10) - 3);
            lat[j] = trial % 3 == 2 && j ? lat[0] : (double)dn_rng_below(&rng, 33) / 8;
            sum_saf += size / bw[j] + lat[j];
            sum_lat += lat[j];
            min_bw = bw[j] < min_bw ? bw[j] : min_bw;
        }
        cost_line(d, bw, lat, &tr, ts, res);
        const double want[4] = {ts + sum_saf, ts + sum_lat + size / min_bw,
                                ts + sum_lat + size / min_bw, ts + 3 * sum_lat + size / min_bw};
        for (int k = 0; k < 4; k++) {
            if (res[k].time != want[k] || res[k].ideal != res[k].time ||
                res[k].lin.s != 1 || res[k].lin.h != 0)
                fail_msg("trial %d (%d links), %s: time %.17g (ideal %.17g, ts_coeff %g), "
                         "closed form %.17g", trial, d, dn_switching_name(all_sw[k]),
                         res[k].time, res[k].ideal, res[k].lin.s, want[k]);
            dn_sim_result_free(&res[k]);
        }
    }
}

/* Contention on links that differ, by hand (issue 29 item 4): the line
 * 0 - 1 - 2 - 3 with links 0->1 (bandwidth 2, latency 1), 1->2 (1, 0),
 * 2->3 (4, 1); A: 4 bytes 0 -> 3 at 0, B: 2 bytes 1 -> 2 at 0.5, t_s 0.
 *  wormhole  B holds 1->2 from 0.5 to 2.5 (2 / 1); A's head, at node 1 at
 *            1, waits 1.5, then crosses 1->2 (latency 0) and 2->3: in at
 *            a = 3.5; A streams at its slowest link, 4 / 1 = 4, so its
 *            tail leaves 0->1 at a + 4 - (0 + 1) = 6.5, 1->2 at a + 4 - 1
 *            = 6.5 and 2->3 at a + 4 = 7.5, the time. One conflict.
 *  circuit   B's circuit is freed at 0.5 + 2 = 2.5; A's probe gets in at
 *            3.5, the acknowledgement and the data pay 2 more each: 3.5 +
 *            2 + 2 + 4 = 11.5. One conflict.
 *  vct       A's tail leaves 0->1 at 0 + 2 + 1 = 3; its head waits for
 *            1->2 from 1 to 2.5, crosses it by 2.5 + 4 = 6.5 and 2->3 no
 *            earlier than 6.5 + 1: 7.5. One conflict.
 *  saf       A is on 0->1 until 3, when B has gone (2.5): 3 + 4 = 7, then
 *            7 + 1 + 1 = 9. No conflict.
 * A second case, on links all alike (bandwidth 2, latency 1/2), gives the
 * seeds' wormhole closed form: A (8 bytes, 0 -> 3) and B (8 bytes, 0 -> 2
 * at 0): B waits for the port until A's first link is freed at a + L -
 * 2 lat = 1.5 + 4 - 1 = 4.5, then takes 4.5 + 1 + 4 = 9.5. */
static void test_link_costs_contention(void **state)
{
    (void)state;
    static const double bw[3] = {2, 1, 4}, lat[3] = {1, 0, 1};
    int64_t src[2] = {0, 1}, dst[2] = {3, 2};
    double size[2] = {4, 2}, rel[2] = {0, 0.5};
    dn_trace tr = {2, src, dst, size, rel};
    dn_sim_result res[4];
    cost_line(3, bw, lat, &tr, 0, res);
    static const double want[4] = {9, 7.5, 7.5, 11.5};
    static const int64_t conflicts[4] = {0, 1, 1, 1};
    static const double waited[4] = {0, 1.5, 1.5, 1.5};
    for (int k = 0; k < 4; k++) {
        if (res[k].time != want[k] || res[k].conflicts != conflicts[k] ||
            res[k].wait_time != waited[k])
            fail_msg("%s: time %g, %lld conflicts, waited %g; by hand %g, %lld, %g",
                     dn_switching_name(all_sw[k]), res[k].time, (long long)res[k].conflicts,
                     res[k].wait_time, want[k], (long long)conflicts[k], waited[k]);
        dn_sim_result_free(&res[k]);
    }
    static const double bw2[3] = {2, 2, 2}, lat2[3] = {0.5, 0.5, 0.5};
    int64_t src2[2] = {0, 0}, dst2[2] = {3, 2};
    double size2[2] = {8, 8}, rel2[2] = {0, 0};
    dn_trace tr2 = {2, src2, dst2, size2, rel2};
    cost_line(3, bw2, lat2, &tr2, 0, res);
    if (res[1].time != 9.5 || res[1].port_waits != 1)
        fail_msg("links alike, wormhole: time %g, %lld port waits; by hand 9.5, 1", res[1].time,
                 (long long)res[1].port_waits);
    for (int k = 0; k < 4; k++)
        dn_sim_result_free(&res[k]);
}

/* dn_sim_opts.on_message (issue 29 item 7): every message reported once,
 * in delivery order, and its times against the engine's own timeline
 * (opts.timeline, kept per message; the callback keeps nothing): the
 * release is t_ready, the start t_grant (the release for 0 hops), the
 * delivery t_done; the largest delivery is the run's time, the waits add
 * up to its wait_time, and release <= start <= delivered. Random
 * placements on BDG(6) and a mesh with link costs, both stages, every
 * switching mode, steps and dataflow, one and two lanes and ports. */
typedef struct seen {
    const dn_sim_result *res; /* the timeline of a first run */
    int64_t n, msgs;
    double last, max, waited;
    unsigned char *once;
} seen;

static void seen_cb(void *ctx, int64_t m, const dn_sim_msg_times *t)
{
    seen *S = ctx;
    assert_true(m >= 0 && m < S->msgs);
    assert_int_equal(S->once[m], 0);
    S->once[m] = 1;
    S->n++;
    assert_true(t->delivered >= S->last); /* delivery order */
    S->last = t->delivered;
    S->max = t->delivered > S->max ? t->delivered : S->max;
    S->waited += t->waited;
    assert_true(t->release <= t->start && t->start <= t->delivered && t->waited >= 0);
    if (t->release != S->res->t_ready[m] || t->start != S->res->t_grant[m] ||
        t->delivered != S->res->t_done[m])
        fail_msg("message %lld: release %g start %g delivered %g, timeline %g %g %g",
                 (long long)m, t->release, t->start, t->delivered, S->res->t_ready[m],
                 S->res->t_grant[m], S->res->t_done[m]);
}

static void test_message_times(void **state)
{
    (void)state;
    static const char *const nets[] = {"debruijn:6", "mesh:4x4@bw=2,d1.bw=0.5,lat=0.25"};
    for (int k = 0; k < 32; k++) {
        dn_sim_work_opts wo = divide(0.5);
        wo.stage = k % 2 ? DN_STAGE_BOTH : DN_STAGE_DIVIDE;
        fix f;
        fix_open(&f, nets[k / 16], k / 16 ? "binomial:4" : "binomial:6", "random",
                 DN_ORDER_DEFAULT, 0, 0, &wo);
        const int costs = k / 16;
        dn_sim_opts o = sim_opts(all_sw[k / 2 % 4], costs ? 0.125 : 1, 1, costs ? 0 : 0.25);
        o.async = k / 8 % 2;
        o.vcs = o.ports = 1 + k % 2;
        o.timeline = 1;
        dn_sim_result r1, r2;
        run_work(&f.w, &o, &r1);
        assert_false(r1.deadlock);
        seen S = {&r1, 0, f.w.msgs - f.w.computes, 0, 0, 0, NULL};
        S.once = calloc((size_t)f.w.msgs, 1);
        assert_non_null(S.once);
        for (int64_t m = 0; m < f.w.msgs; m++) /* 0 hops: the start is the release */
            if (f.w.route_off[m + 1] == f.w.route_off[m])
                r1.t_grant[m] = r1.t_ready[m];
        o.timeline = 0;
        o.on_message = seen_cb;
        o.message_ctx = &S;
        run_work(&f.w, &o, &r2);
        assert_int_equal(S.n, r2.msgs);
        if (S.max != r2.time || fabs(S.waited - r2.wait_time) > 1e-12 * (1 + r2.wait_time))
            fail_msg("case %d: largest delivery %.17g, time %.17g; waits %.17g, wait_time %.17g",
                     k, S.max, r2.time, S.waited, r2.wait_time);
        assert_true(r2.time == r1.time);
        free(S.once);
        dn_sim_result_free(&r1);
        dn_sim_result_free(&r2);
        fix_close(&f);
    }
}

/* The engine's memory (issue 27 item 17): dn_sim_bytes bounds what a run
 * holds, measured by the allocator (glibc mallinfo2: bytes in use after
 * the run, the engine's arrays and the result, less before), over the
 * switching modes, both schedules, lanes and ports (under ASan, whose
 * allocator mallinfo2 does not see, the bound holds trivially); and
 * dn_sim_run refuses, before allocating, a limit one byte below it. */
/* Counts the messages reported (test_engine_bytes). */
static void count_cb(void *ctx, int64_t m, const dn_sim_msg_times *t)
{
    (void)m;
    (void)t;
    ((seen *)ctx)->n++;
}

static void test_engine_bytes(void **state)
{
    (void)state;
    static const dn_switching sws[] = {DN_SW_SAF, DN_SW_WORMHOLE, DN_SW_VCT, DN_SW_CIRCUIT};
    dn_sim_work_opts wo = divide(0.5);
    wo.stage = DN_STAGE_BOTH;
    fix f;
    fix_open(&f, "debruijn:12", "binomial:12", "random", DN_ORDER_DEFAULT, 0, 0, &wo);
    /* and (issue 29) links that differ, with a message callback: worms
     * keep 16 bytes per live message more, the callback 24 */
    fix fc;
    fix_open(&fc, "torus:64x64@bw=2,d0.bw=4,lat=0.5", "binomial:12", "random", DN_ORDER_DEFAULT,
             0, 0, &wo);
    seen S = {NULL, 0, 0, 0, 0, 0, NULL};
    for (int k = 0; k < 24; k++) {
        const int costs = k >= 16;
        dn_sim_opts o = sim_opts(sws[k % 4], costs ? 0 : 1, 1, 0);
        o.async = k / 4 % 2;
        o.vcs = k / 8 % 2 ? 2 : 1;
        o.ports = k / 8 % 2 ? 0 : 1;
        if (costs) {
            o.on_message = count_cb;
            o.message_ctx = &S;
        }
        const dn_sim_work *wk = costs ? &fc.w : &f.w;
        const int64_t need = dn_sim_bytes(&o, wk);
        dn_sim *s;
        dn_sim_result r;
        dn_err err;
        struct mallinfo2 before = mallinfo2();
        assert_int_equal(dn_sim_init(&s, &o, &err), DN_OK);
        assert_int_equal(dn_sim_run(s, wk, &r, &err), DN_OK);
        struct mallinfo2 after = mallinfo2();
        const double used = (double)after.uordblks - (double)before.uordblks;
        if (used > (double)need)
            fail_msg("%s, async %d, %d lanes: %.0f bytes in use, dn_sim_bytes %lld",
                     dn_switching_name(o.sw), o.async, o.vcs, used, (long long)need);
        dn_sim_result_free(&r);
        dn_sim_free(s);
        o.mem_limit = need - 1;
        assert_int_equal(dn_sim_init(&s, &o, &err), DN_OK);
        assert_int_equal(dn_sim_run(s, wk, &r, &err), DN_ELIMIT);
        assert_non_null(strstr(err.msg, "for the engine, over the memory limit"));
        o.mem_limit = need;
        dn_sim_free(s);
        assert_int_equal(dn_sim_init(&s, &o, &err), DN_OK);
        assert_int_equal(dn_sim_run(s, wk, &r, &err), DN_OK);
        dn_sim_result_free(&r);
        dn_sim_free(s);
    }
    assert_true(S.n > 0);
    fix_close(&f);
    fix_close(&fc);
}

static void test_deadlock(void **state)
{
    (void)state;
    static const int64_t msg[4][2] = {{0, 3}, {2, 5}, {4, 7}, {6, 1}};
    static const double sz[4][2] = {{1, 0}, {1, 0}, {1, 0}, {1, 0}};
    dn_net net;
    dn_csr g;
    dn_sim_work w;
    trace_work("ring:8", msg, sz, 4, &net, &g, &w);
    dn_sim_opts o = sim_opts(DN_SW_WORMHOLE, 1, 1, 1);
    dn_sim_result r;
    run_work(&w, &o, &r);
    assert_int_equal(r.deadlock, 1);
    assert_int_equal(r.blocked, 4);
    assert_int_equal(r.ncycle, 8);
    for (int i = 0; i < 4; i++) { /* message m waits for link 2m+2 -> 2m+3 */
        int64_t m = r.cycle[2 * i], c = r.cycle[2 * i + 1];
        assert_int_equal(dn_sim_work_chan_src(&w, c), (2 * m + 2) % 8);
        assert_int_equal(w.chan_dst[c], (2 * m + 3) % 8);
    }
    dn_sim_result_free(&r);
    o.vcs = 2;
    run_work(&w, &o, &r);
    assert_int_equal(r.deadlock, 0);
    assert_true(r.time == 5.0);
    assert_int_equal(r.conflicts, 0);
    dn_sim_result_free(&r);
    /* saf cannot deadlock here: 3 hops of L = 2 plus 3 hop latencies */
    o = sim_opts(DN_SW_SAF, 1, 1, 1);
    run_work(&w, &o, &r);
    assert_int_equal(r.deadlock, 0);
    assert_true(r.time == 9.0);
    trace_free(&r, &w, &g, &net);
    /* Eight worms i -> i + 4 on ring:8 (issue 17): every link lies on the
     * routes of four worms, all started together, so 2 and 3 lanes still
     * deadlock and 4 are the fewest that let all pass */
    static const int64_t msg8[8][2] = {{0, 4}, {1, 5}, {2, 6}, {3, 7},
                                       {4, 0}, {5, 1}, {6, 2}, {7, 3}};
    static const double sz8[8][2] = {{1, 0}, {1, 0}, {1, 0}, {1, 0},
                                     {1, 0}, {1, 0}, {1, 0}, {1, 0}};
    trace_work("ring:8", msg8, sz8, 8, &net, &g, &w);
    for (int v = 1; v <= 4; v++) {
        o = sim_opts(DN_SW_WORMHOLE, 1, 1, 1);
        o.vcs = v;
        run_work(&w, &o, &r);
        if (r.deadlock != (v < 4))
            fail_msg("ring:8, 8 worms of 4 hops, %d lanes: deadlock %d", v, r.deadlock);
        dn_sim_result_free(&r);
    }
    dn_sim_work_free(&w);
    dn_csr_free(&g);
    dn_net_free(&net);
}

/* ------------------------------------------------ contention-free runs */

/* docs/spec/meshes.md: paired order (0,k),(1,k+1),...: steps 2j+1, 2j+2 move by
 * 2^j. Store-and-forward cost from any root:
 * sum_t 2^floor((t-1)/2) (t_s + alpha^t t_e). */
static void test_dccube_saf_every_root(void **state)
{
    (void)state;
    const double ts = 1, te = 0.25;
    for (int k = 2; k <= 4; k++) {
        int side = 1 << k;
        char net[32], tree[32];
        snprintf(net, sizeof net, "mesh:%dx%d", side, side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        for (int ai = 0; ai < 2; ai++) {
            double alpha = ai ? 0.5 : 1.0, closed = 0, cs = 0, ce = 0;
            for (int t = 1; t <= 2 * k; t++) {
                double d = (double)(1 << ((t - 1) / 2));
                closed += d * (ts + pow(alpha, t) * te);
                cs += d;
                ce += d * pow(alpha, t);
            }
            dn_sim_work_opts wo = divide(alpha);
            for (int64_t root = 0; root < side * side; root += k < 4 ? 1 : 7) {
                fix f;
                fix_open(&f, net, tree, "dccube", DN_ORDER_PAIRED, 0, root, &wo);
                dn_sim_opts o = sim_opts(DN_SW_SAF, ts, te, 0);
                dn_sim_result r;
                run_work(&f.w, &o, &r);
                double pred = predicted(&f, DN_SW_SAF, ts, te, 0, alpha);
                if (r.time != pred || r.time != closed || r.lin.s != cs || r.lin.e != ce)
                    fail_msg("k=%d alpha=%g root %lld: simulated %.17g (%g ts + %g te), routes "
                             "say %.17g, closed form %.17g",
                             k, alpha, (long long)root, r.time, r.lin.s, r.lin.e, pred, closed);
                assert_int_equal(r.conflicts, 0);
                assert_true(r.ideal == r.time);
                assert_int_equal(r.steps, 2 * k);
                dn_sim_result_free(&r);
                fix_close(&f);
            }
        }
    }
}

/* Wormhole: DC-cube with descending order and Reflecting reach the lower
 * bound sum_t (t_s + alpha^t t_e) from every root (seed 001 section 5);
 * with a head latency each step adds its longest route's hops. */
static void test_wormhole_optimal_every_root(void **state)
{
    (void)state;
    static const char *maps[] = {"dccube", "reflecting"};
    const double ts = 1, te = 0.5;
    for (int k = 2; k <= 4; k++) {
        int side = 1 << k;
        char net[32], tree[32];
        snprintf(net, sizeof net, "mesh:%dx%d", side, side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        for (int mi = 0; mi < 2; mi++)
            for (int ai = 0; ai < 2; ai++) {
                double alpha = ai ? 0.5 : 1.0, bound = 0;
                for (int t = 1; t <= 2 * k; t++)
                    bound += ts + pow(alpha, t) * te;
                dn_sim_work_opts wo = divide(alpha);
                for (int64_t root = 0; root < side * side; root += k < 4 ? 1 : 5) {
                    fix f;
                    fix_open(&f, net, tree, maps[mi], mi ? DN_ORDER_DEFAULT : DN_ORDER_DESC, 0,
                             root, &wo);
                    for (int hi = 0; hi < 2; hi++) {
                        double hop = hi ? 0.125 : 0;
                        dn_sim_opts o = sim_opts(DN_SW_WORMHOLE, ts, te, hop);
                        dn_sim_result r;
                        run_work(&f.w, &o, &r);
                        double pred = predicted(&f, DN_SW_WORMHOLE, ts, te, hop, alpha);
                        if (r.time != pred || (hop == 0 && r.time != bound))
                            fail_msg("%s k=%d alpha=%g root %lld hop %g: %.17g, predicted "
                                     "%.17g, bound %.17g",
                                     maps[mi], k, alpha, (long long)root, hop, r.time, pred,
                                     bound);
                        assert_int_equal(r.conflicts, 0);
                        dn_sim_result_free(&r);
                    }
                    fix_close(&f);
                }
            }
    }
}

/* Seed 000 Property 5.4: mapping D is contention-free in every phase, so
 * under wormhole B(n) on BDG(n) costs n t_s + t_e sum alpha^t; saf costs
 * the per-phase longest route. */
static void test_mapping_d(void **state)
{
    (void)state;
    for (int n = 3; n <= 12; n++) {
        char net[32], tree[32];
        snprintf(net, sizeof net, "debruijn:%d", n);
        snprintf(tree, sizeof tree, "binomial:%d", n);
        dn_sim_work_opts wo = divide(0.5);
        fix f;
        fix_open(&f, net, tree, "zrl", DN_ORDER_DEFAULT, 0, -1, &wo);
        double bound = 0;
        for (int t = 1; t <= n; t++)
            bound += 1 + ldexp(1, -t) * 0.75;
        for (int si = 0; si < 3; si++) {
            dn_switching sw = si == 0 ? DN_SW_WORMHOLE : si == 1 ? DN_SW_VCT : DN_SW_SAF;
            for (int hi = 0; hi < 2; hi++) {
                double hop = hi ? 0.25 : 0;
                dn_sim_opts o = sim_opts(sw, 1, 0.75, hop);
                dn_sim_result r;
                run_work(&f.w, &o, &r);
                double pred = predicted(&f, sw, 1, 0.75, hop, 0.5);
                if (r.time != pred || (sw != DN_SW_SAF && hop == 0 && r.time != bound))
                    fail_msg("n=%d %s hop %g: %.17g, predicted %.17g", n, dn_switching_name(sw),
                             hop, r.time, pred);
                assert_int_equal(r.conflicts, 0);
                dn_sim_result_free(&r);
            }
        }
        /* dataflow schedule: no faster, since the chain 1, 3, 7, ... has
         * one message per phase */
        dn_sim_opts o = sim_opts(DN_SW_WORMHOLE, 1, 0.75, 0);
        o.async = 1;
        dn_sim_result r;
        run_work(&f.w, &o, &r);
        assert_true(r.time == bound);
        dn_sim_result_free(&r);
        fix_close(&f);
    }
}

/* A placement that ignores the network (random) makes worms collide: on
 * BDG(8) it takes measurably longer than mapping D's optimum. */
static void test_conflicting_placement(void **state)
{
    (void)state;
    dn_sim_work_opts wo = divide(1.0);
    double optimum = 8 * 2.0; /* 8 steps of t_s + t_e */
    for (int seed = 0; seed < 3; seed++) {
        dn_net net;
        dn_tree tree;
        dn_tree_model tm;
        dn_embed *e = NULL;
        dn_embed_opts eo;
        dn_sim_work w;
        dn_err err;
        memset(&eo, 0, sizeof eo);
        eo.map = "random";
        eo.root = -1;
        eo.seed = (uint64_t)seed + 1;
        assert_int_equal(dn_net_init(&net, "debruijn:8", &err), DN_OK);
        assert_int_equal(dn_tree_model_parse("binomial:8", &tm, &err), DN_OK);
        assert_int_equal(dn_tree_init(&tree, &tm, 1, 0, &err), DN_OK);
        assert_int_equal(dn_embed_init(&e, &net, &tree, &eo, &err), DN_OK);
        assert_int_equal(dn_sim_work_from_embed(&w, e, &wo, &err), DN_OK);
        dn_sim_opts o = sim_opts(DN_SW_WORMHOLE, 1, 1, 0);
        dn_sim_result r;
        run_work(&w, &o, &r);
        if (!(r.time >= 1.25 * optimum) || r.conflicts == 0)
            fail_msg("random placement %d: %g (conflicts %lld) vs mapping D %g", seed, r.time,
                     (long long)r.conflicts, optimum);
        assert_true(r.time >= r.ideal);
        dn_sim_result_free(&r);
        dn_sim_work_free(&w);
        dn_embed_free(e);
        dn_tree_free(&tree);
        dn_net_free(&net);
    }
}

/* ----------------------------------------------------- seed 001 claims */

/* flags: 1 every root (no classes), 2 the other regime (both stages,
 * dataflow, hop latency, all ports, 2 lanes) */
static void all_roots_opt(int k, const char *map, char approach, dn_dc_order ord,
                          dn_switching sw, double alpha, int threads, int flags,
                          dn_roots_result *out);

static void all_roots(int k, const char *map, char approach, dn_dc_order ord, dn_switching sw,
                      double alpha, int threads, dn_roots_result *out)
{
    all_roots_opt(k, map, approach, ord, sw, alpha, threads, 0, out);
}

static void all_roots_opt(int k, const char *map, char approach, dn_dc_order ord,
                          dn_switching sw, double alpha, int threads, int flags,
                          dn_roots_result *out)
{
    char net[32], tree[32];
    int side = 1 << k;
    snprintf(net, sizeof net, "mesh:%dx%d", side, side);
    snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
    dn_net n;
    dn_tree t;
    dn_tree_model tm;
    dn_err err;
    dn_embed_opts eo;
    memset(&eo, 0, sizeof eo);
    eo.map = map;
    eo.approach = approach == 'n' ? 'b' : approach; /* 'n': b:nearest */
    eo.centre = approach == 'n' ? DN_CENTRE_NEAREST : DN_CENTRE_FIXED;
    eo.order = ord;
    dn_sim_work_opts wo = divide(alpha);
    dn_sim_opts so = sim_opts(sw, 1, 1, 0);
    so.every_root = flags & 1;
    if (flags & 2) { /* the other regime: both stages, dataflow, hop latency, lanes */
        wo.stage = DN_STAGE_BOTH;
        so.async = 1;
        so.hop = 0.25;
        so.ports = 0;
        so.vcs = 2;
    }
    if (dn_net_init(&n, net, &err) || dn_tree_model_parse(tree, &tm, &err) ||
        dn_tree_init(&t, &tm, 1, 0, &err) ||
        dn_sim_all_roots(&n, &t, &eo, &wo, &so, threads, out, &err))
        fail_msg("%s k=%d: %s", map, k, err.msg);
    assert_int_equal(out->roots, side * side);
    assert_int_equal(out->deadlocks, 0);
    dn_tree_free(&t);
    dn_net_free(&n);
}

/* One root per orbit of the mesh's mirrors (one per distance to the centre
 * for Growing B) gives the same numbers as every root (issue 19): every
 * mapping and switching mode, k = 2..4, compared with the full run bit for
 * bit. */
static void test_root_orbits(void **state)
{
    (void)state;
    static const struct { const char *map; char approach; dn_dc_order ord; } maps[] = {
        {"dccube", 0, DN_ORDER_PAIRED}, {"dccube", 0, DN_ORDER_DESC},
        {"growing", 'a', DN_ORDER_DEFAULT}, {"growing", 'b', DN_ORDER_DEFAULT},
        {"growing", 'n', DN_ORDER_DEFAULT}, {"reflecting", 0, DN_ORDER_DEFAULT}};
    static const dn_switching sws[] = {DN_SW_SAF, DN_SW_WORMHOLE, DN_SW_VCT, DN_SW_CIRCUIT};
    for (int k = 2; k <= 4; k++)
        for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
            for (size_t w = 0; w < sizeof sws / sizeof sws[0]; w++)
                for (int regime = 0; regime < 2; regime++) {
                    dn_roots_result a, b;
                    all_roots_opt(k, maps[m].map, maps[m].approach, maps[m].ord, sws[w], 0.5, 2,
                                  2 * regime, &a);
                    all_roots_opt(k, maps[m].map, maps[m].approach, maps[m].ord, sws[w], 0.5, 2,
                                  2 * regime + 1, &b);
                    const int64_t N = (int64_t)1 << (2 * k);
                    assert_int_equal(b.simulated, N);
                    /* B: one root per distance to the centre (side/2 - 1, side/2 - 1),
                     * 0 .. side: side + 1 runs; b:nearest: to the nearest central
                     * node, 0 .. side - 2: side - 1 runs */
                    assert_int_equal(a.simulated, maps[m].approach == 'b'   ? (1 << k) + 1
                                                  : maps[m].approach == 'n' ? (1 << k) - 1
                                                                            : N / 4);
                    if (a.time != b.time || a.ts_coeff != b.ts_coeff || a.te_coeff != b.te_coeff ||
                        a.conflicts != b.conflicts || a.time_min != b.time_min ||
                        a.time_max != b.time_max || a.steps != b.steps)
                        fail_msg("k=%d %s%c sw %d: orbits %.17g, every root %.17g", k,
                                 maps[m].map, maps[m].approach ? maps[m].approach : ' ',
                                 (int)sws[w], a.time, b.time);
                    assert_memory_equal(a.root_time, b.root_time, sizeof(double) * (size_t)N);
                    assert_memory_equal(a.step_time, b.step_time, sizeof(double) * (size_t)a.steps);
                    dn_roots_result_free(&a);
                    dn_roots_result_free(&b);
                }
}

static void test_seed001_claims(void **state)
{
    (void)state;
    double prev_a = 0, prev_b = 0, prev_rb = 1;
    for (int k = 2; k <= 5; k++) {
        dn_roots_result s, a, b, s2;
        all_roots(k, "dccube", 0, DN_ORDER_PAIRED, DN_SW_SAF, 0.5, 2, &s);
        all_roots(k, "growing", 'a', DN_ORDER_DEFAULT, DN_SW_SAF, 0.5, 2, &a);
        all_roots(k, "growing", 'b', DN_ORDER_DEFAULT, DN_SW_SAF, 0.5, 2, &b);
        /* S is the same from every root (constant distances) */
        assert_true(s.time_min == s.time_max);
        /* large halving problems: S wins by a factor growing with the mesh */
        double ra = a.te_coeff / s.te_coeff, rb = b.te_coeff / s.te_coeff;
        if (!(ra > 1 && rb > 1 && ra > prev_a && rb > prev_b))
            fail_msg("k=%d: te ratios A/S %g (before %g), B/S %g (before %g)", k, ra, prev_a,
                     rb, prev_b);
        prev_a = ra;
        prev_b = rb;
        /* docs/papers/001-meshes.md: the advantage grows like the mesh side
         * 2^k, not like the 4^k nodes: A/S is exactly 2^(k-2) + 1/2 here
         * (1.5, 2.5, 4.5, 8.5), and B/S less than doubles per k */
        if (fabs(ra - (ldexp(1, k - 2) + 0.5)) > 1e-9)
            fail_msg("k=%d: A/S t_e ratio %.12g, not 2^(k-2) + 1/2", k, ra);
        if (k > 2)
            assert_true(rb / prev_rb < 2.0);
        prev_rb = rb;
        /* small messages: B needs the fewest start-ups (k >= 3) */
        if (k >= 3 && !(b.ts_coeff < a.ts_coeff && b.ts_coeff < s.ts_coeff))
            fail_msg("k=%d: ts coefficients S %g A %g B %g", k, s.ts_coeff, a.ts_coeff,
                     b.ts_coeff);
        /* same averages on one thread */
        all_roots(k, "dccube", 0, DN_ORDER_PAIRED, DN_SW_SAF, 0.5, 1, &s2);
        assert_memory_equal(s.root_time, s2.root_time, sizeof(double) * (size_t)s.roots);
        assert_true(s.time == s2.time && s.te_coeff == s2.te_coeff);
        dn_roots_result_free(&s);
        dn_roots_result_free(&s2);
        dn_roots_result_free(&a);
        dn_roots_result_free(&b);
        /* wormhole: DC-cube (descending) and Reflecting optimal from every root */
        double bound = 2 * k + (1 - ldexp(1, -2 * k));
        static const char *maps[] = {"dccube", "reflecting"};
        for (int mi = 0; mi < 2; mi++) {
            dn_roots_result r;
            all_roots(k, maps[mi], 0, mi ? DN_ORDER_DEFAULT : DN_ORDER_DESC, DN_SW_WORMHOLE, 0.5,
                      2, &r);
            if (r.time_min != bound || r.time_max != bound || r.conflicts != 0)
                fail_msg("%s k=%d wormhole: %g..%g, bound %g", maps[mi], k, r.time_min,
                         r.time_max, bound);
            dn_roots_result_free(&r);
        }
    }
}

/* Seed 001 Table 1, row G_B (typed from the paper): t_s 3 2^(k-1) - 1 and
 * the general t_e formula
 *   2^(k-1) - 1 + a + a^2 + (a^3 + a^4) ((2a^2)^(k-1) - 1) / (2a^2 - 1).
 * Approach b with one fixed centre gives one more of each (the move from
 * every root to one node averages at least 2^(k-1) hops, with equality at
 * the four central nodes); b:nearest (the central node in the root's
 * quadrant) gives the row exactly. The paper's alpha = 1/2 column,
 * 2^(k-1) + 1/8 + 3/2^(k+2), disagrees with its own general formula,
 * 2^(k-1) + 1/8 - 3/2^(k+2) there, by 3/2^(k+1). */
static double paper_gb_te(int k, double a)
{
    const double q = 2 * a * a;
    return ldexp(1, k - 1) - 1 + a + a * a + (pow(a, 3) + pow(a, 4)) * (pow(q, k - 1) - 1) / (q - 1);
}

static void test_seed001_growing_b(void **state)
{
    (void)state;
    static const double alphas[] = {1.0, 0.5, 0.75};
    for (int k = 2; k <= 6; k++) {
        const double ts_paper = 3 * ldexp(1, k - 1) - 1;
        /* the half column and the general formula, as printed */
        const double half_col = ldexp(1, k - 1) + 0.125 + 3 * ldexp(1, -(k + 2));
        if (fabs(paper_gb_te(k, 0.5) - (half_col - 3 * ldexp(1, -(k + 1)))) > 1e-12)
            fail_msg("k=%d: general formula %.17g vs half column %.17g", k, paper_gb_te(k, 0.5),
                     half_col);
        for (size_t ai = 0; ai < sizeof alphas / sizeof alphas[0]; ai++) {
            const double a = alphas[ai], te_paper = paper_gb_te(k, a);
            dn_roots_result fixed, near;
            all_roots(k, "growing", 'b', DN_ORDER_DEFAULT, DN_SW_SAF, a, 2, &fixed);
            all_roots(k, "growing", 'n', DN_ORDER_DEFAULT, DN_SW_SAF, a, 2, &near);
            if (near.ts_coeff != ts_paper || fabs(near.te_coeff - te_paper) > 1e-12)
                fail_msg("k=%d alpha=%g b:nearest: %.17g t_s + %.17g t_e, Table 1: %.17g + %.17g",
                         k, a, near.ts_coeff, near.te_coeff, ts_paper, te_paper);
            if (fixed.ts_coeff != ts_paper + 1 || fabs(fixed.te_coeff - te_paper - 1) > 1e-12)
                fail_msg("k=%d alpha=%g b: %.17g t_s + %.17g t_e, Table 1 + 1: %.17g + %.17g", k,
                         a, fixed.ts_coeff, fixed.te_coeff, ts_paper + 1, te_paper + 1);
            if (a == 0.5 && fabs(near.te_coeff - half_col) < 1e-3)
                fail_msg("k=%d: b:nearest gives the half column %.17g", k, half_col);
            dn_roots_result_free(&fixed);
            dn_roots_result_free(&near);
        }
        /* the bound on the move, brute force over every centre c and root */
        const int side = 1 << k, mid = side / 2;
        double best = 1e300, near_sum = 0;
        for (int c = 0; c < side * side; c++) {
            double sum = 0;
            for (int r = 0; r < side * side; r++)
                sum += abs(r / side - c / side) + abs(r % side - c % side);
            const double avg = sum / (side * side);
            const int central = (c / side == mid - 1 || c / side == mid) &&
                                (c % side == mid - 1 || c % side == mid);
            assert_true(avg >= ldexp(1, k - 1));
            assert_true((avg == ldexp(1, k - 1)) == central);
            if (avg < best)
                best = avg;
        }
        for (int r = 0; r < side * side; r++) {
            const int i = r / side, j = r % side;
            near_sum += (i < mid ? mid - 1 - i : i - mid) + (j < mid ? mid - 1 - j : j - mid);
        }
        assert_true(best == ldexp(1, k - 1));
        assert_true(near_sum / (side * side) == ldexp(1, k - 1) - 1);
    }
}

/* Seed 001 section 4 says the store-and-forward DC-cube takes the
 * dimensions in ascending order; Table 1's row S, (3/2)(1 - 2^-k) at
 * alpha = 1/2, is the paired order (0,k), (1,k+1), ...: steps 2j+1, 2j+2
 * move 2^j. Ascending moves 1, 2, .., 2^(k-1) on the columns, then again
 * on the rows: t_e = (1 + 2^-k) k / 2 at alpha = 1/2. k = 3: 1.3125 and
 * 1.6875. Both take 2^(k+1) - 2 start-ups, and t_e = 2^(k+1) - 2 at
 * alpha = 1. S is the same from every root, so root 0 stands for all. */
static void test_seed001_saf_order(void **state)
{
    (void)state;
    for (int k = 2; k <= 6; k++) {
        char net[32], tree[32];
        snprintf(net, sizeof net, "mesh:%dx%d", 1 << k, 1 << k);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        for (int ai = 0; ai < 2; ai++) {
            const double a = ai ? 0.5 : 1.0;
            const double paired = ai ? 1.5 * (1 - ldexp(1, -k)) : ldexp(1, k + 1) - 2;
            const double asc = ai ? (1 + ldexp(1, -k)) * k / 2 : ldexp(1, k + 1) - 2;
            dn_sim_work_opts wo = divide(a);
            for (int oi = 0; oi < 2; oi++) {
                fix f;
                fix_open(&f, net, tree, "dccube", oi ? DN_ORDER_ASC : DN_ORDER_PAIRED, 0, 0, &wo);
                dn_sim_opts o = sim_opts(DN_SW_SAF, 1, 1, 0);
                dn_sim_result r;
                run_work(&f.w, &o, &r);
                const double want = oi ? asc : paired;
                if (r.lin.s != ldexp(1, k + 1) - 2 || fabs(r.lin.e - want) > 1e-12)
                    fail_msg("k=%d alpha=%g %s: %.17g t_s + %.17g t_e, want %.17g t_e", k, a,
                             oi ? "asc" : "paired", r.lin.s, r.lin.e, want);
                if (k == 3 && ai)
                    assert_true(r.lin.e == (oi ? 1.6875 : 1.3125));
                dn_sim_result_free(&r);
                fix_close(&f);
            }
        }
    }
}

/* The xor embedding on the 2^k x 2^k torus (tests/test_embed.c has its
 * distances): paired order, store-and-forward, from any root,
 * sum_t c_((t-1)/2) (t_s + alpha^t t_e) with c_j = 2^j, 2^(k-2) for the last
 * pair: 3 2^(k-1) - 2 start-ups against the standard embedding's
 * 2^(k+1) - 2 on the same torus; descending order under wormhole the
 * optimum 2k t_s + sum alpha^t t_e, no conflict. */
static void test_xor_torus(void **state)
{
    (void)state;
    for (int k = 2; k <= 4; k++) {
        const int side = 1 << k;
        char net[32], tree[32];
        snprintf(net, sizeof net, "torus:%dx%d", side, side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        for (int ai = 0; ai < 2; ai++) {
            const double a = ai ? 0.5 : 1.0;
            double cs = 0, ce = 0, std_s = 0, bound = 0;
            for (int t = 1; t <= 2 * k; t++) {
                const int j = (t - 1) / 2;
                const double c = j < k - 1 ? ldexp(1, j) : ldexp(1, k - 2);
                cs += c;
                ce += c * pow(a, t);
                std_s += ldexp(1, j); /* the standard embedding: 2^j on the torus too */
                bound += 1 + pow(a, t);
            }
            assert_true(cs == 3 * ldexp(1, k - 1) - 2 && std_s == ldexp(1, k + 1) - 2);
            dn_sim_work_opts wo = divide(a);
            for (int64_t root = 0; root < side * side; root += 5) {
                fix f;
                fix_open(&f, net, tree, "xor", DN_ORDER_PAIRED, 0, root, &wo);
                dn_sim_opts o = sim_opts(DN_SW_SAF, 1, 1, 0);
                dn_sim_result r;
                run_work(&f.w, &o, &r);
                if (r.lin.s != cs || fabs(r.lin.e - ce) > 1e-12)
                    fail_msg("xor k=%d alpha=%g root %lld: %.17g t_s + %.17g t_e, closed form "
                             "%.17g + %.17g",
                             k, a, (long long)root, r.lin.s, r.lin.e, cs, ce);
                dn_sim_result_free(&r);
                fix_close(&f);
                fix_open(&f, net, tree, "dccube", DN_ORDER_PAIRED, 0, root, &wo);
                run_work(&f.w, &o, &r);
                assert_true(r.lin.s == std_s);
                dn_sim_result_free(&r);
                fix_close(&f);
                fix_open(&f, net, tree, "xor", DN_ORDER_DESC, 0, root, &wo);
                o = sim_opts(DN_SW_WORMHOLE, 1, 1, 0);
                run_work(&f.w, &o, &r);
                if (fabs(r.time - bound) > 1e-12 || r.conflicts != 0)
                    fail_msg("xor k=%d wormhole root %lld: %.17g (bound %.17g), %lld conflicts",
                             k, (long long)root, r.time, bound, (long long)r.conflicts);
                dn_sim_result_free(&r);
                fix_close(&f);
            }
        }
    }
}

/* ------------------------------------------- stages and schedules */

static void test_combine_and_both(void **state)
{
    (void)state;
    const int k = 3;
    dn_sim_work_opts wo = divide(0.5);
    fix f;
    double div_bound = 0;
    for (int t = 1; t <= 2 * k; t++)
        div_bound += 1 + ldexp(1, -t);
    dn_sim_opts o = sim_opts(DN_SW_WORMHOLE, 1, 1, 0);
    dn_sim_result r;
    /* combine, results of size 1: 2k steps of t_s + t_e */
    wo.stage = DN_STAGE_COMBINE;
    wo.combine_uniform = 1;
    fix_open(&f, "mesh:8x8", "binomial:6", "dccube", DN_ORDER_DESC, 0, 19, &wo);
    assert_int_equal(f.w.msgs, 63);
    run_work(&f.w, &o, &r);
    assert_true(r.time == 2.0 * 2 * k);
    assert_int_equal(r.conflicts, 0);
    dn_sim_result_free(&r);
    fix_close(&f);
    /* growing results mirror the division: same time */
    wo.combine_uniform = 0;
    fix_open(&f, "mesh:8x8", "binomial:6", "dccube", DN_ORDER_DESC, 0, 19, &wo);
    run_work(&f.w, &o, &r);
    assert_true(r.time == div_bound);
    dn_sim_result_free(&r);
    fix_close(&f);
    /* both: divide then combine */
    wo.stage = DN_STAGE_BOTH;
    fix_open(&f, "mesh:8x8", "binomial:6", "dccube", DN_ORDER_DESC, 0, 19, &wo);
    assert_int_equal(f.w.msgs, 126);
    assert_int_equal(f.w.steps, 4 * k);
    run_work(&f.w, &o, &r);
    assert_true(r.time == 2 * div_bound);
    dn_sim_result_free(&r);
    /* dataflow: a node combines as soon as its children are in, so the
     * combining stage overlaps; never slower here (no contention) */
    o.async = 1;
    run_work(&f.w, &o, &r);
    assert_true(r.time <= 2 * div_bound);
    assert_int_equal(r.delivered, 126);
    dn_sim_result_free(&r);
    fix_close(&f);
    /* approach b: the move and the way back are one message of size 1 */
    wo.stage = DN_STAGE_BOTH;
    fix_open(&f, "mesh:8x8", "binomial:6", "growing", DN_ORDER_DEFAULT, 'b', 0, &wo);
    assert_int_equal(f.w.msgs, 128);
    assert_int_equal(f.w.stage[0], 0);
    assert_int_equal(f.w.stage[127], 0);
    assert_int_equal(f.w.route_off[1], 6); /* (0,0) -> (3,3) */
    fix_close(&f);
}

static void test_trace_errors(void **state)
{
    (void)state;
    dn_net net;
    dn_trace tr;
    dn_err err;
    char path[] = "/tmp/dcnet_trace_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *fp = fdopen(fd, "w");
    fputs("# src dst size release\n0 3 1\n1,1 0,0 2 0.5\n", fp);
    fclose(fp);
    assert_int_equal(dn_net_init(&net, "mesh:2x2", &err), DN_OK);
    assert_int_equal(dn_trace_read(path, &net, 0, &tr, &err), DN_OK);
    assert_int_equal(tr.n, 2);
    assert_int_equal(tr.src[1], 3);
    assert_true(tr.release[1] == 0.5);
    dn_trace_free(&tr);
    /* through the input path every reader shares (dn_read_text): CRLF and
     * a UTF-8 byte order mark are read, errors say path:line */
    fp = fopen(path, "w");
    fputs("\xef\xbb\xbf" "0 3 1\r\n1,1 0,0 2 0.5\r\n", fp);
    fclose(fp);
    assert_int_equal(dn_trace_read(path, &net, 0, &tr, &err), DN_OK);
    assert_int_equal(tr.n, 2);
    assert_int_equal(tr.dst[0], 3);
    assert_true(tr.release[1] == 0.5);
    dn_trace_free(&tr);
    char at1[64], at2[64];
    snprintf(at1, sizeof at1, "%s:1: ", path);
    snprintf(at2, sizeof at2, "%s:2: ", path);
    const char *bad[][2] = {{"0 3\n", at1},
                            {"0 3 1\n0 9 1\n", at2},
                            {"0 3 -1\n", "size"},
                            {"0 3 1 2 5\n", "5 fields"},
                            {"# nothing\n", "no messages"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fp = fopen(path, "w");
        fputs(bad[i][0], fp);
        fclose(fp);
        assert_int_equal(dn_trace_read(path, &net, 0, &tr, &err), DN_EINVAL);
        if (!strstr(err.msg, bad[i][1]))
            fail_msg("'%s': message '%s' lacks '%s'", bad[i][0], err.msg, bad[i][1]);
    }
    /* a NUL byte, a directory, and a file over the memory limit (1 KiB:
     * 100 lines of 6 bytes need 600 + 100 x DN_TRACE_LINE_BYTES) */
    fp = fopen(path, "w");
    fwrite("0 3 1\n\0\n", 1, 8, fp);
    fclose(fp);
    assert_int_equal(dn_trace_read(path, &net, 0, &tr, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "NUL"));
    assert_int_equal(dn_trace_read("/tmp", &net, 0, &tr, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "directory"));
    fp = fopen(path, "w");
    for (int i = 0; i < 100; i++)
        fputs("0 3 1\n", fp);
    fclose(fp);
    assert_int_equal(dn_trace_read(path, &net, 1024, &tr, &err), DN_ELIMIT);
    assert_non_null(strstr(err.msg, "memory limit of 1.00 KiB"));
    assert_int_equal(dn_trace_read(path, &net, 600 + 101 * DN_TRACE_LINE_BYTES, &tr, &err),
                     DN_OK);
    assert_int_equal(tr.n, 100);
    dn_trace_free(&tr);
    assert_int_equal(dn_trace_read("/nonexistent/t", &net, 0, &tr, &err), DN_EINVAL);
    unlink(path);
    dn_net_free(&net);
    /* engine options are validated */
    dn_sim *s;
    dn_sim_opts o = sim_opts(DN_SW_SAF, -1, 1, 0);
    assert_int_equal(dn_sim_init(&s, &o, &err), DN_EINVAL);
    o = sim_opts(DN_SW_SAF, 1, 1, 0);
    o.vcs = 17;
    assert_int_equal(dn_sim_init(&s, &o, &err), DN_ERANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evq_order),
        cmocka_unit_test(test_crossing_worms),
        cmocka_unit_test(test_ports),
        cmocka_unit_test(test_deadlock),
        cmocka_unit_test(test_vct_same_instant),
        cmocka_unit_test(test_link_costs_alone),
        cmocka_unit_test(test_link_costs_contention),
        cmocka_unit_test(test_message_times),
        cmocka_unit_test(test_engine_bytes),
        cmocka_unit_test(test_dccube_saf_every_root),
        cmocka_unit_test(test_wormhole_optimal_every_root),
        cmocka_unit_test(test_mapping_d),
        cmocka_unit_test(test_conflicting_placement),
        cmocka_unit_test(test_seed001_claims),
        cmocka_unit_test(test_root_orbits),
        cmocka_unit_test(test_seed001_growing_b),
        cmocka_unit_test(test_seed001_saf_order),
        cmocka_unit_test(test_xor_torus),
        cmocka_unit_test(test_combine_and_both),
        cmocka_unit_test(test_trace_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
