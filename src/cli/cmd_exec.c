/*
 * cmd_exec.c - `dcnet exec APP`: run a bundled divide-and-conquer program
 * on worker threads or MPI ranks with dcnet's binomial schedule (seed 000
 * section 2), optionally on an emulated network with a mapping, or in the
 * dynamic random-walk mode (seed 002) for nqueens; check the result
 * (dn_app_verify: linear checks, or --verify full's sorted copy). JSON
 * keys follow docs/spec/cli.md: app, n, workers, backend, seconds,
 * verified, messages, bytes.
 */
#include "cli.h"
#include "plot.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define SEARCH_TREE "crt:48:0,0,1/0,0,1/0,0,1/0,0,1/0,0,1/0.48,0,0.52"

static const char exec_help[] =
    "Usage: dcnet exec APP [OPTION]...\n"
    "Run a divide-and-conquer program on workers with dcnet's \"keep half, send\n"
    "half\" binomial schedule, and verify its result against a sequential\n"
    "reference.\n"
    "\n"
    "Apps: mergesort, quicksort, matchain, prefix, max, nqueens, search ('dcnet help\n"
    "apps').\n"
    "\n"
    "      --n SIZE           problem size (keys, matrices, board size; default per\n"
    "                         app); -n SIZE, its old short form, still works with a\n"
    "                         note (-n is --net, as in every command)\n"
    "  -p, --workers P        workers (default 4); the static schedule uses the\n"
    "                         largest power of two <= P\n"
    "  -b, --backend B        threads (default) or mpi (run under mpirun: every rank\n"
    "                         is a worker, -p is ignored)\n"
    "      --grain G          do not split parts smaller than G units (default: 1024\n"
    "                         keys, 64 matrices, 1 nqueens prefix)\n"
    "  -n, --net SPEC         emulate this network: worker y runs on processor\n"
    "                         place(y) and messages travel the mapping's routes hop\n"
    "                         by hop through router threads (threads backend)\n"
    "  -m, --map NAME         mapping of the binomial tree onto --net (default\n"
    "                         identity; e.g. zrl on debruijn:K, dccube on meshes)\n"
    "  -r, --root R           processor of worker 0\n"
    "      --bandwidth BW     emulated links carry BW (a hop holds its link len / BW;\n"
    "                         default: copy speed): 1GB/s, 100MB/s, 10Gb/s, 1MiB/s;\n"
    "                         a bare number is bytes per second, as in --net\n"
    "                         'SPEC@bw=..,lat=..', whose costs the links then take\n"
    "      --dynamic          irregular trees (nqueens): place every spawned task at\n"
    "                         the end of a random walk (seed 002's Canonical\n"
    "                         Algorithm); with --net the walk uses its links and\n"
    "                         every processor is a worker\n"
    "      --walk D           random-walk length for --dynamic (default 2)\n"
    "  -t, --tree SPEC        search: the random tree to search (gw:DIST, crt:H:DIST,\n"
    "                         rct:..., repro:M; 'dcnet help trees'); default\n"
    "                         " SEARCH_TREE "\n"
    "                         (32 near-critical Galton-Watson subtrees: skewed)\n"
    "      --work W           search: mean work per task, in rounds of a 64-bit\n"
    "                         mixing function (exponentially distributed, seeded\n"
    "                         per task; default 20000)\n"
    "      --verify V         fast (default): sorts are checked in O(n), in order and\n"
    "                         holding the input's keys (a multiset hash); full:\n"
    "                         against a qsort'ed copy (O(n log n), n more words)\n"
    "      --policy P         where --dynamic puts a spawned task: walk (seed 002's\n"
    "                         plain walk), lazy (each step stays put with\n"
    "                         probability 1/2), two-choices (two walks, the end\n"
    "                         with the shorter queue) or steal (work stealing: a\n"
    "                         task stays on its worker, idle workers steal from a\n"
    "                         random victim); default: lazy when the network, or\n"
    "                         the complete graph of the workers, is bipartite (2\n"
    "                         workers are: a plain even walk never leaves its\n"
    "                         start), walk otherwise; JSON 'policy'\n"
    "      --steal K          what a thief takes: half (default) of the victim's\n"
    "                         tasks, or one; --policy steal:K says both at once\n"
    "      --copy             the message-passing form: every split copies the part\n"
    "                         it sends into a new buffer, as MPI and network\n"
    "                         emulation must (default on threads, direct: the shared\n"
    "                         form, where the data stays in one array, messages carry\n"
    "                         32-byte references and finished workers share every\n"
    "                         large merge; JSON 'shared')\n"
    "      --shared           insist on the shared form (refused where it cannot run)\n"
    ;

static const char exec_help_more[] =
    "  -s, --seed S           seed for the input and the walks (default 1)\n"
    "      --place FILE       --backend mpi: worker y runs on world rank place(y), a\n"
    "                         placement file (list, SCOTCH .map or CSV; embed\n"
    "                         --save-place writes them) whose processors are the\n"
    "                         ranks, at most one task a rank (read no further);\n"
    "                         the ranks split off in task order\n"
    "      --link-stats FILE  write per-link messages and bytes (CSV; with --net)\n"
    "      --record-tree FILE\n"
    "                         write the tree the run executed as a CSV tree file:\n"
    "                         every task, its parent, its work (seconds of split,\n"
    "                         solve and merge, or expand, on its worker) and the\n"
    "                         bytes it received and sent back; replay it with\n"
    "                         --tree file:FILE in embed or simulate\n"
    "      --svg FILE         draw a timeline per worker (split, solve, merge, wait)\n"
    "      --json             one JSON object on stdout\n"
    "      --csv              CSV on stdout\n"
    "  -h, --help             show this help\n";

static const char exec_help_tail[] =
    "\n"
    "Exit status 1 if the result fails its check (--verify).\n"
    "\n"
    "Examples:\n"
    "  dcnet exec mergesort --n 20000000 --workers 2\n"
    "  dcnet exec mergesort --n 100000000 --workers 2 --copy\n"
    "  dcnet exec matchain --workers 16 --net debruijn:4 --map zrl \\\n"
    "        --link-stats links.csv\n"
    "  dcnet exec nqueens --n 12 --dynamic --workers 8\n"
    "  dcnet exec nqueens --n 14 --dynamic --workers 2 --policy steal\n"
    "  dcnet exec search --dynamic --workers 2 --policy two-choices --seed 3\n"
    "  dcnet exec nqueens --n 10 --dynamic --record-tree t.csv\n"
    "  mpirun -np 4 dcnet exec mergesort --backend mpi --json\n";

enum {
    O_N = 256, O_GRAIN, O_BW, O_DYN, O_WALK, O_POLICY, O_STEAL, O_WORK, O_RECORD, O_PLACE, O_VERIFY, O_SHARED, O_COPY, O_LINKS, O_LINKS_OLD, O_SVG, O_JSON, O_CSV
};

static const struct option exec_opts[] = {
    {"n", required_argument, NULL, O_N},
    {"workers", required_argument, NULL, 'p'},
    {"backend", required_argument, NULL, 'b'},
    {"grain", required_argument, NULL, O_GRAIN},
    {"net", required_argument, NULL, 'n'},
    {"map", required_argument, NULL, 'm'},
    {"root", required_argument, NULL, 'r'},
    {"bandwidth", required_argument, NULL, O_BW},
    {"dynamic", no_argument, NULL, O_DYN},
    {"walk", required_argument, NULL, O_WALK},
    {"policy", required_argument, NULL, O_POLICY},
    {"steal", required_argument, NULL, O_STEAL},
    {"tree", required_argument, NULL, 't'},
    {"work", required_argument, NULL, O_WORK},
    {"record-tree", required_argument, NULL, O_RECORD},
    {"place", required_argument, NULL, O_PLACE},
    {"verify", required_argument, NULL, O_VERIFY},
    {"shared", no_argument, NULL, O_SHARED},
    {"copy", no_argument, NULL, O_COPY},
    {"seed", required_argument, NULL, 's'},
    {"link-stats", required_argument, NULL, O_LINKS},
    {"links", required_argument, NULL, O_LINKS_OLD}, /* the old spelling (issue 29) */
    {"svg", required_argument, NULL, O_SVG},
    {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* The executed tree as a CSV tree file (dcnet/tree.h): rows in id order,
 * so the children of a task keep their order when read back. */
static int write_record(const char *path, const dn_rt_stats *st, dn_err *err)
{
    if (!st->task_parent)
        return dn_fail(err, DN_ENOMEM, "the run's tree was not recorded (out of memory)");
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    fprintf(f, "id,parent,work,bytes_down,bytes_up\n");
    for (int64_t t = 0; t < st->ntask_rec; t++)
        fprintf(f, "%lld,%lld,%.9g,%lld,%lld\n", (long long)t, (long long)st->task_parent[t],
                st->task_work[t], (long long)st->task_bytes_down[t],
                (long long)st->task_bytes_up[t]);
    return out_close(f, err);
}

static int write_links(const char *path, const dn_net *net, const dn_rt_stats *st, dn_err *err)
{
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    char a[64], b[64];
    fprintf(f, "src,dst,src_label,dst_label,messages,bytes\n");
    for (int64_t c = 0; c < st->links; c++) {
        if (!st->link_msgs[c])
            continue;
        dn_net_label(net, st->link_src[c], a, sizeof a);
        dn_net_label(net, st->link_dst[c], b, sizeof b);
        fprintf(f, "%d,%d,", st->link_src[c], st->link_dst[c]);
        csv_field(f, a);
        fputc(',', f);
        csv_field(f, b);
        fprintf(f, ",%lld,%lld\n",
                (long long)st->link_msgs[c], (long long)st->link_bytes[c]);
    }
    return out_close(f, err);
}

/* Gantt chart of the workers: one series per kind of work. */
static int write_timeline(const char *path, const char *title, const dn_rt_stats *st, dn_err *err)
{
    static const char *kinds[] = {"split", "solve", "merge", "wait", "task"};
    static const char *colors[] = {"#ff7f0e", "#1f77b4", "#2ca02c", "#cccccc", "#9467bd"};
    int64_t n = st->nspans;
    double *buf = malloc((size_t)(n ? n : 1) * 3 * sizeof *buf);
    if (!buf)
        return dn_fail(err, DN_ENOMEM, "out of memory for the timeline");
    plot_series ser[5];
    int ns = 0;
    double *x = buf, *y = buf + n, *e = buf + 2 * n;
    int64_t k = 0;
    for (int kind = 0; kind < 5; kind++) {
        int64_t first = k;
        for (int64_t i = 0; i < n; i++)
            if (st->spans[i].kind == kind) {
                x[k] = st->spans[i].start;
                y[k] = st->spans[i].worker;
                e[k++] = st->spans[i].end - st->spans[i].start;
            }
        if (k > first)
            ser[ns++] = (plot_series){kinds[kind], x + first, y + first, e + first,
                                      (int)(k - first), PLOT_SEGMENTS, 0, colors[kind]};
    }
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc) {
        free(buf);
        return rc;
    }
    /* one row per worker, none more: rows 0 .. workers - 1 */
    double h = 110 + 30.0 * (double)st->workers;
    plot_begin(f, 960, h);
    char (*names)[12] = malloc((size_t)st->workers * sizeof *names);
    const char **rows = malloc((size_t)st->workers * sizeof *rows);
    if (!names || !rows) {
        free(names);
        free(rows);
        free(buf);
        out_discard(f);
        return dn_fail(err, DN_ENOMEM, "out of memory for the timeline");
    }
    for (int w = 0; w < st->workers; w++) {
        snprintf(names[w], sizeof names[w], "%d", w);
        rows[w] = names[w];
    }
    plot_box b = {0, 0, 960, h, title, "seconds", "worker", 0, st->seconds > 0 ? st->seconds : 1,
                  -0.5, st->workers - 0.5, 0, 0, rows, st->workers, 0};
    plot_draw(f, &b, ser, ns);
    free(names);
    free(rows);
    plot_end(f);
    free(buf);
    return out_close(f, err);
}

/* --bandwidth: a bandwidth with its unit, or bytes per second (issue 29:
 * a bare number was megabytes per second before; one that slow, under 1
 * MB/s, is most likely an old value: a note says how it reads). */
static int exec_bandwidth(const char *cmd, const char *arg, double *bw)
{
    dn_err err;
    int unit = 0;
    if (dn_parse_quantity(arg, DN_Q_BANDWIDTH, 1, 1e15, "--bandwidth", bw, &unit, &err))
        return cli_usage(cmd, "%s", cli_errmsg(&err));
    if (!unit && *bw < 1e6)
        cli_errf("dcnet %s: note: --bandwidth %s is %s bytes per second (a bare number "
                 "is bytes per second; earlier versions read megabytes per second): "
                 "write %sMB/s for megabytes per second\n",
                 cmd, arg, arg, arg);
    return 0;
}

/* The options of one exec run, as given (exec_parse) and checked
 * (exec_check). */
typedef struct exec_args {
    const char *app_name, *net_spec, *map, *root_s, *links, *svg, *tree_spec, *record;
    const char *place_path;
    double work, bw;
    int64_t n, workers, seed, grain, walk;
    int n_given, walk_given, policy, verify_full, steal, steal_given;
    int steal_in_policy; /* --policy steal:K's K (-1: none), checked against --steal */
    int mode, dynamic, mpi, shared, copy, search;
} exec_args;

/* What a run holds, freed by exec_state_free (a zeroed state frees
 * nothing). */
typedef struct exec_state {
    int rank, size, root_rank;
    int64_t *place, place_len; /* --place: worker y on world rank place[y] */
    dn_net net;
    int have_net;
    dn_app_run app;
    dn_rt_stats st;
    dn_buf out;
    int64_t answer;
} exec_state;

/* --policy P (steal:K too) and --steal K: 0, or the exit code after a
 * usage error (a K of --steal and one of --policy steal:K that disagree,
 * in either order, issue 27 item 24). */
static int exec_policy_opt(const char *cmd, exec_args *a, int c, const char *arg)
{
    int rc;
    if (c == O_POLICY) {
        static const char *names[DN_POLICY_STEAL + 1]; /* the library's, from walk */
        static const char *const takes[] = {"half", "one", NULL};
        for (int p = DN_POLICY_WALK; p <= DN_POLICY_STEAL; p++)
            names[p - DN_POLICY_WALK] = dn_walk_policy_name((dn_walk_policy)p);
        int k;
        if (strncmp(arg, "steal:", 6) == 0) { /* steal:K, one word for sweeps */
            const int was = a->steal, by_steal = a->steal_given && a->steal_in_policy < 0;
            if ((rc = cli_keyword(cmd, "--policy steal:K", arg + 6, takes, &a->steal)))
                return rc;
            if (by_steal && a->steal != was)
                return cli_usage(cmd, "--policy %s and --steal %s disagree on what a thief "
                                      "takes: give one of them",
                                 arg, takes[was]);
            a->steal_given = 1;
            a->steal_in_policy = a->steal;
            a->policy = DN_POLICY_STEAL;
            return 0;
        }
        if ((rc = cli_keyword(cmd, "--policy", arg, names, &k)))
            return rc;
        a->policy = (dn_walk_policy)(DN_POLICY_WALK + k);
        return 0;
    }
    static const char *const names[] = {"half", "one", NULL}; /* --steal K */
    int was = a->steal;
    if ((rc = cli_keyword(cmd, "--steal", arg, names, &a->steal)))
        return rc;
    if (a->steal_in_policy >= 0 && a->steal != was)
        return cli_usage(cmd, "--steal %s and --policy steal:%s disagree on what a thief "
                              "takes: give one of them",
                         arg, names[was]);
    a->steal_given = 1;
    return 0;
}

/* One option c of the getopt loop into a: 0, or the exit code after a
 * usage error. */
static int exec_opt(const char *cmd, exec_args *a, int c, const char *arg)
{
    dn_err err;
    int rc;
    switch (c) {
    case 'n': /* -n is --net, as in every command; -n SIZE was --n */
        if (!arg[0] || arg[strspn(arg, "0123456789")]) {
            a->net_spec = arg;
            return 0;
        }
        cli_old_option(cmd, "-n SIZE", "--n SIZE (-n is --net in every command)");
        /* a number is no network, so the old meaning stands */
        /* fall through */
    case O_N:
        if (dn_parse_i64(arg, 1, (int64_t)1 << 31, "--n", &a->n, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        a->n_given = 1;
        return 0;
    case 't': a->tree_spec = arg; return 0;
    case O_RECORD: a->record = arg; return 0;
    case O_PLACE: a->place_path = arg; return 0;
    case O_WORK:
        if (dn_parse_double(arg, 0, 1e9, "--work (rounds per task)", &a->work, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    case 'p':
        if (dn_parse_i64(arg, 1, 4096, "--workers", &a->workers, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    case 'b': {
        const char *const names[] = {dn_backend_name(DN_BACKEND_THREADS),
                                     dn_backend_name(DN_BACKEND_MPI), NULL};
        int k, code = cli_keyword(cmd, "--backend", arg, names, &k);
        if (!code)
            a->mpi = k == DN_BACKEND_MPI;
        return code;
    }
    case O_GRAIN:
        if (dn_parse_i64(arg, 1, INT64_MAX, "--grain", &a->grain, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    case 'm': a->map = arg; return 0;
    case 'r': a->root_s = arg; return 0;
    case O_BW: return exec_bandwidth(cmd, arg, &a->bw);
    case O_DYN: a->dynamic = 1; return 0;
    case O_SHARED: a->shared = 1; return 0;
    case O_COPY: a->copy = 1; return 0;
    case O_VERIFY: {
        static const char *const names[] = {"fast", "full", NULL};
        return cli_keyword(cmd, "--verify", arg, names, &a->verify_full);
    }
    case O_POLICY:
    case O_STEAL: return exec_policy_opt(cmd, a, c, arg);
    case O_WALK:
        if (dn_parse_i64(arg, 0, 64, "--walk", &a->walk, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        a->walk_given = 1;
        return 0;
    case 's':
        if (dn_parse_i64(arg, 0, INT64_MAX, "--seed", &a->seed, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    case O_LINKS: a->links = arg; return 0;
    case O_LINKS_OLD: {
        static const char *const kw[] = {"directed", "undirected", NULL};
        if ((rc = cli_old_output(cmd, "--links", "--link-stats", arg, kw,
                                 "embed's --links (the channels contention counts)")))
            return rc;
        a->links = arg;
        return 0;
    }
    case O_SVG: a->svg = arg; return 0;
    case O_JSON: a->mode = OUT_JSON; return 0;
    case O_CSV: a->mode = OUT_CSV; return 0;
    }
    return cli_usage(cmd, "unknown option");
}

/* The command line into a; *done after --help. 0, or the exit code. */
static int exec_parse(const char *cmd, int argc, char **argv, exec_args *a, int *done)
{
    int c, code;
    memset(a, 0, sizeof *a);
    a->work = -1;
    a->workers = 4;
    a->seed = 1;
    a->walk = 2;
    a->policy = DN_POLICY_AUTO;
    a->steal_in_policy = -1;
    a->mode = OUT_TABLE;
    *done = 0;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:p:b:s:m:r:t:h", exec_opts, NULL)) != -1) {
        if (c == 'h') {
            fputs(exec_help, stdout);
            fputs(exec_help_more, stdout);
            fputs(exec_help_tail, stdout);
            *done = 1;
            return 0;
        }
        if (c == ':')
            return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        if (c == '?')
            return cli_bad_option(cmd, argv, exec_opts);
        if ((code = exec_opt(cmd, a, c, optarg)))
            return code;
    }
    if (optind < argc)
        a->app_name = argv[optind++];
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (!a->app_name)
        return cli_usage(cmd, "missing APP (mergesort, quicksort, matchain, prefix, max, "
                              "nqueens, search)");
    return 0;
}

/* The options that do not go together, the files, the backend: 0, or the
 * exit code after the message. Settles a->shared. */
static int exec_check(const char *cmd, exec_args *a)
{
    const int search = a->search = strcmp(a->app_name, "search") == 0;
    const int dynamic = a->dynamic, mpi = a->mpi, shared = a->shared, copy = a->copy;
    const char *net_spec = a->net_spec;
    int code;
    /* the options that do not go together, each with its fix, in the order
     * they are checked (issue 30, item 7: one table, not a run of ifs) */
    const struct {
        int when;
        const char *why;
    } conflicts[] = {
        {search && !dynamic, "search is an irregular tree: add --dynamic"},
        {search && a->n_given, "search's size is its tree's: give --tree, not --n"},
        {!search && a->tree_spec, "--tree belongs to the search app (dcnet exec search --dynamic)"},
        {!search && a->work >= 0, "--work belongs to the search app (dcnet exec search --dynamic)"},
        {a->map && !net_spec, "--map places workers on a network: give --net too"},
        {a->map && (strncmp(a->map, "file:", 5) == 0 || strcmp(a->map, "given") == 0),
         "--map names a mapping of the workers' binomial tree (identity, zrl, dccube, ...; "
         "'dcnet help maps'): a placement file goes to embed or simulate --map file:PATH, "
         "or with --backend mpi to --place FILE"},
        {a->walk_given && !dynamic, "--walk is how --dynamic places tasks: add --dynamic or drop it"},
        {a->policy != DN_POLICY_AUTO && !dynamic,
         "--policy is how --dynamic places tasks: add --dynamic or drop it"},
        {a->steal_given && a->policy != DN_POLICY_STEAL,
         "--steal says what a thief takes: add --dynamic --policy steal"},
        {a->walk_given && a->policy == DN_POLICY_STEAL,
         "--walk is the length of a placement walk; --policy steal places no task by "
         "walking: drop --walk"},
        {a->bw > 0 && !net_spec, "--bandwidth is that of an emulated network's links: give --net"},
        {a->links && !net_spec, "--link-stats counts the links of an emulated network: give --net"},
        {mpi && (net_spec || dynamic),
         "--backend mpi runs the static schedule, direct: drop --net, --dynamic"},
        {shared && copy, "--shared and --copy are the two forms of a run: give one"},
        {shared && (mpi || net_spec || dynamic),
         "--shared keeps the data in one process's memory: it runs on threads, direct (drop "
         "--backend mpi, --net, --dynamic)"},
        {copy && dynamic, "--copy is a form of the static schedule: drop --dynamic"},
    };
    for (size_t i = 0; i < sizeof conflicts / sizeof conflicts[0]; i++)
        if (conflicts[i].when)
            return cli_usage(cmd, "%s", conflicts[i].why);
    /* the shared form wherever memory is shared; copies only where a
     * message crosses memory (MPI) or carries emulated links' bytes */
    a->shared = !copy && !mpi && !net_spec && !dynamic;
    const out_file files[] = {{"--net", out_spec_file(net_spec), 0},
                              {"--tree", out_spec_file(a->tree_spec), 0},
                              {"--place", a->place_path, 0},
                              {"--record-tree", a->record, 1},
                              {"--link-stats", a->links, 1},
                              {"--svg", a->svg, 1},
                              out_report(1, a->mode)};
    if ((code = out_plan(cmd, files, 7)))
        return code;
    if (a->place_path && !mpi)
        return cli_usage(cmd, "--place puts workers on MPI ranks: add --backend mpi (on threads, "
                              "--net SPEC --map NAME places them on an emulated network)");
    if (mpi && !dn_have_mpi())
        return cli_fail(cmd, DN_ENOTSUP, "dcnet was built without MPI (install "
                                         "libopenmpi-dev and rebuild)");
    return 0;
}

/* --backend mpi: MPI started, and --place read by every rank (processors
 * are the world's ranks, and a placement holds at most as many tasks:
 * read no further). 0, or the exit code (MPI finalized again). */
static int exec_start(const char *cmd, const exec_args *a, exec_state *s)
{
    dn_err err;
    int rc, code;
    s->size = 1;
    if (a->mpi && (rc = dn_mpi_init(NULL, NULL, &s->rank, &s->size, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    if (!a->place_path)
        return 0;
    dn_place pl;
    dn_place_opts po = {0, s->size, s->size, NULL, 0};
    rc = dn_place_read(&pl, a->place_path, &po, &err);
    if (rc) {
        code = rc == DN_ENOMEM ? cli_fail(cmd, rc, cli_errmsg(&err))
                               : cli_usage(cmd, "--place: %s", cli_errmsg(&err));
        dn_mpi_finalize();
        return code;
    }
    s->place = pl.proc;
    s->root_rank = (int)s->place[0];
    s->place_len = pl.tasks;
    return 0;
}

/* The network, the app's input (rank 0 builds it and the reference; other
 * ranks only need the callbacks) and the run. 0, or the exit code. */
static int exec_run(const char *cmd, const exec_args *a, exec_state *s)
{
    dn_err err;
    int rc;
    dn_rt_opts o;
    memset(&o, 0, sizeof o);
    o.workers = a->mpi ? s->size : (int)a->workers;
    o.grain = (size_t)a->grain;
    o.backend = a->mpi ? DN_BACKEND_MPI : DN_BACKEND_THREADS;
    o.map = a->map;
    o.root = -1;
    o.walk = (int)a->walk;
    o.policy = a->policy;
    o.steal = a->steal;
    o.seed = (uint64_t)a->seed;
    o.timeline = a->svg != NULL;
    o.record_tree = a->record != NULL;
    o.place = s->place;
    o.place_len = s->place_len;
    o.link_bw = a->bw; /* bytes per second */
    if (a->net_spec) {
        if ((rc = dn_net_init(&s->net, a->net_spec, &err)))
            return cli_fail(cmd, rc, cli_errmsg(&err));
        s->have_net = 1;
        o.net = &s->net;
        if (a->root_s && (rc = dn_net_parse_node(&s->net, a->root_s, &o.root, &err)))
            return cli_usage(cmd, "--root: %s", cli_errmsg(&err));
    } else if (a->root_s) {
        return cli_usage(cmd, "--root is a processor of --net: give --net");
    }
    const int flags = (a->dynamic ? DN_APP_DYNAMIC : 0) | (a->verify_full ? DN_APP_VERIFY_FULL : 0);
    rc = a->search ? dn_app_init_search(&s->app, a->tree_spec ? a->tree_spec : SEARCH_TREE,
                                        a->work >= 0 ? a->work : 20000, (uint64_t)a->seed, 0,
                                        flags, &err)
                   : dn_app_init(&s->app, a->app_name, s->rank == s->root_rank ? a->n : 1,
                                 (uint64_t)a->seed, flags, &err);
    if (rc)
        return rc == DN_ENOMEM ? cli_fail(cmd, rc, cli_errmsg(&err)) : cli_usage(cmd, "%s", cli_errmsg(&err));
    if (a->shared && (rc = dn_app_share(&s->app, &err)))
        return rc == DN_ENOMEM ? cli_fail(cmd, rc, cli_errmsg(&err)) : cli_usage(cmd, "--shared: %s", cli_errmsg(&err));
    if (!o.grain)
        o.grain = s->app.grain;
    if (s->rank != s->root_rank) {
        free(s->app.input.data);
        s->app.input.data = NULL;
        s->app.input.len = 0;
    }
    progress pr;
    progress_init(&pr, "exec");
    rc = a->dynamic ? dn_rt_run_tree(&s->app.tree, &s->app.input, &s->answer, &o, &s->st, &err)
                    : dn_rt_run(&s->app.dc, &s->app.input, &s->out, &o, &s->st, &err);
    progress_done(&pr);
    return rc ? cli_fail(cmd, rc, cli_errmsg(&err)) : 0;
}

/* The run's record (docs/spec/cli.md's keys). */
static void exec_record(const exec_args *a, const exec_state *s, int verified, rec *r)
{
    const dn_rt_stats *st = &s->st;
    dn_rt_summary sum;
    dn_rt_stats_summary(st, &sum);
    rec_str(r, "app", s->app.name);
    rec_int(r, "n", s->app.n);
    rec_int(r, "workers", st->workers);
    rec_str(r, "backend", dn_backend_name(a->mpi ? DN_BACKEND_MPI : DN_BACKEND_THREADS));
    if (s->place)
        rec_int(r, "root_rank", s->root_rank); /* the world rank of task 0 */
    rec_str(r, "mode", a->dynamic ? "dynamic" : "static");
    rec_bool(r, "shared", a->shared);
    rec_dbl(r, "seconds", st->seconds);
    rec_bool(r, "verified", verified);
    rec_str(r, "verify", a->verify_full ? "full" : "fast");
    rec_int(r, "messages", st->messages);
    rec_int(r, "bytes", st->bytes);
    if (!a->dynamic)
        rec_int(r, "depth", st->depth);
    else {
        rec_int(r, "tasks", st->tasks);
        rec_str(r, "policy", dn_walk_policy_name((dn_walk_policy)st->policy));
        rec_bool(r, "bipartite", st->bipartite);
        if (st->policy == DN_POLICY_STEAL) {
            rec_str(r, "steal", a->steal ? "one" : "half");
            rec_int(r, "steals", st->steals);
            rec_int(r, "steal_attempts", st->steal_attempts);
        } else {
            rec_int(r, "walk", a->walk);
        }
        rec_int(r, "worker_tasks.min", sum.tasks_min);
        rec_int(r, "worker_tasks.max", sum.tasks_max);
        rec_dbl(r, "worker_tasks.mean", sum.tasks_mean);
        rec_int(r, "max_worker_tasks", sum.tasks_max);
        rec_dbl(r, "worker_idle.min", sum.idle_min);
        rec_dbl(r, "worker_idle.max", sum.idle_max);
        rec_dbl(r, "worker_idle.mean", sum.idle_mean);
        rec_int(r, "answer", s->answer);
    }
    if (a->net_spec) {
        rec_str(r, "net", s->net.spec);
        if (a->dynamic)
            rec_int(r, "hop_messages", st->hop_messages);
        if (!a->dynamic) {
            rec_str(r, "map", a->map ? a->map : "identity");
            rec_int(r, "hop_messages", st->hop_messages);
            rec_int(r, "hop_bytes", st->hop_bytes);
            rec_int(r, "links_used", sum.links_used);
            rec_int(r, "max_link_messages", sum.link_msgs_max);
        }
    }
}

/* On the root rank: the check, the files asked for, the record. 0, or
 * the exit code (1 when the result fails its check). */
static int exec_report(const char *cmd, const exec_args *a, const exec_state *s)
{
    dn_err err, verr;
    int rc;
    int verified = dn_app_verify(&s->app, &s->out, s->answer, &verr) == DN_OK;
    if (a->record && (rc = write_record(a->record, &s->st, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    if (a->links && (rc = write_links(a->links, &s->net, &s->st, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    if (a->svg) {
        char title[200];
        snprintf(title, sizeof title, "%s, n = %lld, %d workers%s%s: %.3f s", s->app.name,
                 (long long)s->app.n, s->st.workers, a->net_spec ? " on " : "",
                 a->net_spec ? a->net_spec : "", s->st.seconds);
        if ((rc = write_timeline(a->svg, title, &s->st, &err)))
            return cli_fail(cmd, rc, cli_errmsg(&err));
    }
    rec r = {0};
    exec_record(a, s, verified, &r);
    rec_print(&r, a->mode, stdout);
    rec_free(&r);
    if (!verified) {
        cli_errf("dcnet exec: result NOT verified: %s\n", verr.msg);
        return 1;
    }
    return 0;
}

static void exec_state_free(const exec_args *a, exec_state *s)
{
    free(s->out.data);
    dn_rt_stats_free(&s->st);
    dn_app_free(&s->app);
    free(s->place);
    if (s->have_net)
        dn_net_free(&s->net);
    if (a->mpi) {
        fflush(stdout);
        dn_mpi_finalize();
    }
}

int cmd_exec(int argc, char **argv)
{
    const char *cmd = "exec";
    exec_args a;
    exec_state s;
    int done, code;
    if ((code = exec_parse(cmd, argc, argv, &a, &done)) || done)
        return code;
    if ((code = exec_check(cmd, &a)))
        return code;
    memset(&s, 0, sizeof s);
    if ((code = exec_start(cmd, &a, &s)))
        return code;
    code = exec_run(cmd, &a, &s);
    if (!code && s.rank == s.root_rank)
        code = exec_report(cmd, &a, &s);
    exec_state_free(&a, &s);
    return code;
}
