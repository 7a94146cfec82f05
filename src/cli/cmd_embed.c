/*
 * cmd_embed.c - `dcnet embed`: place a task tree on a network with a
 * mapping (or a placement read from a file), route every tree edge, and
 * print the exact metrics of seed 000 section 4 (dilation, weighted
 * dilation, per-phase link contention, loads, homogeneity) beside seed 000
 * section 6's lower bound. JSON keys follow docs/spec/cli.md.
 */
#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char embed_help[] =
    "Usage: dcnet embed --net SPEC --tree SPEC --map NAME [OPTION]...\n"
    "Place a task tree on a network, route its edges, and measure the placement\n"
    "exactly: dilation, weighted dilation, per-phase link contention, loads.\n"
    "\n"
    "  -n, --net SPEC         the network (see 'dcnet help nets')\n"
    "  -t, --tree SPEC        the task tree (see 'dcnet help trees')\n"
    "  -m, --map NAME         the mapping (see 'dcnet help maps'), or file:PATH for\n"
    "                         a placement read from a file (one processor per task,\n"
    "                         in task order; '#' comments)\n"
    "  -r, --root R           processor of the root task: an id or the network's\n"
    "                         label (binary string, row,col, level,col); with\n"
    "                         --map identity and an MPI tree ompi-bcast:P:ROOT,\n"
    "                         default ROOT (rank r on processor r)\n"
    "      --order O          dccube and xor dimension order: paired (default), asc,\n"
    "                         desc\n"
    "      --approach A       growing with --root: a (relabel, default) or b (move\n"
    "                         the problem to the fixed root first); b:nearest\n"
    "                         moves it to the nearest of the four central nodes\n"
    "                         and mirrors the mapping there (seed 001 Table 1)\n"
    "      --face I,J         dccube, reflecting, growing: map onto the 2-D face of\n"
    "                         dimensions I (rows) and J (columns) through the root\n"
    "                         (default: dccube on every dimension; the others on\n"
    "                         0,1)\n"
    "  -s, --seed S           seed for random trees and --map random/scotch\n"
    "                         (default 1)\n"
    "      --routes R         mapping (default: the mapping's own, else the\n"
    "                         network's: minimal on dragonflies), shortest (on\n"
    "                         any network), xy (meshes, tori, hypercubes), bfs\n"
    "                         (a cross-check), minimal (dragonflies only)\n"
    "      --weights W        uniform, log (phase p carries 2^-p), bytes (a tree\n"
    "                         file's bytes_down: hop-bytes), or a file with one\n"
    "                         volume per non-root task; default: bytes when the\n"
    "                         tree file has them, else uniform (JSON 'weights')\n"
    "      --links L          undirected (default) or directed: count the two\n"
    "                         directions of a link as separate channels\n"
    "      --contention C     phase (default): two messages of one phase contend\n"
    "                         when their routes share a link anywhere; timed: only\n"
    "                         when they hold the same link in the same hop slot\n"
    "                         (hop j of every message of a step in slot j:\n"
    "                         synchronous store-and-forward)\n"
    "      --distinct-pairs   also count distinct conflicting pairs (a pair sharing\n"
    "                         three links once): O(sum c^2), refused above 2^31 steps\n"
    "      --per-phase        also list every phase: messages, conflicts, max load\n"
    "      --per-depth        also list tasks per processor at every tree depth\n"
    "      --save-place FILE  write the placement (one processor per task), in\n"
    "      --place-format F   list (default: dcnet's value file), scotch (a SCOTCH\n"
    "                         mapping file, for gmtst) or csv; --map file:PATH reads\n"
    "                         any of them (and gmap's output)\n"
    "      --bytes SIZE       an MPI broadcast's size: ompi-bcast:P without @ALG is\n"
    "                         the algorithm Open MPI 4.1 runs at that size\n"
    "      --rankfile FILE    write an Open MPI rankfile: task y's rank on the host\n"
    "      --hosts HOSTFILE   and slot of its processor (HOSTFILE: a line 'LABEL HOST\n"
    "                         SLOT' per processor, LABEL its label or id, HOST an\n"
    "                         RFC 1123 host name, SLOT a non-negative integer; a\n"
    "                         processor running k tasks needs k lines, no host and\n"
    "                         slot twice); rank y, or (y + R) mod P for\n"
    "                         ompi|mpich-bcast:P:R (its header names the tree and\n"
    "                         numbering)\n"
    ;

/* (more strings: C99 compilers need support only 4095 characters in one) */
static const char embed_help_more[] =
    "      --ppn K            MPICH's ranks per node (1 .. 1024, in blocks):\n"
    "                         mpich-bcast:P without @ALG is MPICH 4.0's default\n"
    "                         for P, K and --bytes (without: its binomial)\n"
    "      --oversubscribe    let ranks share a slot when a processor has fewer slots\n"
    "                         than tasks (said in the rankfile's header)\n"
    "      --alloc FILE       the processors the job was given, one a line (an id or\n"
    "                         label; with --hosts a host name: its processors),\n"
    "                         each optionally 'slots=K'; mappings place tasks on\n"
    "                         them only, routes still cross the whole network\n"
    "      --slots K          tasks one processor may hold (default: the least that\n"
    "                         holds the tree, ceil(T / processors)); JSON 'alloc'\n"
    "      --intra-cost H     hops a message between two tasks on one processor\n"
    "                         costs in the average dilation, hop-bytes, bounds,\n"
    "                         --refine and --map best (default 0: free; e.g. 0.1)\n"
    "      --candidates       with --map best: one row per mapping that applied, its\n"
    "                         figures and the winner (JSON 'candidates'); a mapping\n"
    "                         that refinement changed has a second row, MAP+polish\n"
    "                         (or MAP+refine with --refine)\n"
    "      --svg FILE         draw the network with the tree on it (SVG); with\n"
    "                         --per-phase one panel per phase: the tasks at their\n"
    "                         processors, each message an arrow along its route\n"
    "                         with its hops, links shared in the phase red\n"
    "      --phase K          with --svg: draw phase K's panel alone\n"
    "      --timing           also report the mapping's wall-clock seconds\n"
    "      --scotch-strategy S  SCOTCH mapping strategy string (expert use)\n"
    "      --scotch-target T  SCOTCH's target: native (SCOTCH's own architecture:\n"
    "                         tleaf for fat trees, torus/mesh for grids, hcub for\n"
    "                         hypercubes), deco0 (the distance matrix of the\n"
    "                         processors, O(N^2) memory; up to 4096), deco2\n"
    "                         (multilevel, no matrix), or auto (default): native\n"
    "                         where the family has one, else deco0 on networks\n"
    "                         without switches of up to 4096 processors, else\n"
    "                         deco2: with switches, deco0 splits the processors by\n"
    "                         the links among them, which they lack, and places\n"
    "                         blindly (B(6) on fattree:4:3: average dilation 4.98\n"
    "                         and 74 conflicts, deco2 2.86 and 0, native 2.57 and\n"
    "                         0), so deco0 asked there is warned about; JSON\n"
    "                         'scotch_target' says which;\n"
    "                         --map scotch:T is --map scotch --scotch-target T\n"
    "                         (dccube:ORDER, growing:APPROACH alike)\n"
    "      --scotch-part P    compact (default): SCOTCH maps onto the smallest\n"
    "                         compact part that holds the tree (whole leaf switches\n"
    "                         or routers, a corner sub-box, a subcube), as a job\n"
    "                         would be given; whole: onto every processor; with\n"
    "                         --alloc, the allocation (JSON 'scotch_part': how\n"
    "                         many processors)\n"
    "      --refine [MOVES]   refine the placement by local search: MOVES swaps of\n"
    "                         two tasks or moves to free slots (threshold\n"
    "                         accepting, drawn from --seed; bare --refine: 20 per\n"
    "                         task); the best placement seen is kept, so\n"
    "                         --objective never gets worse; JSON 'refine'\n"
    "      --objective O      what --refine minimises: dilation (total hops,\n"
    "                         default), hop-bytes, conflicts (phase), congestion,\n"
    "                         or time (simulate's default run, re-simulated each\n"
    "                         move: trees of at most 4096 tasks); with --map best\n"
    "                         the first key of the ranking\n"
    ;

static const char embed_help_tail[] =
    "      --max-nodes N      cap on random tree sizes (default 2^24)\n"
    "      --search-limit N   --map exact: search nodes per distance tried before it\n"
    "                         is called undecided (default 2000000); JSON 'search'\n"
    "      --budget SECONDS   --map exact: wall-clock time of the whole search\n"
    "                         (default 5; 0: none; 500ms); --refine and --map best:\n"
    "                         CPU time of each refinement (best's search from hier\n"
    "                         by default 2, stopping first at 300 moves a task, at\n"
    "                         most 262144); one that runs out says\n"
    "                         search.stopped \"time\": not reproducible\n"
    "      --mem-limit SIZE   memory limit for the network, a tree file and the\n"
    "                         metrics' scratch: GiB, or with a unit, 512MiB\n"
    "                         (default 8)\n"
    "      --json             one JSON object on stdout\n"
    "      --csv              CSV on stdout\n"
    "  -h, --help             show this help\n"
    "\n"
    "Dilation counts the hops of each edge's route. 'conflicts' counts, for each\n"
    "link and phase, the pairs of messages on it (c(c-1)/2 for c messages; per\n"
    "link and hop slot with --contention timed), in time linear in the hops;\n"
    "'distinct_pairs' (--distinct-pairs) counts each pair once. Both are 0\n"
    "exactly when no phase has contention. 'max_link_load' is the most messages\n"
    "on one link in one phase (one slot); 'congestion' the most over the run.\n"
    "'homogeneous' is true when, for every tree depth, processor loads differ\n"
    "by at most one (seed 004). The lower bound is seed 000 section 6 for any\n"
    "one-to-one placement on a network of the same maximum degree.\n"
    "\n"
    "Limits: the network is materialised (n < 2^31, 12 bytes per arc + 8 per\n"
    "node, within --mem-limit); metrics use 16 bytes per arc more, and with\n"
    "--contention timed or --distinct-pairs about 16 per hop of the largest\n"
    "phase (checked against --mem-limit before they grow). zrl, dccube,\n"
    "reflecting, growing and binomial need no per-task memory (B(24) on\n"
    "BDG(24) fits in about 1 GiB); other mappings store 4 bytes per task.\n"
    "\n"
    "Examples:\n"
    "  dcnet embed --net debruijn:4 --tree binomial:4 --map zrl\n"
    "  dcnet embed --net mesh:8x8 --tree binomial:6 --map dccube --order desc \\\n"
    "        --root 3,5\n"
    "  dcnet embed --net sneptree-t:3 --tree cbt:12 --map sneptree --per-depth\n"
    "  dcnet embed --net debruijn:10 --tree binomial:10 --map scotch --json\n";

enum { O_CANDIDATES = 255, O_WEIGHTS = 256, O_LINKS, O_CONTENTION, O_DISTINCT, O_TIMING, O_PERPHASE, O_PERDEPTH, O_SAVE, O_PFMT, O_RANKFILE, O_HOSTS, O_OVERSUB, O_SVG, O_PHASE, O_JSON, O_CSV, O_EBYTES };

static const struct option embed_opts[] = {
    EMBED_LONG_OPTIONS,
    {"weights", required_argument, NULL, O_WEIGHTS},
    {"links", required_argument, NULL, O_LINKS},
    {"contention", required_argument, NULL, O_CONTENTION},
    {"timing", no_argument, NULL, O_TIMING},
    {"distinct-pairs", no_argument, NULL, O_DISTINCT},
    {"per-phase", no_argument, NULL, O_PERPHASE},
    {"per-depth", no_argument, NULL, O_PERDEPTH},
    {"save-place", required_argument, NULL, O_SAVE},
    {"place-format", required_argument, NULL, O_PFMT},
    {"rankfile", required_argument, NULL, O_RANKFILE},
    {"bytes", required_argument, NULL, O_EBYTES},
    {"hosts", required_argument, NULL, O_HOSTS},
    {"oversubscribe", no_argument, NULL, O_OVERSUB},
    {"svg", required_argument, NULL, O_SVG},
    {"phase", required_argument, NULL, O_PHASE},
    {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"candidates", no_argument, NULL, O_CANDIDATES},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* A --sizes line as a size (dn_parse_quantity), noting the first line
 * that wrote it with a unit (dn_values_read_named's callback). */
typedef struct size_ctx {
    const dn_input *in;
    double lo, hi;
    const char *what;
    cli_unit_seen *unit;
} size_ctx;

static int size_value(void *ctx, const char *s, double *value, dn_err *e)
{
    size_ctx *c = ctx;
    int has = 0;
    int rc = dn_parse_quantity(s, DN_Q_SIZE, c->lo, c->hi, c->what, value, &has, e);
    if (!rc && has && c->unit->line == 0) {
        c->unit->line = dn_input_lineno(c->in);
        snprintf(c->unit->text, sizeof c->unit->text, "%s", s);
    }
    return rc;
}

/* Reads a value file (dcnet/base.h: one number per line, '#' comments, the
 * header and trailer dcnet writes) through the library's input path into
 * a freshly allocated array of exactly `want` doubles in [lo, hi]; with
 * unit != NULL each a size (units allowed, the first noted there). The
 * text may take 1 MiB plus 128 bytes a value (and the values 8 bytes
 * each, which the caller's tree already bounds). */
static int read_values(const char *path, int64_t want, cli_unit_seen *unit, double lo, double hi,
                       const char *what, double **out, dn_err *err)
{
    char name[64], why[160], b[32];
    dn_input in;
    int64_t limit, n;
    *out = NULL;
    if (unit)
        memset(unit, 0, sizeof *unit);
    if (want < 1)
        return dn_fail(err, DN_EINVAL, "%s: no value is needed (the tree has one task)", what);
    if (dn_mul_ovf(want, 128, &limit) || dn_add_ovf(limit, (int64_t)1 << 20, &limit))
        limit = INT64_MAX;
    snprintf(name, sizeof name, "%s file", what);
    snprintf(why, sizeof why, "%lld values take at most 128 bytes each and 1 MiB: %s",
             (long long)want, dn_fmt_bytes(b, sizeof b, limit));
    int rc = dn_input_open(&in, path, name, limit, 0, err);
    if (!rc) {
        size_ctx c = {&in, lo, hi, what, unit};
        dn_input_set_why(&in, why);
        in.max_line = (size_t)1 << 16;
        rc = !unit ? dn_values_read(&in, want, want, lo, hi, what, out, &n, err)
                   : dn_values_read_named(&in, want, want, lo, hi, size_value, &c, what, out, &n,
                                          err);
    }
    dn_input_close(&in);
    return rc;
}

int cli_read_numbers(const char *path, int64_t want, double lo, double hi, const char *what,
                     double **out, dn_err *err)
{
    return read_values(path, want, NULL, lo, hi, what, out, err);
}

int cli_read_sizes(const char *path, int64_t want, double lo, double hi, const char *what,
                   double **out, cli_unit_seen *unit, dn_err *err)
{
    return read_values(path, want, unit, lo, hi, what, out, err);
}

/* s with control characters as '?': a spec in a comment line of a
 * rankfile must not end the line (the next would be read as a rank) */
static void one_line(char *dst, size_t cap, const char *s)
{
    size_t i = 0;
    for (; s[i] && i + 1 < cap; i++)
        dst[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
    dst[i] = 0;
}

/* The rankfile's header (issue 29, item 9): which tree and numbering the
 * ranks follow, the placement, and which rank runs which task. */
static void rankfile_header(const dn_embed *e, const char *tree_spec, const char *map_arg,
                            char *buf, size_t cap)
{
    const dn_tree_model *m = &dn_embed_tree(e)->model;
    char spec[600], net[300], root[80], map[600];
    one_line(spec, sizeof spec, tree_spec);
    one_line(map, sizeof map, map_arg ? map_arg : dn_embed_mapping(e));
    one_line(net, sizeof net, dn_embed_net(e)->spec);
    dn_net_label(dn_embed_net(e), dn_embed_root(e), root, sizeof root);
    int len = snprintf(buf, cap,
                       "# tree %s: %s\n"
                       "# placement: --map %s on --net %s, the root task on processor %s\n",
                       spec, tree_numbering(m), map, net, root);
    if (len < 0 || (size_t)len >= cap)
        return;
    if (m->kind == DN_TREE_OMPI_BCAST || m->kind == DN_TREE_MPICH_BCAST) {
        /* which algorithm the placement was made for, and (issue 38 item 2)
         * how to make the library run it when it is not its default */
        dn_mpi_choice ch;
        dn_err ce;
        dn_tree_mpi_choose(m, &ch, &ce); /* the tree was built: the choice succeeds */
        len += snprintf(buf + len, cap - (size_t)len,
                        "# rank r runs task (r - %lld) mod %lld, its virtual rank for a "
                        "broadcast from rank %lld; right for %s's %s broadcast (for %s's "
                        "binomial: --tree %s-bcast:%lld:%lld)\n",
                        (long long)m->root_rank, (long long)m->ranks, (long long)m->root_rank,
                        ch.library, ch.name,
                        m->kind == DN_TREE_OMPI_BCAST ? "MPICH" : "Open MPI",
                        m->kind == DN_TREE_OMPI_BCAST ? "mpich" : "ompi", (long long)m->ranks,
                        (long long)m->root_rank);
        if (len < 0 || (size_t)len >= cap)
            return;
        char force[400], why[300];
        mpi_force_text(&ch, force, sizeof force);
        mpi_why_text(m, &ch, why, sizeof why);
        if (ch.is_default)
            snprintf(buf + len, cap - (size_t)len,
                     "# algorithm %s: %s's %s; mpirun runs it without options\n", ch.name,
                     ch.library, why);
        else if (m->kind == DN_TREE_OMPI_BCAST)
            snprintf(buf + len, cap - (size_t)len,
                     "# algorithm %s: %s\n# not the default: run mpirun %s --rankfile FILE "
                     "...\n",
                     ch.name, why, force);
        else if (!ch.force[0]) /* MPICH 4.0's compositions: no setting forces them */
            snprintf(buf + len, cap - (size_t)len,
                     "# algorithm %s: %s\n# not the default, and MPICH 4.0 has no setting "
                     "that forces it (docs/trees.md)\n",
                     ch.name, why);
        else
            snprintf(buf + len, cap - (size_t)len,
                     "# algorithm %s: %s\n# run with %s in the environment (mpiexec -genv "
                     "each)\n",
                     ch.name, why, force);
    } else
        snprintf(buf + len, cap - (size_t)len,
                 "# rank y runs task y; not an MPI library's broadcast numbering (for those: "
                 "--tree ompi-bcast:P or mpich-bcast:P)\n");
}

/* the embedding's task -> processor table, for place.c */
static int64_t *placement_of(const dn_embed *e)
{
    const int64_t T = dn_embed_tree(e)->nodes;
    int64_t *p = malloc((size_t)(T > 0 ? T : 1) * sizeof *p);
    for (int64_t v = 0; p && v < T; v++)
        p[v] = dn_embed_place(e, v);
    return p;
}

/* map_arg: --map as given (file:PATH), else NULL: the mapping's name ("given"
 * is the library's word for a placement read from a file) */
static void metrics_record(const dn_embed *e, const dn_metrics *m, const char *map_arg,
                           const dn_best_result *best, rec *r)
{
    char lab[80];
    const int scotch_target = dn_embed_scotch_target(e);
    rec_str(r, "net", dn_embed_net(e)->spec);
    rec_str(r, "map", map_arg && (strncmp(map_arg, "file:", 5) == 0 || strcmp(map_arg, "best") == 0)
                          ? map_arg
                          : dn_embed_mapping(e));
    if (scotch_target) {
        rec_str(r, "scotch_target", dn_scotch_target_name((dn_scotch_target)scotch_target));
        rec_int(r, "scotch_part", dn_embed_scotch_part(e));
    }
    rec_int(r, "tree_nodes", m->tasks);
    rec_int(r, "processors", m->processors);
    if (dn_embed_room(e)) { /* an allocation or slots: what the job was given */
        rec_int(r, "alloc.processors", dn_embed_alloc(e, NULL));
        rec_int(r, "alloc.slots", dn_embed_room(e));
    }
    dn_net_label(dn_embed_net(e), dn_embed_root(e), lab, sizeof lab);
    rec_str(r, "root", lab);
    rec_str(r, "routes", dn_embed_routes_name(e));
    rec_int(r, "load.min", m->load_min);
    rec_int(r, "load.max", m->load_max);
    rec_int(r, "load.used", m->used);
    rec_int(r, "dilation.max", m->dil_max);
    rec_int(r, "dilation.total", m->dil_total);
    rec_dbl(r, "dilation.average", m->dil_avg);
    if (m->colocated || m->intra_cost > 0) { /* edges inside one processor */
        rec_int(r, "dilation.colocated", m->colocated);
        rec_dbl(r, "dilation.intra_cost", m->intra_cost);
    }
    rec_dbl(r, "weighted.total", m->w_total);
    rec_dbl(r, "weighted.weight_sum", m->w_sum);
    rec_dbl(r, "weighted.average", m->w_avg);
    rec_dbl(r, "weighted.max", m->w_max);
    rec_dbl(r, "extra.total", m->extra_total);
    rec_dbl(r, "extra.average", m->extra_avg);
    rec_int(r, "lower_bound.degree", m->lb_degree);
    rec_dbl(r, "lower_bound.total_extra", m->lb_total);
    rec_dbl(r, "lower_bound.average_extra", m->lb_avg);
    rec_int(r, "lower_bound.max_dilation", m->lb_dil_max);
    if (m->lb_paper_n > 0) { /* the seed's closed forms beside, with their range */
        rec_dbl(r, "lower_bound.paper_total_extra", m->lb_paper_total);
        rec_dbl(r, "lower_bound.paper_average_extra", m->lb_paper_avg);
        rec_dbl(r, "lower_bound.paper_max_dilation", m->lb_paper_dil_max);
        rec_int(r, "lower_bound.paper_from_n", DN_SEED000_LB_FROM);
        rec_bool(r, "lower_bound.paper_in_range", m->lb_paper_n >= DN_SEED000_LB_FROM);
    }
    rec_int(r, "contention.conflicts", m->conflicts);
    rec_int(r, "contention.link_pairs", m->link_pairs);
    if (m->distinct_pairs >= 0)
        rec_int(r, "contention.distinct_pairs", m->distinct_pairs);
    rec_int(r, "contention.max_link_load", m->max_link_load);
    rec_int(r, "contention.conflict_phases", m->conflict_phases);
    rec_bool(r, "contention.free", m->conflicts == 0);
    rec_str(r, "contention.links", m->directed_links ? "directed" : "undirected");
    rec_str(r, "contention.mode", dn_contention_mode_name(m->contention_mode));
    rec_int(r, "congestion", m->congestion);
    rec_dbl(r, "hop_bytes", m->w_total);
    dn_bounds b;
    dn_err berr;
    if (dn_bounds_compute(e, m->directed_links, &b, &berr) == DN_OK) { /* what none can beat */
        rec_dbl(r, "bound.dilation_average", b.dilation_average);
        rec_dbl(r, "bound.dilation_total", b.dilation_total);
        rec_str(r, "bound.dilation_by", b.dilation_by);
        rec_dbl(r, "bound.hop_bytes", b.hop_bytes);
        rec_str(r, "bound.hop_bytes_by", b.hop_bytes_by);
        rec_int(r, "bound.congestion", b.congestion);
        rec_str(r, "bound.congestion_by", b.congestion_by);
    }
    rec_int(r, "phases", m->phases);
    rec_bool(r, "homogeneous", m->homogeneous);
    rec_int(r, "depth_spread", m->depth_spread);
    const int64_t pre_hops = dn_embed_pre_route(e, NULL, NULL);
    if (pre_hops >= 0)
        rec_int(r, "approach_b_move_hops", pre_hops);
    embed_search_record(e, best, r);
    embed_refine_record(e, r);
    int fd[2];
    if (dn_embed_face(e, fd)) {
        char face[32];
        snprintf(face, sizeof face, "%d,%d", fd[0], fd[1]);
        rec_str(r, "face", face);
    }
}

/* The main record followed by one row per phase (per_phase) or per depth. */
/* One row per phase or depth, streamed (a path tree has 200000 phases:
 * a record per row would take 4 GB). */
static void table_row(const dn_metrics *m, int per_phase, int i, rec *r)
{
    /* i past the end (a tree with no phases) gives the keys with zeros,
     * for the header of an empty listing */
    int in = per_phase ? i < m->phases : i < m->depths;
    rec_clear(r);
    if (per_phase) {
        rec_int(r, "phase", i + 1);
        rec_int(r, "messages", in ? m->phase_msgs[i + 1] : 0);
        rec_int(r, "conflicts", in ? m->phase_conflicts[i + 1] : 0);
        rec_int(r, "max_link_load", in ? m->phase_max_link[i + 1] : 0);
    } else {
        rec_int(r, "depth", i);
        rec_int(r, "load_min", in ? m->depth_min[i] : 0);
        rec_int(r, "load_max", in ? m->depth_max[i] : 0);
    }
}

static int print_tables(const dn_metrics *m, rec *head, int per_phase, int mode)
{
    int n = per_phase ? m->phases : m->depths;
    rec row = {0}, *r = &row;
    /* widths: the digits of the largest values of each column */
    int64_t big[4] = {n, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        table_row(m, per_phase, i, r);
        for (int c = 1; c < r->n; c++)
            big[c] = r->kv[c].i > big[c] ? r->kv[c].i : big[c];
    }
    int widths[4];
    char buf[32];
    for (int c = 0; c < 4; c++)
        widths[c] = snprintf(buf, sizeof buf, "%lld", (long long)big[c]);
    row_stream st;
    table_row(m, per_phase, 0, r);
    if (mode == OUT_TABLE) {
        rec_print(head, mode, stdout);
        fputc('\n', stdout);
        rows_stream_begin(&st, NULL, r, widths, NULL, mode, stdout);
    } else {
        rows_stream_begin(&st, head, r, widths, per_phase ? "per_phase" : "per_depth", mode,
                          stdout);
    }
    for (int i = 0; i < n; i++) {
        table_row(m, per_phase, i, r);
        rows_stream_row(&st, r);
    }
    rows_stream_end(&st);
    rec_free(r);
    return 0;
}

/* --map exact: the search's figures and its budget, JSON 'search' (issue
 * 37 items 5, 6): max_dilation is what the placement has; refuted what the
 * search proved; stopped whether the node limit or the time budget cut it
 * ("time": the result depends on the machine's speed, not reproducible). */
void embed_search_record(const dn_embed *e, const dn_best_result *b, rec *r)
{
    dn_embed_search s;
    dn_refine_stats rs;
    /* --map best's refinements, or --refine alone (issue 39): the moves
     * tried, their CPU seconds, the cutoff and whether it stopped one
     * (then the result depends on the machine's speed) */
    const int best = b && b->winner >= 0;
    if (best || (!dn_embed_exact_search(e, &s) && dn_embed_refine_stats(e, &rs))) {
        rec_int(r, "search.moves", best ? b->moves : rs.tried);
        rec_dbl(r, "search.seconds", best ? b->seconds : rs.seconds);
        const double cut = best ? b->cutoff : rs.cutoff;
        if (isfinite(cut))
            rec_dbl(r, "search.budget", cut);
        else
            rec_null(r, "search.budget");
        rec_str(r, "search.stopped", (best ? b->stopped : rs.stopped) ? "time" : "none");
        return;
    }
    if (!dn_embed_exact_search(e, &s))
        return;
    rec_int(r, "search.lower_bound", s.lower_bound);
    rec_int(r, "search.max_dilation", s.best);
    rec_int(r, "search.refuted", s.refuted);
    rec_bool(r, "search.settled", s.settled);
    rec_int(r, "search.nodes", s.nodes);
    rec_int(r, "search.roots", s.roots);
    rec_int(r, "search.node_limit", s.node_limit);
    if (isfinite(s.seconds))
        rec_dbl(r, "search.budget", s.seconds);
    else
        rec_null(r, "search.budget");
    rec_str(r, "search.stopped", s.stopped == DN_EXACT_STOP_TIME    ? "time"
                                 : s.stopped == DN_EXACT_STOP_NODES ? "nodes"
                                                                    : "none");
}

/* --refine (or --map best's polish): the local search's figures, JSON
 * 'refine'; nothing for an embedding that was not refined. */
void embed_refine_record(const dn_embed *e, rec *r)
{
    dn_refine_stats rs;
    if (dn_embed_refine_stats(e, &rs)) { /* --refine: the local search's figures */
        rec_str(r, "refine.objective", dn_objective_name(rs.objective));
        rec_bool(r, "refine.descent", rs.descent); /* --map best's polish */
        rec_int(r, "refine.moves", rs.tried);
        rec_int(r, "refine.accepted", rs.accepted);
        rec_int(r, "refine.improved", rs.improved);
        if (rs.infeasible > 0) /* moves undone for want of a route */
            rec_int(r, "refine.infeasible", rs.infeasible);
        const dn_refine_fig *f[2] = {&rs.before, &rs.after};
        const char *k[2] = {"refine.before", "refine.after"};
        for (int i = 0; i < 2; i++)
            switch (rs.objective) {
            case DN_OBJECTIVE_DILATION:
                if (dn_embed_intra_cost(e) > 0) /* co-located edges cost that much */
                    rec_dbl(r, k[i], (double)f[i]->hops +
                                         dn_embed_intra_cost(e) * (double)f[i]->colocated);
                else
                    rec_int(r, k[i], f[i]->hops);
                break;
            case DN_OBJECTIVE_HOP_BYTES: rec_dbl(r, k[i], f[i]->hop_bytes); break;
            case DN_OBJECTIVE_CONFLICTS: rec_int(r, k[i], f[i]->conflicts); break;
            case DN_OBJECTIVE_CONGESTION: rec_int(r, k[i], f[i]->congestion); break;
            case DN_OBJECTIVE_TIME: rec_dbl(r, k[i], f[i]->time); break;
            }
    }
}

/* --map best: the winner's origin and what did not apply, in the head */
void embed_best_record(const dn_best_result *b, rec *r)
{
    if (!b || b->winner < 0)
        return;
    char skipped[1024] = "";
    size_t len = 0;
    int applied = 0;
    for (int i = 0; i < b->n; i++) {
        if (b->cand[i].status == DN_OK) {
            applied++;
            continue;
        }
        int k = snprintf(skipped + len, sizeof skipped - len, "%s%s", len ? "," : "",
                         b->cand[i].map);
        if (k > 0 && (size_t)k < sizeof skipped - len)
            len += (size_t)k;
    }
    rec_str(r, "best.origin", b->cand[b->winner].map);
    rec_int(r, "best.candidates", applied);
    rec_str(r, "best.not_applicable", skipped);
}

/* One row per candidate that applied (--candidates), streamed after the
 * head as the phases are. */
static void candidate_row(const dn_best_candidate *c, int winner, rec *r)
{
    rec_clear(r);
    rec_str(r, "map", c->map);
    rec_int(r, "conflicts", c->conflicts);
    rec_int(r, "max_link_load", c->max_link_load);
    rec_int(r, "congestion", c->congestion);
    rec_dbl(r, "hop_bytes", c->hop_bytes);
    rec_dbl(r, "dilation_average", c->dil_avg);
    rec_int(r, "dilation_max", c->dil_max);
    if (!isnan(c->time)) /* --objective time: each candidate's run (null: deadlock) */
        rec_dbl(r, "time", c->time);
    rec_bool(r, "winner", winner);
}

static void print_candidates(const dn_best_result *b, rec *head, int mode)
{
    rec row = {0};
    int widths[12] = {0}, first = -1; /* one per column of candidate_row */
    for (int i = 0; i < b->n; i++)
        if (b->cand[i].status == DN_OK) {
            candidate_row(&b->cand[i], i == b->winner, &row);
            rec_widths(&row, widths);
            first = first < 0 ? i : first;
        }
    row_stream st;
    candidate_row(&b->cand[first], first == b->winner, &row);
    if (mode == OUT_TABLE) {
        rec_print(head, mode, stdout);
        fputc('\n', stdout);
        rows_stream_begin(&st, NULL, &row, widths, NULL, mode, stdout);
    } else {
        rows_stream_begin(&st, head, &row, widths, "candidates", mode, stdout);
    }
    for (int i = 0; i < b->n; i++)
        if (b->cand[i].status == DN_OK) {
            candidate_row(&b->cand[i], i == b->winner, &row);
            rows_stream_row(&st, &row);
        }
    rows_stream_end(&st);
    rec_free(&row);
}

/* ---- options shared by the commands that build an embedding ---- */

const char *embed_approach_name(const dn_embed_opts *eo)
{
    if (!eo->map || strcmp(eo->map, "growing") != 0)
        return NULL;
    if (eo->approach != 'b')
        return "a";
    return eo->centre == DN_CENTRE_NEAREST ? "b:nearest" : "b";
}

const char *embed_order_name(const dn_embed_opts *eo)
{
    if (!eo->map || (strcmp(eo->map, "dccube") != 0 && strcmp(eo->map, "xor") != 0))
        return NULL;
    return eo->order == DN_ORDER_ASC ? "asc" : eo->order == DN_ORDER_DESC ? "desc" : "paired";
}

void embed_args_init(embed_args *a)
{
    memset(a, 0, sizeof *a);
    a->seed = 1;
    a->eo.root = -1;
}

void embed_args_free(embed_args *a)
{
    free(a->place);
    free(a->alloc);
    free(a->slots_per);
    free(a->best);
    a->place = a->alloc = a->slots_per = NULL;
    a->best = NULL;
}

/* The links' own costs (a network with bw=, lat=): each edge's message
 * alone, store-and-forward, summed over the edges and the worst of them;
 * formed before any output is written, so that an overflow (issue 37,
 * item 4: a sum is an error, never a null) leaves no file. */
static int link_costs(dn_embed *e, const dn_embed_opts *eo, const dn_tree *tree, double *total,
                      double *worst, dn_err *err)
{
    const dn_csr *g = dn_embed_graph(e);
    *total = *worst = 0;
    if (!g->bw)
        return DN_OK;
    for (int64_t v = 1; v < tree->nodes; v++) {
        const int64_t *path;
        int64_t hops;
        int rc = dn_embed_route(e, v, &path, &hops, err);
        if (rc)
            return rc;
        double wv = eo->weights == DN_WEIGHTS_GIVEN ? eo->given[v - 1]
                    : eo->weights == DN_WEIGHTS_LOG ? ldexp(1.0, -dn_tree_recv_phase(tree, v))
                                                    : 1.0;
        double cost = 0;
        for (int64_t i = 0; i < hops; i++) {
            int64_t arc = dn_csr_arc(g, path[i], path[i + 1]);
            if (arc >= 0)
                cost += wv / g->bw[arc] + (g->lat ? g->lat[arc] : 0);
        }
        *total += cost;
        *worst = cost > *worst ? cost : *worst;
    }
    if (isfinite(*total))
        return DN_OK;
    return dn_fail(err, DN_EINVAL, "the link costs of the tree's edges (weights over the "
                                   "links' bw= plus their lat=, on every hop) sum past 1.8e308: "
                                   "give --net smaller lat= or larger bw=, or smaller weights");
}

int embed_build(embed_args *a, const dn_net *net, const dn_tree *tree, const dn_metric_opts *mo,
                dn_embed **e, dn_err *err)
{
    const int best = strcmp(a->eo.map, "best") == 0;
    const int timed = a->objective_given && a->eo.objective == DN_OBJECTIVE_TIME &&
                      (best || a->eo.refine_moves > 0);
    dn_sim_objective so;
    int rc;
    *e = NULL;
    if (timed && !a->time_so && dn_net_has_link_costs(net))
        return dn_fail_param(err, DN_EINVAL, "objective",
                             "--objective time in embed times simulate's default run, in "
                             "abstract units; %s has link costs (seconds and bytes): use dcnet "
                             "simulate --objective time with --bytes N",
                             net->spec);
    if (timed) { /* the run that times each placement (src/sim/objective.c) */
        dn_sim_opts sim;
        dn_sim_work_opts work;
        embed_time_defaults(&sim, &work, a->mem_limit);
        if ((rc = dn_sim_objective_init(&so, a->time_so ? a->time_so : &sim,
                                        a->time_wo ? a->time_wo : &work, err)))
            return rc;
        a->eo.time_fn = dn_sim_objective_time;
        a->eo.time_ctx = &so;
    }
    if (!best) {
        rc = dn_embed_init(e, net, tree, &a->eo, err);
    } else {
        free(a->best);
        if (!(a->best = malloc(sizeof *a->best)))
            rc = dn_fail(err, DN_ENOMEM, "out of memory");
        else
            rc = dn_best_init(e, net, tree, &a->eo, mo,
                              a->objective_given ? (int)a->eo.objective : -1, a->best, err);
    }
    if (timed) {
        dn_sim_objective_free(&so);
        a->eo.time_fn = NULL;
        a->eo.time_ctx = NULL;
    }
    return rc;
}

void embed_time_defaults(dn_sim_opts *so, dn_sim_work_opts *wo, int64_t mem_limit)
{
    memset(so, 0, sizeof *so);
    memset(wo, 0, sizeof *wo);
    so->sw = DN_SW_SAF; /* simulate's defaults (cmd_sim.c, sim_parse) */
    so->ts = 1;
    so->te = 1;
    so->ports = 1;
    so->vcs = 1;
    so->mem_limit = mem_limit;
    wo->stage = DN_STAGE_DIVIDE;
    wo->alpha = 0.5;
    wo->mem_limit = mem_limit;
}

const char *embed_optional_arg(int c, int argc, char **argv)
{
    if (c != EO_REFINE || optarg)
        return optarg;
    /* --refine MOVES: the next word when it is a number (getopt takes only
     * --refine=MOVES); a word that is not one stays for the caller */
    if (optind < argc && argv[optind][0] >= '0' && argv[optind][0] <= '9')
        return argv[optind++];
    return NULL;
}

int embed_args_opt(const char *cmd, embed_args *a, int c, const char *arg)
{
    dn_err err;
    switch (c) {
    case 'n': a->net_spec = arg; return 1;
    case 't': a->tree_spec = arg; return 1;
    case 'm':
        a->eo.map = a->map_arg = arg;
        if (strncmp(arg, "file:", 5) != 0 && strchr(arg, ':')) {
            /* NAME:ARG, the mapping's one option in the same word (for
             * sweeps): scotch:TARGET, dccube:ORDER, growing:APPROACH */
            const char *colon = strchr(arg, ':');
            snprintf(a->map_name, sizeof a->map_name, "%.*s", (int)(colon - arg), arg);
            a->eo.map = a->map_name;
            int rc;
            if (strcmp(a->map_name, "scotch") == 0)
                rc = embed_args_opt(cmd, a, EO_SCOTCH_TARGET, colon + 1);
            else if (strcmp(a->map_name, "dccube") == 0 || strcmp(a->map_name, "xor") == 0)
                rc = embed_args_opt(cmd, a, EO_ORDER, colon + 1);
            else if (strcmp(a->map_name, "growing") == 0)
                rc = embed_args_opt(cmd, a, EO_APPROACH, colon + 1);
            else
                return -cli_usage(cmd, "--map %s: only scotch:TARGET, dccube:ORDER, xor:ORDER "
                                       "and growing:APPROACH take an option after ':'",
                                  arg);
            return rc;
        }
        return 1;
    case 'r': a->root_s = arg; return 1;
    case EO_ORDER: {
        static const dn_dc_order orders[] = {DN_ORDER_PAIRED, DN_ORDER_ASC, DN_ORDER_DESC};
        const char *const names[] = {dn_dc_order_name(orders[0]), dn_dc_order_name(orders[1]),
                                     dn_dc_order_name(orders[2]), NULL};
        int k, rc = cli_keyword(cmd, "--order", arg, names, &k);
        if (rc)
            return -rc;
        a->eo.order = orders[k];
        a->given |= EMBED_GIVEN_ORDER;
        return 1;
    }
    case EO_FACE: {
        int i, j, used = 0;
        if (sscanf(arg, "%d,%d%n", &i, &j, &used) != 2 || arg[used] || i < 0 || j < 0 || i > 7 ||
            j > 7 || i == j)
            return -cli_usage(cmd, "--face wants two different dimensions I,J in 0..7, e.g. "
                                   "--face 0,2, not '%s'", arg);
        a->eo.face_set = 1;
        a->given |= EMBED_GIVEN_FACE;
        a->eo.face[0] = i;
        a->eo.face[1] = j;
        return 1;
    }
    case EO_APPROACH: {
        static const char *const names[] = {"a", "b", "b:fixed", "b:nearest", NULL};
        int k, rc = cli_keyword(cmd, "--approach", arg, names, &k);
        if (rc)
            return -rc;
        a->eo.approach = arg[0];
        a->eo.centre = k == 3 ? DN_CENTRE_NEAREST : DN_CENTRE_FIXED;
        a->given |= EMBED_GIVEN_APPROACH;
        return 1;
    }
    case 's':
        if (dn_parse_i64(arg, 0, INT64_MAX, "--seed", &a->seed, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        return 1;
    case EO_ROUTES: {
        static const dn_routes routes[] = {DN_ROUTES_MAPPING, DN_ROUTES_SHORTEST, DN_ROUTES_XY,
                                           DN_ROUTES_BFS, DN_ROUTES_MINIMAL};
        const char *const names[] = {dn_routes_name(routes[0]), dn_routes_name(routes[1]),
                                     dn_routes_name(routes[2]), dn_routes_name(routes[3]),
                                     dn_routes_name(routes[4]), NULL};

        int k, rc = cli_keyword(cmd, "--routes", arg, names, &k);
        if (rc)
            return -rc;
        a->eo.routes = routes[k];
        return 1;
    }
    case EO_SEARCH:
        if (dn_parse_i64(arg, 1, INT64_MAX, "--search-limit", &a->eo.search_limit, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        a->given |= EMBED_GIVEN_SEARCH;
        return 1;
    case EO_BUDGET: { /* --budget SECONDS: --map exact's time budget, the
                       * refinements' cutoff (--refine, best); 0: none */
        double sec;
        if (dn_parse_quantity(arg, DN_Q_TIME, 0, 1e7, "--budget", &sec, NULL, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        a->eo.search_seconds = sec > 0 ? sec : INFINITY;
        a->given |= EMBED_GIVEN_BUDGET;
        return 1;
    }
    case EO_REFINE: /* --refine [MOVES] (embed_optional_arg) */
        a->refine_default = !arg;
        a->eo.refine_moves = 0;
        if (arg && dn_parse_i64(arg, 0, INT64_MAX, "--refine", &a->eo.refine_moves, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        a->given |= EMBED_GIVEN_REFINE;
        return 1;
    case EO_OBJECTIVE: {
        const char *const names[] = {dn_objective_name(DN_OBJECTIVE_DILATION),
                                     dn_objective_name(DN_OBJECTIVE_HOP_BYTES),
                                     dn_objective_name(DN_OBJECTIVE_CONFLICTS),
                                     dn_objective_name(DN_OBJECTIVE_CONGESTION),
                                     dn_objective_name(DN_OBJECTIVE_TIME), NULL};
        int k, rc = cli_keyword(cmd, "--objective", arg, names, &k);
        if (rc)
            return -rc;
        a->eo.objective = (dn_objective)k;
        a->objective_given = 1;
        a->given |= EMBED_GIVEN_OBJECTIVE;
        return 1;
    }
    case EO_SCOTCH:
        a->eo.scotch_strategy = arg;
        a->given |= EMBED_GIVEN_SCOTCH;
        return 1;
    case EO_SCOTCH_TARGET: {
        const char *const names[] = {dn_scotch_target_name(DN_SCOTCH_AUTO),
                                     dn_scotch_target_name(DN_SCOTCH_DECO0),
                                     dn_scotch_target_name(DN_SCOTCH_DECO2),
                                     dn_scotch_target_name(DN_SCOTCH_NATIVE), NULL};
        int k, rc = cli_keyword(cmd, "--scotch-target", arg, names, &k);
        if (rc)
            return -rc;
        a->eo.scotch_target = (dn_scotch_target)k;
        a->given |= EMBED_GIVEN_SCOTCH_TARGET;
        return 1;
    }
    case EO_MAXN:
        if (dn_parse_i64(arg, 1, (int64_t)1 << 32, "--max-nodes", &a->max_nodes, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        return 1;
    case EO_MEM: {
        int rc = cli_mem_limit(cmd, arg, &a->mem_limit);
        return rc ? -rc : 1;
    }
    case EO_ALLOC: a->alloc_path = arg; return 1;
    case EO_SCOTCH_PART: {
        const char *const names[] = {dn_scotch_part_name(DN_SCOTCH_PART_COMPACT),
                                     dn_scotch_part_name(DN_SCOTCH_PART_WHOLE), NULL};
        int k, rc = cli_keyword(cmd, "--scotch-part", arg, names, &k);
        if (rc)
            return -rc;
        a->eo.scotch_part = (dn_scotch_part)k;
        a->given |= EMBED_GIVEN_SCOTCH_PART;
        return 1;
    }
    case EO_SLOTS:
        if (dn_parse_i64(arg, 1, 1 << 20, "--slots", &a->eo.slots, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        return 1;
    case EO_PPN: {
        int code = cli_ppn(cmd, arg, &a->mpi_ppn);
        return code ? -code : 1;
    }
    case EO_INTRA:
        if (dn_parse_double(arg, 0, 1e9, "--intra-cost", &a->eo.intra_cost, &err))
            return -cli_usage(cmd, "%s", cli_errmsg(&err));
        a->given |= EMBED_GIVEN_INTRA;
        return 1;
    }
    return 0;
}

/* Options that would do nothing (issue 37 item 19): refused with the
 * reason, the message naming the option, instead of being ignored. Without
 * a tree (simulate --trace) no option that places tasks acts; else each
 * option acts on the mappings listed (best passes every option on to its
 * candidates, so it takes the candidates' options, not exact's). */
static int embed_args_unused(const char *cmd, const embed_args *a, int need_tree)
{
    static const struct {
        unsigned bit;
        const char *flag, *maps, *shown, *what;
    } rules[] = {
        {EMBED_GIVEN_ORDER, "--order", "dccube xor best", "dccube, xor or best",
         "orders the dimensions of --map dccube and xor"},
        {EMBED_GIVEN_APPROACH, "--approach", "growing best", "growing or best",
         "is --map growing's"},
        {EMBED_GIVEN_SCOTCH, "--scotch-strategy", "scotch best", "scotch or best",
         "is read by --map scotch"},
        {EMBED_GIVEN_SCOTCH_TARGET, "--scotch-target", "scotch best", "scotch or best",
         "is read by --map scotch"},
        {EMBED_GIVEN_SCOTCH_PART, "--scotch-part", "scotch best", "scotch or best",
         "is read by --map scotch"},
        {EMBED_GIVEN_SEARCH, "--search-limit", "exact", "exact", "bounds --map exact's search"},
        {EMBED_GIVEN_BUDGET, "--budget", "exact best", "exact or best, or with --refine",
         "bounds a search (--map exact's, --map best's, --refine's)"},
        {EMBED_GIVEN_REFINE, "--refine", NULL, NULL, NULL},
        {EMBED_GIVEN_OBJECTIVE, "--objective", NULL, NULL, NULL},
        {EMBED_GIVEN_INTRA, "--intra-cost", NULL, NULL, NULL},
        {EMBED_GIVEN_FACE, "--face", NULL, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        if (!(a->given & rules[i].bit))
            continue;
        if (!need_tree)
            return cli_usage(cmd, "%s acts on the placement of a tree's tasks; a --trace names "
                                  "its own processors, so it would do nothing: drop %s",
                             rules[i].flag, rules[i].flag);
        if (!rules[i].maps || !a->eo.map)
            continue;
        if (rules[i].bit == EMBED_GIVEN_BUDGET && (a->given & EMBED_GIVEN_REFINE))
            continue; /* --budget cuts --refine's moves off on any mapping */
        const char *m = a->eo.map; /* the name before any ':', file:PATH as "file" */
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(m, ":"), m);
        char list[64];
        snprintf(list, sizeof list, " %s ", rules[i].maps);
        char key[20];
        snprintf(key, sizeof key, " %s ", name);
        if (!strstr(list, key))
            return cli_usage(cmd, "%s %s; --map %s does not read it, so it would do nothing: "
                                  "drop %s (it acts with --map %s)",
                             rules[i].flag, rules[i].what, name, rules[i].flag, rules[i].shown);
    }
    if ((a->given & EMBED_GIVEN_OBJECTIVE) && !(a->given & EMBED_GIVEN_REFINE) && a->eo.map &&
        strcmp(a->eo.map, "best") != 0)
        return cli_usage(cmd, "--objective says what --refine minimises or what --map best "
                              "ranks by first; with neither it would do nothing: add --refine "
                              "[MOVES] or --map best, or drop --objective");
    /* simulate's run leaves co-located messages off the network; the
     * intra-node cost acts there only through refinement and best's ranking
     * (embed's figures count it too) */
    if ((a->given & EMBED_GIVEN_INTRA) && strcmp(cmd, "simulate") == 0 &&
        !(a->given & EMBED_GIVEN_REFINE) && a->eo.map && strcmp(a->eo.map, "best") != 0)
        return cli_usage(cmd, "--intra-cost weighs co-located messages in --refine's objective "
                              "and --map best's ranking; the simulated run itself does not "
                              "count it, so here it would do nothing: add --refine or --map "
                              "best, or drop --intra-cost");
    return 0;
}

int embed_args_net_tree(const char *cmd, embed_args *a, dn_net *net, dn_tree *tree, int need_tree)
{
    dn_err err;
    dn_tree_model tm;
    int rc;
    if (!a->net_spec)
        return cli_usage(cmd, "missing --net SPEC (e.g. --net debruijn:4)");
    if (need_tree && !a->tree_spec)
        return cli_usage(cmd, "missing --tree SPEC (e.g. --tree binomial:4)");
    if (need_tree && !a->eo.map)
        return cli_usage(cmd, "missing --map NAME (e.g. --map zrl; see 'dcnet help maps')");
    if ((rc = embed_args_unused(cmd, a, need_tree)))
        return rc;
    a->eo.seed = (uint64_t)a->seed;
    a->eo.mem_limit = a->mem_limit;
    a->eo.stop = out_cancel_flag(); /* a hosted caller's Ctrl-C (python/dcnet) */
    if ((rc = dn_net_init_limit(net, a->net_spec, a->mem_limit, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    if (!need_tree)
        return 0;
    if (!(rc = dn_tree_model_parse(a->tree_spec, &tm, &err)))
        tm.mem_limit = a->mem_limit > 0 ? a->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    if (!rc) { /* the size an MPI broadcast's algorithm is chosen for */
        int code = tree_mpi_bytes(cmd, &tm, a->mpi_bytes, a->mpi_ppn);
        if (code) {
            dn_net_free(net);
            return code;
        }
    }
    if (rc || (rc = dn_tree_init(tree, &tm, (uint64_t)a->seed, a->max_nodes, &err))) {
        dn_net_free(net);
        return cli_fail(cmd, rc, cli_errmsg(&err));
    }
    if (a->refine_default) /* bare --refine */
        a->eo.refine_moves = EMBED_REFINE_PER_TASK * tree->nodes;
    /* deco 0 on switches (issue 29, item 12): SCOTCH's archBuild0 bipartitions
     * the graph the processors induce, which has no links when they meet
     * only through switches: its mapping is then arbitrary (src/embed/map_scotch.c) */
    if (strcmp(a->eo.map, "scotch") == 0 && a->eo.scotch_target == DN_SCOTCH_DECO0 &&
        dn_net_processors(net) < net->n)
        cli_errf("dcnet %s: warning: --scotch-target deco0 on %s, a network with "
                 "switches: deco0 splits the processors by the links among them, "
                 "which they lack here, so it places blindly (B(6) on fattree:4:3: "
                 "average dilation 4.98, deco2 2.86); auto takes deco2 here\n",
                 cmd, a->net_spec);
    if (a->root_s && (rc = dn_net_parse_node(net, a->root_s, &a->eo.root, &err))) {
        dn_tree_free(tree);
        dn_net_free(net);
        return cli_usage(cmd, "--root: %s", cli_errmsg(&err));
    }
    if (a->alloc_path &&
        (rc = place_read_alloc(a->alloc_path, a->hosts, a->oversubscribe, net, a->eo.slots,
                               &a->alloc, &a->slots_per, &a->eo.alloc_len, &err))) {
        embed_args_free(a);
        dn_tree_free(tree);
        dn_net_free(net);
        return cli_fail(cmd, rc, cli_errmsg(&err));
    }
    a->eo.alloc = a->alloc;
    a->eo.slots_per = a->slots_per;
    if (strcmp(a->eo.map, "given") == 0) { /* the library's name for what file:PATH gives */
        embed_args_free(a);
        dn_tree_free(tree);
        dn_net_free(net);
        return cli_usage(cmd, "--map given is not a mapping: give a placement file as --map "
                              "file:PATH (a list, SCOTCH mapping or CSV; 'dcnet help formats')");
    }
    if (strncmp(a->eo.map, "file:", 5) == 0) { /* list, SCOTCH .map or CSV, read once */
        dn_place pl;
        dn_place_opts po = {tree->nodes, 0, dn_net_processors(net), net, a->mem_limit};
        if ((rc = dn_place_read(&pl, a->eo.map + 5, &po, &err))) {
            embed_args_free(a);
            dn_tree_free(tree);
            dn_net_free(net);
            return cli_fail(cmd, rc, cli_errmsg(&err));
        }
        a->place = pl.proc; /* owned by a from here */
        a->eo.map = "given";
        a->eo.place = a->place;
        a->eo.place_len = tree->nodes;
    }
    return 0;
}

int cmd_embed(int argc, char **argv)
{
    const char *cmd = "embed", *weights_s = NULL, *save = NULL, *svg = NULL;
    const char *rankfile = NULL, *hosts = NULL;
    dn_place_format place_fmt = DN_PLACE_LIST;
    int fmt_given = 0;
    int mode = OUT_TABLE, per_phase = 0, per_depth = 0, timing = 0, c, rc, code = 0;
    int only_phase = 0; /* --phase K: the one panel of --svg */
    int candidates = 0; /* --candidates: --map best's every candidate */
    int oversub = 0;    /* --oversubscribe: ranks may share a slot of the hosts file */
    embed_args a;
    dn_metric_opts mo;
    dn_err err;
    embed_args_init(&a);
    memset(&mo, 0, sizeof mo);

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:t:m:r:s:h", embed_opts, NULL)) != -1) {
        int got = embed_args_opt(cmd, &a, c, embed_optional_arg(c, argc, argv));
        if (got < 0)
            return -got;
        if (got)
            continue;
        switch (c) {
        case O_WEIGHTS: weights_s = optarg; break;
        case O_LINKS: {
            static const char *const names[] = {"undirected", "directed", NULL};
            if ((code = cli_keyword(cmd, "--links", optarg, names, &mo.directed_links)))
                return code;
            break;
        }
        case O_CONTENTION: {
            const char *const names[] = {dn_contention_mode_name(DN_CONTENTION_PHASE),
                                         dn_contention_mode_name(DN_CONTENTION_TIMED), NULL};
            int k;
            if ((code = cli_keyword(cmd, "--contention", optarg, names, &k)))
                return code;
            mo.contention = (dn_contention_mode)k;
            break;
        }
        case O_TIMING: timing = 1; break;
        case O_DISTINCT: mo.distinct_pairs = 1; break;
        case O_PERPHASE: per_phase = 1; break;
        case O_PERDEPTH: per_depth = 1; break;
        case O_SAVE: save = optarg; break;
        case O_PFMT:
            if (dn_place_format_parse(optarg, &place_fmt))
                return cli_usage(cmd, "--place-format is list, scotch or csv, not '%s'", optarg);
            fmt_given = 1;
            break;
        case O_RANKFILE: rankfile = optarg; break;
        case O_EBYTES: {
            dn_err e;
            if (dn_parse_quantity(optarg, DN_Q_SIZE, 1, 1e18, "--bytes", &a.mpi_bytes, NULL, &e))
                return cli_usage(cmd, "%s", cli_errmsg(&e));
            break;
        }
        case O_HOSTS: hosts = a.hosts = optarg; break;
        case O_OVERSUB: oversub = a.oversubscribe = 1; break;
        case O_SVG: svg = optarg; break;
        case O_PHASE: {
            int64_t v;
            if (dn_parse_i64(optarg, 1, 64, "--phase", &v, &err))
                return cli_usage(cmd, "%s", cli_errmsg(&err));
            only_phase = (int)v;
            break;
        }
        case O_JSON: mode = OUT_JSON; break;
        case O_CSV: mode = OUT_CSV; break;
        case O_CANDIDATES: candidates = 1; break;
        case 'h':
            fputs(embed_help, stdout);
            fputs(embed_help_more, stdout);
            fputs(embed_help_tail, stdout);
            return 0;
        case ':': return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_bad_option(cmd, argv, embed_opts);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (fmt_given && !save)
        return cli_usage(cmd, "--place-format is the format of --save-place FILE: add it");
    if (rankfile && !hosts)
        return cli_usage(cmd, "--rankfile needs --hosts HOSTFILE (a line 'LABEL HOST SLOT' per "
                              "processor)");
    if (oversub && !rankfile)
        return cli_usage(cmd, "--oversubscribe lets a rankfile bind ranks to one slot: add "
                              "--rankfile FILE --hosts HOSTFILE");
    if (hosts && !rankfile && !a.alloc_path)
        return cli_usage(cmd, "--hosts is read for --rankfile FILE or --alloc FILE: add one");
    if (per_phase && per_depth)
        return cli_usage(cmd, "--per-phase and --per-depth are separate listings; give one");
    if (candidates && (!a.eo.map || strcmp(a.eo.map, "best") != 0))
        return cli_usage(cmd, "--candidates lists the candidates of --map best: add it");
    if (candidates && (per_phase || per_depth))
        return cli_usage(cmd, "--candidates, --per-phase and --per-depth are separate listings; "
                              "give one");
    if (only_phase && !svg)
        return cli_usage(cmd, "--phase K draws phase K's panel of --svg FILE: add --svg");
    const int weights_file = weights_s && strcmp(weights_s, "uniform") != 0 &&
                             strcmp(weights_s, "bytes") != 0 && strcmp(weights_s, "log") != 0;
    const out_file files[] = {{"--net", out_spec_file(a.net_spec), 0},
                              {"--tree", out_spec_file(a.tree_spec), 0},
                              {"--map", out_spec_file(a.eo.map), 0},
                              {"--weights", weights_file ? weights_s : NULL, 0},
                              {"--hosts", hosts, 0},
                              {"--alloc", a.alloc_path, 0},
                              {"--save-place", save, 1},
                              {"--rankfile", rankfile, 1},
                              {"--svg", svg, 1},
                              out_report(1, mode)};
    if ((code = out_plan(cmd, files, 10)))
        return code;
    if (!weights_s || strcmp(weights_s, "uniform") == 0 || strcmp(weights_s, "bytes") == 0)
        a.eo.weights = DN_WEIGHTS_UNIFORM; /* bytes: given from the tree, below */
    else if (strcmp(weights_s, "log") == 0)
        a.eo.weights = DN_WEIGHTS_LOG;
    else
        a.eo.weights = DN_WEIGHTS_GIVEN;

    dn_net net;
    dn_tree tree;
    dn_embed *e = NULL;
    dn_metrics m;
    double *given = NULL;
    if ((code = embed_args_net_tree(cmd, &a, &net, &tree, 1)))
        return code;
    /* the tree file's message sizes weigh the dilation: hop-bytes */
    const char *weights_kind = a.eo.weights == DN_WEIGHTS_LOG ? "log" : "uniform";
    if (weights_s && strcmp(weights_s, "bytes") == 0 && !tree.bytes_down) {
        code = cli_usage(cmd, "--weights bytes needs a tree file with bytes_down (--tree "
                              "file:PATH)");
        goto done_tree;
    }
    if ((!weights_s || strcmp(weights_s, "bytes") == 0) && tree.bytes_down && tree.nodes > 1) {
        a.eo.weights = DN_WEIGHTS_GIVEN;
        a.eo.given = tree.bytes_down + 1; /* tasks 1 .. T-1 (copied by dn_embed_init) */
        a.eo.given_len = tree.nodes - 1;
        weights_kind = "bytes";
    } else if (a.eo.weights == DN_WEIGHTS_GIVEN) {
        if ((rc = cli_read_numbers(weights_s, tree.nodes - 1, 0, 1e300, "--weights", &given,
                                   &err))) {
            code = cli_fail(cmd, rc, cli_errmsg(&err));
            goto done_tree;
        }
        a.eo.given = given;
        a.eo.given_len = tree.nodes - 1;
        weights_kind = "file";
    }
    double t0 = cli_now();
    if ((rc = embed_build(&a, &net, &tree, &mo, &e, &err))) {
        /* weights taken from the tree file's bytes_down: the file is at
         * fault, not --weights (issue 37, item 4) */
        if (strcmp(weights_kind, "bytes") == 0 && err.param && strcmp(err.param, "weights") == 0) {
            err.param = NULL;
            char msg[sizeof err.msg];
            snprintf(msg, sizeof msg, "%s", err.msg);
            const char *w = strstr(msg, "the weights"), *g = strstr(msg, "smaller weights");
            if (w && g)
                snprintf(err.msg, sizeof err.msg, "tree file '%s': its bytes_down (the "
                         "weights)%.*ssmaller bytes_down, or --weights uniform",
                         out_spec_file(a.tree_spec) ? out_spec_file(a.tree_spec) : a.tree_spec,
                         (int)(g - w - 11), w + 11);
        }
        code = cli_fail(cmd, rc, cli_errmsg(&err));
        goto done_tree;
    }
    double map_seconds = cli_now() - t0;
    progress pr;
    progress_init(&pr, "embed: routing and counting");
    mo.progress = progress_cb;
    mo.progress_ctx = &pr;
    mo.keep_arrays = svg != NULL;
    mo.mem_limit = a.mem_limit; /* the metrics' scratch too (0: the default) */
    rc = dn_metrics_compute(e, &mo, &m, &err);
    progress_done(&pr);
    if (rc) {
        code = cli_fail(cmd, rc, cli_errmsg(&err));
        goto done_embed;
    }
    double link_total = 0, link_worst = 0;
    if ((rc = link_costs(e, &a.eo, &tree, &link_total, &link_worst, &err))) {
        code = cli_fail(cmd, rc, cli_errmsg(&err));
        goto done_metrics;
    }
    if (save || rankfile) {
        int64_t *place = placement_of(e);
        char what[160];
        snprintf(what, sizeof what, "%s by %s", a.tree_spec, dn_embed_mapping(e));
        rc = !place ? dn_fail(&err, DN_ENOMEM, "out of memory")
             : save ? place_write(&net, place, tree.nodes, place_fmt, what, save, &err)
                    : DN_OK;
        if (!rc && rankfile) {
            char header[4096]; /* three lines of at most about 2100 bytes */
            rankfile_header(e, a.tree_spec, a.map_arg, header, sizeof header);
            rc = place_rankfile(rankfile, hosts, &net, place, tree.nodes, header,
                                dn_tree_rank(&tree, 0), oversub, &err);
        }
        free(place);
        if (rc) {
            code = cli_fail(cmd, rc, cli_errmsg(&err));
            goto done_metrics;
        }
    }
    if (svg && (rc = per_phase || only_phase ? embed_svg_phases(e, &m, only_phase, svg, &err)
                                             : embed_svg(e, &m, svg, &err))) {
        code = cli_fail(cmd, rc, cli_errmsg(&err));
        goto done_metrics;
    }
    rec r = {0};
    rec_str(&r, "tree", a.tree_spec);
    tree_mpi_record(&dn_embed_tree(e)->model, &r);
    metrics_record(e, &m, a.map_arg, a.best, &r);
    if (embed_approach_name(&a.eo))
        rec_str(&r, "approach", embed_approach_name(&a.eo));
    if (embed_order_name(&a.eo))
        rec_str(&r, "order", embed_order_name(&a.eo));
    rec_str(&r, "weights", weights_kind);
    if (dn_embed_graph(e)->bw) {
        rec_dbl(&r, "link_cost.total", link_total);
        rec_dbl(&r, "link_cost.max", link_worst);
    }
    if (timing) /* wall clock: only on request, so that equal inputs give equal output */
        rec_dbl(&r, "map_seconds", map_seconds);
    embed_best_record(a.best, &r);
    if (candidates)
        print_candidates(a.best, &r, mode);
    else if (per_phase || per_depth)
        code = print_tables(&m, &r, per_phase, mode);
    else
        rec_print(&r, mode, stdout);
    rec_free(&r);
done_metrics:
    dn_metrics_free(&m);
done_embed:
    dn_embed_free(e);
done_tree:
    free(given);
    embed_args_free(&a);
    dn_tree_free(&tree);
    dn_net_free(&net);
    return code;
}
