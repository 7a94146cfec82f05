/*
 * demo_sections.c - the six sections of `dcnet demo` (demo.c runs them):
 * which dcnet commands each runs, the tables and plots it makes of their
 * JSON, and the seeds' claims it checks against those numbers.
 *
 *  1 seed 000: mapping D (zrl) of B(n) on BDG(n) vs SCOTCH and random;
 *  2 seed 001: DC-cube (S) vs Growing A and B on 2^k x 2^k meshes, saf and
 *    wormhole, averaged over every root;
 *  3 seed 002: random-walk placement, exact alpha_h vs simulation;
 *  4 seed 003: load balancing on DDB(k) vs diffusion and dimension exchange;
 *  5 seed 004: Sneptrees S_3 and T_3, planarity, homogeneous mapping;
 *  6 the runtime: mergesort speed-up; an emulated de Bruijn network.
 * Sizes: the full run reaches BDG(20), 64 x 64 meshes and DDB(16); README
 * states the measured times of both runs. Every section ends with where
 * dcnet differs from its seed (issue 28 item 12); the seeds' own tables
 * are drawn by demo_papers.c.
 */
#include "demo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NUM(j, key) jflat_num(&(j), key)

/* Fixed-point text of v ("-" for a missing number); one of a few buffers
 * so that several can appear in one printf. */
static char *next_buf(void);
static const char *fx(double v, int digits)
{
    return demo_num(next_buf(), 40, v, digits);
}

static char *next_buf(void)
{
    static _Thread_local char bufs[8][40];
    static _Thread_local int next;
    return bufs[next++ & 7];
}

/* At least `digits` decimals, more when rounding would land on an integer
 * that v is not (1.99998 never prints as "2.0000" beside "< 2"). */
static const char *demo_exact(double v, int digits)
{
    char *b = next_buf();
    if (v != v)
        return strcpy(b, "-");
    for (int dg = digits; dg <= 15; dg++) {
        snprintf(b, 40, "%.*f", dg, v);
        double p = strtod(b, NULL);
        if (p != floor(p) || v == floor(v))
            break;
    }
    return b;
}

/* `sig` significant digits (times: 0.00031, 2.8). */
static const char *demo_sig(double v, int sig)
{
    char *b = next_buf();
    if (v != v)
        return strcpy(b, "-");
    snprintf(b, 40, "%.*g", sig, v);
    return b;
}

static int plot_file(demo *d, const char *name, FILE **f, double w, double h)
{
    dn_err err;
    *f = demo_open(d, name, &err);
    if (!*f) {
        fprintf(stderr, "dcnet demo: %s\n", err.msg);
        return DN_EIO;
    }
    plot_begin(*f, w, h);
    return DN_OK;
}

static int plot_close(FILE *f)
{
    dn_err err;
    plot_end(f);
    if (demo_close(f, &err) == DN_OK)
        return DN_OK;
    fprintf(stderr, "dcnet demo: %s\n", err.msg);
    return DN_EIO;
}

/* The sweep behind a table also draws its chart, whose "regenerate" line
 * it must be: the table keeps its command (the last one logged) before
 * demo_table_end lists the commands, and the chart logs it again. */
static void last_cmd(const demo *d, char cmd[DEMO_CMD_MAX])
{
    snprintf(cmd, DEMO_CMD_MAX, "%s", d->nlog > 0 ? d->log[d->nlog - 1] : "");
}

static void relog_cmd(demo *d, const char *cmd)
{
    if (*cmd && d->nlog < DEMO_LOG_MAX)
        snprintf(d->log[d->nlog++], DEMO_CMD_MAX, "%s", cmd);
}

/* Why a sweep's row has no numbers: its error text, "no row" when the
 * sweep has none; NULL when the run succeeded. */
static const char *row_failure(const jflat *r)
{
    if (r && demo_rows_num(r, "exit") == 0)
        return NULL;
    const char *e = r ? jflat_get(r, "error") : NULL;
    return e ? e : "no row";
}

/* ------------------------------------------------ 1. seed 000, de Bruijn */

#define S1_NMAX 20
enum { S1_ZRL, S1_ZRLS, S1_DECO0, S1_DECO2, S1_RANDOM, S1_MAPS };

/* Where dcnet differs from seed 000 (issue 28 item 12), with this run's
 * numbers: the loop step, walks for paths, Property 5.6's maximum. */
static void demo_debruijn_differs(demo *d, int nmax, double tot[][S1_NMAX + 1])
{
    jflat j;
    dn_err err;
    double wmax = NAN;
    if (demo_run(d, &j, &err, "embed --net debruijn:%d --tree binomial:%d --map zrl --weights "
                              "log --json", nmax, nmax) == DN_OK)
        wmax = NUM(j, "weighted.max");
    jflat_free(&j);
    const int ne = nmax % 2 ? nmax - 1 : nmax; /* an even n: where the loop step is */
    const double paper_tot = ldexp(1, ne + 1) - ne - 2;
    demo_differs_begin(d, "000");
    demo_row(d, "total dilation of mapping D, n = %d|2^(n+1) - n - 2 = %s (section 5.2; "
                "2^(n+1) + Theta(n^2) in the text)|%s|F maps one edge of CBT(n+1) (between "
                "0101... and 1010...) to the self-loop at 1^n for even n. BDG(n) here is a "
                "simple graph (docs/spec/cli.md) and a loop moves nothing, so dcnet drops that step: "
                "one hop less for even n, the same for odd n",
             ne, fx(paper_tot, 0), fx(tot[S1_ZRL][ne], 0));
    demo_row(d, "routes of mapping D (map-edge)|F of the CBT(n+1) path of each tree edge, "
                "treated as a path|walks: some revisit a processor (n = 4, task 12 goes "
                "0010, 0101, 1010, 0101); at n = 8 its routes total %s hops, shortest routes "
                "between the same processors %s|dcnet keeps the walk as the paper defines it: "
                "every hop counts in the dilation, a link once in the contention. The table "
                "above shows mapping D on both",
             fx(tot[S1_ZRL][8], 0), fx(tot[S1_ZRLS][8], 0));
    demo_row(d, "maximum weighted dilation, logarithmic weights (phase p carries 2^-p), n = %d|"
                "at most n/2^n = %s (Property 5.6)|%s|the property's own term j/2^(n-i+j) is "
                "1/2 for the root's first two children; dcnet measures the maximum over every "
                "tree edge",
             nmax, demo_sig(nmax / ldexp(1, nmax), 3), demo_sig(wmax, 3));
    demo_table_end(d);
}

/* One run's numbers per mapping and n, filled by the table's sweep and
 * read by the prose, the chart and the checks (NAN where not measured). */
typedef struct s1_data {
    int nmax, maxn[S1_MAPS], have_scotch;
    double avg[S1_MAPS][S1_NMAX + 1], maxd[S1_MAPS][S1_NMAX + 1], secs[S1_MAPS][S1_NMAX + 1];
    double conf[S1_MAPS][S1_NMAX + 1], mll[S1_MAPS][S1_NMAX + 1], lb[S1_NMAX + 1];
    double tot[S1_MAPS][S1_NMAX + 1];
    double ns[S1_NMAX + 1];
} s1_data;

/* one SCOTCH setting per curve: its two targets built from the network
 * (embed --scotch-target); deco 0 stops at 4096 processors, where
 * SCOTCH itself fails above (measured, DN_SCOTCH_DECO0_MAX) */
static const char *const s1_maps[S1_MAPS] = {"zrl", "zrl", "scotch:deco0", "scotch:deco2",
                                             "random"};
/* mapping D is measured on its own routes (map-edge, seed 000's F of
 * the CBT path) and, like the baselines, on shortest routes: like with
 * like (issue 28 item 13) */
static const char *const s1_routes[S1_MAPS] = {"mapping", "shortest", "mapping", "mapping",
                                               "mapping"};
static const char *const s1_names[S1_MAPS] = {"mapping D, its own routes",
                                              "mapping D, shortest routes", "SCOTCH deco 0",
                                              "SCOTCH deco 2", "random"};

/* SCOTCH's curves are left out when it is not built in */
static int s1_skip(const s1_data *s, int m)
{
    return !s->have_scotch && (m == S1_DECO0 || m == S1_DECO2);
}

/* The three drawings of B(4) on BDG(4), one per kind of mapping, side by
 * side: small enough to read every edge. */
static void s1_figures(demo *d, int have_scotch)
{
    static const char *const fig_maps[3] = {"zrl", "scotch", "random"};
    jflat j;
    dn_err err;
    demo_figures_begin(d);
    for (int m = 0; m < 3; m++) {
        char name[64], cap[800];
        if (m == 1 && !have_scotch)
            continue;
        snprintf(name, sizeof name, "s1-%s-bdg4.svg", fig_maps[m]);
        if (demo_run(d, &j, &err,
                     "embed --net debruijn:4 --tree binomial:4 --map %s --svg %s --json",
                     fig_maps[m], name) == DN_OK)
            snprintf(cap, sizeof cap,
                     "B(4) on BDG(4) by %s: average dilation %s; phase contention (routes of "
                     "one phase sharing a link anywhere): %s conflicts. Edges coloured "
                     "by phase; red links carry two messages in one phase.",
                     m == 1 ? "SCOTCH (deco 0)" : fig_maps[m], fx(NUM(j, "dilation.average"), 3),
                     fx(NUM(j, "contention.conflicts"), 0));
        else
            snprintf(cap, sizeof cap, "B(4) on BDG(4) by %s: the run failed: %s", fig_maps[m],
                     err.msg);
        jflat_free(&j);
        demo_figure(d, name, cap, 720); /* the drawing's own width: legible */
    }
    demo_figures_end(d);
}

/* The table and the chart: one sweep (issue 21), its command the
 * "regenerate" line under both; the sweep's command is kept in cmd for the
 * chart. Fills s with the numbers of every row. */
static void s1_table(demo *d, s1_data *s, char cmd[DEMO_CMD_MAX])
{
    demo_rows rows;
    char maplist[256] = "";
    for (int m = 0; m < S1_MAPS; m++)
        if (!s1_skip(s, m))
            snprintf(maplist + strlen(maplist), sizeof maplist - strlen(maplist), "%s%s/%s",
                     *maplist ? "," : "", s1_maps[m], s1_routes[m]);
    char skips[256] = "";
    if (s->have_scotch)
        snprintf(skips, sizeof skips, " --skip 'map=scotch:deco0,n>%d' --skip 'map=scotch:deco2,n>%d'",
                 s->maxn[S1_DECO0], s->maxn[S1_DECO2]);
    dn_err serr;
    int src = demo_sweep(d, &rows, "s1-embed.jsonl", &serr,
                         "embed --var n=4..%d --var map/r=%s%s --net debruijn:{n} "
                         "--tree binomial:{n} --map {map} --routes {r} --timing",
                         s->nmax, maplist, skips);
    demo_table(d, "n|mapping|average dilation|max dilation|conflicts (phase "
                  "contention)|max link load (phase)|mapping time (s)|"
                  "lower bound on the average (any one-to-one placement)");
    if (src != DN_OK)
        demo_row(d, "4..%d|all|the sweep failed: %s|||||", s->nmax, serr.msg);
    for (int n = 4; n <= s->nmax && src == DN_OK; n++)
        for (int m = 0; m < S1_MAPS; m++) {
            if (s1_skip(s, m) || n > s->maxn[m])
                continue;
            const jflat *r = demo_rows_get(&rows, "n=%d map=%s r=%s", n, s1_maps[m],
                                           s1_routes[m]);
            const char *fail = row_failure(r);
            if (fail) {
                demo_row(d, "%d|%s|failed: %s|||||", n, s1_names[m], fail);
                continue;
            }
            s->avg[m][n] = demo_rows_num(r, "dilation.average");
            s->maxd[m][n] = demo_rows_num(r, "dilation.max");
            s->conf[m][n] = demo_rows_num(r, "contention.conflicts");
            s->mll[m][n] = demo_rows_num(r, "contention.max_link_load");
            s->secs[m][n] = demo_rows_num(r, "map_seconds");
            s->lb[n] = 1 + demo_rows_num(r, "lower_bound.average_extra");
            s->tot[m][n] = demo_rows_num(r, "dilation.total");
            demo_row(d, "%d|%s|%s|%s|%s|%s|%s|%s", n, s1_names[m], demo_exact(s->avg[m][n], 4),
                     fx(s->maxd[m][n], 0), fx(s->conf[m][n], 0), fx(s->mll[m][n], 0),
                     demo_sig(s->secs[m][n], 2), fx(s->lb[n], 4));
        }
    demo_rows_free(&rows);
    /* the chart below comes from the same sweep: keep its command for it */
    last_cmd(d, cmd);
    demo_table_end(d);
}

/* What the table shows in words: mapping D on shortest routes against its
 * own, and why SCOTCH's deco 0 curve stops at n = 12. */
static void s1_prose(demo *d, const s1_data *s)
{
    char like[900], para[1400];
    snprintf(like, sizeof like,
             "Like with like: on shortest routes, as the baselines are measured, mapping D "
             "is no longer free of phase contention: at n = 8, %s conflicts and up to %s "
             "messages on one link in a phase (on its own routes: %s and %s). Its average "
             "dilation falls from %s to %s there, because its own routes are walks, some "
             "longer than a shortest path; seed 000's claims are about its own routes.",
             fx(s->conf[S1_ZRLS][8], 0), fx(s->mll[S1_ZRLS][8], 0), fx(s->conf[S1_ZRL][8], 0),
             fx(s->mll[S1_ZRL][8], 0), demo_exact(s->avg[S1_ZRL][8], 4),
             demo_exact(s->avg[S1_ZRLS][8], 4));
    demo_para(d, like);
    if (!s->have_scotch) {
        demo_para(d, "SCOTCH is not built in (install libscotch-dev and rebuild): its rows are "
                     "left out.");
        return;
    }
    /* this run's mapping time at n = 12 from the table; SCOTCH's memory
     * there and its crash at n = 13 are not measured by this run: quoted
     * with their date and page (issue 28 item 11) */
    char q1[400], q2[400];
    demo_quoted(q1, sizeof q1, "938 MB", "2026-11-23", "docs/embeddings.md");
    demo_quoted(q2, sizeof q2, "at n = 13 it ran out of memory and crashed", "2026-11-23",
                "docs/embeddings.md");
    snprintf(para, sizeof para,
             "The deco 0 curve stops at n = 12 (4096 processors): there SCOTCH took %s s to "
             "map in this run (the table's mapping time, most of it building the target's "
             "distance matrix) and needs %s; %s, so <code>--scotch-target deco0</code> "
             "refuses above 4096 processors. Deco 2 needs no distance matrix and goes on.",
             demo_sig(s->secs[S1_DECO0][12], 2), q1, q2);
    demo_para(d, para);
}

/* The curves of every mapping (all, or all but random) of one quantity
 * against n, for one panel of the chart; returns how many. */
static int s1_curves(const s1_data *s, plot_series *out, const double (*y)[S1_NMAX + 1],
                     int with_random)
{
    int k = 0;
    for (int m = 0; m < S1_MAPS; m++)
        if (!s1_skip(s, m) && (with_random || m != S1_RANDOM))
            out[k++] = (plot_series){s1_names[m], s->ns + 4, y[m] + 4, NULL, s->maxn[m] - 3,
                                     PLOT_LINE_POINTS, 0, plot_color(m)};
    return k;
}

/* three panels: mapping D against SCOTCH on a linear axis (they lie
 * between 1.1 and 2.1, which a log axis shared with random's 16
 * squeezed flat), then everything with random on a log axis, then the
 * contention; cmd is the table's sweep, the chart's regenerate line */
static int s1_chart(demo *d, const s1_data *s, const char *cmd)
{
    FILE *f;
    int rc;
    if ((rc = plot_file(d, "s1-dilation.svg", &f, 900, 1080)))
        return rc;
    plot_series c[S1_MAPS + 1];
    const plot_series lower = {"lower bound", s->ns + 4, s->lb + 4, NULL, s->nmax - 3,
                               PLOT_LINE, 1, "#555"};
    int k = s1_curves(s, c, s->avg, 0);
    c[k++] = lower;
    plot_box b0 = {0, 0, 900, 360, "Average dilation: mapping D against SCOTCH (linear scale)",
                   "n", "average dilation (hops per tree edge)", 0, 0, 0, 0, 1, 0, NULL, 0, 0};
    plot_draw(f, &b0, c, k);
    k = s1_curves(s, c, s->avg, 1);
    c[k++] = lower;
    plot_box b1 = {0, 360, 900, 360, "Average dilation with the random placement (log scale)",
                   "n", "average dilation (log scale)", 0, 0, 0, 0, 1, 0, NULL, 0, 1};
    plot_draw(f, &b1, c, k);
    k = s1_curves(s, c, s->mll, 1);
    plot_box b2 = {0, 720, 900, 360,
                   "Phase contention: most messages on one link in one phase",
                   "n", "max link load (log scale)", 0, 0, 0, 0, 1, 0, NULL, 0, 1};
    plot_draw(f, &b2, c, k);
    if ((rc = plot_close(f)))
        return rc;
    relog_cmd(d, cmd); /* the chart's regenerate line: the sweep */
    demo_figure(d, "s1-dilation.svg",
                "Average dilation (linear, then with the random placement on a log scale) and "
                "phase contention against n, one curve per mapping, route choice and SCOTCH "
                "target, from the sweep of the table (drawn by dcnet demo).", 900);
    return DN_OK;
}

/* Seed 000's claims, section 5.2 and Property 5.4; closed forms in
 * docs/embeddings.md; then the summary line of the section. */
static void s1_checks(demo *d, const s1_data *s)
{
    const int nmax = s->nmax;
    int ok_avg = 1, ok_free = 1, ok_max = 1, ok_lb = 1, cnt = 0;
    for (int n = 4; n <= nmax; n++) {
        double closed = 2 - (double)(n + (n % 2 == 0)) / (ldexp(1, n) - 1);
        ok_avg &= fabs(s->avg[S1_ZRL][n] - closed) < 1e-9 && s->avg[S1_ZRL][n] < 2;
        ok_free &= s->conf[S1_ZRL][n] == 0 && s->mll[S1_ZRL][n] == 1;
        ok_max &= s->maxd[S1_ZRL][n] == n;
        for (int m = 0; m < S1_MAPS; m++)
            if (!isnan(s->avg[m][n])) {
                ok_lb &= s->avg[m][n] >= s->lb[n] - 1e-12;
                cnt++;
            }
    }
    demo_check(d, ok_avg,
               "mapping D's average dilation is 2 - (n + [n even]) / (2^n - 1) < 2 for n = 4..%d "
               "(seed 000 section 5.2: total 2^(n+1) - n - 2, less the one loop for even n)", nmax);
    demo_check(d, ok_free, "mapping D is free of phase contention for n = 4..%d: 0 conflicting "
                           "pairs, at most one message per link in every phase, wherever on its "
                           "route (Property 5.4)", nmax);
    demo_check(d, ok_max, "mapping D's maximum dilation is n (n = 4..%d)", nmax);
    demo_check(d, ok_lb, "all %d placements measured lie on or above the degree-4 lower bound "
                         "(seed 000 section 6)", cnt);
    char v[400], w[64];
    const int rmax = s->maxn[S1_RANDOM];
    snprintf(v, sizeof v, "zrl avg dilation %s, %s phase conflicts; random %s, %s",
             demo_exact(s->avg[S1_ZRL][rmax], 4), fx(s->conf[S1_ZRL][rmax], 0),
             fx(s->avg[S1_RANDOM][rmax], 2), fx(s->conf[S1_RANDOM][rmax], 0));
    snprintf(w, sizeof w, "B(%d) on BDG(%d)", rmax, rmax);
    demo_summary(d, w, v);
}

/* the comparison with SCOTCH's strong target, said as measured: where
 * it has the lower average dilation, and what mapping D wins on (a
 * paragraph and a summary line; nothing without SCOTCH) */
static void s1_vs_scotch(demo *d, const s1_data *s)
{
    const double (*avg)[S1_NMAX + 1] = s->avg;
    const int d0max = s->maxn[S1_DECO0], d2max = s->maxn[S1_DECO2];
    int lo = 0, hi = 0, all = 1;
    for (int n = 4; n <= d0max; n++) {
        if (isnan(avg[S1_DECO0][n]))
            continue;
        int better = avg[S1_DECO0][n] < avg[S1_ZRL][n];
        all &= better;
        if (better && !lo)
            lo = n;
        if (better)
            hi = n;
    }
    const int n10 = d0max >= 10 ? 10 : d0max;
    char para[900], v[400], w[64];
    snprintf(para, sizeof para,
             "Against SCOTCH's deco 0 target: SCOTCH has the lower average dilation %s "
             "(n = %d: %s vs %s for mapping D); mapping D wins on contention (0 phase "
             "conflicts against %s for SCOTCH at n = %d) and on mapping time (%s s against "
             "%s s at n = %d). Against deco 2, the target SCOTCH falls back to above 4096 "
             "processors, at n = %d: average dilation %s vs %s for mapping D.",
             lo ? (all ? "at every n measured" : "for some n") : "at no n measured", n10,
             demo_exact(avg[S1_DECO0][n10], 3), demo_exact(avg[S1_ZRL][n10], 3),
             fx(s->conf[S1_DECO0][n10], 0), n10, demo_sig(s->secs[S1_ZRL][n10], 2),
             demo_sig(s->secs[S1_DECO0][n10], 2), n10, d2max,
             demo_exact(avg[S1_DECO2][d2max], 4), demo_exact(avg[S1_ZRL][d2max], 4));
    demo_para(d, para);
    if (lo)
        snprintf(v, sizeof v, "SCOTCH deco 0 lower avg dilation for n = %d..%d (n = %d: %s vs "
                 "zrl %s); zrl 0 phase conflicts vs %s, %s s vs %s s to map",
                 lo, hi, n10, demo_exact(avg[S1_DECO0][n10], 3),
                 demo_exact(avg[S1_ZRL][n10], 3), fx(s->conf[S1_DECO0][n10], 0),
                 demo_sig(s->secs[S1_ZRL][n10], 2), demo_sig(s->secs[S1_DECO0][n10], 2));
    else
        snprintf(v, sizeof v, "zrl lower avg dilation at every n (n = %d: %s vs %s); 0 "
                 "phase conflicts vs %s", n10, demo_exact(avg[S1_ZRL][n10], 3),
                 demo_exact(avg[S1_DECO0][n10], 3), fx(s->conf[S1_DECO0][n10], 0));
    snprintf(w, sizeof w, "B(n) on BDG(n) vs SCOTCH deco 0, n <= %d", d0max);
    demo_summary(d, w, v);
}

int demo_debruijn(demo *d)
{
    s1_data s;
    char cmd[DEMO_CMD_MAX];
    int rc;

    demo_section(
        d, "debruijn", "1 de Bruijn",
        "1. Mapping D: the binomial tree B(n) on the de Bruijn network BDG(n) (seed 000)",
        "Seed 000 runs a divide-and-conquer computation as the binomial tree B(n) (&ldquo;keep "
        "half, send half&rdquo;) and places it one task per processor on the undirected binary "
        "de Bruijn network BDG(n) by its mapping D (<code>--map zrl</code>). It claims an average "
        "dilation below 2 and no link contention in any phase. The baselines: SCOTCH, the "
        "general-purpose static mapper (it sees the task graph, not the phases), with each of "
        "its two targets built from the network as its own curve (deco 0, recursive "
        "bipartitioning with a distance matrix, the stronger; deco 2, multilevel, no matrix), "
        "and a random one-to-one placement, both routed by shortest paths. Mapping D comes with "
        "its own routes (seed 000's map-edge: the image of each tree edge's path in the "
        "complete binary tree, a walk that may revisit a processor); the claims are about "
        "those. To compare like with like, mapping D is also measured on shortest routes, as "
        "the baselines are (<code>--routes shortest</code>).");
    /* sizes: BDG(16) in the quick run, BDG(20) in the full one; SCOTCH's
     * targets stop earlier (deco 0 at 4096 processors) */
    s.nmax = d->quick ? 16 : 20;
    const int maxn[S1_MAPS] = {s.nmax, s.nmax, 12, d->quick ? 12 : 14, d->quick ? 16 : 20};
    memcpy(s.maxn, maxn, sizeof maxn);
    for (int m = 0; m < S1_MAPS; m++)
        for (int n = 0; n <= S1_NMAX; n++)
            s.avg[m][n] = s.maxd[m][n] = s.conf[m][n] = s.mll[m][n] = s.secs[m][n] =
                s.tot[m][n] = NAN;
    for (int n = 0; n <= S1_NMAX; n++) {
        s.lb[n] = NAN;
        s.ns[n] = n;
    }
    s.have_scotch = dn_have_scotch();

    s1_figures(d, s.have_scotch);
    s1_table(d, &s, cmd);
    s1_prose(d, &s);
    if ((rc = s1_chart(d, &s, cmd)))
        return rc;
    s1_checks(d, &s);
    if (s.have_scotch)
        s1_vs_scotch(d, &s);
    demo_debruijn_differs(d, s.nmax, s.tot);
    return DN_OK;
}

/* ---------------------------------------------------- 2. seed 001, meshes */

#define S2_KMAX 6
enum { S2_S, S2_A, S2_B, S2_MAPS };
enum { S2_SAF, S2_WH, S2_SW };

/* The sweep's numbers per switching, mapping and k (NAN where not
 * measured), read by the chart, seed 001's tables and the checks. */
typedef struct s2_data {
    int kmax;
    double ts[S2_SW][S2_MAPS][S2_KMAX + 1], te[S2_SW][S2_MAPS][S2_KMAX + 1];
    double tm[S2_SW][S2_MAPS][S2_KMAX + 1], cf[S2_SW][S2_MAPS][S2_KMAX + 1], ks[S2_KMAX + 1];
} s2_data;

static const char *const s2_names[S2_MAPS] = {"S (DC-cube)", "A (Growing)", "B (Growing)"};
static const char *const s2_sw[S2_SW] = {"saf", "wormhole"};

/* The figure is drawn in timed mode (its picture names the mode); the
 * caption's sentences are chosen by the counts of the same runs, and the
 * timed count is checked against the store-and-forward simulator's. */
static void s2_figure(demo *d)
{
    jflat j;
    dn_err err;
    double tconf = NAN, tmax = NAN, pconf = NAN, pmax = NAN, sconf = NAN;
    if (demo_run(d, &j, &err, "embed --net mesh:4x4 --tree binomial:4 --map dccube --order paired "
                              "--contention timed --svg s2-dccube-4x4.svg --json") == DN_OK) {
        tconf = NUM(j, "contention.conflicts");
        tmax = NUM(j, "contention.max_link_load");
    }
    jflat_free(&j);
    if (demo_run(d, &j, &err, "embed --net mesh:4x4 --tree binomial:4 --map dccube --order paired "
                              "--contention phase --json") == DN_OK) {
        pconf = NUM(j, "contention.conflicts");
        pmax = NUM(j, "contention.max_link_load");
    }
    jflat_free(&j);
    if (demo_run(d, &j, &err, "simulate --net mesh:4x4 --tree binomial:4 --map dccube --order "
                              "paired -w saf --json") == DN_OK)
        sconf = NUM(j, "conflicts");
    jflat_free(&j);
    char cap[1200], tw[240], pw[240];
    demo_contention_words(tw, sizeof tw, "timed", tconf, tmax);
    demo_contention_words(pw, sizeof pw, "phase", pconf, pmax);
    snprintf(cap, sizeof cap,
             "The DC-cube's standard embedding of B(4) on the 4 x 4 mesh (paired order, root "
             "0,0): one colour per step. Timed contention (a message's hop j in slot j of its "
             "step: synchronous store-and-forward, as drawn): %s. The store-and-forward "
             "simulation from this root counts %s conflicts. Phase contention (routes of one "
             "step sharing a link anywhere, as a wormhole holds its path): %s.",
             tw, fx(sconf, 0), pw);
    demo_figures_begin(d);
    demo_figure(d, "s2-dccube-4x4.svg", cap, 720);
    demo_figures_end(d);
    demo_check(d, tconf == sconf,
               "the timed contention count of this embedding (%s) equals the store-and-forward "
               "simulator's conflict count from the same root (%s)", fx(tconf, 0), fx(sconf, 0));
}

/* the table and the chart: one sweep (issue 21), whose command is kept in
 * cmd for the chart. S is the DC-cube in the order that suits the
 * switching: paired under store-and-forward, desc under wormhole
 * (docs/spec/meshes.md) */
static void s2_table(demo *d, s2_data *s, char cmd[DEMO_CMD_MAX])
{
    const int kmax = s->kmax;
    demo_rows rows;
    dn_err serr;
    char klist[200] = ""; /* k, the side 2^k and the tree B(2k) vary together */
    for (int k = 2; k <= kmax; k++)
        snprintf(klist + strlen(klist), sizeof klist - strlen(klist), "%s%d/%d/%d",
                 k > 2 ? "," : "", k, 1 << k, 2 * k);
    int src = demo_sweep(d, &rows, "s2-simulate.jsonl", &serr,
                         "simulate --var k/side/n=%s --var w=saf,wormhole --var "
                         "map=dccube:paired,dccube:desc,growing:a,growing:b --skip "
                         "'w=saf,map=dccube:desc' --skip 'w=wormhole,map=dccube:paired' --net "
                         "mesh:{side}x{side} --tree binomial:{n} --map {map} -w {w} --alpha 1/2 "
                         "--all-roots",
                         klist);
    demo_table(d, "k|mesh|switching|mapping|average time (t_s = t_e = 1)|t_s coefficient|"
                  "t_e coefficient|simulated conflicts (all roots)|t_e ratio to S");
    if (src != DN_OK)
        demo_row(d, "2..%d|all|all|all|the sweep failed: %s||||", kmax, serr.msg);
    for (int k = 2; k <= kmax && src == DN_OK; k++)
        for (int w = 0; w < S2_SW; w++)
            for (int m = 0; m < S2_MAPS; m++) {
                int side = 1 << k;
                const char *map = m == S2_S ? (w == S2_SAF ? "dccube:paired" : "dccube:desc")
                                : m == S2_A ? "growing:a"
                                            : "growing:b";
                const jflat *r = demo_rows_get(&rows, "k=%d w=%s map=%s", k, s2_sw[w], map);
                const char *fail = row_failure(r);
                if (fail) {
                    demo_row(d, "%d|%dx%d|%s|%s|failed: %s||||", k, side, side, s2_sw[w],
                             s2_names[m], fail);
                    continue;
                }
                s->tm[w][m][k] = demo_rows_num(r, "time");
                s->ts[w][m][k] = demo_rows_num(r, "ts_coeff");
                s->te[w][m][k] = demo_rows_num(r, "te_coeff");
                s->cf[w][m][k] = demo_rows_num(r, "conflicts");
                demo_row(d, "%d|%dx%d|%s|%s|%s|%s|%s|%s|%s", k, side, side, s2_sw[w],
                         s2_names[m], fx(s->tm[w][m][k], 4), fx(s->ts[w][m][k], 4),
                         fx(s->te[w][m][k], 4), fx(s->cf[w][m][k], 0),
                         fx(s->te[w][m][k] / s->te[w][S2_S][k], 2));
            }
    demo_rows_free(&rows);
    last_cmd(d, cmd);
    demo_table_end(d);
}

/* Two panels from the table's sweep (cmd, the chart's regenerate line):
 * store-and-forward's t_e coefficient (the seed's large-problem claim),
 * wormhole's time. */
static int s2_chart(demo *d, const s2_data *s, const char *cmd)
{
    FILE *f;
    int rc;
    if ((rc = plot_file(d, "s2-meshes.svg", &f, 900, 720)))
        return rc;
    for (int w = 0; w < S2_SW; w++) {
        plot_series c[S2_MAPS];
        char title[160];
        for (int m = 0; m < S2_MAPS; m++)
            c[m] = (plot_series){s2_names[m], s->ks + 2, (w == S2_SAF ? s->te : s->tm)[w][m] + 2,
                                 NULL, s->kmax - 1, PLOT_LINE_POINTS, 0, plot_color(m)};
        snprintf(title, sizeof title, "%s over all roots (alpha = 1/2)",
                 w == S2_SAF ? "Store-and-forward: average t_e coefficient"
                             : "Wormhole: average division time");
        plot_box b = {0, 360.0 * w, 900, 360, title, "k (mesh 2^k x 2^k)",
                      w == S2_SAF ? "t_e coefficient (log scale)"
                                  : "time, t_s = t_e = 1 (log scale)",
                      0, 0, 0, 0, 1, 0, NULL, 0, 1};
        plot_draw(f, &b, c, S2_MAPS);
    }
    if ((rc = plot_close(f)))
        return rc;
    relog_cmd(d, cmd); /* the chart's regenerate line: the sweep */
    demo_figure(d, "s2-meshes.svg", "The t_e coefficient under store-and-forward and the time "
                                    "under wormhole against k, from the sweep of the table "
                                    "(drawn by dcnet demo).", 900);
    return DN_OK;
}

/* Seed 001's conclusions (section 6), as docs/simulator.md reads them;
 * then the section's summary line. */
static void s2_checks(demo *d, const s2_data *s)
{
    const int kmax = s->kmax;
    const double (*ts)[S2_MAPS][S2_KMAX + 1] = s->ts, (*te)[S2_MAPS][S2_KMAX + 1] = s->te;
    int ok_opt = 1, ok_b = 1, ok_grow = 1;
    for (int k = 2; k <= kmax; k++) {
        double opt_te = 1 - ldexp(1, -2 * k); /* sum_{t=1}^{2k} 2^-t */
        ok_opt &= ts[S2_WH][S2_S][k] == 2 * k && fabs(te[S2_WH][S2_S][k] - opt_te) < 1e-9 &&
                  s->cf[S2_WH][S2_S][k] == 0;
        if (k >= 3)
            ok_b &= ts[S2_SAF][S2_B][k] < ts[S2_SAF][S2_S][k] &&
                    ts[S2_SAF][S2_B][k] < ts[S2_SAF][S2_A][k];
        if (k >= 3)
            for (int m = S2_A; m <= S2_B; m++)
                ok_grow &= te[S2_SAF][m][k] / te[S2_SAF][S2_S][k] >
                           te[S2_SAF][m][k - 1] / te[S2_SAF][S2_S][k - 1];
    }
    demo_check(d, ok_opt,
               "wormhole: the DC-cube's standard embedding is optimal from every root, 2k t_s + "
               "(1 - 4^-k) t_e with no simulated conflicts (k = 2..%d)", kmax);
    demo_check(d, ok_b,
               "store-and-forward, start-up dominated: approach B (move to the fixed root first) "
               "has the smallest t_s coefficient (k = 3..%d)", kmax);
    demo_check(d, ok_grow,
               "store-and-forward, alpha = 1/2, t_e dominated: the DC-cube wins by a factor that "
               "grows with the mesh (A/S and B/S t_e ratios increase with k = 2..%d)", kmax);
    char v[200], w[64];
    snprintf(v, sizeof v, "saf t_e: A/S %s, B/S %s; wormhole S optimal (%s t_s + %s t_e)",
             fx(te[S2_SAF][S2_A][kmax] / te[S2_SAF][S2_S][kmax], 2),
             fx(te[S2_SAF][S2_B][kmax] / te[S2_SAF][S2_S][kmax], 2), fx(ts[S2_WH][S2_S][kmax], 0),
             fx(te[S2_WH][S2_S][kmax], 4));
    snprintf(w, sizeof w, "%dx%d mesh, all roots", 1 << kmax, 1 << kmax);
    demo_summary(d, w, v);
}

int demo_meshes(demo *d)
{
    s2_data s;
    char cmd[DEMO_CMD_MAX];
    int rc;

    demo_section(
        d, "meshes", "2 meshes",
        "2. Meshes: the DC-cube against the Growing approaches A and B, from every root (seed 001)",
        "Seed 001 divides a problem from an arbitrary root of a 2<sup>k</sup> x 2<sup>k</sup> "
        "mesh (B(2k), every processor gets a task). S is the standard embedding of the DC-cube "
        "(<code>--map dccube</code>; dimension order paired under store-and-forward, descending "
        "under wormhole); A and B are the Growing mapping's approaches (relabel the mesh around "
        "the root, or first move the problem to the fixed root). A message of size m costs "
        "t<sub>s</sub> + m t<sub>e</sub> (per hop under store-and-forward, once under wormhole); "
        "step t sends size &alpha;<sup>t</sup> with &alpha; = 1/2. Each cell is the division "
        "stage's critical path averaged over all 4<sup>k</sup> roots (<code>--all-roots</code>).");
    s2_figure(d);
    s.kmax = d->quick ? 5 : 6; /* meshes to 32 x 32 in the quick run, 64 x 64 in the full */
    for (int k = 0; k <= S2_KMAX; k++) {
        s.ks[k] = k;
        for (int w = 0; w < S2_SW; w++)
            for (int m = 0; m < S2_MAPS; m++)
                s.ts[w][m][k] = s.te[w][m][k] = s.tm[w][m][k] = s.cf[w][m][k] = NAN;
    }
    s2_table(d, &s, cmd);
    if ((rc = s2_chart(d, &s, cmd)))
        return rc;
    demo_paper001(d, s.cf[S2_WH][S2_A][3]);
    s2_checks(d, &s);
    return DN_OK;
}

/* ------------------------------------------------- 3. seed 002, walks */

#define S3_DMAX 4
#define S3_HMAX 12

typedef struct walk_panel {
    const char *net, *what;
    int b, hmax_quick, hmax_full;
    int c; /* butterfly dimensions (the seed's conjecture), 0 otherwise */
} walk_panel;

static const walk_panel s3_panels[] = {
    {"butterfly:3", "butterfly, 3 dimensions (32 processors), binary trees", 2, 10, 12, 3},
    {"butterfly:3", "butterfly, 3 dimensions, ternary trees", 3, 6, 8, 3},
    {"hypercube:5", "hypercube, 32 processors, binary trees", 2, 10, 12, 0},
};
#define S3_PANELS ((int)(sizeof s3_panels / sizeof s3_panels[0]))

/* What the section measures, step by step: the counts of the alpha_h
 * figure's checks, then the variants' numbers that the differences and
 * the summary quote. */
typedef struct s3_data {
    int trials;
    int points, within, agree, conj_ok, conj_n;
    double two[2], canon[2], creach[2], lazy_r[2], canon_r[2], nproc[2], casym;
} s3_data;

/* One panel's curves against h (index h, NAN where not measured): exact
 * alpha_h, simulated with its standard error, and the limit. */
typedef struct s3_curves {
    double hs[S3_HMAX + 1], ex[S3_DMAX + 1][S3_HMAX + 1], sim[S3_DMAX + 1][S3_HMAX + 1];
    double se[S3_DMAX + 1][S3_HMAX + 1], lim[S3_DMAX + 1];
} s3_curves;

static int s3_hmax(const demo *d, const walk_panel *P)
{
    return d->quick ? P->hmax_quick : P->hmax_full;
}

/* the simulated points of every panel: one sweep (issue 21); the panels'
 * heights differ, so the taller trees of the lower panels are skipped */
static int s3_sweep(demo *d, const s3_data *s, demo_rows *rows, dn_err *serr)
{
    char nets[200] = "", skips[300] = "";
    int hall = 0;
    for (int p = 0; p < S3_PANELS; p++) {
        const int hm = s3_hmax(d, &s3_panels[p]);
        hall = hm > hall ? hm : hall;
        snprintf(nets + strlen(nets), sizeof nets - strlen(nets), "%s%s/%d", p ? "," : "",
                 s3_panels[p].net, s3_panels[p].b);
    }
    for (int p = 0; p < S3_PANELS; p++) {
        const int hm = s3_hmax(d, &s3_panels[p]);
        if (hm < hall)
            snprintf(skips + strlen(skips), sizeof skips - strlen(skips),
                     " --skip 'net=%s,b=%d,h>%d'", s3_panels[p].net, s3_panels[p].b, hm);
    }
    return demo_sweep(d, rows, "s3-load.jsonl", serr,
                      "load --var net/b=%s --var dl=1..%d --var h=1..%d%s --net {net} --tree "
                      "complete:{b}:{h} --walk {dl} --exact --trials %d --seed 1",
                      nets, S3_DMAX, hall, skips, s->trials);
}

/* One panel's numbers: the exact curves from one run of the tallest tree
 * (--per-level), the simulated points from the sweep's rows, each point
 * counted for the checks (exact agrees with the sweep's own exact value;
 * simulated within 3 standard errors), and seed 002's conjecture on the
 * limits for butterflies. */
static void s3_panel_numbers(demo *d, const walk_panel *P, const demo_rows *rows, s3_curves *c,
                             s3_data *s)
{
    const int hmax = s3_hmax(d, P);
    jflat j;
    dn_err err;
    for (int h = 0; h <= S3_HMAX; h++)
        c->hs[h] = h;
    for (int dl = 0; dl <= S3_DMAX; dl++) {
        c->lim[dl] = NAN;
        for (int h = 0; h <= S3_HMAX; h++)
            c->ex[dl][h] = c->sim[dl][h] = c->se[dl][h] = NAN;
    }
    if (demo_run(d, &j, &err, "load --net %s --tree complete:%d:%d --walk 1,2,3,4 --per-level "
                              "--json", P->net, P->b, hmax) == DN_OK) {
        for (int h = 1; h <= hmax; h++)
            for (int dl = 1; dl <= S3_DMAX; dl++) {
                char key[80];
                snprintf(key, sizeof key, "per_level[%d].ratio.canonical/%d", h, dl);
                c->ex[dl][h] = NUM(j, key);
            }
    }
    jflat_free(&j);
    for (int dl = 1; dl <= S3_DMAX; dl++)
        for (int h = 1; h <= hmax; h++) {
            const jflat *r = demo_rows_get(rows, "net=%s b=%d dl=%d h=%d", P->net, P->b, dl, h);
            if (!r || demo_rows_num(r, "exit") != 0) {
                s->agree = 0; /* a missing point fails the check below */
                continue;
            }
            c->sim[dl][h] = demo_rows_num(r, "simulated_ratio");
            c->se[dl][h] = demo_rows_num(r, "stderr");
            c->lim[dl] = demo_rows_num(r, "asymptotic");
            /* the exact ratio of the tree of height h = alpha_h of the taller tree */
            s->agree &= fabs(demo_rows_num(r, "ratio") - c->ex[dl][h]) <= 1e-9 * c->ex[dl][h];
            s->points++;
            s->within += fabs(c->sim[dl][h] - c->ex[dl][h]) <= 3 * c->se[dl][h] + 1e-12;
        }
    /* seed 002's conjecture for butterflies: alpha_inf = (2b/(b+1))(1 + 1/c) for odd
     * Delta, 2(1 + 1/c) for even Delta */
    for (int dl = 1; P->c && dl <= S3_DMAX; dl++) {
        double conj = (dl % 2 ? 2.0 * P->b / (P->b + 1) : 2.0) * (1 + 1.0 / P->c);
        s->conj_ok &= fabs(c->lim[dl] - conj) < 1e-9;
        s->conj_n++;
    }
}

/* exact: lines; simulated: hollow squares with error bars; limits:
 * dashed; each in the legend. Panel p of the figure. */
static void s3_panel_draw(FILE *f, const demo *d, int p, const s3_curves *c)
{
    const walk_panel *P = &s3_panels[p];
    const int hmax = s3_hmax(d, P);
    plot_series s[3 * S3_DMAX];
    char names[3 * (S3_DMAX + 1)][40], title[200];
    int k = 0;
    for (int dl = 1; dl <= S3_DMAX; dl++) {
        snprintf(names[3 * dl], sizeof names[0], "Delta = %d, exact", dl);
        snprintf(names[3 * dl + 1], sizeof names[0], "Delta = %d, simulated", dl);
        snprintf(names[3 * dl + 2], sizeof names[0], "Delta = %d, limit h -> inf", dl);
        s[k++] = (plot_series){names[3 * dl], c->hs + 1, c->ex[dl] + 1, NULL, hmax, PLOT_LINE, 0,
                               plot_color(dl - 1)};
        s[k++] = (plot_series){names[3 * dl + 1], c->hs + 1, c->sim[dl] + 1, c->se[dl] + 1, hmax,
                               PLOT_OPEN, 0, plot_color(dl - 1)};
        s[k++] = (plot_series){names[3 * dl + 2], NULL, &c->lim[dl], NULL, 1, PLOT_HLINE, 1,
                               plot_color(dl - 1)};
    }
    snprintf(title, sizeof title, "alpha_h on %s (b = %d)", P->what, P->b);
    plot_box b = {0, 380.0 * p, 900, 380, title, "tree height h",
                  "alpha_h = max expected load / (M/N)", 1, hmax, 0, 0, 1, 1, NULL, 0, 0};
    plot_draw(f, &b, s, k);
}

/* The alpha_h figure, one panel per network and branching factor, under
 * it the sweep of its simulated points; then the checks on its points. */
static int s3_alpha(demo *d, s3_data *s)
{
    demo_rows rows;
    dn_err serr;
    char cmd[DEMO_CMD_MAX];
    FILE *f;
    int rc;
    int src = s3_sweep(d, s, &rows, &serr);
    last_cmd(d, cmd);
    if (src != DN_OK)
        demo_para(d, "The sweep of the simulated points failed: they are missing below.");
    if ((rc = plot_file(d, "s3-alpha.svg", &f, 900, 380.0 * S3_PANELS)))
        goto done;
    for (int p = 0; p < S3_PANELS; p++) {
        s3_curves c;
        s3_panel_numbers(d, &s3_panels[p], &rows, &c, s);
        s3_panel_draw(f, d, p, &c);
    }
    if ((rc = plot_close(f)))
        goto done;
    char cap[300];
    snprintf(cap, sizeof cap,
             "alpha_h against h for walk lengths Delta = 1..4: exact curves (lines), %d random "
             "trees per point (hollow squares, +- one standard error), limits h -> infinity "
             "(dashed).", s->trials);
    relog_cmd(d, cmd); /* the sweep goes with the figure */
    demo_figure(d, "s3-alpha.svg", cap, 900);
    demo_check(d, s->agree, "the exact alpha_h of each tree of height h equals the level-h value "
                            "of the tallest tree's recurrence (%d points)", s->points);
    demo_check(d, s->conj_ok, "the limits h -> infinity on the butterfly equal seed 002's "
                              "conjecture (2b/(b+1))(1 + 1/c) for odd Delta and 2(1 + 1/c) for "
                              "even Delta (%d cases, to 1e-9)", s->conj_n);
    demo_check(d, s->within >= 0.9 * s->points,
               "%d of %d simulated points lie within 3 standard errors of the exact value",
               s->within, s->points);
done:
    demo_rows_free(&rows);
    return rc;
}

/* the improved variants, side by side. Fair framing (issue 28 item
 * 13): with Delta = 2 on a bipartite network the canonical walk (and
 * two-choices, which walks the same steps) reaches only the processors
 * of the start's parity, so its alpha is at least N / reached by parity
 * alone. Each row says how many processors it reaches and gives alpha on
 * those (max load / (M / reached)); and the same variants run on the
 * wrapped butterfly of 3 dimensions, which is not bipartite (odd cycles
 * through its 3 levels). */
static void s3_variants_table(demo *d, s3_data *s)
{
    static const char *const vnets[] = {"butterfly:3", "wbutterfly:3"};
    jflat j;
    dn_err err;
    demo_table(d, "network|variant|processors reached (of N)|exact alpha|exact alpha on the "
                  "reached processors|simulated alpha|expected max load / (M/N) per tree|"
                  "the same, on the reached processors|mean parent-child distance");
    for (int v = 0; v < 2; v++) {
        if (demo_run(d, &j, &err, "load --net %s --tree complete:2:10 --walk 2 --variant all "
                                  "--exact --trials %d --seed 1 --json", vnets[v],
                     s->trials) != DN_OK) {
            demo_row(d, "%s|failed: %s|||||||", vnets[v], err.msg);
            continue;
        }
        const double N = NUM(j, "processors");
        s->nproc[v] = N;
        for (int r = 0; r < 8; r++) {
            char key[64], kr[64];
            snprintf(key, sizeof key, "runs[%d].variant", r);
            const char *name = jflat_get(&j, key);
            if (!name)
                break;
#define RK(field) (snprintf(kr, sizeof kr, "runs[%d].%s", r, field), NUM(j, kr))
            double sr = RK("simulated_ratio"), tr = RK("trial_ratio.mean"), reach = RK("reached");
            int two_choices = strcmp(name, "two-choices") == 0;
            char rs[64];
            if (two_choices) /* trials only: the walks are canonical's, so is the parity */
                snprintf(rs, sizeof rs, "%s (canonical's walks)", fx(s->creach[v], 0));
            else
                snprintf(rs, sizeof rs, "%s of %s", fx(reach, 0), fx(N, 0));
            if (two_choices)
                reach = s->creach[v];
            demo_row(d, "%s|%s|%s|%s|%s|%s +- %s|%s|%s|%s", vnets[v], name, rs, fx(RK("ratio"), 3),
                     fx(RK("ratio") * reach / N, 3), fx(sr, 3), fx(RK("stderr"), 3), fx(tr, 3),
                     fx(tr * reach / N, 3), fx(RK("mean_distance"), 3));
            if (two_choices)
                s->two[v] = tr * reach / N;
            if (strcmp(name, "canonical") == 0) {
                s->canon[v] = tr * reach / N;
                s->creach[v] = reach;
                s->canon_r[v] = RK("ratio") * reach / N;
                if (v == 0)
                    s->casym = RK("asymptotic");
            }
            if (strcmp(name, "lazy") == 0)
                s->lazy_r[v] = RK("ratio") * reach / N;
#undef RK
        }
        jflat_free(&j);
    }
    demo_table_end(d);
}

/* The variants' table in words (what parity does to the canonical walk),
 * and the check that two-choices lowers the largest load. */
static void s3_variants_prose(demo *d, const s3_data *s)
{
    char vp[1400];
    snprintf(vp, sizeof vp,
             "Variants: <i>lazy</i> stays put with probability 1/2 per step, <i>random-length</i> "
             "walks a uniform 1..&Delta; steps, <i>two-choices</i> walks twice and keeps the less "
             "loaded end (it reads loads, so it has no exact recurrence). On butterfly:3, a "
             "bipartite network, the canonical walk of &Delta; = 2 reaches %s of its %s "
             "processors, and so does two-choices: their alpha over all processors is at least "
             "%s by parity alone, and the lazy walk's lower alpha is mostly its reaching them "
             "all. Measured on the processors each reaches, canonical's exact alpha is %s "
             "against lazy's %s. On wbutterfly:3, which is not bipartite, every variant reaches "
             "all %s processors. The per-tree columns show what the ratio hides: the largest "
             "load in one tree, and the dilation paid for spreading.",
             fx(s->creach[0], 0), fx(s->nproc[0], 0), fx(s->nproc[0] / s->creach[0], 0),
             fx(s->canon_r[0], 3), fx(s->lazy_r[0], 3), fx(s->nproc[1], 0));
    demo_para(d, vp);
    demo_check(d, s->two[0] < s->canon[0] && s->two[1] < s->canon[1],
               "two-choices lowers the expected maximum load per tree, on the processors it "
               "reaches, on butterfly:3 (%s vs canonical %s) and on the non-bipartite "
               "wbutterfly:3 (%s vs %s)", fx(s->two[0], 3), fx(s->canon[0], 3), fx(s->two[1], 3),
               fx(s->canon[1], 3));
}

/* where dcnet differs from seed 002 (issue 28 item 12), measured: the
 * dense table against dcnet's sum, parity, and alpha against b */
static void s3_differs(demo *d, const s3_data *s)
{
    jflat j;
    dn_err err;
    double dense = NAN, sparse = NAN, grow[2] = {NAN, NAN};
    if (demo_run(d, &j, &err, "load --net butterfly:3 --tree complete:2:10 --walk 3 --method "
                              "dense --json") == DN_OK)
        dense = NUM(j, "ratio");
    jflat_free(&j);
    if (demo_run(d, &j, &err, "load --net butterfly:3 --tree complete:2:10 --walk 3 --json") ==
        DN_OK)
        sparse = NUM(j, "ratio");
    jflat_free(&j);
    for (int b = 2; b <= 3; b++) {
        if (demo_run(d, &j, &err, "load --net butterfly:8 --tree complete:%d:12 --walk 4 --json",
                     b) == DN_OK)
            grow[b - 2] = NUM(j, "ratio");
        jflat_free(&j);
    }
    demo_differs_begin(d, "002");
    demo_row(d, "exact expected loads|Theorems 1 and 2: an N x N table per level (O(N^2) "
                "memory)|one load vector per start, pushed level by level (O(N) memory); "
                "butterfly:3, binary tree of height 10, Delta = 3: alpha %s by the seed's dense "
                "table, %s by dcnet's sum, differing by %s|the same numbers for any tree model "
                "from the level sizes alone; the dense program stays as --method dense, a "
                "cross-check",
             demo_exact(dense, 6), demo_exact(sparse, 6), demo_sig(fabs(dense - sparse), 2));
    demo_row(d, "even Delta on a butterfly|bipartite: only half of the processors receive "
                "nodes, so alpha >= 2|Delta = 2 on butterfly:3: %s of %s processors reached, "
                "alpha_inf %s = 2 (1 + 1/c)|agrees; the variants above are compared on the "
                "processors they reach, and on the non-bipartite wrapped butterfly",
             fx(s->creach[0], 0), fx(s->nproc[0], 0), demo_exact(s->casym, 4));
    demo_row(d, "alpha_h grows with the branching factor b|an observation on butterfly:3|"
                "holds on butterfly:3 (Table 3 above); not at h = 12 on butterfly:8 with Delta "
                "= 4: %s for b = 2, %s for b = 3|the limit h -> infinity does grow with b "
                "(the conjecture, checked above); at finite h an even walk on a large "
                "butterfly has not spread yet",
             fx(grow[0], 2), fx(grow[1], 2));
    demo_row(d, "improved walks|not in the seed|lazy, random-length and two-choices walks "
                "(two-choices reads loads, so it has trials only, no exact recurrence)|"
                "dcnet's additions, compared in the table above");
    demo_table_end(d);
}

int demo_walks(demo *d)
{
    s3_data s = {.trials = d->quick ? 200 : 1000, .agree = 1, .conj_ok = 1,
                 .two = {NAN, NAN}, .canon = {NAN, NAN}, .creach = {NAN, NAN},
                 .lazy_r = {NAN, NAN}, .canon_r = {NAN, NAN}, .nproc = {NAN, NAN},
                 .casym = NAN};
    int rc;

    demo_section(
        d, "walks", "3 random walks",
        "3. Random-walk placement: exact expected loads against simulation (seed 002)",
        "Seed 002 places a tree that grows at run time: every new task walks &Delta; uniform "
        "random steps from its parent's processor (the Canonical Algorithm). Its performance "
        "ratio &alpha;<sub>h</sub> is the largest expected load over the average load M/N for a "
        "complete b-ary tree of height h. dcnet computes it exactly (<code>--exact</code>, the "
        "recurrences of its Theorems 1 and 2, summed level by level) and by growing random trees "
        "(<code>--trials</code>: hollow squares with &plusmn; one standard error). Dashed lines: the limit "
        "h &rarr; &infin;.");
    if ((rc = s3_alpha(d, &s)))
        return rc;
    s3_variants_table(d, &s);
    s3_variants_prose(d, &s);
    demo_paper002(d);
    s3_differs(d, &s);
    char v[160];
    snprintf(v, sizeof v, "%d/%d simulated points within 3 SE of exact; two-choices max %s vs %s "
             "(on the reached processors)", s.within, s.points, fx(s.two[0], 2),
             fx(s.canon[0], 2));
    demo_summary(d, "alpha_h exact vs simulated", v);
    return DN_OK;
}

/* ------------------------------------------------ 4. seed 003, balance */

#define S4_KMAX 16
enum { S4_SPAN, S4_ABSORB, S4_TREE, S4_DIFF, S4_DIMEX, S4_OPT, S4_ALGOS };

static const char *const s4_algos[S4_ALGOS] = {"spanning", "absorb", "tree", "diffusion",
                                               "dimension-exchange", "optimal"};

/* The sweep's numbers per algorithm and k (NAN where not run), whether
 * each run balanced, and the table's checks. */
typedef struct s4_data {
    int kmax, opt_max, have_glpk;
    double steps[S4_ALGOS][S4_KMAX + 1], spread[S4_ALGOS][S4_KMAX + 1], bound[S4_KMAX + 1];
    double tsum[S4_ALGOS][S4_KMAX + 1];
    int bal[S4_ALGOS][S4_KMAX + 1];
    int ok_within, ok_bound, ok_cons;
} s4_data;

/* One row of the table from the sweep's row r of algorithm a at k, its
 * numbers kept in s and checked: the seed's protocols balance and none
 * beats the cut bound; every run conserves the tasks. */
static void s4_row(demo *d, s4_data *s, int a, int k, const jflat *r)
{
    const char *bo = jflat_get(r, "balanced"), *co = jflat_get(r, "conserved");
    s->bal[a][k] = bo && strcmp(bo, "true") == 0;
    s->steps[a][k] = demo_rows_num(r, "steps");
    s->spread[a][k] = demo_rows_num(r, "spread");
    s->tsum[a][k] = demo_rows_num(r, "transfer_sum");
    s->bound[k] = demo_rows_num(r, "lower_bound");
    if (a <= S4_TREE) {
        s->ok_within &= s->bal[a][k];
        s->ok_bound &= s->steps[a][k] >= s->bound[k];
    }
    s->ok_cons &= co && strcmp(co, "true") == 0;
    demo_row(d, "%d|%d|%s|%s|%s|%s..%s|%s|%s|%s|%s|%s", k, 1 << k,
             fx(demo_rows_num(r, "total"), 0), s4_algos[a], s->bal[a][k] ? "yes" : "no",
             fx(demo_rows_num(r, "final.min"), 0), fx(demo_rows_num(r, "final.max"), 0),
             fx(s->spread[a][k], 0), fx(s->steps[a][k], 0), fx(s->bound[k], 0),
             fx(demo_rows_num(r, "messages"), 0), fx(demo_rows_num(r, "task_hops"), 0));
}

/* the table and the charts: one sweep (issue 21), whose command is kept
 * in cmd for the charts */
static void s4_table(demo *d, s4_data *s, char cmd[DEMO_CMD_MAX])
{
    const int kmax = s->kmax;
    char klist[64] = "", alist[128] = "", skip[64] = "";
    for (int k = 6; k <= kmax; k += 2)
        snprintf(klist + strlen(klist), sizeof klist - strlen(klist), "%s%d", *klist ? "," : "",
                 k);
    for (int a = 0; a < S4_ALGOS; a++)
        if (a != S4_OPT || s->have_glpk)
            snprintf(alist + strlen(alist), sizeof alist - strlen(alist), "%s%s",
                     *alist ? "," : "", s4_algos[a]);
    if (s->have_glpk && s->opt_max < kmax)
        snprintf(skip, sizeof skip, " --skip 'algo=optimal,k>%d'", s->opt_max);
    demo_rows rows;
    dn_err serr;
    int src = demo_sweep(d, &rows, "s4-balance.jsonl", &serr,
                         "balance --var k=%s --var algo=%s%s --net ddb:{k} --loads random:1:16 "
                         "--algo {algo}",
                         klist, alist, skip);
    last_cmd(d, cmd);
    demo_table(d, "k|processors|tasks|algorithm|balanced|final loads|spread|steps|"
                  "cut lower bound|messages|task-hops");
    if (src != DN_OK)
        demo_row(d, "6..%d||all|the sweep failed: %s|||||||", kmax, serr.msg);
    for (int k = 6; k <= kmax && src == DN_OK; k += 2)
        for (int a = 0; a < S4_ALGOS; a++) {
            if (a == S4_OPT && (!s->have_glpk || k > s->opt_max))
                continue;
            const jflat *r = demo_rows_get(&rows, "k=%d algo=%s", k, s4_algos[a]);
            const char *fail = row_failure(r);
            if (fail) {
                demo_row(d, "%d|%d||%s|failed: %s||||||", k, 1 << k, s4_algos[a], fail);
                s->ok_cons = 0;
                continue;
            }
            s4_row(d, s, a, k, r);
        }
    demo_rows_free(&rows);
    demo_table_end(d);
    if (s->have_glpk && s->opt_max < kmax) {
        /* this run does not time the solver: its time at k = 14 is quoted,
         * with the date and the page that record it */
        char q[400], para[900];
        demo_quoted(q, sizeof q, "11.6 s", "2026-11-21", "docs/balance.md");
        snprintf(para, sizeof para,
                 "The optimal plan stops at k = %d%s: the largest k <code>dcnet balance "
                 "--algo optimal</code> accepts is 14, where GLPK's out-of-kilter solver "
                 "took %s.",
                 s->opt_max, d->quick ? " in the quick run (the full run goes to k = 14)" : "",
                 q);
        demo_para(d, para);
    }
}

/* left: steps of the balanced runs only; right: the spread left by the
 * runs that did not balance; cmd (the table's sweep) under the chart */
static int s4_chart(demo *d, const s4_data *s, const char *cmd)
{
    FILE *f;
    int rc;
    if ((rc = plot_file(d, "s4-steps.svg", &f, 900, 760)))
        return rc;
    plot_series c[S4_ALGOS + 1], u[S4_ALGOS];
    double xs[S4_KMAX + 1], ys[S4_ALGOS][S4_KMAX + 1], us[S4_ALGOS][S4_KMAX + 1];
    double by[S4_KMAX + 1];
    int ns = 0, nu = 0, nb = 0, nx = 0;
    for (int k = 6; k <= s->kmax; k += 2) {
        xs[nx] = k;
        by[nb++] = s->bound[k];
        for (int a = 0; a < S4_ALGOS; a++) {
            ys[a][nx] = s->bal[a][k] ? s->steps[a][k] : NAN;
            us[a][nx] = !s->bal[a][k] ? s->spread[a][k] : NAN;
        }
        nx++;
    }
    for (int a = 0; a < S4_ALGOS; a++) {
        int any_bal = 0, any_unbal = 0;
        for (int k = 6; k <= s->kmax; k += 2) {
            any_bal |= s->bal[a][k];
            any_unbal |= !s->bal[a][k] && !isnan(s->spread[a][k]);
        }
        if (any_bal)
            c[ns++] = (plot_series){s4_algos[a], xs, ys[a], NULL, nx, PLOT_LINE_POINTS, 0,
                                    plot_color(a)};
        if (any_unbal)
            u[nu++] = (plot_series){s4_algos[a], xs, us[a], NULL, nx, PLOT_LINE_POINTS, 0,
                                    plot_color(a)};
    }
    c[ns++] = (plot_series){"cut lower bound", xs, by, NULL, nb, PLOT_LINE, 1, "#555"};
    plot_box b = {0, 0, 900, 400, "Steps to balance DDB(k) (balanced runs only), random loads "
                                  "of mean 16",
                  "k (2^k processors)", "time steps (log scale)", 0, 0, 0, 0, 1, 0, NULL, 0, 1};
    plot_draw(f, &b, c, ns);
    plot_box b2 = {0, 400, 900, 360, "Runs that did not balance: final spread (max - min load)",
                   "k (2^k processors)", "final spread (tasks)", 0, 0, 0, 0, 1, 1, NULL, 0, 0};
    plot_draw(f, &b2, u, nu);
    if ((rc = plot_close(f)))
        return rc;
    relog_cmd(d, cmd); /* the chart's regenerate line: the sweep */
    demo_figure(d, "s4-steps.svg", "Top: steps against k for every run that balanced, and the "
                                   "cut lower bound. Bottom: the final spread of the runs that "
                                   "stopped unbalanced (their steps are not comparable). From the "
                                   "sweep of the table (drawn by dcnet demo).", 900);
    return DN_OK;
}

/* The largest DDB(k) in words, and seed 003's claims checked: balance,
 * the cut bound, conservation and the time bound. */
static void s4_checks(demo *d, const s4_data *s)
{
    const int kmax = s->kmax;
    /* seed 003's time claim, Theorem 6: O(log^2 N + sum |Delta_i|). Measured
     * as the ratio steps / (k^2 + sum |Delta|) of the spanning protocol: the
     * claim holds on these loads if the ratio stays bounded as k grows. */
    double rmin = INFINITY, rmax = 0;
    for (int k = 6; k <= kmax; k += 2)
        if (s->bal[S4_SPAN][k] && s->tsum[S4_SPAN][k] >= 0) {
            double r = s->steps[S4_SPAN][k] / ((double)k * k + s->tsum[S4_SPAN][k]);
            rmin = fmin(rmin, r);
            rmax = fmax(rmax, r);
        }
    int ok_time = rmax > 0 && rmax <= 1.5 * rmin;
    char para[1200];
    int pos = snprintf(para, sizeof para, "Reading: ");
    for (int a = 0; a < S4_ALGOS; a++) {
        if (isnan(s->steps[a][kmax]) && isnan(s->spread[a][kmax]))
            continue;
        if (s->bal[a][kmax])
            pos += snprintf(para + pos, sizeof para - (size_t)pos, "%s balances DDB(%d) in %s "
                            "steps; ", s4_algos[a], kmax, fx(s->steps[a][kmax], 0));
        else
            pos += snprintf(para + pos, sizeof para - (size_t)pos, "%s stops after %s steps "
                            "with loads still %s apart (not balanced); ", s4_algos[a],
                            fx(s->steps[a][kmax], 0), fx(s->spread[a][kmax], 0));
    }
    snprintf(para + pos, sizeof para - (size_t)pos, "the cut lower bound is %s.",
             fx(s->bound[kmax], 0));
    demo_para(d, para);
    demo_check(d, s->ok_within, "spanning, absorb and tree end balanced, every load within one "
                                "of the others (k = 6..%d)", kmax);
    demo_check(d, s->ok_bound, "no protocol beats the cut lower bound (k = 6..%d)", kmax);
    demo_check(d, s->ok_cons, "every run conserves the tasks (each task id ends on exactly one "
                              "processor)");
    demo_check(d, ok_time,
               "seed 003's time bound O(log^2 N + sum |Delta_i|) (Theorem 6): the spanning "
               "protocol's steps / (k^2 + sum |Delta_i|) stays within %s..%s for k = 6..%d "
               "(bounded: the largest at most 1.5 times the smallest)",
               fx(rmin, 3), fx(rmax, 3), kmax);
}

/* where dcnet differs from seed 003 (issue 28 item 12), measured: the
 * remainder's owners, Lemma 3 with and without timestamps */
static void s4_differs(demo *d, const s4_data *s)
{
    jflat j;
    dn_err err;
    double lk_shared = NAN, lk_timed = NAN;
    const int lk = 12;
    if (demo_run(d, &j, &err, "balance --net ddb:%d --lemma3 --json", lk) == DN_OK) {
        char key[80];
        for (int l = 0; l <= lk + 1; l++) { /* the last level entry is "all" */
            snprintf(key, sizeof key, "levels[%d].level", l);
            const char *lv = jflat_get(&j, key);
            if (lv && strcmp(lv, "all") == 0) {
                snprintf(key, sizeof key, "levels[%d].lengthk_shared", l);
                lk_shared = NUM(j, key);
                snprintf(key, sizeof key, "levels[%d].lengthk_timed", l);
                lk_timed = NUM(j, key);
            }
        }
    }
    jflat_free(&j);
    demo_differs_begin(d, "003");
    demo_row(d, "the broadcast of step 1.2|AVG = floor(L/N) only; its proof ends with every "
                "node within one, without saying which nodes keep the L mod N extra tasks|"
                "the broadcast carries L too, and node X keeps AVG + [X < L mod N]: the "
                "spanning protocol ends with loads %s apart at k = %d|without the extra "
                "tasks' owners named, the loads could not end within one as claimed",
             fx(s->spread[S4_SPAN][s->kmax], 0), s->kmax);
    demo_row(d, "Lemma 3|no two same-level routes to their parents share a link|with the "
                "paper's timestamps: %s shared links at k = %d; without them, %s|the lemma "
                "holds only with the timestamps, which the protocol keeps",
             fx(lk_timed, 0), lk, fx(lk_shared, 0));
    demo_row(d, "Definition 3|prints the downward-0 set twice|downward-1 is taken as the bit "
                "complement of downward-0 (Theorem 4.4 settles it)|the only reading under "
                "which Theorems 4.2-4.4 hold, all tested");
    demo_row(d, "the baselines and the improvements|not in the seed|absorb and tree "
                "(dcnet's improvements), diffusion, dimension exchange, the GLPK plan and the "
                "cut lower bound, in the table above|added so that the protocol's steps can "
                "be judged");
    demo_table_end(d);
}

int demo_balance(demo *d)
{
    s4_data s = {.have_glpk = dn_have_glpk(), .ok_within = 1, .ok_bound = 1, .ok_cons = 1};
    char cmd[DEMO_CMD_MAX];
    jflat j;
    dn_err err;
    int rc;

    /* the optimal plan (GLPK) to k = 14 as `balance --help` allows (the
     * solver's time there is quoted from docs/balance.md, dated); the quick
     * run stops at 12 */
    s.kmax = d->quick ? 12 : 16;
    s.opt_max = d->quick ? 12 : DN_BAL_OPTIMAL_MAX_K;
    demo_section(
        d, "balance", "4 balancing",
        "4. Load balancing on the directed de Bruijn network DDB(k) (seed 003)",
        "Seed 003 balances task loads on DDB(k) with its spanning trees: the sum of the loads "
        "flows up the upward-0 tree, the average comes down the downward-0 tree, surpluses are "
        "collected and redistributed. Every processor runs the protocol knowing only its id and "
        "its tasks; a link carries one message at a time and a task costs one time unit per hop "
        "(<code>--algo spanning</code>; <code>absorb</code> and <code>tree</code> are dcnet's "
        "improvements). Baselines: first-order diffusion (Cybenko), dimension exchange on the "
        "hypercube of the same size, and, where GLPK is built in, a centralised min-cost plan. "
        "Loads: uniform random on [0, 32] per processor (<code>random:1:16</code>). A run is "
        "<em>balanced</em> when its final loads differ by at most one; steps are compared only "
        "among balanced runs.");
    demo_run(d, &j, &err, "balance --net ddb:6 --loads random:1:16 --svg s4-ddb6.svg --json");
    jflat_free(&j);
    demo_figures_begin(d);
    demo_figure(d, "s4-ddb6.svg",
                "DDB(6): loads before and after seed 003's protocol, and the downward-0 tree it "
                "uses.", 900);
    demo_figures_end(d);

    for (int k = 0; k <= S4_KMAX; k++) {
        s.bound[k] = NAN;
        for (int a = 0; a < S4_ALGOS; a++) {
            s.steps[a][k] = s.spread[a][k] = s.tsum[a][k] = NAN;
            s.bal[a][k] = 0;
        }
    }
    s4_table(d, &s, cmd);
    if ((rc = s4_chart(d, &s, cmd)))
        return rc;
    s4_checks(d, &s);
    s4_differs(d, &s);
    const int kmax = s.kmax;
    char v[300], w[64];
    int vp = snprintf(v, sizeof v, "balanced in: spanning %s, absorb %s, tree %s steps",
                      fx(s.steps[S4_SPAN][kmax], 0), fx(s.steps[S4_ABSORB][kmax], 0),
                      fx(s.steps[S4_TREE][kmax], 0));
    if (!isnan(s.spread[S4_DIFF][kmax]))
        snprintf(v + vp, sizeof v - (size_t)vp, "; diffusion %s (spread %s)",
                 s.bal[S4_DIFF][kmax] ? "balanced" : "not balanced",
                 fx(s.spread[S4_DIFF][kmax], 0));
    snprintf(w, sizeof w, "DDB(%d) balance", kmax);
    demo_summary(d, w, v);
    return DN_OK;
}

/* ---------------------------------------------- 5. seed 004, Sneptrees */

static const char *const s5_fam[2] = {"s", "t"};

/* The section's verdicts, gathered from both tables for the checks and
 * the differences. */
typedef struct s5_data {
    int nmax;
    int ok_planar, ok_circ, ok_homog, ok_random;
    double sp_snep, sp_rand; /* largest spread of the mapping, least of random */
} s5_data;

/* S_3 and T_3 drawn by Graphviz (dcnet's own drawing when dot is
 * missing), each captioned with its planarity verdict; then S_2..S_4 in
 * the H-tree layout of seed 004's Fig. 4 (issue 28 item 9). */
static void s5_drawings(demo *d)
{
    jflat j;
    dn_err err;
    int dot_missing = 0;
    demo_figures_begin(d);
    for (int t = 0; t < 2; t++) {
        char cap[300], dotf[32], svgf[32];
        snprintf(dotf, sizeof dotf, "s5-%s3.dot", s5_fam[t]);
        snprintf(svgf, sizeof svgf, "s5-%s3.svg", s5_fam[t]);
        int planar = -1;
        if (demo_run(d, &j, &err, "net --net sneptree-%s:3 --planar --circuits --json",
                     s5_fam[t]) == DN_OK) {
            const char *pl = jflat_get(&j, "planar");
            planar = pl ? strcmp(pl, "true") == 0 : -1;
        }
        jflat_free(&j);
        demo_run(d, NULL, &err, "net --net sneptree-%s:3 --format dot -o %s", s5_fam[t], dotf);
        /* left to right: the 4 levels across, the cells of a level down, so
         * the drawing is wide rather than 1,300 px tall */
        if (demo_tool(d, &err, "dot -Tsvg -Grankdir=LR -o %s %s", svgf, dotf) == DN_ENOTSUP) {
            /* no Graphviz: dcnet's own drawing of the network with a tree on it */
            dot_missing = 1;
            demo_run(d, &j, &err, "embed --net sneptree-%s:3 --tree cbt:3 --map sneptree --svg %s "
                                  "--json", s5_fam[t], svgf);
            jflat_free(&j);
        }
        snprintf(cap, sizeof cap, "%s_3 (15 cells; %s; left successors blue, right red): %s",
                 t ? "T" : "S",
                 dot_missing ? "dcnet's drawing by tree level"
                             : "Graphviz's layered drawing: the arcs run left to right along "
                               "the circuits, so the columns are not the tree's levels",
                 planar < 0 ? "planarity not tested (planarity library not built in)"
                 : planar  ? "planar (Boyer-Myrvold)"
                           : "not planar (Boyer-Myrvold)");
        demo_figure(d, svgf, cap, 900);
    }
    demo_figures_end(d);
    if (dot_missing)
        demo_para(d, "Graphviz's dot is not installed: the drawings above are dcnet's own.");
    demo_figures_begin(d);
    for (int n = 2; n <= 4; n++) {
        char cap[300], svgf[32];
        snprintf(svgf, sizeof svgf, "s5-htree-%d.svg", n);
        demo_run(d, &j, &err, "net --net sneptree-s:%d --svg %s --json", n, svgf);
        jflat_free(&j);
        snprintf(cap, sizeof cap, "S_%d in the H-tree layout the caption of seed 004's Fig. 4 "
                                  "describes (the figure itself is lost): one straight segment "
                                  "per linked pair of cells, no two crossing",
                 n);
        demo_figure(d, svgf, cap, n == 4 ? 600 : 400);
    }
    demo_figures_end(d);
}

/* The networks' table from one sweep (issue 21): planarity and the two
 * circuits of S_n and T_n, checked into s. */
static void s5_networks(demo *d, s5_data *s)
{
    demo_rows rows;
    dn_err serr;
    int src = demo_sweep(d, &rows, "s5-net.jsonl", &serr,
                         "net --var n=2..%d --var t=s,t --net sneptree-{t}:{n} --planar "
                         "--circuits",
                         s->nmax);
    demo_table(d, "network|cells|planar|left circuit Hamiltonian|right circuit Hamiltonian|"
                  "edge-disjoint|diameter");
    if (src != DN_OK) {
        demo_row(d, "all|the sweep failed: %s|||||", serr.msg);
        s->ok_circ = 0;
    }
    for (int n = 2; n <= s->nmax && src == DN_OK; n++)
        for (int t = 0; t < 2; t++) {
            const jflat *j1 = demo_rows_get(&rows, "n=%d t=%s", n, s5_fam[t]);
            const char *fail = row_failure(j1);
            if (fail) {
                demo_row(d, "sneptree-%s:%d|failed: %s|||||", s5_fam[t], n, fail);
                s->ok_circ = 0;
                continue;
            }
            const char *pl = jflat_get(j1, "planar");
            const char *l = jflat_get(j1, "circuits.left_hamiltonian");
            const char *r = jflat_get(j1, "circuits.right_hamiltonian");
            const char *e = jflat_get(j1, "circuits.edge_disjoint");
            int want_planar = t == 0 || n < 3;
            if (pl)
                s->ok_planar &= (strcmp(pl, "true") == 0) == want_planar;
            s->ok_circ &= l && r && e && !strcmp(l, "true") && !strcmp(r, "true") &&
                          !strcmp(e, "true");
            demo_row(d, "sneptree-%s:%d|%s|%s|%s|%s|%s|%s", s5_fam[t], n,
                     fx(demo_rows_num(j1, "nodes"), 0), pl ? pl : "not tested", l ? l : "-",
                     r ? r : "-", e ? e : "-", fx(demo_rows_num(j1, "diameter"), 0));
        }
    demo_rows_free(&rows);
    demo_table_end(d);
}

/* The mappings' table from one sweep: the Sneptree mapping against a
 * random placement of the tree of height 2n + 2, homogeneity and the
 * spread of loads at one depth kept in s. */
static void s5_mappings(demo *d, s5_data *s)
{
    demo_rows rows;
    dn_err serr;
    char nh[128] = ""; /* the tree of height 2n + 2 on the Sneptree of height n */
    for (int n = 3; n <= s->nmax; n++)
        snprintf(nh + strlen(nh), sizeof nh - strlen(nh), "%s%d/%d", n > 3 ? "," : "", n,
                 2 * n + 2);
    int src = demo_sweep(d, &rows, "s5-embed.jsonl", &serr,
                         "embed --var n/h=%s --var t=s,t --var map=sneptree,random --net "
                         "sneptree-{t}:{n} --tree cbt:{h} --map {map}",
                         nh);
    demo_table(d, "network|tree|mapping|tasks|loads (min..max)|homogeneous|largest spread at one "
                  "depth|average dilation");
    if (src != DN_OK) {
        demo_row(d, "all|all|all|the sweep failed: %s||||", serr.msg);
        s->ok_homog = 0;
    }
    for (int n = 3; n <= s->nmax && src == DN_OK; n++)
        for (int t = 0; t < 2; t++)
            for (int m = 0; m < 2; m++) {
                int h = 2 * n + 2;
                const char *map = m ? "random" : "sneptree";
                const jflat *j1 = demo_rows_get(&rows, "n=%d t=%s map=%s", n, s5_fam[t], map);
                const char *fail = row_failure(j1);
                if (fail) {
                    demo_row(d, "sneptree-%s:%d|cbt:%d|%s|failed: %s||||", s5_fam[t], n, h, map,
                             fail);
                    s->ok_homog = 0;
                    continue;
                }
                const char *ho = jflat_get(j1, "homogeneous");
                int homog = ho && strcmp(ho, "true") == 0;
                if (m == 0)
                    s->ok_homog &= homog;
                else
                    s->ok_random &= !homog;
                double sp = demo_rows_num(j1, "depth_spread");
                if (m == 0)
                    s->sp_snep = isnan(s->sp_snep) || sp > s->sp_snep ? sp : s->sp_snep;
                else
                    s->sp_rand = isnan(s->sp_rand) || sp < s->sp_rand ? sp : s->sp_rand;
                demo_row(d, "sneptree-%s:%d|cbt:%d|%s|%s|%s..%s|%s|%s|%s", s5_fam[t], n, h, map,
                         fx(demo_rows_num(j1, "tree_nodes"), 0),
                         fx(demo_rows_num(j1, "load.min"), 0), fx(demo_rows_num(j1, "load.max"), 0),
                         homog ? "yes" : "no", fx(demo_rows_num(j1, "depth_spread"), 0),
                         fx(demo_rows_num(j1, "dilation.average"), 3));
            }
    demo_rows_free(&rows);
    demo_table_end(d);
}

/* Seed 004's claims checked against both tables, and where dcnet differs
 * from it (issue 28 item 12). */
static void s5_checks(demo *d, const s5_data *s)
{
    const int nmax = s->nmax;
    if (dn_have_planarity())
        demo_check(d, s->ok_planar, "S_n is planar for n = 2..%d and T_n is not for n = 3..%d",
                   nmax, nmax);
    demo_check(d, s->ok_circ, "left and right successors form two edge-disjoint Hamiltonian "
                              "circuits in S_n and T_n (n = 2..%d)", nmax);
    demo_check(d, s->ok_homog, "the Sneptree mapping is homogeneous: at every depth loads differ "
                               "by at most one (n = 3..%d, trees of height 2n + 2)", nmax);
    demo_check(d, s->ok_random, "a random placement of the same trees is not homogeneous");
    demo_differs_begin(d, "004");
    demo_row(d, "the edge sets of S_n and T_n|in the paper's figures, missing from the text|"
                "built from the two Hamiltonian circuits the text writes out "
                "(docs/spec/sneptrees.md); both circuits Hamiltonian and edge-disjoint for n "
                "= 2..%d (%s)|a reconstruction: the spec derives every edge from the "
                "circuits",
             nmax, s->ok_circ ? "the table above" : "NOT in every row above");
    demo_row(d, "the drawing of S_n|Fig. 4: an H-tree layout (its caption; the figure is "
                "lost)|S_2 .. S_4 in the H-tree layout, one straight segment per linked pair, "
                "none crossing (the figures above); larger S_n and every T_n as Graphviz's "
                "layered drawing of the arcs (or dcnet's by level), which may cross|"
                "planarity is the Boyer-Myrvold test's verdict (the table above), not the "
                "picture's; test_cli checks every pair of segments of the H-tree drawings");
    demo_row(d, "homogeneity|a property of the mapping|measured as the largest spread of "
                "loads at one depth: at most %s for the Sneptree mapping, at least %s for a "
                "random placement (n = 3..%d)|measured for any mapping, so that the baseline "
                "can be compared",
             fx(s->sp_snep, 0), fx(s->sp_rand, 0), nmax);
    demo_table_end(d);
}

int demo_sneptrees(demo *d)
{
    s5_data s = {.nmax = d->quick ? 5 : 6, .ok_planar = 1, .ok_circ = 1, .ok_homog = 1,
                 .ok_random = 1, .sp_snep = NAN, .sp_rand = NAN};

    demo_section(
        d, "sneptrees", "5 Sneptrees",
        "5. Sneptrees: homogeneous mapping of binary computation trees (seed 004)",
        "Seed 004's Sneptrees are networks of 2<sup>n+1</sup> - 1 cells, each with two inputs and "
        "two outputs, that admit a homogeneous mapping of any complete binary tree: at every "
        "depth the cells' loads differ by at most one. S<sub>n</sub> is planar and carries two "
        "edge-disjoint Hamiltonian circuits (left and right successors); T<sub>n</sub> is not "
        "planar from n = 3. The edge sets are those of docs/spec/sneptrees.md; planarity is the "
        "Boyer-Myrvold test of the planarity library.");
    s5_drawings(d);
    /* both tables from sweeps (issue 21) */
    s5_networks(d, &s);
    s5_mappings(d, &s);
    s5_checks(d, &s);
    demo_summary(d, "S_n / T_n", s.ok_planar && s.ok_homog ? "S planar, T not; mapping homogeneous"
                                                           : "see the report");
    return DN_OK;
}

/* ------------------------------------------------------- 6. runtime */

static const int s6_workers[] = {1, 2, 4};
/* three runs a row, and the 4-worker timeline's run is one more of its
 * row: the table's best is the best of every run the section made */
enum { S6_NW = 3, S6_REPS = 3 };
/* the dynamic mode's policies side by side: seed 002's walks run for
 * real, and work stealing, the modern anchor they are judged against */
static const char *const s6_pol[] = {"walk", "lazy", "two-choices", "steal", "steal"};
static const char *const s6_steal_k[] = {"", "", "", "half", "one"};
static const char *const s6_pname[] = {"walk", "lazy", "two-choices", "steal half",
                                       "steal one"};
/* three runs of each: a policy is called fastest only when its slowest
 * run beats every other policy's best (issue 28 item 13) */
enum { S6_NPOL = 5, S6_PREPS = 3 };

/* The runs' numbers: mergesort per worker count, the emulated network per
 * mapping, the dynamic policies per workload (NAN where not measured). */
typedef struct s6_data {
    long keys, cores;
    double best[S6_NW], worst[S6_NW], xs[S6_NW], speed[S6_NW], ideal[S6_NW];
    double tl_secs;                     /* the timeline's run */
    char sweep_cmd[DEMO_CMD_MAX], tl_cmd[DEMO_CMD_MAX]; /* logged again under the figures */
    double secs[2], hops[2];            /* emulated BDG(4): zrl, random */
    int qn;                             /* nqueens' board */
    double pmin[2][S6_NPOL], pmax[2][S6_NPOL], ptask[2][S6_NPOL], psec[2][S6_NPOL],
        pslow[2][S6_NPOL];
} s6_data;

/* Mergesort's table: a sweep of exec runs, one at a time (--jobs 1: timed
 * runs must not share the cores) (issue 21), and the timeline's run,
 * which counts as one more run of the 4-worker row. */
static void s6_mergesort(demo *d, s6_data *s)
{
    demo_rows rows;
    dn_err serr;
    jflat j;
    dn_err err;
    demo_sweep(d, &rows, "s6-mergesort.jsonl", &serr,
               "exec --jobs 1 --var workers=%d,%d,%d --var seed=1..%d mergesort --n %ld "
               "--workers {workers} --seed {seed}",
               s6_workers[0], s6_workers[1], s6_workers[2], S6_REPS, s->keys);
    last_cmd(d, s->sweep_cmd);
    s->tl_secs = NAN;
    if (demo_run(d, &j, &err, "exec mergesort --n %ld --workers 4 --svg s6-timeline.svg --json",
                 s->keys) == DN_OK)
        s->tl_secs = NUM(j, "seconds");
    jflat_free(&j);
    last_cmd(d, s->tl_cmd);
    demo_table(d, "workers|keys|runs|best seconds|slowest seconds|slowest / best (the least "
                  "this machine's noise can be)|speed-up over 1 worker (best)|verified");
    for (int w = 0; w < S6_NW; w++) {
        double *best = &s->best[w], *worst = &s->worst[w];
        int got = 0;
        *best = *worst = NAN;
        s->xs[w] = s6_workers[w];
        const char *ver = "no";
        for (int r = 0; r < S6_REPS; r++) {
            const jflat *row = demo_rows_get(&rows, "workers=%d seed=%d", s6_workers[w], r + 1);
            if (!row || demo_rows_num(row, "exit") != 0)
                continue;
            double sec = demo_rows_num(row, "seconds");
            const char *v = jflat_get(row, "verified");
            if (v && strcmp(v, "true") == 0)
                ver = "yes";
            if (isnan(*best) || sec < *best)
                *best = sec;
            if (isnan(*worst) || sec > *worst)
                *worst = sec;
            got++;
        }
        if (s6_workers[w] == 4 && !isnan(s->tl_secs)) { /* the timeline's run */
            *best = isnan(*best) || s->tl_secs < *best ? s->tl_secs : *best;
            *worst = isnan(*worst) || s->tl_secs > *worst ? s->tl_secs : *worst;
            got++;
        }
        s->speed[w] = s->best[0] / *best;
        s->ideal[w] = fmin(s6_workers[w], (double)s->cores);
        demo_row(d, "%d|%ld|%d|%s|%s|%s|%s|%s", s6_workers[w], s->keys, got, fx(*best, 3),
                 fx(*worst, 3), fx(*worst / *best, 2), fx(s->speed[w], 2), ver);
    }
    demo_rows_free(&rows);
    demo_table_end(d);
}

/* on C cores no more than C workers can run at once: a larger speed-up
 * with more workers than cores is run-to-run noise, said so */
static void s6_noise(demo *d, const s6_data *s)
{
    const long cores = s->cores;
    char para[900];
    int pp = snprintf(para, sizeof para,
                      "Each row is %d runs (seeds 1..%d; the 4-worker row also holds the run "
                      "drawn as the timeline below). So few runs show how large the noise of "
                      "this machine is at least, not how large it is: a difference smaller "
                      "than a row's range is not a result. This machine has %ld online "
                      "core%s, so speed-up stops at %ld.",
                      S6_REPS, S6_REPS, cores, cores == 1 ? "" : "s", cores);
    for (int w = 1; w < S6_NW; w++)
        if (s6_workers[w] > cores && s6_workers[w - 1] >= cores && s->speed[w] > s->speed[w - 1])
            pp += snprintf(para + pp, sizeof para - (size_t)pp,
                           " The speed-up of %d workers (%s) above that of %d (%s) is noise, not "
                           "a result: %d workers share %ld cores.",
                           s6_workers[w], fx(s->speed[w], 2), s6_workers[w - 1],
                           fx(s->speed[w - 1], 2), s6_workers[w], cores);
    snprintf(para + pp, sizeof para - (size_t)pp,
             " docs/runtime.md compares against qsort and an OpenMP-tasks mergesort "
             "(<code>make bench</code>).");
    demo_para(d, para);
}

/* The speed-up chart (from the table's sweep) beside the timeline; points
 * with more workers than cores are drawn apart, as noise. */
static int s6_figures(demo *d, s6_data *s)
{
    FILE *f;
    int rc;
    demo_figures_begin(d);
    if ((rc = plot_file(d, "s6-speedup.svg", &f, 900, 360)))
        return rc;
    double sp_in[S6_NW], sp_over[S6_NW];
    for (int w = 0; w < S6_NW; w++) {
        sp_in[w] = s6_workers[w] <= s->cores ? s->speed[w] : NAN;
        sp_over[w] = s6_workers[w] > s->cores ? s->speed[w] : NAN;
    }
    plot_series c[3] = {
        {"dcnet exec mergesort (best run)", s->xs, sp_in, NULL, S6_NW, PLOT_LINE_POINTS, 0,
         plot_color(0)},
        {"more workers than cores: noise", s->xs, sp_over, NULL, S6_NW, PLOT_OPEN, 0,
         plot_color(0)},
        {"ideal (min(P, cores))", s->xs, s->ideal, NULL, S6_NW, PLOT_LINE, 1, "#555"},
    };
    plot_box b = {0, 0, 900, 360, "Mergesort speed-up on this machine", "workers P",
                  "speed-up over 1 worker", 0.8, 4.2, 0, 0, 1, 1, NULL, 0, 0};
    plot_draw(f, &b, c, 3);
    if ((rc = plot_close(f)))
        return rc;
    relog_cmd(d, s->sweep_cmd); /* the chart's regenerate line: the sweep */
    demo_figure(d, "s6-speedup.svg", "Speed-up over one worker, from the sweep of the table (drawn "
                                     "by dcnet demo).", 900);
    relog_cmd(d, s->tl_cmd);
    char tlcap[300];
    snprintf(tlcap, sizeof tlcap, "Timeline of 4 workers: split, solve (sort), merge, and waiting "
                                  "for the partner's half. This run took %s s, one of the "
                                  "4-worker row's runs above.", fx(s->tl_secs, 3));
    demo_figure(d, "s6-timeline.svg", tlcap, 900);
    demo_figures_end(d);
    return DN_OK;
}

/* the measured cost of dilation: the same program on an emulated BDG(4),
 * mapping D against random, and the check on their hops */
static void s6_emulated(demo *d, s6_data *s)
{
    static const char *const maps[2] = {"zrl", "random"};
    const long pn = d->quick ? 4000000L : 16000000L;
    demo_rows rows;
    dn_err serr;
    demo_sweep(d, &rows, "s6-emulated.jsonl", &serr,
               "exec --jobs 1 --var map=%s,%s --var run=1..%d prefix --n %ld --workers 16 --net "
               "debruijn:4 --map {map} --bandwidth 1GB/s",
               maps[0], maps[1], 3, pn);
    demo_table(d, "network|mapping|seconds (best of the runs)|messages|hop messages|hop bytes|"
                  "most messages on one link|verified");
    for (int m = 0; m < 2; m++) {
        const char *ver = "no";
        double hb = NAN, msg = NAN, ml = NAN;
        s->secs[m] = s->hops[m] = NAN;
        for (int r = 0; r < 3; r++) {
            const jflat *row = demo_rows_get(&rows, "map=%s run=%d", maps[m], r + 1);
            if (!row || demo_rows_num(row, "exit") != 0)
                continue;
            double sec = demo_rows_num(row, "seconds");
            const char *v = jflat_get(row, "verified");
            if (v && strcmp(v, "true") == 0)
                ver = "yes";
            if (isnan(s->secs[m]) || sec < s->secs[m])
                s->secs[m] = sec;
            s->hops[m] = demo_rows_num(row, "hop_messages");
            hb = demo_rows_num(row, "hop_bytes");
            msg = demo_rows_num(row, "messages");
            ml = demo_rows_num(row, "max_link_messages");
        }
        demo_row(d, "debruijn:4|%s|%s|%s|%s|%s|%s|%s", maps[m], fx(s->secs[m], 3), fx(msg, 0),
                 fx(s->hops[m], 0), fx(hb, 0), fx(ml, 0), ver);
    }
    demo_rows_free(&rows);
    demo_table_end(d);
    demo_para(d, "Emulation: 16 worker threads are the processors of BDG(4); every message is "
                 "forwarded hop by hop through router threads along the mapping's routes, and "
                 "each link moves 1 GB/s, so longer routes (dilation) cost real time.");
    demo_check(d, s->hops[0] < s->hops[1], "mapping D needs fewer message hops than a random "
                                           "placement on the emulated BDG(4) (%s vs %s)",
               fx(s->hops[0], 0), fx(s->hops[1], 0));
}

/* The dynamic policies' table: one sweep of both workloads, every policy
 * run S6_PREPS times; a row shows the first run's spread of tasks and the
 * range of seconds over all of them. */
static void s6_dynamic(demo *d, s6_data *s)
{
    const int qn = s->qn;
    demo_rows rows;
    dn_err serr;
    demo_sweep(d, &rows, "s6-dynamic.jsonl", &serr,
               "exec --jobs 1 --var app/opt/val=nqueens/--n/%d,search/--work/%d --var "
               "policy=walk,lazy,two-choices,steal:half,steal:one --var run=1..%d {app} {opt} "
               "{val} --dynamic --workers 2 --policy {policy}",
               qn, d->quick ? 2000 : 5000, S6_PREPS);
    demo_table(d, "workload|policy|tasks|tasks per worker (min..max), first run|largest share|"
                  "idle seconds per worker (mean)|steals|seconds, best..slowest of the runs|"
                  "runs|verified");
    for (int wl = 0; wl < 2; wl++)
        for (int p = 0; p < S6_NPOL; p++) {
            char app[64], pv[32];
            snprintf(app, sizeof app, wl ? "search" : "nqueens %d", qn);
            snprintf(pv, sizeof pv, "%s%s%s", s6_pol[p], *s6_steal_k[p] ? ":" : "",
                     s6_steal_k[p]);
            double *psec = &s->psec[wl][p], *pslow = &s->pslow[wl][p];
            s->pmin[wl][p] = s->pmax[wl][p] = s->ptask[wl][p] = *psec = *pslow = NAN;
            const char *wname = wl ? "search" : "nqueens";
            const jflat *row = demo_rows_get(&rows, "app=%s policy=%s run=1", wname, pv);
            const char *fail = row_failure(row);
            if (fail) {
                demo_row(d, "%s|%s|failed: %s||||||||", app, s6_pname[p], fail);
                continue;
            }
            int nruns = 0, verified = 1;
            for (int r = 1; r <= S6_PREPS; r++) {
                const jflat *rr = demo_rows_get(&rows, "app=%s policy=%s run=%d", wname, pv, r);
                if (!rr || demo_rows_num(rr, "exit") != 0)
                    continue;
                double sec = demo_rows_num(rr, "seconds");
                const char *vv = jflat_get(rr, "verified");
                verified &= vv && strcmp(vv, "true") == 0;
                *psec = isnan(*psec) || sec < *psec ? sec : *psec;
                *pslow = isnan(*pslow) || sec > *pslow ? sec : *pslow;
                nruns++;
            }
            s->ptask[wl][p] = demo_rows_num(row, "tasks");
            s->pmin[wl][p] = demo_rows_num(row, "worker_tasks.min");
            s->pmax[wl][p] = demo_rows_num(row, "worker_tasks.max");
            demo_row(d, "%s|%s|%s|%s..%s|%s%%|%s|%s|%s..%s|%d|%s", app, s6_pname[p],
                     fx(s->ptask[wl][p], 0), fx(s->pmin[wl][p], 0), fx(s->pmax[wl][p], 0),
                     fx(100 * s->pmax[wl][p] / s->ptask[wl][p], 1),
                     fx(demo_rows_num(row, "worker_idle.mean"), 4),
                     p >= 3 ? fx(demo_rows_num(row, "steals"), 0) : "-", fx(*psec, 3),
                     fx(*pslow, 3), nruns, verified ? "yes" : "no");
        }
    demo_rows_free(&rows);
    demo_table_end(d);
}

/* the fastest policy of workload wl, from the table: only one whose
 * slowest run beats every other policy's best run; else the policies
 * whose ranges overlap the best one's are named as a tie */
static void s6_verdict(const s6_data *s, int wl, char *buf, size_t cap)
{
    /* compared as the table shows them (3 digits), so that a reader, and
     * check-claims.py, can verify the verdict from the table: unrounded,
     * 0.0168 beat 0.0171 and was called fastest over a table of 0.017s */
    double psec[S6_NPOL], pslow[S6_NPOL];
    for (int p = 0; p < S6_NPOL; p++) {
        psec[p] = isnan(s->psec[wl][p]) ? NAN : atof(fx(s->psec[wl][p], 3));
        pslow[p] = isnan(s->pslow[wl][p]) ? NAN : atof(fx(s->pslow[wl][p], 3));
    }
    int fb = -1;
    for (int p = 0; p < S6_NPOL; p++)
        if (!isnan(psec[p]) && (fb < 0 || psec[p] < psec[fb]))
            fb = p;
    int clear = fb >= 0, n = 0;
    for (int p = 0; p < S6_NPOL && fb >= 0; p++)
        if (p != fb && !isnan(psec[p]) && psec[p] <= pslow[fb])
            clear = 0;
    if (fb < 0)
        snprintf(buf, cap, "no run finished");
    else if (clear)
        snprintf(buf, cap, "%s is fastest: its slowest run (%s s) "
                 "beats every other policy's best", s6_pname[fb], fx(pslow[fb], 3));
    else {
        n = snprintf(buf, cap, "no policy is fastest beyond this "
                     "machine's noise: the ranges of");
        for (int p = 0; p < S6_NPOL; p++)
            if (!isnan(psec[p]) && (p == fb || psec[p] <= pslow[fb]))
                n += snprintf(buf + n, cap - (size_t)n, " %s (%s..%s)",
                              s6_pname[p], fx(psec[p], 3), fx(pslow[p], 3));
        snprintf(buf + n, cap - (size_t)n, " overlap");
    }
}

/* The dynamic table in words, with each workload's verdict, and its
 * checks: the lazy walk uses both workers; every policy runs the same
 * tasks. */
static void s6_dynamic_prose(demo *d, const s6_data *s)
{
    char verdict[2][400];
    for (int wl = 0; wl < 2; wl++)
        s6_verdict(s, wl, verdict[wl], sizeof verdict[wl]);
    char dyn[2000];
    snprintf(dyn, sizeof dyn,
             "Dynamic placement on 2 workers. <i>walk</i>: every spawned task goes to the end of "
             "a random walk of 2 steps (seed 002). The complete graph of 2 workers is bipartite, "
             "so a plain walk of even length never leaves its start (the walk rows: %s of %s "
             "tasks on one worker); the lazy walk (each step stays put with probability 1/2), "
             "the default there, spreads them; <i>two-choices</i> walks twice and keeps the end "
             "with the shorter queue; <i>steal</i> keeps every task on its worker and lets an "
             "idle worker steal half (or one) of a random victim's. <i>search</i> is the skewed "
             "workload: an unbalanced search over a random tree (32 near-critical Galton-Watson "
             "subtrees), each task doing a seeded, exponentially distributed amount of work. "
             "Speed, %d runs each: on nqueens %d, %s; on search, %s. <code>make bench</code> "
             "compares the policies with OpenMP tasks (docs/runtime.md).",
             fx(s->pmax[0][0], 0), fx(s->ptask[0][0], 0), S6_PREPS, s->qn, verdict[0],
             verdict[1]);
    demo_para(d, dyn);
    demo_check(d, s->pmax[0][1] <= 0.6 * s->ptask[0][1] && s->pmin[0][1] > 0,
               "the default (lazy) walk on 2 workers uses both, none above 60%% of the tasks "
               "(%s..%s of %s)", fx(s->pmin[0][1], 0), fx(s->pmax[0][1], 0),
               fx(s->ptask[0][1], 0));
    int same = 1;
    for (int wl = 0; wl < 2; wl++)
        for (int p = 1; p < S6_NPOL; p++)
            same = same && s->ptask[wl][p] == s->ptask[wl][0];
    demo_check(d, same, "every policy runs the same tasks (%s for nqueens %d, %s for search)",
               fx(s->ptask[0][0], 0), s->qn, fx(s->ptask[1][0], 0));
}

int demo_runtime(demo *d)
{
    s6_data s;
    int rc;

    s.keys = d->quick ? 4000000L : 10000000L;
    s.cores = sysconf(_SC_NPROCESSORS_ONLN);
    s.qn = d->quick ? 11 : 13;
    demo_section(
        d, "runtime", "6 runtime",
        "6. The runtime: a real divide-and-conquer program on this machine",
        "<code>dcnet exec</code> runs real programs with the &ldquo;keep half, send half&rdquo; "
        "schedule of seed 000 on threads (or MPI ranks), and checks every result (sorts: in "
        "order and holding the input's keys, in linear time). Here: mergesort of 64-bit keys, and the same binomial schedule on "
        "an emulated de Bruijn network where messages travel the mapping's routes hop by hop.");
    s6_mergesort(d, &s);
    s6_noise(d, &s);
    if ((rc = s6_figures(d, &s)))
        return rc;
    s6_emulated(d, &s);
    s6_dynamic(d, &s);
    s6_dynamic_prose(d, &s);
    char v[200];
    snprintf(v, sizeof v, "speed-up %s (2 workers), %s (4) at %ld keys; emulated BDG(4) zrl %s s "
                          "vs random %s s", fx(s.speed[1], 2), fx(s.speed[2], 2), s.keys,
             fx(s.secs[0], 3), fx(s.secs[1], 3));
    demo_summary(d, "mergesort", v);
    return DN_OK;
}
