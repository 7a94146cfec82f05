/*
 * cmd_tree.c - `dcnet tree`: facts of a task tree (nodes, height, phases,
 * leaves, expected size; for MPI's trees their send order and schedule)
 * and, with --list, every node with its seed 000 label (binomial) or MPI
 * rank (ompi-bcast, mpich-bcast), parent, children, depth and receive
 * phase (and its weights, for a tree file); with --format, the tree written as a tree file (CSV, DOT,
 * SCOTCH .grf) that --tree file: reads back node by node.
 */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#define STR_(x) #x
#define STR(x) STR_(x) /* a macro's value in a string literal */

static const char tree_help[] =
    "Usage: dcnet tree --tree SPEC [OPTION]...\n"
    "Print the facts of a task tree, or list its nodes.\n"
    "\n"
    "  -t, --tree SPEC        the tree (see 'dcnet help trees'), e.g. binomial:4\n"
    "  -s, --seed S           seed for random trees (default 1)\n"
    "      --max-nodes N      stop sampling a random tree past N nodes (default 2^24)\n"
    "      --mem-limit SIZE   memory a tree file may take to read: GiB, or with a\n"
    "                         unit, 512MiB (default 8:\n"
    "                         its bytes plus " STR(DN_TREE_FILE_NODE_BYTES) " bytes a node, counted as read)\n"
    "      --list             list every node (at most 2^26, streamed: constant\n"
    "                         memory)\n"
    "      --format FMT       write the tree as a tree file: csv, dot or grf (read\n"
    "                         back by --tree file:PATH as written; what a format\n"
    "                         cannot hold is refused: 'dcnet help formats')\n"
    "  -o, --output FILE      where --format writes (default: standard output)\n"
    "      --json             one JSON object on stdout\n"
    "      --csv              CSV on stdout\n"
    "  -h, --help             show this help\n"
    "\n"
    "Binomial trees use seed 000's labels 0^m z 1: node y has label 2y+1 in n+1\n"
    "bits, m = n - bitlen(y) children, receives in phase n - m and sends to its\n"
    "i-th child in phase n - m + i.\n"
    "\n"
    "      --bytes SIZE       the broadcast's size (4, 4KiB, 1MiB): MPI trees\n"
    "                         without @ALG are the algorithm Open MPI 4.1 runs\n"
    "                         for P ranks at that size\n"
    "      --ppn K            MPICH's ranks per node (1 .. 1024, in blocks; the\n"
    "                         last node may hold fewer): mpich-bcast without @ALG\n"
    "                         is then MPICH 4.0's default for P, K and --bytes\n"
    "                         (@smp:K, @smp_beta:K or @binomial); without --ppn\n"
    "                         it is MPICH's binomial\n"
    "\n"
    "MPI's trees (ompi-bcast:P[:ROOT][@ALG], mpich-bcast:P[:ROOT][@ALG]): task v is\n"
    "MPI's virtual rank, rank (v + ROOT) mod P; its children are listed in its\n"
    "library's send order, and dcnet plays one send per phase in that order\n"
    "(child i of a task receiving in phase p receives in phase p + i + 1).\n"
    "Without @ALG, ompi-bcast is the algorithm Open MPI 4.1's fixed rules pick\n"
    "for P and --bytes (@binomial, @knomial:K, @bintree, @chain:F, @pipeline,\n"
    "@linear force one); the JSON names it and why. mpich-bcast with --ppn is\n"
    "MPICH 4.0's selection for P, --ppn and --bytes, else its binomial.\n"
    "\n"
    "Limits: binomial and complete trees are implicit (up to 2^62 nodes, no\n"
    "memory); random trees take 20 bytes per node and stop at --max-nodes\n"
    "(at most 2^32); tree files take 111 to 157 bytes per node while read and\n"
    "stop at --max-nodes too; --list streams at most 2^26 nodes in constant\n"
    "memory; --format writes at most 2^31 nodes.\n"
    "\n"
    "Examples:\n"
    "  dcnet tree --tree binomial:3 --list\n"
    "  dcnet tree --tree repro:100 --seed 7 --json\n"
    "  dcnet tree --tree crt:6:0.2,0.3,0.5\n"
    "  dcnet tree --tree mpich-bcast:6:2 --list\n"
    "  dcnet tree --tree ompi-bcast:64 --bytes 1MiB --list\n"
    "  dcnet tree --tree mpich-bcast:64 --bytes 4KiB --ppn 8 --list\n"
    "  dcnet tree --tree binomial:5 --format csv -o b5.csv\n"
    "  dcnet tree --tree file:b5.csv --json\n";

enum { O_MAXN = 256, O_MEM, O_LIST, O_FORMAT, O_JSON, O_CSV, O_BYTES, O_PPN };

static const struct option tree_opts[] = {
    {"tree", required_argument, NULL, 't'},
    {"seed", required_argument, NULL, 's'},
    {"max-nodes", required_argument, NULL, O_MAXN},
    {"mem-limit", required_argument, NULL, O_MEM},
    {"list", no_argument, NULL, O_LIST},
    {"format", required_argument, NULL, O_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"bytes", required_argument, NULL, O_BYTES},
    {"ppn", required_argument, NULL, O_PPN},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static const char *kind_name(const dn_tree_model *m, char *buf, size_t cap)
{
    switch (m->kind) {
    case DN_TREE_BINOMIAL: return "binomial";
    case DN_TREE_COMPLETE: return "complete";
    case DN_TREE_CRT: return "complete-tree-based random";
    case DN_TREE_RCT: return "randomized complete";
    case DN_TREE_REPRO: return "reproduction (Galton-Watson)";
    case DN_TREE_FILE: return "file";
    case DN_TREE_OMPI_BCAST:
    case DN_TREE_MPICH_BCAST: { /* the library and the algorithm that runs */
        dn_mpi_choice c;
        dn_err e;
        if (dn_tree_mpi_choose(m, &c, &e))
            return "?";
        snprintf(buf, cap, "%s %s broadcast", m->kind == DN_TREE_OMPI_BCAST ? "Open MPI" : "MPICH",
                 c.name);
        return buf;
    }
    default: return "?";
    }
}

static int is_mpi_tree(const dn_tree_model *m)
{
    return m->kind == DN_TREE_OMPI_BCAST || m->kind == DN_TREE_MPICH_BCAST;
}

void mpi_force_text(const dn_mpi_choice *c, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (strncmp(c->library, "Open MPI", 8) != 0) { /* MPICH: the environment as it is */
        snprintf(buf, cap, "%s", c->force);
        return;
    }
    for (const char *p = c->force; *p && len < cap;) { /* NAME=VALUE -> --mca NAME VALUE */
        size_t n = strcspn(p, " "), eq = strcspn(p, "=");
        if (eq > n)
            eq = n;
        int w = snprintf(buf + len, cap - len, "%s--mca %.*s %.*s", len ? " " : "", (int)eq, p,
                         (int)(n > eq ? n - eq - 1 : 0), p + eq + (n > eq));
        if (w < 0)
            break;
        len += (size_t)w;
        p += n;
        p += strspn(p, " ");
    }
}

const char *mpi_why_text(const dn_tree_model *m, const dn_mpi_choice *c, char *buf, size_t cap)
{
    /* the library speaks of the ranks per node; the option that gives them */
    if (m->kind == DN_TREE_MPICH_BCAST && m->mpi_ppn == 0 && c->alg == DN_MPI_BINOMIAL &&
        strstr(c->why, "the ranks per node"))
        snprintf(buf, cap, "%s (--ppn K)", c->why);
    else
        snprintf(buf, cap, "%s", c->why);
    return buf;
}

int cli_ppn(const char *cmd, const char *arg, int64_t *ppn)
{
    dn_err e;
    if (dn_parse_i64(arg, 1, DN_MPI_PPN_MAX, "--ppn (MPI ranks per node)", ppn, &e))
        return cli_usage(cmd, "%s", cli_errmsg(&e));
    return 0;
}

void tree_mpi_record(const dn_tree_model *m, rec *r)
{
    dn_mpi_choice c;
    dn_err e;
    char why[300];
    if ((m->kind != DN_TREE_OMPI_BCAST && m->kind != DN_TREE_MPICH_BCAST) ||
        dn_tree_mpi_choose(m, &c, &e))
        return;
    rec_str(r, "mpi_algorithm", c.name);
    rec_str(r, "mpi_why", mpi_why_text(m, &c, why, sizeof why));
}

int tree_mpi_bytes(const char *cmd, dn_tree_model *m, double bytes, int64_t ppn)
{
    if (ppn > 0 && m->kind != DN_TREE_MPICH_BCAST)
        return cli_usage(cmd, "--ppn places MPICH's ranks on nodes for its node-aware "
                              "broadcast (mpich-bcast); %s: drop it",
                         m->kind == DN_TREE_OMPI_BCAST
                             ? "Open MPI 4.1's tuned broadcast does not depend on it"
                             : "this tree is no MPI broadcast");
    m->mpi_ppn = ppn;
    if (m->kind != DN_TREE_OMPI_BCAST && m->kind != DN_TREE_MPICH_BCAST)
        return bytes > 0 && strcmp(cmd, "simulate") != 0 /* simulate's sizes messages too */
                   ? cli_usage(cmd, "--bytes sizes an MPI broadcast (ompi-bcast, "
                                    "mpich-bcast); drop it for %s", "this tree")
                   : 0;
    /* tree and embed read --bytes only as the broadcast's message size, a
       whole number of bytes (MPI counts them in a size_t); simulate's may be
       a count of t_e units on a network without link costs, so it keeps them */
    if (bytes != floor(bytes) && strcmp(cmd, "simulate") != 0)
        return cli_usage(cmd, "--bytes %.17g is not a whole number of bytes: an MPI "
                              "message size is an integer (e.g. 2 or 1KiB)", bytes);
    m->mpi_bytes = bytes;
    return 0;
}

const char *tree_numbering(const dn_tree_model *m)
{
    switch (m->kind) {
    case DN_TREE_BINOMIAL:
        return "seed 000's numbering: the children of task y are (y << i) | 2^(i-1), i = 1, "
               "2, ...";
    case DN_TREE_OMPI_BCAST: {
        dn_mpi_choice c;
        dn_err e;
        if (dn_tree_mpi_choose(m, &c, &e) || c.alg != DN_MPI_BINOMIAL)
            return "Open MPI's broadcast in virtual ranks v = (r - ROOT) mod P, children in "
                   "its send order";
        return "Open MPI's binomial broadcast numbering: the parent of virtual rank v is v "
               "with its highest set bit cleared; children v + 2^j, nearest first";
    }
    case DN_TREE_MPICH_BCAST: {
        dn_mpi_choice c;
        dn_err e;
        if (dn_tree_mpi_choose(m, &c, &e) || c.alg != DN_MPI_BINOMIAL)
            return "MPICH's node-aware broadcast in virtual ranks v = (r - ROOT) mod P, "
                   "children in its send order";
        return "MPICH's binomial broadcast numbering: the parent of virtual rank v is v with "
               "its lowest set bit cleared; children v + 2^j, farthest first";
    }
    default: return "dcnet's task ids";
    }
}

/* The rows are streamed: memory does not grow with the tree (a record
 * per row took 21 KB, and binomial:20 ran out of memory). */
#define LIST_MAX ((int64_t)1 << 26)
static void node_row(const dn_tree *t, int64_t v, rec *r)
{
    char lab[80];
    rec_clear(r);
    rec_int(r, "id", v);
    if (t->model.kind == DN_TREE_BINOMIAL) {
        dn_binomial_label(t->model.n, v, lab, sizeof lab);
        rec_str(r, "label", lab);
    }
    if (is_mpi_tree(&t->model))
        rec_int(r, "rank", dn_tree_rank(t, v));
    rec_int(r, "parent", dn_tree_parent(t, v));
    rec_int(r, "children", dn_tree_num_children(t, v));
    rec_int(r, "depth", dn_tree_depth(t, v));
    rec_int(r, "recv_phase", dn_tree_recv_phase(t, v));
    if (t->work)
        rec_dbl(r, "work", t->work[v]);
    if (t->bytes_down)
        rec_dbl(r, "bytes_down", t->bytes_down[v]);
    if (t->bytes_up)
        rec_dbl(r, "bytes_up", t->bytes_up[v]);
}

static int list_nodes(const char *cmd, const dn_tree *t, rec *head, int mode)
{
    if (t->nodes > LIST_MAX)
        return cli_fail(cmd, DN_ELIMIT, "--list prints at most 2^26 nodes (about 3 GB of text)");
    rec row = {0}, *r = &row;
    /* column widths known in advance: digits of the largest values */
    char buf[32];
    int idw = snprintf(buf, sizeof buf, "%lld", (long long)(t->nodes - 1));
    int hw = snprintf(buf, sizeof buf, "%d", t->height);
    int cw = t->model.kind == DN_TREE_BINOMIAL ? snprintf(buf, sizeof buf, "%d", t->model.n)
             : t->model.kind == DN_TREE_COMPLETE ? snprintf(buf, sizeof buf, "%lld",
                                                            (long long)t->model.b)
             : is_mpi_tree(&t->model) ? snprintf(buf, sizeof buf, "%d", dn_tree_phases(t))
                                      : idw;
    /* columns: id, then label (binomial) or rank (MPI), parent, children,
     * depth, recv_phase, weights */
    int binom = t->model.kind == DN_TREE_BINOMIAL, mpi = is_mpi_tree(&t->model);
    int widths[10] = {idw, binom ? t->model.n + 1 : idw, binom || mpi ? idw : cw,
                      binom || mpi ? cw : hw, hw, hw, 12, 12, 12, 12};
    row_stream st;
    node_row(t, 0, r);
    rows_stream_begin(&st, head, r, widths, "list", mode, stdout);
    for (int64_t v = 0; v < t->nodes && !ferror(stdout); v++) {
        node_row(t, v, r);
        rows_stream_row(&st, r);
    }
    rows_stream_end(&st);
    rec_free(r);
    return 0;
}

int cmd_tree(int argc, char **argv)
{
    const char *cmd = "tree", *spec = NULL, *format = NULL, *output = NULL;
    int mode = OUT_TABLE, list = 0, c, rc, code;
    int64_t seed = 1, max_nodes = 0, mem_limit = DN_NET_DEFAULT_MEM_LIMIT;
    double bytes = 0;
    int64_t ppn = 0;
    dn_tree_model m;
    dn_tree t;
    dn_err err;
    rec r = {0};

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":t:s:o:h", tree_opts, NULL)) != -1) {
        switch (c) {
        case 't': spec = optarg; break;
        case 's':
            if (dn_parse_i64(optarg, 0, INT64_MAX, "--seed", &seed, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_MAXN:
            if (dn_parse_i64(optarg, 1, (int64_t)1 << 32, "--max-nodes", &max_nodes, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_MEM:
            if ((rc = cli_mem_limit(cmd, optarg, &mem_limit)))
                return rc;
            break;
        case O_LIST: list = 1; break;
        case O_BYTES:
            if (dn_parse_quantity(optarg, DN_Q_SIZE, 1, 1e18, "--bytes", &bytes, NULL, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            break;
        case O_PPN:
            if ((code = cli_ppn(cmd, optarg, &ppn)))
                return code;
            break;
        case O_FORMAT: format = optarg; break;
        case 'o': output = optarg; break;
        case O_JSON: mode = OUT_JSON; break;
        case O_CSV: mode = OUT_CSV; break;
        case 'h': fputs(tree_help, stdout); return 0;
        case ':': return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_bad_option(cmd, argv, tree_opts);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (!spec)
        return cli_usage(cmd, "missing --tree SPEC (e.g. --tree binomial:4; see 'dcnet help trees')");
    dn_tree_format fmt = DN_TREE_FMT_CSV;
    if (format && dn_tree_format_parse(format, &fmt))
        return cli_usage(cmd, "--format is csv, dot or grf, not '%s'", format);
    if (output && !format)
        return cli_usage(cmd, "-o writes the tree file of --format: add --format csv|dot|grf");
    if (format && (list || mode != OUT_TABLE))
        return cli_usage(cmd, "--format writes a tree file; --list, --json and --csv print "
                              "facts: give one or the other");
    const out_file files[] = {{"--tree", out_spec_file(spec), 0}, {"-o", output, 1}};
    if ((code = out_plan(cmd, files, 2)))
        return code;
    if ((rc = dn_tree_model_parse(spec, &m, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    m.mem_limit = mem_limit;
    if ((code = tree_mpi_bytes(cmd, &m, bytes, ppn)))
        return code;
    if ((rc = dn_tree_init(&t, &m, (uint64_t)seed, max_nodes, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    if (format) {
        FILE *f;
        if ((rc = out_open(output ? output : "-", &f, &err)) == DN_OK)
            rc = out_end(f, dn_tree_write(&t, fmt, f, &err), &err);
        dn_tree_free(&t);
        return rc ? cli_fail(cmd, rc, cli_errmsg(&err)) : 0;
    }
    rec_str(&r, "tree", spec);
    char kind[64];
    rec_str(&r, "kind", kind_name(&m, kind, sizeof kind));
    rec_bool(&r, "random", dn_tree_model_is_random(&m));
    if (dn_tree_model_is_random(&m))
        rec_int(&r, "seed", seed);
    rec_int(&r, "nodes", t.nodes);
    rec_int(&r, "height", t.height);
    rec_int(&r, "phases", dn_tree_phases(&t));
    if (!list)
        rec_int(&r, "leaves", dn_tree_leaves(&t));
    if (m.kind == DN_TREE_FILE) { /* a fixed tree: its weights' totals */
        const double *w[3] = {t.work, t.bytes_down, t.bytes_up};
        static const char *const wn[3] = {"work_total", "bytes_down_total", "bytes_up_total"};
        for (int k = 0; k < 3; k++)
            if (w[k]) {
                double sum = 0;
                for (int64_t v = 0; v < t.nodes; v++)
                    sum += w[k][v];
                rec_dbl(&r, wn[k], sum);
            }
    } else {
        rec_dbl(&r, "expected_nodes", dn_tree_model_expected_size(&m));
    }
    if (is_mpi_tree(&m)) { /* the numbering, the send order, what dcnet plays */
        char iso[40];
        rec_int(&r, "ranks", m.ranks);
        rec_int(&r, "root_rank", m.root_rank);
        dn_mpi_choice ch;
        dn_tree_mpi_choose(&m, &ch, &err); /* dn_tree_init made the same choice */
        rec_str(&r, "library", ch.library);
        rec_str(&r, "algorithm", ch.name);
        char why[300];
        rec_str(&r, "why", mpi_why_text(&m, &ch, why, sizeof why));
        if (m.mpi_bytes > 0)
            rec_dbl(&r, "bytes", m.mpi_bytes);
        else
            rec_null(&r, "bytes");
        if (m.mpi_ppn > 0)
            rec_int(&r, "ppn", m.mpi_ppn);
        else
            rec_null(&r, "ppn");
        char force[400];
        mpi_force_text(&ch, force, sizeof force);
        rec_str(&r, m.kind == DN_TREE_OMPI_BCAST ? "mpirun" : "environment", force);
        rec_str(&r, "send_order", ch.alg != DN_MPI_BINOMIAL ? "as the library posts its sends"
                                  : m.kind == DN_TREE_OMPI_BCAST ? "nearest first"
                                                                 : "farthest first");
        rec_str(&r, "schedule", "one send per phase in send order");
        if (dn_tree_binomial_iso(&t) >= 0)
            snprintf(iso, sizeof iso, "binomial:%d", dn_tree_binomial_iso(&t));
        rec_str(&r, "renames", dn_tree_binomial_iso(&t) >= 0 ? iso : "none");
    }
    if (list) {
        code = list_nodes(cmd, &t, &r, mode);
    } else {
        rec_print(&r, mode, stdout);
        code = 0;
    }
    rec_free(&r);
    dn_tree_free(&t);
    return code;
}
