/*
 * cmd_net.c - `dcnet net`: facts of a network (nodes, edges, degrees,
 * diameter), planarity, Sneptree circuits, neighbours of a node, and export
 * as an edge list, SCOTCH .grf or Graphviz DOT.
 */
#include "cli.h"
#include "plot.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char net_help[] =
    "Usage: dcnet net --net SPEC [OPTION]...\n"
    "Print the facts of a network: nodes, edges (arcs if directed), degree\n"
    "statistics, diameter; or write the network as a graph file.\n"
    "\n"
    "  -n, --net SPEC         the network (see 'dcnet help nets'), e.g. debruijn:4\n"
    "      --json             one JSON object on stdout\n"
    "      --csv              CSV header and row on stdout\n"
    "      --planar           also test planarity (Boyer-Myrvold; n <= 2^22)\n"
    "      --circuits         Sneptrees: check that the left and right successors\n"
    "                         form two edge-disjoint Hamiltonian circuits\n"
    "      --neighbors NODE   list the out-neighbours of NODE (id or label)\n"
    "      --from NODE        BFS from NODE: eccentricity and how many nodes lie\n"
    "                         at each distance\n"
    "      --tree-of T        ddb:K only: the spanning tree up0, up1, down0 or down1\n"
    "                         of seed 003 (root, depth, leaves; arcs as DDB links)\n"
    "      --svg FILE         with --tree-of: draw the tree (K <= 8); on a Sneptree\n"
    "                         of height <= 6: the H-tree layout of seed 004's\n"
    "                         Fig. 4 (planar for sneptree-s:2..4)\n"
    "      --format FMT       write the graph instead: edgelist, grf or dot\n"
    "  -o, --output FILE      with --format: write to FILE instead of stdout\n"
    "      --bfs-limit N      compute the diameter by all-pairs BFS only when\n"
    "                         there is no closed form and n <= N (default 65536)\n"
    "      --exact            ignore closed forms: scan degrees and run BFS\n"
    "      --threads N        threads for all-pairs BFS (default 2)\n"
    "      --mem-limit SIZE   memory allowed for materialising: GiB, or with a unit,\n"
    "                         512MiB (default 8)\n"
    "  -h, --help             show this help\n"
    "\n"
    "Degrees of directed networks count in- plus out-arcs (a DDB(k) node has\n"
    "degree 4). Diameters come from closed forms where known (de Bruijn k,\n"
    "hypercube d, mesh R+C-2, torus R/2+C/2, butterfly 2C, wrapped butterfly\n"
    "3C/2, cbt 2H), each checked against BFS in the test suite.\n"
    "\n"
    "Limits: facts by closed form up to 2^50 nodes without memory; --from,\n"
    "--exact, --format and --planar materialise the graph, which needs fewer\n"
    "than 2^31 nodes, at most --mem-limit bytes (debruijn:24 takes 385 MiB),\n"
    "2^31 edges to write and 2^22 nodes for --planar. All-pairs BFS costs\n"
    "about n/64 (n + m) diameter steps; --bfs-limit is capped at 2^20.\n"
    "\n"
    "Examples:\n"
    "  dcnet net --net debruijn:4\n"
    "  dcnet net --net ddb:10 --json\n"
    "  dcnet net --net sneptree-t:3 --planar --circuits\n"
    "  dcnet net --net mesh:4x4 --neighbors 1,1\n"
    "  dcnet net --net debruijn:8 --from 00000000\n"
    "  dcnet net --net butterfly:3 --format dot -o bf3.dot\n"
    "  dcnet net --net ddb:4 --tree-of down0 --svg down0.svg\n";

enum { O_JSON = 256, O_CSV, O_PLANAR, O_CIRCUITS, O_NEIGHBORS, O_FORMAT, O_BFSLIMIT, O_EXACT,
       O_THREADS, O_MEMLIMIT, O_FROM, O_TREEOF, O_SVG };

static const struct option net_opts[] = {
    {"net", required_argument, NULL, 'n'},
    {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"planar", no_argument, NULL, O_PLANAR},
    {"circuits", no_argument, NULL, O_CIRCUITS},
    {"neighbors", required_argument, NULL, O_NEIGHBORS},
    {"from", required_argument, NULL, O_FROM},
    {"tree-of", required_argument, NULL, O_TREEOF},
    {"svg", required_argument, NULL, O_SVG},
    {"format", required_argument, NULL, O_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"bfs-limit", required_argument, NULL, O_BFSLIMIT},
    {"exact", no_argument, NULL, O_EXACT},
    {"threads", required_argument, NULL, O_THREADS},
    {"mem-limit", required_argument, NULL, O_MEMLIMIT},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static const char *method_name(int src)
{
    return src == DN_FACT_CLOSED ? "closed form" : src == DN_FACT_BFS ? "bfs" : "none";
}

/* Fills the facts record; returns a dn status. */
int net_facts_record(const dn_net *net, const dn_facts_opts *fo, rec *r, dn_err *err)
{
    dn_facts f;
    char desc[160];
    int rc = dn_net_facts(net, fo, &f, err);
    if (rc)
        return rc;
    rec_str(r, "net", net->spec);
    rec_str(r, "description", dn_net_describe(net, desc, sizeof desc));
    rec_int(r, "nodes", f.nodes);
    rec_int(r, "edges", f.edges);
    rec_bool(r, "directed", f.directed);
    rec_int(r, "degree.min", f.deg_min);
    rec_int(r, "degree.max", f.deg_max);
    rec_dbl(r, "degree.avg", f.deg_avg);
    if (f.directed) {
        rec_int(r, "out_degree.min", f.out_min);
        rec_int(r, "out_degree.max", f.out_max);
        rec_int(r, "in_degree.min", f.in_min);
        rec_int(r, "in_degree.max", f.in_max);
    }
    if (f.diameter_source != DN_FACT_NONE && f.diameter >= 0)
        rec_int(r, "diameter", f.diameter);
    else
        rec_null(r, "diameter");
    rec_str(r, "diameter_method", method_name(f.diameter_source));
    if (f.diameter_source != DN_FACT_NONE)
        rec_bool(r, "connected", f.diameter >= 0);
    if (f.avg_distance >= 0)
        rec_dbl(r, "avg_distance", f.avg_distance);
    /* processors are nodes 0 .. P-1, switches the rest (direct networks: none) */
    rec_int(r, "processors", dn_net_processors(net));
    rec_int(r, "switches", net->n - dn_net_processors(net));
    return DN_OK;
}

static int circuits_record(const dn_net *net, rec *r, dn_err *err)
{
    int64_t *cells = malloc((size_t)net->n * sizeof *cells);
    int ok[2], disjoint = 1, rc = DN_OK;
    if (!cells)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    for (int side = 0; side < 2; side++) {
        rc = dn_sneptree_circuit(net, side, cells, NULL);
        ok[side] = rc == DN_OK;
    }
    for (int64_t c = 0; c < net->n; c++)
        if (dn_sneptree_succ(net, c, 0) == dn_sneptree_succ(net, c, 1))
            disjoint = 0;
    free(cells);
    rec_bool(r, "circuits.left_hamiltonian", ok[0]);
    rec_bool(r, "circuits.right_hamiltonian", ok[1]);
    rec_bool(r, "circuits.edge_disjoint", disjoint);
    return DN_OK;
}

/* The head of a per-node report: network, node id (under `key`), label. */
static void node_head(rec *head, const dn_net *net, const char *key, int64_t v)
{
    char lab[80];
    rec_str(head, "net", net->spec);
    rec_int(head, key, v);
    dn_net_label(net, v, lab, sizeof lab);
    rec_str(head, "label", lab);
}

/* BFS from one node: the distance profile (how many nodes per distance). */
static int distances_out(const char *cmd, const dn_net *net, const char *node, int64_t mem_limit,
                         int mode)
{
    dn_err err;
    dn_csr g;
    int64_t v, reached, *count = NULL;
    int32_t *dist = NULL, ecc;
    rec head = {0}, *rows = NULL;
    int rc, code = 0;
    if ((rc = dn_net_parse_node(net, node, &v, &err)) ||
        (rc = dn_net_materialize(net, &g, mem_limit, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    dist = malloc((size_t)g.n * sizeof *dist);
    if (!dist || dn_bfs(&g, v, dist, &ecc, &reached) != DN_OK) {
        code = cli_fail(cmd, DN_ENOMEM, "out of memory");
        goto done;
    }
    count = calloc((size_t)ecc + 1, sizeof *count);
    rows = calloc((size_t)ecc + 1, sizeof *rows);
    if (!count || !rows) {
        code = cli_fail(cmd, DN_ENOMEM, "out of memory");
        goto done;
    }
    for (int64_t u = 0; u < g.n; u++)
        if (dist[u] >= 0)
            count[dist[u]]++;
    node_head(&head, net, "source", v);
    rec_int(&head, "eccentricity", ecc);
    rec_int(&head, "reached", reached);
    rec_int(&head, "unreachable", g.n - reached);
    for (int32_t d = 0; d <= ecc; d++) {
        rec_int(&rows[d], "distance", d);
        rec_int(&rows[d], "nodes", count[d]);
    }
    rows_print(&head, rows, ecc + 1, "distances", mode, stdout);
done:
    rec_free(&head);
    rec_free_rows(rows, rows ? ecc + 1 : 0);
    free(count);
    free(dist);
    dn_csr_free(&g);
    return code;
}

static int neighbors_out(const char *cmd, const dn_net *net, const char *node, int mode)
{
    dn_err err;
    int64_t v, *nb;
    int d, rc;
    char lab[80];
    rec head = {0}, row_rec = {0}, *row = &row_rec;
    if ((rc = dn_net_parse_node(net, node, &v, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    nb = malloc((size_t)(net->max_out ? net->max_out : 1) * sizeof *nb);
    if (!nb)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    d = dn_net_neighbors(net, v, nb);
    /* streamed: one record at a time (complete:200000 took 933 MB) */
    node_head(&head, net, "node", v);
    rec_int(&head, "out_degree", d);
    char buf[32];
    int idw = snprintf(buf, sizeof buf, "%lld", (long long)(net->n - 1));
    int widths[3] = {idw, 0, 5};
    row_stream st;
    for (int i = 0; i < d || (i == 0 && d == 0); i++) {
        rec_clear(row);
        rec_int(row, "id", d ? nb[i] : 0);
        dn_net_label(net, d ? nb[i] : 0, lab, sizeof lab);
        rec_str(row, "label", lab);
        if (dn_net_is_sneptree(net))
            rec_str(row, "side", i == 0 ? "left" : "right");
        if (i == 0) {
            widths[1] = (int)strlen(lab);
            rows_stream_begin(&st, &head, row, widths, "neighbors", mode, stdout);
        }
        if (d)
            rows_stream_row(&st, row);
    }
    rows_stream_end(&st);
    rec_free(row);
    rec_free(&head);
    free(nb);
    return 0;
}

/* --tree-of: the spanning tree's facts, measured by walking it. */
static int tree_of(const char *cmd, const dn_net *net, const char *name, const char *svg, int mode)
{
    dn_err err;
    dn_ddb_tree t;
    if (dn_net_routing_of(net, NULL) != DN_NET_ROUTING_DDB) /* ddb:K */
        return cli_usage(cmd, "--tree-of: the spanning trees are those of ddb:K, not %s",
                         net->spec);
    if (dn_ddb_tree_parse(name, &t, &err))
        return cli_usage(cmd, "--tree-of: %s", cli_errmsg(&err));
    const int k = (int)net->p[0];
    if (k > DN_BAL_MAX_K)
        return cli_usage(cmd, "--tree-of: K <= %d", DN_BAL_MAX_K);
    int64_t edges = 0, leaves = 0, depth = 0, c[2];
    for (int64_t x = 0; x < net->n; x++) {
        edges += dn_ddb_tree_parent(k, t, x) >= 0;
        leaves += dn_ddb_tree_children(k, t, x, c) == 0;
        int d = dn_ddb_tree_depth(k, t, x);
        depth = d > depth ? d : depth;
    }
    if (svg) {
        if (k > DDB_TREE_SVG_MAX_K)
            return cli_usage(cmd, "--svg draws trees of ddb:K for K <= %d", DDB_TREE_SVG_MAX_K);
        FILE *f;
        int orc = out_open(svg, &f, &err);
        if (orc)
            return cli_fail(cmd, orc, cli_errmsg(&err));
        const double w = 120 + 40.0 * (double)(net->n / 2), h = 120 + 70.0 * k;
        plot_begin(f, w < 960 ? 960 : w > 4000 ? 4000 : w, h);
        int rc = ddb_tree_svg(f, k, t, 0, 0, w < 960 ? 960 : w > 4000 ? 4000 : w, h, NULL, NULL);
        plot_end(f);
        if (rc) {
            out_discard(f);
            return cli_fail(cmd, rc, "cannot draw the tree");
        }
        if ((orc = out_close(f, &err)))
            return cli_fail(cmd, orc, cli_errmsg(&err));
    }
    rec r = {0};
    rec_str(&r, "net", net->spec);
    rec_str(&r, "tree", dn_ddb_tree_name(t));
    rec_int(&r, "root", dn_ddb_tree_root(k, t));
    rec_str(&r, "arcs", dn_ddb_tree_is_up(t) ? "to the root" : "from the root");
    rec_int(&r, "nodes", net->n);
    rec_int(&r, "edges", edges);
    rec_int(&r, "depth", depth);
    rec_int(&r, "leaves", leaves);
    rec_int(&r, "internal", net->n - leaves);
    rec_print(&r, mode, stdout);
    rec_free(&r);
    return 0;
}

int cmd_net(int argc, char **argv)
{
    const char *cmd = "net", *spec = NULL, *format = NULL, *output = NULL, *node = NULL;
    const char *from = NULL, *treeof = NULL, *svg = NULL;
    int mode = OUT_TABLE, planar = 0, circuits = 0, c, rc, code = 0;
    dn_facts_opts fo;
    dn_net net;
    dn_err err;
    rec r = {0};
    progress prog;

    memset(&fo, 0, sizeof fo);
    fo.threads = 2;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:o:h", net_opts, NULL)) != -1) {
        int64_t v;
        switch (c) {
        case 'n': spec = optarg; break;
        case O_JSON: mode = OUT_JSON; break;
        case O_CSV: mode = OUT_CSV; break;
        case O_PLANAR: planar = 1; break;
        case O_CIRCUITS: circuits = 1; break;
        case O_NEIGHBORS: node = optarg; break;
        case O_FROM: from = optarg; break;
        case O_TREEOF: treeof = optarg; break;
        case O_SVG: svg = optarg; break;
        case O_FORMAT: format = optarg; break;
        case 'o': output = optarg; break;
        case O_EXACT: fo.force_scan = 1; break;
        case O_BFSLIMIT:
            if (dn_parse_i64(optarg, 1, (int64_t)1 << 20, "--bfs-limit", &v, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            fo.bfs_limit = v;
            break;
        case O_THREADS:
            if ((rc = parse_threads(cmd, optarg, &fo.threads)))
                return rc;
            break;
        case O_MEMLIMIT:
            if ((rc = cli_mem_limit(cmd, optarg, &fo.mem_limit)))
                return rc;
            break;
        case 'h': fputs(net_help, stdout); return 0;
        case ':': return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_bad_option(cmd, argv, net_opts);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (!spec)
        return cli_usage(cmd, "missing --net SPEC (e.g. --net debruijn:4; see 'dcnet help nets')");
    if (output && !format)
        return cli_usage(cmd, "--output needs --format edgelist|grf|dot");
    if (svg && !treeof && (format || from || node))
        return cli_usage(cmd, "--svg draws a Sneptree with its facts, or a tree of ddb:K with "
                              "--tree-of; not with %s",
                         format ? "--format" : from ? "--from" : "--neighbors");
    const out_file files[] = {
        {"--net", out_spec_file(spec), 0}, {"-o", output, 1}, {"--svg", svg, 1},
        out_report(!format, mode)}; /* --format: the file is the output */
    if ((code = out_plan(cmd, files, 4)))
        return code;
    /* one task per run: an option another task would ignore is an error,
     * never silently dropped */
    {
        const char *task[4] = {treeof ? "--tree-of" : NULL, format ? "--format" : NULL,
                               from ? "--from" : NULL, node ? "--neighbors" : NULL};
        const char *first = NULL;
        for (int i = 0; i < 4; i++)
            if (task[i] && first)
                return cli_usage(cmd, "%s and %s are separate tasks; give one", first, task[i]);
            else if (task[i])
                first = task[i];
        if (first && (planar || circuits || fo.force_scan || fo.bfs_limit))
            return cli_usage(cmd, "%s would ignore %s: it applies to the facts of the network "
                                  "(no --tree-of, --format, --from or --neighbors)",
                             first, planar ? "--planar" : circuits ? "--circuits"
                                    : fo.force_scan ? "--exact" : "--bfs-limit");
        if (format && mode != OUT_TABLE)
            return cli_usage(cmd, "--format writes the graph itself; --json and --csv do not "
                                  "apply to it");
    }
    if ((rc = dn_net_init_limit(&net, spec, fo.mem_limit, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    if (treeof) {
        code = tree_of(cmd, &net, treeof, svg, mode);
        dn_net_free(&net);
        return code;
    }
    if (format) {
        dn_graph_format fmt;
        FILE *f = stdout;
        if (dn_graph_format_parse(format, &fmt) != DN_OK) {
            dn_net_free(&net);
            return cli_usage(cmd, "unknown --format '%s' (known: edgelist, grf, dot)", format);
        }
        if ((rc = out_open(output ? output : "-", &f, &err))) {
            dn_net_free(&net);
            return cli_fail(cmd, rc, cli_errmsg(&err));
        }
        /* (standard output's failure, or its reader gone: out_finish, once) */
        rc = out_end(f, dn_net_write(&net, fmt, f, &err), &err);
        dn_net_free(&net);
        return rc ? cli_fail(cmd, rc, cli_errmsg(&err)) : 0;
    }
    if (from) {
        code = distances_out(cmd, &net, from, fo.mem_limit, mode);
        dn_net_free(&net);
        return code;
    }
    if (node) {
        code = neighbors_out(cmd, &net, node, mode);
        dn_net_free(&net);
        return code;
    }
    progress_init(&prog, "all-pairs BFS");
    fo.progress = progress_cb;
    fo.progress_ctx = &prog;
    rc = net_facts_record(&net, &fo, &r, &err);
    progress_done(&prog);
    if (!rc && planar) {
        int is_planar = 0;
        rc = dn_net_planar(&net, &is_planar, &err);
        if (!rc && mode == OUT_TABLE) /* say it in words for people */
            rec_str(&r, "planar", is_planar ? "yes (planar)" : "no (not planar)");
        else if (!rc)
            rec_bool(&r, "planar", is_planar);
    }
    if (!rc && svg) { /* a Sneptree in seed 004's H-tree layout */
        FILE *f;
        if (!dn_net_is_sneptree(&net) || dn_sneptree_level(net.n - 1) > SNEP_SVG_MAX_N)
            rc = sneptree_svg(NULL, &net, &err); /* refuses before a file exists */
        else if (!(rc = out_open(svg, &f, &err))) {
            if ((rc = sneptree_svg(f, &net, &err)))
                out_discard(f);
            else
                rc = out_close(f, &err);
        }
    }
    if (!rc && circuits) {
        if (!dn_net_is_sneptree(&net))
            rc = dn_fail(&err, DN_EINVAL, "--circuits applies to Sneptrees only (%s is not one)",
                         net.spec);
        else
            rc = circuits_record(&net, &r, &err);
    }
    dn_net_free(&net);
    if (!rc)
        rec_print(&r, mode, stdout);
    rec_free(&r);
    return rc ? cli_fail(cmd, rc, cli_errmsg(&err)) : 0;
}
