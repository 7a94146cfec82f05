/*
 * bench_costs.c - three cost curves that must be linear (issue 18): the
 * contention count against the total hops of the routes, the tree listing
 * against the nodes, and loading an edge list against the file's size.
 * Each curve is measured at sizes doubling five times; the fitted exponent
 * is the least-squares slope of log(time) on log(size): 1 is linear, 2
 * quadratic. Each point is the best of three runs, so that a busy moment
 * of the machine does not bend the curve.
 *
 *   contention: dn_metrics_compute of cbt:H placed by identity on
 *     ring:65536 (routes of up to 2^(H-1) hops, thousands of messages per
 *     link: the case that took 26 s when pairs were enumerated);
 *   listing: `dcnet tree --tree complete:1:N --list` to /dev/null (a path:
 *     its depth walk was quadratic);
 *   edge list: dn_graph_load of ring:N written by dcnet.
 *
 * Usage: bench_costs path/to/dcnet
 */
#include "dcnet/metric.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Least-squares slope of log y on log x. */
static double exponent(const double *x, const double *y, int n)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < n; i++) {
        double a = log(x[i]), b = log(y[i]);
        sx += a;
        sy += b;
        sxx += a * a;
        sxy += a * b;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

static void report(const char *what, const char *unit, const double *x, const double *y, int n)
{
    printf("%s\n", what);
    for (int i = 0; i < n; i++)
        printf("  %12.0f %-6s %9.4f s  (%.3g ns per %s)\n", x[i], unit, y[i], 1e9 * y[i] / x[i],
               unit);
    double e = exponent(x, y, n);
    printf("  fitted exponent %.2f (%s)\n\n", e, e < 1.25 ? "linear" : "SUPERLINEAR");
}

#define POINTS 5

static double best_of_3(double a, double b, double c)
{
    return fmin(a, fmin(b, c));
}

static int contention_curve(void)
{
    double hops[POINTS], secs[POINTS];
    dn_net net;
    dn_err err;
    if (dn_net_init(&net, "ring:65536", &err))
        return 1;
    for (int i = 0; i < POINTS; i++) {
        char spec[32];
        snprintf(spec, sizeof spec, "cbt:%d", 9 + i);
        dn_tree_model tm;
        dn_tree tree;
        dn_embed *e = NULL;
        dn_embed_opts o;
        memset(&o, 0, sizeof o);
        o.map = "identity";
        o.root = -1;
        if (dn_tree_model_parse(spec, &tm, &err) || dn_tree_init(&tree, &tm, 1, 0, &err) ||
            dn_embed_init(&e, &net, &tree, &o, &err)) {
            fprintf(stderr, "bench_costs: %s\n", err.msg);
            return 1;
        }
        double t[3];
        for (int r = 0; r < 3; r++) {
            dn_metrics m;
            double t0 = now();
            if (dn_metrics_compute(e, NULL, &m, &err)) {
                fprintf(stderr, "bench_costs: %s\n", err.msg);
                return 1;
            }
            t[r] = now() - t0;
            hops[i] = (double)m.dil_total;
            dn_metrics_free(&m);
        }
        secs[i] = best_of_3(t[0], t[1], t[2]);
        dn_embed_free(e);
        dn_tree_free(&tree);
    }
    dn_net_free(&net);
    report("contention count (dn_metrics_compute, cbt:9..13 by identity on ring:65536) "
           "against total hops", "hops", hops, secs, POINTS);
    return 0;
}

static int listing_curve(const char *dcnet)
{
    double nodes[POINTS], secs[POINTS];
    for (int i = 0; i < POINTS; i++) {
        long n = 50000L << i;
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "%s tree --tree complete:1:%ld --list >/dev/null", dcnet,
                 n - 1);
        double t[3];
        for (int r = 0; r < 3; r++) {
            double t0 = now();
            if (system(cmd) != 0) {
                fprintf(stderr, "bench_costs: '%s' failed\n", cmd);
                return 1;
            }
            t[r] = now() - t0;
        }
        nodes[i] = (double)n;
        secs[i] = best_of_3(t[0], t[1], t[2]);
    }
    report("tree listing (dcnet tree --tree complete:1:N --list, a path) against nodes", "nodes",
           nodes, secs, POINTS);
    return 0;
}

static int edgelist_curve(void)
{
    double bytes[POINTS], secs[POINTS];
    char path[] = "/tmp/dcnet-bench-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 1;
    for (int i = 0; i < POINTS; i++) {
        char spec[32];
        snprintf(spec, sizeof spec, "ring:%ld", 500000L << i);
        dn_net net;
        dn_err err;
        FILE *f = fopen(path, "w");
        if (!f || dn_net_init(&net, spec, &err) || dn_net_write(&net, DN_FMT_EDGELIST, f, &err)) {
            fprintf(stderr, "bench_costs: cannot write the edge list\n");
            return 1;
        }
        dn_net_free(&net);
        bytes[i] = (double)ftell(f);
        fclose(f);
        double t[3];
        for (int r = 0; r < 3; r++) {
            dn_csr g;
            double t0 = now();
            if (dn_graph_load(path, &g, 0, &err)) {
                fprintf(stderr, "bench_costs: %s\n", err.msg);
                return 1;
            }
            t[r] = now() - t0;
            dn_csr_free(&g);
        }
        secs[i] = best_of_3(t[0], t[1], t[2]);
    }
    remove(path);
    report("edge-list load (dn_graph_load of ring:N, 0.5M..8M nodes) against file size", "bytes",
           bytes, secs, POINTS);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dcnet = argc > 1 ? argv[1] : "build/dcnet";
    printf("== cost curves (issue 18): each must be linear ==\n\n");
    return contention_curve() || listing_curve(dcnet) || edgelist_curve();
}
