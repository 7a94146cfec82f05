/*
 * cmd_sim.c - `dcnet simulate`: play the division and/or combining stage
 * of a task tree, placed by a mapping, on the links of a network under
 * store-and-forward, wormhole, virtual cut-through or circuit switching
 * (seed 001 section 5's cost model), or play a trace of messages. JSON
 * keys follow docs/spec/cli.md: time, ts_coeff, te_coeff, steps, conflicts
 * (averages plus "roots" with --all-roots).
 */
#include "cli.h"
#include "plot.h"
#include "simgrid.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char sim_help[] =
    "Usage: dcnet simulate --net SPEC --tree SPEC --map NAME [OPTION]...\n"
    "  or:  dcnet simulate --net SPEC --trace FILE [OPTION]...\n"
    "Play the messages of a divide-and-conquer computation (or of a trace) on the\n"
    "directed links of a network and report the time it takes, split into its\n"
    "start-up (t_s) and per-unit (t_e) parts along the critical path. On a network\n"
    "with link costs (SPEC@bw=..,lat=.. or a graph file's costs=1) the run is in\n"
    "seconds and bytes; without, in the seeds' units of t_s and t_e, and a value\n"
    "given with a unit (2ms, 1MB: options, tree files, --sizes, traces) is refused.\n"
    "\n"
    "What to play:\n"
    "  -n, --net SPEC         the network (see 'dcnet help nets')\n"
    "  -t, --tree SPEC        the task tree (see 'dcnet help trees')\n"
    "  -m, --map NAME         the mapping (see 'dcnet help maps') or file:PATH\n"
    "  -r, --root R           processor of the root task (id or label)\n"
    "      --all-roots        run from every processor as root and average\n"
    "      --order O          dccube and xor dimension order: paired (default), asc,\n"
    "                         desc\n"
    "      --approach A       growing: a (relabel, default) or b (move first to the\n"
    "                         fixed centre); b:nearest moves to the nearest of the\n"
    "                         four central nodes (seed 001 Table 1's G_B)\n"
    "      --face I,J         dccube, reflecting, growing on the 2-D face of\n"
    "                         dimensions I, J through the root (see dcnet embed)\n"
    "  -s, --seed S           seed for random trees and mappings (default 1)\n"
    "      --routes R         mapping (default), shortest, xy, bfs or minimal (see\n"
    "                         dcnet embed --help)\n"
    "      --scotch-target T  --map scotch: auto (default), native, deco0 or deco2\n"
    "                         (see dcnet embed --help: deco0 is weak on switches)\n"
    "      --scotch-part P    --map scotch: compact (default) or whole (see dcnet\n"
    "                         embed --help)\n"
    "      --scotch-strategy S  --map scotch: SCOTCH's mapping strategy string\n"
    "      --alloc FILE       place on these processors only (see dcnet embed)\n"
    "      --slots K          tasks one processor may hold (see dcnet embed)\n"
    "      --intra-cost H     hops a co-located message costs, for --refine and\n"
    "                         --map best (see dcnet embed; the run itself moves\n"
    "                         such messages in no time)\n"
    "      --stage S          divide, combine or both (default: both for a tree\n"
    "                         file with bytes_up, else divide)\n"
    "      --alpha A          divide message of step t has size A^t (default 1/2,\n"
    "                         1 on MPI's broadcast trees, which send it whole;\n"
    "                         a number or a fraction like 1/2), A^t N with --bytes\n"
    "      --bytes N          the root problem's size in bytes (64MB, 1GiB, 4096):\n"
    "                         needed with link costs unless the sizes are given\n"
    "                         (a tree file's bytes, --sizes; JSON 'bytes'); also\n"
    "                         the size an MPI broadcast's algorithm is chosen for\n"
    "      --ppn K            MPICH's ranks per node (1 .. 1024, in blocks):\n"
    "                         mpich-bcast:P without @ALG is MPICH 4.0's default\n"
    "                         for P, K and --bytes (without: its binomial)\n"
    "      --sizes FILE       or: one message size per non-root task, in task order\n"
    "                         (units allowed: 1MB, 4KiB); a tree file's bytes_down\n"
    "                         and bytes_up are its sizes unless --alpha or --sizes\n"
    "                         is given (JSON 'sizes')\n"
    "      --combine-sizes C  growing (default: the result of a subtree is as large\n"
    "                         as its problem) or uniform (size 1)\n"
    "      --tree-work W      use (default) or ignore a tree file's work: task v\n"
    "                         computes work(v) (seconds with link costs) on its\n"
    "                         processor after its data arrives, its result leaves\n"
    "                         after that; the time is then the makespan (async\n"
    "                         schedule; JSON 'tree_work')\n"
    ;

static const char sim_help_more[] =
    "      --trace FILE       play 'src dst size [release]' lines instead (routes by\n"
    "                         --routes shortest|xy|bfs|minimal; default the\n"
    "                         network's own: minimal on dragonflies, else shortest;\n"
    "                         '-' reads\n"
    "                         standard input; within --mem-limit)\n"
    "\n"
    "How the network moves them:\n"
    "  -w, --switching S      saf (store-and-forward, default), wormhole, vct\n"
    "                         (virtual cut-through) or circuit\n"
    "      --ts X             start-up cost t_s per message (saf: per hop; default\n"
    "                         1); with link costs the sender's overhead per message\n"
    "                         in seconds, paid once (default 0; 2us, 1e-6)\n"
    "      --te Y             cost t_e per unit of size (default 1; not with costs)\n"
    "      --hop H            latency per hop of a worm's head (default 0; not with\n"
    "                         costs: each link has its latency)\n"
    "      --ports P          messages a node injects at once: 1..16 or all\n"
    "                         (default 1)\n"
    "      --vcs V            virtual channels (lanes) per link, 1..16 (default 1)\n"
    "      --schedule S       steps (default: a step starts when the previous one has\n"
    "                         ended, as in the seeds) or async (a message leaves as\n"
    "                         soon as its data is there)\n"
    "\n"
    "Output:\n"
    "      --per-step         list every step: messages, start, end, conflicts\n"
    "      --critical         list the critical path (last delivery first)\n"
    "      --link-stats FILE  write per-link busy time and utilisation (CSV)\n"
    "      --messages FILE    write one CSV row per message as it is delivered: id,\n"
    "                         step, src, dst, bytes, hops, route (labels joined by\n"
    "                         '>'), release, start (first grant), delivered, waited\n"
    "      --svg FILE         draw a timeline (Gantt chart per sending processor)\n"
    "      --export-simgrid DIR  write the run for SimGrid 3.32: DIR/platform.xml,\n"
    "                         DIR/messages.json and DIR/replay.py (run it with\n"
    "                         /usr/bin/python3); saf or vct, link costs, at most\n"
    "                         4096 nodes (docs/simulator.md, SimGrid)\n"
    "      --threads N        workers for --all-roots (default: all cores)\n"
    ;

/* (split: C99 compilers need support only 4095 characters in one string) */
static const char sim_help_refine[] =
    "      --refine [MOVES]   refine the placement by local search: MOVES swaps of\n"
    "                         two tasks or moves to free slots (threshold\n"
    "                         accepting, drawn from --seed; bare --refine: 20 per\n"
    "                         task); the best placement seen is kept, so\n"
    "                         --objective never gets worse (as dcnet embed)\n"
    "      --objective O      what --refine minimises: dilation (total hops,\n"
    "                         default), hop-bytes, conflicts (phase), congestion,\n"
    "                         or time (this command's run, re-simulated each move:\n"
    "                         trees of at most 4096 tasks); with --map best the\n"
    "                         first key of the ranking\n"
    "      --max-nodes N      cap on random tree sizes (default 2^24)\n"
    "      --search-limit N   --map exact: search nodes per distance tried\n"
    "      --budget SECONDS   --map exact: time of the whole search (default 5; 0:\n"
    "                         none); --refine and --map best: CPU time of each\n"
    "                         refinement (best's search: 2); JSON search.stopped\n"
    "                         says if it ran out\n"
    "      --mem-limit SIZE   memory limit for the network and a tree file: GiB, or\n"
    "                         with a unit, 512MiB (default 8)\n"
    "      --json             one JSON object on stdout\n"
    "      --csv              CSV on stdout\n"
    "  -h, --help             show this help\n"
    "\n"
    "A message of size m costs L = t_s + m t_e: per hop under saf; once under\n"
    "wormhole and vct (plus the head's hop latency); circuit adds the set-up and\n"
    "acknowledgement (3 d hop). In seconds and bytes (link costs) the sender pays\n"
    "t_s once and a hop of m bytes over a link takes m / bw + lat: alone, saf\n"
    "takes t_s + sum (m / bw + lat), vct and wormhole t_s + sum lat + m / min bw\n"
    "(the head pays each latency, the body streams at the slowest link), circuit\n"
    "t_s + 3 sum lat + m / min bw (docs/simulator.md). A link carries one message\n"
    "per lane at a time, first come first served; a blocked worm keeps every\n"
    "channel it holds.\n"
    "'time' = const + ts_coeff t_s + te_coeff t_e + hop_coeff hop exactly (the\n"
    "critical path's); in seconds: t_e = 1 and te_coeff is the seconds spent\n"
    "sending bytes, ts_coeff counts the overheads paid, const_coeff holds the\n"
    "latencies and the work (JSON 'unit': 's'). 'ideal' is the time with every\n"
    "message alone on the network (per step under --schedule steps); 'conflicts'\n"
    "counts requests that found a link busy. A deadlock (possible with wormhole\n"
    "and cyclic routes) is reported with a wait-for cycle, and the exit status is\n"
    "1 (no output file is written).\n"
    "\n"
    "Limits: the workload and the engine are checked together against --mem-limit\n"
    "before the engine allocates: per message about 37 bytes of workload, 36 of\n"
    "engine plus 98 per message of the largest step (of every message with\n"
    "--schedule async), 8 per hop (40 under vct), 12 per link and per node. The\n"
    "divide stage of B(n) on debruijn:n under wormhole takes about 170 bytes\n"
    "per message with the network: B(24), 16.8M messages, 2.6 GiB; the largest\n"
    "within the default 8 GiB is B(25), 33.5M messages, 5.1 GiB (B(26) is\n"
    "refused). At most 2^31 - 1 messages, route hops and channels. A time\n"
    "past the largest double (1.8e308) is refused, naming its cause.\n"
    "\n"
    ;

static const char sim_help_examples[] =
    "Examples:\n"
    "  dcnet simulate --net mesh:8x8 --tree binomial:6 --map dccube --order desc \\\n"
    "        -w wormhole\n"
    "  dcnet simulate --net mesh:16x16 --tree binomial:8 --map growing --approach b \\\n"
    "        --all-roots --alpha 1/2 --json\n"
    "  dcnet simulate --net debruijn:10 --tree binomial:10 --map zrl -w wormhole \\\n"
    "        --per-step\n"
    "  dcnet simulate --net ring:8 --trace msgs.txt -w wormhole --hop 1\n"
    "  dcnet simulate --net 'torus:4x4x4@bw=10GB/s,lat=1us' --tree file:t.csv \\\n"
    "        --map greedy --messages msgs.csv\n";

enum {
    O_SW = 256, O_TS, O_TE, O_HOP, O_ALPHA, O_SIZES, O_STAGE, O_CSIZES, O_SCHED, O_WORKOPT, O_WORK_OLD, O_PORTS,
    O_VCS, O_ALL, O_TRACE, O_PERSTEP, O_CRIT, O_LINKS, O_LINKS_OLD, O_SVG, O_THREADS, O_JSON, O_CSV,
    O_BYTES, O_MESSAGES, O_SIMGRID
};

static const struct option sim_opts[] = {
    EMBED_LONG_OPTIONS,
    {"switching", required_argument, NULL, 'w'},
    {"ts", required_argument, NULL, O_TS},
    {"te", required_argument, NULL, O_TE},
    {"hop", required_argument, NULL, O_HOP},
    {"alpha", required_argument, NULL, O_ALPHA},
    {"sizes", required_argument, NULL, O_SIZES},
    {"bytes", required_argument, NULL, O_BYTES},
    {"stage", required_argument, NULL, O_STAGE},
    {"combine-sizes", required_argument, NULL, O_CSIZES},
    {"schedule", required_argument, NULL, O_SCHED},
    {"tree-work", required_argument, NULL, O_WORKOPT},
    {"work", required_argument, NULL, O_WORK_OLD}, /* old spellings (issue 29) */
    {"ports", required_argument, NULL, O_PORTS},
    {"vcs", required_argument, NULL, O_VCS},
    {"all-roots", no_argument, NULL, O_ALL},
    {"trace", required_argument, NULL, O_TRACE},
    {"per-step", no_argument, NULL, O_PERSTEP},
    {"critical", no_argument, NULL, O_CRIT},
    {"link-stats", required_argument, NULL, O_LINKS},
    {"links", required_argument, NULL, O_LINKS_OLD},
    {"messages", required_argument, NULL, O_MESSAGES},
    {"export-simgrid", required_argument, NULL, O_SIMGRID},
    {"svg", required_argument, NULL, O_SVG},
    {"threads", required_argument, NULL, O_THREADS},
    {"json", no_argument, NULL, O_JSON},
    {"csv", no_argument, NULL, O_CSV},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* A number or a fraction P/Q. */
static int parse_fraction(const char *s, const char *what, double *out, dn_err *err)
{
    const char *slash = strchr(s, '/');
    if (!slash)
        return dn_parse_double(s, 1e-9, 1e6, what, out, err);
    char num[64];
    size_t n = (size_t)(slash - s);
    if (n == 0 || n >= sizeof num)
        return dn_fail(err, DN_EINVAL, "%s: '%s' is not a number or fraction", what, s);
    memcpy(num, s, n);
    num[n] = 0;
    double p, q;
    dn_err e;
    if (dn_parse_double(num, 0, 1e6, "numerator", &p, &e) ||
        dn_parse_double(slash + 1, 0, 1e6, "denominator", &q, &e))
        return dn_fail(err, DN_EINVAL, "%s %s: %s", what, s, e.msg);
    if (q == 0)
        return dn_fail(err, DN_EINVAL, "%s %s divides by zero", what, s);
    if (p / q < 1e-9 || p / q > 1e6)
        return dn_fail(err, DN_ERANGE, "%s %s = %.15g is out of range (accepted: 1e-09..1000000)",
                       what, s, p / q);
    *out = p / q;
    return DN_OK;
}

static const char *via_name(int via)
{
    static const char *names[] = {"start", "data", "channel", "port"};
    return via >= 0 && via < 4 ? names[via] : "?";
}

static const char *stage_name(int8_t st)
{
    return st == 1 ? "divide" : st == 2 ? "combine" : st == 3 ? "trace" : "move";
}

/* Per-link busy time (CSV). */
static int write_links(const char *path, const dn_net *net, const dn_sim_work *w,
                       const dn_sim_result *res, dn_err *err)
{
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    fprintf(f, "src,dst,src_label,dst_label,messages,busy,utilisation\n");
    char a[64], b[64];
    out_array *tab = out_capture_table("link_stats"); /* python/dcnet's DataFrame, or NULL */
    rec row = {0};
    for (int64_t c = 0; c < w->channels; c++) {
        if (!res->carried[c])
            continue;
        dn_net_label(net, dn_sim_work_chan_src(w, c), a, sizeof a);
        dn_net_label(net, w->chan_dst[c], b, sizeof b);
        if (tab) { /* the columns of the CSV line below, typed */
            rec_clear(&row);
            rec_int(&row, "src", dn_sim_work_chan_src(w, c));
            rec_int(&row, "dst", w->chan_dst[c]);
            rec_str(&row, "src_label", a);
            rec_str(&row, "dst_label", b);
            rec_int(&row, "messages", res->carried[c]);
            rec_dbl(&row, "busy", res->busy[c]);
            rec_dbl(&row, "utilisation", res->time > 0 ? res->busy[c] / res->time : 0);
            out_capture_row(tab, &row);
        }
        fprintf(f, "%d,%d,", dn_sim_work_chan_src(w, c), w->chan_dst[c]);
        csv_field(f, a);
        fputc(',', f);
        csv_field(f, b);
        fprintf(f, ",%d,%.17g,%.6f\n",
                res->carried[c], res->busy[c], res->time > 0 ? res->busy[c] / res->time : 0);
    }
    rec_free(&row);
    return out_close(f, err);
}

/* --messages FILE (issue 29 item 7): one CSV row per message, written as
 * the engine delivers it (dn_sim_opts.on_message), so nothing is kept per
 * message: the route is rebuilt from the workload's channels into one
 * reused buffer. Rows come in delivery order; id is the message's index
 * (ids follow the steps; compute marks are not messages). */
typedef struct msg_csv {
    FILE *f;
    const dn_net *net;
    const dn_sim_work *w;
    char *route;     /* labels joined by '>' (owned, reused) */
    size_t cap;
    int rc;          /* DN_ENOMEM once a route could not be held */
    out_array *tab;  /* python/dcnet's DataFrame (out_capture_table), or NULL */
    rec row;         /* its row, reused */
} msg_csv;

static const char msg_csv_header[] =
    "id,step,src,dst,bytes,hops,route,release,start,delivered,waited\n";

/* Appends text to M's route buffer; 0, or 1 out of memory (M->rc set). */
static int route_add(msg_csv *M, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > M->cap) {
        size_t nc = M->cap ? 2 * M->cap : 256;
        while (nc < *len + n + 1)
            nc *= 2;
        char *p = realloc(M->route, nc);
        if (!p) {
            M->rc = DN_ENOMEM;
            return 1;
        }
        M->route = p;
        M->cap = nc;
    }
    memcpy(M->route + *len, text, n + 1);
    *len += n;
    return 0;
}

static void msg_row(void *ctx, int64_t m, const dn_sim_msg_times *t)
{
    msg_csv *M = ctx;
    const dn_sim_work *w = M->w;
    char lab[64], num[4][40];
    size_t len = 0;
    if (M->rc)
        return;
    dn_net_label(M->net, w->src[m], lab, sizeof lab);
    if (route_add(M, &len, lab))
        return;
    for (int64_t i = w->route_off[m]; i < w->route_off[m + 1]; i++) {
        dn_net_label(M->net, w->chan_dst[w->route[i]], lab, sizeof lab);
        if (route_add(M, &len, ">") || route_add(M, &len, lab))
            return;
    }
    fprintf(M->f, "%lld,", (long long)m);
    if (w->step)
        fprintf(M->f, "%d", w->step[m] + 1);
    fputc(',', M->f);
    dn_net_label(M->net, w->src[m], lab, sizeof lab);
    csv_field(M->f, lab);
    fputc(',', M->f);
    dn_net_label(M->net, w->dst[m], lab, sizeof lab);
    csv_field(M->f, lab);
    fprintf(M->f, ",%s,%lld,", dn_fmt_double(num[0], sizeof num[0], w->size[m]),
            (long long)(w->route_off[m + 1] - w->route_off[m]));
    csv_field(M->f, M->route);
    fprintf(M->f, ",%s,%s,%s,%s\n", dn_fmt_double(num[0], sizeof num[0], t->release),
            dn_fmt_double(num[1], sizeof num[1], t->start),
            dn_fmt_double(num[2], sizeof num[2], t->delivered),
            dn_fmt_double(num[3], sizeof num[3], t->waited));
    if (M->tab) { /* the columns of the CSV line above (msg_csv_header), typed */
        rec *r = &M->row;
        rec_clear(r);
        rec_int(r, "id", m);
        if (w->step)
            rec_int(r, "step", w->step[m] + 1);
        else
            rec_null(r, "step");
        dn_net_label(M->net, w->src[m], lab, sizeof lab);
        rec_str(r, "src", lab);
        dn_net_label(M->net, w->dst[m], lab, sizeof lab);
        rec_str(r, "dst", lab);
        rec_dbl(r, "bytes", w->size[m]);
        rec_int(r, "hops", w->route_off[m + 1] - w->route_off[m]);
        rec_str(r, "route", M->route);
        rec_dbl(r, "release", t->release);
        rec_dbl(r, "start", t->start);
        rec_dbl(r, "delivered", t->delivered);
        rec_dbl(r, "waited", t->waited);
        out_capture_row(M->tab, r);
    }
}

/* Gantt chart: one row per sending processor (the first 40 by id, the
 * critical path's first), waiting in grey, sending in the step's colour,
 * the critical path outlined. */
static int write_timeline(const char *path, const char *title, const dn_net *net,
                          const dn_sim_work *w, const dn_sim_result *res, dn_err *err)
{
    enum { MAXROWS = 40 };
    int64_t n = w->msgs;
    int32_t *row = malloc((size_t)(w->nodes ? w->nodes : 1) * sizeof *row);
    double *buf = malloc((size_t)(n ? n : 1) * 6 * sizeof *buf);
    if (!row || !buf) {
        free(row);
        free(buf);
        return dn_fail(err, DN_ENOMEM, "out of memory for the timeline");
    }
    for (int64_t v = 0; v < w->nodes; v++)
        row[v] = -1;
    int rows = 0;
    for (int64_t i = 0; i < res->ncrit && rows < MAXROWS; i++) {
        int32_t p = w->src[res->crit[i].msg];
        if (row[p] < 0)
            row[p] = rows++;
    }
    for (int64_t m = 0; m < n && rows < MAXROWS; m++)
        if (row[w->src[m]] < 0 && w->route_off[m + 1] > w->route_off[m])
            row[w->src[m]] = rows++;
    int steps = w->step ? w->steps : 1;
    /* series: waiting, one per step (colour cycles), critical outline */
    double *wx = buf, *wy = buf + n, *we = buf + 2 * n;
    double *sx = buf + 3 * n, *sy = buf + 4 * n, *se = buf + 5 * n;
    int nw = 0;
    int *cnt = calloc((size_t)steps + 1, sizeof *cnt);
    int *first = calloc((size_t)steps + 2, sizeof *first);
    plot_series *ser = calloc((size_t)steps + 2, sizeof *ser);
    double *cx = malloc((size_t)(res->ncrit ? res->ncrit : 1) * 3 * sizeof *cx);
    if (!cnt || !first || !ser || !cx) {
        free(row);
        free(buf);
        free(cnt);
        free(first);
        free(ser);
        free(cx);
        return dn_fail(err, DN_ENOMEM, "out of memory for the timeline");
    }
    for (int64_t m = 0; m < n; m++)
        if (row[w->src[m]] >= 0 && w->route_off[m + 1] > w->route_off[m])
            cnt[w->step ? w->step[m] : 0]++;
    for (int s = 0; s < steps; s++)
        first[s + 1] = first[s] + cnt[s];
    memset(cnt, 0, (size_t)steps * sizeof *cnt);
    for (int64_t m = 0; m < n; m++) {
        int32_t r = row[w->src[m]];
        if (r < 0 || w->route_off[m + 1] == w->route_off[m])
            continue;
        if (res->t_grant[m] > res->t_ready[m]) {
            wx[nw] = res->t_ready[m];
            wy[nw] = r;
            we[nw++] = res->t_grant[m] - res->t_ready[m];
        }
        int s = w->step ? w->step[m] : 0;
        int k = first[s] + cnt[s]++;
        sx[k] = res->t_grant[m];
        sy[k] = r;
        se[k] = res->t_done[m] - res->t_grant[m];
    }
    char labels[MAXROWS][48];
    const char *lp[MAXROWS];
    for (int64_t v = 0; v < w->nodes; v++)
        if (row[v] >= 0) {
            dn_net_label(net, v, labels[row[v]], sizeof labels[0]);
            lp[row[v]] = labels[row[v]];
        }
    int ns = 0;
    ser[ns++] = (plot_series){"waiting for a link or port", wx, wy, we, nw, PLOT_SEGMENTS, 0,
                              "#cccccc"};
    for (int s = 0; s < steps; s++)
        ser[ns++] = (plot_series){NULL, sx + first[s], sy + first[s], se + first[s],
                                  first[s + 1] - first[s], PLOT_SEGMENTS, 0, plot_color(s % 8)};
    int nc = 0;
    double *cy = cx + res->ncrit, *ce = cx + 2 * res->ncrit;
    for (int64_t i = 0; i < res->ncrit; i++) {
        int64_t m = res->crit[i].msg;
        if (row[w->src[m]] < 0)
            continue;
        cx[nc] = res->t_ready[m];
        cy[nc] = row[w->src[m]];
        ce[nc++] = res->t_done[m] - res->t_ready[m];
    }
    ser[ns++] = (plot_series){"critical path", cx, cy, ce, nc, PLOT_SEGMENTS, 1, "#d62728"};
    FILE *f;
    int rc = out_open(path, &f, err);
    if (!rc) {
        double h = 150 + 18.0 * (rows > 4 ? rows : 4);
        plot_begin(f, 960, h);
        plot_box b = {0, 0, 960, h, title, "time (colours: steps)", "sending processor", 0, 0,
                      -0.5, rows + 1.5, 0, 0, lp, rows, 0};
        b.xmin = 0;
        b.xmax = res->time > 0 ? res->time : 1;
        plot_draw(f, &b, ser, ns);
        plot_end(f);
        rc = out_close(f, err);
    }
    free(row);
    free(buf);
    free(cnt);
    free(first);
    free(ser);
    free(cx);
    return rc;
}

typedef struct sim_cli {
    const char *cmd, *trace, *sizes_path, *links_path, *svg, *messages_path;
    int mode, all_roots, per_step, critical, threads;
    int costs;             /* the network has link costs: seconds and bytes */
    const char *ts_arg;    /* --ts as given (it has a unit: ts_unit) */
    const char *bytes_arg; /* --bytes as given (it has a unit: bytes_unit) */
    int ts_unit, te_given, hop_given, stage_given, bytes_given, bytes_unit;
    int cure_vcs; /* after a deadlock: fewest --vcs that completes (0: none up to 8) */
    const char *tree_only; /* an option that shapes a tree's messages (not a trace's) */
    int alpha_given;       /* --alpha: the sizes are alpha^t, not a tree file's bytes */
    int sched_given;       /* --schedule given */
    int use_work;          /* a tree file's work as compute time (--tree-work use|ignore) */
    dn_sim_work_opts wo;
    dn_sim_opts so;
    sg_export sg;          /* --export-simgrid DIR (simgrid.c) */
} sim_cli;

/* A time of the run: a number in JSON and CSV; in the table, with its
 * unit when the run is in seconds ("0.003964 s"). */
static void rec_time(const sim_cli *o, rec *r, const char *key, double v)
{
    char buf[48];
    if (!o->costs || o->mode != OUT_TABLE || !isfinite(v)) {
        rec_dbl(r, key, v);
        return;
    }
    snprintf(buf, sizeof buf, "%.10g s", v);
    rec_str(r, key, buf);
}

/* The run's parameters. With link costs the run is in seconds and bytes
 * (unit "s"): ts is the sender's overhead per message in seconds, and te
 * and hop have no meaning (null); without, the seeds' units (unit null). */
static void params_record(const sim_cli *o, rec *r)
{
    rec_str(r, "switching", dn_switching_name(o->so.sw));
    rec_dbl(r, "ts", o->so.ts);
    if (o->costs) {
        rec_null(r, "te");
        rec_null(r, "hop");
        rec_str(r, "unit", "s");
    } else {
        rec_dbl(r, "te", o->so.te);
        rec_dbl(r, "hop", o->so.hop);
        rec_null(r, "unit");
    }
    if (!o->trace) {
        if (o->bytes_given)
            rec_dbl(r, "bytes", o->wo.bytes);
        else
            rec_null(r, "bytes");
        rec_dbl(r, "alpha", o->wo.alpha);
        rec_str(r, "stage", o->wo.stage == DN_STAGE_DIVIDE    ? "divide"
                            : o->wo.stage == DN_STAGE_COMBINE ? "combine"
                                                              : "both");
        rec_str(r, "schedule", o->so.async ? "async" : "steps");
    }
    if (o->so.ports)
        rec_int(r, "ports", o->so.ports);
    else
        rec_str(r, "ports", "all");
    rec_int(r, "vcs", o->so.vcs);
}

/* After a deadlock, simulate suggests the fewest --vcs that completes
 * the same workload (dn_sim_find_cure), up to this many lanes. */
#define CURE_VCS_MAX 8

/* The listings of one run, made a row at a time when they are printed
 * (rows_print_fn): a record per step or per critical-path entry kept for
 * the whole listing took about 21.5 KB each, 2.18 GB for a 200,000-child
 * star, and was made even when no listing was asked (issue 27 item 12). */
typedef struct listing {
    const dn_net *net;
    const dn_sim_work *w;
    const dn_sim_result *res;
    const dn_roots_result *rr; /* --all-roots: its per-step averages */
    int64_t cursor;            /* step_row: first message of the next step */
} listing;

/* Step i: its figures, and the stage of its messages (the last one's; "-"
 * for a step without any). Messages are in step order, so a cursor that
 * restarts at i = 0 finds them in O(messages) over the whole listing. */
static void step_row(void *ctx, int64_t i, rec *r)
{
    listing *L = ctx;
    const dn_sim_step *p = &L->res->step[i];
    const dn_sim_work *w = L->w;
    const char *stage = "-";
    if (i == 0)
        L->cursor = 0;
    if (w->step && L->res->steps == w->steps) {
        while (L->cursor < w->msgs && w->step[L->cursor] < i)
            L->cursor++;
        for (; L->cursor < w->msgs && w->step[L->cursor] == i; L->cursor++)
            stage = stage_name(w->stage[L->cursor]);
    }
    r->n = 0;
    rec_int(r, "step", i + 1);
    rec_str(r, "stage", stage);
    rec_int(r, "messages", p->msgs);
    rec_dbl(r, "start", p->start);
    rec_dbl(r, "end", p->end);
    rec_dbl(r, "time", p->end - p->start);
    rec_dbl(r, "ts_coeff", p->end_lin.s - p->start_lin.s);
    rec_dbl(r, "te_coeff", p->end_lin.e - p->start_lin.e);
    rec_int(r, "max_hops", p->max_hops);
    rec_int(r, "conflicts", p->conflicts);
}

/* Entry i of the critical path. */
static void crit_row(void *ctx, int64_t i, rec *r)
{
    const listing *L = ctx;
    const dn_sim_work *w = L->w;
    int64_t m = L->res->crit[i].msg;
    char a[64], b[64];
    r->n = 0;
    rec_int(r, "message", m);
    if (w->task[m] >= 0)
        rec_int(r, "task", w->task[m]);
    else
        rec_null(r, "task");
    rec_str(r, "stage", stage_name(w->stage[m]));
    dn_net_label(L->net, w->src[m], a, sizeof a);
    dn_net_label(L->net, w->dst[m], b, sizeof b);
    rec_str(r, "src", a);
    rec_str(r, "dst", b);
    rec_int(r, "hops", w->route_off[m + 1] - w->route_off[m]);
    rec_dbl(r, "size", w->size[m]);
    rec_str(r, "held_up_by", via_name(L->res->crit[i].via));
}

/* Entry i of a deadlock's wait-for cycle. */
static void cycle_row(void *ctx, int64_t i, rec *r)
{
    const listing *L = ctx;
    const dn_sim_work *w = L->w;
    int64_t m = L->res->cycle[2 * i], c = L->res->cycle[2 * i + 1];
    char a[64], b[64], s[140];
    r->n = 0;
    rec_int(r, "message", m);
    if (c < w->channels) {
        dn_net_label(L->net, dn_sim_work_chan_src(w, c), a, sizeof a);
        dn_net_label(L->net, w->chan_dst[c], b, sizeof b);
        snprintf(s, sizeof s, "%s->%s", a, b);
    } else {
        dn_net_label(L->net, c - w->channels, a, sizeof a);
        snprintf(s, sizeof s, "port of %s", a);
    }
    rec_str(r, "waits_for", s);
}

/* Step i's average time over every root. */
static void roots_step_row(void *ctx, int64_t i, rec *r)
{
    const listing *L = ctx;
    r->n = 0;
    rec_int(r, "step", i + 1);
    rec_dbl(r, "average_time", L->rr->step_time[i]);
}

/* A time past the largest double (sizes up to 1e300 times --te up to
 * 1e12, or over a link of bandwidth 1e-300, a latency of 1e308) is no
 * answer: JSON would say null and the table '-' with exit status 0.
 * Refused instead, exit 2, naming the input at fault (issue 37 item 20: a
 * latency's overflow was blamed on "sizes times --te", an option link
 * costs refuse): the largest of the terms of time = const + ts_coeff t_s
 * + te_coeff t_e + hop_coeff hop, which are the latencies and the work,
 * the overheads, the sizes (over the bandwidths, or times --te) and the
 * hop latencies. */
static int time_overflows(const sim_cli *o, const dn_lin *l, double time, double ideal)
{
    if (isfinite(time) && isfinite(ideal))
        return 0;
    const double term[4] = {fabs(l->c), fabs(l->s * o->so.ts), fabs(l->e * o->so.te),
                            fabs(l->h * o->so.hop)};
    int k = 0;
    for (int i = 1; i < 4; i++)
        if (!(term[i] <= term[k])) /* (an infinity wins; a NaN too) */
            k = i;
    const char *cause, *fix;
    if (o->costs) {
        static const char *const c[] = {
            "the links' latencies (lat=) and the tree file's work", "the senders' overheads (--ts)",
            "the message sizes divided by the links' bandwidth (bw=)",
            "the links' latencies (lat=)"};
        static const char *const f[] = {"give smaller latencies or work", "give a smaller --ts",
                                        "give smaller sizes or --alpha, or faster links",
                                        "give smaller latencies"};
        cause = k == 0 && !o->wo.work ? c[3] : c[k]; /* no work: the latencies alone */
        fix = k == 0 && !o->wo.work ? f[3] : f[k];
    } else {
        static const char *const c[] = {"the release times and the tree file's work",
                                        "the start-ups (--ts)", "the message sizes times --te",
                                        "the hop latencies (--hop)"};
        static const char *const f[] = {"give smaller release times or work",
                                        "give a smaller --ts", "give smaller sizes, --te or --alpha",
                                        "give a smaller --hop"};
        cause = c[k];
        fix = f[k];
    }
    cli_errf("dcnet %s: the simulated time is too large for a double (over 1.8e308): "
             "%s overflow; %s\n",
             o->cmd, cause, fix);
    return 2;
}

/* One run: the record, per-step rows, critical path rows; prints them. */
static int report_run(const sim_cli *o, const dn_net *net, const dn_sim_work *w,
                      const dn_sim_result *res, rec *head)
{
    if (res->deadlock) {
        /* the run never finished: it has no time and no slowdown (null;
         * the table says why) */
        if (o->mode == OUT_TABLE)
            rec_str(head, "time", "deadlock");
        else
            rec_null(head, "time");
        rec_null(head, "ts_coeff");
        rec_null(head, "te_coeff");
        rec_null(head, "hop_coeff");
        rec_null(head, "const_coeff");
        rec_time(o, head, "ideal", res->ideal);
        rec_null(head, "slowdown");
    } else {
        rec_time(o, head, "time", res->time);
        rec_dbl(head, "ts_coeff", res->lin.s);
        rec_dbl(head, "te_coeff", res->lin.e);
        rec_dbl(head, "hop_coeff", res->lin.h);
        rec_dbl(head, "const_coeff", res->lin.c);
        rec_time(o, head, "ideal", res->ideal);
        rec_dbl(head, "slowdown", res->ideal > 0 ? res->time / res->ideal : 1.0);
    }
    rec_int(head, "steps", res->steps);
    rec_int(head, "messages", res->msgs);
    rec_int(head, "hops", res->hops);
    rec_int(head, "conflicts", res->conflicts);
    rec_int(head, "port_waits", res->port_waits);
    rec_time(o, head, "wait_time", res->wait_time);
    rec_int(head, "events", res->events);
    rec_bool(head, "deadlock", res->deadlock);
    if (res->deadlock) {
        rec_int(head, "blocked", res->blocked);
        if (o->cure_vcs > 0)
            rec_int(head, "deadlock_free_vcs", o->cure_vcs);
        else
            rec_null(head, "deadlock_free_vcs");
    }
    if (res->busy) {
        int64_t used = 0, best = -1;
        double sum = 0;
        for (int64_t c = 0; c < w->channels; c++)
            if (res->carried[c]) {
                used++;
                sum += res->busy[c];
                if (best < 0 || res->busy[c] > res->busy[best])
                    best = c;
            }
        rec_int(head, "links.used", used);
        rec_dbl(head, "links.mean_utilisation",
                used && res->time > 0 ? sum / (double)used / res->time : 0);
        rec_dbl(head, "links.max_utilisation",
                best >= 0 && res->time > 0 ? res->busy[best] / res->time : 0);
        if (best >= 0) {
            char a[64], b[64], s[140];
            dn_net_label(net, dn_sim_work_chan_src(w, best), a, sizeof a);
            dn_net_label(net, w->chan_dst[best], b, sizeof b);
            snprintf(s, sizeof s, "%s->%s", a, b);
            rec_str(head, "links.busiest", s);
        }
    }
    listing L = {net, w, res, NULL, 0};
    if (o->mode == OUT_JSON) {
        static const char *const keys[3] = {"per_step", "critical_path", "deadlock_cycle"};
        static const row_fn fns[3] = {step_row, crit_row, cycle_row};
        const int64_t ns[3] = {res->steps, res->ncrit, res->ncycle / 2};
        const int want[3] = {o->per_step, o->critical, res->ncycle > 0};
        row_stream js;
        json_stream_begin(&js, head, stdout);
        for (int k = 0; k < 3; k++) {
            if (!want[k])
                continue;
            rec r = {0};
            json_stream_array(&js, keys[k]);
            for (int64_t i = 0; i < ns[k]; i++) {
                fns[k](&L, i, &r);
                rows_stream_row(&js, &r);
            }
            json_stream_array_end(&js);
            rec_free(&r);
        }
        json_stream_end(&js);
    } else if (o->mode == OUT_CSV) { /* the JSON flattened: every listing asked for */
        const csv_list lists[3] = {{"per_step", o->per_step ? res->steps : 0, step_row, &L},
                                   {"critical_path", o->critical ? res->ncrit : 0, crit_row, &L},
                                   {"deadlock_cycle", res->ncycle / 2, cycle_row, &L}};
        csv_listings(head, lists, 3, stdout);
    } else {
        rec_print(head, OUT_TABLE, stdout);
        if (o->per_step) {
            fputs("\n", stdout);
            rows_print_fn(NULL, res->steps, step_row, &L, NULL, OUT_TABLE, stdout);
        }
        if (o->critical) {
            fputs("\ncritical path (last delivery first):\n", stdout);
            rows_print_fn(NULL, res->ncrit, crit_row, &L, NULL, OUT_TABLE, stdout);
        }
        if (res->ncycle > 0) {
            fputs("\ndeadlock: wait-for cycle\n", stdout);
            rows_print_fn(NULL, res->ncycle / 2, cycle_row, &L, NULL, OUT_TABLE, stdout);
        }
    }
    return 0;
}

static int report_roots(const sim_cli *o, const dn_net *net, const dn_roots_result *rr, rec *head)
{
    char lab[80];
    rec_int(head, "roots", rr->roots);
    rec_int(head, "roots_simulated", rr->simulated);
    rec_time(o, head, "time", rr->time);
    rec_dbl(head, "ts_coeff", rr->ts_coeff);
    rec_dbl(head, "te_coeff", rr->te_coeff);
    rec_dbl(head, "hop_coeff", rr->hop_coeff);
    rec_dbl(head, "const_coeff", rr->const_coeff);
    rec_time(o, head, "ideal", rr->ideal);
    rec_dbl(head, "slowdown", rr->ideal > 0 ? rr->time / rr->ideal : 1.0);
    rec_int(head, "steps", rr->steps);
    rec_dbl(head, "conflicts", rr->conflicts);
    rec_time(o, head, "time_min", rr->time_min);
    dn_net_label(net, rr->root_min, lab, sizeof lab);
    rec_str(head, "root_min", lab);
    rec_time(o, head, "time_max", rr->time_max);
    dn_net_label(net, rr->root_max, lab, sizeof lab);
    rec_str(head, "root_max", lab);
    rec_int(head, "deadlocks", rr->deadlocks);
    listing L = {net, NULL, NULL, rr, 0};
    if (o->per_step)
        rows_print_fn(head, rr->steps, roots_step_row, &L, "per_step", o->mode, stdout);
    else
        rec_print(head, o->mode, stdout);
    return 0;
}

static int parse_sim_opt(sim_cli *o, int c, const char *arg)
{
    dn_err err;
    const char *cmd = o->cmd;
    int64_t v;
    switch (c) {
    case 'w':
        if (dn_switching_parse(arg, &o->so.sw) == DN_OK)
            return 0;
        if (strcmp(arg, "store-and-forward") == 0) /* the CLI's longer spellings */
            o->so.sw = DN_SW_SAF;
        else if (strcmp(arg, "cut-through") == 0)
            o->so.sw = DN_SW_VCT;
        else {
            const char *const names[] = {dn_switching_name(DN_SW_SAF),
                                         dn_switching_name(DN_SW_WORMHOLE),
                                         dn_switching_name(DN_SW_VCT),
                                         dn_switching_name(DN_SW_CIRCUIT), NULL};
            int k;
            return cli_keyword(cmd, "--switching", arg, names, &k);
        }
        return 0;
    case O_TS: /* a time: seconds with link costs, the seeds' unit without (no unit) */
        o->ts_arg = arg;
        if (dn_parse_quantity(arg, DN_Q_TIME, 0, 1e12, "--ts", &o->so.ts, &o->ts_unit, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    case O_TE:
    case O_HOP: {
        const char *what = c == O_TE ? "--te" : "--hop";
        double *dst = c == O_TE ? &o->so.te : &o->so.hop;
        *(c == O_TE ? &o->te_given : &o->hop_given) = 1;
        if (dn_parse_double(arg, 0, 1e12, what, dst, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    }
    case O_BYTES:
        o->tree_only = "--bytes";
        o->bytes_given = 1;
        o->bytes_arg = arg;
        if (dn_parse_quantity(arg, DN_Q_SIZE, 0, 1e300, "--bytes", &o->wo.bytes, &o->bytes_unit,
                              &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        if (!(o->wo.bytes > 0))
            return cli_usage(cmd, "--bytes is the root problem's size: give a positive size "
                                  "(e.g. 64MB), not '%s'", arg);
        return 0;
    case O_MESSAGES: o->messages_path = arg; return 0;
    case O_SIMGRID: o->sg.dir = arg; return 0;
    case O_ALPHA:
        o->tree_only = "--alpha";
        o->alpha_given = 1;
        if (parse_fraction(arg, "--alpha", &o->wo.alpha, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        return 0;
    case O_SIZES: o->sizes_path = arg; o->tree_only = "--sizes"; return 0;
    case O_STAGE: {
        o->tree_only = "--stage";
        o->stage_given = 1;
        static const dn_stage stages[] = {DN_STAGE_DIVIDE, DN_STAGE_COMBINE, DN_STAGE_BOTH};
        const char *const names[] = {dn_stage_name(stages[0]), dn_stage_name(stages[1]),
                                     dn_stage_name(stages[2]), NULL};
        int k, rc = cli_keyword(cmd, "--stage", arg, names, &k);
        if (!rc)
            o->wo.stage = stages[k];
        return rc;
    }
    case O_CSIZES: {
        static const char *const names[] = {"growing", "uniform", NULL};
        o->tree_only = "--combine-sizes";
        return cli_keyword(cmd, "--combine-sizes", arg, names, &o->wo.combine_uniform);
    }
    case O_SCHED: {
        static const char *const names[] = {"steps", "async", NULL};
        o->sched_given = 1;
        return cli_keyword(cmd, "--schedule", arg, names, &o->so.async);
    }
    case O_WORK_OLD:
        cli_old_option(cmd, "--work use|ignore", "--tree-work use|ignore (exec's --work is "
                                                 "the work of a task)");
        /* fall through */
    case O_WORKOPT: {
        static const char *const names[] = {"ignore", "use", NULL};
        o->tree_only = "--tree-work";
        return cli_keyword(cmd, "--tree-work", arg, names, &o->use_work);
    }
    case O_PORTS:
        if (strcmp(arg, "all") == 0) {
            o->so.ports = 0;
            return 0;
        }
        if (dn_parse_i64(arg, 1, 16, "--ports", &v, &err))
            return cli_usage(cmd, "%s (or 'all')", cli_errmsg(&err));
        o->so.ports = (int)v;
        return 0;
    case O_VCS:
        if (dn_parse_i64(arg, 1, 16, "--vcs", &v, &err))
            return cli_usage(cmd, "%s", cli_errmsg(&err));
        o->so.vcs = (int)v;
        return 0;
    case O_ALL: o->all_roots = 1; return 0;
    case O_TRACE: o->trace = arg; return 0;
    case O_PERSTEP: o->per_step = 1; return 0;
    case O_CRIT: o->critical = 1; return 0;
    case O_LINKS_OLD: {
        static const char *const kw[] = {"directed", "undirected", NULL};
        int rc = cli_old_output(cmd, "--links", "--link-stats", arg, kw,
                                "embed's --links (the channels contention counts; simulate "
                                "always plays directed links)");
        if (rc)
            return rc;
    }
        /* fall through */
    case O_LINKS: o->links_path = arg; return 0;
    case O_SVG: o->svg = arg; return 0;
    case O_THREADS: return parse_threads(cmd, arg, &o->threads);
    case O_JSON: o->mode = OUT_JSON; return 0;
    case O_CSV: o->mode = OUT_CSV; return 0;
    }
    return cli_usage(cmd, "unknown option");
}

/* The unit rule (dn_sim_unit_check, issue 37 item 3) for an input that
 * gave a quantity with a unit, `subject` saying which and where, `extra`
 * another way out: 0, or the exit code after the message. */
static int unit_rule(const sim_cli *o, const dn_net *net, const char *subject, const char *extra)
{
    dn_err err;
    if (!dn_sim_unit_check(net, subject, &err))
        return 0;
    return cli_usage(o->cmd, "%s%s", cli_errmsg(&err), extra ? extra : "");
}

/* Seconds and bytes (issue 29 item 1): on a network with link costs the
 * run is in seconds and bytes, t_s is the sender's overhead per message
 * (default 0), and t_e and the hop latency mean nothing (a hop of m bytes
 * takes m / bw + lat); without costs the seeds' t_s, t_e model, whose
 * times have no unit (the unit rule for the options and a tree file's
 * work; the files of sizes and messages meet it as they are read).
 * Returns 0 or the exit code after the message. */
static int sim_units(sim_cli *o, const dn_net *net, const dn_tree *tree)
{
    o->costs = dn_net_has_link_costs(net);
    if (!o->costs) {
        char subject[300];
        /* a tree file's work in seconds, with messages in t_s + m t_e:
         * the sum would be neither (it printed 672000009.3 for
         * examples/qsort15.csv) */
        if (tree && tree->work && (tree->units & 1) && o->use_work)
            return unit_rule(o, net, "the tree file gives its work in seconds (with a "
                                              "unit, as 32ms)",
                                      ", or add --tree-work ignore");
        if (o->ts_unit) {
            snprintf(subject, sizeof subject, "--ts %s has a unit", o->ts_arg);
            return unit_rule(o, net, subject, NULL);
        }
        if (o->bytes_unit) {
            snprintf(subject, sizeof subject, "--bytes %s has a unit", o->bytes_arg);
            return unit_rule(o, net, subject, NULL);
        }
        return 0;
    }
    if (o->te_given)
        return cli_usage(o->cmd, "--te has no meaning with link costs: a hop of m bytes takes "
                                 "m / bw + lat seconds on each link of %s; drop --te",
                         net->spec);
    if (o->hop_given)
        return cli_usage(o->cmd, "--hop has no meaning with link costs: each link's latency is "
                                 "its own (lat in %s); drop --hop",
                         net->spec);
    if (!o->ts_arg)
        o->so.ts = 0;
    o->so.te = 1;
    o->so.hop = 0;
    return 0;
}

/* --bytes, the root problem's size N (issue 29 item 3): it sizes what is
 * drawn from --alpha (alpha^t N) and the whole problem (growing approach
 * b's move, a uniform combine's results); sizes given per message (a tree
 * file's bytes, --sizes) are taken as they are. In seconds and bytes a
 * size drawn from N needs N. Returns 0 or the exit code. */
static int sim_sizes(const sim_cli *o, const embed_args *a, const dn_net *net,
                     const char *sizes_kind)
{
    const int from_alpha = strcmp(sizes_kind, "alpha") == 0;
    const int whole = a->eo.approach == 'b' ||
                      (o->wo.combine_uniform && (o->wo.stage & DN_STAGE_COMBINE));
    if (o->bytes_given && !from_alpha && !whole)
        return cli_usage(o->cmd, "--bytes sizes the messages drawn from --alpha (alpha^t N "
                                 "bytes); %s gives each message's own size: drop --bytes",
                         strcmp(sizes_kind, "file") == 0 ? "--sizes" : "the tree file");
    if (o->costs && !o->bytes_given && (from_alpha || whole))
        return cli_usage(o->cmd, "with link costs (%s) the messages are bytes: give the root "
                                 "problem's size with --bytes N (e.g. --bytes 64MB)%s",
                         net->spec, from_alpha ? "; the divide message of step t carries "
                                                 "alpha^t N bytes"
                                               : "; it sizes the whole problem's messages "
                                                 "(growing approach b's move, uniform results)");
    return 0;
}

/* The command line into o and a (defaults first); *done after --help.
 * 0, or the exit code after a usage error. */
static int sim_parse(sim_cli *o, embed_args *a, int argc, char **argv, int *done)
{
    int c, code;
    memset(o, 0, sizeof *o);
    embed_args_init(a);
    o->cmd = "simulate";
    o->wo.stage = DN_STAGE_DIVIDE;
    o->wo.alpha = 0.5;
    o->use_work = 1;
    o->so.ts = 1;
    o->so.te = 1;
    o->so.ports = 1;
    o->so.vcs = 1;
    o->threads = 0;
    *done = 0;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:t:m:r:s:w:h", sim_opts, NULL)) != -1) {
        int got = embed_args_opt(o->cmd, a, c, embed_optional_arg(c, argc, argv));
        if (got < 0)
            return -got;
        if (got)
            continue;
        if (c == 'h') {
            fputs(sim_help, stdout);
            fputs(sim_help_more, stdout);
            fputs(sim_help_refine, stdout);
            fputs(sim_help_examples, stdout);
            *done = 1;
            return 0;
        }
        if (c == ':')
            return cli_usage(o->cmd, "option '%s' needs a value", argv[optind - 1]);
        if (c == '?')
            return cli_bad_option(o->cmd, argv, sim_opts);
        if ((code = parse_sim_opt(o, c, optarg)))
            return code;
    }
    if (optind < argc)
        return cli_usage(o->cmd, "unexpected argument '%s'", argv[optind]);
    if (o->bytes_given) /* also the size an MPI broadcast's algorithm is chosen for */
        a->mpi_bytes = o->wo.bytes;
    return 0;
}

/* The options that exclude each other, and the files: 0, or the exit
 * code after the message. Then the options' consequences. */
static int sim_check(sim_cli *o, const embed_args *a)
{
    int code;
    if (o->trace && (a->tree_spec || a->eo.map))
        return cli_usage(o->cmd, "--trace plays its own messages; drop --tree and --map");
    if (o->trace && (o->all_roots || a->root_s))
        return cli_usage(o->cmd, "--trace has no root; drop --root and --all-roots");
    if (o->trace && (a->alloc_path || a->eo.slots))
        return cli_usage(o->cmd, "--trace names its own processors; --alloc and --slots place a "
                                 "tree's tasks: drop them");
    if (o->all_roots && (a->alloc_path || a->eo.slots))
        return cli_usage(o->cmd, "--all-roots tries every processor as the root; with --alloc "
                                 "or --slots give one --root instead");
    if (o->trace && o->tree_only)
        return cli_usage(o->cmd, "%s shapes a task tree's messages; a --trace gives its own "
                                 "sizes: drop %s", o->tree_only, o->tree_only);
    if (o->all_roots && a->objective_given && a->eo.objective == DN_OBJECTIVE_TIME)
        return cli_usage(o->cmd, "--objective time times one run; with --all-roots give one "
                                 "--root instead, or another objective");
    if (o->all_roots && a->eo.map && strcmp(a->eo.map, "best") == 0)
        return cli_usage(o->cmd, "--all-roots runs one mapping from every processor as the "
                                 "root; --map best chooses the mapping and its root itself, so "
                                 "the two exclude each other: drop --all-roots, or give one "
                                 "mapping to --map");
    if (o->all_roots && a->root_s)
        return cli_usage(o->cmd, "--root and --all-roots exclude each other");
    if (o->all_roots && (o->svg || o->links_path || o->critical || o->messages_path))
        return cli_usage(o->cmd, "--svg, --link-stats, --messages and --critical describe one "
                                 "run; drop --all-roots or pick a --root");
    if ((code = sg_check_opts(o->cmd, &o->sg, o->so.sw, o->all_roots)))
        return code;
    const out_file files[] = {{"--net", out_spec_file(a->net_spec), 0},
                              {"--tree", out_spec_file(a->tree_spec), 0},
                              {"--map", out_spec_file(a->eo.map), 0},
                              {"--trace", o->trace, 0},
                              {"--sizes", o->sizes_path, 0},
                              {"--alloc", a->alloc_path, 0},
                              {"--link-stats", o->links_path, 1},
                              {"--svg", o->svg, 1},
                              {"--messages", o->messages_path, 1},
                              {"--export-simgrid", o->sg.dir ? o->sg.platform : NULL, 1},
                              {"--export-simgrid", o->sg.dir ? o->sg.messages : NULL, 1},
                              {"--export-simgrid", o->sg.dir ? o->sg.replay : NULL, 1},
                              out_report(1, o->mode)};
    if ((code = out_plan(o->cmd, files, (int)(sizeof files / sizeof *files))))
        return code;
    if (o->threads <= 0)
        o->threads = cli_default_threads();
    o->so.links = o->links_path != NULL;
    o->so.timeline = o->svg != NULL || o->sg.dir != NULL; /* the export lists dcnet's times */
    o->wo.mem_limit = a->mem_limit;
    return 0;
}

/* What one simulate run holds, freed by sim_run_free (zeroed: nothing). */
typedef struct sim_run {
    dn_net net;
    dn_tree tree;
    int have_net;
    double *sizes; /* --sizes, read */
    msg_csv mc;    /* --messages */
    dn_sim *sim;
    dn_sim_work w;
    dn_sim_result res;
    dn_trace tr;
    dn_csr g;
    dn_router *router;
    int have_work, have_res, have_trace, have_g;
    progress pr; /* the engine's progress: o->so keeps a pointer to it */
    rec head;    /* the run's record */
} sim_run;

/* The messages' sizes and the tree's work (a tree file's bytes, --sizes,
 * --alpha; the stages), into o->wo, and the head's fields that say so.
 * 0, or the exit code after the message. */
static int sim_workload(sim_cli *o, const embed_args *a, sim_run *S)
{
    dn_err err;
    int rc, code;
    const dn_tree *tree = &S->tree;
    /* a tree file's work: compute time on its processor (async only) */
    const char *work_kind = "none";
    if (!o->trace && tree->work && o->use_work) {
        if (o->sched_given && !o->so.async)
            return cli_usage(o->cmd, "the tree's work is modelled with --schedule async (a step "
                                     "barrier waits for work it does not see); drop --schedule "
                                     "steps or add --tree-work ignore");
        o->so.async = 1;
        o->wo.work = tree->work;
        work_kind = "tree";
    }
    const char *sizes_kind = "alpha";
    if (!o->trace && !o->sizes_path && !o->alpha_given && tree->bytes_down && tree->nodes > 1) {
        o->wo.sizes = tree->bytes_down + 1; /* tasks 1 .. T-1 */
        o->wo.sizes_len = tree->nodes - 1;
        if (tree->bytes_up && !o->wo.combine_uniform)
            o->wo.combine_sizes = tree->bytes_up + 1;
        sizes_kind = "tree bytes";
    }
    if (!o->trace && o->sizes_path) {
        sizes_kind = "file";
        cli_unit_seen unit;
        if ((rc = cli_read_sizes(o->sizes_path, tree->nodes - 1, 0, 1e300, "--sizes", &S->sizes,
                                 &unit, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
        if (unit.line) {
            char subject[300];
            snprintf(subject, sizeof subject, "--sizes file '%s' line %lld: '%s' has a unit",
                     strcmp(o->sizes_path, "-") ? o->sizes_path : "standard input",
                     (long long)unit.line, unit.text);
            if ((code = unit_rule(o, &S->net, subject, NULL)))
                return code;
        }
        o->wo.sizes = S->sizes;
        o->wo.sizes_len = tree->nodes - 1;
    }
    if (!o->costs && strcmp(sizes_kind, "tree bytes") == 0 &&
        (tree->units & (o->wo.combine_sizes ? 6 : 2)) &&
        (code = unit_rule(o, &S->net, "the tree file gives its bytes with a unit (as "
                                              "1MB)",
                                  ", or give the sizes with --alpha or --sizes")))
        return code;
    /* a tree file that gives its results' bytes describes both stages
     * (issue 29 item 5); the seeds' models keep the divide stage */
    if (!o->trace && !o->stage_given && tree->bytes_up)
        o->wo.stage = DN_STAGE_BOTH;
    if (!o->trace && (code = sim_sizes(o, a, &S->net, sizes_kind)))
        return code;
    if (!o->trace) {
        rec_str(&S->head, "tree", a->tree_spec);
        tree_mpi_record(&tree->model, &S->head);
        rec_str(&S->head, "map", a->map_arg && strncmp(a->map_arg, "file:", 5) == 0
                                     ? a->map_arg /* not the library's "given" */
                                     : a->eo.map);
        if (embed_approach_name(&a->eo))
            rec_str(&S->head, "approach", embed_approach_name(&a->eo));
        if (embed_order_name(&a->eo))
            rec_str(&S->head, "order", embed_order_name(&a->eo));
    }
    params_record(o, &S->head);
    if (!o->trace) {
        rec_str(&S->head, "sizes", sizes_kind);
        rec_str(&S->head, "tree_work", work_kind);
    }
    return 0;
}

/* --all-roots: the run from every root, summed up and printed. */
static int sim_all_roots(sim_cli *o, embed_args *a, sim_run *S)
{
    dn_err err;
    dn_roots_result rr;
    progress_init(&S->pr, "simulate: every root");
    o->so.progress = progress_cb;
    o->so.stop = out_cancel_flag(); /* a hosted caller's Ctrl-C (python/dcnet) */
    o->so.progress_ctx = &S->pr;
    int rc = dn_sim_all_roots(&S->net, &S->tree, &a->eo, &o->wo, &o->so, o->threads, &rr, &err);
    progress_done(&S->pr);
    if (rc)
        return cli_fail(o->cmd, rc, cli_errmsg(&err));
    const dn_lin rl = {rr.const_coeff, rr.ts_coeff, rr.te_coeff, rr.hop_coeff};
    int code = time_overflows(o, &rl, rr.time, rr.ideal);
    if (!code)
        code = report_roots(o, &S->net, &rr, &S->head);
    dn_roots_result_free(&rr);
    return code;
}

/* The messages to play: a trace's, routed on the network, or the tree's
 * embedding's. 0, or the exit code. */
static int sim_build_work(sim_cli *o, embed_args *a, sim_run *S)
{
    dn_err err;
    int rc;
    if (o->trace) {
        /* no --routes: the network's own, as embed (minimal on dragonflies) */
        const int own_minimal = dn_net_routing_of(&S->net, NULL) == DN_NET_ROUTING_MINIMAL;
        dn_router_kind rk = a->eo.routes == DN_ROUTES_XY    ? DN_ROUTER_XY
                            : a->eo.routes == DN_ROUTES_BFS ? DN_ROUTER_BFS
                            : a->eo.routes == DN_ROUTES_MINIMAL ||
                                    (a->eo.routes == DN_ROUTES_MAPPING && own_minimal)
                                ? DN_ROUTER_MINIMAL
                                : DN_ROUTER_SHORTEST;
        if ((rc = dn_trace_read(o->trace, &S->net, a->mem_limit, &S->tr, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
        S->have_trace = 1;
        if ((rc = dn_net_materialize(&S->net, &S->g, a->mem_limit, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
        S->have_g = 1;
        if ((rc = dn_router_init(&S->router, &S->net, &S->g, rk, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
        rc = dn_sim_work_from_trace(&S->w, &S->g, S->router, &S->tr, a->mem_limit, &err);
        rec_str(&S->head, "trace", o->trace);
    } else {
        dn_embed *e = NULL;
        a->time_so = &o->so; /* --objective time: this command's run */
        a->time_wo = &o->wo;
        if ((rc = embed_build(a, &S->net, &S->tree, NULL, &e, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
        embed_best_record(a->best, &S->head);
        embed_search_record(e, a->best, &S->head);
        embed_refine_record(e, &S->head);
        char lab[80];
        int64_t start; /* growing approach b: where the problem starts */
        if (dn_embed_pre_route(e, &start, NULL) < 0)
            start = dn_embed_root(e);
        dn_net_label(&S->net, start, lab, sizeof lab);
        rec_str(&S->head, "root", lab);
        rec_str(&S->head, "routes", dn_embed_routes_name(e));
        rc = dn_sim_work_from_embed(&S->w, e, &o->wo, &err);
        dn_embed_free(e);
    }
    if (rc)
        return cli_fail(o->cmd, rc, cli_errmsg(&err));
    S->have_work = 1;
    return 0;
}

/* The engine within --mem-limit (checked before it allocates; it gets
 * what the workload leaves), run, with --messages streamed as messages
 * are delivered. 0, or the exit code. */
static int sim_play(sim_cli *o, const embed_args *a, sim_run *S)
{
    dn_err err;
    int rc;
    if (o->messages_path) {
        if ((rc = out_open(o->messages_path, &S->mc.f, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
        fputs(msg_csv_header, S->mc.f);
        S->mc.tab = out_capture_table("messages");
        S->mc.w = &S->w;
        o->so.on_message = msg_row;
        o->so.message_ctx = &S->mc;
    }
    const int64_t limit = a->mem_limit > 0 ? a->mem_limit : DN_SIM_DEFAULT_MEM;
    const int64_t wb = dn_sim_work_bytes(&S->w), eb = dn_sim_bytes(&o->so, &S->w);
    if (wb + eb > limit) {
        char x[32], y[32], z[32];
        cli_errf("dcnet simulate: simulating %lld messages needs about %s for the "
                 "engine besides the workload's %s, over --mem-limit %s: raise "
                 "--mem-limit or simulate a smaller case\n",
                 (long long)S->w.msgs, dn_fmt_bytes(x, sizeof x, eb),
                 dn_fmt_bytes(y, sizeof y, wb), dn_fmt_bytes(z, sizeof z, limit));
        return 2;
    }
    o->so.mem_limit = limit - wb;
    progress_init(&S->pr, "simulate");
    o->so.progress = progress_cb;
    o->so.stop = out_cancel_flag(); /* a hosted caller's Ctrl-C (python/dcnet) */
    o->so.progress_ctx = &S->pr;
    if ((rc = dn_sim_init(&S->sim, &o->so, &err))) {
        progress_done(&S->pr);
        return cli_fail(o->cmd, rc, cli_errmsg(&err));
    }
    rc = dn_sim_run(S->sim, &S->w, &S->res, &err);
    progress_done(&S->pr);
    if (!rc && S->mc.rc)
        rc = dn_fail(&err, S->mc.rc, "out of memory for a message's route in --messages");
    if (S->mc.f) {
        int r2 = out_end(S->mc.f, rc, &err);
        S->mc.f = NULL;
        rc = rc ? rc : r2;
    }
    if (rc)
        return cli_fail(o->cmd, rc, cli_errmsg(&err));
    S->have_res = 1;
    return 0;
}

/* The files of a finished run (--link-stats, --svg), the fewest lanes
 * that cure a deadlock, and the record. 0, or the exit code (1 after a
 * deadlock). */
static int sim_report(sim_cli *o, const embed_args *a, sim_run *S)
{
    dn_err err;
    int rc, code;
    const dn_sim_result *res = &S->res;
    if (!res->deadlock && (code = time_overflows(o, &res->lin, res->time, res->ideal)))
        return code;
    if (o->links_path && (rc = write_links(o->links_path, &S->net, &S->w, res, &err)))
        return cli_fail(o->cmd, rc, cli_errmsg(&err));
    if (o->svg) {
        char title[800];
        snprintf(title, sizeof title, "%s%s%s on %s, %s: time %.6g%s",
                 o->trace ? "trace" : a->tree_spec, o->trace ? "" : " by ",
                 o->trace ? "" : a->eo.map, S->net.spec, dn_switching_name(o->so.sw), res->time,
                 o->costs ? " s" : "");
        if ((rc = write_timeline(o->svg, title, &S->net, &S->w, res, &err)))
            return cli_fail(o->cmd, rc, cli_errmsg(&err));
    }
    if (res->deadlock &&
        (rc = dn_sim_find_cure(&o->so, &S->w, CURE_VCS_MAX, &o->cure_vcs, &err)))
        return cli_fail(o->cmd, rc, cli_errmsg(&err));
    if (!res->deadlock && (code = sg_write(o->cmd, &o->sg, &S->net, &S->w, &o->so, res)))
        return code;
    code = report_run(o, &S->net, &S->w, res, &S->head);
    if (!code && res->deadlock) {
        cli_errf("dcnet simulate: deadlock: %lld messages blocked in a cycle of %lld "
                 "waits (see deadlock_cycle); ",
                 (long long)res->blocked, (long long)(res->ncycle / 2));
        if (o->cure_vcs > 0)
            cli_errf("the same run completes with --vcs %d (checked; fewer lanes "
                     "deadlock)\n", o->cure_vcs);
        else
            cli_errf("it deadlocks with every --vcs up to %d too (checked): use routes "
                     "without cyclic channel dependencies\n", CURE_VCS_MAX);
        code = 1;
    }
    return code;
}

static void sim_run_free(const sim_cli *o, sim_run *S)
{
    if (S->mc.f)
        out_discard(S->mc.f);
    free(S->mc.route);
    rec_free(&S->mc.row);
    if (S->have_res)
        dn_sim_result_free(&S->res);
    dn_sim_free(S->sim);
    if (S->have_work)
        dn_sim_work_free(&S->w);
    dn_router_free(S->router);
    if (S->have_g)
        dn_csr_free(&S->g);
    if (S->have_trace)
        dn_trace_free(&S->tr);
    free(S->sizes);
    rec_free(&S->head);
    if (!o->trace)
        dn_tree_free(&S->tree);
    if (S->have_net)
        dn_net_free(&S->net);
}

int cmd_simulate(int argc, char **argv)
{
    sim_cli o;
    embed_args a;
    sim_run S;
    int done, code;
    if ((code = sim_parse(&o, &a, argc, argv, &done)) || done || (code = sim_check(&o, &a)))
        return code;
    memset(&S, 0, sizeof S);
    if ((code = embed_args_net_tree(o.cmd, &a, &S.net, &S.tree, o.trace == NULL)))
        return code;
    S.have_net = 1;
    S.mc.net = &S.net;
    /* MPI's broadcast trees send the whole buffer to every child: their
     * messages are all N bytes (alpha 1), not halved a step as the seeds'
     * divide stage (with alpha 1/2 Open MPI's tree looked faster than
     * MPICH's in MPI's default layout, the opposite of the run in full) */
    if (!o.trace && !o.alpha_given &&
        (S.tree.model.kind == DN_TREE_OMPI_BCAST || S.tree.model.kind == DN_TREE_MPICH_BCAST))
        o.wo.alpha = 1;
    if ((code = sim_units(&o, &S.net, o.trace ? NULL : &S.tree)) ||
        (code = sg_check_net(o.cmd, &o.sg, &S.net)))
        goto done;
    rec_str(&S.head, "net", S.net.spec);
    if ((code = sim_workload(&o, &a, &S)))
        goto done;
    if (o.all_roots) {
        code = sim_all_roots(&o, &a, &S);
        goto done;
    }
    if ((code = sim_build_work(&o, &a, &S)) ||
        (code = sg_check_work(o.cmd, &o.sg, &S.net, &S.w, o.so.sw)) ||
        (code = sim_play(&o, &a, &S)))
        goto done;
    code = sim_report(&o, &a, &S);
done:
    sim_run_free(&o, &S);
    embed_args_free(&a);
    return code;
}
