/*
 * cmd_load.c - `dcnet load`: dynamic random-walk placement (seed 002,
 * restated). Exact expected loads of every processor (the seed's Theorems
 * 1 and 2, computed per start in O(levels Delta arcs)), their limits, and a
 * Monte Carlo growth of random trees with the standard error of every
 * figure; the canonical walk and its improved variants side by side. JSON
 * keys follow docs/spec/cli.md: ratio, max_load, tree_nodes, processors, argmax
 * (+ stderr with --trials).
 */
#include "cli.h"
#include "plot.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char load_help[] =
    "Usage: dcnet load --net SPEC --tree SPEC --walk DELTA [OPTION]...\n"
    "Place a growing tree by random walks (seed 002's Canonical Algorithm: every new\n"
    "node walks DELTA uniform steps from its parent's processor) and report the\n"
    "expected load of every processor: the performance ratio alpha = max expected\n"
    "load / (M/N), where it is, and its limit for tall (h -> inf) or large (M -> inf)\n"
    "trees.\n"
    "\n"
    "  -n, --net SPEC         the network (see 'dcnet help nets')\n"
    "  -t, --tree SPEC        the tree model (see 'dcnet help trees'): complete:B:H,\n"
    "                         crt, rct, repro:M, gw:DIST, binomial:N, and MPI's\n"
    "                         binomial broadcasts (ompi-bcast:P, mpich-bcast:P)\n"
    "      --bytes SIZE       an MPI broadcast's size, and with --ppn K MPICH's\n"
    "      --ppn K            ranks per node: the algorithm the library runs is\n"
    "                         chosen as in 'dcnet tree'; only binomial ones load\n"
    "      --walk LIST        walk length DELTA, or a comma list to compare (1,2,3)\n"
    "      --start P|all      processor of the root: id or label (default 0); 'all'\n"
    "                         computes every start (exact only)\n"
    "      --exact            exact expected loads (the default)\n"
    "      --trials T         also (or instead, without --exact) grow T random trees\n"
    "  -s, --seed S           seed of the trials (default 1); same seed, same output,\n"
    "                         whatever --threads\n"
    "      --variant LIST     canonical (default), lazy (stay with probability 1/2\n"
    "                         per step), random-length (uniform in 1..DELTA),\n"
    "                         two-choices (walk twice, keep the less loaded end;\n"
    "                         trials only), or all; a comma list compares them side\n"
    "                         by side\n"
    "      --method M         sparse (default: one load vector per start) or dense\n"
    "                         (the seed's N x N table; N <= 4096; a cross-check)\n"
    "      --per-level        list alpha_h for every height h of a finite tree\n"
    "      --save-loads FILE  write every processor's expected load (and simulated\n"
    "                         mean and standard error) to FILE; with --start all,\n"
    "                         every start's ratio\n"
    "      --svg FILE         plot alpha_h against h and the load across processors\n"
    "      --threads N        worker threads (default: all cores)\n"
    "      --max-nodes N      cap on the nodes of one simulated tree (default 2^24)\n"
    "      --mem-limit SIZE   memory limit, also for a tree file: GiB, or with a\n"
    "                         unit, 512MiB (default 8)\n"
    "      --json             one JSON object on stdout\n"
    "      --csv              CSV on stdout\n"
    "  -h, --help             show this help\n";

/* (more strings: C99 compilers need support only 4095 characters in one) */
static const char load_help_more[] =
    "\n"
    "Exact loads are sum_l n_l e_s Q^l (n_l = expected nodes on level l, Q the walk's\n"
    "transition matrix): time O(levels x DELTA x arcs) and about 56 bytes per\n"
    "processor beside the network (debruijn:22, h = 30, DELTA = 3: about 0.5 GiB),\n"
    "and 8 bytes per level: trees of any height (complete:1:1000000 has a million\n"
    "levels; --per-level lists them one row at a time).\n"
    "Reproduction trees sum their infinite series to a relative error below 1e-13.\n"
    "Limits: on undirected networks from the stationary law deg(j) / sum of\n"
    "degrees (period 2 for odd walks on bipartite networks); on directed ones by\n"
    "iteration. 'reached' counts processors with positive expected load: on a\n"
    "bipartite network an even walk reaches only half of them.\n"
    "Trials report the mean of every processor's load with its standard error, the\n"
    "max load per tree, and parent-child distances (dilation).\n"
    "Sizes: exact loads use only the expected level sizes, in floating point, so\n"
    "a tree may be as large as a double counts (complete:7:30 has 2.6e25 nodes);\n"
    "a simulated trial builds its tree: at most --max-nodes (2^31 - 1) nodes.\n"
    "\n"
    "Examples:\n"
    "  dcnet load --net butterfly:3 --tree complete:2:10 --walk 3\n"
    "  dcnet load --net butterfly:3 --tree complete:2:10 --walk 1,2,3,4 \\\n"
    "        --svg alpha.svg\n"
    "  dcnet load --net hypercube:10 --tree repro:1000 --walk 2 --variant all \\\n"
    "        --trials 200\n"
    "  dcnet load --net debruijn:22 --tree complete:2:30 --walk 3 --json\n"
    "  dcnet load --net butterfly:12 --tree cbt:8 --walk 3 --start all\n";

enum {
    O_START = 256, O_EXACT, O_TRIALS, O_VARIANT, O_METHOD, O_PERLEVEL, O_LOADS, O_LOADS_OLD, O_SVG,
    O_THREADS, O_MAXN, O_MEM, O_JSON, O_CSV, O_BYTES, O_PPN
};

static const struct option load_opts[] = {
    {"net", required_argument, NULL, 'n'},
    {"tree", required_argument, NULL, 't'},
    {"walk", required_argument, NULL, 'W'}, /* -w is simulate's --switching */
    {"start", required_argument, NULL, O_START},
    {"exact", no_argument, NULL, O_EXACT},
    {"trials", required_argument, NULL, O_TRIALS},
    {"seed", required_argument, NULL, 's'},
    {"variant", required_argument, NULL, O_VARIANT},
    {"method", required_argument, NULL, O_METHOD},
    {"per-level", no_argument, NULL, O_PERLEVEL},
    {"save-loads", required_argument, NULL, O_LOADS},
    {"loads", required_argument, NULL, O_LOADS_OLD}, /* the old spelling (issue 29) */
    {"svg", required_argument, NULL, O_SVG},
    {"threads", required_argument, NULL, O_THREADS},
    {"max-nodes", required_argument, NULL, O_MAXN},
    {"mem-limit", required_argument, NULL, O_MEM},
    {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"bytes", required_argument, NULL, O_BYTES},
    {"ppn", required_argument, NULL, O_PPN},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

#define MAX_LIST 16
#define MAX_RUNS 64

typedef struct run {
    int walk, delta;
    double size; /* M, the model's expected size */
    int has_exact, has_sim;
    dn_loads ex;
    dn_grow_result sim;
    dn_loads_all all;
    int has_all;
} run;

typedef struct load_args {
    const char *net_spec, *tree_spec, *start_s, *loads_path, *svg_path;
    int deltas[MAX_LIST], ndeltas;
    int walks[MAX_LIST], nwalks;
    int exact, per_level, mode, threads, method, all_starts;
    int64_t trials, seed, max_nodes, mem_limit;
    double mpi_bytes; /* --bytes: an MPI broadcast's size (0: not given) */
    int64_t mpi_ppn;  /* --ppn: MPICH's ranks per node (0: not given) */
} load_args;

static int parse_deltas(const char *cmd, const char *s, load_args *a)
{
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return cli_usage(cmd, "--walk list is too long");
    strcpy(buf, s);
    a->ndeltas = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int64_t v;
        dn_err e;
        if (a->ndeltas == MAX_LIST)
            return cli_usage(cmd, "--walk: at most %d lengths", MAX_LIST);
        if (dn_parse_i64(tok, 0, 1000, "--walk DELTA", &v, &e))
            return cli_usage(cmd, "%s", cli_errmsg(&e));
        a->deltas[a->ndeltas++] = (int)v;
    }
    if (a->ndeltas == 0)
        return cli_usage(cmd, "--walk needs a length DELTA (e.g. --walk 3)");
    return 0;
}

static int parse_variants(const char *cmd, const char *s, load_args *a)
{
    char buf[256];
    a->nwalks = 0;
    if (strcmp(s, "all") == 0) {
        for (int k = 0; k < DN_WALK_COUNT; k++)
            a->walks[a->nwalks++] = k;
        return 0;
    }
    if (strlen(s) >= sizeof buf)
        return cli_usage(cmd, "--variant list is too long");
    strcpy(buf, s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        dn_walk k;
        if (dn_walk_parse(tok, &k) != DN_OK)
            return cli_usage(cmd, "--variant must be canonical, lazy, random-length, "
                                  "two-choices or all, not '%s'", tok);
        if (a->nwalks == MAX_LIST)
            return cli_usage(cmd, "--variant: too many");
        a->walks[a->nwalks++] = k;
    }
    if (a->nwalks == 0)
        return cli_usage(cmd, "--variant needs a name");
    return 0;
}

static int parse_args(const char *cmd, int argc, char **argv, load_args *a, int *done)
{
    int c, rc;
    dn_err err;
    *done = 0;
    memset(a, 0, sizeof *a);
    a->seed = 1;
    a->walks[0] = DN_WALK_CANONICAL;
    a->nwalks = 1;
    a->threads = cli_default_threads();
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:t:w:s:h", load_opts, NULL)) != -1) {
        switch (c) {
        case 'n': a->net_spec = optarg; break;
        case 't': a->tree_spec = optarg; break;
        case 'w': /* the old short form */
            cli_old_option(cmd, "-w DELTA", "--walk DELTA (-w is simulate's --switching)");
            /* fall through */
        case 'W':
            if ((rc = parse_deltas(cmd, optarg, a)))
                return rc;
            break;
        case O_START: a->start_s = optarg; break;
        case O_EXACT: a->exact = 1; break;
        case O_TRIALS:
            if (dn_parse_i64(optarg, 1, (int64_t)1 << 40, "--trials", &a->trials, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case 's':
            if (dn_parse_i64(optarg, 0, INT64_MAX, "--seed", &a->seed, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_VARIANT:
            if ((rc = parse_variants(cmd, optarg, a)))
                return rc;
            break;
        case O_METHOD: {
            static const char *const names[] = {"sparse", "dense", NULL};
            int k;
            if ((rc = cli_keyword(cmd, "--method", optarg, names, &k)))
                return rc;
            a->method = k ? DN_LOAD_DENSE : DN_LOAD_SPARSE;
            break;
        }
        case O_PERLEVEL: a->per_level = 1; break;
        case O_LOADS_OLD: {
            static const char *const kw[] = {"random:", "exp:", "point:", "const:", NULL};
            if ((rc = cli_old_output(cmd, "--loads", "--save-loads", optarg, kw,
                                     "balance's --loads (the loads it starts from)")))
                return rc;
        }
            /* fall through */
        case O_LOADS: a->loads_path = optarg; break;
        case O_SVG: a->svg_path = optarg; break;
        case O_THREADS:
            if ((rc = parse_threads(cmd, optarg, &a->threads)))
                return rc;
            break;
        case O_MAXN:
            if (dn_parse_i64(optarg, 1, INT32_MAX, "--max-nodes", &a->max_nodes, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_MEM:
            if ((rc = cli_mem_limit(cmd, optarg, &a->mem_limit)))
                return rc;
            break;
        case O_JSON: a->mode = OUT_JSON; break;
        case O_CSV: a->mode = OUT_CSV; break;
        case O_BYTES: {
            dn_err e;
            if (dn_parse_quantity(optarg, DN_Q_SIZE, 1, 1e18, "--bytes", &a->mpi_bytes, NULL, &e))
                return cli_usage(cmd, "%s", cli_errmsg(&e));
            break;
        }
        case O_PPN: {
            int code = cli_ppn(cmd, optarg, &a->mpi_ppn);
            if (code)
                return code;
            break;
        }
        case 'h': fputs(load_help, stdout); fputs(load_help_more, stdout); *done = 1; return 0;
        case ':': return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_bad_option(cmd, argv, load_opts);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (!a->net_spec)
        return cli_usage(cmd, "missing --net SPEC (e.g. --net butterfly:3)");
    const out_file files[] = {{"--net", out_spec_file(a->net_spec), 0},
                              {"--tree", out_spec_file(a->tree_spec), 0},
                              {"--save-loads", a->loads_path, 1},
                              {"--svg", a->svg_path, 1},
                              out_report(1, a->mode)};
    int plan = out_plan(cmd, files, 5);
    if (plan)
        return plan;
    if (!a->tree_spec)
        return cli_usage(cmd, "missing --tree SPEC (e.g. --tree complete:2:8)");
    if (a->ndeltas == 0)
        return cli_usage(cmd, "missing --walk DELTA (e.g. --walk 3)");
    if (!a->trials)
        a->exact = 1;
    if (a->nwalks * a->ndeltas > MAX_RUNS)
        return cli_usage(cmd, "at most %d variant x walk combinations", MAX_RUNS);
    a->all_starts = a->start_s && strcmp(a->start_s, "all") == 0;
    if (a->all_starts && a->trials)
        return cli_usage(cmd, "--start all is exact only; drop --trials or give one start");
    if (a->all_starts && a->per_level)
        return cli_usage(cmd, "--per-level lists one start; give --start P");
    if (!a->trials)
        for (int i = 0; i < a->nwalks; i++)
            if (a->walks[i] == DN_WALK_TWO_CHOICES)
                return cli_usage(cmd, "the two-choices walk has no exact analysis (it depends "
                                      "on the loads met); add --trials T");
    if (a->method == DN_LOAD_DENSE && !a->exact)
        return cli_usage(cmd, "--method dense is an exact method; add --exact");
    return 0;
}

/* ------------------------------------------------------------ output */
static void label(const dn_net *net, int64_t v, char *buf)
{
    if (dn_net_label(net, v, buf, 80) != DN_OK)
        snprintf(buf, 80, "%lld", (long long)v);
}

static void run_record(const dn_net *net, const run *r, int multi, int exact_cols, rec *o)
{
    char lab[80];
    const int64_t N = net->n;
    if (multi) {
        rec_str(o, "variant", dn_walk_name(r->walk));
        rec_int(o, "walk", r->delta);
    }
    if (r->has_all) {
        double lo = INFINITY, hi = -INFINITY, mean = 0;
        int64_t worst = 0;
        for (int64_t s = 0; s < N; s++) {
            mean += r->all.ratio[s];
            if (r->all.ratio[s] < lo)
                lo = r->all.ratio[s];
            if (r->all.ratio[s] > hi) {
                hi = r->all.ratio[s];
                worst = s;
            }
        }
        rec_int(o, "starts", N);
        rec_int(o, "computed", r->all.computed);
        rec_dbl(o, "ratio.min", lo);
        rec_dbl(o, "ratio.mean", mean / (double)N);
        rec_dbl(o, "ratio.max", hi);
        label(net, worst, lab);
        rec_str(o, "worst_start", lab);
        if (isnan(r->all.asym_ratio))
            rec_null(o, "asymptotic");
        else
            rec_dbl(o, "asymptotic", r->all.asym_ratio);
        return;
    }
    if (r->has_exact) {
        rec_dbl(o, "ratio", r->ex.ratio);
        rec_dbl(o, "max_load", r->ex.max_load);
        rec_int(o, "argmax", r->ex.argmax);
        label(net, r->ex.argmax, lab);
        rec_str(o, "argmax_label", lab);
        rec_int(o, "reached", r->ex.reached);
        if (isnan(r->ex.asym_ratio))
            rec_null(o, "asymptotic");
        else
            rec_dbl(o, "asymptotic", r->ex.asym_ratio);
        if (!multi) {
            if (!isnan(r->ex.asym_ratio_min) && r->ex.asym_ratio_min != r->ex.asym_ratio)
                rec_dbl(o, "asymptotic_min", r->ex.asym_ratio_min);
            rec_int(o, "period", r->ex.period);
            rec_int(o, "levels", r->ex.levels);
            rec_dbl(o, "min_load", r->ex.min_load);
            if (r->ex.trunc_error > 0)
                rec_dbl(o, "truncation_error", r->ex.trunc_error);
        }
    } else if (exact_cols) { /* keep the columns of the other rows (two choices) */
        static const char *keys[] = {"ratio", "max_load", "argmax", "argmax_label", "reached",
                                     "asymptotic"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            rec_null(o, keys[k]);
    }
    if (r->has_sim) {
        const dn_grow_result *s = &r->sim;
        double se = s->se_load[s->argmax_mean] * (double)N / r->size;
        if (!exact_cols) {
            rec_dbl(o, "ratio", s->ratio_of_means);
            rec_dbl(o, "max_load", s->mean_load[s->argmax_mean]);
            rec_int(o, "argmax", s->argmax_mean);
            label(net, s->argmax_mean, lab);
            rec_str(o, "argmax_label", lab);
        } else {
            rec_dbl(o, "simulated_ratio", s->ratio_of_means);
        }
        rec_dbl(o, "stderr", se);
        rec_dbl(o, "trial_max_load.mean", s->mean_max);
        rec_dbl(o, "trial_max_load.stderr", s->se_max);
        rec_dbl(o, "trial_ratio.mean", s->mean_ratio);
        rec_dbl(o, "trial_ratio.stderr", s->se_ratio);
        rec_int(o, "dilation", s->dilation);
        rec_dbl(o, "mean_distance", s->mean_dist);
        if (!multi) {
            rec_dbl(o, "mean_tree_nodes", s->mean_size);
            rec_dbl(o, "mean_walk_steps", s->mean_walk);
        }
    }
}

static int write_loads(const char *path, const dn_net *net, const run *runs, int nruns,
                       dn_err *err)
{
    FILE *f;
    char lab[80];
    out_capture *c = out_capture_now();
    if (c && c->want_arrays && !runs[0].has_all) { /* a hosted caller's array (python/dcnet) */
        free(c->loads);
        c->nloads = c->loads_rows = 0;
        if (!(c->loads = malloc((size_t)nruns * (size_t)net->n * sizeof *c->loads)))
            return dn_fail(err, DN_ENOMEM, "out of memory for the loads");
        for (int i = 0; i < nruns; i++)
            for (int64_t j = 0; j < net->n; j++)
                c->loads[(int64_t)i * net->n + j] =
                    runs[i].has_exact ? runs[i].ex.load[j]
                    : runs[i].has_sim ? runs[i].sim.mean_load[j] : NAN;
        c->nloads = (int64_t)nruns * net->n;
        c->loads_rows = nruns;
    }
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    if (runs[0].has_all) {
        fprintf(f, "# variant walk start label ratio max_load argmax\n");
        for (int i = 0; i < nruns; i++)
            for (int64_t s = 0; s < net->n; s++) {
                label(net, s, lab);
                fprintf(f, "%s %d %lld %s %.15g %.15g %lld\n", dn_walk_name(runs[i].walk),
                        runs[i].delta, (long long)s, lab, runs[i].all.ratio[s],
                        runs[i].all.max_load[s], (long long)runs[i].all.argmax[s]);
            }
    } else {
        fprintf(f, "# variant walk processor label expected_load simulated_mean simulated_stderr\n");
        for (int i = 0; i < nruns; i++)
            for (int64_t j = 0; j < net->n; j++) {
                label(net, j, lab);
                fprintf(f, "%s %d %lld %s ", dn_walk_name(runs[i].walk), runs[i].delta,
                        (long long)j, lab);
                if (runs[i].has_exact)
                    fprintf(f, "%.15g", runs[i].ex.load[j]);
                else
                    fputs("-", f);
                if (runs[i].has_sim)
                    fprintf(f, " %.10g %.6g\n", runs[i].sim.mean_load[j], runs[i].sim.se_load[j]);
                else
                    fputs(" - -\n", f);
            }
    }
    return out_close(f, err);
}

/* Loads across processors, as load / (M/N); large networks are bucketed
 * (max over each bucket) to keep the picture readable. */
#define PLOT_POINTS_MAX 1024

static int write_svg(const char *path, const dn_net *net, const char *tree_spec, const run *runs,
                     int nruns, double M, dn_err *err)
{
    FILE *f;
    int orc = out_open(path, &f, err);
    if (orc)
        return orc;
    const int64_t N = net->n;
    int have_levels = runs[0].has_exact && runs[0].ex.ratio_level && runs[0].ex.levels > 1;
    double W = 900, H1 = have_levels ? 380 : 0, H2 = 380;
    plot_begin(f, W, H1 + H2);
    char title[400], names[MAX_RUNS][64], limits[MAX_RUNS][96];
    plot_series s[2 * MAX_RUNS + 2];
    int ns = 0;
    double *xs = NULL, *buf = NULL;
    int rc = DN_OK;
    int64_t bucket = (N + PLOT_POINTS_MAX - 1) / PLOT_POINTS_MAX;
    int64_t nb = (N + bucket - 1) / bucket;
    xs = malloc((size_t)(nb + 200) * sizeof *xs);
    buf = malloc((size_t)nruns * 3 * (size_t)nb * sizeof *buf + 8);
    if (!xs || !buf) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory");
        goto out;
    }
    for (int i = 0; i < nruns; i++)
        snprintf(names[i], sizeof names[i], "%s, walk %d", dn_walk_name(runs[i].walk),
                 runs[i].delta);
    if (have_levels) {
        int maxl = 0;
        for (int i = 0; i < nruns; i++)
            if (runs[i].ex.levels > maxl)
                maxl = runs[i].ex.levels;
        for (int h = 0; h < maxl && h < nb + 200; h++)
            xs[h] = h;
        for (int i = 0; i < nruns; i++) {
            /* from h = 1: alpha_0 = N says nothing and flattens the rest */
            s[ns++] = (plot_series){names[i], xs + 1, runs[i].ex.ratio_level + 1, NULL,
                                    runs[i].ex.levels - 1, PLOT_LINE_POINTS, 0, plot_color(i)};
        }
        for (int i = 0; i < nruns; i++)
            if (!isnan(runs[i].ex.asym_ratio)) { /* every dashed line is in the legend */
                snprintf(limits[i], sizeof limits[i], "%.63s: limit h -> inf", names[i]);
                s[ns++] = (plot_series){limits[i], NULL, &runs[i].ex.asym_ratio, NULL, 1,
                                        PLOT_HLINE, 1, plot_color(i)};
            }
        snprintf(title, sizeof title, "alpha_h on %s, tree %s (dashed: h -> infinity)",
                 net->spec, tree_spec);
        plot_box b = {0, 0, W, H1, title, "tree height h", "alpha_h = max load / (M/N)",
                      0, 0, 0, 0, 1, 0, NULL, 0, 0};
        plot_draw(f, &b, s, ns);
    }
    ns = 0;
    double norm = (double)N / M;
    for (int64_t k = 0; k < nb; k++)
        xs[k] = (double)(k * bucket);
    for (int i = 0; i < nruns; i++) {
        double *ex = buf + (size_t)i * 3 * (size_t)nb, *sm = ex + nb, *se = sm + nb;
        for (int64_t k = 0; k < nb; k++) {
            ex[k] = sm[k] = -INFINITY;
            se[k] = 0;
            for (int64_t j = k * bucket; j < (k + 1) * bucket && j < N; j++) {
                if (runs[i].has_exact && runs[i].ex.load[j] * norm > ex[k])
                    ex[k] = runs[i].ex.load[j] * norm;
                if (runs[i].has_sim && runs[i].sim.mean_load[j] * norm > sm[k]) {
                    sm[k] = runs[i].sim.mean_load[j] * norm;
                    se[k] = runs[i].sim.se_load[j] * norm;
                }
            }
        }
        if (runs[i].has_exact)
            s[ns++] = (plot_series){names[i], xs, ex, NULL, (int)nb, PLOT_LINE, 0, plot_color(i)};
        if (runs[i].has_sim)
            s[ns++] = (plot_series){runs[i].has_exact ? NULL : names[i], xs, sm, se, (int)nb,
                                    PLOT_POINTS, 0, plot_color(i)};
    }
    if (bucket > 1)
        snprintf(title, sizeof title, "load / (M/N) per processor (max over %lld), %s%s",
                 (long long)bucket, net->spec, runs[0].has_sim ? "; points: simulated" : "");
    else
        snprintf(title, sizeof title, "load / (M/N) per processor, %s%s", net->spec,
                 runs[0].has_sim ? "; points: simulated mean +- stderr" : "");
    plot_box b2 = {0, H1, W, H2, title, "processor id", "load / (M/N)", 0, 0, 0, 0, 1, 1, NULL, 0, 0};
    plot_draw(f, &b2, s, ns);
    plot_end(f);
out:
    free(xs);
    free(buf);
    if (rc) {
        out_discard(f);
        return rc;
    }
    return out_close(f, err);
}

static void runs_free(run *runs, int n)
{
    for (int i = 0; i < n; i++) {
        dn_loads_free(&runs[i].ex);
        dn_grow_free(&runs[i].sim);
        dn_loads_all_free(&runs[i].all);
    }
}

/* Row h of --per-level: the height, the tree nodes up to it, and each
 * run's alpha_h. */
static void level_row(rec *row, int h, double cum, const run *runs, int nruns)
{
    rec_clear(row);
    rec_int(row, "h", h);
    rec_dbl(row, "tree_nodes", cum);
    for (int i = 0; i < nruns; i++) {
        char key[48];
        if (nruns > 1)
            snprintf(key, sizeof key, "ratio.%s/%d", dn_walk_name(runs[i].walk), runs[i].delta);
        else
            snprintf(key, sizeof key, "ratio");
        if (runs[i].has_exact && h < runs[i].ex.levels)
            rec_dbl(row, key, runs[i].ex.ratio_level[h]);
        else
            rec_null(row, key);
    }
}

/* --per-level: one row per level, streamed (a chain of a million tasks has
 * a million levels); the table's widths come from a first pass. */
static int per_level_out(const dn_tree_model *tm, const run *runs, int nruns, const rec *head,
                         int mode, dn_err *err)
{
    int L = 0, lv, rc;
    double *sizes, tail;
    for (int i = 0; i < nruns; i++)
        if (runs[i].has_exact && runs[i].ex.levels > L)
            L = runs[i].ex.levels;
    if ((rc = dn_level_sizes_alloc(tm, &sizes, &lv, &tail, err)))
        return rc;
    rec row_rec = {0}, *row = &row_rec;
    int *widths = calloc((size_t)nruns + 2, sizeof *widths); /* h, tree_nodes, a ratio per run */
    if (!widths) {
        free(sizes);
        return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    double cum = 0;
    for (int h = 0; mode == OUT_TABLE && h < L; h++) {
        cum += h < lv ? sizes[h] : 0;
        level_row(row, h, cum, runs, nruns);
        rec_widths(row, widths);
    }
    row_stream st;
    cum = 0;
    for (int h = 0; h < L; h++) {
        cum += h < lv ? sizes[h] : 0;
        level_row(row, h, cum, runs, nruns);
        if (h == 0 && mode == OUT_TABLE) {
            rec_print(head, OUT_TABLE, stdout);
            fputc('\n', stdout);
            rows_stream_begin(&st, NULL, row, widths, NULL, mode, stdout);
        } else if (h == 0) {
            rows_stream_begin(&st, head, row, widths, "per_level", mode, stdout);
        }
        rows_stream_row(&st, row);
    }
    if (L > 0)
        rows_stream_end(&st);
    rec_free(row);
    free(widths);
    free(sizes);
    return DN_OK;
}

/* A run of the command: what its steps share and the one cleanup frees. */
typedef struct load_state {
    load_args a;
    dn_net net;
    int have_net;
    dn_tree_model tm;
    dn_csr g;
    int64_t start;
    run runs[MAX_RUNS];
    int nruns;
    dn_err err;
} load_state;

static void load_state_free(load_state *S)
{
    runs_free(S->runs, S->nruns);
    dn_csr_free(&S->g);
    if (S->have_net)
        dn_net_free(&S->net);
}

/* The network, the tree model (a tree file's level counts: exact by
 * level, tm borrows them) and the start, checked against each other.
 * 0, or the exit code after the message. */
static int load_inputs(const char *cmd, load_state *S, double **level_count)
{
    const load_args *a = &S->a;
    int rc;
    if ((rc = dn_net_init_limit(&S->net, a->net_spec, a->mem_limit, &S->err)))
        return cli_fail(cmd, rc, cli_errmsg(&S->err));
    S->have_net = 1;
    if ((rc = dn_tree_model_parse(a->tree_spec, &S->tm, &S->err)))
        return cli_fail(cmd, rc, cli_errmsg(&S->err));
    S->tm.mem_limit = a->mem_limit > 0 ? a->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    if ((rc = tree_mpi_bytes(cmd, &S->tm, a->mpi_bytes, a->mpi_ppn)))
        return rc;
    if (dn_net_processors(&S->net) < S->net.n)
        return cli_usage(cmd, "seed 002's walks go from processor to processor; this network "
                              "has switches (give a direct network)");
    if (S->tm.kind == DN_TREE_FILE) {
        dn_tree ft;
        if (a->trials || a->method == DN_LOAD_DENSE)
            return cli_usage(cmd, "a tree file is one fixed tree: its loads are exact by level "
                                  "(the sparse method); drop --trials and --method dense");
        rc = dn_tree_init(&ft, &S->tm, 1, a->max_nodes, &S->err);
        if (!rc) {
            rc = dn_tree_level_counts(&ft, level_count, &S->err);
            S->tm.nlevels = ft.height + 1;
            dn_tree_free(&ft);
        }
        if (rc)
            return cli_fail(cmd, rc, cli_errmsg(&S->err));
        S->tm.level_count = *level_count;
    }
    if (a->start_s && !a->all_starts &&
        (rc = dn_net_parse_node(&S->net, a->start_s, &S->start, &S->err)))
        return cli_usage(cmd, "--start: %s", cli_errmsg(&S->err));
    return 0;
}

/* Memory: the CSR, then per processor about 7 vectors of doubles (exact,
 * with limit) or 40 bytes per thread (trials), refused before anything
 * is allocated; then the network materialised. 0, or the exit code. */
static int load_memory(const char *cmd, load_state *S)
{
    const load_args *a = &S->a;
    const dn_net *net = &S->net;
    int64_t limit = a->mem_limit > 0 ? a->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    int64_t arcs = net->directed ? net->edges : 2 * net->edges;
    double need = (double)dn_csr_bytes(net->n < INT32_MAX ? net->n : 0, arcs);
    int par = a->all_starts ? a->threads : 1;
    if (a->exact)
        need += (double)net->n * 8.0 * (net->directed ? 24.0 : 8.0) * par +
                (net->directed ? (double)arcs * 4 + (double)net->n * 8 : 0);
    if (a->trials)
        need += (double)net->n * 40.0 * a->threads;
    if (net->n >= INT32_MAX || need > (double)limit)
        return cli_fail(cmd, DN_ERANGE, net->n >= INT32_MAX
            ? "the network has 2^31 or more processors; dcnet load handles at most 2^31 - 1"
            : "this run needs more memory than --mem-limit allows (about 56 bytes per "
              "processor for exact loads, 40 per thread for trials, plus the network); "
              "raise --mem-limit or use a smaller network");
    int rc = dn_net_materialize(&S->net, &S->g, limit, &S->err);
    return rc ? cli_fail(cmd, rc, cli_errmsg(&S->err)) : 0;
}

/* Every variant x walk length: the exact loads (from the start, or from
 * every start) and the trials. A status; the message in S->err. */
static int load_compute(load_state *S)
{
    const load_args *a = &S->a;
    int rc = DN_OK;
    progress pr;
    progress_init(&pr, "load");
    for (int wi = 0; wi < a->nwalks && !rc; wi++)
        for (int di = 0; di < a->ndeltas && !rc; di++) {
            run *r = &S->runs[S->nruns++];
            r->walk = a->walks[wi];
            r->delta = a->deltas[di];
            r->size = dn_tree_model_expected_size(&S->tm);
            if (a->exact && r->walk != DN_WALK_TWO_CHOICES) {
                dn_load_opts o;
                memset(&o, 0, sizeof o);
                o.walk = r->walk;
                o.delta = r->delta;
                o.method = a->method;
                o.threads = a->threads;
                o.progress = progress_cb;
                o.progress_ctx = &pr;
                rc = a->all_starts
                         ? dn_loads_all_starts(&S->net, &S->g, &S->tm, &o, &r->all, &S->err)
                         : dn_loads_exact(&S->net, &S->g, &S->tm, S->start, &o, &r->ex, &S->err);
                if (rc)
                    break;
                r->has_exact = !a->all_starts;
                r->has_all = a->all_starts;
            }
            if (a->trials) {
                dn_grow_opts go;
                memset(&go, 0, sizeof go);
                go.walk = r->walk;
                go.delta = r->delta;
                go.trials = a->trials;
                go.seed = (uint64_t)a->seed;
                go.threads = a->threads;
                go.max_nodes = a->max_nodes;
                go.progress = progress_cb;
                go.progress_ctx = &pr;
                if ((rc = dn_grow_simulate(&S->g, &S->tm, S->start, &go, &r->sim, &S->err)))
                    break;
                r->has_sim = 1;
            }
        }
    progress_done(&pr);
    return rc;
}

/* The header every output shares: the network, the tree, the start, the
 * method; with one run, that run's figures too. */
static void load_head(load_state *S, rec *head)
{
    const load_args *a = &S->a;
    char lab[80];
    rec_str(head, "net", a->net_spec);
    rec_str(head, "tree", a->tree_spec);
    rec_int(head, "processors", S->net.n);
    rec_dbl(head, "tree_nodes", dn_tree_model_expected_size(&S->tm));
    if (!a->all_starts) {
        label(&S->net, S->start, lab);
        rec_str(head, "start", lab);
    }
    rec_str(head, "method", a->method == DN_LOAD_DENSE ? "dense" : "sparse");
    if (a->trials) {
        rec_int(head, "trials", a->trials);
        rec_int(head, "seed", a->seed);
    }
    if (S->nruns == 1) {
        rec_str(head, "variant", dn_walk_name(S->runs[0].walk));
        rec_int(head, "walk", S->runs[0].delta);
        run_record(&S->net, &S->runs[0], 0, S->runs[0].has_exact, head);
    }
}

/* The files (--loads, --svg), then the output: one record, the levels,
 * or a row per run. A status; the message in S->err. */
static int load_print(load_state *S)
{
    const load_args *a = &S->a;
    const int nruns = S->nruns;
    int rc;
    if (a->loads_path && (rc = write_loads(a->loads_path, &S->net, S->runs, nruns, &S->err)))
        return rc;
    if (a->svg_path && !a->all_starts &&
        (rc = write_svg(a->svg_path, &S->net, a->tree_spec, S->runs, nruns,
                        dn_tree_model_expected_size(&S->tm), &S->err)))
        return rc;
    rec head = {0};
    load_head(S, &head);
    rc = DN_OK;
    if (a->per_level && S->runs[0].has_exact && S->runs[0].ex.ratio_level) {
        rc = per_level_out(&S->tm, S->runs, nruns, &head, a->mode, &S->err);
    } else if (nruns == 1) {
        rec_print(&head, a->mode, stdout);
    } else {
        rec *rows = calloc((size_t)nruns, sizeof *rows);
        if (!rows) {
            rec_free(&head);
            return dn_fail(&S->err, DN_ENOMEM, "out of memory");
        }
        for (int i = 0; i < nruns; i++)
            run_record(&S->net, &S->runs[i], 1, a->exact, &rows[i]);
        if (a->mode == OUT_TABLE) {
            rec_print(&head, OUT_TABLE, stdout);
            fputc('\n', stdout);
            rows_print(NULL, rows, nruns, NULL, OUT_TABLE, stdout);
        } else {
            rows_print(&head, rows, nruns, "runs", a->mode, stdout);
        }
        rec_free_rows(rows, nruns);
    }
    rec_free(&head);
    return rc;
}

/* the command; *level_count (a tree file's levels) is freed by cmd_load */
static int load_run(int argc, char **argv, double **level_count)
{
    const char *cmd = "load";
    int done, code, rc;
    load_state *S = calloc(1, sizeof *S); /* (64 runs of exact loads: off the stack) */
    if (!S)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    if ((code = parse_args(cmd, argc, argv, &S->a, &done)) || done)
        goto out;
    if ((code = load_inputs(cmd, S, level_count)) || (code = load_memory(cmd, S)))
        goto out;
    if ((rc = load_compute(S)) || (rc = load_print(S)))
        code = cli_fail(cmd, rc, cli_errmsg(&S->err));
out:
    load_state_free(S);
    free(S);
    return code;
}

int cmd_load(int argc, char **argv)
{
    double *level_count = NULL;
    int code = load_run(argc, argv, &level_count);
    free(level_count);
    return code;
}
