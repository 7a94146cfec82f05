/*
 * demo_papers.c - the seed papers' own tables in the demo report, each cell
 * as the paper's value, this run's value and whether they match (issue 28
 * item 1): seed 001's Table 1 with its conclusions (a)-(c) and equation (3)
 * (section 2 of the report), seed 002's Tables 1-4 (section 3).
 *
 * The paper's values are typed here from the seed texts - seed 001 section
 * 5 (Table 1, as expressions in k and alpha), seed 002's restated tables -
 * never computed by dcnet. tests/golden/ holds the same values for the
 * tests (test_cli.c: test_seed_tables runs dcnet against them), and
 * scripts/check-paper-tables.py checks the report's paper columns and marks
 * against them.
 */
#include "demo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------- number text */

/* At most 8 significant digits, no trailing zeros ("1.3125", "8.4213409"). */
static const char *g8(char *b, size_t cap, double v)
{
    if (v != v)
        snprintf(b, cap, "-");
    else
        snprintf(b, cap, "%.8g", v);
    return b;
}

/* "paper / dcnet ✔", or "paper / dcnet ✘ +diff" (dcnet - paper). */
static void cell_exact(char *b, size_t cap, double paper, double got, int *ok)
{
    char p[40], g[40], dd[40];
    *ok = !isnan(got) && fabs(got - paper) <= 1e-9 * fmax(1, fabs(paper));
    if (isnan(got))
        snprintf(b, cap, "%s / - (the run failed)", g8(p, sizeof p, paper));
    else if (*ok)
        snprintf(b, cap, "%s / %s \u2714", g8(p, sizeof p, paper), g8(g, sizeof g, got));
    else {
        snprintf(dd, sizeof dd, "%+.8g", got - paper);
        snprintf(b, cap, "%s / %s \u2718 %s", g8(p, sizeof p, paper), g8(g, sizeof g, got), dd);
    }
}

/* ------------------------------------------- seed 001, Table 1 (section 5) */

enum { T1_S, T1_GA, T1_GB };

/* (a^3 + a^4) ((2a^2)^(k-1) - 1) / (2a^2 - 1): the sum both Growing rows share */
static double t1_tail(int k, double a)
{
    return (pow(a, 3) + pow(a, 4)) * (pow(2 * a * a, k - 1) - 1) / (2 * a * a - 1);
}

/* The t_s column (also the t_e column at alpha = 1, in every row). */
static double t1_ts(int row, int k)
{
    return row == T1_GB ? 3 * ldexp(1, k - 1) - 1 : ldexp(1, k + 1) - 2;
}

/* The t_e (alpha = 0.5) column, as printed. */
static double t1_half(int row, int k)
{
    if (row == T1_GA)
        return 0.375 * (ldexp(1, k) + 1 - ldexp(1, 1 - k));
    if (row == T1_GB)
        return ldexp(1, k - 1) + 0.125 + 3 * ldexp(1, -(k + 2));
    return 1.5 * (1 - ldexp(1, -k));
}

/* The t_e (general alpha) column. Row S prints as (a + a^2) 2^k
 * a^(2k-1) / (2a^2 - 1), negative at a = 1/2; read with the numerator's
 * "- 1" restored, (a + a^2)(2^k a^(2k) - 1)/(2a^2 - 1), it gives the row's
 * own alpha = 1 and 1/2 columns, so that reading is the one used. */
static double t1_general(int row, int k, double a)
{
    if (row == T1_GA)
        return (a + a * a) * ldexp(1, k - 1) + t1_tail(k, a);
    if (row == T1_GB)
        return ldexp(1, k - 1) - 1 + a + a * a + t1_tail(k, a);
    return (a + a * a) * (ldexp(pow(a, 2 * k), k) - 1) / (2 * a * a - 1);
}

/* One row of the report's Table 1: a reading of a row of the paper's,
 * run as a dcnet mapping. Another reading of approach B (how the move to
 * the fixed root is counted, whether it shares a start-up with the first
 * step) is one more entry here; `counted` rows make the Table 1 tally. */
typedef struct t1_reading {
    const char *name, *map; /* shown; the sweep's --map value */
    int row, counted;
    const char *note;
} t1_reading;

static const t1_reading t1_readings[] = {
    {"S", "dccube:paired", T1_S, 1, "DC-cube, dimensions in pairs"},
    {"S", "dccube:asc", T1_S, 0, "ascending, as section 4 reads"},
    {"G_A", "growing:a", T1_GA, 1, "Growing, approach A"},
    {"G_B", "growing:b", T1_GB, 1, "Growing, approach B, dcnet's default reading"},
    {"G_B", "growing:b:nearest", T1_GB, 0,
     "Growing, approach B, moving to the nearest central node"},
};
#define T1_NREAD ((int)(sizeof t1_readings / sizeof t1_readings[0]))

/* The columns: t_s; t_e at alpha = 1 and 1/2 (the printed columns); t_e
 * at alpha = 1/2 and 3/4 by the general formula. */
enum { Q_TS, Q_TE1, Q_HALF, Q_GEN_HALF, Q_GEN_34, Q_N };
static const char *const t1_alpha_var[3] = {"1", "1/2", "3/4"};

static double t1_paper(int row, int k, int q)
{
    switch (q) {
    case Q_TS:
    case Q_TE1: return t1_ts(row, k);
    case Q_HALF: return t1_half(row, k);
    case Q_GEN_HALF: return t1_general(row, k, 0.5);
    default: return t1_general(row, k, 0.75);
    }
}

/* k = 2..5 (the 32 x 32 mesh) in the full run, 2..4 in the quick one: the
 * 64 x 64 mesh from all its roots would cost 20 s more */
#define T1_KMAX 5

typedef struct t1_run {
    double ts[3], te[3]; /* by alpha: 1, 1/2, 3/4 */
} t1_run;

static double t1_dcnet(const t1_run *r, int q)
{
    switch (q) {
    case Q_TS: return r->ts[0];
    case Q_TE1: return r->te[0];
    case Q_HALF:
    case Q_GEN_HALF: return r->te[1];
    default: return r->te[2];
    }
}

/* The conclusions (a)-(c) and equation (3), from the same runs. */
static void t1_conclusions(demo *d, t1_run run[T1_NREAD][T1_KMAX + 1], int kmax)
{
    /* rows of t1_readings: 0 S, 2 G_A, 3 G_B */
    const t1_run *S = run[0], *A = run[2], *B = run[3];
    char c[6][160], p1[40];
    int ok_eq = 1, ok_best = 1, ok_b = 1, ok_c_a = 1, ok_c_best = 1, ok_lim_a = 1, ok_lim_c = 1;
    demo_html(d, "<h3>Seed 001's conclusions (a)-(c) and equation (3), against this run</h3>\n");
    demo_para(d, "(a) &ldquo;small volume&rdquo; (t<sub>s</sub> dominates): approach B is the "
                 "best, since G<sub>A</sub> = S = (4/3) G<sub>B</sub>. (b) &ldquo;large "
                 "volume&rdquo;, &alpha; = 1: the same as (a). (c) &ldquo;large volume&rdquo;, "
                 "&alpha; = 1/2: S is significantly better, since (3) <span class=\"formula\">"
                 "G_A = (2^(k-2) + 1/2) S and G_B = (2^k/3 + 5/12) S</span>. Each ratio below is "
                 "of t<sub>s</sub> coefficients for (a) and of t<sub>e</sub> coefficients at "
                 "&alpha; = 1/2 for (c): as the conclusion states it, as the paper's own Table 1 "
                 "gives it, and as this run measures it; &#10004; when this run's ratio equals "
                 "the stated one. The 4/3 of (a) and the ratio (3) gives for G<sub>B</sub> are "
                 "what the paper's own Table 1 tends to as k grows, not its value at a given k: "
                 "the last two checks below give the exact difference.");
    demo_table(d, "k|(a) G_A / S: stated / this run|(a) S / G_B: stated / this run|(a) S / G_B: "
                  "stated / the paper's Table 1|(c) G_A / S: (3) / this run|(c) G_B / S: (3) / "
                  "this run|(c) G_B / S: (3) / the paper's Table 1|(c) this run's G_A / S grew "
                  "from k - 1 by (nodes: 4, side: 2)");
    for (int k = 2; k <= kmax; k++) {
        int ok;
        double ga_s = A[k].ts[0] / S[k].ts[0], s_gb = S[k].ts[0] / B[k].ts[0];
        double a_s = A[k].te[1] / S[k].te[1], b_s = B[k].te[1] / S[k].te[1];
        double eq3b = ldexp(1, k) / 3 + 5.0 / 12;
        cell_exact(c[0], sizeof c[0], 1, ga_s, &ok);
        ok_eq &= ok;
        cell_exact(c[1], sizeof c[1], 4.0 / 3, s_gb, &ok);
        cell_exact(c[2], sizeof c[2], 4.0 / 3, t1_ts(T1_S, k) / t1_ts(T1_GB, k), &ok);
        cell_exact(c[3], sizeof c[3], ldexp(1, k - 2) + 0.5, a_s, &ok);
        ok_c_a &= ok;
        cell_exact(c[4], sizeof c[4], eq3b, b_s, &ok);
        cell_exact(c[5], sizeof c[5], eq3b, t1_half(T1_GB, k) / t1_half(T1_S, k), &ok);
        double grow = k > 2 ? a_s / (A[k - 1].te[1] / S[k - 1].te[1]) : NAN;
        demo_row(d, "%d|%s|%s|%s|%s|%s|%s|%s", k, c[0], c[1], c[2], c[3], c[4], c[5],
                 g8(p1, sizeof p1, grow));
        if (k >= 3)
            ok_best &= B[k].ts[0] < S[k].ts[0] && B[k].ts[0] < A[k].ts[0];
        for (int r = 0; r < T1_NREAD; r++)
            ok_b &= run[r][k].te[0] == run[r][k].ts[0];
        ok_c_best &= S[k].te[1] < A[k].te[1] && S[k].te[1] < B[k].te[1];
        /* the paper against itself: 4/3 - S/G_B from its t_s column, and
         * its alpha = 1/2 columns' G_B/S - (2^k/3 + 5/12), closed forms
         * worked out from the printed expressions (x = 2^k) */
        double x = ldexp(1, k);
        ok_lim_a &= fabs(4.0 / 3 - t1_ts(T1_S, k) / t1_ts(T1_GB, k) - 4 / (3 * (3 * x - 2))) <
                    1e-12;
        ok_lim_c &= fabs(t1_half(T1_GB, k) / t1_half(T1_S, k) - eq3b - 11 / (12 * (x - 1))) <
                    1e-12;
    }
    demo_table_end(d);
    demo_check(d, ok_eq, "(a) G_A = S in t_s at every k (k = 2..%d)", kmax);
    demo_check(d, ok_best, "(a) approach B has the smallest t_s for k = 3..%d (at k = 2 dcnet's "
                           "B ties with S and A)", kmax);
    demo_check(d, ok_b, "(b) in every row and at every k the t_e coefficient at alpha = 1 equals "
                        "the t_s coefficient, so (b) reads as (a)");
    demo_check(d, ok_c_a, "(c) G_A = (2^(k-2) + 1/2) S exactly, as equation (3) says (t_e, alpha "
                          "= 1/2, k = 2..%d)", kmax);
    demo_check(d, ok_c_best, "(c) S has the smallest t_e at alpha = 1/2 at every k (k = 2..%d)",
               kmax);
    demo_check(d, ok_lim_a, "(a)'s 4/3 is a limit: the paper's Table 1 gives S / G_B = (2^(k+2) "
                            "- 4) / (3 2^k - 2), exactly 4 / (3 (3 2^k - 2)) below 4/3 (k = 2..%d)",
               kmax);
    demo_check(d, ok_lim_c, "(3)'s G_B = (2^k/3 + 5/12) S is a limit: the paper's Table 1 (alpha "
                            "= 1/2 columns) gives G_B / S exactly 11 / (12 (2^k - 1)) above it "
                            "(k = 2..%d)", kmax);
}

/* Where dcnet differs from seed 001, with the numbers of the runs above. */
static void t1_differs(demo *d, t1_run run[T1_NREAD][T1_KMAX + 1], int kmax, double conf8)
{
    char a[6][40];
    const t1_run *S = run[0], *A = run[2], *B = run[3];
    double ga = (A[kmax].te[1] / S[kmax].te[1]) / (A[kmax - 1].te[1] / S[kmax - 1].te[1]);
    double gb = (B[kmax].te[1] / S[kmax].te[1]) / (B[kmax - 1].te[1] / S[kmax - 1].te[1]);
    demo_differs_begin(d, "001");
    demo_row(d, "the Reflecting and Growing mappings|cited from its reference [2] (Lo, "
                "Rajopadhye, Telle), whose text the seed does not include|reconstructed from "
                "the properties seed 001 states (docs/spec/meshes.md); Growing A, "
                "wormhole, alpha = 1/2, every root of the 8 x 8 mesh: %s simulated conflicts|"
                "the paper claims only that Growing is close to optimal under "
                "store-and-forward (under wormhole Reflecting is the optimal one); where the spec leaves a move's direction open, dcnet moves "
                "outward from the centre line",
             g8(a[0], sizeof a[0], conf8));
    demo_row(d, "approaches A and B for an arbitrary root|one sentence each (section 3)|A "
                "relabels the fixed-root tree by a bit permutation; B first moves the problem "
                "to the fixed root: t_s %s at k = 3 against Table 1's %s|which reading of B the "
                "paper used is open (Table 1 above); another reading is one more row there",
             g8(a[1], sizeof a[1], B[3].ts[0]), g8(a[2], sizeof a[2], t1_ts(T1_GB, 3)));
    demo_row(d, "the DC-cube's dimension order under store-and-forward|ascending (section 4)|"
                "Table 1's row S is the paired order: k = 3, alpha = 1/2, t_e %s paired, %s "
                "ascending|dcnet's store-and-forward runs use --order paired, and shows the "
                "ascending order as its own row of Table 1",
             g8(a[3], sizeof a[3], S[3].te[1]), g8(a[4], sizeof a[4], run[1][3].te[1]));
    demo_row(d, "the improvement in case (c)|\"proportional to the number of nodes\" "
                "(4^k) (section 5)|G_A / S grew %s-fold and G_B / S %s-fold from k = %d to %d, "
                "while the nodes grew 4-fold|it grows like 2^k, the mesh's side: no route in a "
                "2-D mesh is longer than 2 (2^k - 1)",
             demo_num(a[4], sizeof a[4], ga, 2), demo_num(a[5], sizeof a[5], gb, 2), kmax - 1,
             kmax);
    demo_table_end(d);
}

/* Table 1's cells measured: one sweep of every reading, k and alpha
 * (issue 21), each cell's t_s and t_e coefficients kept in run (NAN
 * where the run failed). */
static void t1_measure(demo *d, int kmax, t1_run run[T1_NREAD][T1_KMAX + 1])
{
    demo_rows rows;
    dn_err err;
    char klist[200] = "", maps[200] = "";
    for (int k = 2; k <= kmax; k++)
        snprintf(klist + strlen(klist), sizeof klist - strlen(klist), "%s%d/%d/%d",
                 k > 2 ? "," : "", k, 1 << k, 2 * k);
    for (int r = 0; r < T1_NREAD; r++)
        snprintf(maps + strlen(maps), sizeof maps - strlen(maps), "%s%s", r ? "," : "",
                 t1_readings[r].map);
    int src = demo_sweep(d, &rows, "s2-table1.jsonl", &err,
                         "simulate --var k/side/n=%s --var a=1,1/2,3/4 --var map=%s --net "
                         "mesh:{side}x{side} --tree binomial:{n} --map {map} -w saf --alpha {a} "
                         "--all-roots",
                         klist, maps);
    for (int r = 0; r < T1_NREAD; r++)
        for (int k = 0; k <= kmax; k++)
            for (int a = 0; a < 3; a++) {
                const jflat *row = src == DN_OK ? demo_rows_get(&rows, "k=%d a=%s map=%s", k,
                                                                t1_alpha_var[a],
                                                                t1_readings[r].map)
                                                : NULL;
                int good = row && demo_rows_num(row, "exit") == 0;
                run[r][k].ts[a] = good ? demo_rows_num(row, "ts_coeff") : NAN;
                run[r][k].te[a] = good ? demo_rows_num(row, "te_coeff") : NAN;
            }
    demo_rows_free(&rows);
}

/* The paper's cells beside this run's, then the tally per reading (the
 * counted readings make the summary line). */
static void t1_tables(demo *d, int kmax, t1_run run[T1_NREAD][T1_KMAX + 1])
{
    demo_table_class(d, "paper", "paper's row|this run: dcnet --map|k|t_s|t_e, alpha = 1|t_e, alpha = 1/2 "
                  "(column)|t_e, alpha = 1/2 (general formula)|t_e, alpha = 3/4 (general "
                  "formula)");
    int match[T1_NREAD] = {0}, cells = 0, matched = 0;
    for (int r = 0; r < T1_NREAD; r++)
        for (int k = 2; k <= kmax; k++) {
            char c[Q_N][160];
            for (int q = 0; q < Q_N; q++) {
                int ok;
                cell_exact(c[q], sizeof c[q], t1_paper(t1_readings[r].row, k, q),
                           t1_dcnet(&run[r][k], q), &ok);
                match[r] += ok;
            }
            demo_row(d, "%s (%s)|%s|%d|%s|%s|%s|%s|%s", t1_readings[r].name, t1_readings[r].note,
                     t1_readings[r].map, k, c[0], c[1], c[2], c[3], c[4]);
        }
    demo_table_end(d);
    demo_table(d, "Table 1, read as|cells|matching");
    for (int r = 0; r < T1_NREAD; r++) {
        demo_row(d, "%s (%s)|%d|%d", t1_readings[r].name, t1_readings[r].note,
                 Q_N * (kmax - 1), match[r]);
        if (t1_readings[r].counted) {
            cells += Q_N * (kmax - 1);
            matched += match[r];
        }
    }
    demo_row(d, "Table 1 (rows S, G_A, G_B as dcnet reads them)|%d|%d", cells, matched);
    demo_table_end(d);
    char v[160];
    snprintf(v, sizeof v, "%d of %d cells match (k = 2..%d)", matched, cells, kmax);
    demo_summary(d, "seed 001 Table 1", v);
}

/* the caveats, each with this run's numbers (k = 3, alpha = 1/2) */
static void t1_caveats(demo *d, t1_run run[T1_NREAD][T1_KMAX + 1])
{
    char para[2800], a1[40], a2[40], a3[40], a4[40], a5[40], a6[40], a7[40], a8[40], a9[40];
    snprintf(para, sizeof para,
             "Reading the table. <b>Row S needs the dimensions in pairs</b> "
             "(<code>--order paired</code>): section 4's text says ascending, which gives "
             "t<sub>e</sub> %s at k = 3, &alpha; = 1/2 against the paper's %s (paired: %s). "
             "<b>Row S's general formula</b> prints as <span class=\"formula\">(a + a^2) 2^k "
             "a^(2k-1) / (2a^2 - 1)</span>, negative at &alpha; = 1/2; read as <span "
             "class=\"formula\">(a + a^2)(2^k a^(2k) - 1)/(2a^2 - 1)</span> it gives the row's "
             "own &alpha; = 1 and 1/2 columns, and that reading is used. <b>Row G_B "
             "differs</b>: this run's t<sub>s</sub> is the paper's plus %s and its "
             "t<sub>e</sub> the paper's general formula plus as much, at every k and &alpha; "
             "(k = 3: t<sub>s</sub> %s against %s); the paper's &alpha; = 1/2 column is not its "
             "own general formula at &alpha; = 1/2 (k = 3: %s against %s; they differ in the "
             "sign of <span class=\"formula\">3/2^(k+2)</span>), so against that column "
             "t<sub>e</sub> is <span class=\"formula\">1 - 3/2^(k+1)</span> more. "
             "Approach B is reconstructed from one sentence of the text (move the whole "
             "problem from the root to the fixed root, then run the fixed-root mapping). The "
             "reading that moves the problem to the central node in the root's quadrant "
             "(<code>--approach b:nearest</code>, its own row above, not counted in the "
             "tally) gives t<sub>s</sub> %s at k = 3 and the paper's general formula: every "
             "cell of the row but the printed &alpha; = 1/2 column.",
             g8(a1, sizeof a1, run[1][3].te[1]), g8(a2, sizeof a2, t1_half(T1_S, 3)),
             g8(a3, sizeof a3, run[0][3].te[1]),
             g8(a4, sizeof a4, run[3][3].ts[0] - t1_ts(T1_GB, 3)),
             g8(a5, sizeof a5, run[3][3].ts[0]), g8(a6, sizeof a6, t1_ts(T1_GB, 3)),
             g8(a7, sizeof a7, t1_half(T1_GB, 3)), g8(a8, sizeof a8, t1_general(T1_GB, 3, 0.5)),
             g8(a9, sizeof a9, run[4][3].ts[0]));
    demo_para(d, para);
}

int demo_paper001(demo *d, double growing_conflicts_8x8)
{
    const int kmax = d->quick ? 4 : T1_KMAX;
    static t1_run run[T1_NREAD][T1_KMAX + 1];
    demo_html(d, "<h3 id=\"seed001-table1\">Seed 001's Table 1, cell by cell</h3>\n");
    demo_para(d, "Table 1 of seed 001 gives the average cost of the division stage over all "
                 "2<sup>2k</sup> roots of the 2<sup>k</sup> x 2<sup>k</sup> mesh (its equation "
                 "(2)) under store-and-forward, as a coefficient of t<sub>s</sub> and one of "
                 "t<sub>e</sub>, for S (the DC-cube) and the Growing approaches A and B. Each "
                 "cell: the paper's value / this run's (<code>dcnet simulate ... -w saf "
                 "--all-roots</code>), &#10004; when equal, &#10008; with this run's value minus "
                 "the paper's. The two &alpha; = 1/2 columns are the paper's printed column and "
                 "its general formula at &alpha; = 1/2; &alpha; = 3/4 is the general formula.");
    t1_measure(d, kmax, run);
    t1_tables(d, kmax, run);
    t1_caveats(d, run);
    t1_conclusions(d, run, kmax);
    t1_differs(d, run, kmax, growing_conflicts_8x8);
    return DN_OK;
}

/* ------------------------------------------ seed 002, Tables 1-4 (restated) */

/* Typed from ../shared/seeds/002_566d6cda8e922e9d.restated.md, cell for
 * cell (the same as tests/golden/seed002_tables.md). */
/* seed 002, Table 1: 26 rows */
static const int t1_key[26] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30};
static const char *const t1_cell[52] = {
    "5.333", "3.556",
    "2.898", "4.661",
    "4.016", "3.075",
    "2.380", "3.601",
    "3.222", "2.737",
    "2.243", "2.994",
    "2.739", "2.493",
    "2.131", "2.619",
    "2.437", "2.313",
    "2.044", "2.376",
    "2.241", "2.179",
    "1.978", "2.210",
    "2.109", "2.078",
    "1.928", "2.094",
    "2.019", "2.003",
    "1.890", "2.011",
    "1.955", "1.947",
    "1.862", "1.951",
    "1.908", "1.904",
    "1.841", "1.906",
    "1.875", "1.873",
    "1.825", "1.874",
    "1.850", "1.849",
    "1.813", "1.850",
    "1.832", "1.831",
    "1.805", "1.831",
};
/* seed 002, Table 2: 26 rows */
static const int t2_key[26] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30};
static const char *const t2_cell[130] = {
    "3.421", "2.538", "2.924", "2.056", "2.754",
    "3.280", "1.959", "2.837", "1.821", "2.717",
    "3.150", "2.083", "2.775", "1.862", "2.695",
    "3.042", "1.865", "2.734", "1.793", "2.682",
    "2.954", "1.902", "2.708", "1.802", "2.675",
    "2.886", "1.817", "2.692", "1.782", "2.671",
    "2.832", "1.829", "2.681", "1.785", "2.669",
    "2.792", "1.795", "2.675", "1.779", "2.668",
    "2.761", "1.799", "2.672", "1.780", "2.667",
    "2.738", "1.785", "2.670", "1.778", "2.667",
    "2.720", "1.787", "2.668", "1.778", "2.667",
    "2.707", "1.781", "2.668", "1.778", "2.667",
    "2.697", "1.782", "2.667", "1.778", "2.667",
    "2.689", "1.779", "2.667", "1.778", "2.667",
    "2.684", "1.779", "2.667", "1.778", "2.667",
    "2.679", "1.778", "2.667", "1.778", "2.667",
    "2.676", "1.778", "2.667", "1.778", "2.667",
    "2.674", "1.778", "2.667", "1.778", "2.667",
    "2.672", "1.778", "2.667", "1.778", "2.667",
    "2.671", "1.778", "2.667", "1.778", "2.667",
    "2.670", "1.778", "2.667", "1.778", "2.667",
    "2.669", "1.778", "2.667", "1.778", "2.667",
    "2.668", "1.778", "2.667", "1.778", "2.667",
    "2.668", "1.778", "2.667", "1.778", "2.667",
    "2.668", "1.778", "2.667", "1.778", "2.667",
    "2.667", "1.778", "2.667", "1.778", "2.667",
};
/* seed 002, Table 3: 26 rows */
static const int t3_key[26] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30};
static const char *const t3_cell[130] = {
    "5.547", "5.767", "5.941", "6.075", "6.181",
    "2.831", "3.012", "3.133", "3.220", "3.286",
    "4.199", "4.392", "4.538", "4.648", "4.733",
    "2.648", "2.813", "2.925", "3.006", "3.067",
    "3.425", "3.603", "3.732", "3.827", "3.900",
    "2.492", "2.648", "2.755", "2.831", "2.888",
    "2.959", "3.126", "3.243", "3.329", "3.394",
    "2.371", "2.521", "2.623", "2.696", "2.751",
    "2.665", "2.823", "2.933", "3.012", "3.073",
    "2.278", "2.424", "2.523", "2.594", "2.647",
    "2.472", "2.624", "2.728", "2.803", "2.860",
    "2.209", "2.352", "2.448", "2.517", "2.569",
    "2.340", "2.488", "2.588", "2.660", "2.714",
    "2.157", "2.297", "2.391", "2.459", "2.510",
    "2.248", "2.392", "2.490", "2.559", "2.612",
    "2.118", "2.256", "2.349", "2.416", "2.466",
    "2.183", "2.324", "2.419", "2.488", "2.539",
    "2.088", "2.225", "2.317", "2.383", "2.433",
    "2.136", "2.275", "2.368", "2.435", "2.486",
    "2.066", "2.202", "2.294", "2.359", "2.408",
    "2.101", "2.239", "2.331", "2.397", "2.447",
    "2.050", "2.185", "2.276", "2.341", "2.389",
    "2.075", "2.212", "2.303", "2.369", "2.418",
    "2.037", "2.172", "2.262", "2.327", "2.375",
    "2.056", "2.192", "2.283", "2.348", "2.397",
    "2.028", "2.162", "2.252", "2.317", "2.365",
};
/* seed 002, Table 4: 25 rows */
static const int t4_key[25] = {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200, 2300, 2400, 2500};
static const char *const t4_cell[150] = {
    "1.649", "2.708", "1.426", "2.672", "1.377", "2.659",
    "1.495", "2.688", "1.380", "2.669", "1.355", "2.663",
    "1.442", "2.681", "1.365", "2.669", "1.348", "2.664",
    "1.415", "2.678", "1.357", "2.668", "1.344", "2.665",
    "1.399", "2.675", "1.352", "2.668", "1.342", "2.665",
    "1.388", "2.674", "1.349", "2.668", "1.341", "2.665",
    "1.380", "2.673", "1.347", "2.667", "1.340", "2.666",
    "1.374", "2.672", "1.345", "2.667", "1.339", "2.666",
    "1.370", "2.672", "1.344", "2.667", "1.338", "2.666",
    "1.366", "2.671", "1.343", "2.667", "1.338", "2.666",
    "1.363", "2.671", "1.342", "2.667", "1.337", "2.666",
    "1.361", "2.670", "1.341", "2.667", "1.337", "2.666",
    "1.359", "2.670", "1.341", "2.667", "1.337", "2.666",
    "1.357", "2.670", "1.340", "2.667", "1.336", "2.666",
    "1.355", "2.670", "1.340", "2.667", "1.336", "2.666",
    "1.354", "2.669", "1.339", "2.667", "1.336", "2.666",
    "1.353", "2.669", "1.339", "2.667", "1.336", "2.666",
    "1.352", "2.669", "1.339", "2.667", "1.336", "2.666",
    "1.351", "2.669", "1.338", "2.667", "1.336", "2.666",
    "1.350", "2.669", "1.338", "2.667", "1.336", "2.666",
    "1.349", "2.669", "1.338", "2.667", "1.335", "2.666",
    "1.348", "2.669", "1.338", "2.667", "1.335", "2.666",
    "1.348", "2.669", "1.337", "2.667", "1.335", "2.666",
    "1.347", "2.669", "1.337", "2.667", "1.335", "2.666",
    "1.347", "2.668", "1.337", "2.667", "1.335", "2.666",
};

typedef struct paper_table {
    int no, nrows, ncols;
    const char *what, *rowname;
    const int *key;
    const char *const *colhead;
    const char *const *cell; /* nrows x ncols, as printed */
} paper_table;

static const char *const t1_head[] = {"A: start (0,0)", "B: start (2,0)"};
static const char *const t2_head[] = {"Delta = 2", "Delta = 3", "Delta = 4", "Delta = 5",
                                      "Delta = 6"};
static const char *const t3_head[] = {"b = 3", "b = 4", "b = 5", "b = 6", "b = 7"};
static const char *const t4_head[] = {"Delta = 1", "Delta = 2", "Delta = 3",
                                      "Delta = 4", "Delta = 5", "Delta = 6"};
static const paper_table t002[4] = {
    {1, 26, 2, "alpha_h against the initial processor; binary trees, Delta = 1", "h", t1_key,
     t1_head, t1_cell},
    {2, 26, 5, "alpha_h against the walk length Delta; binary trees, start (0,0)", "h", t2_key,
     t2_head, t2_cell},
    {3, 26, 5, "alpha_h against the branching factor b; Delta = 1, start (0,0)", "h", t3_key,
     t3_head, t3_cell},
    {4, 25, 6, "alpha_M of reproduction trees of M nodes against Delta; start (0,0)", "M",
     t4_key, t4_head, t4_cell},
};

/* The runs of Tables 1-3: complete b-ary trees of height 30 on butterfly:3,
 * walks 1..6, from processor id s ((0,0) = 0, (0,4) = 4, (1,0) = 8,
 * (2,0) = 16); Table 4: one reproduction tree per M. */
static double t002_dcnet(const demo_rows *lv, const demo_rows *rp, int t, int key, int c)
{
    char k[80];
    const jflat *row;
    if (t == 4) {
        row = demo_rows_get(rp, "M=%d", key);
        snprintf(k, sizeof k, "runs[%d].ratio", c);
    } else {
        int s = t == 1 && c == 1 ? 16 : 0, b = t == 3 ? c + 3 : 2, w = t == 2 ? c + 2 : 1;
        row = demo_rows_get(lv, "s=%d b=%d", s, b);
        snprintf(k, sizeof k, "per_level[%d].ratio.canonical/%d", key, w);
    }
    return row && demo_rows_num(row, "exit") == 0 ? demo_rows_num(row, k) : NAN;
}

/* Do the per-level curves of starts s1 and s2 (binary trees, Delta = 1)
 * agree at every h = 5..30 (to 1e-12)? */
static int same_curve(const demo_rows *lv, int s1, int s2)
{
    const jflat *r1 = demo_rows_get(lv, "s=%d b=2", s1), *r2 = demo_rows_get(lv, "s=%d b=2", s2);
    int ok = r1 && r2;
    for (int h = 5; ok && h <= 30; h++) {
        char k[80];
        snprintf(k, sizeof k, "per_level[%d].ratio.canonical/1", h);
        double a = demo_rows_num(r1, k), b = demo_rows_num(r2, k);
        ok = fabs(a - b) <= 1e-12 * fabs(a);
    }
    return ok;
}

int demo_paper002(demo *d)
{
    demo_rows lv, rp;
    dn_err err;
    char ms[400] = "";
    for (int i = 0; i < t002[3].nrows; i++)
        snprintf(ms + strlen(ms), sizeof ms - strlen(ms), "%s%d", i ? "," : "", t4_key[i]);
    demo_html(d, "<h3 id=\"seed002-tables\">Seed 002's Tables 1-4, cell by cell</h3>\n");
    demo_para(d, "Seed 002's four tables (the 3-dimensional butterfly, 32 processors) against "
                 "this run's exact expected loads: a cell matches (&#10004;) when this run's "
                 "value printed to the paper's three decimals is the paper's; otherwise "
                 "&#10008; with this run's value minus the paper's. The original's Table 1 has "
                 "more columns, merged in the restated text because they repeat column A "
                 "(level-0 starts) or B (level-1 and level-2 starts); the checks below test that "
                 "grouping on two more starts. Each table is folded: open it to see every cell.");
    int s1 = demo_sweep(d, &lv, "s3-tables.jsonl", &err,
                        "load --var s/b=0/2,16/2,4/2,8/2,0/3,0/4,0/5,0/6,0/7 --net butterfly:3 "
                        "--tree complete:{b}:30 --walk 1,2,3,4,5,6 --start {s} --per-level");
    int s2 = demo_sweep(d, &rp, "s3-table4.jsonl", &err,
                        "load --var M=%s --net butterfly:3 --tree repro:{M} --walk 1,2,3,4,5,6 "
                        "--exact",
                        ms);
    int match[4] = {0}, total[4] = {0};
    double worst[4] = {0};
    for (int t = 0; t < 4; t++)
        for (int i = 0; i < t002[t].nrows; i++)
            for (int c = 0; c < t002[t].ncols; c++) {
                double got = s1 || s2 ? NAN : t002_dcnet(&lv, &rp, t + 1, t002[t].key[i], c);
                char have[40];
                snprintf(have, sizeof have, "%.3f", got);
                const char *want = t002[t].cell[i * t002[t].ncols + c];
                total[t]++;
                match[t] += strcmp(have, want) == 0;
                double diff = fabs(got - strtod(want, NULL));
                worst[t] = isnan(got) || diff > worst[t] ? diff : worst[t];
            }
    demo_table(d, "seed 002|what it varies|cells|matching to three decimals|largest "
                  "difference (absolute), this run against the paper");
    int all = 0, allm = 0;
    for (int t = 0; t < 4; t++) {
        char w[40];
        demo_row(d, "Table %d|%s|%d|%d|%s", t002[t].no, t002[t].what, total[t], match[t],
                 demo_num(w, sizeof w, worst[t], 5));
        all += total[t];
        allm += match[t];
    }
    demo_row(d, "Tables 1-4|all|%d|%d|", all, allm);
    demo_table_end(d);
    for (int t = 0; t < 4; t++) {
        const paper_table *T = &t002[t];
        char head[600], sum[300];
        snprintf(sum, sizeof sum, "<details><summary>Seed 002's Table %d (%s): open to see its "
                                  "cells, paper / this run</summary>\n", T->no, T->what);
        demo_html(d, sum);
        int n = snprintf(head, sizeof head, "%s", T->rowname);
        for (int c = 0; c < T->ncols; c++)
            n += snprintf(head + n, sizeof head - (size_t)n, "|%s: paper / this run",
                          T->colhead[c]);
        demo_table_class(d, "paper", head);
        for (int i = 0; i < T->nrows; i++) {
            char line[1200];
            int m = snprintf(line, sizeof line, "%d", T->key[i]);
            for (int c = 0; c < T->ncols; c++) {
                double got = s1 || s2 ? NAN : t002_dcnet(&lv, &rp, T->no, T->key[i], c);
                const char *want = T->cell[i * T->ncols + c];
                char have[40];
                snprintf(have, sizeof have, "%.3f", got);
                if (strcmp(have, want) == 0)
                    m += snprintf(line + m, sizeof line - (size_t)m, "|%s / %.5f \u2714", want,
                                  got);
                else
                    m += snprintf(line + m, sizeof line - (size_t)m, "|%s / %.5f \u2718 %+.5f",
                                  want, got, got - strtod(want, NULL));
            }
            demo_row(d, "%s", line);
        }
        demo_table_end(d);
        demo_html(d, "</details>\n");
    }
    demo_check(d, same_curve(&lv, 0, 4) && same_curve(&lv, 16, 8),
               "Table 1's merged columns: start (0,4) gives column A's alpha_h and start (1,0) "
               "column B's, at every h = 5..30 (to 1e-12)");
    char v[160];
    snprintf(v, sizeof v, "%d of %d cells match to three decimals", allm, all);
    demo_summary(d, "seed 002 Tables 1-4", v);
    demo_rows_free(&lv);
    demo_rows_free(&rp);
    return DN_OK;
}
