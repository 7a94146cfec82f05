/*
 * simgrid.c - `dcnet simulate --export-simgrid DIR` (issue 40 section 2):
 * the run handed to SimGrid. DIR/platform.xml is a SimGrid 3.32 platform
 * (DTD version 4.1): one Full zone, a host n<V> per node of the network
 * (switches too: under store-and-forward a relay runs on every node of a
 * route), a link l<C> per directed channel C with its own bandwidth and
 * latency, and an explicit one-way route for every pair of hosts a comm
 * joins, equal to dcnet's (each hop's link under saf, the message's whole
 * route under vct). DIR/messages.json holds the messages with sizes,
 * release times, dependencies (with their delays, a tree's compute time)
 * and steps, and dcnet's own times beside each; DIR/replay.py plays them
 * with python3-simgrid and prints one JSON object. Wormhole and circuit
 * switching have no SimGrid counterpart and are refused. Every number is
 * written as the shortest decimal that reads back to the same double, so
 * SimGrid computes with dcnet's own bandwidths, latencies and times, and
 * the files are byte for byte the same from run to run.
 */
#include "simgrid.h"

#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The player, written into DIR/replay.py (docs/simulator.md, "SimGrid",
 * states its model). */
static const char *const replay_py[] = {
#include "simgrid_replay.h"
};

/* ------------------------------------------------------------ checks */

/* Is path an existing directory (following a symlink)? */
static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int sg_check_opts(const char *cmd, sg_export *x, dn_switching sw, int all_roots)
{
    const char *dir = x->dir;
    if (!dir)
        return 0;
    if (!*dir || strcmp(dir, "-") == 0)
        return cli_usage(cmd, "--export-simgrid needs a directory for platform.xml, "
                              "messages.json and replay.py, not '%s'", dir);
    if (sw == DN_SW_WORMHOLE || sw == DN_SW_CIRCUIT)
        return cli_usage(cmd, "--export-simgrid: %s switching has no SimGrid counterpart (%s); "
                              "export a run with --switching saf (a relay actor per hop) or vct "
                              "(one comm end to end)",
                         dn_switching_name(sw),
                         sw == DN_SW_WORMHOLE
                             ? "a worm keeps every link it holds while its head waits for the "
                               "next, and SimGrid's flows hold nothing while they wait"
                             : "a probe reserves the whole path and an acknowledgement returns "
                               "before the data moves, and SimGrid's flows reserve nothing");
    if (all_roots)
        return cli_usage(cmd, "--export-simgrid writes one run; drop --all-roots or pick a "
                              "--root");
    if (strlen(dir) + sizeof "/messages.json" > sizeof x->messages - 40)
        return cli_usage(cmd, "--export-simgrid '%s': the directory name is too long", dir);
    snprintf(x->platform, sizeof x->platform, "%s/platform.xml", dir);
    snprintf(x->messages, sizeof x->messages, "%s/messages.json", dir);
    snprintf(x->replay, sizeof x->replay, "%s/replay.py", dir);
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            return cli_usage(cmd, "--export-simgrid '%s' exists and is not a directory; give "
                                  "a directory (made if missing) for platform.xml, "
                                  "messages.json and replay.py",
                             dir);
        if (access(dir, W_OK | X_OK) != 0)
            return cli_usage(cmd, "--export-simgrid '%s': cannot write in this directory (%s)",
                             dir, strerror(errno));
        const char *files[] = {x->platform, x->messages, x->replay};
        /* an old file is replaced (renamed over); anything else in the way
         * is refused before the run: a FIFO would block the export until a
         * reader came, a device would swallow a file replay.py reads */
        for (int i = 0; i < 3; i++) {
            if (is_dir(files[i]))
                return cli_usage(cmd, "--export-simgrid: '%s' is a directory; the export "
                                      "writes a file of that name",
                                 files[i]);
            if (stat(files[i], &st) == 0 && !S_ISREG(st.st_mode))
                return cli_usage(cmd, "--export-simgrid: '%s' is not a regular file (a FIFO, "
                                      "device or socket); remove it or give another DIR",
                                 files[i]);
        }
        return 0;
    }
    if (errno != ENOENT)
        return cli_usage(cmd, "--export-simgrid '%s': %s", dir, strerror(errno));
    if (lstat(dir, &st) == 0) /* a symlink to nothing: mkdir would fail after the run */
        return cli_usage(cmd, "--export-simgrid '%s' is a symlink to a missing directory; "
                              "make its target, or give another DIR",
                         dir);
    /* a new name: made after the run, in a directory that must be there */
    char parent[PATH_MAX];
    snprintf(parent, sizeof parent, "%s", dir);
    size_t len = strlen(parent);
    while (len > 1 && parent[len - 1] == '/')
        parent[--len] = 0;
    char *slash = strrchr(parent, '/');
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else if (slash == parent)
        parent[1] = 0;
    else
        *slash = 0;
    if (!is_dir(parent))
        return cli_usage(cmd, "--export-simgrid '%s': its parent directory '%s' does not exist "
                              "(the export makes DIR, not its parents)",
                         dir, parent);
    if (access(parent, W_OK | X_OK) != 0)
        return cli_usage(cmd, "--export-simgrid '%s': cannot make it in '%s' (%s)", dir, parent,
                         strerror(errno));
    return 0;
}

int sg_check_net(const char *cmd, const sg_export *x, const dn_net *net)
{
    if (!x->dir)
        return 0;
    if (!dn_net_has_link_costs(net))
        return cli_usage(cmd, "--export-simgrid: %s has no link costs, and a SimGrid platform "
                              "is in seconds and bytes: give every link a bandwidth and a "
                              "latency (SPEC@bw=..,lat=.., e.g. '%s@bw=1GB/s,lat=1us', or a "
                              "graph file's costs=1)",
                         net->spec, net->spec);
    if (net->n > SG_MAX_HOSTS)
        return cli_usage(cmd, "--export-simgrid: %s has %lld nodes; the export takes at most %d "
                              "(SimGrid's Full zone keeps a route slot for every ordered pair "
                              "of hosts: %d nodes take %lld slots, 128 MiB)",
                         net->spec, (long long)net->n, SG_MAX_HOSTS, SG_MAX_HOSTS,
                         (long long)SG_MAX_HOSTS * SG_MAX_HOSTS);
    return 0;
}

/* A comm's pair of hosts and where its route is (for the one-route check):
 * under saf hop k of message msg (a route of one link), under vct the
 * whole message (k = -1). */
typedef struct sg_pair {
    int32_t u, v;
    int32_t msg, k;
} sg_pair;

static int pair_cmp(const void *a, const void *b)
{
    const sg_pair *p = a, *q = b;
    if (p->u != q->u)
        return p->u < q->u ? -1 : 1;
    if (p->v != q->v)
        return p->v < q->v ? -1 : 1;
    if (p->msg != q->msg)
        return p->msg < q->msg ? -1 : 1;
    return p->k < q->k ? -1 : p->k > q->k;
}

static int64_t hops_of(const dn_sim_work *w, int64_t m)
{
    return w->route_off[m + 1] - w->route_off[m];
}

/* Do the comms p and q take the same links? */
static int same_route(const dn_sim_work *w, const sg_pair *p, const sg_pair *q)
{
    if (p->k >= 0)
        return w->route[w->route_off[p->msg] + p->k] == w->route[w->route_off[q->msg] + q->k];
    int64_t d = hops_of(w, p->msg);
    return d == hops_of(w, q->msg) &&
           memcmp(w->route + w->route_off[p->msg], w->route + w->route_off[q->msg],
                  (size_t)d * sizeof *w->route) == 0;
}

/* The comms of w, one per hop (saf) or per message with hops (vct),
 * sorted by their pair of hosts: *out (malloc'd), *n entries. */
static int comm_pairs(const dn_sim_work *w, int saf, sg_pair **out, int64_t *n)
{
    int64_t cap = saf ? w->hops : w->msgs, k = 0;
    sg_pair *p = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *p);
    if (!p)
        return DN_ENOMEM;
    for (int64_t m = 0; m < w->msgs; m++) {
        int64_t d = hops_of(w, m), off = w->route_off[m];
        if (d == 0)
            continue;
        if (!saf) {
            p[k++] = (sg_pair){w->src[m], w->dst[m], (int32_t)m, -1};
            continue;
        }
        int32_t u = w->src[m];
        for (int64_t j = 0; j < d; j++) {
            int32_t v = w->chan_dst[w->route[off + j]];
            p[k++] = (sg_pair){u, v, (int32_t)m, (int32_t)j};
            u = v;
        }
    }
    qsort(p, (size_t)k, sizeof *p, pair_cmp);
    *out = p;
    *n = k;
    return DN_OK;
}

int sg_check_work(const char *cmd, const sg_export *x, const dn_net *net, const dn_sim_work *w,
                  dn_switching sw)
{
    if (!x->dir)
        return 0;
    for (int64_t m = 0; m < w->msgs; m++) {
        double b = w->size[m];
        if (!(b >= 0 && b <= 9007199254740992.0 && b == floor(b)))
            return cli_usage(cmd, "--export-simgrid: message %lld carries %.17g bytes, not a "
                                  "whole number, and SimGrid's comms carry whole bytes: give "
                                  "sizes in whole bytes (--bytes N with alpha^t N whole in "
                                  "every step, or a tree file's or --sizes' whole bytes)",
                             (long long)m, b);
    }
    sg_pair *p;
    int64_t n;
    if (comm_pairs(w, sw == DN_SW_SAF, &p, &n))
        return cli_fail(cmd, DN_ENOMEM, "out of memory for the routes of --export-simgrid");
    int code = 0;
    char a[80], b[80];
    for (int64_t i = 0; i < n && !code; i++) {
        dn_net_label(net, p[i].u, a, sizeof a);
        dn_net_label(net, p[i].v, b, sizeof b);
        if (p[i].u == p[i].v)
            code = cli_usage(cmd, "--export-simgrid: message %lld goes from %s back to %s over "
                                  "a link, and SimGrid sends from a host to itself through its "
                                  "loopback, not a link",
                             (long long)p[i].msg, a, b);
        else if (i > 0 && p[i].u == p[i - 1].u && p[i].v == p[i - 1].v &&
                 !same_route(w, &p[i], &p[i - 1]))
            code = cli_usage(cmd, "--export-simgrid: messages %lld and %lld go from %s to %s by "
                                  "different %s, and a SimGrid Full zone holds one route per "
                                  "ordered pair of hosts: export a run whose messages between "
                                  "two nodes take one route (a combine result goes back on its "
                                  "message's route reversed, which may differ from the route "
                                  "the other way)",
                             (long long)p[i - 1].msg, (long long)p[i].msg, a, b,
                             p[i].k >= 0 ? "links" : "routes");
    }
    free(p);
    return code;
}

/* ------------------------------------------------------------ writing */

/* v as the shortest of %.15g, %.16g, %.17g that reads back exactly. */
static void put_num(FILE *f, double v)
{
    char buf[40];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fputs(buf, f);
}

/* s as an XML attribute value (quoted, the five special characters
 * escaped). */
static void xml_attr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*s, f);
        }
    fputc('"', f);
}

static int write_platform(const char *path, const dn_net *net, const dn_sim_work *w, int saf,
                          dn_err *err)
{
    sg_pair *p;
    int64_t n;
    if (comm_pairs(w, saf, &p, &n))
        return dn_fail(err, DN_ENOMEM, "out of memory for the routes of --export-simgrid");
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc) {
        free(p);
        return rc;
    }
    char lab[256];
    fprintf(f, "<?xml version='1.0'?>\n"
               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
               "<!-- written by dcnet simulate --export-simgrid: network ");
    /* a comment may not hold "--": the spec is also in messages.json */
    for (const char *s = net->spec; *s; s++)
        fputc(*s == '-' && s[1] == '-' ? '_' : *s, f);
    fprintf(f, " under %s; host nV is node V (its label in prop 'label'), link lC is\n"
               "     directed channel C (CSR arc C), routes are dcnet's for the pairs that "
               "comms join -->\n"
               "<platform version=\"4.1\">\n"
               "<zone id=\"dcnet\" routing=\"Full\">\n",
            saf ? "saf" : "vct");
    for (int64_t v = 0; v < w->nodes; v++) {
        dn_net_label(net, v, lab, sizeof lab);
        fprintf(f, "  <host id=\"n%lld\" speed=\"1f\"><prop id=\"label\" value=", (long long)v);
        xml_attr(f, lab);
        fputs("/></host>\n", f);
    }
    for (int64_t c = 0; c < w->channels; c++) {
        fprintf(f, "  <link id=\"l%lld\" bandwidth=\"", (long long)c);
        put_num(f, w->chan_bw[c]);
        fputs("Bps\" latency=\"", f);
        put_num(f, w->chan_lat[c]);
        fputs("s\"/>\n", f);
    }
    for (int64_t i = 0; i < n; i++) {
        if (i > 0 && p[i].u == p[i - 1].u && p[i].v == p[i - 1].v)
            continue; /* one route per pair (sg_check_work: they agree) */
        fprintf(f, "  <route src=\"n%d\" dst=\"n%d\" symmetrical=\"NO\">", p[i].u, p[i].v);
        int64_t off = w->route_off[p[i].msg];
        int64_t from = p[i].k >= 0 ? p[i].k : 0, to = p[i].k >= 0 ? p[i].k + 1 : hops_of(w, p[i].msg);
        for (int64_t j = from; j < to; j++)
            fprintf(f, "<link_ctn id=\"l%d\"/>", w->route[off + j]);
        fputs("</route>\n", f);
    }
    fputs("</zone>\n</platform>\n", f);
    free(p);
    return out_close(f, err);
}

static const char *kind_name(int8_t st)
{
    static const char *const names[] = {"move", "divide", "combine", "trace", "compute"};
    return st >= 0 && st <= 4 ? names[st] : "?";
}

static int write_messages(const char *path, const dn_net *net, const dn_sim_work *w,
                          const dn_sim_opts *so, const dn_sim_result *res, dn_err *err)
{
    /* dependencies are stored forwards (succ); the file lists each
     * message's own (after), so count and gather them backwards */
    int64_t nd = w->succ_off[w->msgs];
    int32_t *pre_off = calloc((size_t)w->msgs + 1, sizeof *pre_off);
    int32_t *pre = malloc((size_t)(nd > 0 ? nd : 1) * sizeof *pre);
    double *pre_delay = malloc((size_t)(nd > 0 ? nd : 1) * sizeof *pre_delay);
    if (!pre_off || !pre || !pre_delay) {
        free(pre_off);
        free(pre);
        free(pre_delay);
        return dn_fail(err, DN_ENOMEM, "out of memory for the dependencies of --export-simgrid");
    }
    for (int64_t i = 0; i < nd; i++)
        pre_off[w->succ[i] + 1]++;
    for (int64_t m = 0; m < w->msgs; m++)
        pre_off[m + 1] += pre_off[m];
    for (int64_t m = 0; m < w->msgs; m++) /* in the order of m: each list sorted */
        for (int64_t i = w->succ_off[m]; i < w->succ_off[m + 1]; i++) {
            int32_t x = w->succ[i];
            pre[pre_off[x]] = (int32_t)m;
            pre_delay[pre_off[x]++] = w->succ_delay ? w->succ_delay[i] : 0;
        }
    for (int64_t m = w->msgs; m > 0; m--) /* back to the starts */
        pre_off[m] = pre_off[m - 1];
    pre_off[0] = 0;

    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc) {
        free(pre_off);
        free(pre);
        free(pre_delay);
        return rc;
    }
    fputs("{\"format\": \"dcnet-simgrid\", \"version\": 1, \"net\": ", f);
    json_string(net->spec, f);
    fprintf(f, ", \"nodes\": %lld, \"switching\": \"%s\", \"schedule\": \"%s\", \"ports\": ",
            (long long)w->nodes, dn_switching_name(so->sw),
            w->step && !so->async ? "steps" : "async");
    if (so->ports)
        fprintf(f, "%d", so->ports);
    else
        fputs("\"all\"", f);
    fprintf(f, ", \"vcs\": %d, \"ts\": ", so->vcs ? so->vcs : 1);
    put_num(f, so->ts);
    fputs(", \"unit\": \"s\", \"dcnet_time\": ", f);
    put_num(f, res->time);
    fputs(",\n\"messages\": [\n", f);
    for (int64_t m = 0; m < w->msgs; m++) {
        int64_t d = hops_of(w, m), off = w->route_off[m];
        fprintf(f, "{\"id\": %lld, \"kind\": \"%s\", \"src\": %d, \"dst\": %d, \"bytes\": ",
                (long long)m, kind_name(w->stage[m]), w->src[m], w->dst[m]);
        put_num(f, w->size[m]);
        fputs(", \"release\": ", f);
        put_num(f, w->release ? w->release[m] : 0);
        if (w->step)
            fprintf(f, ", \"step\": %d", w->step[m] + 1);
        else
            fputs(", \"step\": null", f);
        fputs(", \"after\": [", f);
        for (int32_t i = pre_off[m]; i < pre_off[m + 1]; i++) {
            fprintf(f, "%s[%d, ", i > pre_off[m] ? ", " : "", pre[i]);
            put_num(f, pre_delay[i]);
            fputc(']', f);
        }
        fprintf(f, "], \"path\": [%d", w->src[m]);
        for (int64_t j = 0; j < d; j++)
            fprintf(f, ", %d", w->chan_dst[w->route[off + j]]);
        fputs("], \"links\": [", f);
        for (int64_t j = 0; j < d; j++)
            fprintf(f, "%s%d", j ? ", " : "", w->route[off + j]);
        fputs("], \"dcnet_start\": ", f);
        put_num(f, res->t_grant[m]);
        fputs(", \"dcnet_delivered\": ", f);
        put_num(f, res->t_done[m]);
        fprintf(f, "}%s\n", m + 1 < w->msgs ? "," : "");
    }
    fputs("]}\n", f);
    free(pre_off);
    free(pre);
    free(pre_delay);
    return out_close(f, err);
}

static int write_replay(const char *path, dn_err *err)
{
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    for (size_t i = 0; i < sizeof replay_py / sizeof *replay_py; i++)
        fputs(replay_py[i], f);
    /* executable where readable (./replay.py runs /usr/bin/python3) */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
        (void)fchmod(fileno(f), (st.st_mode & 07777) | ((st.st_mode & 0444) >> 2));
    return out_close(f, err);
}

int sg_write(const char *cmd, sg_export *x, const dn_net *net, const dn_sim_work *w,
             const dn_sim_opts *so, const dn_sim_result *res)
{
    dn_err err;
    int rc;
    if (!x->dir)
        return 0;
    if (!res->t_grant || !res->t_done)
        return cli_fail(cmd, DN_EINVAL, "--export-simgrid needs the run's timeline");
    if (!is_dir(x->dir)) {
        if (mkdir(x->dir, 0777) != 0) {
            dn_fail(&err, DN_EIO, "--export-simgrid: cannot make '%s': %s", x->dir,
                    strerror(errno));
            return cli_fail(cmd, DN_EIO, cli_errmsg(&err));
        }
    }
    if ((rc = write_platform(x->platform, net, w, so->sw == DN_SW_SAF, &err)) ||
        (rc = write_messages(x->messages, net, w, so, res, &err)) ||
        (rc = write_replay(x->replay, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    return 0;
}
