/*
 * bench_embed.c - placements and their metrics at size (issue 3):
 *   1. zrl on BDG(22) (4M tasks): build, route, every metric including the
 *      per-phase contention check; goal < 10 s and < 2 GiB. Baseline in the
 *      same run: the same placement measured with the network's shortest
 *      routes (BDG shift-window router) instead of map-edge.
 *   2. routing every edge of a random placement of B(16) on BDG(16): the
 *      shift-window router versus bidirectional BFS per pair (baseline).
 *   3. dccube (desc order) metrics from every one of the 4096 roots of the
 *      64 x 64 mesh: XY routes versus bidirectional BFS routes (baseline).
 *   4. quality table: SCOTCH against zrl on BDG(n) and against dccube on
 *      2^k x 2^k meshes: average and max dilation, conflicts, max link
 *      load, loads, seconds.
 * Each measurement of 1 runs in a forked child for its own peak RSS.
 */
#include "dcnet/dcnet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct run {
    dn_net net;
    dn_tree tree;
    dn_embed *e;
    dn_metrics m;
    double seconds;
} run;

static int do_run(run *r, const char *net, const char *tree, const char *map, dn_routes routes,
                  int64_t root, dn_dc_order order)
{
    dn_err err;
    dn_tree_model tm;
    dn_embed_opts o;
    memset(r, 0, sizeof *r);
    memset(&o, 0, sizeof o);
    o.map = map;
    o.root = root;
    o.routes = routes;
    o.order = order;
    o.seed = 1;
    double t0 = now();
    if (dn_net_init(&r->net, net, &err) || dn_tree_model_parse(tree, &tm, &err) ||
        dn_tree_init(&r->tree, &tm, 1, 0, &err) ||
        dn_embed_init(&r->e, &r->net, &r->tree, &o, &err) ||
        dn_metrics_compute(r->e, NULL, &r->m, &err)) {
        fprintf(stderr, "bench: %s %s %s: %s\n", net, tree, map, err.msg);
        return 1;
    }
    r->seconds = now() - t0;
    return 0;
}

static void end_run(run *r)
{
    dn_metrics_free(&r->m);
    dn_embed_free(r->e);
    dn_tree_free(&r->tree);
    dn_net_free(&r->net);
}

/* 1: forked, best of 3, seconds and peak RSS. */
static void forked(const char *label, const char *net, const char *tree, const char *map,
                   dn_routes routes, double *best_s, long *rss_kb)
{
    *best_s = 1e30;
    *rss_kb = 0;
    for (int rep = 0; rep < 3; rep++) {
        int fds[2];
        if (pipe(fds))
            return;
        pid_t pid = fork();
        if (pid == 0) {
            run r;
            double s = do_run(&r, net, tree, map, routes, -1, DN_ORDER_DEFAULT) ? -1 : r.seconds;
            if (s >= 0 && r.m.conflicts != 0 && routes == DN_ROUTES_MAPPING)
                s = -2; /* mapping D must be contention-free */
            if (write(fds[1], &s, sizeof s) != sizeof s)
                _exit(1);
            _exit(0);
        }
        close(fds[1]);
        double s = -1;
        if (read(fds[0], &s, sizeof s) != sizeof s)
            s = -1;
        close(fds[0]);
        int status;
        struct rusage ru;
        wait4(pid, &status, 0, &ru);
        if (s < 0) {
            printf("  %s: FAILED (%g)\n", label, s);
            return;
        }
        if (s < *best_s)
            *best_s = s;
        if (ru.ru_maxrss > *rss_kb)
            *rss_kb = ru.ru_maxrss;
    }
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    const int n = quick ? 18 : 22;
    char net[32], tree[32];
    snprintf(net, sizeof net, "debruijn:%d", n);
    snprintf(tree, sizeof tree, "binomial:%d", n);

    printf("1. zrl on BDG(%d), B(%d): build, route, all metrics (best of 3, forked)\n", n, n);
    double s_map, s_short;
    long kb_map, kb_short;
    forked("map-edge", net, tree, "zrl", DN_ROUTES_MAPPING, &s_map, &kb_map);
    forked("shortest", net, tree, "zrl", DN_ROUTES_SHORTEST, &s_short, &kb_short);
    printf("  map-edge routes (ours)          %7.2f s  %6.0f MiB\n", s_map, kb_map / 1024.0);
    printf("  shortest routes (window router) %7.2f s  %6.0f MiB   map-edge is %.2fx faster\n",
           s_short, kb_short / 1024.0, s_short / s_map);

    printf("\n2. routing all edges of a random placement of B(16) on BDG(16)\n");
    {
        dn_net bdg;
        dn_csr g;
        dn_router *fast = NULL, *slow = NULL;
        dn_err err;
        dn_net_init(&bdg, "debruijn:16", &err);
        dn_net_materialize(&bdg, &g, 0, &err);
        dn_router_init(&fast, &bdg, &g, DN_ROUTER_SHORTEST, &err);
        dn_router_init(&slow, &bdg, &g, DN_ROUTER_BFS, &err);
        dn_rng rng;
        dn_rng_seed(&rng, 7);
        const int64_t pairs = (int64_t)1 << 16;
        int64_t *src = malloc((size_t)pairs * sizeof *src), *dst = malloc((size_t)pairs * sizeof *dst);
        for (int64_t i = 0; i < pairs; i++) {
            src[i] = (int64_t)dn_rng_below(&rng, 1 << 16);
            dst[i] = (int64_t)dn_rng_below(&rng, 1 << 16);
        }
        int64_t hf = 0, hs = 0, h;
        const int64_t *p;
        double t0 = now();
        for (int64_t i = 0; i < pairs; i++) {
            dn_route(fast, src[i], dst[i], &p, &h, &err);
            hf += h;
        }
        double tf = now() - t0;
        t0 = now();
        for (int64_t i = 0; i < pairs; i++) {
            dn_route(slow, src[i], dst[i], &p, &h, &err);
            hs += h;
        }
        double ts = now() - t0;
        printf("  shift-window (ours)        %8.4f s  %.2f us/route\n", tf, 1e6 * tf / (double)pairs);
        printf("  bidirectional BFS          %8.4f s  %.2f us/route   window is %.0fx faster\n", ts,
               1e6 * ts / (double)pairs, ts / tf);
        printf("  total hops equal: %s (%lld)\n", hf == hs ? "yes" : "NO", (long long)hf);
        free(src);
        free(dst);
        dn_router_free(fast);
        dn_router_free(slow);
        dn_csr_free(&g);
        dn_net_free(&bdg);
    }

    const int k = quick ? 4 : 6;
    const int64_t side = (int64_t)1 << k, roots = side * side;
    printf("\n3. dccube (desc) metrics from all %lld roots of the %lldx%lld mesh\n",
           (long long)roots, (long long)side, (long long)side);
    {
        snprintf(net, sizeof net, "mesh:%lldx%lld", (long long)side, (long long)side);
        snprintf(tree, sizeof tree, "binomial:%d", 2 * k);
        double sec[2];
        int64_t conf[2] = {0, 0}, dil[2] = {0, 0};
        for (int b = 0; b < 2; b++) {
            double t0 = now();
            for (int64_t r = 0; r < roots; r++) {
                run x;
                if (do_run(&x, net, tree, "dccube", b ? DN_ROUTES_BFS : DN_ROUTES_MAPPING, r,
                           DN_ORDER_DESC))
                    return 1;
                conf[b] += x.m.conflicts;
                dil[b] += x.m.dil_total;
                end_run(&x);
            }
            sec[b] = now() - t0;
        }
        printf("  XY routes (ours)     %7.2f s  total hops %lld, conflicts %lld\n", sec[0],
               (long long)dil[0], (long long)conf[0]);
        printf("  bidirectional BFS    %7.2f s  total hops %lld, conflicts %lld   XY is %.2fx faster\n",
               sec[1], (long long)dil[1], (long long)conf[1], sec[1] / sec[0]);
    }

    printf("\n4. SCOTCH against the papers' mappings (scotch built in: %s)\n",
           dn_have_scotch() ? "yes" : "no");
    printf("  %-14s %-12s %-10s %8s %6s %9s %8s %6s %8s\n", "network", "tree", "map", "avg dil",
           "max", "conflicts", "max link", "load", "seconds");
    const char *rows[][3] = {
        {"debruijn:8", "binomial:8", "zrl"},     {"debruijn:8", "binomial:8", "scotch"},
        {"debruijn:10", "binomial:10", "zrl"},   {"debruijn:10", "binomial:10", "scotch"},
        {"debruijn:12", "binomial:12", "zrl"},   {"debruijn:12", "binomial:12", "scotch"},
        {"debruijn:14", "binomial:14", "zrl"},   {"debruijn:14", "binomial:14", "scotch"},
        {"mesh:8x8", "binomial:6", "dccube"},    {"mesh:8x8", "binomial:6", "scotch"},
        {"mesh:16x16", "binomial:8", "dccube"},  {"mesh:16x16", "binomial:8", "scotch"},
        {"mesh:32x32", "binomial:10", "dccube"}, {"mesh:32x32", "binomial:10", "scotch"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (quick && i >= 6)
            break;
        if (strcmp(rows[i][2], "scotch") == 0 && !dn_have_scotch())
            continue;
        run x;
        if (do_run(&x, rows[i][0], rows[i][1], rows[i][2], DN_ROUTES_MAPPING, -1,
                   strcmp(rows[i][2], "dccube") == 0 ? DN_ORDER_DESC : DN_ORDER_DEFAULT))
            continue;
        printf("  %-14s %-12s %-10s %8.4f %6lld %9lld %8lld %3lld..%-2lld %8.3f\n", rows[i][0],
               rows[i][1], rows[i][2], x.m.dil_avg, (long long)x.m.dil_max,
               (long long)x.m.conflicts, (long long)x.m.max_link_load, (long long)x.m.load_min,
               (long long)x.m.load_max, x.seconds);
        end_run(&x);
    }
    printf("\n5. today's networks (issue 20): B(18) placed at random on torus:64x64x64, every "
           "metric (best of 3, forked; goal < 10 s, < 2 GiB)\n");
    {
        double s_xy, s_bfs, s_big;
        long kb_xy, kb_bfs, kb_big;
        forked("torus:64x64x64", "torus:64x64x64", "binomial:18", "random", DN_ROUTES_SHORTEST,
               &s_big, &kb_big);
        printf("  torus:64x64x64, B(18), dimension-order routes %7.2f s  %6.0f MiB\n", s_big,
               kb_big / 1024.0);
        /* the ratio on a size the BFS baseline can route */
        forked("xy", "torus:24x24x24", "binomial:13", "random", DN_ROUTES_SHORTEST, &s_xy, &kb_xy);
        forked("bfs", "torus:24x24x24", "binomial:13", "random", DN_ROUTES_BFS, &s_bfs, &kb_bfs);
        printf("  torus:24x24x24, B(13): dimension order %7.3f s, bidirectional BFS %7.3f s: "
               "%.1fx\n",
               s_xy, s_bfs, s_bfs / s_xy);
    }
    return 0;
}
