/*
 * cmd_balance.c - `dcnet balance`: seed 003's load balancing on DDB(k) run
 * as a distributed program on the event core, its improved variants and
 * the baselines, side by side; the Lemma 3 measurement; loads before and
 * after as SVG. JSON keys follow docs/spec/cli.md: total, average,
 * initial {min, max}, final {min, max}, steps, messages, tasks_moved.
 */
#include "cli.h"
#include "plot.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char balance_help[] =
    "Usage: dcnet balance --net ddb:K --loads (FILE | SPEC) [OPTION]...\n"
    "Balance task loads on the directed de Bruijn network DDB(K) and report the\n"
    "time (steps), messages and tasks moved. Every processor runs the protocol\n"
    "knowing only its own id and tasks, and sends only on its two out-links;\n"
    "a link carries one message at a time and a task costs one time unit per\n"
    "hop (seed 003's model; see docs/balance.md).\n"
    "\n"
    "  -n, --net ddb:K        the network (K = 1..24)\n"
    "  -l, --loads L          a file with one integer per line (2^K lines, '#'\n"
    "                         comments), or random:SEED:MEAN (uniform on [0,\n"
    "                         2 MEAN]), exp:SEED:MEAN (geometric),\n"
    "                         point:TOTAL[:NODE], const:C\n"
    "                         (NODE: an id, a label such as 101, id:N or label:S)\n"
    "  -a, --algo A           spanning (seed 003, default), absorb (seed 003 with\n"
    "                         deficits filled on the way up), tree (net flows on the\n"
    "                         downward-0 tree), diffusion (Cybenko, first order),\n"
    "                         dimension-exchange (on the hypercube of 2^K nodes),\n"
    "                         optimal (centralised min-cost plan, needs GLPK,\n"
    "                         K <= 14), or all\n"
    "      --routes R         length-k (default) or shortest, for routed messages\n"
    "      --lemma3           measure Lemma 3 instead: per level of the downward-0\n"
    "                         tree, links shared by routes to the parents, untimed\n"
    "                         and timestamped, under both routings\n"
    "  -s, --seed S           dimension exchange's tie-breaking seed (default 1)\n"
    "      --max-rounds R     cap for diffusion and dimension exchange (default\n"
    "                         100000)\n"
    "      --svg FILE         draw loads before and after (and the downward-0 tree\n"
    "                         for K <= 8)\n"
    "      --timing           also report each run's wall-clock seconds (left out\n"
    "                         by default, so that equal inputs give equal output)\n"
    "      --json             one JSON object on stdout (with --algo all, the runs\n"
    "                         under \"runs\")\n"
    "      --csv              CSV on stdout\n"
    "  -h, --help             show this help\n"
    "\n"
    "Output: total and average (floor(L/N)) tasks, the initial and final min and\n"
    "max loads, steps (time units until the last task arrives), rounds\n"
    "(synchronous baselines), messages, message_hops, tasks_moved (summed over\n"
    "messages), task_hops, the seed's sum of |Delta_i|, lower_bound (time any\n"
    "plan needs by a cut argument), balanced (final max - min <= 1; within_one\n"
    "is its older name), spread (final max - min), conserved (every task id ends\n"
    "on exactly one processor; counts for the baselines). Compare steps only\n"
    "among runs that balanced: a method that stops early is not faster.\n"
    "\n"
    "Limits: K <= 24, fewer than 2^31 tasks; memory at most 64 bytes per task plus\n"
    "400 bytes per processor, refused above 8 GiB (DDB(16) with 1M tasks: 76 MB,\n"
    "0.5 s; DDB(20) with 8.4M tasks: 733 MB, 15 s).\n"
    "\n"
    "Examples:\n"
    "  dcnet balance --net ddb:10 --loads random:1:16\n"
    "  dcnet balance --net ddb:16 --loads random:1:16 --algo all\n"
    "  dcnet balance --net ddb:4 --loads point:160 --svg bal.svg\n"
    "  dcnet balance --net ddb:12 --lemma3\n";

enum { O_ROUTING = 256, O_ROUTING_OLD, O_LEMMA3, O_MAXR, O_SVG, O_TIMING, O_JSON, O_CSV };

static const struct option balance_opts[] = {
    {"net", required_argument, NULL, 'n'},     {"loads", required_argument, NULL, 'l'},
    {"algo", required_argument, NULL, 'a'},    {"routes", required_argument, NULL, O_ROUTING},
    {"routing", required_argument, NULL, O_ROUTING_OLD}, /* the old spelling (issue 29) */
    {"lemma3", no_argument, NULL, O_LEMMA3},   {"seed", required_argument, NULL, 's'},
    {"max-rounds", required_argument, NULL, O_MAXR}, {"svg", required_argument, NULL, O_SVG},
    {"timing", no_argument, NULL, O_TIMING},   {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
};

/* point:TOTAL:NODE with NODE named as every option names a node (an id,
 * a label such as 101, id:N or label:S: 'dcnet help nets'), passed on
 * with NODE as its id. Before, NODE was a decimal id only: on ddb:3,
 * point:160:101 (node 5's label) was "out of range". */
static int point_spec(const char *arg, const char *net_spec, int64_t n, int64_t **out,
                      dn_err *err)
{
    const char *node = strchr(arg + 6, ':');
    char spec[160];
    dn_net net;
    int64_t v;
    if (!node)
        return dn_bal_loads_spec(arg, n, out, err);
    int rc = dn_net_init(&net, net_spec, err);
    if (rc)
        return rc;
    rc = dn_net_parse_node(&net, node + 1, &v, err);
    dn_net_free(&net);
    if (rc)
        return rc;
    if ((size_t)snprintf(spec, sizeof spec, "%.*s:%lld", (int)(node - arg), arg, (long long)v) >=
        sizeof spec)
        return dn_fail(err, DN_EINVAL, "load spec '%.40s...' is too long", arg);
    return dn_bal_loads_spec(spec, n, out, err);
}

/* Loads from a file if `arg` names one, else from a generator spec. */
static int read_loads(const char *arg, const char *net_spec, int64_t n, int64_t **out,
                      dn_err *err)
{
    struct stat sb;
    if (stat(arg, &sb) != 0) {
        if (strncmp(arg, "point:", 6) == 0)
            return point_spec(arg, net_spec, n, out, err);
        if (dn_bal_loads_is_spec(arg))
            return dn_bal_loads_spec(arg, n, out, err);
        return dn_fail(err, DN_EINVAL, "cannot open load file '%s' (%s); a generated load is %s",
                       arg, strerror(errno), dn_bal_loads_forms());
    }
    double *d;
    int rc = cli_read_numbers(arg, n, 0, 2147483647.0, "load", &d, err);
    if (rc)
        return rc;
    int64_t *l = malloc((size_t)n * sizeof *l);
    for (int64_t i = 0; l && i < n; i++) {
        if (d[i] != (double)(int64_t)d[i]) {
            double bad = d[i]; /* read before the free (it printed freed memory) */
            free(d), free(l);
            return dn_fail(err, DN_EINVAL, "load file '%s': load %lld is %.15g, not a whole "
                                           "number of tasks",
                           arg, (long long)i + 1, bad);
        }
        l[i] = (int64_t)d[i];
    }
    free(d);
    if (!l)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld loads", (long long)n);
    *out = l;
    return DN_OK;
}

/* One run as a record (issue 29, item 14: the JSON's keys, and CSV's, are
 * the same in every mode: one run, --algo all, a sweep). The routes of the
 * protocol's messages (null for the baselines, which route nothing) and
 * the protocol's phase ends (null for the baselines) are there for every
 * run, so that --algo all's rows have the same columns. Without `inputs`
 * (a table of --algo all) the fields every run shares are left to the
 * head. secs < 0: no "seconds" (--timing). */
static void record(rec *r, const dn_bal_result *b, int shortest, int64_t bound, int inputs,
                   double secs)
{
    static const char *const ph[DN_BAL_NPHASE] = {"phase_end.sum", "phase_end.broadcast",
                                                   "phase_end.collect", "phase_end.request",
                                                   "phase_end.distribute"};
    static const char *const ps[DN_BAL_NPHASE] = {
        "phase_start.sum", "phase_start.broadcast", "phase_start.collect",
        "phase_start.request", "phase_start.distribute"};
    const int routed = b->algo <= DN_BAL_TREE;
    rec_str(r, "algo", dn_bal_algo_name(b->algo));
    if (routed)
        rec_str(r, "routes", shortest ? "shortest" : "length-k");
    else
        rec_null(r, "routes");
    if (inputs) {
        rec_int(r, "total", b->total);
        rec_int(r, "average", b->average);
        rec_int(r, "initial.min", b->init_min);
        rec_int(r, "initial.max", b->init_max);
    }
    rec_int(r, "final.min", b->final_min);
    rec_int(r, "final.max", b->final_max);
    rec_dbl(r, "steps", b->steps);
    rec_int(r, "rounds", b->rounds);
    rec_int(r, "messages", b->messages);
    rec_int(r, "message_hops", b->message_hops);
    rec_int(r, "tasks_moved", b->tasks_moved);
    rec_int(r, "task_hops", b->task_hops);
    if (inputs) {
        rec_int(r, "transfer_sum", b->transfer_sum);
        rec_int(r, "lower_bound", bound);
    }
    rec_bool(r, "balanced", b->within_one);
    rec_int(r, "spread", b->final_max - b->final_min);
    rec_bool(r, "within_one", b->within_one);
    rec_bool(r, "conserved", b->conserved);
    if (secs >= 0) /* 0.1 ms: a clock's noise below */
        rec_dbl(r, "seconds", (double)(int64_t)(secs * 1e4 + 0.5) / 1e4);
    for (int i = 0; inputs && i < DN_BAL_NPHASE; i++)
        if (routed)
            rec_dbl(r, ph[i], b->phase_end[i]);
        else
            rec_null(r, ph[i]);
    for (int i = 0; inputs && i < DN_BAL_NPHASE; i++) /* seed 003 Lemma 4 */
        if (routed)
            rec_dbl(r, ps[i], b->phase_start[i]);
        else
            rec_null(r, ps[i]);
}

/* Loads before and after per processor (bucketed above 1024 processors:
 * the bucket's maximum before, its min and max after), plus the tree. */
static int write_svg(const char *path, int k, const int64_t *before, const dn_bal_result *b,
                     dn_err *err)
{
    const int64_t n = (int64_t)1 << k;
    const int64_t nb = n > 1024 ? 1024 : n, per = n / nb;
    double *buf = malloc((size_t)nb * 4 * sizeof *buf);
    if (!buf)
        return dn_fail(err, DN_ENOMEM, "out of memory for the drawing");
    double *x = buf, *y0 = buf + nb, *y1 = buf + 2 * nb, *y2 = buf + 3 * nb;
    for (int64_t i = 0; i < nb; i++) {
        int64_t mb = before[i * per], lo = b->final[i * per], hi = lo;
        for (int64_t j = i * per; j < (i + 1) * per; j++) {
            mb = before[j] > mb ? before[j] : mb;
            lo = b->final[j] < lo ? b->final[j] : lo;
            hi = b->final[j] > hi ? b->final[j] : hi;
        }
        x[i] = (double)(i * per);
        y0[i] = (double)mb;
        y1[i] = (double)lo;
        y2[i] = (double)hi;
    }
    FILE *f;
    int orc = out_open(path, &f, err);
    if (orc) {
        free(buf);
        return orc;
    }
    const int tree = k <= DDB_TREE_SVG_MAX_K;
    const double W = 960, H1 = 360, H2 = tree ? 420 : 0;
    char title[200];
    snprintf(title, sizeof title, "%s on DDB(%d): %lld tasks, %.0f steps, loads %lld..%lld -> "
                                  "%lld..%lld", dn_bal_algo_name(b->algo), k,
             (long long)b->total, b->steps, (long long)b->init_min, (long long)b->init_max,
             (long long)b->final_min, (long long)b->final_max);
    plot_begin(f, W, H1 + H2);
    /* one processor per point: one "after" line; with buckets, the
     * bucket's min and max after, which differ (two lines on the same
     * values drew as one) */
    plot_series s[3] = {
        {per > 1 ? "before (max per bucket)" : "before", x, y0, NULL, (int)nb, PLOT_POINTS, 0,
         NULL},
        {per > 1 ? "after (min per bucket)" : "after", x, y1, NULL, (int)nb, PLOT_LINE, 0, NULL},
        {"after (max per bucket)", x, y2, NULL, (int)nb, PLOT_LINE, 1, NULL},
    };
    plot_box box = {0, 0, W, H1, title, "processor id", "tasks", 0, 0, 0, 0, 1, 1, NULL, 0, 0};
    plot_draw(f, &box, s, per > 1 ? 3 : 2);
    if (tree)
        ddb_tree_svg(f, k, DN_DDB_DOWN0, 0, H1, W, H2, before, b->final);
    plot_end(f);
    free(buf);
    return out_close(f, err);
}

static int run_lemma3(const char *cmd, const char *net_spec, int k, int mode)
{
    dn_err err;
    dn_lemma3 m[2];
    for (int s = 0; s < 2; s++) {
        int rc = dn_ddb_lemma3(k, s, &m[s], &err);
        if (rc)
            return cli_fail(cmd, rc, cli_errmsg(&err));
    }
    rec *rows = calloc((size_t)k + 1, sizeof *rows);
    if (!rows)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    for (int l = 1; l <= k + 1; l++) {
        int i = l <= k ? l : 0; /* last row: totals */
        rec *r = &rows[l - 1];
        if (i)
            rec_int(r, "level", i);
        else
            rec_str(r, "level", "all");
        rec_int(r, "route_count", m[0].routes[i]);
        rec_int(r, "lengthk_shared", m[0].shared[i]);
        rec_int(r, "lengthk_timed", m[0].timed[i]);
        rec_int(r, "shortest_shared", m[1].shared[i]);
        rec_int(r, "shortest_timed", m[1].timed[i]);
    }
    rec head = {0};
    rec_str(&head, "net", net_spec);
    rec_int(&head, "k", k);
    rows_print(&head, rows, k + 1, "levels", mode, stdout);
    rec_free(&head);
    rec_free_rows(rows, k + 1);
    return 0;
}

int cmd_balance(int argc, char **argv)
{
    const char *cmd = "balance", *net_spec = NULL, *loads_arg = NULL, *svg = NULL;
    int mode = OUT_TABLE, c, code, shortest = 0, lemma3 = 0, all = 0, algo = DN_BAL_SPANNING;
    int timing = 0;
    int64_t seed = 1, max_rounds = 0;
    dn_err err;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:l:a:s:h", balance_opts, NULL)) != -1) {
        switch (c) {
        case 'n': net_spec = optarg; break;
        case 'l': loads_arg = optarg; break;
        case 'a': {
            static const char *names[DN_BAL_NALGO + 2]; /* the library's, then "all" */
            for (int a = 0; a < DN_BAL_NALGO; a++)
                names[a] = dn_bal_algo_name((dn_bal_algo)a);
            names[DN_BAL_NALGO] = "all";
            if ((code = cli_keyword(cmd, "--algo", optarg, names, &algo)))
                return code;
            all = algo == DN_BAL_NALGO;
            break;
        }
        case O_ROUTING_OLD:
            cli_old_option(cmd, "--routing", "--routes (as in embed and simulate)");
            /* fall through */
        case O_ROUTING: {
            static const char *const names[] = {"length-k", "shortest", NULL};
            if ((code = cli_keyword(cmd, "--routes", optarg, names, &shortest)))
                return code;
            break;
        }
        case O_LEMMA3: lemma3 = 1; break;
        case 's':
            if (dn_parse_i64(optarg, 0, INT64_MAX, "--seed", &seed, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_MAXR:
            if (dn_parse_i64(optarg, 1, (int64_t)1 << 40, "--max-rounds", &max_rounds, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_SVG: svg = optarg; break;
        case O_TIMING: timing = 1; break;
        case O_JSON: mode = OUT_JSON; break;
        case O_CSV: mode = OUT_CSV; break;
        case 'h': fputs(balance_help, stdout); return 0;
        case ':': return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_bad_option(cmd, argv, balance_opts);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (!net_spec)
        return cli_usage(cmd, "missing --net ddb:K (e.g. --net ddb:10)");
    struct stat lst; /* --loads names a file, or a generator (random:SEED:MEAN ...) */
    const out_file files[] = {{"--loads", loads_arg && stat(loads_arg, &lst) == 0 ? loads_arg : NULL, 0},
                              {"--svg", svg, 1},
                              out_report(1, mode)};
    int plan = out_plan(cmd, files, 3);
    if (plan)
        return plan;
    dn_net net;
    int rc = dn_net_init(&net, net_spec, &err);
    if (rc)
        return cli_usage(cmd, "%s", cli_errmsg(&err));
    const int is_ddb = dn_net_routing_of(&net, NULL) == DN_NET_ROUTING_DDB;
    const int k = (int)net.p[0];
    dn_net_free(&net);
    if (!is_ddb)
        return cli_usage(cmd, "seed 003's protocol runs on directed de Bruijn networks: use "
                              "--net ddb:K, not %s", net_spec);
    if (k > DN_BAL_MAX_K)
        return cli_usage(cmd, "ddb:%d is too large to balance: K <= %d", k, DN_BAL_MAX_K);
    if (lemma3)
        return loads_arg || svg ? cli_usage(cmd, "--lemma3 measures routes only: drop --loads "
                                                 "and --svg")
                                : run_lemma3(cmd, net_spec, k, mode);
    if (!loads_arg)
        return cli_usage(cmd, "missing --loads (a file, or e.g. random:1:16)");
    if (svg && all)
        return cli_usage(cmd, "--svg draws one run: pick one --algo");
    const int64_t n = (int64_t)1 << k;
    int64_t *loads = NULL, bound = 0;
    if ((rc = read_loads(loads_arg, net_spec, n, &loads, &err)))
        return rc == DN_ENOMEM ? cli_fail(cmd, rc, cli_errmsg(&err)) : cli_usage(cmd, "%s", cli_errmsg(&err));
    dn_bal_opts o = {shortest, (uint64_t)seed, max_rounds, 0};
    /* refuse what cannot run before the cut bound's O(N k) work */
    if ((rc = dn_bal_check(k, loads, &o, NULL, &err)) ||
        (rc = dn_bal_lower_bound(k, loads, &bound, &err))) {
        free(loads);
        return cli_fail(cmd, rc, cli_errmsg(&err));
    }
    int first = all ? 0 : algo, last = all ? DN_BAL_NALGO - 1 : algo, nrun = 0;
    rec head = {0}, *rows = calloc(DN_BAL_NALGO, sizeof *rows);
    if (!rows) {
        free(loads);
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    }
    rec_str(&head, "net", net_spec);
    rec_int(&head, "processors", n);
    /* every run first, then the output: a failed run leaves stdout empty */
    code = 0;
    for (int a = first; a <= last && !code; a++) {
        if (all && a == DN_BAL_OPTIMAL && (!dn_have_glpk() || k > DN_BAL_OPTIMAL_MAX_K))
            continue; /* --algo all skips what cannot run here */
        dn_bal_result b;
        double t0 = cli_now();
        if ((rc = dn_balance(k, loads, (dn_bal_algo)a, &o, &b, &err))) {
            code = cli_fail(cmd, rc, cli_errmsg(&err));
            break;
        }
        double secs = cli_now() - t0;
        if (svg && (rc = write_svg(svg, k, loads, &b, &err)))
            code = cli_fail(cmd, rc, cli_errmsg(&err));
        record(&rows[nrun], &b, shortest, bound, !all || mode != OUT_TABLE, timing ? secs : -1);
        if (all && mode == OUT_TABLE && nrun == 0) { /* what every run shares, once */
            rec_int(&head, "total", b.total);
            rec_int(&head, "average", b.average);
            rec_int(&head, "initial.min", b.init_min);
            rec_int(&head, "initial.max", b.init_max);
            rec_int(&head, "transfer_sum", b.transfer_sum);
            rec_int(&head, "lower_bound", bound);
        }
        nrun++;
        dn_bal_result_free(&b);
    }
    if (!code && all) {
        if (mode == OUT_TABLE) {
            rec_print(&head, OUT_TABLE, stdout);
            fputc('\n', stdout);
            rows_print(NULL, rows, nrun, NULL, OUT_TABLE, stdout);
        } else {
            rows_print(&head, rows, nrun, "runs", mode, stdout);
        }
    } else if (!code) {
        rec_append(&head, &rows[0]);
        rec_print(&head, mode, stdout);
    }
    rec_free(&head);
    rec_free_rows(rows, DN_BAL_NALGO);
    free(loads);
    return code;
}
